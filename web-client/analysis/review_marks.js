// Game review without a DOM (docs/rules.md §7): each seat's chance to win at every position of a
// line, and the marks of the moves that threw some of the mover's chance away. No rules here:
// the chances are the engine's (bots::analyse's seat_values) or a finished game's result, and
// which moves are chance-only is read off the recorded tokens.

// The least drop, in the mover's chance to win (0 to 1), that each mark takes, worst first.
export const THRESHOLDS = [
  { mark: 'blunder', drop: 0.3 },
  { mark: 'mistake', drop: 0.2 },
  { mark: 'inaccuracy', drop: 0.1 },
];

// The mark of a move that lowered its mover's chance by `drop`, or null below every threshold.
// The small epsilon keeps a drop of exactly 0.3 (0.7 - 0.4 in floating point) a blunder.
export function markOf(drop) {
  const found = THRESHOLDS.find((threshold) => drop >= threshold.drop - 1e-9);
  return found ? found.mark : null;
}

// Each seat's chance to win at a position: a finished game's by its result (a winner's 1 shared
// among the winners, a draw split evenly), else the engine's `analysis.seat_values`.
export function chancesOf(state, analysis) {
  if (state.status === 'ongoing') return analysis.seat_values;
  const seats = state.seats.length;
  const winners = state.result && state.result.winners ? state.result.winners : [];
  if (winners.length === 0) return Array(seats).fill(1 / seats);
  return state.seats.map((_, seat) => (winners.includes(seat) ? 1 / winners.length : 0));
}

// Whether a move was the mover's choice and so is judged: not when it was the only legal move
// (a forced pass, Quadwrangle's roll), nor when its token carries dice (`roll=…`, `reroll …=…`),
// whose outcome is luck.
export function isJudged(token, stateBefore) {
  return !token.includes('=') && stateBefore.legal.length > 1;
}

// The judged moves of a line. `steps[i]` = { token, mover, before, after, stateBefore }: the
// token played, its mover's seat, the chances (arrays by seat) at the position before and after.
// Returns [{ index, token, mover, before, after, drop, mark }] for each move that earns a mark.
export function judgeLine(steps) {
  const marks = [];
  steps.forEach((step, index) => {
    if (!isJudged(step.token, step.stateBefore)) return;
    const drop = step.before[step.mover] - step.after[step.mover];
    const mark = markOf(drop);
    if (mark) {
      marks.push({
        index,
        token: step.token,
        mover: step.mover,
        before: step.before[step.mover],
        after: step.after[step.mover],
        drop,
        mark,
      });
    }
  });
  return marks;
}
