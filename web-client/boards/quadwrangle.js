// Quadwrangle board: nine lanes from Player 1's red square (left) through the yellow centre to
// Player 2's red square (right), the five dice, and buttons for the roll, the re-roll of the
// dice not kept, and every play the dice offer. Every token sent is one the snapshot lists.

import { svg, html, piece, canAct, SeatStrip, statusText, slideFrom } from './svg.js';

const LOOK = ['orange', 'sky'];
const LABEL = ['Player 1', 'Player 2'];
const NAMES = { run: 'Run', high: 'High', low: 'Low' };
const PLAY_NAMES = {
  'play lanes': 'Lanes',
  'play run': 'Run',
  'play high': 'High',
  'play low': 'Low',
};
const PIPS = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};
const LABEL_W = 46;
const SQ = 34;
const LANE_H = 34;
const TOP = 30;

// Draws die face `value` (1-6) as pips in a box of side `side` at (x, y).
function drawPips(parent, value, x, y, side) {
  const step = side * 0.27;
  for (const [dx, dy] of PIPS[value] || []) {
    svg(
      'circle',
      {
        cx: x + side / 2 + dx * step,
        cy: y + side / 2 + dy * step,
        r: side * 0.09,
        class: 'board-die-pip',
      },
      parent,
    );
  }
}

function laneTitle(name) {
  return NAMES[name] || name;
}

// "Lanes: 6 +2, 5 +1", "High +3"; "(to red)" when a counter stops at the red square early.
function describePlay(play, lanes, half) {
  const parts = play.moves.map((m) => {
    const lane = lanes.find((l) => l.name === m.lane);
    const short = lane && Math.abs(m.to) === half && Math.abs(m.to - lane.position) < m.steps;
    const name = play.token === 'play lanes' ? `${m.lane} ` : '';
    return `${name}+${m.steps}${short ? ' (to red)' : ''}`;
  });
  const name = PLAY_NAMES[play.token] || play.token;
  return play.token === 'play lanes' ? `${name}: ${parts.join(', ')}` : `${name} ${parts[0]}`;
}

export function createBoard(host, { onMove }) {
  const root = html('div', 'board board--quadwrangle', null, host);
  const seats = new SeatStrip(root);
  const status = html('p', 'board-status', '', root);
  status.setAttribute('aria-live', 'polite');
  const board = svg('svg', { class: 'board-svg', role: 'img' }, root);
  const controls = html('div', 'board-controls', null, root);
  const diceRow = html('div', 'board-dice', null, controls);
  diceRow.setAttribute('role', 'group');
  diceRow.setAttribute('aria-label', 'Dice: press a die to keep it when re-rolling');
  const rollRow = html('div', 'board-buttons', null, controls);
  const playRow = html('div', 'board-buttons', null, controls);
  playRow.setAttribute('role', 'group');
  playRow.setAttribute('aria-label', 'Plays');
  const hint = html('p', 'board-note', '', root);

  let snapshot = null;
  let seat = null;
  let half = 0;
  let laneNodes = [];
  let planLayer = null;
  let kept = new Set();
  let turnKey = '';
  let previous = null; // lane positions of the last snapshot seen
  let moved = new Map(); // lane -> previous position, for the last change
  let lastVersion = -1;

  const dieButtons = [];
  for (let i = 0; i < 5; ++i) {
    const button = html('button', 'board-die', null, diceRow);
    button.type = 'button';
    button.addEventListener('click', () => {
      if (kept.has(i + 1)) kept.delete(i + 1);
      else kept.add(i + 1);
      render();
    });
    dieButtons.push(button);
  }
  const rollButton = html('button', 'board-button board-button--primary', 'Roll', rollRow);
  rollButton.type = 'button';
  rollButton.addEventListener('click', () => send(rollToken()));

  function x0(pos) {
    return LABEL_W + (pos + half) * SQ;
  }

  function build() {
    board.replaceChildren();
    laneNodes = [];
    const width = LABEL_W + (2 * half + 1) * SQ + 6;
    const height = TOP + 9 * LANE_H + 6;
    board.setAttribute('viewBox', `0 0 ${width} ${height}`);
    for (let s = 0; s < 2; ++s) {
      const x = s === 0 ? x0(-half) + SQ + 2 : x0(half) - 2;
      const label = svg(
        'text',
        { x, y: TOP - 12, class: 'board-lane-label board-lane-head' },
        board,
      );
      label.style.textAnchor = s === 0 ? 'start' : 'end';
      label.textContent = s === 0 ? `◀ ${LABEL[0]}'s red` : `${LABEL[1]}'s red ▶`;
      // The seat's piece look beside the end it pulls toward, as in the seat strip.
      piece(board, LOOK[s], s === 0 ? x0(-half) + SQ / 2 : x0(half) + SQ / 2, TOP - 15, 5);
    }
    for (let lane = 0; lane < 9; ++lane) {
      const y = TOP + lane * LANE_H;
      const row = svg('g', {}, board);
      for (let pos = -half; pos <= half; ++pos) {
        let cls = 'board-lane-bg';
        if (pos === 0) cls += ' board-lane-centre';
        if (Math.abs(pos) === half) cls += ' board-lane-red';
        svg('rect', { x: x0(pos), y: y + 2, width: SQ, height: LANE_H - 4, class: cls }, row);
      }
      const labelBox = svg('g', {}, row);
      const counter = svg('g', { class: 'board-counter-slot' }, row);
      laneNodes.push({ y, row, labelBox, counter });
    }
    planLayer = svg('g', {}, board);
  }

  function send(token) {
    if (token && snapshot && canAct(snapshot, seat) && snapshot.state.legal.includes(token)) {
      onMove(token);
    }
  }

  function rollToken() {
    const legal = snapshot.state.legal;
    if (legal.includes('roll')) return 'roll';
    const thrown = [1, 2, 3, 4, 5].filter((p) => !kept.has(p));
    const token = `reroll ${thrown.join(' ')}`;
    return thrown.length && legal.includes(token) ? token : null;
  }

  function showPlan(play) {
    planLayer.replaceChildren();
    if (!play) return;
    const names = snapshot.state.board.lanes.map((l) => l.name);
    for (const m of play.moves) {
      const lane = names.indexOf(m.lane);
      if (lane < 0) continue;
      const y = laneNodes[lane].y;
      svg(
        'circle',
        { cx: x0(m.to) + SQ / 2, cy: y + LANE_H / 2, r: SQ * 0.36, class: 'board-lane-plan' },
        planLayer,
      );
    }
  }

  function render() {
    const state = snapshot.state;
    const view = state.board;
    const act = canAct(snapshot, seat);
    const legal = new Set(act ? state.legal : []);
    const fresh = snapshot.version !== lastVersion;
    lastVersion = snapshot.version;

    view.lanes.forEach((lane, i) => {
      const node = laneNodes[i];
      node.labelBox.replaceChildren();
      const n = Number(lane.name);
      if (n >= 1 && n <= 6) {
        const side = LANE_H - 10;
        const bx = LABEL_W - side - 8;
        svg(
          'rect',
          { x: bx, y: node.y + 5, width: side, height: side, rx: 4, class: 'board-lane-die' },
          node.labelBox,
        );
        drawPips(node.labelBox, n, bx, node.y + 5, side);
      } else {
        const t = svg(
          'text',
          { x: LABEL_W - 8, y: node.y + LANE_H / 2, class: 'board-lane-label' },
          node.labelBox,
        );
        t.textContent = laneTitle(lane.name).toUpperCase();
      }
      node.counter.replaceChildren();
      const cx = x0(lane.position) + SQ / 2;
      const cy = node.y + LANE_H / 2;
      if (moved.has(i)) {
        svg(
          'circle',
          { cx: x0(moved.get(i)) + SQ / 2, cy, r: SQ * 0.2, class: 'board-lane-ghost' },
          node.counter,
        );
        svg(
          'rect',
          {
            x: x0(lane.position) + 1,
            y: node.y + 3,
            width: SQ - 2,
            height: LANE_H - 6,
            rx: 3,
            class: 'board-lane-moved',
          },
          node.counter,
        );
      }
      let counter;
      if (Math.abs(lane.position) === half) {
        const home = LOOK[lane.position < 0 ? 0 : 1];
        counter = piece(node.counter, home, cx, cy, SQ * 0.3, 'board-counter-home');
      } else {
        counter = svg('circle', { cx, cy, r: SQ * 0.3, class: 'board-counter' }, node.counter);
      }
      if (fresh && moved.has(i)) slideFrom(counter, (moved.get(i) - lane.position) * SQ, 0);
    });
    const where = view.lanes.map((l) => {
      let at = 'centre';
      if (l.position === -half) at = `${LABEL[0]}'s red square`;
      else if (l.position === half) at = `${LABEL[1]}'s red square`;
      else if (l.position < 0) at = `${-l.position} toward ${LABEL[0]}`;
      else if (l.position > 0) at = `${l.position} toward ${LABEL[1]}`;
      return `lane ${laneTitle(l.name)}: ${at}`;
    });
    board.setAttribute('aria-label', `Quadwrangle lanes. ${where.join('; ')}.`);

    const dice = view.dice;
    dieButtons.forEach((button, i) => {
      button.replaceChildren();
      const face = svg('svg', { viewBox: '0 0 40 40', 'aria-hidden': 'true' }, button);
      const value = dice ? dice[i] : 0;
      if (value) drawPips(face, value, 2, 2, 36);
      button.classList.toggle('board-die--empty', !value);
      const canKeep = act && dice && [...legal].some((t) => t.startsWith('reroll'));
      button.disabled = !canKeep;
      if (value && canKeep) button.setAttribute('aria-pressed', String(kept.has(i + 1)));
      else button.removeAttribute('aria-pressed');
      const keep = kept.has(i + 1) ? ', kept' : ', will be re-rolled';
      button.setAttribute(
        'aria-label',
        value ? `Die ${i + 1}: ${value}${canKeep ? keep : ''}` : `Die ${i + 1}: not rolled`,
      );
    });

    const token = act ? rollToken() : null;
    if (!dice || view.rolls === 0) {
      rollButton.textContent = 'Roll the dice';
    } else {
      const thrown = 5 - kept.size;
      rollButton.textContent =
        view.rolls >= 3
          ? 'No re-rolls left'
          : `Re-roll ${thrown} ${thrown === 1 ? 'die' : 'dice'} (roll ${view.rolls + 1} of 3)`;
    }
    rollButton.disabled = !token;
    if (act && dice && view.rolls < 3 && kept.size === 5) {
      rollButton.textContent = 'Keep fewer dice to re-roll';
    }

    playRow.replaceChildren();
    for (const play of view.plays || []) {
      const button = html(
        'button',
        'board-button board-button--play',
        describePlay(play, view.lanes, half),
        playRow,
      );
      button.type = 'button';
      button.disabled = !legal.has(play.token);
      button.addEventListener('click', () => send(play.token));
      for (const ev of ['mouseenter', 'focus']) button.addEventListener(ev, () => showPlan(play));
      for (const ev of ['mouseleave', 'blur']) button.addEventListener(ev, () => showPlan(null));
    }
    if (legal.has('pass')) {
      const button = html('button', 'board-button', 'Pass — no play for these dice', playRow);
      button.type = 'button';
      button.addEventListener('click', () => send('pass'));
    }
    showPlan(null);

    const home = [0, 1].map(
      (s) => view.lanes.filter((l) => l.position === (s ? half : -half)).length,
    );
    seats.update(
      snapshot,
      seat,
      [0, 1].map((s) => ({
        look: LOOK[s],
        label: LABEL[s],
        detail: `${home[s]}/${view.target} red`,
        ariaExtra: `${home[s]} of ${view.target} counters on own red square`,
      })),
    );
    let yours = 'Your turn: roll the dice.';
    if (dice && view.rolls > 0) {
      yours =
        view.rolls < 3
          ? `Roll ${view.rolls} of 3: pick a play, or tap dice to keep and re-roll the rest.`
          : 'Last roll: pick a play.';
      if (legal.has('pass') && view.rolls >= 3) yours = 'No play for these dice: pass.';
    }
    status.textContent = statusText(snapshot, seat, LABEL, yours);
    status.className =
      'board-status' +
      (act ? ' board-status--act' : '') +
      (state.status !== 'ongoing' ? ' board-status--over' : '');
    let note = `First to ${view.target} counters on their own red square wins.`;
    const last = snapshot.last_move || '';
    if (last) {
      const roll = /^(re)?roll.*=([1-6]{5})$/.exec(last);
      const what = roll
        ? `${roll[1] ? 're-rolled' : 'rolled'} ${roll[2].split('').join(' ')}`
        : last.replace(/^play /, 'played ');
      const passed = (snapshot.forced_passes || 0) > 0 ? ' — no play, so the turn passed' : '';
      note = `Last move: ${what}${passed}. ${note}`;
    }
    hint.textContent = note;
  }

  return {
    update(next, options = {}) {
      snapshot = next;
      seat = options.seat === undefined ? null : options.seat;
      const view = snapshot.state.board;
      if (view.half_length !== half) {
        half = view.half_length;
        build();
      }
      const positions = view.lanes.map((l) => l.position);
      if (previous) {
        const changes = new Map();
        positions.forEach((p, i) => {
          if (p !== previous[i]) changes.set(i, previous[i]);
        });
        if (changes.size) moved = changes;
      }
      previous = positions;
      // Kept dice belong to one roll; a new roll or a new turn starts with none kept.
      const key = `${snapshot.state.to_move}:${view.rolls}:${(view.dice || []).join('')}`;
      if (key !== turnKey) {
        turnKey = key;
        kept = new Set();
      }
      render();
    },
    destroy() {
      root.remove();
    },
  };
}
