// web-client/games/quadrature/explain_move.js against docs/rules.md §1's worked examples: the men a step
// exchanges, and each reason a step is forbidden.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainStep } from '../../../../web-client/games/quadrature/explain_move.js';

// cells from two lists of names: Black (seat 0) and White (seat 1).
function view(black, white, markers = [0, 0]) {
  const cells = {};
  for (const c of black) cells[c] = 0;
  for (const c of white) cells[c] = 1;
  return { cells, markers };
}

test('example 1: d7-e8 exchanges b10 (rectangle b8-b10-e10-e8)', () => {
  const v = view(['e10', 'b8', 'd7'], ['b10', 'a11', 'j11', 'k11']);
  assert.deepEqual(explainStep(v, 0, 'd7', 'e8'), {
    exchanged: ['b10'],
    sideways: false,
    quiet: false,
  });
});

test('example 2: b6-b7 exchanges d7 and f7', () => {
  const v = view(['b6', 'h6', 'b5', 'd5', 'f5', 'c3', 'f3'], ['d9', 'h9', 'd7', 'f7']);
  assert.deepEqual(explainStep(v, 0, 'b6', 'b7').exchanged, ['d7', 'f7']);
});

test('example 3: c6-c7 is suicide, completing White rectangle a7-a9-c9', () => {
  const v = view(['c6', 'e7', 'e5'], ['a9', 'a7', 'c9', 'c5', 'k11']);
  assert.deepEqual(explainStep(v, 0, 'c6', 'c7'), {
    forbidden: 'suicide',
    rectangle: ['a7', 'a9', 'c9'],
  });
});

test('example 4: j2-j3 exchanges nothing (d4 was squared before, not through j3)', () => {
  const v = view(['b2', 'b4', 'd2', 'j2'], ['d4', 'k10', 'a11', 'k11']);
  assert.deepEqual(explainStep(v, 0, 'j2', 'j3').exchanged, []);
});

test('exchanges chain: a man taken by exchange squares the next one', () => {
  // d3 squares b5 (b3-d3-d5-b5); b5, now Black and active, squares d7 (b5-b7-d7-d5).
  const v = view(['c3', 'b3', 'd5', 'b7'], ['b5', 'd7', 'k11']);
  assert.deepEqual(explainStep(v, 0, 'c3', 'd3').exchanged, ['b5', 'd7']);
});

test('a quiet sideways move is refused at two bars, allowed at one; an exchanging one always', () => {
  const v = view(['e3', 'a1'], ['k11', 'a11', 'j11']);
  assert.deepEqual(explainStep({ ...v, markers: [1, 0] }, 0, 'e3', 'f3'), {
    exchanged: [],
    sideways: true,
    quiet: true,
  });
  assert.deepEqual(explainStep({ ...v, markers: [2, 0] }, 0, 'e3', 'f3'), { forbidden: 'marker' });
  // e3-f3 squares f5 (a3-f3-f5-a5): not quiet, so legal at two bars.
  const w = view(['e3', 'a3', 'a5'], ['f5', 'k11', 'j11'], [2, 0]);
  assert.deepEqual(explainStep(w, 0, 'e3', 'f3'), {
    exchanged: ['f5'],
    sideways: true,
    quiet: false,
  });
});

test('backward, long, occupied and foreign steps are told apart; White moves down', () => {
  const v = view(['e3', 'e4'], ['e9', 'k11', 'a11']);
  assert.deepEqual(explainStep(v, 0, 'e3', 'e2'), { forbidden: 'backward' });
  assert.deepEqual(explainStep(v, 0, 'e3', 'e5'), { forbidden: 'not_a_step' });
  assert.deepEqual(explainStep(v, 0, 'e3', 'e4'), { forbidden: 'occupied' });
  assert.deepEqual(explainStep(v, 0, 'e9', 'e8'), { forbidden: 'not_yours' });
  assert.deepEqual(explainStep(v, 1, 'e9', 'e10'), { forbidden: 'backward' });
  assert.equal(explainStep(v, 1, 'e9', 'd8').quiet, false);
});
