// Kvadrat's touch loupe: on a phone the 15 × 15 board fits the width with cells too small for a
// finger, so a first tap opens a magnified window around it (cells a finger wide, legal
// positions marked); a tap there previews the placement with its path, Confirm plays it, Cancel
// or Escape closes. A mouse or keyboard plays on the board directly.

import { svg, html, piece } from './svg.js';
import { t } from '../i18n/index.js';

export const LOUPE_SPAN = 7; // cells across the window
const CELL = 44; // the window's cell in its own units (CSS pixels at full size)

// The first screen column (or row) of a `span`-wide window centred on `at` of a `size` board.
export function windowStart(at, size, span = LOUPE_SPAN) {
  return Math.max(0, Math.min(size - span, at - Math.floor(span / 2)));
}

export class Loupe {
  // `board`: the board's root element, the loupe's parent; `svgNode`: the board's SVG, which the
  // loupe lies over. `handlers` = { pick(name) -> { path (or null), text }, confirm(name),
  // close() }: pick explains a tapped cell.
  constructor(board, svgNode, handlers) {
    this.svgNode = svgNode;
    this.handlers = handlers;
    this.panel = html('div', 'board-loupe', null, board);
    this.panel.hidden = true;
    this.panel.setAttribute('role', 'dialog');
    this.view = svg('svg', { class: 'board-loupe-svg' }, this.panel);
    this.status = html('p', 'board-loupe-status', '', this.panel);
    this.status.setAttribute('aria-live', 'polite');
    const buttons = html('div', 'board-loupe-buttons', null, this.panel);
    this.confirmButton = html('button', 'board-button board-button--primary', '', buttons);
    this.confirmButton.type = 'button';
    this.confirmButton.addEventListener('click', () => {
      if (this.chosen) this.handlers.confirm(this.chosen);
    });
    const cancel = html('button', 'board-button', t('feedback.loupe.cancel'), buttons);
    cancel.type = 'button';
    cancel.addEventListener('click', () => this.close());
    board.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.open) {
        event.preventDefault();
        this.close();
      }
    });
    this.centre = null;
    this.chosen = null;
    this.path = null;
    this.returnFocus = null;
  }

  get open() {
    return !this.panel.hidden;
  }

  // Opens the window around cell `centre` of `grid` (a CellGrid); `scene` = { owner(name) ->
  // look | null, legal: Set of names, squareLines: true }.
  show(grid, centre, scene) {
    this.grid = grid;
    this.scene = scene;
    if (centre !== this.centre) {
      this.chosen = null;
      this.path = null;
    }
    this.centre = centre;
    // Focus goes back where it was (the board's cell) when the loupe closes.
    if (!this.open) this.returnFocus = document.activeElement;
    this.panel.hidden = false;
    this.panel.setAttribute('aria-label', t('feedback.loupe.label', { cell: centre }));
    // Over the board (an SVG element has no offsetTop).
    const parent = this.panel.parentNode.getBoundingClientRect();
    this.panel.style.top = `${this.svgNode.getBoundingClientRect().top - parent.top}px`;
    this.draw();
    const start = this.view.querySelector('[tabindex="0"]');
    if (start) start.focus({ preventScroll: true });
  }

  close() {
    if (!this.open) return;
    const inside = this.panel.contains(document.activeElement);
    this.panel.hidden = true;
    if (inside && this.returnFocus && this.returnFocus.isConnected) {
      this.returnFocus.focus({ preventScroll: true });
    }
    this.centre = null;
    this.chosen = null;
    this.path = null;
    this.handlers.close();
  }

  draw() {
    const { grid, scene } = this;
    const at = grid.cells.get(this.centre);
    const col0 = windowStart(at.col, grid.size);
    const row0 = windowStart(at.row, grid.size);
    const side = LOUPE_SPAN * CELL;
    this.view.replaceChildren();
    this.view.setAttribute('viewBox', `0 0 ${side} ${side}`);
    const byScreen = new Map();
    for (const c of grid.cells.values()) byScreen.set(`${c.col},${c.row}`, c);
    const centres = new Map();
    let legalHere = 0;
    const buttons = [];
    for (let row = 0; row < LOUPE_SPAN; ++row) {
      for (let col = 0; col < LOUPE_SPAN; ++col) {
        const c = byScreen.get(`${col0 + col},${row0 + row}`);
        const x = col * CELL;
        const y = row * CELL;
        centres.set(c.name, [x + CELL / 2, y + CELL / 2]);
        const g = svg('g', { class: 'board-loupe-cell', 'data-cell': c.name }, this.view);
        svg('rect', { x, y, width: CELL, height: CELL, class: 'board-loupe-bg' }, g);
        // Each cell's name, so the window can be placed on the board.
        const name = svg('text', { x: x + 3, y: y + 11, class: 'board-loupe-name' }, g);
        name.textContent = c.name;
        const look = scene.owner(c.name);
        const legal = scene.legal.has(c.name);
        if (look) piece(g, look, x + CELL / 2, y + CELL / 2, CELL * 0.32);
        if (legal) {
          legalHere += 1;
          svg('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 6, class: 'board-legal-dot' }, g);
        }
        if (c.name === this.chosen) {
          svg(
            'rect',
            {
              x: x + 2,
              y: y + 2,
              width: CELL - 4,
              height: CELL - 4,
              rx: 4,
              class: 'board-loupe-chosen',
            },
            g,
          );
        }
        const words = [c.name, look ? scene.describe(c.name) : scene.emptyWord];
        if (legal) words.push(scene.legalWord);
        g.setAttribute('role', 'button');
        g.setAttribute('tabindex', '-1');
        g.setAttribute('aria-label', words.join(', '));
        g.addEventListener('click', () => this.pick(c.name));
        g.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            this.pick(c.name);
          }
        });
        buttons.push(g);
      }
    }
    // The 3 × 3 squares' borders, where they cross the window.
    for (let k = 0; k <= LOUPE_SPAN; ++k) {
      for (const [first, flip] of [
        [col0, false],
        [row0, true],
      ]) {
        if ((first + k) % 3) continue;
        const edge = k * CELL;
        const line = flip
          ? { x1: 0, y1: edge, x2: side, y2: edge }
          : { x1: edge, y1: 0, x2: edge, y2: side };
        svg('line', { ...line, class: 'board-loupe-square' }, this.view);
      }
    }
    if (this.path) {
      const inside = this.path.filter((name) => centres.has(name));
      const points = inside.map((name) => centres.get(name).join(',')).join(' ');
      if (inside.length > 1) svg('polyline', { points, class: 'board-hint-path' }, this.view);
      for (const name of inside) {
        if (this.scene.owner(name)) continue; // the own piece the path starts beside
        const [cx, cy] = centres.get(name);
        svg('circle', { cx, cy, r: 6.5, class: 'board-hint-step' }, this.view);
      }
    }
    (
      buttons.find((g) => g.dataset.cell === (this.chosen || this.centre)) || buttons[0]
    ).setAttribute('tabindex', '0');
    this.confirmButton.disabled = !this.chosen;
    this.confirmButton.textContent = t('feedback.loupe.confirm', { cell: this.chosen || '…' });
    this.status.textContent = legalHere ? t('feedback.loupe.pick') : t('feedback.loupe.none');
  }

  // A tap in the window: a legal cell is chosen and previewed, any cell explained.
  pick(name) {
    const { path, text } = this.handlers.pick(name);
    this.chosen = this.scene.legal.has(name) ? name : null;
    this.path = this.chosen ? path : null;
    this.draw();
    if (text) this.status.textContent = text;
  }
}
