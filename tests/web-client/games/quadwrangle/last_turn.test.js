// web-client/games/quadwrangle/last_turn.js: the last finished Quadwrangle turn, its dice and its play, kept until
// the next roll.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lastTurnOf } from '../../../../web-client/games/quadwrangle/last_turn.js';

const entries = (tokens, seats) =>
  tokens.map((token, i) => ({ ply: i + 1, seat: seats[i], token }));

test('a play ends the turn: its final dice and the play are the last turn', () => {
  const moves = entries(
    ['roll=12345', 'reroll 1 2=33345', 'reroll 5=33351', 'play lanes'],
    [0, 0, 0, 0],
  );
  assert.deepEqual(lastTurnOf(moves), { seat: 0, dice: [3, 3, 3, 5, 1], play: 'lanes', ply: 4 });
});

test("the next player's roll replaces it; their play makes theirs the last", () => {
  const tokens = ['roll=66655', 'play high', 'roll=33516'];
  assert.equal(lastTurnOf(entries(tokens, [0, 0, 1])), null);
  assert.deepEqual(lastTurnOf(entries([...tokens, 'play high'], [0, 0, 1, 1])), {
    seat: 1,
    dice: [3, 3, 5, 1, 6],
    play: 'high',
    ply: 4,
  });
});

test('a pass after three rolls keeps the dice it could not play', () => {
  const tokens = [
    'roll=66655',
    'play high',
    'roll=12346',
    'reroll 5=12346',
    'reroll 5=12346',
    'pass',
  ];
  assert.deepEqual(lastTurnOf(entries(tokens, [0, 0, 1, 1, 1, 1])), {
    seat: 1,
    dice: [1, 2, 3, 4, 6],
    play: null,
    ply: 6,
  });
});

test('nothing before the first turn ends', () => {
  assert.equal(lastTurnOf([]), null);
  assert.equal(lastTurnOf(null), null);
  assert.equal(lastTurnOf(entries(['roll=12345'], [0])), null);
});
