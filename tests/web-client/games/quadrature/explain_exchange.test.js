// web-client/games/quadrature/explain_exchange.js: the cells a move's exchanges changed, from the
// server's `exchanged` list or from the position before the move, on docs/rules.md §1's worked
// examples (what the rules predict for them: tests/wasm/explain.test.js).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exchangeOfMove } from '../../../../web-client/games/quadrature/explain_exchange.js';

function view(black, white, extra = {}) {
  const cells = {};
  for (const c of black) cells[c] = 0;
  for (const c of white) cells[c] = 1;
  return { cells, markers: [0, 0], ...extra };
}

// Worked example 2: b6-b7 exchanges d7 and f7.
const before2 = view(['b6', 'h6', 'b5', 'd5', 'f5', 'c3', 'f3'], ['d9', 'h9', 'd7', 'f7']);
const after2 = view(['b7', 'h6', 'b5', 'd5', 'f5', 'c3', 'f3', 'd7', 'f7'], ['d9', 'h9']);

test("a view without the server's list is compared with the one before the move", () => {
  assert.deepEqual(exchangeOfMove(after2, 'b6-b7', before2), {
    cells: ['d7', 'f7'],
    mover: 0,
    loser: 1,
  });
  // Without the position before, nothing can be said.
  assert.equal(exchangeOfMove(after2, 'b6-b7', null), null);
  // A step that exchanges nothing.
  const quiet = view(['b7', 'h6', 'b5', 'd5', 'f5', 'c3', 'f3'], ['d9', 'h9', 'd7', 'f7']);
  assert.equal(exchangeOfMove(quiet, 'b6-b7', before2), null);
});

test("the server's list names the cells, its mover owns them now", () => {
  const served = { ...after2, exchanged: ['f7', 'd7'] };
  assert.deepEqual(exchangeOfMove(served, 'b6-b7'), { cells: ['d7', 'f7'], mover: 0, loser: 1 });
  assert.equal(exchangeOfMove({ ...after2, exchanged: [] }, 'b6-b7', before2), null);
  // White's exchange (boards.test.js's game: b3-a4 squares h4 for Black; here the other way).
  const white = view(['a1'], ['c5', 'c8', 'f8', 'f5'], { exchanged: ['f5'] });
  assert.deepEqual(exchangeOfMove(white, 'c9-c8'), { cells: ['f5'], mover: 1, loser: 0 });
});
