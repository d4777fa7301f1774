// Quadrature's recorded steps (docs/rules.md §1) in words: "Bob: e3–e4"; null for another token.

import { MOVE_WORDS } from '../common/move_words.js';

export function moveWords(token, who) {
  const step = token.match(/^([a-k](?:[1-9]|1[01]))-([a-k](?:[1-9]|1[01]))$/);
  return step ? MOVE_WORDS.step(who, step[1], step[2]) : null;
}
