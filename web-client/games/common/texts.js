// One game's words (its words.js TEXTS, keyed by language) read in the client's language. No
// registry: a game's own modules read their TEXTS through these, and games/index.js reads any
// game's through them by id.

import { language } from '../../i18n/index.js';
import { reasonWith } from '../../common/server_words.js';

// The words in the client's language, else in English.
export function textsIn(texts) {
  return texts[language] || texts.en;
}

// The names of a game's `count` seats in `lang` ("Black", "Red"), or null.
export function seatLabels(texts, count, lang = language) {
  const words = texts[lang] || texts.en;
  if (!words || !words.board) return null;
  const board = words.board;
  return board[`seats${count}`] || board.seats || null;
}

// A seat name the server wrote in English ("Black", "Player 1") in the client's language;
// `name` itself when the game has no such seat.
export function translateSeat(texts, name) {
  for (const count of [2, 4]) {
    const english = seatLabels(texts, count, 'en');
    const index = english ? english.indexOf(name) : -1;
    if (index >= 0) return seatLabels(texts, count)[index];
  }
  return name;
}

// A result's reason in words for the game of `texts` and `reasons` (its reasons.js).
export function reasonOf(texts, reasons, reason) {
  return reasonWith(reasons, (name) => translateSeat(texts, name), reason);
}
