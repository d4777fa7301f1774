// The game review's drawing (review_panel.js): each seat's chance to win over the main line as an
// SVG graph (one curve for two players, the first's; one per seat for four), a dot on each marked
// move, the marks as buttons that show their move, and the figures as a table, the graph's text
// alternative.

import { el } from '../common/dom.js';
import { svg } from '../board/svg.js';
import { t } from '../i18n/index.js';
import { THRESHOLDS } from './review_marks.js';

const WIDTH = 300;
const HEIGHT = 100;

const percent = (value) => Math.round(value * 100);
const y = (chance) => HEIGHT * (1 - chance);

// The x of position `i` of `count`.
const xOf = (i, count) => (count === 1 ? 0 : (i * WIDTH) / (count - 1));

function graphOf(reviewed, { seatName, goTo }) {
  const { ids, chances, marks, steps, root } = reviewed;
  const shownSeats = chances[0].length === 2 ? [0] : chances[0].map((_, seat) => seat);
  const graph = svg('svg', {
    class: 'review-graph',
    id: 'review-graph',
    viewBox: `-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`,
    role: 'img',
    'aria-label': t('review.graphLabel', {
      seats: shownSeats.map((seat) => seatName(root, seat)).join(', '),
      moves: steps.length,
    }),
    'aria-describedby': 'review-summary-table',
  });
  svg('rect', { class: 'review-graph-back', x: 0, y: 0, width: WIDTH, height: HEIGHT }, graph);
  svg('line', { class: 'review-graph-even', x1: 0, y1: y(0.5), x2: WIDTH, y2: y(0.5) }, graph);
  for (const seat of shownSeats) {
    const points = chances.map((c, i) => `${xOf(i, ids.length)},${y(c[seat])}`).join(' ');
    svg('polyline', { class: `review-curve review-curve--seat${seat}`, points }, graph);
  }
  const cursor = svg('line', { class: 'review-graph-cursor', y1: 0, y2: HEIGHT }, graph);
  for (const mark of marks) {
    const seat = shownSeats.includes(mark.mover) ? mark.mover : 0;
    const dot = svg(
      'circle',
      {
        class: `review-dot review-dot--${mark.mark}`,
        cx: xOf(mark.index + 1, ids.length),
        cy: y(chances[mark.index + 1][seat]),
        r: 4,
      },
      graph,
    );
    dot.addEventListener('click', () => goTo(ids[mark.index + 1]));
  }
  return { graph, cursor };
}

function markListOf(reviewed, { moverName, goTo }) {
  const { ids, marks } = reviewed;
  return el(
    'ul',
    { class: 'review-marks', id: 'review-marks', 'aria-label': t('review.marksLabel') },
    marks.map((mark) =>
      el(
        'li',
        {},
        el(
          'button',
          {
            type: 'button',
            class: `review-mark review-mark--${mark.mark}`,
            'data-mark': mark.mark,
            'data-ply': String(mark.index + 1),
            onclick: () => goTo(ids[mark.index + 1]),
          },
          t('review.mark', {
            mark: t(`review.marks.${mark.mark}`),
            n: mark.index + 1,
            seat: moverName(mark.index),
            move: mark.token,
            before: percent(mark.before),
            after: percent(mark.after),
          }),
        ),
      ),
    ),
  );
}

function tableOf(reviewed, { moverName }) {
  const { marks, steps } = reviewed;
  const columns = ['tableMove', 'tablePlayer', 'tableToken', 'tableBefore', 'tableAfter'];
  const row = (step, index) => {
    const mark = marks.find((m) => m.index === index);
    return el(
      'tr',
      { 'data-ply': String(index + 1) },
      el('td', {}, String(index + 1)),
      el('td', {}, moverName(index)),
      el('td', {}, step.token),
      el('td', {}, `${percent(step.before[step.mover])} %`),
      el('td', {}, `${percent(step.after[step.mover])} %`),
      el('td', {}, mark ? t(`review.marks.${mark.mark}`) : ''),
    );
  };
  return el(
    'details',
    { class: 'review-table' },
    el('summary', {}, t('review.tableSummary')),
    el(
      'table',
      { id: 'review-summary-table' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          [...columns, 'tableMark'].map((key) => el('th', { scope: 'col' }, t(`review.${key}`))),
        ),
      ),
      el('tbody', {}, steps.map(row)),
    ),
  );
}

function legendOf(playouts) {
  const drop = (mark) => percent(THRESHOLDS.find((threshold) => threshold.mark === mark).drop);
  return el(
    'p',
    { class: 'review-legend hint' },
    t('review.legend', {
      inaccuracy: drop('inaccuracy'),
      mistake: drop('mistake'),
      blunder: drop('blunder'),
      playouts,
    }),
  );
}

// Draws `reviewed` ({ ids, chances, steps, marks, root: the first position's state, playouts })
// into `host`; `seatName(state, seat)` names a seat, `goTo(id)` shows node `id`. Returns
// placeCursor(id): the graph's cursor at node `id`, hidden off the reviewed line.
export function drawReview(host, reviewed, { seatName, goTo }) {
  const moverName = (index) =>
    seatName(reviewed.steps[index].stateBefore, reviewed.steps[index].mover);
  const { graph, cursor } = graphOf(reviewed, { seatName, goTo });
  host.replaceChildren(
    graph,
    markListOf(reviewed, { moverName, goTo }),
    legendOf(reviewed.playouts),
    tableOf(reviewed, { moverName }),
  );
  return (id) => {
    const at = reviewed.ids.indexOf(id);
    cursor.style.display = at < 0 ? 'none' : '';
    const x = String(xOf(Math.max(at, 0), reviewed.ids.length));
    cursor.setAttribute('x1', x);
    cursor.setAttribute('x2', x);
  };
}
