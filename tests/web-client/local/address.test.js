// web-client/local/address.js: the address of a game against the computer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LEVELS, playPath, readPlayAddress } from '../../../web-client/local/address.js';

const KVADRATURA_3 = 'kvadratura:l:3/3/3';

test('the address carries the start, the level and the seat, and reads them back', () => {
  const path = playPath('kvadratura', { position: KVADRATURA_3, level: 'hard', seat: 1 });
  assert.equal(path, '/play/kvadratura?p=kvadratura%3Al%3A3%2F3%2F3&level=hard&seat=1');
  const url = new URL(path, 'http://localhost');
  assert.deepEqual(readPlayAddress(url.pathname, url.search), {
    game: 'kvadratura',
    position: KVADRATURA_3,
    level: 'hard',
    seat: 1,
  });
});

test('without a level, start or seat: the weakest level, the start, the first seat', () => {
  assert.deepEqual(readPlayAddress('/play/quadwrangle', ''), {
    game: 'quadwrangle',
    position: '',
    level: 'easy',
    seat: 0,
  });
  assert.equal(readPlayAddress('/play/kvadrat', '?level=grandmaster&seat=x').level, 'easy');
  assert.equal(readPlayAddress('/play/kvadrat', '?seat=x').seat, 0);
  assert.equal(readPlayAddress('/play/kvadrat', '?seat=3').seat, 3);
});

test('a pathname that is no /play/<game> asks for nothing', () => {
  for (const pathname of ['/', '/play/', '/play/Kvadrat', '/play/kv/adrat', '/analysis/kvadrat']) {
    assert.equal(readPlayAddress(pathname, ''), null, pathname);
  }
});

test('the levels are the bots’ four, weakest first', () => {
  assert.deepEqual(LEVELS, ['easy', 'medium', 'hard', 'expert']);
});
