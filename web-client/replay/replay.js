// The replay viewer of a finished game: the record from GET /api/games/{id}, each position from
// GET /api/games/{id}/position?ply=K drawn by the game's board (read-only), stepping move by
// move, and, when the game rolled dice, "verify dice" recomputing every roll from the revealed
// seed (dice.js).

import { el } from '../common/dom.js';
import { boardFor, moveWords } from '../games/index.js';
import { verifyDice } from './dice.js';
import { MOVE_WORDS } from '../games/common/move_words.js';
import { entriesOfRecord, playerName } from '../room/move_history.js';
import { t, tn } from '../i18n/index.js';
import { nameInWords } from '../common/server_words.js';
import { createReplayReader } from '../room/reader_panel.js';
import { createAnalyseLink, showAnalyseLink } from '../analysis/analyse_link.js';

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(body && body.error ? body.error.message : `HTTP ${response.status}`);
  }
  return body;
}

// Opens the replay of game `gameId` in `host`; `onClose()` is called by its close button.
export function createReplay(host, gameId, onClose) {
  let record = null;
  let ply = 0;
  let board = null;
  let entries = [];
  const positions = new Map(); // ply -> state
  let showing = 0; // the request counter, so late answers do not overwrite newer steps
  const end = () => go(record ? record.moves.length : 0);
  const view = buildLayout({
    go,
    end,
    step: (delta) => go(ply + delta),
    verify: () => showVerdict(view.verdict, record),
    close: () => onClose(),
  });
  const { root, title, counter, slider, moveList, fairness, boardHost } = view;
  host.append(root);
  const reader = createReplayReader(view.readerHost);
  slider.addEventListener('input', () => go(Number(slider.value)));
  root.addEventListener('keydown', (event) => {
    if (event.target === slider) return;
    if (event.key === 'ArrowLeft') go(ply - 1);
    else if (event.key === 'ArrowRight') go(ply + 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') end();
    else return;
    event.preventDefault();
  });

  async function load() {
    try {
      record = await getJson(`/api/games/${encodeURIComponent(gameId)}`);
    } catch (error) {
      fairness.replaceChildren(
        el('p', { class: 'hint' }, t('replay.noRecord', { error: error.message })),
      );
      return;
    }
    title.textContent = t('replay.titlePlayers', {
      players: (record.players || []).map(nameInWords).join(t('replay.versus')),
    });
    slider.max = String(record.moves.length);
    entries = entriesOfRecord(record);
    moveList.replaceChildren(...entries.map((entry) => moveItem(record, entry, go)));
    const module = boardFor(record.game);
    if (module) board = module.createBoard(boardHost, { onMove: () => {} });
    showFairness(view, record);
    await go(record.moves.length);
    root.focus();
  }

  async function go(target) {
    if (!record) return;
    const next = Math.max(0, Math.min(record.moves.length, target));
    ply = next;
    slider.value = String(next);
    counter.textContent = t('replay.moveOf', { n: next, total: record.moves.length });
    moveList.querySelectorAll('.replay-move').forEach((b) => {
      b.classList.toggle('replay-move--current', Number(b.dataset.ply) === next);
      if (Number(b.dataset.ply) === next) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    });
    const ticket = ++showing;
    let state = positions.get(next);
    if (!state) {
      try {
        state = await getJson(`/api/games/${encodeURIComponent(gameId)}/position?ply=${next}`);
      } catch (error) {
        counter.textContent = t('replay.moveError', { n: next, error: error.message });
        return;
      }
      positions.set(next, state);
    }
    if (ticket !== showing || !board) return;
    board.update(replaySnapshot(record, next, state), { seat: null });
    showAnalyseLink(view.analyseLink, record.game, state.position, true, { id: gameId, ply: next });
    if (board.setHistory) board.setHistory(entries.slice(0, next));
    reader.show(record, next, state);
    host.dataset.replayPly = String(next);
  }

  load();
  return {
    destroy() {
      if (board) board.destroy();
      reader.destroy();
      root.remove();
      delete host.dataset.replayPly;
    },
  };
}

// The snapshot a board is shown for position `next` of `record`: read-only, no one seated.
function replaySnapshot(record, next, state) {
  const last = next === record.moves.length && record.result;
  return {
    type: 'snapshot',
    room: record.room || '',
    version: next,
    status: last ? 'finished' : 'playing',
    seats: (record.players || []).map((name) => ({ name, connected: true })),
    spectators: 0,
    last_move: next ? record.moves[next - 1] : null,
    forced_passes: 0,
    state,
    result: last ? record.result : null,
  };
}

// One entry of the move list, "12. Ann rolled 3 6 6 2 5": a button showing the position after
// that move; the recorded token is its tooltip.
function moveItem(record, entry, go) {
  const who = nameInWords(playerName(record.players, null, entry.seat, (i) => MOVE_WORDS.seat(i)));
  const button = el(
    'button',
    {
      type: 'button',
      class: 'replay-move',
      'data-ply': String(entry.ply),
      title: entry.token,
      onclick: () => go(entry.ply),
    },
    el('span', { class: 'move-list-number' }, MOVE_WORDS.moveNumber(entry.ply)),
    ' ',
    moveWords(record.game, entry.token, who),
  );
  return el('li', {}, button);
}

// The commitment, the revealed seed and the verify button, for a record with dice: a recorded
// token with dice carries them after `=` (PROTOCOL.md "Fair dice"); without any there is nothing
// to verify.
function showFairness(view, record) {
  if (!record.moves.some((token) => token.includes('='))) {
    view.fairness.replaceChildren();
    return;
  }
  view.fairness.replaceChildren(
    el('p', { class: 'hint' }, t('replay.commitment')),
    el('code', { class: 'replay-hash', id: 'dice-commitment' }, record.commitment || '—'),
    el('p', { class: 'hint' }, t('replay.seed')),
    el('code', { class: 'replay-hash', id: 'dice-seed' }, record.seed || t('replay.notRevealed')),
    el('div', { class: 'row' }, view.verifyButton),
    view.verdict,
  );
  view.verifyButton.disabled = !record.seed;
}

// The replay's elements; `handlers` = { go(ply), step(delta), end(), verify(), close() }.
function buildLayout(handlers) {
  const title = el('h2', { class: 'replay-title' }, t('replay.title'));
  const counter = el('span', { class: 'replay-ply', id: 'replay-ply', 'aria-live': 'polite' });
  const slider = el('input', {
    type: 'range',
    min: '0',
    max: '0',
    value: '0',
    id: 'replay-slider',
    'aria-label': t('replay.moveNumber'),
  });
  const buttons = [
    ['«', t('replay.first'), () => handlers.go(0)],
    ['◀', t('replay.previous'), () => handlers.step(-1)],
    ['▶', t('replay.next'), () => handlers.step(1)],
    ['»', t('replay.final'), () => handlers.end()],
  ].map(([text, label, onclick]) =>
    el(
      'button',
      { type: 'button', class: 'button button--small', 'aria-label': label, title: label, onclick },
      text,
    ),
  );
  const analyseLink = createAnalyseLink('replay-analyse');
  const moveList = el('ol', { class: 'replay-moves', id: 'replay-moves' });
  const verifyButton = el(
    'button',
    { type: 'button', class: 'button button--small', id: 'verify-dice', onclick: handlers.verify },
    t('replay.verify'),
  );
  const verdict = el('p', { class: 'replay-verdict', id: 'dice-verdict', role: 'status' });
  const fairness = el('div', { class: 'replay-fair' });
  const boardHost = el('div', { class: 'replay-board' });
  const readerHost = el('div', { class: 'reader-host', hidden: true });
  const root = el(
    'section',
    { class: 'replay card', 'aria-label': t('replay.title'), tabindex: '-1' },
    el(
      'div',
      { class: 'replay-head' },
      title,
      el(
        'button',
        {
          type: 'button',
          class: 'button button--small',
          id: 'replay-close',
          onclick: handlers.close,
        },
        t('replay.close'),
      ),
    ),
    el(
      'div',
      { class: 'replay-body' },
      readerHost,
      boardHost,
      el(
        'div',
        { class: 'replay-side' },
        el('div', { class: 'row row--wrap replay-controls' }, buttons, counter, analyseLink),
        slider,
        moveList,
        fairness,
      ),
    ),
  );
  return {
    root,
    title,
    counter,
    analyseLink,
    slider,
    moveList,
    verifyButton,
    verdict,
    fairness,
    boardHost,
    readerHost,
  };
}

// Checks the record's dice in the browser and says so in `verdict`.
async function showVerdict(verdict, record) {
  verdict.textContent = t('replay.checking');
  verdict.className = 'replay-verdict';
  const outcome = await verifyDice(record);
  if (outcome.ok) {
    verdict.textContent = tn('replay.fair', outcome.dice, { rolls: outcome.rolls });
    verdict.className = 'replay-verdict replay-verdict--ok';
  } else {
    verdict.textContent = outcome.ply
      ? t('replay.notVerifiedAt', { ply: outcome.ply, reason: outcome.reason })
      : t('replay.notVerified', { reason: outcome.reason });
    verdict.className = 'replay-verdict replay-verdict--bad';
  }
}
