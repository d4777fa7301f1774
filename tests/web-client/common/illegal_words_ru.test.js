// web-client/common/illegal_words.js in Russian: the cases of illegal_cases.js in their exact
// Russian words, every reason of every game has Russian words, and the old words stay for an
// error without a reason or with an unknown one (in_russian.js, first, sets the language).

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ILLEGAL_CASES, REASONS, assertWorded, illegal, sampleError } from './illegal_cases.js';

const { language } = await import('../../../web-client/i18n/index.js');
const { errorInWords } = await import('../../../web-client/common/server_words.js');

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('every case is put in its exact Russian words', () => {
  for (const { game, error, ru } of ILLEGAL_CASES) {
    assert.equal(errorInWords(error), ru, `${game} ${error.reason}`);
  }
});

test('every reason of every game has Russian words', () => {
  for (const [game, reasons] of Object.entries(REASONS)) {
    for (const reason of reasons) {
      const words = errorInWords(sampleError(game, reason));
      assertWorded(assert, words, `${game} ${reason}`, 'ru');
      assert.ok(/[а-яё]/i.test(words), `${game} ${reason} in ru is not Russian: ${words}`);
    }
  }
});

test('an illegal move without a reason, or with an unknown one, keeps the old words', () => {
  assert.equal(
    errorInWords({ code: 'illegal_move', message: 'b3 is occupied' }),
    'Так ходить нельзя: b3 is occupied',
  );
  assert.equal(
    errorInWords(illegal('brand_new', { request: 'b2-b3' }, 'b3 is haunted')),
    'Так ходить нельзя: b3 is haunted',
  );
});

test("bad options are put in Russian words from the rules' reason and the option", () => {
  const refused = (reason, option) => ({ code: 'bad_options', reason, details: { option } });
  assert.equal(
    errorInWords(refused('bad_value', 'size')),
    'Настройка «size» не допускает такое значение.',
  );
  assert.equal(
    errorInWords(refused('unknown_option', 'colour')),
    'В этой игре нет настройки «colour».',
  );
});
