// The results Quadwrangle's rules decide (rules/quadwrangle.cpp, docs/rules.md §8): code →
// (figures, names) → words; `names.seat(seat)` is a seat's name (common/result_words.js).

import { tn } from '../../i18n/index.js';

export const RESULTS = {
  counters: ({ seat, counters }, names) =>
    tn('results.counters', counters, { seat: names.seat(seat) }),
};
