// web-client/common/server_words.js: computers' names and error codes are put in words, and
// anything unknown is shown as the server said it. Results: result_words.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorInWords, nameInWords } from '../../../web-client/common/server_words.js';

test("computers' names are put in words, people's names are kept", () => {
  assert.equal(nameInWords('Computer (easy)'), 'Computer (easy)');
  assert.equal(nameInWords('Ann'), 'Ann');
});

test('a deleted account’s name is put in words; only that exact name', () => {
  assert.equal(nameInWords('Deleted player'), 'Deleted player');
  assert.equal(nameInWords('Deleted player 2'), 'Deleted player 2');
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

test("bad options are put in words from the rules' reason and the option, else as before", () => {
  const refused = (reason, details) => ({
    code: 'bad_options',
    reason,
    details,
    message: "option 'size' must be an integer from 3 to 8, not 9",
  });
  assert.equal(
    errorInWords(refused('bad_value', { option: 'size' })),
    'Option “size” does not allow that value.',
  );
  assert.equal(
    errorInWords(refused('unknown_option', { option: 'colour' })),
    'This game has no option “colour”.',
  );
  // Without the option, or with a reason this client does not know: the catalogue's words.
  const before = errorInWords({ code: 'bad_options', message: refused().message });
  assert.equal(errorInWords(refused('bad_value', {})), before);
  assert.equal(errorInWords(refused('too_odd', { option: 'size' })), before);
});
