// Kvadratura's rules-page diagrams: positions in the shape the server sends (games/common/
// positions.js), each with the key of its caption in the game's words.

import { snapshot, cellsOf } from '../common/positions.js';

// Kvadratura on a `size` board: `white` and `black` cells; `squares` = [{cells, seat}].
export function kvadratura({
  size,
  white,
  black,
  squares = [],
  mode = 'first_square_loses',
  ...rest
}) {
  const board = { cells: cellsOf([white, black]), files: size, ranks: size, mode, squares };
  return snapshot('kvadratura', board, { ...rest, seats: ['White', 'Black'] });
}

export const DIAGRAMS = [
  {
    id: 'tilted-before',
    snapshot: kvadratura({ size: 4, white: ['a2', 'b1', 'c2'], black: ['d4', 'd1', 'a4'] }),
    marks: ['b3'],
    record: { options: { size: 4 }, moves: ['a2', 'd4', 'b1', 'd1', 'c2', 'a4'] },
  },
  {
    id: 'tilted-after',
    snapshot: kvadratura({
      size: 4,
      white: ['a2', 'b1', 'c2', 'b3'],
      black: ['d4', 'd1', 'a4'],
      squares: [{ cells: ['b1', 'c2', 'b3', 'a2'], seat: 0 }],
      lastMove: 'b3',
      over: {
        winners: [1],
        draw: false,
        code: 'completed',
        figures: { seat: 0, squares: 1 },
        reason: 'White completed a square',
      },
    }),
    record: { options: { size: 4 }, moves: ['a2', 'd4', 'b1', 'd1', 'c2', 'a4', 'b3'] },
  },
  {
    id: 'mixed',
    snapshot: kvadratura({ size: 4, white: ['a1', 'b1', 'a2'], black: ['b2', 'd4'], toMove: 1 }),
    marks: ['a1', 'b1', 'a2', 'b2'],
    record: { options: { size: 4 }, moves: ['a1', 'b2', 'b1', 'd4', 'a2'] },
  },
];
