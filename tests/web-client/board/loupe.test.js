// web-client/board/loupe.js: the loupe's window stays on the board around the tapped cell.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOUPE_SPAN, windowStart } from '../../../web-client/board/loupe.js';

test('a 7-cell window is centred on the tap and clamped to the 15-cell board', () => {
  assert.equal(LOUPE_SPAN, 7);
  assert.equal(windowStart(7, 15), 4); // h: columns 4..10
  assert.equal(windowStart(0, 15), 0);
  assert.equal(windowStart(2, 15), 0);
  assert.equal(windowStart(3, 15), 0);
  assert.equal(windowStart(4, 15), 1);
  assert.equal(windowStart(14, 15), 8); // the last column still shows 7 cells
  assert.equal(windowStart(11, 15), 8);
});
