// The words every game's recorded moves are made of (the catalogue's `moves` section), which each
// game's move_words.js puts together per token; games/index.js picks the game's. No DOM, so it
// runs under Node in tests.

import { t } from '../../i18n/index.js';

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

// A placement on a cell of a board up to 15 × 15 ("h7") in words, the games that place pieces
// share it; null for another token.
export function placementWords(token, who) {
  return /^[a-o](?:[1-9]|1[0-5])$/.test(token) ? MOVE_WORDS.placed(who, token) : null;
}
