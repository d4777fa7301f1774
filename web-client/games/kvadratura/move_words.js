// Kvadratura's recorded placements (docs/rules.md §4) in words: "Ann: h7"; null for another token.

import { placementWords } from '../common/move_words.js';

export const moveWords = placementWords;
