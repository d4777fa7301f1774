// The analysis board's lines without a DOM: the variation tree of one game, its positions' states
// asked of the rules module (engine/rules.js) once each, and moves played through the rules with
// the passes the rules' driver inserts. Every refusal is the rules' own words.

import { VariationTree } from './variation_tree.js';

// What a refusal of the rules module says ({ error }), or null for an answer that is not one.
export function refusalOf(answer) {
  const error = answer && answer.error;
  if (!error) return null;
  if (typeof error === 'string') return error;
  return error.reason || error.message || JSON.stringify(error);
}

// A position whose side to move has no move but to pass.
export function onlyPass(state) {
  return state.status === 'ongoing' && state.legal.length === 1 && state.legal[0] === 'pass';
}

export class AnalysisLines {
  // `rules`: the loaded rules module; `game`: the game id. The tree starts at the game's start
  // with its default options.
  constructor(rules, game) {
    this.rules = rules;
    this.game = game;
    this.states = new Map(); // notation -> state
    this.startPosition = rules.start(game).position;
    this.tree = new VariationTree(this.startPosition);
  }

  stateOf(position) {
    if (!this.states.has(position)) this.states.set(position, this.rules.state(position));
    return this.states.get(position);
  }

  // The state shown.
  get state() {
    return this.stateOf(this.tree.position);
  }

  // A new tree from notation `text`: { state } when it is this game's, { elsewhere: state } when
  // it is another game's (the tree stays), { refusal } when the rules refuse it.
  setUp(text) {
    const state = this.rules.state(text.trim());
    const refusal = refusalOf(state);
    if (refusal) return { refusal };
    if (state.game !== this.game) return { elsewhere: state };
    this.states.set(state.position, state);
    this.tree = new VariationTree(state.position);
    return { state };
  }

  // A new tree whose main line is a finished game's record ({ game, options, moves }: GET
  // /api/games/{id}), from its start, every recorded token (forced passes included) applied in
  // turn: { state } of the start, or { refusal } (the tree then unchanged).
  loadRecord(record) {
    if (record.game !== this.game) return { refusal: `the game is ${record.game}` };
    const start = this.rules.start(this.game, record.options || {});
    if (refusalOf(start)) return { refusal: refusalOf(start) };
    const tree = new VariationTree(start.position);
    for (const token of record.moves) {
      const next = this.rules.apply(tree.position, token);
      if (refusalOf(next)) return { refusal: refusalOf(next) };
      tree.play(token, next.position);
    }
    tree.first();
    this.tree = tree;
    return { state: this.state };
  }

  // The game's start with the options of the position shown (a 4 × 4 board's start for a
  // 4 × 4 position), as a notation.
  startWithOptions() {
    const start = this.rules.start(this.game, this.state.options);
    return refusalOf(start) ? this.startPosition : start.position;
  }

  // How many dice `request` needs from the position shown (0: none).
  diceNeeded(request) {
    return this.rules.diceNeeded(this.tree.position, request);
  }

  // The recorded token for `request` with `dice` (numbers 1-6): { token } or { refusal }.
  withDice(request, dice) {
    const made = this.rules.withDice(this.tree.position, request, dice);
    const refusal = refusalOf(made);
    return refusal ? { refusal } : { token: made.token };
  }

  // Plays recorded token `token` from the position shown, then, as the rules' driver does
  // (docs/rules.md, "Chance and forced passes"), the pass of each side left with no other move.
  // Returns { node } (the node of `token`) or { refusal }, the tree then unchanged.
  play(token) {
    const next = this.rules.apply(this.tree.position, token);
    const refusal = refusalOf(next);
    if (refusal) return { refusal };
    const node = this.tree.play(token, next.position);
    while (onlyPass(this.state)) {
      const passed = this.rules.apply(this.tree.position, 'pass');
      if (refusalOf(passed)) break;
      this.tree.play('pass', passed.position);
    }
    return { node };
  }

  // The seat that played node `id`'s token: the one to move before it.
  seatOf(id) {
    return this.stateOf(this.tree.node(this.tree.node(id).parent).position).to_move;
  }

  // The moves that lead to the position shown, as the room's move list has them
  // (room/move_history.js entries: { ply, seat, token }).
  history() {
    return this.tree.pathTo().map((id, i) => ({
      ply: i + 1,
      seat: this.seatOf(id),
      token: this.tree.node(id).token,
    }));
  }
}
