// The results Kvadratura's rules decide (rules/kvadratura.cpp, docs/rules.md §8): code →
// (figures, names) → words; `names.seat(seat)` is a seat's colour (common/result_words.js).

import { t, tn } from '../../i18n/index.js';

const WHITE = 0;
const BLACK = 1;

export const RESULTS = {
  // One square has words of its own ("completed a square"), not a count.
  completed: ({ seat, squares }, names) =>
    squares === 1
      ? t('results.completed_one', { seat: names.seat(seat) })
      : tn('results.completed', squares, { seat: names.seat(seat) }),
  full_no_square: () => t('results.full_no_square'),
  full_each: ({ squares }) => tn('results.full_each', squares),
  wins_by: ({ seat, squares, white, black }, names) =>
    tn('results.wins_by', squares, {
      seat: names.seat(seat),
      white_seat: names.seat(WHITE),
      white,
      black_seat: names.seat(BLACK),
      black,
    }),
};
