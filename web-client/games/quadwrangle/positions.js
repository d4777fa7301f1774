// Quadwrangle's rules-page diagrams: positions in the shape the server sends (games/common/
// positions.js), each with the key of its caption in the game's words.

import { snapshot } from '../common/positions.js';

// Quadwrangle: lane positions in lane order (1 … 6, run, high, low), the dice and their plays.
export function quadwrangle({ positions, dice = null, rolls = 0, plays = [], ...rest }) {
  const names = ['1', '2', '3', '4', '5', '6', 'run', 'high', 'low'];
  const board = {
    dice,
    half_length: 4,
    lanes: names.map((name, i) => ({ name, position: positions[i] })),
    plays,
    rolls,
    target: 3,
  };
  return snapshot('quadwrangle', board, { ...rest, seats: ['Player 1', 'Player 2'] });
}

// The plays docs/rules.md lists for the roll 6-6-6-5-5 (the order of the server's describe()).
const PLAYS_66655 = [
  { moves: [{ lane: 'high', steps: 3, to: -3 }], token: 'play high' },
  {
    moves: [
      { lane: '5', steps: 1, to: -1 },
      { lane: '6', steps: 2, to: -2 },
    ],
    token: 'play lanes',
  },
];

export const DIAGRAMS = [
  {
    id: 'roll',
    snapshot: quadwrangle({
      positions: [0, 0, 0, 0, 0, 0, 0, 0, 0],
      dice: [6, 6, 6, 5, 5],
      rolls: 1,
      plays: PLAYS_66655,
    }),
    plan: 'play lanes',
    record: ['roll=66655'],
  },
  {
    id: 'lanes-after',
    snapshot: quadwrangle({ positions: [0, 0, 0, 0, -1, -2, 0, 0, 0], toMove: 1 }),
    record: ['roll=66655', 'play lanes'],
  },
  {
    id: 'high-after',
    snapshot: quadwrangle({ positions: [0, 0, 0, 0, 0, 0, 0, -3, 0], toMove: 1 }),
    record: ['roll=66655', 'play high'],
  },
];
