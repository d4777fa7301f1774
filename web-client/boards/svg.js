// Shared pieces of the four boards: element creation, the seat look (colour AND shape, so no
// seat is told apart by colour alone), keyboard-navigable cells and the seat strip.

const SVG_NS = 'http://www.w3.org/2000/svg';

// Creates an SVG element with attributes and appends it to `parent` when given.
export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

// Creates an HTML element with a class, optional text (always textContent) and parent.
export function html(tag, className = '', text = null, parent = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// The look of each piece colour the games use. Okabe–Ito colours; every colour also has its own
// shape: black disc, white ring, red square, blue triangle.
export const LOOKS = {
  black: { name: 'Black', shape: 'disc' },
  white: { name: 'White', shape: 'ring' },
  red: { name: 'Red', shape: 'square' },
  blue: { name: 'Blue', shape: 'triangle' },
  orange: { name: 'Orange', shape: 'disc' },
  sky: { name: 'Sky', shape: 'diamond' },
};

// Draws a piece of colour `look` centred at (x, y) with radius r into `parent`.
export function piece(parent, look, x, y, r, extraClass = '') {
  const shape = LOOKS[look].shape;
  const cls = `board-piece board-piece--${look} ${extraClass}`.trim();
  if (shape === 'disc') return svg('circle', { cx: x, cy: y, r, class: cls }, parent);
  if (shape === 'ring') {
    const g = svg('g', { class: cls }, parent);
    svg('circle', { cx: x, cy: y, r, class: 'board-piece-body' }, g);
    svg('circle', { cx: x, cy: y, r: r * 0.45, class: 'board-piece-mark' }, g);
    return g;
  }
  if (shape === 'square') {
    const s = r * 0.86;
    return svg('rect', { x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: r * 0.15,
      class: cls }, parent);
  }
  if (shape === 'diamond') {
    const p = [[x, y - r], [x + r, y], [x, y + r], [x - r, y]];
    return svg('polygon', { points: p.map((q) => q.join(',')).join(' '), class: cls }, parent);
  }
  const h = r * 1.05;
  const p = [[x, y - h], [x + h * 0.95, y + h * 0.7], [x - h * 0.95, y + h * 0.7]];
  return svg('polygon', { points: p.map((q) => q.join(',')).join(' '), class: cls }, parent);
}

// A small inline SVG icon of a piece, for legends and buttons.
export function pieceIcon(look, size = 18) {
  const icon = svg('svg', { viewBox: '0 0 20 20', width: size, height: size, class: 'board-icon',
    'aria-hidden': 'true' });
  piece(icon, look, 10, 10, 7.5);
  return icon;
}

// File letter + rank number, as the rules write cells ("a1", "o15").
export function cellName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

// Parses "e3" into { file, rank } (0-based), or null.
export function parseCell(text) {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(text || '');
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1 } : null;
}

// Whether the viewer may act: a seated player whose turn it is in a game being played.
export function canAct(snapshot, seat) {
  return seat !== null && seat !== undefined && snapshot.status === 'playing' &&
    snapshot.state.status === 'ongoing' && snapshot.state.to_move === seat;
}

// Makes an SVG group behave as a button: focusable, labelled, activated by click, Enter or Space.
export function makeActivatable(node, onActivate) {
  node.setAttribute('role', 'button');
  node.addEventListener('click', (event) => { event.preventDefault(); onActivate(); });
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
export class GridFocus {
  constructor(cells) {
    this.cells = cells;
    this.row = cells.length - 1;
    this.col = 0;
    for (const row of cells) for (const cell of row) cell.setAttribute('tabindex', '-1');
    cells.forEach((row, r) => row.forEach((cell, c) => {
      cell.addEventListener('focus', () => this.remember(r, c));
      cell.addEventListener('keydown', (event) => this.onKey(event));
    }));
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
    this.cells.forEach((row, r) => row.forEach((c, k) => { if (c === cell) this.remember(r, k); }));
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

// Animates `node` in from an offset (dx, dy) in the SVG's units to where it is drawn.
export function slideFrom(node, dx, dy) {
  node.style.setProperty('--board-dx', `${dx}px`);
  node.style.setProperty('--board-dy', `${dy}px`);
  node.classList.add('board-slide');
}

// Adds the focus ring and hover outline rectangle every focusable cell carries.
export function focusRing(parent, x, y, w, h) {
  svg('rect', { x: x + 1.5, y: y + 1.5, width: w - 3, height: h - 3, rx: 3, class: 'board-focus' },
    parent);
}

// The strip of seats above a board: piece icon, colour, player name, score, whose turn.
export class SeatStrip {
  constructor(parent) {
    this.root = html('ol', 'board-seats', null, parent);
  }

  // seats: [{ look, label, detail }] in seat order; names come from the snapshot (textContent).
  update(snapshot, seat, seats) {
    this.root.replaceChildren();
    const state = snapshot.state;
    // A room's snapshot shows the effective state; a replay's last position (from the record)
    // may still be ongoing after a resignation, so the result also ends the turn.
    const winners = resultOf(snapshot).winners || [];
    seats.forEach((info, i) => {
      const item = html('li', 'board-seat', null, this.root);
      const toMove = !snapshot.result && state.status === 'ongoing' && state.to_move === i;
      if (toMove) item.classList.add('board-seat--to-move');
      if (winners.includes(i)) item.classList.add('board-seat--winner');
      item.appendChild(pieceIcon(info.look, 20));
      const text = html('span', 'board-seat-text', null, item);
      const holder = snapshot.seats && snapshot.seats[i];
      let name = holder && holder.name ? holder.name : 'open seat';
      if (i === seat) name += ' (you)';
      const top = html('span', 'board-seat-colour', info.label, text);
      if (info.detail) html('span', 'board-seat-detail', info.detail, top);
      if (info.extra) top.appendChild(info.extra);
      html('span', 'board-seat-name', name, text);
      let status = '';
      if (toMove) status = 'to move';
      if (winners.includes(i)) status = 'winner';
      if (status) html('span', 'board-seat-badge', status, item);
      item.setAttribute('aria-label',
        [info.label, name, info.detail, info.ariaExtra, status].filter(Boolean).join(', '));
    });
  }
}

// How the game ended: a room's snapshot carries the one result (PROTOCOL.md); a bare rules
// state (`quadra rules`) only its own. `{}` while the game is on.
function resultOf(snapshot) {
  return snapshot.result || snapshot.state.result || {};
}

// One line saying what is going on, addressed to the viewer when it is their turn.
export function statusText(snapshot, seat, seatLabels, yourTurnText) {
  const state = snapshot.state;
  if (snapshot.status === 'waiting') return 'Waiting for players to take their seats…';
  if (snapshot.result || state.status !== 'ongoing' || state.to_move < 0) {
    const result = resultOf(snapshot);
    const winners = result.winners || [];
    let text = 'Game over';
    if (winners.length === 0) text += ' — a draw';
    else if (winners.length === 1) text += ` — ${seatLabels[winners[0]]} wins`;
    else text += ` — ${winners.map((w) => seatLabels[w]).join(' and ')} share first place`;
    if (result.reason) text += ` (${result.reason})`;
    return text + '.';
  }
  if (canAct(snapshot, seat)) return yourTurnText;
  return `${seatLabels[state.to_move]} to move.`;
}

// Sorted membership test against the snapshot's legal list.
export function isLegal(snapshot, token) {
  return snapshot.state.legal.includes(token);
}
