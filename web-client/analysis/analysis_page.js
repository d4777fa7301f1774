// The analysis board, /analysis/<game>?p=<notation>: a position set up from a notation
// (docs/rules.md §6), from the start or from a finished game, moves entered for whichever side is
// to move, back and forward, every line kept in a variation tree. The rules run in the browser
// (engine/rules.js, the WebAssembly build of rules/): legal moves, applying a token, the state and
// its notation are theirs; this page keeps the lines (lines.js) and draws them with the game's
// own board. No connection to the server is needed.

import { el, toast } from '../common/dom.js';
import { fillPageFrame } from '../common/page_frame.js';
import { setupReaderToggle } from '../common/screen_reader.js';
import { createRoomReader } from '../room/reader_panel.js';
import { GAME_IDS, boardFor, gameTexts, isGame, moveWords, seatName } from '../games/index.js';
import { t } from '../i18n/index.js';
import { loadRules } from '../engine/rules.js';
import { AnalysisLines, onlyPass, refusalOf } from './lines.js';
import { buildLayout } from './layout.js';
import { createMoveTreeView } from './move_tree_view.js';
import { createDiceEntry } from './dice_entry.js';
import { createEnginePanel } from './engine_panel.js';
import { createReviewPanel } from './review_panel.js';
import { analysisPath, gameOfPath, positionOfSearch, recordOfSearch } from './address.js';
import { setBaseTitle } from '../common/turn_counter.js';

fillPageFrame('analysis.documentTitle');
setupReaderToggle(document.getElementById('screen-reader-toggle'));

const page = document.getElementById('analysis');
const asked = gameOfPath(location.pathname);
if (asked && isGame(asked)) openBoard(asked);
else showIndex(asked || location.pathname);

async function openBoard(game) {
  setBaseTitle(t('analysis.pageTitle', { title: gameTexts(game).title }));
  page.replaceChildren(el('p', { class: 'hint' }, t('analysis.loading')));
  let rules;
  try {
    rules = await loadRules();
  } catch (error) {
    page.replaceChildren(
      el(
        'p',
        { class: 'analysis-error', role: 'alert' },
        t('analysis.noRules', { error: error.message }),
      ),
    );
    return;
  }
  const lines = new AnalysisLines(rules, game);
  const wanted = positionOfSearch(location.search);
  const record = recordOfSearch(location.search);
  const loaded = record ? await loadGame(lines, record, wanted) : null;
  createAnalysis(page, lines, loaded ? '' : wanted, loaded);
}

// The finished game `record` names ({ id, ply }) as `lines`' main line, at its `ply`th position
// when that is notation `wanted`, else at the last one that is. Resolves with the game's id, the
// tree and the tree's node of each of its positions ({ id, tree, path }), or null when it could
// not be loaded: offline, or when the server has no such game, the board only sets up `wanted`.
async function loadGame(lines, record, wanted) {
  let body;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(record.id)}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    body = await response.json();
  } catch (error) {
    return null;
  }
  if (refusalOf(lines.loadRecord(body))) return null;
  const { tree } = lines;
  const path = [0, ...tree.pathTo(tree.nodes.length - 1)];
  const at = path[record.ply];
  const matching = path.filter((id) => tree.node(id).position === wanted);
  if (at !== undefined && tree.node(at).position === wanted) tree.goTo(at);
  else if (matching.length > 0) tree.goTo(matching[matching.length - 1]);
  else tree.last();
  return { id: record.id, tree, path };
}

// The address of the node `lines` is at: with the game's id and ply while it is one of the loaded
// game's positions, so that the link and a reload keep the game; its notation alone elsewhere
// (a variation, or a position set up since).
function addressOf(lines, loaded) {
  const { tree, game } = lines;
  const ply = loaded && loaded.tree === tree ? loaded.path.indexOf(tree.current) : -1;
  return analysisPath(game, tree.position, ply >= 0 ? { id: loaded.id, ply } : null);
}

// The snapshot the game's board draws for `state`, reached by `ply` tokens, the last `lastMove`:
// no room, nobody seated (no seats).
function snapshotOf(state, ply, lastMove) {
  return {
    type: 'snapshot',
    room: '',
    version: ply,
    status: state.status === 'ongoing' ? 'playing' : 'finished',
    seats: null,
    spectators: 0,
    last_move: lastMove,
    forced_passes: 0,
    state,
    result: null,
  };
}

// Seat `seat` of `state` of `game` in the client's words ("White").
function seatOf(game, state, seat) {
  return seatName(game, seat, state.seats.length, state.seats[seat]);
}

// The engine's panel and the game review's in `view`, for `lines`; `play(request)` enters a
// request, `goTo(id)` shows node `id`.
function createEnginePanels(view, lines, { play, goTo }) {
  const named = (state, seat) => seatOf(lines.game, state, seat);
  return {
    engine: createEnginePanel(view.engineHost, {
      levelPlayouts: (level) => lines.rules.levelPlayouts(level),
      seatName: named,
      play,
    }),
    review: createReviewPanel(view.reviewHost, { lines, seatName: named, goTo }),
  };
}

// Arrows and Home/End step through the line, unless a field or the board's cells take them.
function listenForSteps(steps) {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest('input, textarea, select')) return;
    if (!steps[event.key]) return;
    event.preventDefault();
    steps[event.key]();
  });
}

// The board, its controls and the move list in `host`, showing `lines` (AnalysisLines) from
// notation `wanted` (the address's), or from the start without one.
function createAnalysis(host, lines, wanted, loaded) {
  const game = lines.game;
  let waitingForDice = false;
  const step = (move) => () => {
    dice.cancel();
    move(lines.tree);
    show(true);
  };
  const steps = {
    first: step((tree) => tree.first()),
    back: step((tree) => tree.back()),
    forward: step((tree) => tree.forward()),
    last: step((tree) => tree.last()),
  };
  const view = buildLayout(host, game, {
    ...steps,
    pass: () => play('pass'),
    setUp,
    fromStart: () => setUp(lines.startWithOptions()),
    copyNotation: () => copy(lines.tree.position, t('analysis.notationCopied')),
    copyLink: () => copy(location.origin + addressOf(lines, loaded), t('analysis.linkCopied')),
  });
  const board = boardFor(game).createBoard(view.boardHost, { onMove: (token) => enter(token) });
  const moves = createMoveTreeView(view.movesHost, (id) => {
    lines.tree.goTo(id);
    show(true);
  });
  const dice = createDiceEntry(view.diceHost);
  // The screen-reader mode's panel, as in the room: the position in words, a typed or chosen move.
  const reader = createRoomReader(view.readerHost, { move: (token) => enter(token) });
  const { engine, review } = createEnginePanels(view, lines, {
    play: (request) => enter(request),
    goTo: (id) => {
      dice.cancel();
      lines.tree.goTo(id);
      show(true);
    },
  });
  const keys = { ArrowLeft: steps.back, ArrowRight: steps.forward, Home: steps.first };
  listenForSteps({ ...keys, End: steps.last });

  // Node `id`'s move in words ("White: c3").
  function wordsOf(id) {
    const before = lines.stateOf(lines.tree.node(lines.tree.node(id).parent).position);
    return moveWords(game, lines.tree.node(id).token, seatOf(game, before, lines.seatOf(id)));
  }

  // A request from the board: its dice asked for when it needs some, then played.
  async function enter(request) {
    if (waitingForDice) return;
    const count = lines.diceNeeded(request);
    if (!(count > 0)) {
      play(request);
      return;
    }
    const position = lines.tree.position;
    waitingForDice = true;
    const rolled = await dice.ask(request, count);
    waitingForDice = false;
    if (!rolled || lines.tree.position !== position) {
      show();
      return;
    }
    const made = lines.withDice(request, rolled);
    if (made.refusal) refuse(made.refusal);
    else play(made.token);
  }

  function play(token) {
    const played = lines.play(token);
    if (played.refusal) {
      refuse(played.refusal);
      return;
    }
    view.error.textContent = '';
    show();
    view.live.textContent = t('analysis.played', { words: wordsOf(played.node.id) });
  }

  function refuse(reason) {
    view.error.textContent = t('analysis.refused', { reason });
    show();
  }

  function setUp(text) {
    const answer = lines.setUp(text);
    if (answer.refusal) {
      refuse(answer.refusal);
      view.notation.value = text;
      view.notation.focus();
    } else if (answer.elsewhere) {
      location.assign(analysisPath(answer.elsewhere.game, answer.elsewhere.position));
    } else {
      dice.cancel();
      view.error.textContent = '';
      show(true);
    }
  }

  function show(announce = false) {
    draw({ host, view, board, reader, moves, engine, review, lines, loaded, wordsOf }, announce);
  }

  if (wanted) setUp(wanted);
  else show(lines.tree.current !== 0);
}

// Draws the node `lines` is at: the board, the reader's panel, the move list, the engine's panel
// and the controls; `announce` says in the live region which position it is.
function draw(
  { host, view, board, reader, moves, engine, review, lines, loaded, wordsOf },
  announce,
) {
  const { tree } = lines;
  const node = tree.node(tree.current);
  const state = lines.state;
  const ply = tree.pathTo().length;
  const snapshot = snapshotOf(state, ply, node.token);
  board.update(snapshot, { seat: null, anySide: true });
  // The reader's moves are entered for the side to move, as the board's are.
  reader.update(snapshot, { as: 'player', seat: state.to_move }, false);
  if (board.setHistory) board.setHistory(lines.history());
  moves.update(tree.lines(), tree.current, wordsOf);
  engine.show(node.position, state);
  review.show();
  view.notation.value = node.position;
  const address = addressOf(lines, loaded);
  view.link.href = address;
  view.pass.hidden = !onlyPass(state);
  view.buttons.first.disabled = view.buttons.back.disabled = node.parent === null;
  view.buttons.forward.disabled = view.buttons.last.disabled = node.children.length === 0;
  history.replaceState(null, '', address);
  host.dataset.position = node.position;
  host.dataset.ply = String(ply);
  if (announce) {
    view.live.textContent = ply
      ? t('analysis.atMove', { n: ply, words: wordsOf(node.id) })
      : t('analysis.atStart');
  }
}

// Copies `text`, or shows it when the clipboard refuses.
async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    toast(done);
  } catch (error) {
    toast(t('analysis.copyByHand', { text }));
  }
}

// /analysis/<something that is no game>: the games that can be analysed.
function showIndex(id) {
  page.replaceChildren(
    el('h1', {}, t('analysis.documentTitle')),
    el('p', {}, t('analysis.unknownGame', { id })),
    el(
      'ul',
      {},
      GAME_IDS.map((g) =>
        el(
          'li',
          {},
          el('a', { href: analysisPath(g) }, t('analysis.gameLink', { title: gameTexts(g).title })),
        ),
      ),
    ),
  );
}
