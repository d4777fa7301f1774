// A game's result in the client's language, from the result's `code` and `figures` (integers,
// seats 0-based; docs/rules.md §8), never from its English `reason`. The codes a room decides
// (server/rooms/room_result.cpp) are here; each game's own are in games/<game>/results.js.
// No DOM, so it runs under Node in tests.

import { t } from '../i18n/index.js';
import { nameInWords } from './server_words.js';

// The results a room decides, whatever the game: code → (figures, names) → words. `names.player`
// names the seat's holder, as the room's English sentence does.
export const ROOM_RESULTS = {
  resigned: ({ seat }, names) => t('results.resigned', { name: names.player(seat) }),
  timeout: ({ seat }, names) => t('results.timeout', { name: names.player(seat) }),
  claimed: ({ seat }, names) => t('results.claimed', { name: names.player(seat) }),
  draw_agreed: () => t('results.draw_agreed'),
  last_left: ({ seat }, names) => t('results.last_left', { name: names.player(seat) }),
  // A moderator ended the game (PROTOCOL.md "close_room"): no winner, and no draw either.
  closed: () => t('results.closed'),
  aborted: () => t('results.aborted'),
};

// The codes of the endings without a result.
const NO_RESULT_CODES = ['closed', 'aborted'];

// How `result` ended without a result, 'closed' (closed by a moderator) or 'aborted' (aborted by
// a moderator), else null. Such a result has no winners yet is no draw, so every place that
// reads "no winners" as a draw asks this first. Protocol 1's `by` is "closed" for both, as is
// protocol 2's expanded kind (compact_snapshot.js); the code tells them apart.
export function noResultEnding(result) {
  if (!result) return null;
  if (NO_RESULT_CODES.includes(result.code)) return result.code;
  return result.by === 'closed' ? 'closed' : null;
}

// `result` in words: its code's words from the room's table or `gameResults` (the game's own,
// code → (figures, names) → words). `seatName(seat)` names a seat (its colour) in the client's
// language; `playerName(seat)` is the name of the seat's holder, or null. A result without a
// code (a game recorded before results had codes) or with one this client does not know shows
// the server's English `reason`, so nothing is hidden.
export function resultInWords(result, { gameResults = {}, seatName, playerName = () => null }) {
  if (!result) return '';
  const words = wordsOf(result.code, gameResults);
  if (!words) return result.reason || '';
  const names = {
    seat: seatName,
    // The holder's name as shown, else the seat's colour (a record with an empty seat).
    player: (seat) => {
      const name = playerName(seat);
      return name ? nameInWords(name) : seatName(seat);
    },
  };
  return words(result.figures || {}, names);
}

function wordsOf(code, gameResults) {
  if (!code) return null;
  for (const table of [ROOM_RESULTS, gameResults]) {
    if (Object.prototype.hasOwnProperty.call(table, code)) return table[code];
  }
  return null;
}
