// web-client/games/quadwrangle/describe.js: a Quadwrangle position (rules/quadwrangle.hpp describe()):
// the counters, the red squares held, the dice and the plays they offer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describePosition } from '../../../../web-client/games/index.js';

const NAMES = ['1', '2', '3', '4', '5', '6', 'run', 'high', 'low'];

function state(positions, board = {}) {
  return {
    game: 'quadwrangle',
    seats: ['Player 1', 'Player 2'],
    status: 'ongoing',
    result: null,
    to_move: 0,
    legal: ['roll'],
    scores: [0, 0],
    board: {
      lanes: NAMES.map((name, i) => ({ name, position: positions[i] })),
      half_length: 4,
      target: 3,
      dice: null,
      rolls: 0,
      plays: [],
      ...board,
    },
  };
}

test('after a first roll of 6 6 6 5 5 (as `quadra rules` gives it): lanes, dice and plays', () => {
  const position = state([0, -1, -4, 2, 4, 0, 0, 0, -3], {
    dice: [6, 6, 6, 5, 5],
    rolls: 1,
    plays: [
      { token: 'play high', moves: [{ lane: 'high', steps: 3, to: -3 }] },
      {
        token: 'play lanes',
        moves: [
          { lane: '5', steps: 1, to: 3 },
          { lane: '6', steps: 2, to: -2 },
        ],
      },
    ],
  });
  assert.deepEqual(describePosition(position, ['Ann', 'Bob']), [
    'Player 1 (Ann) to move.',
    'Lane 1: centre.',
    'Lane 2: 1 from the centre toward Player 1.',
    "Lane 3: on Player 1's red square.",
    'Lane 4: 2 from the centre toward Player 2.',
    "Lane 5: on Player 2's red square.",
    'Lane 6: centre.',
    'Run lane: centre.',
    'High lane: centre.',
    'Low lane: 3 from the centre toward Player 1.',
    'Player 1 holds 1 of 3 red squares.',
    'Player 2 holds 1 of 3 red squares.',
    'Dice: 6 6 6 5 5 (roll 1 of 3).',
    'Plays: High: High lane +3; Lanes: Lane 5 +1, Lane 6 +2.',
  ]);
});

test('before the roll, and dice without a play', () => {
  const zero = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  assert.equal(describePosition(state(zero)).at(-1), 'The dice are not rolled yet.');
  const nothing = state(zero, { dice: [1, 2, 3, 4, 6], rolls: 3 });
  assert.deepEqual(describePosition(nothing).slice(-2), [
    'Dice: 1 2 3 4 6 (roll 3 of 3).',
    'The dice offer no play.',
  ]);
});
