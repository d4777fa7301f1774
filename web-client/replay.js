// The replay viewer of a finished game: the record from GET /api/games/{id}, each position from
// GET /api/games/{id}/position?ply=K drawn by the game's board (read-only), stepping move by
// move, and "verify dice" recomputing every roll from the revealed seed (dice.js).

import { el } from './dom.js';
import { boardFor } from './boards/index.js';
import { verifyDice } from './dice.js';

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
  const positions = new Map(); // ply -> state
  let showing = 0; // the request counter, so late answers do not overwrite newer steps

  const title = el('h3', { class: 'replay-title' }, 'Replay');
  const counter = el('span', { class: 'replay-ply', id: 'replay-ply', 'aria-live': 'polite' });
  const slider = el('input', { type: 'range', min: '0', max: '0', value: '0', id: 'replay-slider',
    'aria-label': 'Move number' });
  const buttons = [
    ['«', 'First position', () => go(0)],
    ['◀', 'Previous move', () => go(ply - 1)],
    ['▶', 'Next move', () => go(ply + 1)],
    ['»', 'Final position', () => go(record ? record.moves.length : 0)],
  ].map(([text, label, onclick]) => el('button', { type: 'button', class: 'button button--small',
    'aria-label': label, title: label, onclick }, text));
  const moveList = el('ol', { class: 'replay-moves', id: 'replay-moves' });
  const verifyButton = el('button', { type: 'button', class: 'button button--small',
    id: 'verify-dice', onclick: verify }, 'Verify dice');
  const verdict = el('p', { class: 'replay-verdict', id: 'dice-verdict', role: 'status' });
  const fairness = el('div', { class: 'replay-fair' });
  const boardHost = el('div', { class: 'replay-board' });
  const root = el('section', { class: 'replay card', 'aria-label': 'Replay', tabindex: '-1' },
    el('div', { class: 'replay-head' }, title,
      el('button', { type: 'button', class: 'button button--small', id: 'replay-close',
        onclick: () => onClose() }, 'Close replay')),
    el('div', { class: 'replay-body' },
      boardHost,
      el('div', { class: 'replay-side' },
        el('div', { class: 'row row--wrap replay-controls' }, buttons, counter),
        slider, moveList, fairness)));
  host.append(root);
  slider.addEventListener('input', () => go(Number(slider.value)));
  root.addEventListener('keydown', (event) => {
    if (event.target === slider) return;
    if (event.key === 'ArrowLeft') go(ply - 1);
    else if (event.key === 'ArrowRight') go(ply + 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(record ? record.moves.length : 0);
    else return;
    event.preventDefault();
  });

  async function load() {
    try {
      record = await getJson(`/api/games/${encodeURIComponent(gameId)}`);
    } catch (error) {
      fairness.replaceChildren(el('p', { class: 'hint' }, `No record: ${error.message}`));
      return;
    }
    title.textContent = `Replay · ${(record.players || []).join(' vs ')}`;
    slider.max = String(record.moves.length);
    moveList.replaceChildren(...record.moves.map((token, i) => el('li', {},
      el('button', { type: 'button', class: 'replay-move', 'data-ply': String(i + 1),
        onclick: () => go(i + 1) }, token))));
    const module = boardFor(record.game);
    if (module) board = module.createBoard(boardHost, { onMove: () => {} });
    fairness.replaceChildren(
      el('p', { class: 'hint' }, 'Dice commitment (SHA-256 of the secret seed, shown from the first move):'),
      el('code', { class: 'replay-hash', id: 'dice-commitment' }, record.commitment || '—'),
      el('p', { class: 'hint' }, 'Revealed seed:'),
      el('code', { class: 'replay-hash', id: 'dice-seed' }, record.seed || 'not revealed yet'),
      el('div', { class: 'row' }, verifyButton), verdict);
    verifyButton.disabled = !record.seed;
    await go(record.moves.length);
    root.focus();
  }

  async function go(target) {
    if (!record) return;
    const next = Math.max(0, Math.min(record.moves.length, target));
    ply = next;
    slider.value = String(next);
    counter.textContent = `move ${next} of ${record.moves.length}`;
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
        counter.textContent = `move ${next}: ${error.message}`;
        return;
      }
      positions.set(next, state);
    }
    if (ticket !== showing || !board) return;
    const last = next === record.moves.length && record.result;
    board.update({
      type: 'snapshot', room: record.room || '', version: next,
      status: last ? 'finished' : 'playing',
      seats: (record.players || []).map((name) => ({ name, connected: true })),
      spectators: 0, last_move: next ? record.moves[next - 1] : null, forced_passes: 0, state,
      result: last ? record.result : null,
    }, { seat: null });
    host.dataset.replayPly = String(next);
  }

  async function verify() {
    verdict.textContent = 'Checking…';
    verdict.className = 'replay-verdict';
    const outcome = await verifyDice(record);
    if (outcome.ok) {
      verdict.textContent = `✔ Fair: the seed matches the commitment and gives all ${outcome.dice} ` +
        `dice of ${outcome.rolls} rolls.`;
      verdict.className = 'replay-verdict replay-verdict--ok';
    } else {
      verdict.textContent = `✘ Not verified${outcome.ply ? ` at move ${outcome.ply}` : ''}: ` +
        `${outcome.reason}.`;
      verdict.className = 'replay-verdict replay-verdict--bad';
    }
  }

  load();
  return {
    destroy() {
      if (board) board.destroy();
      root.remove();
      delete host.dataset.replayPly;
    },
  };
}
