// Recorded move tokens (docs/rules.md) in words: "Ann rolled 3 6 6 2 5", "Bob: e3–e4". Per game, a
// function of the token and the player's name; no DOM, so it runs under Node in tests.

import { t } from './i18n/index.js';

// The catalogue's `moves` words as functions of a move's parts.
export const MOVE_WORDS = {
  passed: (who) => t('moves.passed', { who }),
  step: (who, from, to) => t('moves.step', { who, from, to }),
  placed: (who, cell) => t('moves.placed', { who, cell }),
  rolled: (who, dice) => t('moves.rolled', { who, dice }),
  rerolled: (who, positions, dice) => t('moves.rerolled', { who, positions, dice }),
  played: {
    lanes: (who) => t('moves.played.lanes', { who }),
    run: (who) => t('moves.played.run', { who }),
    high: (who) => t('moves.played.high', { who }),
    low: (who) => t('moves.played.low', { who }),
  },
  other: (who, token) => t('moves.other', { who, token }),
  moveNumber: (n) => t('moves.moveNumber', { n }),
  seat: (i) => t('moves.seat', { n: i + 1 }),
};

// The dice of a recorded roll token ("36625") as "3 6 6 2 5".
function spacedDice(digits) {
  return digits.split('').join(' ');
}

function quadwrangleWords(token, who) {
  const roll = token.match(/^roll=([1-6]{5})$/);
  if (roll) return MOVE_WORDS.rolled(who, spacedDice(roll[1]));
  const reroll = token.match(/^reroll ([1-5](?: [1-5])*)=([1-6]{5})$/);
  if (reroll) return MOVE_WORDS.rerolled(who, reroll[1], spacedDice(reroll[2]));
  const play = token.match(/^play (lanes|run|high|low)$/);
  if (play) return MOVE_WORDS.played[play[1]](who);
  return null;
}

function quadratureWords(token, who) {
  const step = token.match(/^([a-k](?:[1-9]|1[01]))-([a-k](?:[1-9]|1[01]))$/);
  return step ? MOVE_WORDS.step(who, step[1], step[2]) : null;
}

function placementWords(token, who) {
  return /^[a-o](?:[1-9]|1[0-5])$/.test(token) ? MOVE_WORDS.placed(who, token) : null;
}

const BY_GAME = {
  quadwrangle: quadwrangleWords,
  quadrature: quadratureWords,
  kvadrat: placementWords,
  kvadratura: placementWords,
};

// `token` of game `game` played by `who` (a name), in words. A token the game's notation does not
// know is shown as it is, so a new game or token is never hidden.
export function moveWords(game, token, who) {
  if (token === 'pass') return MOVE_WORDS.passed(who);
  const words = BY_GAME[game] ? BY_GAME[game](token, who) : null;
  return words || MOVE_WORDS.other(who, token);
}

// The dice a recorded Quadwrangle token shows after it (roll or re-roll), as five numbers; null
// for a token without dice.
export function diceOf(token) {
  const match = /=([1-6]{5})$/.exec(token);
  return match ? match[1].split('').map(Number) : null;
}
