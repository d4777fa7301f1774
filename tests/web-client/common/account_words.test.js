// web-client/common/account_words.js: the words of the account's own controls (a change of
// case, a deletion: the account's own where the general ones would mislead) and the data
// export's file name and text. The requests: connection.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  deleteErrorText,
  exportFileName,
  exportFileText,
  renameErrorText,
  renamedText,
} from '../../../web-client/common/account_words.js';

test('a refused change of case: bad_name and no_change in the form’s own words', () => {
  assert.equal(
    renameErrorText({ code: 'bad_name', message: 'not the same name' }, 'Ann'),
    'Only the case of the letters can change: type your user name, Ann, with other capitals or small letters.',
  );
  assert.equal(
    renameErrorText({ code: 'no_change', message: 'spelled so already' }, 'Ann'),
    'Your user name is spelled that way already.',
  );
  assert.equal(
    renameErrorText({ code: 'not_allowed', message: 'busy' }, 'Ann'),
    'Another account request is still running; please try again in a moment.',
  );
});

test('every other refused change of case has the words of its error code', () => {
  assert.equal(renameErrorText({ code: 'not_signed_in' }, null), 'You are not signed in.');
  assert.equal(
    renameErrorText({ code: 'store_failed' }, 'Ann'),
    'The server could not save that; nothing changed. Please try again.',
  );
  assert.equal(renameErrorText({ code: 'offline' }, 'Ann'), 'Not connected to the server.');
});

test('the confirmation names the new spelling', () => {
  assert.equal(renamedText('ANN'), 'Your user name is now spelled ANN.');
});

test('a refused deletion: a wrong password, a busy account, and the wait of too_many_attempts', () => {
  assert.equal(
    deleteErrorText({ code: 'bad_credentials', message: 'wrong password' }),
    'The password is wrong; your account was not deleted.',
  );
  assert.equal(
    deleteErrorText({ code: 'not_allowed' }),
    'Another account request is still running; please try again in a moment.',
  );
  assert.equal(
    deleteErrorText({ code: 'too_many_attempts', retryAfter: 840 }),
    'Too many wrong passwords; your account was not deleted. Try again in 14 minutes.',
  );
  // A wait of seconds is said as a minute, not as none.
  assert.equal(
    deleteErrorText({ code: 'too_many_attempts', retryAfter: 3 }),
    'Too many wrong passwords; your account was not deleted. Try again in 1 minute.',
  );
  assert.equal(deleteErrorText({ code: 'not_signed_in' }), 'You are not signed in.');
});

test('the export is named quadra-<account>-<the browser’s date>.json', () => {
  assert.equal(exportFileName('Ann', new Date(2026, 11, 6, 23, 59)), 'quadra-Ann-2026-12-06.json');
  assert.equal(exportFileName('ANN', new Date(2027, 0, 5, 0, 1)), 'quadra-ANN-2027-01-05.json');
});

test('characters a file system may refuse, and spaces, become "_"; other letters stay', () => {
  const day = new Date(2026, 2, 9, 12);
  assert.equal(exportFileName('Ёжик Два', day), 'quadra-Ёжик_Два-2026-03-09.json');
  assert.equal(
    exportFileName('a/b\\c:d*e?"f"<g>|h', day),
    'quadra-a_b_c_d_e_f_g_h-2026-03-09.json',
  );
  assert.equal(exportFileName('tab\tand\u0007bell', day), 'quadra-tab_and_bell-2026-03-09.json');
  assert.equal(exportFileName('', day), 'quadra-account-2026-03-09.json');
});

test('the file is the answer pretty-printed, without the request id', () => {
  const answer = {
    type: 'data_export',
    id: 7,
    exported_at: 1796545500000,
    account: { name: 'Ann', display_name: 'Ann', created: 1796540000000 },
    ratings: [],
    rating_history: [],
    games: [],
    chat: [{ game_id: 'g1', at: 1796541000000, text: 'good luck' }],
  };
  const text = exportFileText(answer);
  assert.ok(text.startsWith('{\n  "type": "data_export",\n'), text);
  assert.ok(text.endsWith('}\n'));
  const { id, ...rest } = answer;
  assert.equal(id, 7);
  assert.deepEqual(JSON.parse(text), rest);
  assert.equal(answer.id, 7, 'the answer itself is left as it was');
});
