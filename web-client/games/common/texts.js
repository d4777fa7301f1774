// One game's words (its words.js TEXTS, keyed by language) read in the client's language. No
// registry: a game's own modules read their TEXTS through these, and games/index.js reads any
// game's through them by id.

import { language } from '../../i18n/index.js';

// The words in the client's language, else in English.
export function textsIn(texts) {
  return texts[language] || texts.en;
}

// The names of a game's `count` seats in the client's language ("Black", "Red"), or null.
export function seatLabels(texts, count) {
  const words = textsIn(texts);
  if (!words || !words.board) return null;
  const board = words.board;
  return board[`seats${count}`] || board.seats || null;
}
