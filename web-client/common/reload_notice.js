// A notice that outlives the page's fresh start. When the account's sessions end — a moderator
// banned it (`signed_out` with reason "banned", #31) or its owner deleted it — the page starts
// afresh as a guest, so the notice is kept in sessionStorage across that reload and shown, until
// dismissed, under the header of the page that loads next.

import { el } from './dom.js';
import { t } from '../i18n/index.js';

const NOTICE_KEY = 'quadra.notice';

// The notices by kind: the element's id, its words, its role. A deletion the owner asked for is
// a confirmation (a status, given the focus so that it is read at once); a ban an alert.
const NOTICES = {
  banned: { id: 'banned-notice', words: 'app.bannedNotice', role: 'alert', focus: false },
  accountDeleted: {
    id: 'account-deleted-notice',
    words: 'account.deletedNotice',
    role: 'status',
    focus: true,
  },
};

// Whether `message` (a `signed_out`) ended the sessions because of a ban.
export function signedOutByBan(message) {
  return Boolean(message && message.reason === 'banned');
}

// Keeps notice `kind` ('banned', 'accountDeleted') for the next page of this tab.
export function rememberNotice(kind, storage = sessionStorage) {
  try {
    storage.setItem(NOTICE_KEY, kind);
  } catch {
    // storage blocked: the page reloads without the notice, as a guest all the same
  }
}

// Shows the kept notice, once, under the page's header.
export function showRememberedNotice(storage = sessionStorage) {
  let kept = null;
  try {
    kept = storage.getItem(NOTICE_KEY);
    storage.removeItem(NOTICE_KEY);
  } catch {
    return;
  }
  const kind = Object.prototype.hasOwnProperty.call(NOTICES, kept) ? NOTICES[kept] : null;
  if (!kind) return;
  const notice = el(
    'div',
    { class: 'notice-banner', id: kind.id, role: kind.role, tabindex: kind.focus ? '-1' : null },
    el('p', {}, t(kind.words)),
    el(
      'button',
      { type: 'button', class: 'button button--small', onclick: () => notice.remove() },
      t('app.dismiss'),
    ),
  );
  const header = document.querySelector('header.top');
  if (header) header.after(notice);
  else document.body.prepend(notice);
  if (kind.focus) notice.focus();
}
