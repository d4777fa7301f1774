// The moderation page's two tables (#31), from the server's `moderation` answer: the accounts
// with a role or a sanction (a ban, a mute, off the leaderboards), and the audit log, newest
// first. Accounts' names link to their profile pages; a report's or an address block's entry
// names a guest, a room or an address range, shown as plain text.

import { el } from '../common/dom.js';
import { momentInWords } from '../common/server_words.js';
import { profilePath } from '../lobby/leaderboard.js';
import { has, t } from '../i18n/index.js';
import { closeRoomEntryWords } from './close_room_words.js';

// What an empty cell says, so that a screen reader does not read "blank".
const NOTHING = '—';

// The catalogue's words at `prefix.value`, else the server's value as it came (a role or an
// action this client does not know yet).
function wordsOr(prefix, value) {
  return has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value;
}

function moment(ms) {
  return el('time', { datetime: new Date(ms).toISOString() }, momentInWords(ms));
}

function headerRow(keys) {
  return el(
    'thead',
    {},
    el(
      'tr',
      {},
      keys.map((key) => el('th', { scope: 'col' }, t(`moderation.${key}`))),
    ),
  );
}

// A section with heading `titleKey` around `content` (a table, or words when there is none);
// a table scrolls sideways in its own focusable region on a narrow screen.
function section(id, titleKey, content) {
  const titleId = `${id}-title`;
  const body =
    content.tagName === 'TABLE'
      ? el(
          'div',
          { class: 'mod-scroll', tabindex: '0', role: 'region', 'aria-labelledby': titleId },
          content,
        )
      : content;
  return el(
    'section',
    { class: 'mod-section', id, 'aria-labelledby': titleId },
    el('h2', { id: titleId }, t(titleKey)),
    body,
  );
}

function chatInWords(account) {
  if (account.muted_for_good) return t('moderation.mutedForGood');
  if (account.muted_until) {
    return t('moderation.mutedUntil', { time: momentInWords(account.muted_until) });
  }
  return t('moderation.allowed');
}

function accountRow(account) {
  return el(
    'tr',
    { 'data-account': account.name },
    el('th', { scope: 'row' }, el('a', { href: profilePath(account.name) }, account.name)),
    el(
      'td',
      { class: 'mod-role' },
      account.role ? wordsOr('moderation.roles', account.role) : NOTHING,
    ),
    el(
      'td',
      { class: 'mod-banned' },
      account.banned ? t('moderation.banned') : t('moderation.allowed'),
    ),
    el('td', { class: 'mod-chat' }, chatInWords(account)),
    el(
      'td',
      { class: 'mod-leaderboards' },
      account.unlisted ? t('moderation.unlisted') : t('moderation.listed'),
    ),
  );
}

// The accounts with a role, a ban, a mute still running or off the leaderboards.
export function accountsSection(accounts) {
  const content = accounts.length
    ? el(
        'table',
        { class: 'mod-table', id: 'mod-accounts-table' },
        headerRow(['account', 'role', 'signIn', 'chat', 'leaderboards']),
        el('tbody', {}, accounts.map(accountRow)),
      )
    : el('p', { class: 'hint' }, t('moderation.noAccounts'));
  return section('mod-accounts', 'moderation.accountsTitle', content);
}

// The actions whose entry names an account (the others: a report's target, an address range).
const ACCOUNT_ACTIONS = new Set([
  'grant',
  'revoke',
  'ban',
  'unban',
  'mute',
  'unmute',
  'unlist',
  'relist',
]);

function target(entry) {
  if (entry.action === 'close_room') return closeRoomEntryWords(entry).target;
  return ACCOUNT_ACTIONS.has(entry.action)
    ? el('a', { href: profilePath(entry.name) }, entry.name)
    : entry.name;
}

// What an entry changed besides its action: the role granted, the mute's end or "for good", what
// an address block refuses and for how long, how a closed room's game ended.
function entryDetails(entry) {
  if (entry.action === 'close_room') return closeRoomEntryWords(entry).ending || NOTHING;
  if (entry.role) return wordsOr('moderation.roles', entry.role);
  if (entry.refuses) {
    const refuses = wordsOr('moderation.refuseChoices', entry.refuses);
    if (entry.for_good || !entry.until) return t('moderation.blockDetails.forGood', { refuses });
    return t('moderation.blockDetails.until', { refuses, time: momentInWords(entry.until) });
  }
  if (entry.for_good) return t('moderation.forGood');
  if (entry.until) return t('moderation.until', { time: momentInWords(entry.until) });
  return NOTHING;
}

function logRow(entry) {
  return el(
    'tr',
    { 'data-log-id': String(entry.id), 'data-action': entry.action },
    el('td', { class: 'mod-time' }, moment(entry.at)),
    // `by` null: the operator, at the server's command line.
    el('td', { class: 'mod-by' }, entry.by === null ? t('moderation.operator') : entry.by),
    el('td', { class: 'mod-action' }, wordsOr('moderation.actions', entry.action)),
    el('td', { class: 'mod-target' }, target(entry)),
    el('td', { class: 'mod-details' }, entryDetails(entry)),
    el('td', { class: 'mod-reason' }, entry.reason || NOTHING),
  );
}

// The audit log, newest first, as the server sent it.
export function logSection(log) {
  const content = log.length
    ? el(
        'table',
        { class: 'mod-table', id: 'mod-log-table' },
        headerRow(['time', 'by', 'action', 'account', 'details', 'reason']),
        el('tbody', {}, log.map(logRow)),
      )
    : el('p', { class: 'hint' }, t('moderation.noLog'));
  return section('mod-log', 'moderation.logTitle', content);
}
