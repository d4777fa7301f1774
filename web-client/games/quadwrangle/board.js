// Quadwrangle board: nine lanes from Player 1's red square (left) through the yellow centre to
// Player 2's red square (right), the five dice, and buttons for the roll, the re-roll of the
// dice not kept, and every play the dice offer. Every token sent is one the snapshot lists.

import { svg, html, piece, slideFrom } from '../../board/svg.js';
import { BoardView } from '../../board/grid.js';
import { resultOf } from '../../common/room_state.js';
import { LastTurnLine } from './last_turn_line.js';
import { fill } from '../../i18n/index.js';
import { textsIn } from '../common/texts.js';
import { RESULTS } from './results.js';
import { TEXTS } from './words.js';
import { keepFocus } from '../../common/keep_focus.js';

const LOOK = ['orange', 'sky'];
const boardWords = () => textsIn(TEXTS).board;
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

// A played token's name in the note ("lanes"), else the token's own word.
function playedName(w, name) {
  return Object.prototype.hasOwnProperty.call(w.playedNames, name) ? w.playedNames[name] : name;
}

function laneTitle(name) {
  return boardWords().lanes[name] || name;
}

// "Lanes: 6 +2, 5 +1", "High +3"; "(to red)" when a counter stops at the red square early.
function describePlay(play, lanes, half) {
  const w = boardWords();
  const several = play.token === 'play lanes';
  const parts = play.moves.map((m) => {
    const lane = lanes.find((l) => l.name === m.lane);
    const short = lane && Math.abs(m.to) === half && Math.abs(m.to - lane.position) < m.steps;
    const part = fill(several ? w.lanePart : w.part, { lane: m.lane, steps: m.steps });
    return short ? fill(w.toRed, { part }) : part;
  });
  const name = w.plays[play.token] || play.token;
  return several
    ? fill(w.playLanes, { name, parts: parts.join(', ') })
    : fill(w.playOne, { name, part: parts[0] });
}

export function createBoard(host, { onMove }) {
  return new QuadwrangleBoard(host, onMove);
}

class QuadwrangleBoard extends BoardView {
  constructor(host, onMove) {
    super(host, { game: 'quadwrangle', role: 'img', onMove, results: RESULTS });
    this.half = 0;
    this.laneNodes = [];
    this.planLayer = null;
    this.kept = new Set();
    this.previewed = null; // the play a touch tapped once: shown, played on a second tap
    this.pointer = 'mouse'; // the kind of pointer that pressed a play button last
    this.turnKey = '';
    this.previous = null; // lane positions of the last snapshot seen
    this.moved = new Map(); // lane -> previous position, for the last change
    this.buildControls();
    this.lastTurn = new LastTurnLine(this.root, this.controls, PIPS);
    this.status.setAttribute('tabindex', '-1'); // where the focus waits while the dice are away
  }

  // The game's move entries so far (move_history.js), for the last turn's dice and play.
  setHistory(entries) {
    this.lastTurn.setEntries(entries);
    if (this.snapshot) this.showLastTurn();
  }

  showLastTurn() {
    const w = boardWords();
    this.lastTurn.show(this.snapshot, w.seats, w.plays);
  }

  // The dice (press to keep), the roll button and the row of plays, between board and note.
  buildControls() {
    const controls = html('div', 'board-controls', null, null);
    this.root.insertBefore(controls, this.hint);
    this.controls = controls;
    const diceRow = html('div', 'board-dice', null, controls);
    diceRow.setAttribute('role', 'group');
    diceRow.setAttribute('aria-label', boardWords().diceGroup);
    const rollRow = html('div', 'board-buttons', null, controls);
    this.playRow = html('div', 'board-buttons', null, controls);
    this.playRow.setAttribute('role', 'group');
    this.playRow.setAttribute('aria-label', boardWords().playsGroup);
    this.dieButtons = [];
    for (let i = 0; i < 5; ++i) {
      const button = html('button', 'board-die', null, diceRow);
      button.dataset.kept = boardWords().kept;
      button.type = 'button';
      button.addEventListener('click', () => {
        if (this.kept.has(i + 1)) this.kept.delete(i + 1);
        else this.kept.add(i + 1);
        this.render();
      });
      this.dieButtons.push(button);
    }
    this.rollButton = html(
      'button',
      'board-button board-button--primary',
      boardWords().roll,
      rollRow,
    );
    this.rollButton.type = 'button';
    this.rollButton.addEventListener('click', () => this.send(this.rollToken()));
  }

  x0(pos) {
    return LABEL_W + (pos + this.half) * SQ;
  }

  prepare() {
    const view = this.snapshot.state.board;
    if (view.half_length !== this.half) {
      this.half = view.half_length;
      this.build();
    }
    const positions = view.lanes.map((l) => l.position);
    if (this.previous) {
      const changes = new Map();
      positions.forEach((p, i) => {
        if (p !== this.previous[i]) changes.set(i, this.previous[i]);
      });
      if (changes.size) this.moved = changes;
    }
    this.previous = positions;
    // Kept dice belong to one roll; a new roll or a new turn starts with none kept.
    const key = `${this.snapshot.state.to_move}:${view.rolls}:${(view.dice || []).join('')}`;
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.kept = new Set();
      this.previewed = null;
    }
  }

  build() {
    const { board, half } = this;
    board.replaceChildren();
    this.laneNodes = [];
    const width = LABEL_W + (2 * half + 1) * SQ + 6;
    const height = TOP + 9 * LANE_H + 6;
    board.setAttribute('viewBox', `0 0 ${width} ${height}`);
    for (let s = 0; s < 2; ++s) {
      const x = s === 0 ? this.x0(-half) + SQ + 2 : this.x0(half) - 2;
      const label = svg(
        'text',
        { x, y: TOP - 12, class: 'board-lane-label board-lane-head' },
        board,
      );
      label.style.textAnchor = s === 0 ? 'start' : 'end';
      const w = boardWords();
      label.textContent = fill(s === 0 ? w.redLeft : w.redRight, { seat: w.seats[s] });
      // The seat's piece look beside the end it pulls toward, as in the seat strip.
      piece(board, LOOK[s], (s === 0 ? this.x0(-half) : this.x0(half)) + SQ / 2, TOP - 15, 5);
    }
    for (let lane = 0; lane < 9; ++lane) {
      const y = TOP + lane * LANE_H;
      const row = svg('g', {}, board);
      for (let pos = -half; pos <= half; ++pos) {
        let cls = 'board-lane-bg';
        if (pos === 0) cls += ' board-lane-centre';
        if (Math.abs(pos) === half) cls += ' board-lane-red';
        svg('rect', { x: this.x0(pos), y: y + 2, width: SQ, height: LANE_H - 4, class: cls }, row);
      }
      const labelBox = svg('g', {}, row);
      const counter = svg('g', { class: 'board-counter-slot' }, row);
      this.laneNodes.push({ y, row, labelBox, counter });
    }
    this.planLayer = svg('g', {}, board);
  }

  rollToken() {
    const legal = this.snapshot.state.legal;
    if (legal.includes('roll')) return 'roll';
    const thrown = [1, 2, 3, 4, 5].filter((p) => !this.kept.has(p));
    const token = `reroll ${thrown.join(' ')}`;
    return thrown.length && legal.includes(token) ? token : null;
  }

  // Rings where the counters of `play` would land (null: none).
  showPlan(play) {
    this.planLayer.replaceChildren();
    if (!play) return;
    const names = this.snapshot.state.board.lanes.map((l) => l.name);
    for (const m of play.moves) {
      const lane = names.indexOf(m.lane);
      if (lane < 0) continue;
      const cy = this.laneNodes[lane].y + LANE_H / 2;
      const cx = this.x0(m.to) + SQ / 2;
      svg('circle', { cx, cy, r: SQ * 0.36, class: 'board-lane-plan' }, this.planLayer);
    }
  }

  render() {
    const view = this.snapshot.state.board;
    const legal = new Set(this.acting ? this.snapshot.state.legal : []);
    const fresh = this.takeFresh();
    view.lanes.forEach((lane, i) => this.renderLane(lane, i, fresh));
    const w = boardWords();
    this.board.setAttribute('aria-label', fill(w.label, { lanes: this.describeLanes(view) }));
    // A finished game (the last position of a replay too) has no dice to roll or keep.
    this.controls.hidden =
      Boolean(resultOf(this.snapshot)) || this.snapshot.state.status !== 'ongoing';
    // After a play the turn passes and every control is disabled: the focus stays on the board.
    keepFocus(
      this.controls,
      () => {
        this.renderDice(view, legal);
        this.renderPlays(view, legal);
      },
      () => this.status,
    );
    const home = [0, 1].map(
      (s) => view.lanes.filter((l) => l.position === (s ? this.half : -this.half)).length,
    );
    this.showSeats(
      [0, 1].map((s) => ({
        look: LOOK[s],
        label: w.seats[s],
        detail: fill(w.home, { n: home[s], target: view.target }),
        ariaExtra: fill(w.homeAria, { n: home[s], target: view.target }),
      })),
    );
    this.showStatus(w.seats, this.yourTurnText(view, legal));
    this.showLastTurn();
    this.hint.textContent = this.note(view);
  }

  // A lane's label (a die face for lanes 1-6), its counter and the trace of its last move.
  renderLane(lane, i, fresh) {
    const node = this.laneNodes[i];
    node.labelBox.replaceChildren();
    const n = Number(lane.name);
    if (n >= 1 && n <= 6) {
      const side = LANE_H - 10;
      const bx = LABEL_W - side - 8;
      const box = { x: bx, y: node.y + 5, width: side, height: side, rx: 4 };
      svg('rect', { ...box, class: 'board-lane-die' }, node.labelBox);
      drawPips(node.labelBox, n, bx, node.y + 5, side);
    } else {
      const at = { x: LABEL_W - 8, y: node.y + LANE_H / 2 };
      const t = svg('text', { ...at, class: 'board-lane-label' }, node.labelBox);
      t.textContent = laneTitle(lane.name).toUpperCase();
    }
    node.counter.replaceChildren();
    const cx = this.x0(lane.position) + SQ / 2;
    const cy = node.y + LANE_H / 2;
    const from = this.moved.get(i);
    if (this.moved.has(i)) {
      const ghost = { cx: this.x0(from) + SQ / 2, cy, r: SQ * 0.2 };
      svg('circle', { ...ghost, class: 'board-lane-ghost' }, node.counter);
      const box = {
        x: this.x0(lane.position) + 1,
        y: node.y + 3,
        width: SQ - 2,
        height: LANE_H - 6,
      };
      svg('rect', { ...box, rx: 3, class: 'board-lane-moved' }, node.counter);
    }
    let counter;
    if (Math.abs(lane.position) === this.half) {
      const home = LOOK[lane.position < 0 ? 0 : 1];
      counter = piece(node.counter, home, cx, cy, SQ * 0.3, 'board-counter-home');
    } else {
      counter = svg('circle', { cx, cy, r: SQ * 0.3, class: 'board-counter' }, node.counter);
    }
    if (fresh && this.moved.has(i)) slideFrom(counter, (from - lane.position) * SQ, 0);
  }

  describeLanes(view) {
    const half = this.half;
    const w = boardWords();
    return view.lanes
      .map((l) => {
        let at = w.centre;
        if (l.position === -half) at = fill(w.onRed, { seat: w.seats[0] });
        else if (l.position === half) at = fill(w.onRed, { seat: w.seats[1] });
        else if (l.position < 0) at = fill(w.toward, { n: -l.position, seat: w.seats[0] });
        else if (l.position > 0) at = fill(w.toward, { n: l.position, seat: w.seats[1] });
        return fill(w.laneAt, { lane: laneTitle(l.name), at });
      })
      .join('; ');
  }

  renderDice(view, legal) {
    const w = boardWords();
    const dice = view.dice;
    const canKeep = this.acting && dice && [...legal].some((t) => t.startsWith('reroll'));
    this.dieButtons.forEach((button, i) => {
      button.replaceChildren();
      const face = svg('svg', { viewBox: '0 0 40 40', 'aria-hidden': 'true' }, button);
      const value = dice ? dice[i] : 0;
      if (value) drawPips(face, value, 2, 2, 36);
      button.classList.toggle('board-die--empty', !value);
      button.disabled = !canKeep;
      if (value && canKeep) button.setAttribute('aria-pressed', String(this.kept.has(i + 1)));
      else button.removeAttribute('aria-pressed');
      let words = w.dieEmpty;
      if (value) words = !canKeep ? w.die : this.kept.has(i + 1) ? w.dieKept : w.dieRerolled;
      button.setAttribute('aria-label', fill(words, { i: i + 1, value }));
    });
    const token = this.acting ? this.rollToken() : null;
    const button = this.rollButton;
    if (!dice || view.rolls === 0) {
      button.textContent = w.roll;
    } else {
      const thrown = 5 - this.kept.size;
      const reroll = fill(w.reroll, {
        n: thrown,
        roll: view.rolls + 1,
      });
      button.textContent = view.rolls >= 3 ? w.noRerolls : reroll;
    }
    button.disabled = !token;
    if (this.acting && dice && view.rolls < 3 && this.kept.size === 5) {
      button.textContent = w.keepFewer;
    }
  }

  // A button per play the dice offer, and pass if legal. Hover or focus previews where a play's
  // counters land and why it scores; a click plays it. Touch has no hover: the first tap
  // previews (with a Confirm button), a second tap or Confirm plays.
  renderPlays(view, legal) {
    this.playRow.replaceChildren();
    const plays = (view.plays || []).filter((p) => legal.has(p.token));
    if (!plays.some((p) => p.token === this.previewed)) this.previewed = null;
    for (const play of view.plays || []) {
      const text = describePlay(play, view.lanes, this.half);
      const button = html('button', 'board-button board-button--play', text, this.playRow);
      button.type = 'button';
      button.disabled = !legal.has(play.token);
      button.addEventListener('pointerdown', (event) => {
        this.pointer = event.pointerType;
      });
      button.addEventListener('click', () => {
        const touch = this.pointer === 'touch';
        this.pointer = 'mouse';
        if (touch && this.previewed !== play.token) this.preview(play, text);
        else this.send(play.token);
      });
      button.addEventListener('mouseenter', () => this.preview(play, null));
      button.addEventListener('focus', () => this.preview(play, null));
      for (const ev of ['mouseleave', 'blur']) {
        button.addEventListener(ev, () => {
          const held = (this.snapshot.state.board.plays || []).find(
            (p) => p.token === this.previewed,
          );
          this.preview(held || null, null);
        });
      }
    }
    const words = textsIn(TEXTS).hints;
    const chosen = plays.find((p) => p.token === this.previewed);
    if (chosen) {
      const text = describePlay(chosen, view.lanes, this.half);
      const confirm = html('button', 'board-button board-button--primary', null, this.playRow);
      confirm.type = 'button';
      confirm.id = 'play-confirm';
      confirm.textContent = fill(words.confirm, { play: text });
      confirm.addEventListener('click', () => this.send(chosen.token));
    }
    if (legal.has('pass')) {
      const text = boardWords().pass;
      const button = html('button', 'board-button', text, this.playRow);
      button.type = 'button';
      button.addEventListener('click', () => this.send('pass'));
    }
    if (chosen) this.preview(chosen, describePlay(chosen, view.lanes, this.half));
    else this.preview(null, null);
  }

  // Shows where `play` lands and why it scores (null: nothing). `tapped` is the play's text when
  // a touch chose it, which holds the preview until the play or another tap.
  preview(play, tapped) {
    const words = textsIn(TEXTS).hints;
    if (tapped && play && this.previewed !== play.token) {
      this.previewed = play.token;
      this.render();
      return;
    }
    this.showPlan(play);
    if (!play) {
      this.explainText('');
      return;
    }
    const dice = this.snapshot.state.board.dice || [];
    const total = dice.reduce((sum, d) => sum + d, 0);
    const kind = play.token.replace(/^play /, '');
    let text = fill(words[kind] || '', { total });
    if (this.previewed === play.token) text += ` ${words.tapAgain}`;
    this.explainText(text.trim());
  }

  yourTurnText(view, legal) {
    const w = boardWords();
    if (!view.dice || view.rolls === 0) return w.yourRoll;
    if (legal.has('pass') && view.rolls >= 3) return w.mustPass;
    return view.rolls < 3 ? fill(w.pickOrReroll, { n: view.rolls }) : w.lastRoll;
  }

  note(view) {
    const w = boardWords();
    const note = fill(w.target, { target: view.target });
    const last = this.snapshot.last_move || '';
    if (!last) return note;
    const roll = /^(re)?roll.*=([1-6]{5})$/.exec(last);
    const what = roll
      ? fill(roll[1] ? w.rerolled : w.rolled, { dice: roll[2].split('').join(' ') })
      : fill(w.played, { play: playedName(w, last.replace(/^play /, '')) });
    const passed = (this.snapshot.forced_passes || 0) > 0;
    return fill(passed ? w.lastMovePassed : w.lastMove, { what, note });
  }
}
