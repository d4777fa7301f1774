// web-client/games/quadrature/describe.js: a Quadrature position (rules/quadrature.hpp describe()) in
// lines for the screen-reader mode.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describePosition } from '../../../../web-client/games/index.js';

function state(board, extra = {}) {
  return {
    game: 'quadrature',
    options: { setup: 'men18' },
    seats: ['Black', 'White'],
    status: 'ongoing',
    result: null,
    to_move: 1,
    legal: [],
    scores: [7, 4],
    board: {
      files: 11,
      ranks: 11,
      goals: [
        ['e11', 'f11', 'g11'],
        ['e1', 'f1', 'g1'],
      ],
      exchanged: [],
      markers: [0, 0],
      ...board,
    },
    ...extra,
  };
}

const cells = (black, white) =>
  Object.fromEntries([...black.map((c) => [c, 0]), ...white.map((c) => [c, 1])]);

test('men by side in reading order, rows of neighbours as ranges; goals, markers, exchanges', () => {
  const position = state({
    cells: cells(
      ['e10', 'b8', 'e8', 'b10', 'f2', 'd2', 'e2', 'c2', 'e11'],
      ['a11', 'j11', 'k11', 'g1'],
    ),
    markers: [2, 1],
    exchanged: ['b10'],
  });
  assert.deepEqual(describePosition(position, ['Ann', 'Bob']), [
    'White (Bob) to move.',
    'Black men (9): c2 to f2, b8, e8, b10, e10, e11.',
    'White men (4): g1, a11, j11, k11.',
    "Black's goal e11, f11, g11: 1 of 3 held.",
    "White's goal e1, f1, g1: 1 of 3 held.",
    'Markers: Black two bars, White one bar.',
    'The last move exchanged b10.',
  ]);
});

test('a won game says who won and why; two neighbours are not a range', () => {
  const position = state(
    { cells: cells(['e11', 'f11', 'g11', 'c3', 'd3'], ['e1', 'f1', 'a9', 'b9']) },
    {
      status: 'finished',
      to_move: -1,
      result: {
        winners: [0],
        draw: false,
        code: 'goal',
        figures: { seat: 0 },
        reason: 'Black filled its goal e11 f11 g11',
      },
    },
  );
  assert.deepEqual(describePosition(position).slice(0, 3), [
    'Game over: Black wins (Black filled its goal e11 f11 g11).',
    'Black men (5): c3, d3, e11 to g11.',
    'White men (4): e1, f1, a9, b9.',
  ]);
});

test('a draw', () => {
  const position = state(
    { cells: cells(['a1'], ['k11']) },
    { status: 'finished', to_move: -1, result: { winners: [], draw: true, reason: '' } },
  );
  assert.equal(describePosition(position)[0], 'Game over: a draw');
});
