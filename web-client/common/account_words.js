// What the account's own controls say (PROTOCOL.md "rename_account", "delete_account",
// "export_data"), and the file the data export is saved as. The forms are in
// account_controls.js, the requests in connection.js. No DOM, so it runs under Node in tests.

import { t, tn } from '../i18n/index.js';
import { errorInWords } from './server_words.js';

// A refused change of case in words. The general words would mislead here: `bad_name` means
// "not your name apart from case" (the name's rule is not what went wrong), `no_change` "spelled
// so already", `not_allowed` another account request running.
export function renameErrorText(error, account) {
  const code = error && error.code;
  if (code === 'bad_name') return t('account.renameBadName', { name: account });
  if (code === 'no_change') return t('account.renameNoChange');
  if (code === 'not_allowed') return t('account.accountBusy');
  return errorInWords(error);
}

// The confirmation once the server has stored the new spelling.
export function renamedText(account) {
  return t('account.renamed', { name: account });
}

// A refused deletion in words: `bad_credentials` is the password (no user name was asked), and
// too_many_attempts counts wrong passwords, not sign-ins (the wait in whole minutes, as the
// general words say it).
export function deleteErrorText(error) {
  const code = error && error.code;
  if (code === 'bad_credentials') return t('account.deletePasswordWrong');
  if (code === 'not_allowed') return t('account.accountBusy');
  if (code === 'too_many_attempts') {
    return tn('account.tooManyPasswords', Math.max(1, Math.ceil((error.retryAfter || 60) / 60)));
  }
  return errorInWords(error);
}

const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\s\p{Cc}]+/gu;

// The export's file name, `quadra-<account>-<YYYY-MM-DD>.json`, the date the browser's own on
// `moment` (a Date). Characters some systems refuse in a file name, and spaces, become "_", so
// that the name survives every download folder; letters of any alphabet stay.
export function exportFileName(account, moment) {
  const name = String(account || 'account').replace(UNSAFE_IN_FILE_NAMES, '_');
  const two = (n) => String(n).padStart(2, '0');
  const day = `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`;
  return `quadra-${name}-${day}.json`;
}

// The file's text: the server's `data_export` as it came, pretty-printed, without the request's
// `id` (this page's bookkeeping, not the account's data).
export function exportFileText(answer) {
  const data = { ...answer };
  delete data.id;
  return `${JSON.stringify(data, null, 2)}\n`;
}
