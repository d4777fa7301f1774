// Quadrature's rules-page diagrams: positions in the shape the server sends (games/common/
// positions.js), each with the key of its caption in the game's words.

import { snapshot, cellsOf } from '../common/positions.js';

// Quadrature: `black` and `white` lists of cells; `exchanged` cells ringed as just exchanged.
export function quadrature({ black, white, markers = [0, 0], exchanged = [], ...rest }) {
  const board = {
    cells: cellsOf([black, white]),
    exchanged,
    files: 11,
    ranks: 11,
    goals: [
      ['e11', 'f11', 'g11'],
      ['e1', 'f1', 'g1'],
    ],
    markers,
    men: [black.length, white.length],
  };
  return snapshot('quadrature', board, { ...rest, seats: ['Black', 'White'] });
}

export const DIAGRAMS = [
  {
    id: 'exchange-before',
    snapshot: quadrature({ black: ['e10', 'b8', 'd7'], white: ['b10', 'a11', 'j11', 'k11'] }),
    step: 'd7-e8',
  },
  {
    id: 'exchange-after',
    snapshot: quadrature({
      black: ['e10', 'b8', 'e8', 'b10'],
      white: ['a11', 'j11', 'k11'],
      exchanged: ['b10'],
      lastMove: 'd7-e8',
      toMove: 1,
    }),
  },
  {
    id: 'suicide',
    snapshot: quadrature({ black: ['c6', 'e7', 'e5'], white: ['a9', 'a7', 'c9', 'c5', 'k11'] }),
    marks: ['a7', 'a9', 'c9', 'c7'],
  },
  {
    id: 'goal',
    snapshot: quadrature({
      black: ['e11', 'f11', 'g11', 'c3', 'd3'],
      white: ['e1', 'f1', 'a9', 'b9'],
      lastMove: 'f10-g11',
      over: {
        winners: [0],
        draw: false,
        code: 'goal',
        figures: { seat: 0 },
        reason: 'Black filled its goal e11 f11 g11',
      },
    }),
  },
];
