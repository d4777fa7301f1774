// Kvadratura's position in words (rules/kvadratura.hpp describe()): the board size and mode,
// each side's checkers, and every square of one colour.

import { t } from '../../i18n/index.js';
import { cellsBySeat, piecesLine, scoresLine, seatName } from '../common/describe.js';

export function describe(state) {
  const board = state.board;
  const fill = board.mode === 'fill';
  const lines = [
    t(fill ? 'screenReader.kvadratura.boardFill' : 'screenReader.kvadratura.boardLoses', {
      size: board.files,
    }),
  ];
  cellsBySeat(board.cells, 2).forEach((cells, seat) => {
    lines.push(piecesLine('screenReader.kvadratura.checkers', state, seat, cells));
  });
  const squares = board.squares || [];
  [0, 1].forEach((seat) => {
    const own = squares.filter((square) => square.seat === seat);
    if (!own.length) return;
    lines.push(
      t('screenReader.kvadratura.squares', {
        seat: seatName(state, seat),
        n: own.length,
        squares: own.map((square) => square.cells.join(' ')).join('; '),
      }),
    );
  });
  if (fill && scoresLine(state)) lines.push(scoresLine(state));
  return lines;
}
