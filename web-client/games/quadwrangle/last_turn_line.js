// Quadwrangle's line of the last finished turn, above the dice: the player's final dice (small
// faces) and the play they chose — "Ann rolled 3 3 5 1 6 — played HIGH" — shown to players and
// spectators alike until the next roll puts new dice on the board (last_turn.js decides).

import { svg, html } from '../../board/svg.js';
import { lastTurnOf } from './last_turn.js';
import { t } from '../../i18n/index.js';

// A die face drawn from `pips` (value -> [[dx, dy]]).
function dieIcon(parent, value, pips) {
  const icon = svg('svg', { viewBox: '0 0 20 20', width: 18, height: 18 }, parent);
  svg('rect', { x: 1, y: 1, width: 18, height: 18, rx: 3.5, class: 'board-last-turn-die' }, icon);
  for (const [dx, dy] of pips[value] || []) {
    svg('circle', { cx: 10 + dx * 5, cy: 10 + dy * 5, r: 1.8, class: 'board-die-pip' }, icon);
  }
}

export class LastTurnLine {
  // Inserted into the board's `root` before `before`; `pips` draws the dice as the board does.
  constructor(root, before, pips) {
    this.root = html('p', 'board-last-turn', null, null);
    this.root.hidden = true;
    root.insertBefore(this.root, before);
    this.pips = pips;
    this.entries = null;
  }

  // The game's move entries so far (null: not known yet).
  setEntries(entries) {
    this.entries = entries;
  }

  // Draws the line for `snapshot`, whose seat names come from `seatWords` (fallback per seat),
  // the play names from `playWords` ({ 'play high': 'High', … }). Hidden while the entries
  // lag behind the snapshot (a record still loading).
  show(snapshot, seatWords, playWords) {
    this.root.replaceChildren();
    const current = this.entries && this.entries.length === snapshot.version;
    const turn = current ? lastTurnOf(this.entries) : null;
    this.root.hidden = !turn || !turn.dice;
    if (this.root.hidden) return;
    const holder = snapshot.seats && snapshot.seats[turn.seat];
    const name = (holder && holder.name) || seatWords[turn.seat] || '?';
    const params = {
      name,
      dice: turn.dice.join(' '),
      play: turn.play ? (playWords[`play ${turn.play}`] || turn.play).toUpperCase() : '',
    };
    const text = t(turn.play ? 'feedback.lastTurn.played' : 'feedback.lastTurn.passed', params);
    // Read as "Last turn: Ann rolled …"; the prefix is for screen readers, the dice are drawn.
    html('span', 'board-visually-hidden', `${t('feedback.lastTurn.prefix')} `, this.root);
    const faces = html('span', 'board-last-turn-dice', null, this.root);
    faces.setAttribute('aria-hidden', 'true');
    for (const value of turn.dice) dieIcon(faces, value, this.pips);
    html('span', 'board-last-turn-text', text, this.root);
    this.root.dataset.ply = String(turn.ply);
  }
}
