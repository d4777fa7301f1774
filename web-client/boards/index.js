// The board module for each game id; adding a game adds one file and one line here.

import * as quadrature from './quadrature.js';
import * as quadwrangle from './quadwrangle.js';
import * as kvadrat from './kvadrat.js';
import * as kvadratura from './kvadratura.js';

const BOARDS = { quadrature, quadwrangle, kvadrat, kvadratura };

// The module ({ createBoard }) drawing `gameId`, or null for a game without a board.
export function boardFor(gameId) {
  return Object.prototype.hasOwnProperty.call(BOARDS, gameId) ? BOARDS[gameId] : null;
}
