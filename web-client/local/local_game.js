// One game against the computer, played in the browser: the rules (engine/rules.js, the
// WebAssembly build of rules/) answer every question — legal moves, dice needed, the token, the
// next position, the result — and the engine (engine/engine.js) chooses the computer's moves.
// This class only keeps the position and the moves played. No DOM.

export class LocalGame {
  // `rules`: the loaded rules; `position`: the starting notation; `seat`: the player's;
  // `level`: the computer's; `roll(count)`: `count` dice (dice.js); `seed()`: a search seed.
  constructor(rules, { position, seat, level }, { roll, seed }) {
    this.rules = rules;
    this.position = position;
    this.seat = seat;
    this.level = level;
    this.roll = roll;
    this.seed = seed;
    this.moves = []; // { token, seat, before } in the order played
    this.state = this.stateOf(position);
  }

  stateOf(position) {
    const state = this.rules.state(position);
    if (state.error !== undefined) throw new Error(state.error);
    return state;
  }

  get over() {
    return this.state.status !== 'ongoing';
  }

  // Whether the player is to move.
  get playersTurn() {
    return !this.over && this.state.to_move === this.seat;
  }

  // Plays `request` (a legal move, or one that needs dice, which are rolled) for the side to
  // move: { token } once played, { refusal } (the rules' words) when it is not a move here.
  move(request) {
    const needed = this.rules.diceNeeded(this.position, request);
    let token = request;
    if (needed > 0) {
      const made = this.rules.withDice(this.position, request, this.roll(needed));
      if (made.error !== undefined) return { refusal: made.error };
      token = made.token;
    }
    const next = this.rules.apply(this.position, token);
    if (next.error !== undefined) return { refusal: next.error };
    this.moves.push({ token, seat: this.state.to_move, before: this.state });
    this.position = next.position;
    this.state = this.stateOf(next.position);
    return { token };
  }

  // The computer's move for the side to move, chosen by `engine` (engine.js's bestMove) at the
  // game's level, then played.
  async computerMoves(engine) {
    const { request } = await engine.bestMove(this.position, {
      level: this.level,
      seed: this.seed(),
    });
    return this.move(request);
  }
}
