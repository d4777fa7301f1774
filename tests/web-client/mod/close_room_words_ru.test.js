// web-client/mod/close_room_words.js in Russian (in_russian.js, first, sets the language): the
// form's checks, answer and refusals, and the audit log's entry.

import '../common/in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { closeRoomDone, closeRoomEntryWords, closeRoomRefusal, closeRoomRequest } =
  await import('../../../web-client/mod/close_room_words.js');

const ABORT = { type: 'close_room', room: 'K7QM3X', ending: 'aborted', reason: 'по ошибке' };
const NO_RESULT = { ...ABORT, ending: 'no_result', reason: 'нечестная игра' };

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('the close form in Russian: checks, answer, refusals', () => {
  assert.equal(
    closeRoomRequest({ room: '', ending: 'aborted', reason: '' }).problem,
    'Введите код комнаты.',
  );
  const answer = { name: 'K7QM3X' };
  assert.equal(closeRoomDone(answer, ABORT), 'Комната K7QM3X закрыта: партия отменена.');
  assert.equal(
    closeRoomDone(answer, NO_RESULT),
    'Комната K7QM3X закрыта: партия завершена без результата.',
  );
  assert.match(
    closeRoomRefusal({ code: 'not_allowed' }, ABORT),
    /^Нельзя: в партии в комнате K7QM3X слишком много ходов/,
  );
  assert.equal(closeRoomRefusal({ code: 'no_such_room' }, NO_RESULT), 'Комнаты K7QM3X нет.');
  assert.equal(
    closeRoomRefusal({ code: 'game_over' }, NO_RESULT),
    'Партия в комнате K7QM3X уже окончена.',
  );
});

test('the log’s entry in Russian', () => {
  const entry = { action: 'close_room', name: 'K7QM3X', ending: 'no_result' };
  assert.deepEqual(closeRoomEntryWords(entry), {
    target: 'комната K7QM3X',
    ending: 'без результата',
  });
  assert.equal(closeRoomEntryWords({ ...entry, ending: 'aborted' }).ending, 'отменена');
});
