// Quadrature board: 11 x 11 cells, both goals, the men, both markers. The player to move clicks
// (or presses Enter on) one of their men, then a highlighted destination.

import { svg, piece, parseCell, slideFrom } from '../../board/svg.js';
import {
  BoardView,
  CellGrid,
  drawFrame,
  drawHint,
  ownerAt,
  onCellPointed,
} from '../../board/grid.js';
import { explainRequest, whenExplaining } from '../../engine/explainer.js';
import { exchangeOfMove } from './explain_exchange.js';
import { ExchangeLegend, drawExchangeMark } from './exchange_marks.js';
import { fill } from '../../i18n/index.js';
import { textsIn } from '../common/texts.js';
import { RESULTS } from './results.js';
import { TEXTS } from './words.js';

const SIZE = 11;
const CELL = 40;
const LEFT = 20;
const TOP = 22;
const LOOK = ['black', 'white'];
const boardWords = () => textsIn(TEXTS).board;

// Two bar slots, filled up to the marker value.
function markerIcon(value) {
  const icon = svg('svg', {
    viewBox: '0 0 22 20',
    width: 22,
    height: 20,
    class: 'board-icon',
    'aria-hidden': 'true',
  });
  for (let i = 0; i < 2; ++i) {
    svg(
      'rect',
      {
        x: 3 + i * 9,
        y: 3,
        width: 6,
        height: 14,
        rx: 1.5,
        class: i < value ? 'board-marker-bar' : 'board-marker-slot',
      },
      icon,
    );
  }
  return icon;
}

const STEP = /^([a-k][0-9]+)-([a-k][0-9]+)$/;

export function createBoard(host, { onMove }) {
  return new QuadratureBoard(host, onMove);
}

class QuadratureBoard extends BoardView {
  constructor(host, onMove) {
    super(host, {
      game: 'quadrature',
      label: boardWords().label,
      onMove,
      results: RESULTS,
    });
    const width = LEFT + SIZE * CELL + 8;
    const height = TOP + SIZE * CELL + 36;
    this.board.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.board.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.selected) {
        this.selected = null;
        this.render();
      }
    });
    this.flipped = null;
    this.selected = null;
    this.grid = null;
    this.pointed = null; // the cell explained, explained again once the rules have loaded
    this.rulesAsked = false;
    this.moves = new Map(); // from -> [to]
    this.exchangeLegend = new ExchangeLegend(this.board, this.hint);
    this.seen = null; // { version, view } of the last snapshot drawn, for what changed since
    this.before = null; // the view one move before the snapshot's, when it was drawn
  }

  prepare() {
    const wantFlip = this.seat === 1;
    if (wantFlip !== this.flipped) {
      this.flipped = wantFlip;
      this.build();
    }
    this.moves = new Map();
    if (this.acting) {
      for (const token of this.snapshot.state.legal) {
        const m = STEP.exec(token);
        if (!m) continue;
        if (!this.moves.has(m[1])) this.moves.set(m[1], []);
        this.moves.get(m[1]).push(m[2]);
      }
    }
    if (this.selected && !this.moves.has(this.selected)) this.selected = null;
  }

  // Builds the static board; redone only when the orientation changes.
  build() {
    const board = this.board;
    board.replaceChildren();
    const layout = { size: SIZE, cell: CELL, left: LEFT, top: TOP };
    drawFrame(board, layout, 4, 4);
    const turn = this.flipped ? 'north' : 'south';
    this.grid = new CellGrid(board, { ...layout, turn, onActivate: (name) => this.activate(name) });
    this.snapshot.state.board.goals.forEach((goal, owner) => {
      const ends = goal.map((c) => {
        const p = parseCell(c);
        return this.grid.place(p.file, p.rank);
      });
      const x = Math.min(...ends.map((p) => p.x));
      const y = ends[0].y;
      const box = { x: x + 1, y: y + 1, width: 3 * CELL - 2, height: CELL - 2, rx: 3 };
      svg('rect', { ...box, class: `board-goal board-goal--${LOOK[owner]}` }, board);
      const labelY = y < TOP + CELL ? TOP - 12 : y + CELL + 27;
      const label = svg('text', { x: x + 1.5 * CELL, y: labelY, class: 'board-goal-label' }, board);
      const seat = boardWords().seats[owner].toUpperCase();
      label.textContent = fill(boardWords().goal, { seat });
    });
    this.grid.label({ below: 12, beside: 11 });
    this.hintLayer = svg('g', { class: 'board-hint-layer', 'aria-hidden': 'true' }, board);
    onCellPointed(this.grid, (name) => this.explainCell(name));
  }

  // With a man selected, explains the step to the cell pointed at, as the rules explain it: the
  // men it would exchange, what it does to the marker, or why it is forbidden; null clears.
  // Nothing is shown where the rules' explanation and the server's legal list disagree, nor
  // before the rules have loaded.
  explainCell(name) {
    this.pointed = name;
    // The rules load once there is a move to explain: not for a spectator or a rules diagram.
    if (this.acting && !this.rulesAsked) {
      this.rulesAsked = true;
      whenExplaining(() => {
        if (this.pointed) this.explainCell(this.pointed);
      });
    }
    this.showMarks([]);
    this.explainText('');
    const from = this.selected;
    if (!from || !this.acting) return;
    const words = textsIn(TEXTS).hints;
    if (!name || name === from) {
      this.explainText(fill(words.chooseTarget, { from }));
      return;
    }
    const state = this.snapshot.state;
    const token = `${from}-${name}`;
    const found = explainRequest(state.position, token);
    if (!found) return;
    const legal = state.legal.includes(token);
    if (legal && found.legal) {
      this.showMarks(found.exchanged, from, name);
      const cells = found.exchanged.join(', ');
      let text = fill(cells ? words.exchanges : words.exchangesNothing, { from, to: name, cells });
      if (found.quiet) {
        text += ` ${state.board.markers[this.mover] ? words.quietTwo : words.quietOne}`;
      }
      this.explainText(text);
    } else if (!legal && ['suicide', 'marker', 'backward', 'occupied'].includes(found.reason)) {
      this.showMarks(found.rectangle ? [...found.rectangle, name] : [], from, name);
      const cells = (found.rectangle || []).join(', ');
      this.explainText(fill(words[found.reason], { from, to: name, cells }));
    }
  }

  // Rings on `marks` and a line from `from` to `to` (both optional), over the men.
  showMarks(marks, from = null, to = null) {
    const path = from && to ? [from, to] : [];
    drawHint(this.grid, this.hintLayer, { path, dots: to ? [to] : [], marks });
  }

  // A man of the viewer's is selected (or unselected); a target of the selected man moves it.
  activate(name) {
    if (!this.snapshot || !this.acting) return;
    if (this.moves.has(name)) {
      this.selected = this.selected === name ? null : name;
      this.render();
      return;
    }
    if (!this.selected) return;
    const token = `${this.selected}-${name}`;
    this.selected = null;
    if (this.snapshot.state.legal.includes(token)) this.onMove(token);
    else this.render();
  }

  render() {
    const view = this.snapshot.state.board;
    const version = this.snapshot.version;
    if (!this.seen || this.seen.version !== version) {
      this.before = this.seen && this.seen.version === version - 1 ? this.seen.view : null;
      this.seen = { version, view };
    }
    const exchange = exchangeOfMove(view, this.snapshot.last_move, this.before);
    const exchanged = new Set(exchange ? exchange.cells : []);
    this.explainCell(null);
    this.renderCells(view, exchanged, exchange);
    const w = boardWords();
    this.exchangeLegend.show(exchange, w.seats, LOOK);
    this.showSeats(
      [0, 1].map((s) => {
        const marker = view.markers[s];
        return {
          look: LOOK[s],
          label: w.seats[s],
          detail: fill(w.men, { n: view.men[s] }),
          extra: markerIcon(marker),
          ariaExtra: w.markers[Math.min(marker, 2)],
        };
      }),
    );
    this.showStatus(
      w.seats,
      this.selected ? fill(w.chooseWhere, { from: this.selected }) : w.chooseMan,
    );
    const note = [];
    if (this.snapshot.last_move === 'pass' || (this.snapshot.forced_passes || 0) > 0) {
      note.push(w.passed);
    }
    note.push(w.markerNote);
    this.hint.textContent = note.join(' ');
  }

  renderCells(view, exchanged, exchange) {
    const fresh = this.takeFresh();
    const lm = STEP.exec(this.snapshot.last_move || '');
    const last = lm ? { from: lm[1], to: lm[2] } : null;
    const targets = new Set(this.selected ? this.moves.get(this.selected) : []);
    const w = boardWords();
    for (const c of this.grid.redraw()) {
      const owner = ownerAt(view, c.name);
      const seat = owner >= 0 ? w.seats[owner].toLowerCase() : '';
      const words = [c.name, owner >= 0 ? fill(w.man, { seat }) : w.empty];
      [0, 1].forEach((s) => {
        if (view.goals[s].includes(c.name)) words.push(fill(w.goalCell, { seat: w.seats[s] }));
      });
      if (last && c.name === last.from) {
        this.grid.outline(c, 2, 'board-last-from');
        words.push(w.lastFrom);
      }
      if (owner >= 0) this.drawMan(c, owner, fresh && exchanged.has(c.name), fresh && last);
      if (last && c.name === last.to) {
        this.grid.outline(c, 2, 'board-last');
        words.push(w.lastTo);
      }
      if (exchanged.has(c.name)) {
        drawExchangeMark(this.grid, c, LOOK[exchange.loser], fresh);
        words.push(w.justExchanged);
      }
      const movable = this.acting && this.moves.has(c.name);
      if (movable) words.push(this.markMovable(c));
      const target = this.acting && targets.has(c.name);
      if (target) {
        this.grid.ring(c, 0.14, 'board-legal-dot');
        words.push(w.legalMove);
      }
      this.grid.mark(c, words, movable || targets.has(c.name), movable);
    }
    this.grid.settle();
  }

  // A man; the one that just moved slides in from where it stood (`last`, on a fresh snapshot).
  drawMan(c, owner, flash, last) {
    const man = piece(c.content, LOOK[owner], c.cx, c.cy, CELL * 0.36, flash ? 'board-flash' : '');
    if (last && c.name === last.to && this.grid.cells.has(last.from)) {
      const from = this.grid.cells.get(last.from);
      slideFrom(man, from.x - c.x, from.y - c.y);
    }
  }

  // The ring of a man that can move, or of the selected one; returns the words for its label.
  markMovable(c) {
    if (c.name === this.selected) {
      this.grid.ring(c, 0.44, 'board-selected');
      return boardWords().selected;
    }
    this.grid.ring(c, 0.44, 'board-legal-ring');
    return boardWords().canMove;
  }
}
