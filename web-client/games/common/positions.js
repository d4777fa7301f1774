// Snapshots for the rules pages' diagrams, in the shape the server sends (a room's snapshot with
// the rules' describe() as state.board), built from short position lists so that each game
// module states its positions plainly. Nobody is seated and nothing is legal: a diagram is looked
// at, never played.

export function snapshot(game, board, { toMove = 0, lastMove = null, over = null, seats }) {
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

export function cellsOf(lists) {
  const cells = {};
  lists.forEach((list, seat) => {
    for (const name of list) cells[name] = seat;
  });
  return cells;
}
