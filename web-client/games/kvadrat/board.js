// Kvadrat board: 15 x 15 positions in 25 squares of 3 x 3, each square tinted by its owner.
// The board turns so the viewer's own edge is at the bottom; the player to move clicks a
// highlighted position (the server has checked that a five-step path reaches it).

import { svg, piece } from '../../board/svg.js';
import {
  BoardView,
  CellGrid,
  drawFrame,
  drawHint,
  ownerAt,
  onCellPointed,
} from '../../board/grid.js';
import { explainRequest, whenExplaining } from '../../engine/explainer.js';
import { Loupe } from '../../board/loupe.js';
import { fill } from '../../i18n/index.js';
import { textsIn } from '../common/texts.js';
import { RESULTS } from './results.js';
import { TEXTS } from './words.js';

const SIZE = 15;
const CELL = 30;
const MARGIN = 40;
const LAYOUT = { size: SIZE, cell: CELL, left: MARGIN, top: MARGIN };
let instances = 0;

const boardWords = () => textsIn(TEXTS).board;

function seatLooks(players) {
  const w = boardWords();
  return players === 4
    ? { look: ['black', 'white', 'red', 'blue'], label: w.seats4 }
    : { look: ['black', 'red'], label: w.seats2 };
}

// The screen side an edge ("south", ...) is drawn on when the `turn` edge is at the bottom.
function screenSide(edge, turn) {
  const order = ['south', 'east', 'north', 'west'];
  const sides = ['bottom', 'right', 'top', 'left'];
  return sides[(order.indexOf(edge) - order.indexOf(turn) + 4) % 4];
}

// The pattern White's squares are filled with: White's tint would vanish on the light board.
function hatchPattern(board, id) {
  const defs = svg('defs', {}, board);
  const hatch = svg(
    'pattern',
    { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    defs,
  );
  svg('rect', { width: 6, height: 6, class: 'board-hatch-bg' }, hatch);
  svg('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'board-hatch-line' }, hatch);
}

export function createBoard(host, { onMove }) {
  return new KvadratBoard(host, onMove);
}

class KvadratBoard extends BoardView {
  constructor(host, onMove) {
    super(host, {
      game: 'kvadrat',
      label: boardWords().label,
      onMove,
      results: RESULTS,
    });
    this.hatchId = `board-kvadrat-${++instances}-hatch`;
    const full = MARGIN * 2 + SIZE * CELL;
    this.board.setAttribute('viewBox', `0 0 ${full} ${full}`);
    this.turn = null; // which edge is at the bottom
    this.grid = null;
    this.squares = [];
    this.edgeLayer = null;
    // A touch tap opens the loupe where the board's cells are smaller than a finger.
    this.pointer = 'mouse';
    this.board.addEventListener('pointerdown', (event) => {
      this.pointer = event.pointerType;
    });
    this.loupe = new Loupe(this.root, this.board, {
      pick: (name) => this.loupePick(name),
      confirm: (name) => {
        this.loupe.close();
        this.send(name);
      },
      close: () => this.explainCell(null),
    });
    this.loupeVersion = -1;
    this.pointed = null; // the cell explained, explained again once the rules have loaded
    this.rulesAsked = false;
  }

  // A cell of the board activated: played at once, or with a touch on small cells, magnified.
  activate(name) {
    const touch = this.pointer === 'touch';
    this.pointer = 'mouse';
    const full = MARGIN * 2 + SIZE * CELL;
    const cellPixels = (this.board.getBoundingClientRect().width / full) * CELL;
    if (touch && this.acting && cellPixels < 28) {
      this.loupeVersion = this.snapshot.version;
      this.loupe.show(this.grid, name, this.loupeScene());
    } else {
      this.send(name);
    }
  }

  // What the loupe draws: the pieces' looks and words, and the legal positions.
  loupeScene() {
    const view = this.snapshot.state.board;
    const looks = seatLooks(view.players);
    const w = boardWords();
    const owner = (name) => ownerAt(view, name);
    return {
      owner: (name) => (owner(name) >= 0 ? looks.look[owner(name)] : null),
      describe: (name) => fill(w.piece, { seat: looks.label[owner(name)].toLowerCase() }),
      emptyWord: w.empty,
      legalWord: w.legalMove,
      legal: new Set(this.acting ? this.snapshot.state.legal : []),
    };
  }

  // A tap in the loupe: explained as pointing at the cell would; returns the path to show
  // and the explanation.
  loupePick(name) {
    this.explainCell(name);
    const text = this.explain.textContent;
    const state = this.snapshot.state;
    if (!this.acting || !state.legal.includes(name)) return { path: null, text };
    const found = explainRequest(state.position, name);
    return { path: (found && found.path) || null, text };
  }

  // The board turns so that the viewer's edge is at the bottom; rebuilt when that changes.
  prepare() {
    const edges = this.snapshot.state.board.edges;
    const want = this.seat !== null && edges[this.seat] ? edges[this.seat] : 'south';
    if (want === this.turn) return;
    this.turn = want;
    this.loupe.close();
    const board = this.board;
    board.replaceChildren();
    hatchPattern(board, this.hatchId);
    drawFrame(board, LAYOUT, 3, 3);
    const extent = SIZE * CELL;
    svg(
      'rect',
      { x: MARGIN, y: MARGIN, width: extent, height: extent, class: 'board-cell-bg' },
      board,
    );
    const shade = svg('g', {}, board);
    const onActivate = (name) => this.activate(name);
    this.grid = new CellGrid(board, { ...LAYOUT, turn: want, checkered: false, onActivate });
    this.squares = this.buildSquares(shade);
    this.edgeLayer = svg('g', {}, board);
    this.hintLayer = svg('g', { class: 'board-hint-layer', 'aria-hidden': 'true' }, board);
    this.grid.label({ beside: 14 });
    onCellPointed(this.grid, (name) => this.explainCell(name));
  }

  // Explains a placement on `name` to the player to move, as the rules explain it: a path that
  // reaches it or why none does; null clears. Nothing is shown where the rules' explanation and
  // the server's legal list disagree, nor before the rules have loaded.
  explainCell(name) {
    this.pointed = name;
    // The rules load once there is a move to explain: not for a spectator or a rules diagram.
    if (this.acting && !this.rulesAsked) {
      this.rulesAsked = true;
      whenExplaining(() => {
        if (this.pointed) this.explainCell(this.pointed);
      });
    }
    this.showPath([]);
    this.explainText('');
    if (!name || !this.acting) return;
    const state = this.snapshot.state;
    const found = explainRequest(state.position, name);
    if (!found) return;
    const words = textsIn(TEXTS).hints;
    const legal = state.legal.includes(name);
    if (legal && found.legal && found.path) {
      this.showPath(found.path);
      const first = !state.board.placed_first[this.mover];
      const steps = first ? found.path.length : found.path.length - 1;
      const cells = found.path.join('–');
      const text = first ? words.firstPath : steps === 5 ? words.path : words.pathSteps;
      this.explainText(fill(text, { cells, n: steps }));
    } else if (!legal && !found.legal) {
      // With no placement anywhere, no path reaches this cell either.
      const reason = found.reason === 'must_pass' ? 'no_path' : found.reason;
      const atMost = state.options && state.options.path === 'at_most';
      const key = reason === 'no_path' && atMost ? 'no_path_at_most' : reason;
      if (words[key]) this.explainText(fill(words[key], { cell: name }));
    }
  }

  // Draws `path` (cells, the start first) as a line with a dot per step, and rings on `marks`.
  showPath(path, marks = []) {
    const view = this.snapshot.state.board;
    const dots = path.filter((name) => ownerAt(view, name) < 0);
    drawHint(this.grid, this.hintLayer, { path, dots, marks });
  }

  // The 25 squares: a tint (under the cells), a badge for the owner's mark and the outline.
  buildSquares(shade) {
    const squares = [];
    for (let j = 0; j < 5; ++j) {
      for (let i = 0; i < 5; ++i) {
        const a = this.grid.place(3 * i, 3 * j);
        const b = this.grid.place(3 * i + 2, 3 * j + 2);
        const box = {
          x: Math.min(a.x, b.x),
          y: Math.min(a.y, b.y),
          width: 3 * CELL,
          height: 3 * CELL,
        };
        const tint = svg('rect', { ...box, class: 'board-square' }, shade);
        const badge = svg('g', { 'aria-hidden': 'true' }, this.board);
        svg('rect', { ...box, class: 'board-square-line' }, this.board);
        const name = String.fromCharCode(65 + i) + String(j + 1);
        squares.push({ tint, badge, x: box.x, y: box.y, name });
      }
    }
    return squares;
  }

  render() {
    const state = this.snapshot.state;
    const view = state.board;
    const looks = seatLooks(view.players);
    this.explainCell(null);
    if (!this.acting || this.snapshot.version !== this.loupeVersion) this.loupe.close();
    this.renderSquares(view, looks);
    this.renderCells(view, looks);
    this.renderEdges(view, looks);
    const w = boardWords();
    this.showSeats(
      looks.look.map((look, s) => {
        const left = view.pieces_left ? view.pieces_left[s] : null;
        const n = state.scores ? state.scores[s] : 0;
        const limited = left !== null && left !== undefined;
        const edge = w.edges[view.edges[s]] || view.edges[s];
        return {
          look,
          label: looks.label[s],
          detail: fill(limited ? w.scoreLeft : w.score, { n, left }),
          ariaExtra: fill(limited ? w.seatAriaLeft : w.seatAria, { n, left, edge }),
        };
      }),
    );
    const first = this.acting && !view.placed_first[this.mover];
    this.showStatus(looks.label, first ? w.yourFirst : w.yourMove);
    const settled = view.squares.filter((sq) => sq.settled).length;
    let note = fill(w.note, { settled });
    if ((this.snapshot.forced_passes || 0) > 0) note = `${w.passed} ${note}`;
    this.hint.textContent = note;
  }

  renderSquares(view, looks) {
    view.squares.forEach((sq, k) => {
      const shade = this.squares[k];
      const owned = sq.owner !== null && sq.owner !== undefined;
      const look = owned ? looks.look[sq.owner] : null;
      shade.tint.setAttribute(
        'class',
        'board-square' +
          (owned ? ` board-square--${look}` : '') +
          (sq.settled ? ' board-square--settled' : ''),
      );
      shade.tint.style.fill = look === 'white' ? `url(#${this.hatchId})` : '';
      shade.tint.setAttribute('fill-opacity', owned && !sq.settled ? 0.6 : 1);
      shade.badge.replaceChildren();
      if (!owned) return;
      // In the square's corner, clear of the round pieces in the corner cell.
      piece(shade.badge, look, shade.x + 3 * CELL - 4, shade.y + 4, 3.6);
      if (sq.settled) {
        const side = 3 * CELL - 6;
        const box = { x: shade.x + 3, y: shade.y + 3, width: side, height: side };
        svg('rect', { ...box, class: 'board-square-settled' }, shade.badge);
      }
    });
  }

  renderCells(view, looks) {
    const legal = new Set(this.acting ? this.snapshot.state.legal : []);
    const fresh = this.takeFresh();
    const w = boardWords();
    for (const c of this.grid.redraw()) {
      const owner = ownerAt(view, c.name);
      const seat = owner >= 0 ? looks.label[owner].toLowerCase() : '';
      const words = [c.name, owner >= 0 ? fill(w.piece, { seat }) : w.empty];
      const isLast = this.snapshot.last_move === c.name;
      if (owner >= 0) {
        const enter = fresh && isLast ? 'board-enter' : '';
        piece(c.content, looks.look[owner], c.cx, c.cy, CELL * 0.34, enter);
      }
      if (isLast) {
        this.grid.outline(c, 1.5, 'board-last');
        words.push(w.lastMove);
      }
      if (legal.has(c.name)) {
        this.grid.ring(c, 0.14, 'board-legal-dot');
        words.push(w.legalMove);
      }
      const sq = view.squares[Math.floor(c.file / 3) + 5 * Math.floor(c.rank / 3)];
      const neutral = sq.owner === null || sq.owner === undefined;
      const seatName = neutral ? '' : looks.label[sq.owner];
      words.push(
        fill(neutral ? w.squareNeutral : w.squareOwned, { name: sq.name, seat: seatName }),
      );
      if (sq.settled) words.push(w.settled);
      this.grid.mark(c, words, legal.has(c.name));
    }
    this.grid.settle();
  }

  // A line and "… STARTS HERE" along the edge of each seat that has not placed yet.
  renderEdges(view, looks) {
    this.edgeLayer.replaceChildren();
    const lo = MARGIN - 6;
    const hi = MARGIN + SIZE * CELL + 6;
    const mid = MARGIN + (SIZE * CELL) / 2;
    view.edges.forEach((edge, s) => {
      if (view.placed_first[s]) return;
      const side = screenSide(edge, this.turn);
      const horizontal = side === 'top' || side === 'bottom';
      const away = side === 'top' || side === 'left' ? -1 : 1;
      const at = away < 0 ? lo : hi;
      const line = horizontal
        ? { x1: MARGIN + 4, y1: at, x2: MARGIN + SIZE * CELL - 4, y2: at }
        : { x1: at, y1: MARGIN + 4, x2: at, y2: MARGIN + SIZE * CELL - 4 };
      svg('line', { ...line, class: `board-edge board-edge--${looks.look[s]}` }, this.edgeLayer);
      const off = at + away * 24;
      const place = horizontal
        ? { x: mid, y: off }
        : { x: off, y: mid, transform: `rotate(${away * 90} ${off} ${mid})` };
      const text = svg('text', { ...place, class: 'board-edge-label' }, this.edgeLayer);
      text.textContent = fill(boardWords().startsHere, { seat: looks.label[s].toUpperCase() });
    });
  }
}
