// The reasons Quadwrangle's rules write (rules/quadwrangle.cpp), each with the words it becomes;
// `seat(name)` puts a seat's English name in the client's language (common/server_words.js).

import { tn } from '../../i18n/index.js';

export const REASONS = [
  [
    /^(Player \d) has (\d+) counters? on its red square$/,
    ([who, n], seat) => tn('results.counters', Number(n), { seat: seat(who) }),
  ],
];
