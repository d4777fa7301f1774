// The reasons Quadrature's rules write (rules/quadrature.cpp), each with the words it becomes;
// `seat(name)` puts a seat's English name in the client's language (common/server_words.js).

import { t, tn } from '../../i18n/index.js';

export const REASONS = [
  [
    /^(\w+) reduced (\w+) to (\d+) m[ae]n$/,
    ([who, other, n], seat) =>
      tn('results.reduced', Number(n), { seat: seat(who), other: seat(other) }),
  ],
  [
    /^(\w+) filled its goal (.+)$/,
    ([who, cells], seat) => t('results.goal', { seat: seat(who), cells }),
  ],
  [/^neither side can move$/, () => t('results.noMoves')],
  [/^the same position occurred a third time$/, () => t('results.repetition')],
];
