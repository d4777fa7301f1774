// Quadrature in the client (docs/rules.md §1): every part of it, registered in games/index.js.

import { createBoard } from './board.js';
import { describe } from './describe.js';
import { legalWords } from './legal_words.js';
import { moveWords } from './move_words.js';
import { DIAGRAMS } from './positions.js';
import { RESULTS } from './results.js';
import { TEXTS } from './words.js';

export const quadrature = {
  id: 'quadrature',
  texts: TEXTS,
  diagrams: DIAGRAMS,
  createBoard,
  describe,
  moveWords,
  results: RESULTS,
  legalWords,
};
