// The reasons Kvadratura's rules write (rules/kvadratura.cpp), each with the words it becomes;
// `seat(name)` puts a seat's English name in the client's language (common/server_words.js).

import { t, tn } from '../../i18n/index.js';

export const REASONS = [
  [/^(\w+) completed a square$/, ([who], seat) => t('results.completedOne', { seat: seat(who) })],
  [
    /^(\w+) completed (\d+) squares$/,
    ([who, n], seat) => tn('results.completedMany', Number(n), { seat: seat(who) }),
  ],
  [/^board full without a one-colour square$/, () => t('results.fullNoSquare')],
  [/^board full, (\d+) squares? each$/, ([n]) => tn('results.fullEach', Number(n))],
  [
    /^(\w+) wins by (\d+) squares? \((\w+) (\d+), (\w+) (\d+)\)$/,
    ([who, n, first, a, second, b], seat) =>
      tn('results.winsBy', Number(n), {
        seat: seat(who),
        first: seat(first),
        a,
        second: seat(second),
        b,
      }),
  ],
];
