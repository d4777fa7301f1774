// The position as short lines of text for the screen-reader mode, one describer per game; adding
// a game adds one module and one line here. No DOM: each is a function of the snapshot's `state`.

import * as quadrature from './quadrature.js';
import * as quadwrangle from './quadwrangle.js';
import * as kvadrat from './kvadrat.js';
import * as kvadratura from './kvadratura.js';
import { turnLine } from './common.js';

const DESCRIBERS = { quadrature, quadwrangle, kvadrat, kvadratura };

// The lines describing `state` (a rules state as in a snapshot): whose turn or how it ended, then
// the game's own lines. `names` (optional) are the players' names by seat, added to the turn
// line. A game without a describer gets the turn line alone.
export function describePosition(state, names = null) {
  const game = Object.prototype.hasOwnProperty.call(DESCRIBERS, state.game)
    ? DESCRIBERS[state.game]
    : null;
  return [turnLine(state, names), ...(game ? game.describe(state) : [])];
}
