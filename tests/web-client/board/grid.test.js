// web-client/board/grid.js: where a cell lands on screen when the board turns to the viewer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ownerAt, screenCell } from '../../../web-client/board/grid.js';

test('a1 is at the bottom left for South, top right for North', () => {
  assert.deepEqual(screenCell(0, 0, 15, 'south'), { col: 0, row: 14 });
  assert.deepEqual(screenCell(0, 0, 15, 'north'), { col: 14, row: 0 });
  assert.deepEqual(screenCell(0, 0, 11), { col: 0, row: 10 });
});

test('turned sideways, files run up the screen (West) or down it (East)', () => {
  // c5: file 2, rank 4 on a 15 x 15 board.
  assert.deepEqual(screenCell(2, 4, 15, 'west'), { col: 10, row: 12 });
  assert.deepEqual(screenCell(2, 4, 15, 'east'), { col: 4, row: 2 });
});

test('every turn puts each cell on its own screen square', () => {
  for (const turn of ['south', 'north', 'west', 'east']) {
    const seen = new Set();
    for (let file = 0; file < 5; ++file) {
      for (let rank = 0; rank < 5; ++rank) {
        const { col, row } = screenCell(file, rank, 5, turn);
        assert.ok(col >= 0 && col < 5 && row >= 0 && row < 5, `${turn} ${file},${rank}`);
        seen.add(`${col},${row}`);
      }
    }
    assert.equal(seen.size, 25, turn);
  }
});

test("ownerAt reads a describe() board's cells, -1 for an empty one", () => {
  const view = { cells: { a1: 0, c3: 1 } };
  assert.equal(ownerAt(view, 'a1'), 0);
  assert.equal(ownerAt(view, 'c3'), 1);
  assert.equal(ownerAt(view, 'b2'), -1);
  assert.equal(ownerAt(view, 'constructor'), -1);
});
