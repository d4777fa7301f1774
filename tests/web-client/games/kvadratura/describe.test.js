// web-client/games/kvadratura/describe.js: a Kvadratura position (rules/kvadratura.hpp describe()).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describePosition } from '../../../../web-client/games/index.js';

test('fill mode on 4 x 4 (as `quadra rules` gives it): checkers, one-colour squares, scores', () => {
  const state = {
    game: 'kvadratura',
    options: { mode: 'fill', size: 4 },
    seats: ['White', 'Black'],
    status: 'ongoing',
    result: null,
    to_move: 1,
    legal: ['a3', 'a4', 'b2', 'b4', 'c1', 'c3', 'c4', 'd3', 'd4'],
    scores: [1, 0],
    board: {
      cells: { a1: 1, a2: 0, b1: 0, b3: 0, c2: 0, d1: 1, d2: 1 },
      files: 4,
      ranks: 4,
      mode: 'fill',
      squares: [{ cells: ['b1', 'c2', 'b3', 'a2'], seat: 0 }],
    },
  };
  assert.deepEqual(describePosition(state, ['Ann', 'Bob']), [
    'Black (Bob) to move.',
    '4 by 4 board, filled to the end; fewer squares wins.',
    'White checkers (4): b1, a2, c2, b3.',
    'Black checkers (3): a1, d1, d2.',
    'White squares (1): b1 c2 b3 a2.',
    'Scores: White 1, Black 0.',
  ]);
});

test('first square loses: the loser named, an empty side said as none', () => {
  const state = {
    game: 'kvadratura',
    seats: ['White', 'Black'],
    status: 'finished',
    result: {
      winners: [1],
      draw: false,
      code: 'completed',
      figures: { seat: 0, squares: 1 },
      reason: 'White completed a square',
    },
    to_move: -1,
    legal: [],
    scores: [0, 0],
    board: { cells: {}, files: 8, ranks: 8, mode: 'first_square_loses', squares: [] },
  };
  assert.deepEqual(describePosition(state), [
    'Game over: Black wins (White completed a square).',
    '8 by 8 board; whoever completes a square of their colour loses.',
    'White checkers (0): none.',
    'Black checkers (0): none.',
  ]);
});

test('a resignation names who resigned, by name or else by colour', () => {
  const state = {
    game: 'kvadratura',
    seats: ['White', 'Black'],
    status: 'finished',
    result: { winners: [0], draw: false, code: 'resigned', figures: { seat: 1 }, reason: 'x' },
    to_move: -1,
    legal: [],
    scores: [0, 0],
    board: { cells: {}, files: 8, ranks: 8, mode: 'fill', squares: [] },
  };
  assert.equal(
    describePosition(state, ['Ann', 'Bob'])[0],
    'Game over: White (Ann) wins (Bob resigned).',
  );
  assert.equal(describePosition(state)[0], 'Game over: White wins (Black resigned).');
});
