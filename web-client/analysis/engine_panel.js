// The engine on the position shown (engine/engine.js: the server's search, compiled to
// WebAssembly, in a Web Worker): a button analyses it at growing budgets up to the chosen level's
// playouts with a fixed seed, each step drawn as it completes: the best move, each seat's chance
// to win, the line the engine expects and its three most searched moves. The same position,
// level and seed always give the same answer; Stop ends the search and keeps the last step;
// "Play it" enters the best move as the board would.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { createEngine, growingBudgets } from '../engine/engine.js';

const LEVELS = ['medium', 'hard', 'expert'];
const DEFAULT_LEVEL = 'hard';
const ENGINE_SEED = 1;
const TOP_MOVES = 3;

const percent = (value) => Math.round(value * 100);

function levelChoice(levelPlayouts) {
  return el(
    'select',
    { id: 'analysis-engine-level', class: 'analysis-engine-level' },
    LEVELS.map((name) =>
      el(
        'option',
        { value: name, selected: name === DEFAULT_LEVEL },
        t('review.level', { level: t(`review.levels.${name}`), playouts: levelPlayouts(name) }),
      ),
    ),
  );
}

// The panel's elements, appended to `host`.
function panelOf(host, levelPlayouts) {
  const button = (id, text, attrs = {}) =>
    el('button', { type: 'button', class: 'button button--small', id, ...attrs }, text);
  const parts = {
    ask: button('analysis-engine', t('analysis.engineAsk')),
    stop: button('analysis-engine-stop', t('analysis.engineStop'), { hidden: true }),
    playIt: button('analysis-engine-play', t('analysis.enginePlay'), { hidden: true }),
    level: levelChoice(levelPlayouts),
    status: el('p', { class: 'analysis-engine-status', id: 'analysis-engine-status' }),
    answer: el('p', { class: 'analysis-engine-answer', id: 'analysis-engine-answer' }),
    chances: el('p', { class: 'analysis-engine-chances', id: 'analysis-engine-chances' }),
    line: el('p', { class: 'analysis-engine-line', id: 'analysis-engine-line' }),
    top: el('ol', {
      class: 'analysis-engine-top',
      id: 'analysis-engine-top',
      'aria-label': t('review.topMoves'),
    }),
  };
  host.append(
    el(
      'section',
      { class: 'analysis-engine', 'aria-labelledby': 'analysis-engine-title' },
      el('h2', { id: 'analysis-engine-title' }, t('analysis.engineTitle')),
      el(
        'div',
        { class: 'row row--wrap' },
        el('label', { class: 'sr-only', for: 'analysis-engine-level' }, t('review.levelLabel')),
        parts.level,
        parts.ask,
        parts.stop,
        parts.playIt,
      ),
      el('div', { role: 'status', 'aria-live': 'polite' }, parts.status),
      parts.answer,
      parts.chances,
      parts.line,
      parts.top,
    ),
  );
  return parts;
}

// Draws one step of the search into `parts`: `seen` is rules.js analyse's answer for a position
// of `state`, `seatName(state, seat)` names a seat.
function drawStep({ answer, chances, line, top }, seen, state, seatName) {
  answer.dataset.request = seen.request;
  answer.dataset.playouts = String(seen.playouts);
  answer.textContent = t('analysis.engineBest', {
    move: seen.request,
    seat: seatName(state, state.to_move),
    percent: percent(seen.value),
    playouts: seen.playouts,
  });
  const seatChance = (value, seat) =>
    t('review.seatChance', { seat: seatName(state, seat), percent: percent(value) });
  chances.textContent = t('review.chances', {
    chances: seen.seat_values.map(seatChance).join(', '),
  });
  line.textContent = t('review.line', { line: seen.line.join(' ') });
  line.dataset.line = seen.line.join(' ');
  top.replaceChildren(
    ...seen.moves.slice(0, TOP_MOVES).map((move) =>
      el(
        'li',
        { 'data-request': move.request, 'data-visits': String(move.visits) },
        t('review.topMove', {
          move: move.request,
          percent: percent(move.value),
          visits: move.visits,
        }),
      ),
    ),
  );
}

// Builds the panel into `host`. `levelPlayouts(level)` is a level's budget (rules.js);
// `seatName(state, seat)` names a seat; `play(request)` enters a request. show(position, state)
// is called whenever the board shows another position.
export function createEnginePanel(host, { levelPlayouts, seatName, play }) {
  const engine = createEngine();
  const parts = panelOf(host, levelPlayouts);
  const { ask, stop, playIt, level, status, answer, chances, line, top } = parts;
  let shown = null; // { position, state }
  let best = null; // the request found for the position shown

  function reset() {
    best = null;
    for (const part of [status, answer, chances, line]) part.textContent = '';
    top.replaceChildren();
    delete answer.dataset.request;
    delete answer.dataset.playouts;
    delete line.dataset.line;
    delete status.dataset.state;
    playIt.hidden = true;
  }

  ask.addEventListener('click', async () => {
    if (!shown) return;
    const { position: asked, state } = shown;
    const target = levelPlayouts(level.value);
    const still = () => shown && shown.position === asked;
    reset();
    ask.disabled = level.disabled = true;
    stop.hidden = false;
    status.textContent = t('analysis.engineThinking');
    status.dataset.state = 'searching';
    try {
      await engine.analyse(asked, {
        budgets: growingBudgets(target),
        seed: ENGINE_SEED,
        onProgress: (seen) => {
          if (!still()) return;
          drawStep(parts, seen, state, seatName);
          best = seen.request;
          playIt.hidden = false;
          status.textContent = t('review.searched', {
            playouts: seen.playouts,
            playouts_target: target,
          });
        },
      });
      if (still()) status.dataset.state = 'done';
    } catch (error) {
      if (still()) {
        const stopped = error.name === 'AbortError';
        status.dataset.state = stopped ? 'stopped' : 'failed';
        status.textContent = stopped
          ? t('review.stoppedAt', { playouts: answer.dataset.playouts || 0 })
          : t('analysis.engineFailed', { error: error.message });
      }
    } finally {
      ask.disabled = !shown || shown.state.status !== 'ongoing';
      level.disabled = false;
      stop.hidden = true;
    }
  });
  stop.addEventListener('click', () => engine.stop());
  playIt.addEventListener('click', () => best && play(best));

  return {
    show(position, state) {
      if (shown && shown.position === position) return;
      if (!stop.hidden) engine.stop();
      shown = { position, state };
      reset();
      ask.disabled = state.status !== 'ongoing';
    },
  };
}
