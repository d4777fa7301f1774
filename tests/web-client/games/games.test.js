// web-client/games/: every game's words are complete (each diagram captioned and placed, every
// option labelled), templates fill, and options read in words with the raw value as fallback.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  GAME_IDS,
  fill,
  gameDiagrams,
  gameTexts,
  optionLabel,
  optionsInWords,
  valueLabel,
} from '../../../web-client/games/index.js';

test('each game has English words: title, intro, sections, a caption per diagram', () => {
  assert.deepEqual(GAME_IDS, ['quadrature', 'quadwrangle', 'kvadrat', 'kvadratura']);
  for (const id of GAME_IDS) {
    const texts = gameTexts(id);
    assert.ok(texts.title && texts.intro && texts.sections.length, id);
    const placed = texts.sections.flatMap((s) => s.diagrams || []);
    const ids = gameDiagrams(id).map((d) => d.id);
    assert.deepEqual([...placed].sort(), [...ids].sort(), id);
    for (const key of ids) assert.ok(texts.captions[key], `${id} ${key}`);
    for (const section of texts.sections) {
      assert.ok(section.heading && section.paragraphs.length, `${id} ${section.heading}`);
    }
  }
  assert.equal(gameTexts('chess'), null);
});

test('templates fill named places and leave unknown ones', () => {
  assert.equal(
    fill('{from}–{to} exchanges {cells}.', { from: 'd7', to: 'e8', cells: 'b10' }),
    'd7–e8 exchanges b10.',
  );
  assert.equal(fill('{n} pieces {x}', { n: 30 }), '30 pieces {x}');
});

test('options read in words, in the catalogue order, with raw values as the fallback', () => {
  assert.equal(valueLabel('quadrature', 'setup', 'men18'), 'Two rows of nine men');
  assert.equal(valueLabel('kvadratura', 'mode', 'first_square_loses'), 'First square loses');
  assert.equal(valueLabel('kvadrat', 'pieces', 30), '30 pieces each');
  assert.equal(valueLabel('quadwrangle', 'lane', 4), 'Lanes of 9 squares');
  assert.equal(valueLabel('kvadrat', 'colour', 'deep_blue'), 'deep blue');
  assert.equal(valueLabel('chess', 'mode', 'blitz'), 'blitz');
  assert.equal(optionLabel('kvadratura', 'size'), 'Board size');
  assert.equal(optionLabel('chess', 'time_control'), 'Time control');
  assert.equal(
    optionsInWords('kvadratura', { mode: 'fill', size: 4 }),
    '4 × 4 board · Fill the board: fewer squares wins',
  );
  assert.equal(
    optionsInWords('kvadrat', {
      majority: 'plurality',
      path: 'exact',
      pieces: 'unlimited',
      players: 2,
    }),
    'Two players · Unlimited pieces · Paths of exactly five steps · Most pieces owns a square',
  );
});
