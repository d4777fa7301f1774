// web-client/mod/close_room_words.js in English: the room code from what a moderator typed or
// pasted, the close_room request (checked before it is sent), its answer and refusals in the
// form's own words, and the audit log's entry. Russian: close_room_words_ru.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  closeRoomDone,
  closeRoomEntryWords,
  closeRoomRefusal,
  closeRoomRequest,
  roomCodeFrom,
} from '../../../web-client/mod/close_room_words.js';

const ABORT = { type: 'close_room', room: 'K7QM3X', ending: 'aborted', reason: 'by mistake' };
const NO_RESULT = { ...ABORT, ending: 'no_result', reason: 'cheating' };

test('a code or a room’s address gives the room code, upper-cased', () => {
  assert.equal(roomCodeFrom(' k7qm3x '), 'K7QM3X');
  assert.equal(roomCodeFrom('http://127.0.0.1:8080/r/K7QM3X'), 'K7QM3X');
  assert.equal(roomCodeFrom('https://quadra.example/r/k7qm3x?replay'), 'K7QM3X');
  assert.equal(roomCodeFrom('https://quadra.example/r/K7QM3X/'), 'K7QM3X');
  assert.equal(roomCodeFrom('https://quadra.example/#K7QM3X'), 'K7QM3X');
  assert.equal(roomCodeFrom('   '), '');
});

test('the request: the code, the ending and the trimmed reason; a missing field is said', () => {
  assert.deepEqual(
    closeRoomRequest({ room: '/r/k7qm3x', ending: 'aborted', reason: '  by mistake ' }),
    { request: ABORT },
  );
  assert.deepEqual(closeRoomRequest({ room: 'K7QM3X', ending: 'no_result', reason: 'cheating' }), {
    request: NO_RESULT,
  });
  assert.deepEqual(closeRoomRequest({ room: ' ', ending: 'aborted', reason: '' }), {
    problem: 'Type the room’s code.',
    field: 'room',
  });
  assert.deepEqual(closeRoomRequest({ room: 'K7QM3X', ending: 'aborted', reason: '  ' }), {
    problem: 'Give a reason.',
    field: 'reason',
  });
  const long = closeRoomRequest({ room: 'K7QM3X', ending: 'aborted', reason: 'я'.repeat(251) });
  assert.equal(long.field, 'reason');
  assert.match(long.problem, /^The reason is too long/);
  assert.equal(closeRoomRequest({ room: 'K7QM3X', ending: '', reason: 'x' }).field, 'ending');
});

test('what the page says once the room is closed, by ending', () => {
  const answer = { type: 'moderated', id: 7, action: 'close_room', name: 'K7QM3X' };
  assert.equal(closeRoomDone(answer, ABORT), 'Room K7QM3X is closed: the game is aborted.');
  assert.equal(
    closeRoomDone(answer, NO_RESULT),
    'Room K7QM3X is closed: the game ended with no result.',
  );
});

test('refusals in the form’s words', () => {
  const refused = (code, request = NO_RESULT) =>
    closeRoomRefusal({ code, message: `the server's ${code}` }, request);
  assert.match(refused('not_allowed', ABORT), /^Not allowed: the game in room K7QM3X has too many/);
  assert.equal(refused('not_allowed'), 'Not allowed: you are no longer a moderator.');
  assert.equal(
    refused('not_started'),
    'Room K7QM3X is still waiting for players: there is no game to close.',
  );
  assert.equal(refused('game_over'), 'The game in room K7QM3X is over already.');
  assert.equal(refused('no_such_room'), 'There is no room K7QM3X.');
  assert.equal(refused('bad_field'), 'Not a room code: a code is like K7QM3X.');
  assert.match(refused('redirected'), /^Room K7QM3X is played on another server/);
  // The rest in the catalogue's general words.
  assert.equal(
    refused('store_failed'),
    'The server could not save that; nothing changed. Please try again.',
  );
});

test('the log’s entry: the room and the ending in words', () => {
  const entry = { id: 9, at: 1, by: 'Mara', action: 'close_room', name: 'K7QM3X', reason: 'x' };
  assert.deepEqual(closeRoomEntryWords({ ...entry, ending: 'aborted' }), {
    target: 'room K7QM3X',
    ending: 'aborted',
  });
  assert.deepEqual(closeRoomEntryWords({ ...entry, ending: 'no_result' }), {
    target: 'room K7QM3X',
    ending: 'no result',
  });
  // An ending this client does not know yet, as the server sent it.
  assert.equal(closeRoomEntryWords({ ...entry, ending: 'voided' }).ending, 'voided');
});
