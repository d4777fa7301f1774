// The application: one connection, the lobby or one room on screen, and the address bar
// (/r/<code> or #<code>) as the shareable link to the room being shown.

import { createAccountPanel } from './common/account.js';
import { rememberNotice, showRememberedNotice, signedOutByBan } from './common/reload_notice.js';
import { Connection, storedName } from './common/connection.js';
import { createLobby } from './lobby/lobby.js';
import { createPlayNow } from './lobby/play_now.js';
import { createPlayComputer } from './lobby/play_computer.js';
import { createChallenges } from './lobby/challenge_client.js';
import { isCorrespondence } from './common/challenge_terms.js';
import { challengeRefusal } from './common/challenge_words.js';
import { registerOfflineWorker } from './common/offline.js';
import { createRoomView } from './room/room.js';
import { el, toast } from './common/dom.js';
import { profilePath } from './lobby/leaderboard.js';
import { moveSound, play, setSoundsOn, soundsOn } from './common/sounds.js';
import { t } from './i18n/index.js';
import { errorInWords, nameInWords } from './common/server_words.js';
import { fillPageFrame } from './common/page_frame.js';
import { setupReaderToggle } from './common/screen_reader.js';
import { setupTopMenu } from './common/top_menu.js';
import { AppState } from './app_state.js';
import { loadRules } from './engine/rules.js';
import { isCompactSnapshot } from './common/compact_snapshot.js';
import { turnCounter } from './common/turn_counter.js';
import { setupTurnBadge } from './common/turn_badge.js';
import { createPushDevice } from './common/push_device.js';
import { setupBackgroundNews } from './common/background_news.js';

fillPageFrame();
showRememberedNotice();
registerOfflineWorker();

const conn = new Connection();
const lobbyHost = document.getElementById('lobby');
const roomHost = document.getElementById('room');
const offline = document.getElementById('offline-banner');
const statusBadge = document.getElementById('connection-status');
const whoBadge = document.getElementById('who');
const soundToggle = document.getElementById('sound-toggle');

const app = new AppState({
  wanted: codeFromAddress(),
  replay: new URLSearchParams(location.search).has('replay'),
  storage: sessionStorage,
});

// Quick pairing: the Play now form and the open seeks, shown inside the lobby.
const playNow = createPlayNow({
  seek: (request) => seek(request),
  cancelSeek: () => cancelSeek(),
});
// Challenges and correspondence seeks (lobby/challenge_client.js): the challenger's live game
// opens once accepted while the lobby is on screen; the accepter's with its `joined`.
const challenges = createChallenges(conn, {
  inLobby: () => app.shown === null,
  holds: (room) => app.memberships.has(room),
  openRoom: (room) => joinRoom(room, 'player'),
  accepted: (room) => {
    app.pairedRoom = room;
  },
  games: async () =>
    app.games.length ? app.games : (await conn.request({ type: 'list_games' })).games,
});
const lobby = createLobby(
  lobbyHost,
  {
    rename: (name) => conn.rename(name).catch(showError),
    create: (request) => conn.request({ type: 'create_room', ...request }).catch(showError),
    join: (code, as) => joinRoom(code, as),
    resume: (code) => joinRoom(code, 'player'),
    replay: (code) => {
      app.replayWanted.add(code);
      joinRoom(code, 'spectator');
    },
  },
  playNow,
  createPlayComputer(),
  challenges,
);
lobby.setName(storedName());

// Move sounds: off until chosen, the choice kept in localStorage (sounds.js).
function showSoundChoice() {
  const on = soundsOn(localStorage);
  soundToggle.textContent = on ? t('sounds.on') : t('sounds.off');
  soundToggle.setAttribute('aria-pressed', String(on));
  soundToggle.title = t('sounds.label');
}
soundToggle.addEventListener('click', () => {
  setSoundsOn(localStorage, !soundsOn(localStorage));
  showSoundChoice();
});
showSoundChoice();
// The screen-reader mode: off until chosen, the choice kept in localStorage (screen_reader.js).
setupReaderToggle(document.getElementById('screen-reader-toggle'));
setupTopMenu(document.getElementById('top-menu-toggle'), document.getElementById('top-menu'));
// "Your turn: 3" in the header and "(3) " in the title: an account's games waiting for its move.
setupTurnBadge(
  document.getElementById('turn-badge'),
  document.getElementById('turn-announce'),
  turnCounter,
  openMyGames,
);
// This device's notifications (Web Push): the account area's settings, renewed after each
// welcome of the account, dropped when it signs out; a hidden tab tells its own news.
const pushDevice = createPushDevice(conn);
setupBackgroundNews(conn, turnCounter, pushDevice);
const leavingPush = () => pushDevice.signingOut(conn.identity?.account);
// Signing in or out switches identity: the page starts afresh with the new token, so rooms,
// seats and the lobby are those of the identity now in use.
const startAfresh = () => location.assign('/');
const account = createAccountPanel(document.getElementById('account'), {
  signUp: (name, password) => conn.signUp(name, password),
  signIn: (name, password) => conn.signIn(name, password).then(startAfresh),
  signOut: () =>
    leavingPush()
      .then(() => conn.signOut())
      .then(startAfresh),
  signOutEverywhere: () =>
    leavingPush()
      .then(() => conn.signOutEverywhere())
      .then(startAfresh),
  // The token stays: this page goes on as it is, signed in.
  changePassword: (password, newPassword, endOthers) =>
    conn.changePassword(password, newPassword, endOthers),
  // The same account, spelled anew: the header shows it at once.
  renameAccount: (name) =>
    conn.renameAccount(name).then((answer) => {
      showIdentity(conn.identity);
      return answer;
    }),
  exportData: () => conn.exportData(),
  myReports: () => conn.request({ type: 'my_reports' }),
  // The connection is a fresh guest's now (connection.js); the page starts afresh as one and
  // says the account was deleted.
  deleteAccount: (password) =>
    conn
      .deleteAccount(password)
      .then(() => pushDevice.dropped({ forget: true }))
      .then(() => {
        rememberNotice('accountDeleted');
        startAfresh();
      }),
  notifications: pushDevice,
});
conn.on('signed_out', (message) => {
  turnCounter.setCount(0);
  // A ban is said on the page that loads next (it lasts); any other end in a toast.
  if (signedOutByBan(message)) rememberNotice('banned');
  else toast(t('app.signedOutEverywhere'), 'info');
  // This device no longer hears the account's news: the browser drops its subscription.
  pushDevice.dropped().finally(startAfresh);
});

// --- the rules -------------------------------------------------------------------------------

// Protocol 2's snapshots name the position, and the rules in the page (the server's, compiled to
// WebAssembly) derive the board and the legal moves from it (app_state.js keepSnapshot). They
// load once, while the connection opens. Room messages are handled in the order they came: a
// snapshot that comes before the rules waits for them, and every room message after it waits in
// turn behind it.
let held = []; // room messages waiting for the rules, oldest first; null once they are loaded
const rulesReady = loadRules()
  .then(
    (rules) => {
      app.rules = rules;
    },
    (error) => {
      console.error('the rules module did not load, so rooms cannot be shown', error);
      toast(t('app.rulesFailed'), 'error');
    },
  )
  .then(() => {
    const waiting = held;
    held = null;
    for (const handle of waiting) {
      try {
        handle();
      } catch (error) {
        console.warn('listener failed', error);
      }
    }
  });

// `handle` as a room message's listener: at once, unless messages are waiting for the rules (or
// this one, `needsRules`, needs them and they are not there yet); then after those.
function inOrder(handle, needsRules = false) {
  return (...args) => {
    if (held === null || (!needsRules && held.length === 0)) handle(...args);
    else held.push(() => handle(...args));
  };
}

// --- connection ------------------------------------------------------------------------------

conn.on('state', (state) => {
  const online = state === 'online';
  offline.hidden = online;
  statusBadge.textContent = t(
    online ? 'app.online' : state === 'connecting' ? 'app.connecting' : 'app.offline',
  );
  statusBadge.className = `pill pill--${online ? 'online' : 'offline'}`;
  statusBadge.dataset.state = state; // the state whatever the language, for tests and styles
  document.body.classList.toggle('is-offline', !online);
  if (!online) app.disconnected();
  if (!online) playNow.setSeeking(null); // the server drops a seek with its connection
  if (app.roomView) app.roomView.setOnline(online);
});

// Who this is, in the header: the name (an account's links to its profile page) and the account
// area, from the last `welcome` (or the identity a rename changed).
function showIdentity(welcome) {
  whoBadge.replaceChildren(
    welcome.account
      ? el('a', { href: profilePath(welcome.account) }, nameInWords(welcome.name))
      : nameInWords(welcome.name),
  );
  account.update(welcome);
}

let welcomedAccount; // the account of the last welcome (null for a guest)
conn.on('welcome', async (welcome) => {
  showIdentity(welcome);
  lobby.setName(welcome.name);
  // Rated seeks need an account (welcome's `account`: the user name, absent for a guest), and
  // so do challenges, whose lists are asked for again after every welcome.
  challenges.setAccount(welcome.account || null);
  playNow.setSignedIn(Boolean(welcome.account));
  lobby.setSignedIn(Boolean(welcome.account));
  if (!welcome.account) turnCounter.setCount(0); // a guest has no count (a deleted account)
  const accountChanged = welcome.account !== welcomedAccount;
  welcomedAccount = welcome.account;
  // Notifications on for this account here: subscribed again (the endpoint may have changed).
  if (welcome.account) pushDevice.renew(welcome.account);
  if (!app.takeSync()) {
    // Signed up on this connection: the guest's games are the account's now, with its count.
    if (accountChanged && welcome.account) refreshMyGames();
    return;
  }
  // After every (re)connect: the catalogue, the live lobby, and the rooms this tab watches.
  try {
    if (!app.games.length) {
      app.games = (await conn.request({ type: 'list_games' })).games;
      lobby.setGames(app.games);
    }
    const listing = await conn.request({ type: 'list_rooms', subscribe: true });
    lobby.setRooms(listing.rooms, listing.seeks);
    challenges.setOpen(listing.open_challenges);
    refreshMyGames();
    // The lobby's events block; a server without events leaves it hidden.
    conn.request({ type: 'list_events' }).then(lobby.setEvents, () => lobby.setEvents(null));
    for (const code of app.watching()) {
      const membership = app.memberships.get(code);
      if (!membership || membership.as === 'spectator') {
        await conn.request({ type: 'join_room', room: code, as: 'spectator' }).catch((error) => {
          if (error.code !== 'offline') app.unwatch(code);
        });
      }
    }
    if (conn.state !== 'online') return; // redirected meanwhile: the next welcome carries on
    // The room asked for, else the one on screen, is joined (again): on another node, after a
    // redirect or a fall-back, nothing else would bring it back.
    const code = app.takeRoomToRejoin();
    if (code) {
      const membership = app.memberships.get(code);
      if (!membership && !storedName()) await invite(code);
      else await joinRoom(code, membership ? membership.as : 'player');
    }
  } catch (error) {
    if (error.code !== 'offline') showError(error);
  }
});

// A new guest refused from this network (an address block): said above the lobby until the
// page starts afresh, for instance once signed in (the sign-in works on the same connection).
conn.on('refused', (error) => {
  if (document.getElementById('address-refused')) return;
  const notice = el(
    'div',
    { id: 'address-refused', class: 'notice-banner', role: 'alert' },
    el('p', {}, errorInWords(error)),
  );
  document.querySelector('header.top').after(notice);
});

// The account's count of games waiting for its move changed (a move, a start, an end, a
// takeback; PROTOCOL.md "turns"), on any node: the header and the title follow at once, and
// "your games", when the lobby shows it, is asked again shortly for its order and marks.
conn.on('turns', (message) => {
  turnCounter.setCount(message.count);
  if (app.shown === null) refreshMyGamesSoon();
});

conn.on('rooms', (message) => {
  lobby.setRooms(message.rooms, message.seeks);
  challenges.setOpen(message.open_challenges);
});

// A seek was paired: `joined` and the snapshots follow; that room is opened.
conn.on('paired', (message) => {
  playNow.setSeeking(null);
  app.pairedRoom = message.room;
});

conn.on(
  'joined',
  inOrder((message) => {
    // A first join is followed by the recent chat; a repeated one by none, so its log stays.
    const fresh = !app.repeatsJoin(message);
    const showIt = app.joined(message);
    if (fresh && app.shown === message.room && app.roomView) app.roomView.clearChat();
    if (showIt) show(message.room);
  }),
);

// A snapshot's clock counts down from the moment it came, not from when it is drawn: it may have
// waited for the rules, or be drawn again later (its room shown again).
const snapshotInOrder = inOrder(showSnapshot, true);
conn.on('snapshot', (message) => snapshotInOrder(message, performance.now()));

// A snapshot as it came at `receivedAt` (protocol 2's is kept in protocol 1's shape).
function showSnapshot(message, receivedAt) {
  if (!app.rules && isCompactSnapshot(message)) return; // unreadable: the rules did not load
  const { before, snapshot } = app.keepSnapshot(message, receivedAt);
  if (app.shown === snapshot.room && soundsOn(localStorage)) {
    const membership = app.memberships.get(snapshot.room);
    play(
      moveSound(
        before,
        snapshot,
        membership && membership.as === 'player' ? membership.seat : null,
      ),
    );
  }
  if (app.shown === snapshot.room && app.roomView) {
    app.roomView.update(snapshot, app.memberships.get(snapshot.room));
    if (app.watchedInstead.delete(snapshot.room)) {
      if (snapshot.status === 'finished') app.replayWanted.add(snapshot.room);
      else toast(t('app.watchingFullRoom', { room: snapshot.room }));
    }
    openWantedReplay(snapshot);
  }
}

conn.on(
  'chat',
  inOrder((line) => {
    app.addChat(line);
    if (app.shown === line.room && app.roomView) app.roomView.addChat(line);
  }),
);

// A moderator hid a line (#31): it goes from the kept log and from the screen at once. In
// order, so it never overtakes the chat line it names.
conn.on(
  'chat_hidden',
  inOrder((message) => {
    app.hideChat(message.room, message.at);
    if (app.shown === message.room && app.roomView) app.roomView.hideChat(message.at);
  }),
);

conn.on(
  'left',
  inOrder((message) => app.forget(message.room)),
);

// The room on screen (or being joined, or just paired on another node, which holds the seat)
// lives on another node: the connection follows it there and joins it again once welcomed,
// keeping the view. Any other room is dropped from this tab (a seat stays with the identity), so
// rooms on different nodes cannot pull the tab to and fro. Handled at once, not through inOrder:
// `app.joining` names the room being joined only until its join's answer, this redirect, is in.
conn.on('redirect', (message) => {
  const code = message.room;
  if (code !== app.shown && code !== app.joining && code !== app.pairedRoom) {
    app.forget(code);
  } else if (conn.followRedirect(message)) {
    app.wanted = code;
  } else {
    toast(t('app.serverUnreachable', { room: code }), 'error');
    if (code === app.shown) showLobby();
    app.forget(code);
  }
});

conn.on('error', (message) => {
  // Refusals of requests are shown where they were made; these came without an id.
  if (message.id === undefined) toast(errorInWords(message), 'error');
});

// --- quick pairing ---------------------------------------------------------------------------

async function seek(request) {
  try {
    const answer = await conn.request({ type: 'seek', ...request });
    // A correspondence seek is listed as an open challenge (PROTOCOL.md "Challenges").
    if (answer.type === 'challenge_sent') playNow.setListed();
    // Shown until `paired` (which always follows this answer) or a cancel.
    else playNow.setSeeking(answer.seek);
  } catch (error) {
    if (isCorrespondence(request.clock)) toast(challengeRefusal(error), 'error');
    else showError(error);
  }
}

async function cancelSeek() {
  try {
    await conn.request({ type: 'cancel_seek' });
  } catch (error) {
    if (error.code !== 'no_seek') showError(error); // paired meanwhile: the room opens
  }
  playNow.setSeeking(null);
}

// --- rooms -----------------------------------------------------------------------------------

async function joinRoom(code, as) {
  app.joining = code;
  try {
    await conn.request({ type: 'join_room', room: code, as });
  } catch (error) {
    if (error.code === 'redirected') return; // joined again on its node (conn 'redirect')
    if (as === 'player' && error.code === 'room_full') {
      // A full or running room is watched instead, and the visitor is told so once its snapshot
      // comes; a finished one opens its replay, which is what a visitor of its link came for.
      app.watchedInstead.add(code);
      await joinRoom(code, 'spectator');
      await rulesReady; // its `joined` may have waited behind a snapshot
      if (!app.memberships.has(code)) app.watchedInstead.delete(code);
      return;
    }
    showError(error);
    if (app.shown === null) setAddress(null);
  } finally {
    if (app.joining === code) app.joining = null;
  }
}

// A first visit through a link, without a name yet: the room is joined as a spectator (not
// shown) before the invitation asks for a name, so a wrong or expired code is told at once
// instead of after the name. Accepting joins again, as a player or to watch.
async function invite(code) {
  app.joining = code;
  app.previewing = code;
  try {
    await conn.request({ type: 'join_room', room: code, as: 'spectator' });
  } catch (error) {
    if (error.code === 'no_such_room') {
      toast(t('app.noSuchRoom', { room: code }), 'error');
    } else {
      showError(error);
    }
    if (error.code !== 'redirected' && app.shown === null) setAddress(null);
    return;
  } finally {
    app.previewing = null;
    if (app.joining === code) app.joining = null;
  }
  lobby.showInvite(code);
}

function show(code) {
  const snapshot = app.snapshots.get(code);
  const previous = app.roomView ? app.shown : null;
  app.shown = code;
  setAddress(code);
  lobbyHost.hidden = true;
  roomHost.hidden = false;
  if (!app.roomView) {
    app.roomView = createRoomView(
      roomHost,
      {
        move: (token, version) =>
          conn.request({ type: 'move', room: app.shown, move: token, version }).catch((error) => {
            if (error.code !== 'stale_version') showError(error);
          }),
        leave: leaveShown,
        takeSeat: (seat) =>
          conn.request({ type: 'join_room', room: app.shown, as: 'player', seat }).catch(showError),
        addBot: (seat, level) =>
          conn.request({ type: 'add_bot', room: app.shown, seat, level }).catch(showError),
        send: (type, fields = {}) =>
          conn.request({ type, room: app.shown, ...fields }).catch((error) => {
            showError(error, type);
            throw error;
          }),
        goto: (next) => joinRoom(next, 'player'),
        // Reports (room/room_reports.js): only an account sees them; refusals are said in the form.
        identity: () => conn.identity,
        report: (request) => conn.request(request),
        // Hiding a line (room/chat_hiding.js): a moderator's; refusals are said in its form.
        hideChat: (request) => conn.request(request),
      },
      (id) => lobby.gameTitle(id),
    );
  }
  app.roomView.setOnline(conn.state === 'online');
  if (app.shown !== previous) {
    app.roomView.clearChat();
    for (const line of app.chats.get(code) || []) app.roomView.addChat(line);
  }
  if (snapshot) app.roomView.update(snapshot, app.memberships.get(code));
  if (app.shown !== previous) window.scrollTo(0, 0); // a room opens at its top
  if (snapshot) openWantedReplay(snapshot);
}

function openWantedReplay(snapshot) {
  if (app.roomView && app.takeWantedReplay(snapshot)) app.roomView.openReplay();
}

// "Your games": asked again whenever the lobby comes back, so it shows what just changed. Its
// answer carries an account's count of games waiting for its move (none for a guest: 0).
function refreshMyGames() {
  clearTimeout(myGamesTimer);
  conn
    .request({ type: 'my_games' })
    .then((mine) => {
      turnCounter.setCount(conn.identity?.account ? mine.your_turn : 0);
      lobby.setMyGames(mine);
    })
    .catch((error) => {
      if (error.code !== 'offline') showError(error);
    });
}

// After `turns`: one request for a burst of them (a move changes the count of both players).
let myGamesTimer = null;
function refreshMyGamesSoon() {
  clearTimeout(myGamesTimer);
  myGamesTimer = setTimeout(() => {
    if (app.shown === null && conn.state === 'online') refreshMyGames();
  }, 300);
}

// The header's turn badge followed: the lobby (leaving the room on screen as its Back to the
// lobby does), "your games" in view.
function openMyGames() {
  if (app.shown !== null) leaveShown();
  lobby.showMyGames();
}

// Back to the lobby. A player keeps a running game's seat (the server holds it); a spectator and
// a player of a room that has not started leave it.
async function leaveShown() {
  const code = app.shown;
  const keep = app.keepsSeat(code);
  showLobby();
  if (code && !keep) {
    app.unwatch(code);
    await conn.request({ type: 'leave_room', room: code }).catch(() => {});
    if (app.shown === null && conn.state === 'online') refreshMyGames(); // the seat is gone now
  }
}

function showLobby() {
  app.shown = null;
  if (app.roomView) app.roomView.destroy();
  app.roomView = null;
  roomHost.hidden = true;
  lobbyHost.hidden = false;
  setAddress(null);
  if (conn.state === 'online') refreshMyGames();
}

// `request`: the refused request's type, when its refusal has words of its own (a takeback's).
function showError(error, request = null) {
  // A redirected request did nothing; its room is joined again on the node that serves it.
  if (error.code === 'redirected') return;
  toast(errorInWords(error, request), 'error');
}

// --- the address bar -------------------------------------------------------------------------

function codeFromAddress() {
  const path = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,64})$/);
  if (path) return path[1].toUpperCase();
  const hash = location.hash.match(/^#([A-Za-z0-9]{1,64})$/);
  return hash ? hash[1].toUpperCase() : null;
}

function setAddress(code) {
  const target = code ? `/r/${code}` : '/';
  if (location.pathname !== target || location.hash || location.search) {
    history.replaceState(null, '', target);
  }
}

conn.start();
