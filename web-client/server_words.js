// What the server says in English, in the client's language: the reason of a result ("Bob
// resigned", "Red completed a square"), computer players' names ("Computer (hard)") and error
// codes. The server's text is the fallback for anything not recognised, so nothing is hidden.
// No DOM, so it runs under Node in tests.

import { has, t, tn } from './i18n/index.js';
import { translateSeatName } from './games/index.js';

const BOT_NAME = /^Computer \((easy|medium|hard)\)$/;
const GUEST_NAME = /^Guest (\d+)$/;

// A player's name as shown: a computer's and a guest's given name ("Guest 17") in words, anyone
// else's as they chose it.
export function nameInWords(name) {
  const bot = BOT_NAME.exec(name || '');
  if (bot) return t('bots.name', { level: t(`bots.levels.${bot[1]}`) });
  const guest = GUEST_NAME.exec(name || '');
  return guest ? t('bots.guest', { n: guest[1] }) : name;
}

// A computer's strength (the server's `bot` level) in words.
export function botLevelInWords(level) {
  return has(`bots.levels.${level}`) ? t(`bots.levels.${level}`) : level;
}

// The reasons the server and the rules write (server/rooms/room_result.cpp, rules/*.cpp), each
// with the words it becomes; `seat(name)` puts a seat's English name in the client's language.
const REASONS = [
  [/^draw agreed$/, () => t('results.drawAgreed')],
  [/^win claimed: (.+) left$/, ([name]) => t('results.claimed', { name: nameInWords(name) })],
  [/^(.+) resigned$/, ([name]) => t('results.resigned', { name: nameInWords(name) })],
  [/^(.+) ran out of time$/, ([name]) => t('results.timeout', { name: nameInWords(name) })],
  [
    /^(.+) is the last player left$/,
    ([name]) => t('results.lastLeft', { name: nameInWords(name) }),
  ],
  [/^every square is settled$/, () => t('results.settled')],
  [/^no player can place a piece$/, () => t('results.noPlacement')],
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
  [
    /^(Player \d) has (\d+) counters? on its red square$/,
    ([who, n], seat) => tn('results.counters', Number(n), { seat: seat(who) }),
  ],
];

// The reason of game `game`'s result in words; the server's text when it is not one we know.
export function reasonInWords(game, reason) {
  if (!reason) return '';
  const seat = (name) => translateSeatName(game, name);
  for (const [pattern, words] of REASONS) {
    const match = pattern.exec(reason);
    if (match) return words(match.slice(1), seat);
  }
  return reason;
}

// A refused request in words: the catalogue's text for the server's error code (filled with the
// server's message where the rules give a reason, and the wait of `too_many_attempts`), else the
// server's message.
export function errorInWords(error) {
  const code = error && error.code;
  const message = (error && error.message) || '';
  if (code === 'too_many_attempts') {
    return tn('errors.too_many_attempts', Math.max(1, Math.ceil((error.retryAfter || 60) / 60)));
  }
  if (code && has(`errors.${code}`)) return t(`errors.${code}`, { message });
  return message || String(error || '') || t('errors.unknown');
}
