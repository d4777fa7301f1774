// web-client/common/illegal_words.js through server_words.js errorInWords: an illegal_move error
// that carries a `reason` is put in English words from its reason and details, never from its
// message; every reason of every game has words in every language; an error without a reason,
// with a reason this client does not know or with details that lack what the words need keeps
// the old words. The same cases in Russian: illegal_words_ru.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import en from '../../../web-client/i18n/en.js';
import ru from '../../../web-client/i18n/ru.js';
import { ILLEGAL_REASONS, illegalInWords } from '../../../web-client/common/illegal_words.js';
import { errorInWords } from '../../../web-client/common/server_words.js';
import { RequestError } from '../../../web-client/common/connection.js';
import {
  ALL_REASONS,
  ILLEGAL_CASES,
  REASONS,
  assertWorded,
  illegal,
  sampleError,
} from './illegal_cases.js';

test('every case is put in its exact English words, whatever the message says', () => {
  for (const { game, error, en: words } of ILLEGAL_CASES) {
    assert.equal(errorInWords(error), words, `${game} ${error.reason}`);
    assert.equal(errorInWords({ ...error, message: 'anything' }), words, error.reason);
  }
});

test('the cases cover every reason of every game', () => {
  for (const [game, reasons] of Object.entries(REASONS)) {
    for (const reason of reasons) {
      assert.ok(
        ILLEGAL_CASES.some((c) => c.game === game && c.error.reason === reason),
        `${game} ${reason} has no case`,
      );
    }
  }
});

test('the client words exactly the reasons the games give', () => {
  assert.deepEqual(Object.keys(ILLEGAL_REASONS).sort(), ALL_REASONS);
});

test('every reason of every game has English words, and both catalogues have its text', () => {
  for (const [game, reasons] of Object.entries(REASONS)) {
    for (const reason of reasons) {
      assertWorded(assert, errorInWords(sampleError(game, reason)), `${game} ${reason}`, 'en');
    }
  }
  for (const reason of ALL_REASONS) {
    for (const [lang, catalogue] of Object.entries({ en, ru })) {
      const text = catalogue.errors.illegal[reason];
      assert.equal(typeof text, 'string', `errors.illegal.${reason} in ${lang}`);
      assert.ok(text.trim(), `errors.illegal.${reason} in ${lang} is empty`);
    }
  }
  assert.deepEqual(Object.keys(en.errors.illegal).sort(), ALL_REASONS);
  assert.deepEqual(Object.keys(ru.errors.illegal).sort(), ALL_REASONS);
});

test('an illegal move without a reason keeps the old words', () => {
  assert.equal(
    errorInWords({ code: 'illegal_move', message: 'b3 is occupied', room: 'K7QM3X' }),
    'That move is not allowed: b3 is occupied',
  );
  // A move that carried dice: details without a reason change nothing.
  assert.equal(
    errorInWords({ code: 'illegal_move', details: { request: 'roll' }, message: 'bad dice' }),
    'That move is not allowed: bad dice',
  );
  assert.equal(illegalInWords({ code: 'illegal_move', message: 'b3 is occupied' }), null);
});

test('a reason this client does not know keeps the old words', () => {
  const error = illegal('brand_new', { request: 'b2-b3' }, 'b3 is haunted');
  assert.equal(errorInWords(error), 'That move is not allowed: b3 is haunted');
  assert.equal(illegalInWords(error), null);
  // Not a code of this client, though an Object's property.
  assert.equal(
    errorInWords(illegal('toString', { request: 'b2-b3' }, 'no')),
    'That move is not allowed: no',
  );
});

test('details without what the words need keep the old words', () => {
  const old = 'That move is not allowed: NO WORDS FOR THIS REASON';
  assert.equal(errorInWords(illegal('occupied', undefined)), old);
  assert.equal(errorInWords(illegal('occupied', {})), old);
  assert.equal(errorInWords(illegal('occupied', { request: '' })), old);
  assert.equal(errorInWords(illegal('no_man', { request: 'e5' })), old);
  assert.equal(errorInWords(illegal('suicide', { request: 'e7-e8' })), old);
  assert.equal(errorInWords(illegal('suicide', { request: 'e7-e8', rectangle: [] })), old);
  assert.equal(errorInWords(illegal('play_unavailable', { request: 7 })), old);
  // Words that need no request do without it.
  assert.equal(errorInWords(illegal('roll_first', undefined)), 'Roll the dice first.');
});

test('a play the client does not name is shown as it was sent', () => {
  assert.equal(
    errorInWords(illegal('play_unavailable', { request: 'play sky' })),
    'The dice do not allow “play sky”.',
  );
  assert.equal(
    errorInWords(illegal('play_unavailable', { request: 'lanes' })),
    'The dice do not allow “Lanes”.',
  );
});

test('a reason on another code changes nothing', () => {
  assert.equal(
    errorInWords({ code: 'not_your_turn', reason: 'occupied', details: { request: 'b2-b3' } }),
    'It is not your turn.',
  );
  assert.equal(
    errorInWords({ code: 'too_many_attempts', message: 'x', retryAfter: 61 }),
    'Too many failed sign-ins. Try again in 2 minutes.',
  );
});

test('a refused request rejects with the reason and details, which are put in words', () => {
  const message = illegal('occupied', { request: 'b2-b3' }, 'b3 is occupied');
  const error = new RequestError(message.code, message.message, message.retry_after, message);
  assert.equal(error.reason, 'occupied');
  assert.deepEqual(error.details, { request: 'b2-b3' });
  assert.equal(errorInWords(error), 'b2-b3: that cell is occupied.');
  const old = new RequestError('illegal_move', 'b3 is occupied');
  assert.equal(old.reason, undefined);
  assert.equal(errorInWords(old), 'That move is not allowed: b3 is occupied');
});
