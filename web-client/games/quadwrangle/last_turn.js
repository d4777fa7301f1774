// The last finished turn of a Quadwrangle game, from its move entries (move_history.js): who
// played, the dice they played with and the play they chose (or their pass). It stays the last
// turn until the next player's first roll starts a new one. No DOM, so it runs under Node.

const ROLL = /^(?:roll|reroll [1-5](?: [1-5])*)=([1-6]{5})$/;
const PLAY = /^play (lanes|run|high|low)$/;

// `entries`: [{ ply, seat, token }] in order. Returns null while a turn is under way (its dice
// are on the board) or before any turn ended, else { seat, dice: [five numbers] | null,
// play: "lanes" | "run" | "high" | "low" | null (a pass), ply }.
export function lastTurnOf(entries) {
  if (!entries || !entries.length) return null;
  const end = entries[entries.length - 1];
  const play = PLAY.exec(end.token);
  if (!play && end.token !== 'pass') return null;
  let dice = null;
  for (let i = entries.length - 2; i >= 0; --i) {
    const token = entries[i].token;
    if (PLAY.test(token) || token === 'pass') break;
    const roll = ROLL.exec(token);
    if (roll) {
      dice = roll[1].split('').map(Number);
      break;
    }
  }
  return { seat: end.seat, dice, play: play ? play[1] : null, ply: end.ply };
}
