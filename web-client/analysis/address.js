// The analysis board's address, /analysis/<game>?p=<notation>: the position is the page's state,
// so a link to the address opens the same position. No DOM.

// The address of the board for game `game` at `position` (a notation, docs/rules.md §6), or at
// the game's start when `position` is empty; with `record` ({ id, ply }) the board loads the
// finished game `id`'s moves (GET /api/games/{id}) as its main line and shows the `ply`th.
export function analysisPath(game, position = '', record = null) {
  const path = `/analysis/${encodeURIComponent(game)}`;
  const query = [];
  if (position) query.push(`p=${encodeURIComponent(position)}`);
  if (record) query.push(`game=${encodeURIComponent(record.id)}`, `ply=${record.ply}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

// The finished game a query string names ({ id, ply }: `game` and `ply`), or null.
export function recordOfSearch(search) {
  const query = new URLSearchParams(search);
  const id = query.get('game');
  const ply = Number(query.get('ply'));
  if (!id || !Number.isInteger(ply) || ply < 0) return null;
  return { id, ply };
}

// The game id named by a pathname /analysis/<game> (lowercase letters), or null.
export function gameOfPath(pathname) {
  const match = /^\/analysis\/([a-z]+)$/.exec(pathname);
  return match ? match[1] : null;
}

// The notation in a query string's `p`, or '' without one.
export function positionOfSearch(search) {
  return new URLSearchParams(search).get('p') || '';
}
