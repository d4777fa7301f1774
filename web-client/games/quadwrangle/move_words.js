// Quadwrangle's recorded tokens (docs/rules.md §2) in words: "Ann rolled 3 6 6 2 5"; null for a token
// its notation does not know.

import { MOVE_WORDS } from '../common/move_words.js';

// The dice of a recorded roll token ("36625") as "3 6 6 2 5".
function spacedDice(digits) {
  return digits.split('').join(' ');
}

export function moveWords(token, who) {
  const roll = token.match(/^roll=([1-6]{5})$/);
  if (roll) return MOVE_WORDS.rolled(who, spacedDice(roll[1]));
  const reroll = token.match(/^reroll ([1-5](?: [1-5])*)=([1-6]{5})$/);
  if (reroll) return MOVE_WORDS.rerolled(who, reroll[1], spacedDice(reroll[2]));
  const play = token.match(/^play (lanes|run|high|low)$/);
  if (play) return MOVE_WORDS.played[play[1]](who);
  return null;
}

// The dice a recorded Quadwrangle token shows after it (roll or re-roll), as five numbers; null
// for a token without dice.
export function diceOf(token) {
  const match = /=([1-6]{5})$/.exec(token);
  return match ? match[1].split('').map(Number) : null;
}
