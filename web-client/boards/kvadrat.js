// Kvadrat board: 15 x 15 positions in 25 squares of 3 x 3, each square tinted by its owner.
// The board turns so the viewer's own edge is at the bottom; the player to move clicks a
// highlighted position (the server has checked that a five-step path reaches it).

import {
  svg,
  html,
  piece,
  cellName,
  canAct,
  GridFocus,
  focusRing,
  makeActivatable,
  SeatStrip,
  statusText,
} from './svg.js';

const SIZE = 15;
const CELL = 30;
const MARGIN = 40;
let instances = 0;

function seatLooks(players) {
  return players === 4
    ? { look: ['black', 'white', 'red', 'blue'], label: ['Black', 'White', 'Red', 'Blue'] }
    : { look: ['black', 'red'], label: ['Black', 'Red'] };
}

export function createBoard(host, { onMove }) {
  const id = `board-kvadrat-${++instances}`;
  const root = html('div', 'board board--kvadrat', null, host);
  const seats = new SeatStrip(root);
  const status = html('p', 'board-status', '', root);
  status.setAttribute('aria-live', 'polite');
  const full = MARGIN * 2 + SIZE * CELL;
  const board = svg(
    'svg',
    {
      viewBox: `0 0 ${full} ${full}`,
      class: 'board-svg',
      role: 'group',
      'aria-label': 'Kvadrat board. Arrow keys move between cells; Enter or Space places.',
    },
    root,
  );
  const hint = html('p', 'board-note', '', root);

  let snapshot = null;
  let seat = null;
  let turn = null; // which edge is at the bottom
  let cells = new Map();
  let squares = [];
  let edgeLayer = null;
  let grid = null;
  let lastVersion = -1;

  // Screen column and row (row 0 at the top) of a position, with the `turn` edge at the bottom.
  function place(file, rank) {
    const last = SIZE - 1;
    const [col, row] = {
      south: [file, last - rank],
      north: [last - file, rank],
      west: [last - rank, last - file],
      east: [rank, file],
    }[turn];
    return { col, row, x: MARGIN + col * CELL, y: MARGIN + row * CELL };
  }

  // The screen side an edge ("south", ...) is drawn on after turning the board.
  function screenSide(edge) {
    const order = ['south', 'east', 'north', 'west'];
    const sides = ['bottom', 'right', 'top', 'left'];
    const shift = order.indexOf(turn);
    return sides[(order.indexOf(edge) - shift + 4) % 4];
  }

  function build() {
    board.replaceChildren();
    cells = new Map();
    squares = [];
    const defs = svg('defs', {}, board);
    const hatch = svg(
      'pattern',
      {
        id: `${id}-hatch`,
        width: 6,
        height: 6,
        patternUnits: 'userSpaceOnUse',
        patternTransform: 'rotate(45)',
      },
      defs,
    );
    svg('rect', { width: 6, height: 6, fill: 'rgba(255,255,255,0.75)' }, hatch);
    svg(
      'line',
      { x1: 0, y1: 0, x2: 0, y2: 6, stroke: 'rgba(34,37,42,0.35)', 'stroke-width': 2 },
      hatch,
    );
    svg(
      'rect',
      {
        x: MARGIN - 3,
        y: MARGIN - 3,
        width: SIZE * CELL + 6,
        height: SIZE * CELL + 6,
        rx: 3,
        class: 'board-frame',
      },
      board,
    );
    svg(
      'rect',
      { x: MARGIN, y: MARGIN, width: SIZE * CELL, height: SIZE * CELL, class: 'board-cell-bg' },
      board,
    );
    const rows = Array.from({ length: SIZE }, () => []);
    const shade = svg('g', {}, board);
    for (let rank = 0; rank < SIZE; ++rank) {
      for (let file = 0; file < SIZE; ++file) {
        const name = cellName(file, rank);
        const { col, row, x, y } = place(file, rank);
        const group = svg('g', { class: 'board-cell' }, board);
        svg('rect', { x, y, width: CELL, height: CELL, class: 'board-cell-grid' }, group);
        const content = svg('g', {}, group);
        focusRing(group, x, y, CELL, CELL);
        makeActivatable(group, () => activate(name));
        cells.set(name, {
          group,
          content,
          x,
          y,
          square: Math.floor(file / 3) + 5 * Math.floor(rank / 3),
        });
        rows[row][col] = group;
      }
    }
    for (let j = 0; j < 5; ++j) {
      for (let i = 0; i < 5; ++i) {
        const a = place(3 * i, 3 * j);
        const b = place(3 * i + 2, 3 * j + 2);
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        const tint = svg(
          'rect',
          { x, y, width: 3 * CELL, height: 3 * CELL, class: 'board-square' },
          shade,
        );
        const badge = svg('g', { 'aria-hidden': 'true' }, board);
        svg('rect', { x, y, width: 3 * CELL, height: 3 * CELL, class: 'board-square-line' }, board);
        squares.push({ tint, badge, x, y, name: String.fromCharCode(65 + i) + String(j + 1) });
      }
    }
    edgeLayer = svg('g', {}, board);
    for (let i = 0; i < SIZE; ++i) {
      // Coordinates along the screen's bottom and left follow the turned board.
      const bottom = [...cells.keys()].find((n) => {
        const c = cells.get(n);
        return c.y === MARGIN + (SIZE - 1) * CELL && c.x === MARGIN + i * CELL;
      });
      const left = [...cells.keys()].find((n) => {
        const c = cells.get(n);
        return c.x === MARGIN && c.y === MARGIN + i * CELL;
      });
      const f = svg(
        'text',
        { x: MARGIN + i * CELL + CELL / 2, y: MARGIN + SIZE * CELL + 14, class: 'board-coord' },
        board,
      );
      f.textContent =
        turn === 'south' || turn === 'north'
          ? bottom.replace(/[0-9]+$/, '')
          : bottom.replace(/^[a-z]/, '');
      const r = svg(
        'text',
        { x: MARGIN - 14, y: MARGIN + i * CELL + CELL / 2, class: 'board-coord' },
        board,
      );
      r.textContent =
        turn === 'south' || turn === 'north'
          ? left.replace(/^[a-z]/, '')
          : left.replace(/[0-9]+$/, '');
    }
    grid = new GridFocus(rows);
  }

  function activate(name) {
    if (snapshot && canAct(snapshot, seat) && snapshot.state.legal.includes(name)) onMove(name);
  }

  function drawEdges(view, looks) {
    edgeLayer.replaceChildren();
    const lo = MARGIN - 6;
    const hi = MARGIN + SIZE * CELL + 6;
    view.edges.forEach((edge, s) => {
      const side = screenSide(edge);
      const horizontal = side === 'top' || side === 'bottom';
      const at = side === 'top' || side === 'left' ? lo : hi;
      const line = horizontal
        ? { x1: MARGIN + 4, y1: at, x2: MARGIN + SIZE * CELL - 4, y2: at }
        : { x1: at, y1: MARGIN + 4, x2: at, y2: MARGIN + SIZE * CELL - 4 };
      if (!view.placed_first[s]) {
        svg('line', { ...line, class: `board-edge board-edge--${looks.look[s]}` }, edgeLayer);
        const mid = MARGIN + (SIZE * CELL) / 2;
        const away = side === 'top' || side === 'left' ? -1 : 1;
        const off = at + away * 24;
        const text = svg(
          'text',
          horizontal
            ? { x: mid, y: off }
            : { x: off, y: mid, transform: `rotate(${away * 90} ${off} ${mid})` },
          edgeLayer,
        );
        text.setAttribute('class', 'board-edge-label');
        text.textContent = `${looks.label[s].toUpperCase()} STARTS HERE`;
      }
    });
  }

  function render() {
    const state = snapshot.state;
    const view = state.board;
    const looks = seatLooks(view.players);
    const act = canAct(snapshot, seat);
    const legal = new Set(act ? state.legal : []);
    const fresh = snapshot.version !== lastVersion;
    lastVersion = snapshot.version;
    let preferred = null;

    view.squares.forEach((sq, k) => {
      const shade = squares[k];
      const owned = sq.owner !== null && sq.owner !== undefined;
      const look = owned ? looks.look[sq.owner] : null;
      shade.tint.setAttribute(
        'class',
        'board-square' +
          (owned ? ` board-square--${look}` : '') +
          (sq.settled ? ' board-square--settled' : ''),
      );
      // White's tint would vanish on the light board, so White owns by hatching.
      shade.tint.style.fill = look === 'white' ? `url(#${id}-hatch)` : '';
      shade.tint.setAttribute('fill-opacity', owned && !sq.settled ? 0.6 : 1);
      shade.badge.replaceChildren();
      if (owned) {
        // In the square's corner, clear of the round pieces in the corner cell.
        piece(shade.badge, look, shade.x + 3 * CELL - 4, shade.y + 4, 3.6);
        if (sq.settled) {
          svg(
            'rect',
            {
              x: shade.x + 3,
              y: shade.y + 3,
              width: 3 * CELL - 6,
              height: 3 * CELL - 6,
              class: 'board-square-settled',
              fill: 'none',
              'stroke-width': 1.5,
              stroke: 'rgba(34,37,42,0.5)',
              'stroke-dasharray': '2 2',
            },
            shade.badge,
          );
        }
      }
    });

    for (const [name, { group, content, x, y, square }] of cells) {
      content.replaceChildren();
      const owner = Object.prototype.hasOwnProperty.call(view.cells, name) ? view.cells[name] : -1;
      const words = [name, owner >= 0 ? `${looks.label[owner].toLowerCase()} piece` : 'empty'];
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      const isLast = snapshot.last_move === name;
      if (owner >= 0) {
        piece(
          content,
          looks.look[owner],
          cx,
          cy,
          CELL * 0.34,
          fresh && isLast ? 'board-enter' : '',
        );
      }
      if (isLast) {
        svg(
          'rect',
          { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, rx: 3, class: 'board-last' },
          content,
        );
        words.push('last move');
      }
      if (legal.has(name)) {
        svg('circle', { cx, cy, r: CELL * 0.14, class: 'board-legal-dot' }, content);
        words.push('legal move');
        preferred = preferred || group;
      }
      const sq = view.squares[square];
      const ownerText =
        sq.owner === null || sq.owner === undefined ? 'neutral' : `${looks.label[sq.owner]}'s`;
      words.push(`square ${sq.name} ${ownerText}${sq.settled ? ', settled' : ''}`);
      group.classList.toggle('board-cell--active', legal.has(name));
      group.setAttribute('aria-label', words.join(', '));
    }
    if (preferred) grid.prefer(preferred);
    drawEdges(view, looks);

    seats.update(
      snapshot,
      seat,
      looks.look.map((look, s) => {
        const left = view.pieces_left ? view.pieces_left[s] : null;
        const score = state.scores ? state.scores[s] : 0;
        const limited = left !== null && left !== undefined;
        return {
          look,
          label: looks.label[s],
          detail: `${score} sq${limited ? ` · ${left} left` : ''}`,
          ariaExtra:
            `${score} squares owned${limited ? `, ${left} pieces left` : ''}, ` +
            `starts from the ${view.edges[s]} edge`,
        };
      }),
    );
    const first = act && !view.placed_first[seat];
    status.textContent = statusText(
      snapshot,
      seat,
      looks.label,
      first
        ? 'Your first move: place a piece within five rows of your edge.'
        : 'Your move: place a piece on a highlighted position.',
    );
    status.className =
      'board-status' +
      (act ? ' board-status--act' : '') +
      (state.status !== 'ongoing' ? ' board-status--over' : '');
    const settled = view.squares.filter((sq) => sq.settled).length;
    let note =
      `${settled} of 25 squares settled. A square belongs to whoever holds most of its ` +
      "nine positions; its owner's mark is in its corner.";
    if ((snapshot.forced_passes || 0) > 0) note = `A player without a move passed. ${note}`;
    hint.textContent = note;
  }

  return {
    update(next, options = {}) {
      snapshot = next;
      seat = options.seat === undefined ? null : options.seat;
      const edges = snapshot.state.board.edges;
      const want = seat !== null && edges[seat] ? edges[seat] : 'south';
      if (want !== turn) {
        turn = want;
        build();
      }
      render();
    },
    destroy() {
      root.remove();
    },
  };
}
