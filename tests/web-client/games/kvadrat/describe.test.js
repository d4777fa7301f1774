// web-client/games/kvadrat/describe.js: a Kvadrat position (rules/kvadrat.hpp describe()) in lines.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describePosition } from '../../../../web-client/games/index.js';

// The 25 squares A1 … E5, neutral and open unless `given` says otherwise.
function squares(players, given = {}) {
  const list = [];
  for (let j = 1; j <= 5; ++j) {
    for (const letter of 'ABCDE') {
      const name = `${letter}${j}`;
      list.push({
        name,
        counts: Array(players).fill(0),
        owner: null,
        settled: false,
        ...given[name],
      });
    }
  }
  return list;
}

test('four players after a round (as `quadra rules` gives it): pieces, squares, pieces left', () => {
  const state = {
    game: 'kvadrat',
    seats: ['Black', 'White', 'Red', 'Blue'],
    status: 'ongoing',
    result: null,
    to_move: 1,
    legal: ['a10', 'a12', 'a2'],
    scores: [2, 1, 1, 1],
    board: {
      cells: { a7: 1, c2: 0, c5: 0, h11: 2, o9: 3 },
      edges: ['south', 'west', 'north', 'east'],
      files: 15,
      ranks: 15,
      pieces_left: [28, 29, 29, 29],
      placed_first: [true, true, true, true],
      players: 4,
      squares: squares(4, {
        A1: { owner: 0 },
        A2: { owner: 0 },
        A3: { owner: 1 },
        E3: { owner: 3 },
        C4: { owner: 2 },
      }),
    },
  };
  assert.deepEqual(describePosition(state, ['Ann', 'Bob', null, 'Dee']), [
    'White (Bob) to move.',
    'Black pieces (2): c2, c5.',
    'White pieces (1): a7.',
    'Red pieces (1): h11.',
    'Blue pieces (1): o9.',
    'Squares held by Black (2): A1, A2.',
    'Squares held by White (1): A3.',
    'Squares held by Red (1): C4.',
    'Squares held by Blue (1): E3.',
    'Settled squares: 0 of 25.',
    'Pieces left: Black 28, White 29, Red 29, Blue 29.',
    'Scores: Black 2, White 1, Red 1, Blue 1.',
  ]);
});

test('a player without a piece is told where the first one starts; settled squares named', () => {
  const state = {
    game: 'kvadrat',
    seats: ['Black', 'Red'],
    status: 'ongoing',
    result: null,
    to_move: 1,
    legal: [],
    scores: [1, 0],
    board: {
      cells: { a1: 0, b1: 0, c1: 0, a2: 0, b2: 0 },
      edges: ['south', 'north'],
      files: 15,
      ranks: 15,
      pieces_left: [null, null],
      placed_first: [true, false],
      players: 2,
      squares: squares(2, { A1: { owner: 0, settled: true } }),
    },
  };
  assert.deepEqual(describePosition(state), [
    'Red to move.',
    'Black pieces (5): a1 to c1, a2, b2.',
    'Red has no piece yet and starts from the top edge (rank 15).',
    'Squares held by Black (1): A1 settled.',
    'Settled squares: 1 of 25.',
    'Scores: Black 1, Red 0.',
  ]);
});
