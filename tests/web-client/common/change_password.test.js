// web-client/common/change_password.js: the change-password form's check before sending (the new
// password typed twice alike), the field a refusal is about, its words (the account's own where
// the general ones would mislead) and the confirmation. The request: connection.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  passwordChangeErrorText,
  passwordChangeField,
  passwordChangeProblem,
  passwordChangedText,
} from '../../../web-client/common/change_password.js';

test('the same new password typed twice may be sent', () => {
  assert.equal(
    passwordChangeProblem({ newPassword: 'battery staple', repeat: 'battery staple' }),
    null,
  );
});

test('two different new passwords are said in words, not sent', () => {
  const differ = 'The two new passwords differ: type the same one twice.';
  assert.equal(
    passwordChangeProblem({ newPassword: 'battery staple', repeat: 'battery stapel' }),
    differ,
  );
  assert.equal(passwordChangeProblem({ newPassword: 'battery staple', repeat: '' }), differ);
  // Case matters in a password.
  assert.equal(
    passwordChangeProblem({ newPassword: 'Battery staple', repeat: 'battery staple' }),
    differ,
  );
});

test('the rule of a new password is left to the server: a short one typed twice may be sent', () => {
  assert.equal(passwordChangeProblem({ newPassword: 'short', repeat: 'short' }), null);
});

test('a wrong current password and a busy account have the account’s own words', () => {
  assert.equal(
    passwordChangeErrorText({ code: 'bad_credentials', message: 'the current password is wrong' }),
    'The current password is wrong.',
  );
  assert.equal(
    passwordChangeErrorText({ code: 'not_allowed', message: 'busy' }),
    'Another account request is still running; please try again in a moment.',
  );
});

test('every other refusal has the words of its error code', () => {
  const cases = [
    [
      { code: 'weak_password', message: 'a password needs at least 8 characters' },
      'The password is too weak: it needs at least 8 characters and must not be the user name.',
    ],
    [{ code: 'not_signed_in', message: 'a guest has no password' }, 'You are not signed in.'],
    [
      { code: 'too_many_attempts', message: 'wait', retryAfter: 90 },
      'Too many failed sign-ins. Try again in 2 minutes.',
    ],
    [
      { code: 'store_failed', message: 'x' },
      'The server could not save that; nothing changed. Please try again.',
    ],
    [
      { code: 'server_full', message: 'busy' },
      'The server is full just now; please try again later.',
    ],
    [{ code: 'offline', message: 'The connection was lost.' }, 'Not connected to the server.'],
  ];
  for (const [error, words] of cases) {
    assert.equal(passwordChangeErrorText(error), words, error.code);
  }
});

test('a refusal gives the focus to the field it is about', () => {
  assert.equal(passwordChangeField({ code: 'bad_credentials' }), 'current');
  assert.equal(passwordChangeField({ code: 'weak_password' }), 'new');
  for (const code of ['too_many_attempts', 'not_allowed', 'store_failed', 'offline']) {
    assert.equal(passwordChangeField({ code }), null, code);
  }
  assert.equal(passwordChangeField(null), null);
});

test('the confirmation says whether the other devices were signed out', () => {
  assert.equal(
    passwordChangedText(true),
    'Your password was changed, and your other devices were signed out.',
  );
  assert.equal(passwordChangedText(false), 'Your password was changed.');
});
