// One room on screen: header (game, code, share link, spectators), the result banner, the board
// from web-client/boards, and the players panel with colours, connection and seat actions.

import { el, describeOptions, rulesLink, toast } from '../common/dom.js';
import { LOOKS, pieceIcon } from '../board/svg.js';
import { remaining, formatMs, describeClock } from '../common/clock.js';
import { createLifePanel } from './life.js';
import { createReplay } from '../replay/replay.js';
import { createMoveList } from './move_list.js';
import { boardFor, gameResultInWords, seatName } from '../games/index.js';
import { t, tn } from '../i18n/index.js';
import { botLevelInWords, nameInWords } from '../common/server_words.js';
import { noResultEnding } from '../common/result_words.js';
import { createRoomReader } from './reader_panel.js';
import { keepFocus } from '../common/keep_focus.js';
import { createAnalyseLink, showAnalyseLink } from '../analysis/analyse_link.js';

// Builds the room view into `host`. `actions` = { move(token, version), leave(), takeSeat(seat),
// addBot(seat, level), send(type, fields), goto(code) }; `gameTitle(id)` names a game.
export function createRoomView(host, actions, gameTitle) {
  let snapshot = null;
  let membership = { as: 'spectator', seat: null };
  let board = null;
  let boardGame = null;
  let receivedAt = 0;
  let clockCells = [];
  let replay = null;
  let offline = false; // no connection: nothing can be played, nobody's presence is known
  // The computer strength chosen last: the seat tools are rebuilt by every snapshot (each added
  // computer sends one), and would otherwise fall back to the default.
  const botChoice = { level: 'medium' };
  const ticker = setInterval(() => tick(snapshot, receivedAt, clockCells), 200);
  const view = buildLayout(host, {
    openReplay,
    copyLink: () => snapshot && copyRoomLink(snapshot.room),
    leave: () => actions.leave(),
  });
  const moves = createMoveList(host.querySelector('.room-side'), undefined, (entries) => {
    if (board && board.setHistory) board.setHistory(entries);
    life.setHistory(entries); // who moved last: a takeback is theirs to ask
  });
  // The board's clicks and the screen-reader mode's move form send through this one path.
  const playMove = (token) => actions.move(token, snapshot.version);
  const reader = createRoomReader(view.readerHost, { move: playMove });
  const life = createLifePanel(host.querySelector('.room-side'), actions); // its send and goto

  function openReplay() {
    if (replay || !snapshot || !snapshot.game_id) return;
    host.querySelector('.room-body').hidden = true;
    view.replayButton.hidden = true;
    replay = createReplay(host.querySelector('#replay-host'), snapshot.game_id, closeReplay);
  }

  function closeReplay() {
    if (!replay) return;
    replay.destroy();
    replay = null;
    host.querySelector('.room-body').hidden = false;
    renderHeader(view, snapshot, membership, gameTitle, false);
    view.replayButton.focus();
  }

  function ensureBoard() {
    const game = snapshot.state.game;
    if (board && boardGame === game) return;
    if (board) board.destroy();
    view.boardHost.replaceChildren();
    boardGame = game;
    const module = boardFor(game);
    board = module
      ? module.createBoard(view.boardHost, { onMove: playMove })
      : placeholderBoard(view.boardHost);
  }

  // The parts that depend on the snapshot and the connection.
  function draw() {
    clockCells = renderPlayers(view.players, snapshot, membership, receivedAt, offline);
    renderClockNote(view.clockNote, snapshot, membership);
    board.update(snapshot, {
      seat: membership.as === 'player' ? membership.seat : null,
      offline,
    });
    drawSeatTools(view, snapshot, membership, actions, botChoice);
    life.update(snapshot, membership);
    reader.update(snapshot, membership, offline);
  }

  return {
    get room() {
      return snapshot ? snapshot.room : null;
    },
    // Opens the finished game's replay (a link to it, "your games"); nothing before the end.
    openReplay,
    update(next, member) {
      if (replay && snapshot && next.room !== snapshot.room) closeReplay();
      snapshot = next;
      membership = member || membership;
      receivedAt = next.receivedAt ?? performance.now();
      markState(host, snapshot, membership);
      ensureBoard();
      renderHeader(view, snapshot, membership, gameTitle, Boolean(replay));
      renderBanner(view.banner, snapshot, membership);
      draw();
      moves.update(snapshot);
    },
    // The connection went (false) or came back (true); the last snapshot is drawn again.
    setOnline(online) {
      if (offline === !online) return;
      offline = !online;
      if (snapshot) draw();
    },
    addChat: (line) => life.addChat(line),
    hideChat: (at) => life.hideChat(at),
    clearChat() {
      life.clearChat();
    },
    destroy() {
      clearInterval(ticker);
      moves.destroy();
      reader.destroy();
      if (replay) replay.destroy();
      replay = null;
      if (board) board.destroy();
      board = null;
      host.replaceChildren();
      for (const key of Object.keys(host.dataset)) delete host.dataset[key];
    },
  };
}

// The state as data attributes, for styling hooks and tests.
function markState(host, snapshot, membership) {
  Object.assign(host.dataset, {
    version: String(snapshot.version),
    status: snapshot.status,
    toMove: String(snapshot.state.to_move),
    room: snapshot.room,
    seat: membership.as === 'player' ? String(membership.seat) : '',
  });
}

// Only the clock texts change between snapshots.
function tick(snapshot, receivedAt, clockCells) {
  if (!snapshot || !snapshot.clock) return;
  if (snapshot.clock.running === null || snapshot.clock.running === undefined) return;
  const left = remaining(snapshot.clock, receivedAt);
  clockCells.forEach((cell, i) => {
    if (cell) {
      cell.textContent = formatMs(left[i]);
      cell.classList.toggle('player-clock--low', left[i] !== null && left[i] < 20000);
    }
  });
}

// Copies the room's shareable link, or shows it when the clipboard refuses.
async function copyRoomLink(room) {
  const link = `${location.origin}/r/${room}`;
  try {
    await navigator.clipboard.writeText(link);
    toast(t('room.linkCopied'));
  } catch (e) {
    toast(t('room.shareLink', { link }));
  }
}

// The room's elements in `host`; `handlers` = { openReplay, copyLink, leave }.
function buildLayout(host, handlers) {
  const title = el('h1', { class: 'room-title', id: 'room-title' });
  const code = el('span', { class: 'room-code', id: 'room-code' });
  const options = el('span', { class: 'room-options' });
  const statusPill = el('span', { class: 'pill', id: 'room-status' });
  const watchers = el('span', { class: 'pill pill--quiet', id: 'spectator-count' });
  const roleText = el('span', { class: 'pill pill--quiet', id: 'room-role' });
  const replayButton = el(
    'button',
    {
      type: 'button',
      class: 'button button--small',
      id: 'replay-button',
      hidden: true,
      onclick: handlers.openReplay,
    },
    t('room.replay'),
  );
  const analyseLink = createAnalyseLink('analyse-link');
  const copyButton = el(
    'button',
    { type: 'button', class: 'button button--small', onclick: handlers.copyLink },
    t('room.copyLink'),
  );
  const leaveButton = el(
    'button',
    {
      type: 'button',
      class: 'button button--small',
      id: 'leave-button',
      onclick: handlers.leave,
    },
    t('room.backToLobby'),
  );
  const banner = el('div', {
    class: 'result-banner',
    id: 'result-banner',
    role: 'status',
    hidden: true,
  });
  const boardHost = el('div', { class: 'board-host', id: 'board-host' });
  const readerHost = el('div', { class: 'reader-host', id: 'reader-host', hidden: true });
  const rulesHost = el('span', { class: 'room-rules' });
  const players = el('ol', { class: 'players', id: 'players', 'aria-label': t('room.players') });
  const seatTools = el('div', { class: 'seat-tools' });
  const clockNote = el('p', { class: 'hint clock-note', id: 'clock-note', hidden: true });
  const headButtons = [rulesHost, replayButton, analyseLink, copyButton, leaveButton];

  host.replaceChildren(
    el(
      'section',
      { class: 'room', 'aria-labelledby': 'room-title' },
      el(
        'header',
        { class: 'room-head' },
        el('div', { class: 'room-id' }, title, code, options),
        el('div', { class: 'room-badges' }, statusPill, roleText, watchers),
        el('div', { class: 'room-buttons' }, headButtons),
      ),
      banner,
      el('div', { class: 'replay-host', id: 'replay-host' }),
      el(
        'div',
        { class: 'room-body' },
        readerHost,
        boardHost,
        el(
          'aside',
          { class: 'room-side card', 'aria-label': t('room.side') },
          el('h2', {}, t('room.players')),
          players,
          clockNote,
          seatTools,
        ),
      ),
    ),
  );
  return {
    title,
    code,
    options,
    rulesHost,
    statusPill,
    watchers,
    roleText,
    replayButton,
    analyseLink,
    banner,
    boardHost,
    readerHost,
    players,
    seatTools,
    clockNote,
  };
}

function renderHeader(view, snapshot, membership, gameTitle, replaying) {
  const { title, code, options, statusPill, watchers, replayButton, roleText } = view;
  const state = snapshot.state;
  title.textContent = gameTitle(state.game);
  if (view.rulesHost.dataset.game !== state.game) {
    view.rulesHost.dataset.game = state.game;
    view.rulesHost.replaceChildren(
      rulesLink(state.game, { class: 'button button--small', id: 'room-rules-link' }),
    );
  }
  code.textContent = snapshot.room;
  code.setAttribute('aria-label', t('room.roomCode', { room: snapshot.room }));
  options.textContent = [describeOptions(state.options, state.game), describeClock(snapshot.clock)]
    .filter(Boolean)
    .join(' · ');
  options.title = options.textContent; // the whole text where a narrow header cuts it
  const statusKey = `room.status.${snapshot.status}`;
  const statusWords = t(statusKey);
  statusPill.textContent = statusWords === statusKey ? snapshot.status : statusWords;
  statusPill.className = `pill pill--${snapshot.status}`;
  watchers.textContent = tn('room.spectators', snapshot.spectators);
  replayButton.hidden = replaying || !snapshot.game_id || !snapshot.result;
  // The replay has its own link, for the position it shows.
  const record = snapshot.game_id ? { id: snapshot.game_id, ply: snapshot.version } : null;
  showAnalyseLink(
    view.analyseLink,
    state.game,
    state.position,
    !replaying && snapshot.result,
    record,
  );
  roleText.textContent =
    membership.as === 'player'
      ? t('room.youPlay', { seat: colourOf(state, membership.seat, 'room.seatLower') })
      : t('room.watching');
}

function renderBanner(banner, snapshot, membership) {
  const seatLabel = (i) => seatLabelOf(snapshot, i);
  const state = snapshot.state;
  const result = snapshot.result;
  if (!result) {
    banner.hidden = true;
    return;
  }
  const winners = result.winners || [];
  const ending = noResultEnding(result);
  let headline;
  if (ending) headline = t(`room.${ending}`);
  else if (result.draw || winners.length === 0) headline = t('room.draw');
  else if (membership.as === 'player' && winners.includes(membership.seat)) {
    headline = winners.length > 1 ? t('room.youShare') : t('room.youWin');
  } else if (membership.as === 'player') {
    headline = t('room.youLose', { seat: seatLabel(winners[0]) });
  } else if (winners.length > 1) {
    headline = t('room.manyWin', { seats: winners.map(seatLabel).join(t('room.and')) });
  } else headline = t('room.oneWins', { seat: seatLabel(winners[0]) });
  banner.replaceChildren(
    el('strong', { class: 'result-headline' }, headline),
    el('span', { class: 'result-reason' }, resultLine(snapshot)),
    el('span', { class: 'result-scores' }, scoresLine(result, state.scores, seatLabel)),
  );
  banner.className =
    'result-banner' +
    (membership.as === 'player' && winners.includes(membership.seat) ? ' result-banner--win' : '');
  banner.hidden = false;
}

// How the game ended in words: who resigned (by name), or the rules' ending.
function resultLine(snapshot) {
  return gameResultInWords(snapshot.state.game, snapshot.result, {
    players: snapshot.seats.map((holder) => (holder && holder.name) || null),
    count: snapshot.state.seats.length,
  });
}

// The scores under a result, only when they decided it: after a resignation, a timeout, a claim
// or an agreed draw they are the position's, not the result's, and a game that scores nothing
// (all zero) has none to show.
function scoresLine(result, scores, seatLabel) {
  const byRules = !result.by || result.by === 'rules';
  if (!byRules || !scores || !scores.some((s) => s !== 0)) return '';
  const list = scores.map((score, i) => t('room.scoreItem', { seat: seatLabel(i), score }));
  return t('room.scores', { list: list.join(', ') });
}

// "Black (Ann)", or the colour alone for an empty seat.
function seatLabelOf(snapshot, i) {
  const holder = snapshot.seats[i];
  const colour = colourOf(snapshot.state, i);
  return holder ? t('room.seatWithName', { colour, name: nameInWords(holder.name) }) : colour;
}

// Seat `i`'s name in the client's language ("Black"), else "Seat n" (`seatKey`: 'room.seat' or
// 'room.seatLower').
function colourOf(state, i, seatKey = 'room.seat') {
  return seatName(state.game, i, state.seats.length, state.seats[i]) || t(seatKey, { n: i + 1 });
}

// Returns the clock elements by seat, for the ticker. While `offline` the snapshot's presence is
// stale: a person's connection is shown as unknown.
function renderPlayers(players, snapshot, membership, receivedAt, offline) {
  const state = snapshot.state;
  const clock = snapshot.clock && snapshot.clock.type !== 'none' ? snapshot.clock : null;
  const left = clock ? remaining(clock, receivedAt) : [];
  const clockCells = [];
  players.replaceChildren(
    ...snapshot.seats.map((holder, i) => {
      const clockCell =
        clock && left[i] !== null && left[i] !== undefined
          ? el(
              'span',
              {
                class: `player-clock${clock.running === i ? ' player-clock--running' : ''}`,
                'aria-label': t('room.timeLeft', { seat: colourOf(state, i) }),
              },
              formatMs(left[i]),
            )
          : null;
      clockCells[i] = clockCell;
      const toMove = snapshot.status === 'playing' && state.to_move === i;
      const mine = membership.as === 'player' && membership.seat === i;
      let connection = !holder ? 'open' : holder.connected ? 'online' : 'offline';
      if (holder && !holder.bot && offline) connection = mine ? 'offline' : 'unknown';
      const item = el(
        'li',
        {
          class: `player player--seat${i}${toMove ? ' player--to-move' : ''}${mine ? ' player--me' : ''}`,
          'data-seat': String(i),
        },
        el(
          'span',
          { class: 'seat-mark', 'aria-hidden': 'true' },
          pieceIcon(seatLook(state, i), 22),
        ),
        el(
          'span',
          { class: 'player-text' },
          el('span', { class: 'player-colour' }, colourOf(state, i)),
          el(
            'span',
            { class: 'player-name' },
            holder
              ? mine
                ? t('room.nameYou', { name: nameInWords(holder.name) })
                : nameInWords(holder.name)
              : t('room.openSeat'),
          ),
        ),
        el(
          'span',
          { class: 'player-status' },
          el(
            'span',
            { class: `conn conn--${connection}`, title: t(`room.connection.${connection}`) },
            el('span', { class: 'conn-dot', 'aria-hidden': 'true' }),
            holder && holder.bot
              ? t('room.computer', { level: botLevelInWords(holder.bot) })
              : t(`room.connection.${connection}`),
          ),
          toMove ? el('span', { class: 'to-move-badge' }, t('room.toMove')) : null,
          holder && holder.retired
            ? el('span', { class: 'player-badge' }, t('room.retired'))
            : null,
          clockCell,
        ),
      );
      item.setAttribute(
        'aria-label',
        [
          colourOf(state, i),
          holder ? nameInWords(holder.name) : t('room.openSeatLower'),
          mine ? t('room.you') : '',
          t(`room.connection.${connection}`),
          toMove ? t('room.toMove') : '',
        ]
          .filter(Boolean)
          .join(', '),
      );
      return item;
    }),
  );
  return clockCells;
}

// When the clock starts (PROTOCOL.md "Clocks"): with the game, as soon as the last seat is taken,
// not at the first move; said before the game and until the first move, so nobody is surprised
// to find their time running.
function renderClockNote(note, snapshot, membership) {
  const clock = snapshot.clock;
  let text = '';
  if (clock && clock.type !== 'none' && snapshot.status === 'waiting') {
    text = t('room.clockStarts');
  } else if (clock && snapshot.status === 'playing' && snapshot.version === 0) {
    const running = clock.running;
    if (running !== null && running !== undefined) {
      const mine = membership.as === 'player' && membership.seat === running;
      text = mine
        ? t('room.yourClockRuns')
        : t('room.theirClockRuns', { seat: seatLabelOf(snapshot, running) });
    }
  }
  note.textContent = text;
  note.hidden = !text;
}

// The seat tools, keeping a keyboard user's focus: one who filled the last seat carries on at
// the board.
function drawSeatTools(view, snapshot, membership, actions, botChoice) {
  keepFocus(
    view.seatTools,
    () => renderSeatTools(view.seatTools, snapshot, membership, actions, botChoice),
    () => view.boardHost.querySelector('[tabindex="0"], button:not([disabled])'),
  );
}

// The seat tools of a waiting room: free seats to take, or a computer to add at the chosen
// strength (`botChoice.level`, kept across snapshots).
function renderSeatTools(seatTools, snapshot, membership, actions, botChoice) {
  seatTools.replaceChildren();
  if (snapshot.status !== 'waiting') return;
  const free = snapshot.seats.map((s, i) => (s ? -1 : i)).filter((i) => i >= 0);
  if (!free.length) return;
  if (membership.as === 'spectator') {
    seatTools.append(
      el('p', { class: 'hint' }, t('room.freeSeats')),
      el(
        'div',
        { class: 'row row--wrap' },
        free.map((i) =>
          el(
            'button',
            {
              type: 'button',
              class: 'button button--primary button--small',
              onclick: () => actions.takeSeat(i),
            },
            t('room.sitAs', { seat: colourOf(snapshot.state, i, 'room.seatLower') }),
          ),
        ),
      ),
    );
    return;
  }
  const level = el(
    'select',
    {
      id: 'bot-level',
      'aria-label': t('room.computerStrength'),
      onchange: (event) => {
        botChoice.level = event.target.value;
      },
    },
    ['easy', 'medium', 'hard', 'expert'].map((name) =>
      el('option', { value: name, selected: name === botChoice.level }, botLevelInWords(name)),
    ),
  );
  seatTools.append(
    el('p', { class: 'hint' }, t('room.shareOrBot')),
    el(
      'div',
      { class: 'row row--wrap' },
      el('label', { for: 'bot-level' }, t('room.computerLabel')),
      level,
      el(
        'button',
        {
          type: 'button',
          class: 'button button--small',
          id: 'add-bot',
          onclick: () => actions.addBot(free[0], level.value),
        },
        t('room.addTo', { seat: colourOf(snapshot.state, free[0], 'room.seatLower') }),
      ),
    ),
  );
}

// The piece look of a seat: its colour name when the boards know it ("Black", "Red"), else the
// boards' two neutral colours. Every look has its own shape, so seats differ without colour.
function seatLook(state, seat) {
  const name = String(state.seats[seat] || '').toLowerCase();
  if (Object.prototype.hasOwnProperty.call(LOOKS, name)) return name;
  return ['orange', 'sky', 'red', 'blue'][seat] || 'black';
}

// Shown for a game that has no board module yet.
function placeholderBoard(host) {
  const box = el('div', { class: 'placeholder-board' }, t('room.noBoard'));
  host.append(box);
  return {
    update() {},
    destroy() {
      box.remove();
    },
  };
}
