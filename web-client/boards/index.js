// The board module for each game id; adding a game adds one file and one line here.
//
// Every module exports createBoard(host, { onMove }) -> { update(snapshot, { seat, offline }),
// destroy() }; `offline`: the page has no connection, so nothing may be played.
// Optional: setHistory(entries) hears the game's moves so far (move_history.js entries).
// `host` is an empty element the board fills; `snapshot` is the server's snapshot message as
// received; `seat` is the viewer's seat or null for a spectator. A board calls onMove(token) only
// when the viewer's seat is to move and only with a token listed in snapshot.state.legal.

import * as quadrature from './quadrature.js';
import * as quadwrangle from './quadwrangle.js';
import * as kvadrat from './kvadrat.js';
import * as kvadratura from './kvadratura.js';

const BOARDS = { quadrature, quadwrangle, kvadrat, kvadratura };

// The module ({ createBoard }) drawing `gameId`, or null for a game without a board.
export function boardFor(gameId) {
  return Object.prototype.hasOwnProperty.call(BOARDS, gameId) ? BOARDS[gameId] : null;
}
