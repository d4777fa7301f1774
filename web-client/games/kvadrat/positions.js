// Kvadrat's rules-page diagrams: positions in the shape the server sends (games/common/
// positions.js), each with the key of its caption in the game's words.

import { snapshot, cellsOf } from '../common/positions.js';

// Kvadrat with two players (Black south, Red north): squares owned by plurality.
export function kvadrat({ black, red, ...rest }) {
  const cells = cellsOf([black, red]);
  const squares = [];
  for (let j = 0; j < 5; ++j) {
    for (let i = 0; i < 5; ++i) {
      const counts = [0, 0];
      for (const [name, seat] of Object.entries(cells)) {
        const file = name.charCodeAt(0) - 97;
        const rank = Number(name.slice(1)) - 1;
        if (Math.floor(file / 3) === i && Math.floor(rank / 3) === j) counts[seat] += 1;
      }
      const owner = counts[0] > counts[1] ? 0 : counts[1] > counts[0] ? 1 : null;
      const empty = 9 - counts[0] - counts[1];
      const settled = empty === 0 || Math.abs(counts[0] - counts[1]) > empty;
      const name = String.fromCharCode(65 + i) + String(j + 1);
      squares.push({ counts, name, owner, settled });
    }
  }
  const board = {
    cells,
    edges: ['south', 'north'],
    files: 15,
    ranks: 15,
    pieces_left: [null, null],
    placed_first: [black.length > 0, red.length > 0],
    players: 2,
    squares,
  };
  return snapshot('kvadrat', board, { ...rest, seats: ['Black', 'Red'] });
}

export const DIAGRAMS = [
  {
    id: 'first-move',
    snapshot: kvadrat({ black: ['c5'], red: [], lastMove: 'c5', toMove: 1 }),
    path: ['c1', 'c2', 'c3', 'c4', 'c5'],
    record: ['c5'],
  },
  {
    id: 'later-before',
    snapshot: kvadrat({ black: ['c3'], red: ['h13'] }),
    path: ['c3', 'd3', 'e3', 'e4', 'e5', 'f5'],
    marks: ['c5'],
    record: ['c3', 'h13'],
  },
  {
    id: 'later-after',
    snapshot: kvadrat({ black: ['c3', 'f5'], red: ['h13'], lastMove: 'f5', toMove: 1 }),
    record: ['c3', 'h13', 'f5'],
  },
];
