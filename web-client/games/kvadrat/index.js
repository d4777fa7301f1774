// Kvadrat in the client (docs/rules.md §3): every part of it, registered in games/index.js.

import { createBoard } from './board.js';
import { describe } from './describe.js';
import { moveWords } from './move_words.js';
import { DIAGRAMS } from './positions.js';
import { RESULTS } from './results.js';
import { TEXTS } from './words.js';

export const kvadrat = {
  id: 'kvadrat',
  texts: TEXTS,
  diagrams: DIAGRAMS,
  createBoard,
  describe,
  moveWords,
  results: RESULTS,
};
