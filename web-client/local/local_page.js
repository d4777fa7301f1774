// A game against the computer, /play/<game>?p=<notation>&level=<level>&seat=<n> (address.js),
// played entirely in the browser: the rules compiled to WebAssembly (engine/rules.js) answer
// every question, the engine's worker (engine/engine.js) chooses the computer's moves at the
// level asked, dice are rolled here (dice.js). It needs no server, so once the offline worker
// has kept the client's files it works with the network off. The board, the screen-reader panel
// and the result's words are the room's.

import { el } from '../common/dom.js';
import { fillPageFrame } from '../common/page_frame.js';
import { setupReaderToggle } from '../common/screen_reader.js';
import { registerOfflineWorker } from '../common/offline.js';
import { createRoomReader } from '../room/reader_panel.js';
import {
  boardFor,
  gameResultInWords,
  gameTexts,
  isGame,
  moveWords,
  seatName,
} from '../games/index.js';
import { t } from '../i18n/index.js';
import { loadRules } from '../engine/rules.js';
import { createEngine } from '../engine/engine.js';
import { analysisPath } from '../analysis/address.js';
import { onlyPass } from '../analysis/lines.js';
import { LocalGame } from './local_game.js';
import { buildLayout } from './layout.js';
import { playPath, readPlayAddress } from './address.js';
import { randomSeed, rollDice } from './dice.js';
import { setBaseTitle } from '../common/turn_counter.js';

fillPageFrame('offline.documentTitle');
setupReaderToggle(document.getElementById('screen-reader-toggle'));
registerOfflineWorker();

const page = document.getElementById('local');
const asked = readPlayAddress(location.pathname, location.search);
if (asked && isGame(asked.game)) openGame(asked);
else fail(t('offline.unknownGame', { id: location.pathname }));

function fail(message) {
  page.replaceChildren(
    el('p', { class: 'local-error', role: 'alert' }, message),
    el('a', { href: '/', class: 'button' }, t('room.backToLobby')),
  );
}

async function openGame({ game: id, position, level, seat }) {
  setBaseTitle(t('offline.pageTitle', { title: gameTexts(id).title }));
  page.replaceChildren(el('p', { class: 'hint' }, t('offline.loading')));
  let game;
  try {
    const rules = await loadRules();
    const start = position || rules.start(id).position;
    game = new LocalGame(
      rules,
      { position: start, seat, level },
      { roll: rollDice, seed: randomSeed },
    );
    if (game.state.game !== id) throw new Error(t('offline.otherGame', { game: game.state.game }));
    if (seat >= game.state.seats.length) game.seat = 0;
  } catch (error) {
    fail(t('offline.noRules', { error: error.message }));
    return;
  }
  createLocalGame(page, game, { id, start: game.position, level });
}

// The snapshot the game's board and the reader draw for the game's state, as a room's would be.
function snapshotOf(game) {
  const state = game.state;
  const last = game.moves.at(-1);
  return {
    type: 'snapshot',
    room: '',
    version: game.moves.length,
    status: game.over ? 'finished' : 'playing',
    seats: null,
    spectators: 0,
    last_move: last ? last.token : null,
    forced_passes: 0,
    state,
    result: state.result,
  };
}

function createLocalGame(host, game, { id, start, level }) {
  const seatOf = (state, seat) => seatName(id, seat, state.seats.length, state.seats[seat]);
  const engine = createEngine();
  let thinking = false;
  let lastWords = ''; // the last move in words, said before the status

  const view = buildLayout(host, {
    title: t('offline.pageTitle', { title: gameTexts(id).title }),
    against: t('offline.against', {
      level: t(`bots.levels.${level}`),
      seat: seatOf(game.state, game.seat),
    }),
    againPath: playPath(id, { position: start, level, seat: game.seat }),
    onPass: () => enter('pass'),
  });
  const { status, error, boardHost, readerHost, pass, moves } = view;
  const board = boardFor(id).createBoard(boardHost, { onMove: (request) => enter(request) });
  const reader = createRoomReader(readerHost, { move: (request) => enter(request) });

  function enter(request) {
    if (!game.playersTurn || thinking) return;
    const played = game.move(request);
    if (played.refusal) {
      error.textContent = t('analysis.refused', { reason: played.refusal });
      draw();
      return;
    }
    error.textContent = '';
    listMove();
    carryOn();
  }

  // The computer plays until it is the player's turn or the game is over.
  async function carryOn() {
    while (!game.over && !game.playersTurn) {
      thinking = true;
      draw();
      let played;
      try {
        played = await game.computerMoves(engine);
      } catch (failure) {
        played = { refusal: failure.message };
      }
      thinking = false;
      if (played.refusal) {
        error.textContent = t('offline.engineFailed', { error: played.refusal });
        break;
      }
      listMove();
    }
    draw();
  }

  function listMove() {
    const { token, seat, before } = game.moves.at(-1);
    const words = moveWords(id, token, seatOf(before, seat));
    moves.append(el('li', {}, words));
    lastWords = words;
  }

  function draw() {
    const snapshot = snapshotOf(game);
    const state = game.state;
    board.update(snapshot, { seat: game.seat });
    reader.update(snapshot, { as: 'player', seat: game.seat }, false);
    pass.hidden = !(game.playersTurn && onlyPass(state));
    host.dataset.position = game.position;
    host.dataset.status = snapshot.status;
    let line;
    if (game.over) line = t('offline.over');
    else if (thinking) line = t('offline.thinking');
    else line = t('offline.yourMove', { seat: seatOf(state, game.seat) });
    status.textContent = lastWords ? `${lastWords}. ${line}` : line;
    if (state.result) engine.terminate();
    showResult(view, { id, game, seatOf });
  }

  carryOn();
}

// The result banner and the links after the game, once it is over.
function showResult({ banner, after, analyse }, { id, game, seatOf }) {
  const state = game.state;
  const result = state.result;
  banner.hidden = after.hidden = !result;
  if (!result) return;
  const winners = result.winners || [];
  let headline;
  if (result.draw || winners.length === 0) headline = t('room.draw');
  else if (winners.includes(game.seat)) {
    headline = winners.length > 1 ? t('room.youShare') : t('room.youWin');
  } else headline = t('room.youLose', { seat: seatOf(state, winners[0]) });
  const reason = gameResultInWords(id, result, { count: state.seats.length });
  banner.replaceChildren(
    el('strong', { class: 'result-headline' }, headline),
    el('span', { class: 'result-reason' }, reason),
  );
  banner.className = `result-banner${winners.includes(game.seat) ? ' result-banner--win' : ''}`;
  analyse.href = analysisPath(id, game.position);
}
