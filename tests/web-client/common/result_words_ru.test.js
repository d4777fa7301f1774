// web-client/common/result_words.js in Russian: the cases of result_cases.js in their exact
// Russian words, and every code has Russian words (in_russian.js, first, sets the language).

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_WORDS, RESULT_CASES, ROOM_CODES, assertWorded } from './result_cases.js';

const { language } = await import('../../../web-client/i18n/index.js');
const { GAME_IDS, gameResultInWords } = await import('../../../web-client/games/index.js');

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('every code is put in Russian words from its figures', () => {
  for (const { game, players, result, ru } of RESULT_CASES) {
    assert.equal(gameResultInWords(game, result, { players }), ru, result.code);
  }
});

test('every code has Russian words, whatever figures it is given', () => {
  for (const { game, players, result } of RESULT_CASES) {
    const words = gameResultInWords(game, { ...result, reason: NO_WORDS }, { players });
    assertWorded(assert, words, result.code, 'ru');
    assert.ok(/[а-яё]/i.test(words), `${result.code} in ru is not Russian: ${words}`);
  }
  for (const code of ROOM_CODES) {
    const { result } = RESULT_CASES.find((c) => c.result.code === code);
    for (const game of GAME_IDS) {
      const words = gameResultInWords(game, { ...result, reason: NO_WORDS }, { count: 2 });
      assertWorded(assert, words, `${game} ${code}`, 'ru');
    }
  }
});

test('a result without a code shows its English reason as it is', () => {
  const old = { winners: [0], draw: false, reason: 'Bob resigned', by: 'resign' };
  assert.equal(gameResultInWords('kvadratura', old, { players: ['Ann', 'Bob'] }), 'Bob resigned');
});
