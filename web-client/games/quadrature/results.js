// The results Quadrature's rules decide (rules/quadrature.cpp, docs/rules.md §8): code →
// (figures, names) → words; `names.seat(seat)` is a seat's colour (common/result_words.js).

import { t, tn } from '../../i18n/index.js';

// Each seat's goal, the far rank's middle cells it fills to win.
const GOALS = ['e11 f11 g11', 'e1 f1 g1'];

export const RESULTS = {
  reduced: ({ seat, men }, names) =>
    tn('results.reduced', men, { seat: names.seat(seat), other: names.seat(1 - seat) }),
  goal: ({ seat }, names) => t('results.goal', { seat: names.seat(seat), cells: GOALS[seat] }),
  no_moves: () => t('results.no_moves'),
  repetition: () => t('results.repetition'),
};
