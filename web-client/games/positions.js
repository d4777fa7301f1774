// Snapshots for the rules pages' diagrams, in the shape the server sends (a room's snapshot with
// the rules' describe() as state.board), built from short position lists so that each game
// module states its positions plainly. Nobody is seated and nothing is legal: a diagram is looked
// at, never played.

function snapshot(game, board, { toMove = 0, lastMove = null, over = null, seats }) {
  return {
    type: 'snapshot',
    room: 'RULES',
    version: 0,
    status: over ? 'finished' : 'playing',
    seats: seats.map(() => null),
    spectators: 0,
    last_move: lastMove,
    forced_passes: 0,
    state: {
      game,
      board,
      legal: [],
      options: {},
      ply: 0,
      result: over,
      scores: [],
      seats,
      status: over ? 'finished' : 'ongoing',
      to_move: over ? -1 : toMove,
    },
  };
}

function cellsOf(lists) {
  const cells = {};
  lists.forEach((list, seat) => {
    for (const name of list) cells[name] = seat;
  });
  return cells;
}

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
