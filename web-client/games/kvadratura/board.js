// Kvadratura board: n x n cells; the player to move places a checker on an empty cell. Squares
// of one colour (axis-aligned or tilted) are outlined through their corner cells.

import { svg, piece, parseCell } from '../../board/svg.js';
import { BoardView, CellGrid, drawFrame, drawHint, ownerAt } from '../../board/grid.js';
import { fill as fillText } from '../../i18n/index.js';
import { textsIn } from '../common/texts.js';
import { RESULTS } from './results.js';
import { TEXTS } from './words.js';

const CELL = 48;
const LEFT = 22;
const TOP = 10;
const LOOK = ['white', 'black'];
const boardWords = () => textsIn(TEXTS).board;

export function createBoard(host, { onMove }) {
  return new KvadraturaBoard(host, onMove);
}

class KvadraturaBoard extends BoardView {
  constructor(host, onMove) {
    super(host, {
      game: 'kvadratura',
      label: boardWords().label,
      onMove,
      results: RESULTS,
    });
    this.size = 0;
    this.grid = null;
    this.squareLayer = null;
  }

  // The board is rebuilt only when its size changes.
  prepare() {
    const n = this.snapshot.state.board.files;
    if (n === this.size) return;
    this.size = n;
    this.board.replaceChildren();
    const width = LEFT + n * CELL + 10;
    const height = TOP + n * CELL + 24;
    this.board.setAttribute('viewBox', `0 0 ${width} ${height}`);
    const layout = { size: n, cell: CELL, left: LEFT, top: TOP };
    drawFrame(this.board, layout, 4, 4);
    this.grid = new CellGrid(this.board, { ...layout, onActivate: (name) => this.send(name) });
    this.squareLayer = svg('g', { 'aria-hidden': 'true' }, this.board);
    this.hintLayer = svg('g', { class: 'board-hint-layer', 'aria-hidden': 'true' }, this.board);
    this.grid.label();
  }

  // Dashed rings on `marks` (the rules page's diagrams point at a cell with them).
  showMarks(marks) {
    drawHint(this.grid, this.hintLayer, { marks });
  }

  render() {
    const view = this.snapshot.state.board;
    const squares = view.squares || [];
    this.renderCells(view, squares);
    this.renderSquares(squares);
    const w = boardWords();
    const fill = view.mode === 'fill';
    const counts = [0, 1].map((s) => squares.filter((sq) => sq.seat === s).length);
    this.showSeats(
      [0, 1].map((s) => ({
        look: LOOK[s],
        label: w.seats[s],
        detail: fill ? fillText(w.squares, { n: counts[s] }) : '',
      })),
    );
    this.showStatus(w.seats, w.yourMove);
    let note = fill ? w.noteFill : w.noteFirst;
    if (squares.length > 4) {
      note += ` ${fillText(w.outlinedCount, { white: counts[0], black: counts[1] })}`;
    } else if (squares.length) {
      const list = squares.map((sq) =>
        fillText(w.outlinedOne, { seat: w.seats[sq.seat], cells: sq.cells.join('-') }),
      );
      note += ` ${fillText(w.outlinedList, { list: list.join('; ') })}`;
    }
    this.hint.textContent = note;
  }

  renderCells(view, squares) {
    const legal = new Set(this.acting ? this.snapshot.state.legal : []);
    const fresh = this.takeFresh();
    const inSquare = new Set(squares.flatMap((sq) => sq.cells));
    const w = boardWords();
    for (const c of this.grid.redraw()) {
      const owner = ownerAt(view, c.name);
      const seat = owner >= 0 ? w.seats[owner].toLowerCase() : '';
      const words = [c.name, owner >= 0 ? fillText(w.checker, { seat }) : w.empty];
      const isLast = this.snapshot.last_move === c.name;
      if (owner >= 0) {
        const enter = fresh && isLast ? 'board-enter' : '';
        piece(c.content, LOOK[owner], c.cx, c.cy, CELL * 0.34, enter);
      }
      if (isLast) {
        this.grid.outline(c, 2, 'board-last');
        words.push(w.lastMove);
      }
      if (inSquare.has(c.name)) words.push(w.inSquare);
      if (legal.has(c.name)) {
        this.grid.ring(c, 0.12, 'board-legal-dot');
        words.push(w.legalMove);
      }
      this.grid.mark(c, words, legal.has(c.name));
    }
    this.grid.settle();
  }

  // The one-colour squares, outlined through the centres of their corner cells.
  renderSquares(squares) {
    this.squareLayer.replaceChildren();
    for (const sq of squares) {
      const points = sq.cells.map((name) => {
        const p = parseCell(name);
        const { x, y } = this.grid.place(p.file, p.rank);
        return `${x + CELL / 2},${y + CELL / 2}`;
      });
      svg(
        'polygon',
        {
          points: points.join(' '),
          class: `board-kv-square board-kv-square--${LOOK[sq.seat]}`,
        },
        this.squareLayer,
      );
    }
  }
}
