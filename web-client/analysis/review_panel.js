// Game review: one button analyses every position of the main line in the engine's worker
// (engine/engine.js), with progress and Stop, then draws each seat's chance to win over the game
// (review_graph.js) and marks the inaccuracies, mistakes and blunders (review_marks.js,
// docs/rules.md §7), each a button that shows its move on the board.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { createEngine } from '../engine/engine.js';
import { chancesOf, judgeLine } from './review_marks.js';
import { drawReview } from './review_graph.js';

const REVIEW_PLAYOUTS = 1000;
const REVIEW_SEED = 1;

// The ids of the main line's nodes: the root, then each first child.
function mainLine(tree) {
  const ids = [0];
  for (let node = tree.root; node.children.length > 0; node = tree.node(node.children[0])) {
    ids.push(node.children[0]);
  }
  return ids;
}

function summaryOf(marks) {
  const count = (mark) => String(marks.filter((m) => m.mark === mark).length);
  return t('review.summary', {
    inaccuracies: count('inaccuracy'),
    mistakes: count('mistake'),
    blunders: count('blunder'),
  });
}

function panelOf(host) {
  const button = (id, text, attrs = {}) =>
    el('button', { type: 'button', class: 'button button--small', id, ...attrs }, text);
  const start = button('review-start', t('review.start'));
  const stop = button('review-stop', t('review.stop'), { hidden: true });
  const status = el('p', { class: 'review-status', id: 'review-status' });
  const result = el('div', { class: 'review-result', id: 'review-result' });
  const section = el(
    'section',
    { class: 'analysis-review', 'aria-labelledby': 'review-title' },
    el('h2', { id: 'review-title' }, t('review.title')),
    el('div', { class: 'row row--wrap' }, start, stop),
    el('div', { role: 'status', 'aria-live': 'polite' }, status),
    result,
  );
  host.append(section);
  return { section, start, stop, status, result };
}

// Builds the panel into `host`. `lines` is the page's AnalysisLines; `seatName(state, seat)`
// names a seat; `goTo(id)` shows node `id` on the board. show() is called whenever the board
// shows another position.
export function createReviewPanel(host, { lines, seatName, goTo }) {
  const engine = createEngine();
  const { section, start, stop, status, result } = panelOf(host);
  let reviewed = null; // the tree reviewed, and the cursor's placeCursor(id)

  // Each seat's chances at every node of `ids`, the engine's or a finished game's result.
  async function chancesAlong(tree, ids) {
    const chances = [];
    for (const [i, id] of ids.entries()) {
      status.textContent = t('review.progress', { n: i + 1, total: ids.length });
      const position = tree.node(id).position;
      const state = lines.stateOf(position);
      const seen =
        state.status === 'ongoing'
          ? await engine.analyse(position, { budgets: [REVIEW_PLAYOUTS], seed: REVIEW_SEED })
          : null;
      chances.push(chancesOf(state, seen));
    }
    return chances;
  }

  async function review() {
    const tree = lines.tree;
    const ids = mainLine(tree);
    start.disabled = true;
    stop.hidden = false;
    result.replaceChildren();
    reviewed = null;
    status.dataset.state = 'reviewing';
    let chances;
    try {
      chances = await chancesAlong(tree, ids);
    } catch (error) {
      const stopped = error.name === 'AbortError';
      status.dataset.state = stopped ? 'stopped' : 'failed';
      status.textContent = stopped
        ? t('review.stopped', { total: ids.length })
        : t('analysis.engineFailed', { error: error.message });
      return;
    } finally {
      start.disabled = false;
      stop.hidden = true;
    }
    if (lines.tree !== tree) return;
    const steps = ids.slice(1).map((id, k) => ({
      token: tree.node(id).token,
      mover: lines.seatOf(id),
      before: chances[k],
      after: chances[k + 1],
      stateBefore: lines.stateOf(tree.node(ids[k]).position),
    }));
    const marks = judgeLine(steps);
    const root = lines.stateOf(tree.root.position);
    const drawn = { ids, chances, steps, marks, root, playouts: REVIEW_PLAYOUTS };
    status.dataset.state = 'done';
    status.textContent = summaryOf(marks);
    reviewed = { tree, placeCursor: drawReview(result, drawn, { seatName, goTo }) };
    reviewed.placeCursor(lines.tree.current);
  }

  start.addEventListener('click', review);
  stop.addEventListener('click', () => engine.stop());

  return {
    show() {
      if (reviewed && reviewed.tree !== lines.tree) {
        reviewed = null;
        result.replaceChildren();
        status.textContent = '';
        delete status.dataset.state;
      }
      section.hidden = mainLine(lines.tree).length < 2;
      if (reviewed) reviewed.placeCursor(lines.tree.current);
    },
  };
}
