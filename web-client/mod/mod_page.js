// The moderation page, /mod (#31): for a moderator or an admin, the open reports first, a form
// to ban, unban, mute, unmute, unlist or relist an account, a form to close a room, the accounts
// with a role or a sanction, the blocked address ranges with their form, and the audit log.
// Whether the page shows anything is the server's decision: it answers `moderation` only to an
// account with a role (a role is granted at the server's command line), and anyone else is told
// so here.

import { Connection } from '../common/connection.js';
import { el } from '../common/dom.js';
import { fillPageFrame } from '../common/page_frame.js';
import { errorInWords, nameInWords } from '../common/server_words.js';
import { rememberNotice, showRememberedNotice, signedOutByBan } from '../common/reload_notice.js';
import { profilePath } from '../lobby/leaderboard.js';
import { t } from '../i18n/index.js';
import { createModerationForm } from './mod_form.js';
import { createCloseRoomForm } from './mod_close_room.js';
import { accountsSection, logSection } from './mod_tables.js';
import { createReportsSection } from './mod_reports.js';
import { createBlocksSection } from './mod_blocks.js';

// The newest entries of the audit log shown (the server allows up to 500).
const LOG_LIMIT = 100;

fillPageFrame('moderation.documentTitle');
showRememberedNotice();

const conn = new Connection();
const host = document.getElementById('moderation');
const statusBadge = document.getElementById('connection-status');
const whoBadge = document.getElementById('who');

// The parts kept while the page is allowed: the form keeps what is typed across refreshes.
let view = null; // { accounts, log, form, reports, blocks } once the server answered `moderation`

function back() {
  return el('p', { class: 'rules-back' }, el('a', { href: '/' }, t('moderation.backToLobby')));
}

function heading() {
  return el('h1', { id: 'mod-title' }, t('moderation.title'));
}

function showMessage(words, attrs = {}) {
  view = null;
  host.replaceChildren(back(), heading(), el('p', attrs, words));
}

// Lays the page out the first time, then only swaps the tables (the reports' and the blocks'
// sections keep their open forms).
function showModeration(answer) {
  const accounts = accountsSection(answer.accounts || []);
  const log = logSection(answer.log || []);
  if (view) {
    view.accounts.replaceWith(accounts);
    view.log.replaceWith(log);
    Object.assign(view, { accounts, log });
    view.reports.update(answer.reports || []);
    view.blocks.update(answer.blocks || []);
    return;
  }
  const actions = { send: (request) => conn.request(request), done: () => load() };
  const form = createModerationForm(actions);
  const closeRoom = createCloseRoomForm(actions);
  const reports = createReportsSection(actions);
  const blocks = createBlocksSection(actions);
  reports.update(answer.reports || []);
  blocks.update(answer.blocks || []);
  const refresh = el(
    'button',
    { type: 'button', id: 'mod-refresh', class: 'button button--small', onclick: () => load() },
    t('moderation.refresh'),
  );
  view = { accounts, log, form, reports, blocks };
  host.replaceChildren(
    back(),
    el('div', { class: 'mod-head' }, heading(), refresh),
    reports.section,
    el('section', { class: 'mod-section card' }, form),
    el('section', { class: 'mod-section card' }, closeRoom),
    accounts,
    blocks.section,
    log,
  );
}

// Asks the server for the view; `not_allowed` means this identity has no role.
async function load() {
  try {
    showModeration(await conn.request({ type: 'moderation', limit: LOG_LIMIT }));
  } catch (error) {
    if (error.code === 'offline') return; // asked again once the connection is back
    if (error.code === 'not_allowed') {
      showMessage(t('moderation.onlyModerators'), { id: 'mod-refused', role: 'alert' });
    } else {
      showMessage(errorInWords(error), { id: 'mod-failed', role: 'alert' });
    }
  }
}

conn.on('state', (state) => {
  const online = state === 'online';
  statusBadge.textContent = t(
    online ? 'app.online' : state === 'connecting' ? 'app.connecting' : 'app.offline',
  );
  statusBadge.className = `pill pill--${online ? 'online' : 'offline'}`;
  statusBadge.dataset.state = state; // the state whatever the language, for tests and styles
});

// After every (re)connect: who this is, and the view asked again (a role may have changed).
conn.on('welcome', (welcome) => {
  whoBadge.replaceChildren(
    welcome.account
      ? el('a', { href: profilePath(welcome.account) }, nameInWords(welcome.name))
      : nameInWords(welcome.name),
  );
  load();
});

// Signed out everywhere (by a ban, or from another device): the lobby starts afresh as a guest,
// a ban said there.
conn.on('signed_out', (message) => {
  if (signedOutByBan(message)) rememberNotice('banned');
  location.assign('/');
});

host.replaceChildren(back(), heading(), el('p', { class: 'hint' }, t('moderation.loading')));
conn.start();
