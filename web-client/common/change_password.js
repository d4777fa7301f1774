// The change-password form's logic (PROTOCOL.md "change_password"): the check before it is sent,
// the field a refusal is about, and what the form says after. The form itself is in account.js,
// the request in connection.js. No DOM, so it runs under Node in tests.

import { t } from '../i18n/index.js';
import { errorInWords } from './server_words.js';

// What keeps the form from being sent, in words, or null. Only the repeat is checked here: the
// rule a new password follows is the server's (register's), and its `weak_password` words it.
export function passwordChangeProblem({ newPassword, repeat }) {
  return newPassword === repeat ? null : t('account.passwordsDiffer');
}

// A refused change in words. The general words would mislead here: `bad_credentials` means the
// current password (no user name was asked), `not_allowed` another account request running.
export function passwordChangeErrorText(error) {
  const code = error && error.code;
  if (code === 'bad_credentials') return t('account.currentPasswordWrong');
  if (code === 'not_allowed') return t('account.accountBusy');
  return errorInWords(error);
}

// The field a refused change is about, to give it the focus: 'current', 'new' or null.
export function passwordChangeField(error) {
  const code = error && error.code;
  if (code === 'bad_credentials') return 'current';
  if (code === 'weak_password') return 'new';
  return null;
}

// The confirmation once the server has stored the new password.
export function passwordChangedText(endedOtherSessions) {
  return t(endedOtherSessions ? 'account.passwordChangedOthersOut' : 'account.passwordChanged');
}
