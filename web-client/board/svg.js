// Drawing primitives of the boards: element creation, the seat look (colour AND shape, so no
// seat is told apart by colour alone), cell names and the slide animation.

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
    return svg(
      'rect',
      { x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: r * 0.15, class: cls },
      parent,
    );
  }
  if (shape === 'diamond') {
    const p = [
      [x, y - r],
      [x + r, y],
      [x, y + r],
      [x - r, y],
    ];
    return svg('polygon', { points: p.map((q) => q.join(',')).join(' '), class: cls }, parent);
  }
  const h = r * 1.05;
  const p = [
    [x, y - h],
    [x + h * 0.95, y + h * 0.7],
    [x - h * 0.95, y + h * 0.7],
  ];
  return svg('polygon', { points: p.map((q) => q.join(',')).join(' '), class: cls }, parent);
}

// A small inline SVG icon of a piece, for legends and buttons.
export function pieceIcon(look, size = 18) {
  const icon = svg('svg', {
    viewBox: '0 0 20 20',
    width: size,
    height: size,
    class: 'board-icon',
    'aria-hidden': 'true',
  });
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

// Animates `node` in from an offset (dx, dy) in the SVG's units to where it is drawn.
export function slideFrom(node, dx, dy) {
  node.style.setProperty('--board-dx', `${dx}px`);
  node.style.setProperty('--board-dy', `${dy}px`);
  node.classList.add('board-slide');
}
