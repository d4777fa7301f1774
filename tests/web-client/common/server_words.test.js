// web-client/common/server_words.js and games/index.js reasonInWords: every reason the server and the rules write is recognised (in
// English it reads back as written), computers' names and error codes are put in words, and
// anything unknown is shown as the server said it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorInWords, nameInWords } from '../../../web-client/common/server_words.js';
import { reasonInWords } from '../../../web-client/games/index.js';

// Reasons from server/rooms/room_result.cpp and rules/*.cpp, with the game that writes them.
const REASONS = [
  ['kvadrat', 'Bob resigned'],
  ['kvadrat', 'Ann ran out of time'],
  ['quadrature', 'win claimed: Bob left'],
  ['quadrature', 'draw agreed'],
  ['kvadrat', 'Computer (hard) is the last player left'],
  ['kvadrat', 'every square is settled'],
  ['kvadrat', 'no player can place a piece'],
  ['kvadratura', 'White completed a square'],
  ['kvadratura', 'Black completed 3 squares'],
  ['kvadratura', 'board full without a one-colour square'],
  ['kvadratura', 'board full, 2 squares each'],
  ['kvadratura', 'board full, 1 square each'],
  ['kvadratura', 'White wins by 2 squares (White 3, Black 5)'],
  ['kvadratura', 'Black wins by 1 square (White 4, Black 3)'],
  ['quadrature', 'Black reduced White to 2 men'],
  ['quadrature', 'White reduced Black to 1 man'],
  ['quadrature', 'Black filled its goal e11 f11 g11'],
  ['quadrature', 'neither side can move'],
  ['quadrature', 'the same position occurred a third time'],
  ['quadwrangle', 'Player 2 has 3 counters on its red square'],
];

test('every known reason is recognised and reads back in English as the server wrote it', () => {
  for (const [game, reason] of REASONS) assert.equal(reasonInWords(game, reason), reason);
});

test('an unknown reason is shown as it is', () => {
  assert.equal(reasonInWords('kvadrat', 'tied on points'), 'tied on points');
  assert.equal(reasonInWords('kvadrat', ''), '');
  assert.equal(reasonInWords('kvadrat', undefined), '');
});

test("computers' names are put in words, people's names are kept", () => {
  assert.equal(nameInWords('Computer (easy)'), 'Computer (easy)');
  assert.equal(nameInWords('Ann'), 'Ann');
});

test("error codes are put in the catalogue's words, unknown codes keep the server's message", () => {
  assert.equal(
    errorInWords({ code: 'bad_credentials', message: 'no' }),
    'Wrong user name or password.',
  );
  assert.equal(
    errorInWords({ code: 'illegal_move', message: 'c5 is not reachable' }),
    'That move is not allowed: c5 is not reachable',
  );
  assert.equal(
    errorInWords({ code: 'too_many_attempts', message: 'x', retryAfter: 61 }),
    'Too many failed sign-ins. Try again in 2 minutes.',
  );
  assert.equal(
    errorInWords({ code: 'brand_new', message: 'As the server says.' }),
    'As the server says.',
  );
  assert.equal(
    errorInWords({ code: 'offline', message: 'The connection was lost.' }),
    'Not connected to the server.',
  );
});
