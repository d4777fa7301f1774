// Marks of a Quadrature move's exchanges (docs/rules.md §1), unlike the last-move outline: a ring
// around each man that changed sides, a crossed-out ghost of the man who left that cell, and a
// legend line under the board that says it in words ("2 men exchanged: …"). The cells come from
// explain_exchange.js.

import { svg, html, piece } from '../../board/svg.js';
import { t } from '../../i18n/index.js';

let legends = 0;

// Draws the exchange marks into cell `c` of `grid` (a CellGrid), whose man now belongs to the
// mover; `loserLook` is the look of the man who left. `fresh`: the move was just made, so the
// ring pops in once (not under prefers-reduced-motion, see feedback.css).
export function drawExchangeMark(grid, c, loserLook, fresh) {
  const ring = grid.ring(c, 0.47, 'board-exchanged');
  if (fresh) ring.classList.add('board-exchanged--fresh');
  const r = grid.cell * 0.16;
  const x = c.x + r + 1.5;
  const y = c.y + r + 1.5;
  const ghost = svg('g', { class: 'board-exchange-ghost' }, c.content);
  piece(ghost, loserLook, x, y, r);
  const d = r * 1.1;
  svg('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d, class: 'board-exchange-cross' }, ghost);
  svg('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: 'board-exchange-cross' }, ghost);
}

// The line under a board naming the last move's exchanges; the board's SVG is described by it.
export class ExchangeLegend {
  constructor(board, before) {
    this.root = html('p', 'board-exchange-legend', null, null);
    this.root.id = `board-exchange-legend-${++legends}`;
    this.root.hidden = true;
    board.parentNode.insertBefore(this.root, before);
    this.board = board;
  }

  // Shows `exchange` ({ cells, mover, loser }, or null for none) with the seats' `names` and
  // `looks`.
  show(exchange, names, looks) {
    this.root.replaceChildren();
    this.root.hidden = !exchange;
    if (!exchange) {
      this.board.removeAttribute('aria-describedby');
      return;
    }
    const icon = svg('svg', {
      viewBox: '0 0 24 24',
      width: 20,
      height: 20,
      class: 'board-icon',
      'aria-hidden': 'true',
    });
    piece(icon, looks[exchange.mover], 12, 12, 7);
    svg('circle', { cx: 12, cy: 12, r: 10.5, class: 'board-exchanged-icon' }, icon);
    const ghost = svg('g', { class: 'board-exchange-ghost' }, icon);
    piece(ghost, looks[exchange.loser], 4.5, 4.5, 3.2);
    svg('line', { x1: 1, y1: 1, x2: 8, y2: 8, class: 'board-exchange-cross' }, ghost);
    svg('line', { x1: 1, y1: 8, x2: 8, y2: 1, class: 'board-exchange-cross' }, ghost);
    this.root.appendChild(icon);
    const n = exchange.cells.length;
    const text = t(n === 1 ? 'feedback.exchange.legendOne' : 'feedback.exchange.legendMany', {
      n,
      cells: exchange.cells.join(', '),
      loser: names[exchange.loser],
      mover: names[exchange.mover],
    });
    html('span', 'board-exchange-text', text, this.root);
    this.board.setAttribute('aria-describedby', this.root.id);
  }
}
