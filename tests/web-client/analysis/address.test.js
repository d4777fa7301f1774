// web-client/analysis/address.js: the analysis board's address carries the game and the position.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analysisPath,
  gameOfPath,
  positionOfSearch,
  recordOfSearch,
} from '../../../web-client/analysis/address.js';

const QUADWRANGLE = 'quadwrangle:4:3:000000000:1:0:-';
const KVADRATURA = 'kvadratura:l:2W/1B1/W2';

test('the address holds the notation URL-encoded in p, and reads it back', () => {
  assert.equal(
    analysisPath('kvadratura', KVADRATURA),
    '/analysis/kvadratura?p=kvadratura%3Al%3A2W%2F1B1%2FW2',
  );
  const search = analysisPath('quadwrangle', QUADWRANGLE).split('?')[1];
  assert.equal(positionOfSearch(`?${search}`), QUADWRANGLE);
});

test('without a position the address is the game alone, and no p reads as the empty notation', () => {
  assert.equal(analysisPath('kvadrat'), '/analysis/kvadrat');
  assert.equal(positionOfSearch(''), '');
  assert.equal(positionOfSearch('?x=1'), '');
});

test('a notation with spaces and plus signs survives the address', () => {
  const odd = 'quadwrangle:4:3:000000000:1:0:- +x';
  assert.equal(positionOfSearch(`?${analysisPath('quadwrangle', odd).split('?')[1]}`), odd);
});

test('the game comes from the path: lowercase letters only', () => {
  assert.equal(gameOfPath('/analysis/quadrature'), 'quadrature');
  assert.equal(gameOfPath('/analysis/'), null);
  assert.equal(gameOfPath('/analysis/Kvadrat'), null);
  assert.equal(gameOfPath('/analysis/kv/adrat'), null);
  assert.equal(gameOfPath('/rules/kvadrat'), null);
});

test('the address of a finished game carries its id and the ply shown, and reads them back', () => {
  const path = analysisPath('kvadratura', KVADRATURA, { id: 'g 7/1', ply: 5 });
  assert.equal(path, '/analysis/kvadratura?p=kvadratura%3Al%3A2W%2F1B1%2FW2&game=g%207%2F1&ply=5');
  const search = `?${path.split('?')[1]}`;
  assert.equal(positionOfSearch(search), KVADRATURA);
  assert.deepEqual(recordOfSearch(search), { id: 'g 7/1', ply: 5 });
  assert.equal(recordOfSearch('?p=x'), null);
  assert.equal(recordOfSearch('?game=g1&ply=-1'), null);
  assert.equal(recordOfSearch('?game=g1&ply=2.5'), null);
  assert.deepEqual(recordOfSearch('?game=g1&ply=0'), { id: 'g1', ply: 0 });
});
