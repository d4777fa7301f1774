// What the four boards share beyond svg.js's primitives: the frame every board has (seat strip,
// status line, SVG, note) with the snapshot bookkeeping, and for the three cell boards the grid
// of cells in screen order (turned to the viewer's edge) with keyboard focus, coordinates and
// highlights.

import { svg, html, cellName, parseCell, pieceIcon } from './svg.js';
import { resultOf } from '../common/room_state.js';
import { nameInWords } from '../common/server_words.js';
import { noResultEnding, resultInWords } from '../common/result_words.js';
import { fill, t } from '../i18n/index.js';

// Whether the viewer may act: a seated player whose turn it is in a game being played, while
// connected (`offline`: a move could not reach the server).
function canAct(snapshot, seat, offline = false) {
  return (
    !offline &&
    seat !== null &&
    seat !== undefined &&
    snapshot.status === 'playing' &&
    snapshot.state.status === 'ongoing' &&
    snapshot.state.to_move === seat
  );
}

// Makes an SVG group behave as a button: focusable, labelled, activated by click, Enter or Space.
function makeActivatable(node, onActivate) {
  node.setAttribute('role', 'button');
  node.addEventListener('click', (event) => {
    event.preventDefault();
    onActivate();
  });
  node.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate();
    }
  });
}

// Roving focus over a grid of cells: one cell is in the tab order, the arrow keys move between
// cells (in screen directions), Home/End jump to the row's ends. `cells[row][col]` are elements,
// row 0 at the top of the screen.
class GridFocus {
  constructor(cells) {
    this.cells = cells;
    this.row = cells.length - 1;
    this.col = 0;
    for (const row of cells) for (const cell of row) cell.setAttribute('tabindex', '-1');
    cells.forEach((row, r) =>
      row.forEach((cell, c) => {
        cell.addEventListener('focus', () => this.remember(r, c));
        cell.addEventListener('keydown', (event) => this.onKey(event));
      }),
    );
    this.remember(this.row, this.col);
  }

  remember(row, col) {
    this.cells[this.row][this.col].setAttribute('tabindex', '-1');
    this.row = row;
    this.col = col;
    this.cells[row][col].setAttribute('tabindex', '0');
  }

  // Puts the tab stop on `cell` (e.g. the first legal target) without moving focus.
  prefer(cell) {
    const active = document.activeElement;
    if (this.cells.some((row) => row.includes(active))) return;
    this.cells.forEach((row, r) =>
      row.forEach((c, k) => {
        if (c === cell) this.remember(r, k);
      }),
    );
  }

  onKey(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let row = this.row;
    let col = this.col;
    if (moves[event.key]) {
      row = Math.min(this.cells.length - 1, Math.max(0, row + moves[event.key][0]));
      col = Math.min(this.cells[row].length - 1, Math.max(0, col + moves[event.key][1]));
    } else if (event.key === 'Home') {
      col = 0;
    } else if (event.key === 'End') {
      col = this.cells[row].length - 1;
    } else {
      return;
    }
    event.preventDefault();
    this.remember(row, col);
    this.cells[row][col].focus();
  }
}

// Calls `show(name)` when a cell is pointed at or focused and `show(null)` when left, so that a
// board can explain the move on that cell.
export function onCellPointed(grid, show) {
  for (const c of grid.cells.values()) {
    for (const type of ['mouseenter', 'focus']) c.group.addEventListener(type, () => show(c.name));
    for (const type of ['mouseleave', 'blur']) c.group.addEventListener(type, () => show(null));
  }
}

// Draws a hint over a CellGrid's cells into `layer` (emptied first): a line through the centres
// of `path`, a dot on each of `dots` and a dashed ring on each of `marks`.
export function drawHint(grid, layer, { path = [], dots = [], marks = [] }) {
  layer.replaceChildren();
  const centre = (name) => {
    const p = parseCell(name);
    const { x, y } = grid.place(p.file, p.rank);
    return [x + grid.cell / 2, y + grid.cell / 2];
  };
  if (path.length > 1) {
    const points = path.map((name) => centre(name).join(',')).join(' ');
    svg('polyline', { points, class: 'board-hint-path' }, layer);
  }
  for (const name of dots) {
    const [cx, cy] = centre(name);
    svg('circle', { cx, cy, r: 4.5, class: 'board-hint-step' }, layer);
  }
  for (const name of marks) {
    const [cx, cy] = centre(name);
    svg('circle', { cx, cy, r: grid.cell * 0.42, class: 'board-hint-mark' }, layer);
  }
}

// Adds the focus ring and hover outline rectangle every focusable cell carries.
function focusRing(parent, x, y, w, h) {
  svg(
    'rect',
    { x: x + 1.5, y: y + 1.5, width: w - 3, height: h - 3, rx: 3, class: 'board-focus' },
    parent,
  );
}

// The strip of seats above a board: piece icon, colour, player name, score, whose turn.
class SeatStrip {
  constructor(parent) {
    this.root = html('ol', 'board-seats', null, parent);
  }

  // seats: [{ look, label, detail }] in seat order; names come from the snapshot (textContent).
  update(snapshot, seat, seats) {
    this.root.replaceChildren();
    const state = snapshot.state;
    const result = resultOf(snapshot);
    const winners = (result && result.winners) || [];
    seats.forEach((info, i) => {
      const item = html('li', 'board-seat', null, this.root);
      // A replay's last position (from the record) may still be ongoing after a resignation:
      // the result ends the turn. A waiting room's state names a first mover, but nobody moves
      // before every seat is filled.
      const toMove =
        snapshot.status !== 'waiting' &&
        !result &&
        state.status === 'ongoing' &&
        state.to_move === i;
      if (toMove) item.classList.add('board-seat--to-move');
      if (winners.includes(i)) item.classList.add('board-seat--winner');
      item.appendChild(pieceIcon(info.look, 20));
      const text = html('span', 'board-seat-text', null, item);
      // The analysis board seats nobody: its snapshots have no seats, and its strip no names.
      const holder = snapshot.seats && snapshot.seats[i];
      let name = holder && holder.name ? nameInWords(holder.name) : t('board.openSeat');
      if (!snapshot.seats) name = '';
      else if (i === seat) name = fill(t('board.you'), { name });
      const top = html('span', 'board-seat-colour', info.label, text);
      if (info.detail) html('span', 'board-seat-detail', info.detail, top);
      if (info.extra) top.appendChild(info.extra);
      if (name) html('span', 'board-seat-name', name, text);
      let status = '';
      if (toMove) status = t('board.toMove');
      if (winners.includes(i)) status = t('board.winner');
      if (status) html('span', 'board-seat-badge', status, item);
      item.setAttribute(
        'aria-label',
        [info.label, name, info.detail, info.ariaExtra, status].filter(Boolean).join(', '),
      );
    });
  }
}

// One line saying what is going on, addressed to the viewer when it is their turn.
function statusText(snapshot, seat, seatLabels, yourTurnText, offline, results) {
  const state = snapshot.state;
  if (snapshot.status === 'waiting') return t('board.waiting');
  const result = resultOf(snapshot);
  if (result || state.status !== 'ongoing' || state.to_move < 0) {
    const { winners = [], draw } = result || {};
    let text = t('board.wins');
    if (noResultEnding(result)) text = t('board.noResult');
    else if (draw || winners.length === 0) text = t('board.draw');
    else if (winners.length > 1) text = t('board.share');
    text = fill(text, {
      seat: seatLabels[winners[0]],
      seats: winners.map((k) => seatLabels[k]).join(t('board.and')),
    });
    const reason = resultInWords(result, {
      gameResults: results,
      seatName: (i) => seatLabels[i],
      playerName: (i) => holderName(snapshot, i),
    });
    return reason ? t('board.reason', { text, reason }) : t('board.over', { text });
  }
  if (canAct(snapshot, seat, offline)) return yourTurnText;
  return fill(t('board.seatToMove'), { seat: seatLabels[state.to_move] });
}

// The name of the player in seat `i` of the snapshot, or null for an empty seat.
function holderName(snapshot, i) {
  const holder = (snapshot.seats || [])[i];
  return (holder && holder.name) || null;
}

// A board on screen. Subclasses implement prepare() (rebuild what the snapshot changed in the
// layout) and render() (draw the snapshot); update() and destroy() are the board API
// (games/index.js boardFor). `results`: the game's own result codes in words
// (games/<game>/results.js).
export class BoardView {
  constructor(host, { game, label = null, role = 'group', onMove, results = {} }) {
    this.root = html('div', `board board--${game}`, null, host);
    this.strip = new SeatStrip(this.root);
    this.status = html('p', 'board-status', '', this.root);
    this.status.setAttribute('aria-live', 'polite');
    this.board = svg('svg', { class: 'board-svg', role, 'aria-label': label }, this.root);
    this.hint = html('p', 'board-note', '', this.root);
    // What the move pointed at (hover, focus or tap) would do, from the game's hint words.
    this.explain = html('p', 'board-explain', '', this.root);
    this.explain.setAttribute('aria-live', 'polite');
    this.onMove = onMove;
    this.results = results;
    this.snapshot = null;
    this.seat = null;
    this.lastVersion = -1;
  }

  update(next, options = {}) {
    this.snapshot = next;
    this.seat = options.seat === undefined ? null : options.seat;
    this.offline = Boolean(options.offline);
    this.anySide = Boolean(options.anySide);
    this.prepare();
    this.render();
  }

  prepare() {}

  destroy() {
    this.root.remove();
  }

  // Shows (or with '' clears) the explanation line under the board.
  explainText(text) {
    this.explain.textContent = text;
  }

  // The seat whose moves this board enters: the viewer's, or on the analysis board (`anySide`)
  // whichever is to move.
  get mover() {
    return this.anySide ? this.snapshot.state.to_move : this.seat;
  }

  // Whether the viewer may move now.
  get acting() {
    return canAct(this.snapshot, this.mover, this.offline);
  }

  // True the first time a version is drawn, so entry animations play once.
  takeFresh() {
    const fresh = this.snapshot.version !== this.lastVersion;
    this.lastVersion = this.snapshot.version;
    return fresh;
  }

  // Sends `token` when the viewer may move and the snapshot lists it.
  send(token) {
    if (token && this.snapshot && this.acting && this.snapshot.state.legal.includes(token)) {
      this.onMove(token);
    }
  }

  // The seat strip: `seats` = [{ look, label, detail, extra, ariaExtra }] in seat order.
  showSeats(seats) {
    this.strip.update(this.snapshot, this.seat, seats);
  }

  // The status line: whose turn (or the result), addressed to the viewer when it is theirs.
  showStatus(seatLabels, yourTurnText) {
    const over = this.snapshot.state.status !== 'ongoing';
    this.status.textContent = statusText(
      this.snapshot,
      this.seat,
      seatLabels,
      yourTurnText,
      this.offline,
      this.results,
    );
    this.status.className =
      'board-status' +
      (this.acting ? ' board-status--act' : '') +
      (over ? ' board-status--over' : '');
  }
}

// Screen column and row (row 0 at the top) of a cell of a size x size board turned so that the
// `turn` edge ("south", "north", "west", "east") is at the bottom.
export function screenCell(file, rank, size, turn = 'south') {
  const last = size - 1;
  const [col, row] = {
    south: [file, last - rank],
    north: [last - file, rank],
    west: [last - rank, last - file],
    east: [rank, file],
  }[turn];
  return { col, row };
}

// The seat owning the piece on `name` in a `describe()` board's `cells`, or -1 for none.
export function ownerAt(view, name) {
  return Object.prototype.hasOwnProperty.call(view.cells, name) ? view.cells[name] : -1;
}

// The rounded frame around the cells of a `layout` ({size, cell, left, top}), `pad` units
// outside them; drawn before the cells so that it lies under them.
export function drawFrame(board, { size, cell, left, top }, pad, rx) {
  const side = size * cell + 2 * pad;
  const at = { x: left - pad, y: top - pad };
  return svg('rect', { ...at, width: side, height: side, rx, class: 'board-frame' }, board);
}

// The square cells of a board, built once per layout: each a focusable button with a
// background, a `content` group redrawn per snapshot, and a focus ring.
export class CellGrid {
  // `checkered` alternates two backgrounds; otherwise cells are drawn as grid lines.
  constructor(board, { size, cell, left, top, turn = 'south', checkered = true, onActivate }) {
    Object.assign(this, { board, size, cell, left, top, turn });
    this.cells = new Map();
    this.preferred = null;
    const rows = Array.from({ length: size }, () => []);
    for (let rank = 0; rank < size; ++rank) {
      for (let file = 0; file < size; ++file) {
        const name = cellName(file, rank);
        const { col, row, x, y } = this.place(file, rank);
        const group = svg('g', { class: 'board-cell' }, board);
        const alt = (file + rank) % 2 ? 'board-cell-bg' : 'board-cell-bg board-cell-bg--alt';
        const background = checkered ? alt : 'board-cell-grid';
        svg('rect', { x, y, width: cell, height: cell, class: background }, group);
        const content = svg('g', {}, group);
        focusRing(group, x, y, cell, cell);
        makeActivatable(group, () => onActivate(name));
        this.cells.set(name, { name, group, content, file, rank, col, row, x, y });
        rows[row][col] = group;
      }
    }
    this.focus = new GridFocus(rows);
  }

  // Screen column, row and SVG position of a cell's top-left corner.
  place(file, rank) {
    const { col, row } = screenCell(file, rank, this.size, this.turn);
    return { col, row, x: this.left + col * this.cell, y: this.top + row * this.cell };
  }

  // Coordinates along the screen's bottom and left, following the turned board: file letters
  // under the columns and rank numbers beside the rows when upright, the other way round when
  // turned sideways. `below` and `beside` are the labels' distances from the cells.
  label({ below = 14, beside = 12 } = {}) {
    const last = this.size - 1;
    const bottom = [];
    const side = [];
    for (const c of this.cells.values()) {
      if (c.row === last) bottom[c.col] = c.name;
      if (c.col === 0) side[c.row] = c.name;
    }
    const upright = this.turn === 'south' || this.turn === 'north';
    const letters = (name) => name.replace(/[0-9]+$/, '');
    const digits = (name) => name.replace(/^[a-z]/, '');
    const y = this.top + this.size * this.cell + below;
    const half = this.cell / 2;
    for (let i = 0; i < this.size; ++i) {
      const x = this.left + i * this.cell + half;
      const under = svg('text', { x, y, class: 'board-coord' }, this.board);
      under.textContent = upright ? letters(bottom[i]) : digits(bottom[i]);
      const rowY = this.top + i * this.cell + half;
      const left = svg(
        'text',
        { x: this.left - beside, y: rowY, class: 'board-coord' },
        this.board,
      );
      left.textContent = upright ? digits(side[i]) : letters(side[i]);
    }
  }

  // Starts drawing a snapshot: empties every cell's content. Yields the cells with their centre.
  *redraw() {
    this.preferred = null;
    for (const c of this.cells.values()) {
      c.content.replaceChildren();
      yield { ...c, cx: c.x + this.cell / 2, cy: c.y + this.cell / 2 };
    }
  }

  // Finishes a cell: its label for screen readers and whether it reacts; the first cell to
  // `prefer` gets the tab stop unless focus is already on the board.
  mark(c, words, active, prefer = active) {
    c.group.classList.toggle('board-cell--active', active);
    c.group.setAttribute('aria-label', words.join(', '));
    if (prefer && !this.preferred) this.preferred = c.group;
  }

  // Puts the tab stop on the first reacting cell, after a redraw.
  settle() {
    if (this.preferred) this.focus.prefer(this.preferred);
  }

  // An outline `inset` units inside a cell (last move, selection).
  outline(c, inset, className) {
    const size = this.cell - 2 * inset;
    const at = { x: c.x + inset, y: c.y + inset };
    return svg('rect', { ...at, width: size, height: size, rx: 3, class: className }, c.content);
  }

  // A circle of radius `share` x cell in a cell's centre (legal dot, rings).
  ring(c, share, className) {
    return svg('circle', { cx: c.cx, cy: c.cy, r: this.cell * share, class: className }, c.content);
  }
}
