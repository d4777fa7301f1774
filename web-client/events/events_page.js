// The events page (PROTOCOL.md "Events"): /events lists the upcoming, running and finished
// events with the create form beside them (accounts only: a guest is told to sign in in the
// lobby), and /events/<id> shows one event (event_view.js). The page has its own connection, as
// the moderation page has, and asks again after every welcome; creating an event moves the
// address to the new event's view without leaving the page.

import { Connection } from '../common/connection.js';
import { el } from '../common/dom.js';
import { fillPageFrame } from '../common/page_frame.js';
import { errorInWords, nameInWords } from '../common/server_words.js';
import { rememberNotice, showRememberedNotice, signedOutByBan } from '../common/reload_notice.js';
import { setBaseTitle } from '../common/turn_counter.js';
import { profilePath } from '../lobby/leaderboard.js';
import { t } from '../i18n/index.js';
import { eventIdFromPath, eventPath } from './event_terms.js';
import { eventRefusal } from './event_words.js';
import { eventLists } from './event_list.js';
import { createEventForm } from './event_form.js';
import { createEventView } from './event_view.js';

fillPageFrame('events.documentTitle');
showRememberedNotice();

const conn = new Connection();
const host = document.getElementById('events');
const statusBadge = document.getElementById('connection-status');
const whoBadge = document.getElementById('who');

let games = null; // list_games' games, asked once for the form
let listPage = null; // { lists, side, account } while /events is shown
let eventView = null; // event_view.js's while /events/<id> is shown

const viewer = () => ({
  account: conn.identity?.account || null,
  role: conn.identity?.role || '',
});

const backLink = (href, words) => el('p', { class: 'rules-back' }, el('a', { href }, words));

// --- /events -------------------------------------------------------------------------------

// The form for an account, else the sentence sending a guest to the lobby to sign in.
function formSide(account) {
  if (!account) {
    return el(
      'section',
      {
        class: 'card event-sign-in',
        id: 'event-sign-in',
        'aria-labelledby': 'event-sign-in-title',
      },
      el('h2', { id: 'event-sign-in-title' }, t('events.form.title')),
      el('p', {}, t('events.form.signIn')),
      el('p', {}, el('a', { href: '/' }, t('events.form.signInLink'))),
    );
  }
  if (!games || !games.length) {
    return el('p', { class: 'card', role: 'alert' }, t('events.form.noGames'));
  }
  return createEventForm({
    games,
    send: (request) => conn.request(request),
    created: (answer) => {
      history.pushState(null, '', eventPath(answer.event.event));
      showEvent(answer.event.event, 'create');
    },
  });
}

// Lays the list page out the first time (or for another identity), then only swaps the lists:
// the form keeps what is typed.
async function showList(answer) {
  const account = viewer().account;
  const lists = eventLists(answer, Date.now());
  if (listPage && listPage.account === account) {
    listPage.lists.replaceWith(lists);
    listPage.lists = lists;
    return;
  }
  if (account && !games) {
    games = await conn
      .request({ type: 'list_games' })
      .then((reply) => reply.games)
      .catch(() => null);
  }
  const side = formSide(account);
  listPage = { lists, side, account };
  const refresh = el(
    'button',
    { type: 'button', id: 'events-refresh', class: 'button button--small', onclick: loadList },
    t('events.refresh'),
  );
  host.replaceChildren(
    backLink('/', t('events.backToLobby')),
    el(
      'div',
      { class: 'events-head' },
      el('h1', { id: 'events-title' }, t('events.title')),
      refresh,
    ),
    el('p', { class: 'hint' }, t('events.intro')),
    el(
      'div',
      { class: 'events-grid' },
      el('div', { class: 'events-main' }, lists),
      el('div', { class: 'events-side' }, side),
    ),
  );
}

async function loadList() {
  setBaseTitle(t('events.documentTitle'));
  try {
    await showList(await conn.request({ type: 'list_events' }));
  } catch (error) {
    if (error.code === 'offline') return; // asked again once the connection is back
    listPage = null;
    host.replaceChildren(
      backLink('/', t('events.backToLobby')),
      el('h1', {}, t('events.title')),
      el('p', { role: 'alert' }, t('events.view.listFailed', { words: errorInWords(error) })),
    );
  }
}

// --- /events/<id> ---------------------------------------------------------------------------

// Asks for event `id` and shows it; `done`: what to say it did ('create', 'refresh').
async function showEvent(id, done = null) {
  listPage = null;
  if (!eventView) {
    eventView = createEventView({
      send: (request) => conn.request(request),
      viewer,
      refresh: () => showEvent(id, 'refresh'),
    });
    host.replaceChildren(backLink('/events', t('events.allEvents')), eventView.node);
  }
  try {
    eventView.show(await conn.request({ type: 'event_info', event: id }), done);
  } catch (error) {
    if (error.code === 'offline') return;
    eventView.stop();
    eventView = null;
    const words =
      error.code === 'no_such_event'
        ? t('events.view.notFound')
        : t('events.view.failed', { words: eventRefusal(error) });
    host.replaceChildren(
      backLink('/events', t('events.allEvents')),
      el('h1', {}, t('events.title')),
      el('p', { id: 'event-missing', role: 'alert' }, words),
    );
  }
}

// What the address names: one event, or the lists.
function route() {
  const id = eventIdFromPath(location.pathname);
  if (id === null) {
    eventView?.stop();
    eventView = null;
    loadList();
  } else {
    if (eventView && eventView.node.dataset.event !== String(id)) {
      eventView.stop();
      eventView = null;
    }
    showEvent(id);
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

// After every (re)connect: who this is, and the page asked for again.
conn.on('welcome', (welcome) => {
  whoBadge.replaceChildren(
    welcome.account
      ? el('a', { href: profilePath(welcome.account) }, nameInWords(welcome.name))
      : nameInWords(welcome.name),
  );
  route();
});

// Signed out everywhere (by a ban, or from another device): the lobby starts afresh as a guest.
conn.on('signed_out', (message) => {
  if (signedOutByBan(message)) rememberNotice('banned');
  location.assign('/');
});

window.addEventListener('popstate', route);

host.replaceChildren(
  backLink('/', t('events.backToLobby')),
  el('p', { class: 'hint' }, t('events.loading')),
);
conn.start();
