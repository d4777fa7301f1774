// Why a Kvadrat cell can or cannot take the next piece (docs/rules.md §3), for in-game hints and
// the rules page: a path of five steps (or one to five with the `at_most` option) over distinct
// empty cells, from the own edge on a first move, else from beside one of the mover's pieces.
// The server's legal list stays the authority; this only finds a path to show or a reason.

const SIZE = 15;

function parse(name) {
  const m = /^([a-o])([1-9][0-9]?)$/.exec(name || '');
  if (!m) return null;
  const rank = Number(m[2]) - 1;
  return rank < SIZE ? { file: m[1].charCodeAt(0) - 97, rank } : null;
}

function nameOf(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

function neighbours(name) {
  const { file, rank } = parse(name);
  return [
    [file, rank + 1],
    [file + 1, rank],
    [file, rank - 1],
    [file - 1, rank],
  ]
    .filter(([f, r]) => f >= 0 && f < SIZE && r >= 0 && r < SIZE)
    .map(([f, r]) => nameOf(f, r));
}

// Whether `name` lies on `edge` ("south": rank 1, "north": rank 15, "west": file a, "east": o).
export function onEdge(name, edge) {
  const { file, rank } = parse(name);
  return { south: rank === 0, north: rank === SIZE - 1, west: file === 0, east: file === SIZE - 1 }[
    edge
  ];
}

// Rows between `name` and `edge`, counting the edge row as 1.
function rowsFromEdge(name, edge) {
  const { file, rank } = parse(name);
  return { south: rank, north: SIZE - 1 - rank, west: file, east: SIZE - 1 - file }[edge] + 1;
}

// Explains a placement of `seat` on `target` in a describe() board `view` (cells, edges,
// placed_first, pieces_left), with `path` = "exact" (default) or "at_most".
// Returns { path: [from?, p1, ..., target] } where `from` is the own piece the path starts beside
// (absent on a first move), or { reason } with reason one of: "occupied", "no_pieces",
// "first_far" (a first move beyond five rows of the own edge), "no_path".
export function explainPlacement(view, seat, target, path = 'exact') {
  if (!parse(target)) return { reason: 'no_path' };
  const cells = view.cells || {};
  const occupied = (name) => Object.prototype.hasOwnProperty.call(cells, name);
  if (occupied(target)) return { reason: 'occupied' };
  const left = view.pieces_left ? view.pieces_left[seat] : null;
  if (left === 0) return { reason: 'no_pieces' };
  const first = !view.placed_first[seat];
  const edge = view.edges[seat];
  if (first && rowsFromEdge(target, edge) > 5) return { reason: 'first_far' };
  const lengths = path === 'at_most' ? [1, 2, 3, 4, 5] : [5];
  // A path is grown backwards from the target, so the search stays within five steps of it.
  const startsHere = (p1) =>
    first ? (onEdge(p1, edge) ? [] : null) : ownPieceBeside(p1, cells, seat);
  for (const length of lengths) {
    const found = search([target], length, occupied, startsHere);
    if (found) return { path: found };
  }
  return { reason: 'no_path' };
}

// The first own piece next to `p1` (as a one-cell prefix), or null.
function ownPieceBeside(p1, cells, seat) {
  const from = neighbours(p1).find((n) => cells[n] === seat);
  return from ? [from] : null;
}

// Depth-first over simple paths of empty cells; `reversed` holds target … current, newest last.
function search(reversed, length, occupied, startsHere) {
  if (reversed.length === length) {
    const prefix = startsHere(reversed[reversed.length - 1]);
    return prefix ? [...prefix, ...[...reversed].reverse()] : null;
  }
  for (const next of neighbours(reversed[reversed.length - 1])) {
    if (occupied(next) || reversed.includes(next)) continue;
    const found = search([...reversed, next], length, occupied, startsHere);
    if (found) return found;
  }
  return null;
}
