// The analysis board's address, /analysis/<game>?p=<notation>: the position is the page's state,
// so a link to the address opens the same position. No DOM.

// The address of the board for game `game` at `position` (a notation, docs/rules.md §6), or at
// the game's start when `position` is empty.
export function analysisPath(game, position = '') {
  const path = `/analysis/${encodeURIComponent(game)}`;
  return position ? `${path}?p=${encodeURIComponent(position)}` : path;
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
