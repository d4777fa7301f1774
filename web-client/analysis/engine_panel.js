// The engine's best move for the position shown (engine/engine.js: the server's search, compiled
// to WebAssembly, in a Web Worker): a button asks for it at the hard level with a fixed seed, so
// the same position always gets the same answer; Stop ends the search; "Play it" enters the move
// as the board would.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { createEngine } from '../engine/engine.js';

const ENGINE_LEVEL = 'hard';
const ENGINE_SEED = 1;

// Builds the panel into `host`. `seatName(state)` names the side to move; `play(request)` enters
// a request. show(position, state) is called whenever the board shows another position.
export function createEnginePanel(host, { seatName, play }) {
  const engine = createEngine();
  const ask = el(
    'button',
    { type: 'button', class: 'button button--small', id: 'analysis-engine' },
    t('analysis.engineAsk'),
  );
  const stop = el(
    'button',
    { type: 'button', class: 'button button--small', id: 'analysis-engine-stop', hidden: true },
    t('analysis.engineStop'),
  );
  const answer = el('p', { class: 'analysis-engine-answer', id: 'analysis-engine-answer' });
  const playIt = el(
    'button',
    { type: 'button', class: 'button button--small', id: 'analysis-engine-play', hidden: true },
    t('analysis.enginePlay'),
  );
  host.append(
    el(
      'section',
      {
        class: 'analysis-engine',
        'aria-labelledby': 'analysis-engine-title',
        'aria-live': 'polite',
      },
      el('h2', { id: 'analysis-engine-title' }, t('analysis.engineTitle')),
      el('div', { class: 'row row--wrap' }, ask, stop, playIt),
      answer,
    ),
  );
  let shown = null; // { position, state }
  let best = null; // the request found for the position shown

  function reset() {
    best = null;
    answer.textContent = '';
    delete answer.dataset.request;
    playIt.hidden = true;
  }

  ask.addEventListener('click', async () => {
    if (!shown) return;
    const asked = shown.position;
    reset();
    ask.disabled = true;
    stop.hidden = false;
    answer.textContent = t('analysis.engineThinking');
    try {
      const found = await engine.bestMove(asked, { level: ENGINE_LEVEL, seed: ENGINE_SEED });
      if (!shown || shown.position !== asked) return;
      best = found.request;
      answer.dataset.request = found.request;
      answer.dataset.playouts = String(found.playouts);
      answer.textContent = t('analysis.engineBest', {
        move: found.request,
        seat: seatName(shown.state),
        percent: Math.round(found.value * 100),
        playouts: found.playouts,
      });
      playIt.hidden = false;
    } catch (error) {
      if (shown && shown.position === asked) {
        answer.textContent =
          error.name === 'AbortError'
            ? t('analysis.engineStopped')
            : t('analysis.engineFailed', { error: error.message });
      }
    } finally {
      ask.disabled = !shown || shown.state.status !== 'ongoing';
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
