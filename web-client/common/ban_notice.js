// The notice that a moderator banned this account (#31). The server ends the account's sessions
// with `signed_out` and reason "banned"; the page then starts afresh as a guest, so the notice is
// kept in sessionStorage across that reload and shown, until dismissed, under the header of the
// page that loads next.

import { el } from './dom.js';
import { t } from '../i18n/index.js';

const NOTICE_KEY = 'quadra.bannedNotice';

// Whether `message` (a `signed_out`) ended the sessions because of a ban.
export function signedOutByBan(message) {
  return Boolean(message && message.reason === 'banned');
}

// Keeps the notice for the next page of this tab.
export function rememberBan(storage = sessionStorage) {
  try {
    storage.setItem(NOTICE_KEY, '1');
  } catch {
    // storage blocked: the page reloads without the notice, as a guest all the same
  }
}

// Shows the kept notice, once, under the page's header.
export function showRememberedBan(storage = sessionStorage) {
  let kept = null;
  try {
    kept = storage.getItem(NOTICE_KEY);
    storage.removeItem(NOTICE_KEY);
  } catch {
    return;
  }
  if (!kept) return;
  const notice = el(
    'div',
    { class: 'notice-banner', id: 'banned-notice', role: 'alert' },
    el('p', {}, t('app.bannedNotice')),
    el(
      'button',
      { type: 'button', class: 'button button--small', onclick: () => notice.remove() },
      t('app.dismiss'),
    ),
  );
  const header = document.querySelector('header.top');
  if (header) header.after(notice);
  else document.body.prepend(notice);
}
