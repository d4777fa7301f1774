// Kvadratura board: n x n cells; the player to move places a checker on an empty cell. Squares
// of one colour (axis-aligned or tilted) are outlined through their corner cells.

import {
  svg,
  html,
  piece,
  cellName,
  parseCell,
  canAct,
  GridFocus,
  focusRing,
  makeActivatable,
  SeatStrip,
  statusText,
} from './svg.js';

const CELL = 48;
const LEFT = 22;
const TOP = 10;
const LOOK = ['white', 'black'];
const LABEL = ['White', 'Black'];

export function createBoard(host, { onMove }) {
  const root = html('div', 'board board--kvadratura', null, host);
  const seats = new SeatStrip(root);
  const status = html('p', 'board-status', '', root);
  status.setAttribute('aria-live', 'polite');
  const board = svg(
    'svg',
    {
      class: 'board-svg',
      role: 'group',
      'aria-label': 'Kvadratura board. Arrow keys move between cells; Enter or Space places.',
    },
    root,
  );
  const hint = html('p', 'board-note', '', root);

  let snapshot = null;
  let seat = null;
  let size = 0;
  let cells = new Map();
  let grid = null;
  let squareLayer = null;
  let lastVersion = -1;

  function place(file, rank) {
    return { x: LEFT + file * CELL, y: TOP + (size - 1 - rank) * CELL };
  }

  function build() {
    board.replaceChildren();
    cells = new Map();
    const width = LEFT + size * CELL + 10;
    const height = TOP + size * CELL + 24;
    board.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg(
      'rect',
      {
        x: LEFT - 4,
        y: TOP - 4,
        width: size * CELL + 8,
        height: size * CELL + 8,
        rx: 4,
        class: 'board-frame',
      },
      board,
    );
    const rows = Array.from({ length: size }, () => []);
    for (let rank = 0; rank < size; ++rank) {
      for (let file = 0; file < size; ++file) {
        const name = cellName(file, rank);
        const { x, y } = place(file, rank);
        const group = svg('g', { class: 'board-cell' }, board);
        svg(
          'rect',
          {
            x,
            y,
            width: CELL,
            height: CELL,
            class: (file + rank) % 2 ? 'board-cell-bg' : 'board-cell-bg board-cell-bg--alt',
          },
          group,
        );
        const content = svg('g', {}, group);
        focusRing(group, x, y, CELL, CELL);
        makeActivatable(group, () => activate(name));
        cells.set(name, { group, content, x, y });
        rows[size - 1 - rank][file] = group;
      }
    }
    squareLayer = svg('g', { 'aria-hidden': 'true' }, board);
    for (let i = 0; i < size; ++i) {
      const f = svg(
        'text',
        { x: LEFT + i * CELL + CELL / 2, y: TOP + size * CELL + 14, class: 'board-coord' },
        board,
      );
      f.textContent = String.fromCharCode(97 + i);
      const r = svg(
        'text',
        { x: LEFT - 12, y: TOP + (size - 1 - i) * CELL + CELL / 2, class: 'board-coord' },
        board,
      );
      r.textContent = String(i + 1);
    }
    grid = new GridFocus(rows);
  }

  function activate(name) {
    if (snapshot && canAct(snapshot, seat) && snapshot.state.legal.includes(name)) onMove(name);
  }

  function render() {
    const state = snapshot.state;
    const view = state.board;
    const act = canAct(snapshot, seat);
    const legal = new Set(act ? state.legal : []);
    const fresh = snapshot.version !== lastVersion;
    lastVersion = snapshot.version;
    const squares = view.squares || [];
    const inSquare = new Map();
    squares.forEach((sq) => sq.cells.forEach((c) => inSquare.set(c, sq.seat)));
    let preferred = null;
    for (const [name, { group, content, x, y }] of cells) {
      content.replaceChildren();
      const owner = Object.prototype.hasOwnProperty.call(view.cells, name) ? view.cells[name] : -1;
      const words = [name, owner >= 0 ? `${LABEL[owner].toLowerCase()} checker` : 'empty'];
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      const isLast = snapshot.last_move === name;
      if (owner >= 0) {
        piece(content, LOOK[owner], cx, cy, CELL * 0.34, fresh && isLast ? 'board-enter' : '');
      }
      if (isLast) {
        svg(
          'rect',
          { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 3, class: 'board-last' },
          content,
        );
        words.push('last move');
      }
      if (inSquare.has(name)) words.push('corner of a one-colour square');
      if (legal.has(name)) {
        svg('circle', { cx, cy, r: CELL * 0.12, class: 'board-legal-dot' }, content);
        words.push('legal move');
        preferred = preferred || group;
      }
      group.classList.toggle('board-cell--active', legal.has(name));
      group.setAttribute('aria-label', words.join(', '));
    }
    if (preferred) grid.prefer(preferred);

    squareLayer.replaceChildren();
    for (const sq of squares) {
      const points = sq.cells.map((c) => {
        const p = parseCell(c);
        const { x, y } = place(p.file, p.rank);
        return `${x + CELL / 2},${y + CELL / 2}`;
      });
      svg(
        'polygon',
        { points: points.join(' '), class: `board-kv-square board-kv-square--${LOOK[sq.seat]}` },
        squareLayer,
      );
    }

    const fill = view.mode === 'fill';
    const counts = [0, 1].map((s) => squares.filter((sq) => sq.seat === s).length);
    seats.update(
      snapshot,
      seat,
      [0, 1].map((s) => ({
        look: LOOK[s],
        label: LABEL[s],
        detail: fill ? `${counts[s]} square${counts[s] === 1 ? '' : 's'}` : '',
      })),
    );
    status.textContent = statusText(
      snapshot,
      seat,
      LABEL,
      'Your move: place a checker on an empty cell.',
    );
    status.className =
      'board-status' +
      (act ? ' board-status--act' : '') +
      (state.status !== 'ongoing' ? ' board-status--over' : '');
    let note = fill
      ? 'Fill the board; fewer one-colour squares wins. Squares may be tilted.'
      : 'Completing a square of your own colour — tilted ones too — loses at once.';
    if (squares.length > 4) {
      note += ` Outlined: ${counts[0]} White and ${counts[1]} Black squares.`;
    } else if (squares.length) {
      const list = squares.map((sq) => `${LABEL[sq.seat]} ${sq.cells.join('-')}`);
      note += ` Outlined: ${list.join('; ')}.`;
    }
    hint.textContent = note;
  }

  return {
    update(next, options = {}) {
      snapshot = next;
      seat = options.seat === undefined ? null : options.seat;
      const n = snapshot.state.board.files;
      if (n !== size) {
        size = n;
        build();
      }
      render();
    },
    destroy() {
      root.remove();
    },
  };
}
