// Quadrature board: 11 x 11 cells, both goals, the men, both markers. The player to move clicks
// (or presses Enter on) one of their men, then a highlighted destination.

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
  slideFrom,
} from './svg.js';

const SIZE = 11;
const CELL = 40;
const LEFT = 20;
const TOP = 22;
const LOOK = ['black', 'white'];
const LABEL = ['Black', 'White'];

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

export function createBoard(host, { onMove }) {
  const root = html('div', 'board board--quadrature', null, host);
  const seats = new SeatStrip(root);
  const status = html('p', 'board-status', '', root);
  status.setAttribute('aria-live', 'polite');
  const width = LEFT + SIZE * CELL + 8;
  const height = TOP + SIZE * CELL + 36;
  const board = svg(
    'svg',
    {
      viewBox: `0 0 ${width} ${height}`,
      class: 'board-svg',
      role: 'group',
      'aria-label': 'Quadrature board. Arrow keys move between cells; Enter or Space chooses.',
    },
    root,
  );
  const hint = html('p', 'board-note', '', root);
  board.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && selected) {
      selected = null;
      render();
    }
  });

  let snapshot = null;
  let seat = null;
  let flipped = null;
  let selected = null;
  let lastVersion = -1;
  let cells = new Map(); // cell name -> { group, content }
  let grid = null;
  let moves = new Map(); // from -> [to]

  function place(file, rank) {
    const col = flipped ? SIZE - 1 - file : file;
    const row = flipped ? rank : SIZE - 1 - rank;
    return { x: LEFT + col * CELL, y: TOP + row * CELL };
  }

  // Builds the static board; redone only when the orientation changes.
  function build() {
    board.replaceChildren();
    cells = new Map();
    svg(
      'rect',
      {
        x: LEFT - 4,
        y: TOP - 4,
        width: SIZE * CELL + 8,
        height: SIZE * CELL + 8,
        rx: 4,
        class: 'board-frame',
      },
      board,
    );
    const rows = [];
    for (let r = 0; r < SIZE; ++r) rows.push([]);
    for (let rank = 0; rank < SIZE; ++rank) {
      for (let file = 0; file < SIZE; ++file) {
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
        rows[(y - TOP) / CELL][(x - LEFT) / CELL] = group;
      }
    }
    snapshot.state.board.goals.forEach((goal, owner) => {
      const ends = goal.map((c) => {
        const p = parseCell(c);
        return place(p.file, p.rank);
      });
      const x = Math.min(...ends.map((p) => p.x));
      const y = ends[0].y;
      svg(
        'rect',
        {
          x: x + 1,
          y: y + 1,
          width: 3 * CELL - 2,
          height: CELL - 2,
          rx: 3,
          class: `board-goal board-goal--${LOOK[owner]}`,
        },
        board,
      );
      const labelY = y < TOP + CELL ? TOP - 12 : y + CELL + 27;
      const label = svg('text', { x: x + 1.5 * CELL, y: labelY, class: 'board-goal-label' }, board);
      label.textContent = `${LABEL[owner].toUpperCase()}'S GOAL`;
    });
    for (let i = 0; i < SIZE; ++i) {
      const file = place(i, 0);
      const fileLabel = svg(
        'text',
        { x: file.x + CELL / 2, y: TOP + SIZE * CELL + 12, class: 'board-coord' },
        board,
      );
      fileLabel.textContent = String.fromCharCode(97 + i);
      const rank = place(0, i);
      const rankLabel = svg(
        'text',
        { x: LEFT - 11, y: rank.y + CELL / 2, class: 'board-coord' },
        board,
      );
      rankLabel.textContent = String(i + 1);
    }
    grid = new GridFocus(rows);
  }

  function activate(name) {
    if (!snapshot || !canAct(snapshot, seat)) return;
    if (moves.has(name)) {
      selected = selected === name ? null : name;
      render();
      return;
    }
    if (selected) {
      const token = `${selected}-${name}`;
      if (snapshot.state.legal.includes(token)) {
        selected = null;
        onMove(token);
        return;
      }
      selected = null;
      render();
    }
  }

  function render() {
    const state = snapshot.state;
    const view = state.board;
    const act = canAct(snapshot, seat);
    const exchanged = new Set(view.exchanged || []);
    const fresh = snapshot.version !== lastVersion;
    lastVersion = snapshot.version;
    let last = null;
    const lm = /^([a-k][0-9]+)-([a-k][0-9]+)$/.exec(snapshot.last_move || '');
    if (lm) last = { from: lm[1], to: lm[2] };
    const targets = new Set(selected ? moves.get(selected) : []);
    let preferred = null;

    for (const [name, { group, content, x, y }] of cells) {
      content.replaceChildren();
      const owner = Object.prototype.hasOwnProperty.call(view.cells, name) ? view.cells[name] : -1;
      const words = [name];
      words.push(owner >= 0 ? `${LABEL[owner].toLowerCase()} man` : 'empty');
      if (view.goals[0].includes(name)) words.push("Black's goal");
      if (view.goals[1].includes(name)) words.push("White's goal");
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      if (last && name === last.from) {
        svg(
          'rect',
          {
            x: x + 2,
            y: y + 2,
            width: CELL - 4,
            height: CELL - 4,
            rx: 3,
            class: 'board-last-from',
          },
          content,
        );
        words.push('last move from here');
      }
      if (owner >= 0) {
        const flash = fresh && exchanged.has(name) ? 'board-flash' : '';
        const man = piece(content, LOOK[owner], cx, cy, CELL * 0.36, flash);
        if (fresh && last && name === last.to && cells.has(last.from)) {
          // The man slides in from where it stood.
          const from = cells.get(last.from);
          slideFrom(man, from.x - x, from.y - y);
        }
      }
      if (last && name === last.to) {
        svg(
          'rect',
          { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 3, class: 'board-last' },
          content,
        );
        words.push('last move to here');
      }
      if (exchanged.has(name)) {
        svg('circle', { cx, cy, r: CELL * 0.45, class: 'board-exchanged' }, content);
        words.push('just exchanged');
      }
      const movable = act && moves.has(name);
      if (movable) {
        if (name === selected) {
          svg('circle', { cx, cy, r: CELL * 0.44, class: 'board-selected' }, content);
          words.push('selected');
        } else {
          svg('circle', { cx, cy, r: CELL * 0.44, class: 'board-legal-ring' }, content);
          words.push('can move');
        }
        preferred = preferred || group;
      }
      if (act && targets.has(name)) {
        svg('circle', { cx, cy, r: CELL * 0.14, class: 'board-legal-dot' }, content);
        words.push('legal move');
      }
      group.classList.toggle('board-cell--active', movable || targets.has(name));
      group.setAttribute('aria-label', words.join(', '));
    }
    if (preferred) grid.prefer(preferred);

    seats.update(
      snapshot,
      seat,
      [0, 1].map((s) => {
        const marker = view.markers[s];
        return {
          look: LOOK[s],
          label: LABEL[s],
          detail: `${view.men[s]} men`,
          extra: markerIcon(marker),
          ariaExtra: `marker ${marker === 0 ? 'off' : marker === 1 ? 'one bar' : 'two bars'}`,
        };
      }),
    );
    const text = statusText(
      snapshot,
      seat,
      LABEL,
      selected ? `Your move: choose where ${selected} goes.` : 'Your move: choose one of your men.',
    );
    status.textContent = text;
    status.className =
      'board-status' +
      (act ? ' board-status--act' : '') +
      (state.status !== 'ongoing' ? ' board-status--over' : '');
    let note = '';
    if (snapshot.last_move === 'pass' || (snapshot.forced_passes || 0) > 0) {
      note = 'A side with no legal move passed. ';
    }
    if (exchanged.size) note += `Exchanged: ${[...exchanged].join(', ')}. `;
    note += 'Markers: a bar per quiet sideways move in a row; at two bars no third.';
    hint.textContent = note;
  }

  return {
    update(next, options = {}) {
      snapshot = next;
      seat = options.seat === undefined ? null : options.seat;
      const wantFlip = seat === 1;
      if (wantFlip !== flipped) {
        flipped = wantFlip;
        build();
      }
      moves = new Map();
      if (canAct(snapshot, seat)) {
        for (const token of snapshot.state.legal) {
          const m = /^([a-k][0-9]+)-([a-k][0-9]+)$/.exec(token);
          if (!m) continue;
          if (!moves.has(m[1])) moves.set(m[1], []);
          moves.get(m[1]).push(m[2]);
        }
      }
      if (selected && !moves.has(selected)) selected = null;
      render();
    },
    destroy() {
      root.remove();
    },
  };
}
