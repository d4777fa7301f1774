// Quadrature's position in words (rules/quadrature.hpp describe()): each side's men, the goals,
// both markers and what the last move exchanged.

import { t } from '../../i18n/index.js';
import { cellList, cellsBySeat, piecesLine, seatName } from '../common/describe.js';

export function describe(state) {
  const board = state.board;
  const lines = [];
  cellsBySeat(board.cells, 2).forEach((cells, seat) => {
    lines.push(piecesLine('screenReader.quadrature.men', state, seat, cells));
  });
  (board.goals || []).forEach((goal, seat) => {
    const held = goal.filter((name) => board.cells[name] === seat).length;
    lines.push(
      t('screenReader.quadrature.goal', {
        seat: seatName(state, seat),
        cells: goal.join(', '),
        held,
        of: goal.length,
      }),
    );
  });
  const markers = (board.markers || []).map((value, seat) =>
    t('screenReader.seatValue', {
      seat: seatName(state, seat),
      value: t(`screenReader.quadrature.marker${value}`),
    }),
  );
  if (markers.length) {
    lines.push(t('screenReader.quadrature.markers', { markers: markers.join(', ') }));
  }
  if (board.exchanged && board.exchanged.length) {
    lines.push(t('screenReader.quadrature.exchanged', { cells: cellList(board.exchanged) }));
  }
  return lines;
}
