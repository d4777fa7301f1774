// The men a Quadrature move exchanged (docs/rules.md §1 "Squaring and exchange"), so the board can
// mark them after the move, live and in a replay: on each exchanged cell an enemy man left the
// board and one of the mover's took its place. The server's view lists the cells (`exchanged`);
// a view without that list is compared with the position before the move.

const STEP = /^([a-k][0-9]+)-([a-k][0-9]+)$/;

function owner(view, name) {
  const cells = (view && view.cells) || {};
  return Object.prototype.hasOwnProperty.call(cells, name) ? cells[name] : -1;
}

// What the last move exchanged on describe() board `view`: the server's `exchanged` list, else
// (a view without it) the cells where `lastMove`'s mover ("d7-e8") replaced an enemy man since
// `before`, the view before the move. Returns null when nothing was exchanged (or it cannot be
// known), else { cells: [sorted], mover, loser }: the mover's men now stand on `cells`, where
// the loser's men stood.
export function exchangeOfMove(view, lastMove, before = null) {
  if (!view || !view.cells) return null;
  let cells;
  let mover;
  if (Array.isArray(view.exchanged)) {
    cells = [...view.exchanged];
    mover = cells.length ? owner(view, cells[0]) : -1;
  } else {
    const step = STEP.exec(lastMove || '');
    if (!step || !before) return null;
    mover = owner(view, step[2]);
    cells = Object.keys(view.cells).filter(
      (name) => owner(view, name) === mover && owner(before, name) === 1 - mover,
    );
  }
  if (mover < 0) return null;
  cells = cells.filter((name) => owner(view, name) === mover).sort();
  return cells.length ? { cells, mover, loser: 1 - mover } : null;
}
