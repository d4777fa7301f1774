// Kvadrat's position in words (rules/kvadrat.hpp describe()): each player's pieces, where a player
// without one starts from, the squares each holds (settled or not), pieces left and the score.

import { t } from '../../i18n/index.js';
import { cellsBySeat, piecesLine, scoresLine, seatName } from '../common/describe.js';

export function describe(state) {
  const board = state.board;
  const players = board.players || state.seats.length;
  const lines = [];
  cellsBySeat(board.cells, players).forEach((cells, seat) => {
    if (!cells.length && board.placed_first && !board.placed_first[seat]) {
      const edge = t(`screenReader.kvadrat.edges.${board.edges[seat]}`);
      lines.push(t('screenReader.kvadrat.noPiece', { seat: seatName(state, seat), edge }));
      return;
    }
    lines.push(piecesLine('screenReader.kvadrat.pieces', state, seat, cells));
  });
  const squares = board.squares || [];
  for (let seat = 0; seat < players; ++seat) {
    const own = squares.filter((square) => square.owner === seat);
    if (!own.length) continue;
    const names = own.map((square) =>
      square.settled ? t('screenReader.kvadrat.settled', { square: square.name }) : square.name,
    );
    lines.push(
      t('screenReader.kvadrat.holds', {
        seat: seatName(state, seat),
        n: own.length,
        squares: names.join(', '),
      }),
    );
  }
  const settled = squares.filter((square) => square.settled).length;
  lines.push(t('screenReader.kvadrat.settledCount', { n: settled, of: squares.length }));
  const left = board.pieces_left || [];
  if (left.some((n) => n !== null && n !== undefined)) {
    const parts = left.map((n, seat) =>
      t('screenReader.seatValue', { seat: seatName(state, seat), value: n }),
    );
    lines.push(t('screenReader.kvadrat.piecesLeft', { left: parts.join(', ') }));
  }
  const scores = scoresLine(state);
  if (scores) lines.push(scores);
  return lines;
}
