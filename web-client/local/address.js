// The address of a game against the computer, /play/<game>?p=<notation>&level=<level>&seat=<n>:
// the starting position (docs/rules.md §6, with its options), the computer's level and the
// player's seat. No DOM.

// The computer's levels (bots/level.hpp), weakest first.
export const LEVELS = ['easy', 'medium', 'hard', 'expert'];

// The page's address for game `game` from notation `position` at `level`, the player in `seat`.
export function playPath(game, { position, level, seat }) {
  const query = new URLSearchParams({ p: position, level, seat: String(seat) });
  return `/play/${encodeURIComponent(game)}?${query}`;
}

// What a pathname and query string ask for: { game, position, level, seat }, or null when the
// pathname is no /play/<game>. A missing or unknown level is the weakest; a missing seat the first.
export function readPlayAddress(pathname, search) {
  const match = /^\/play\/([a-z]+)$/.exec(pathname);
  if (!match) return null;
  const query = new URLSearchParams(search);
  const level = LEVELS.includes(query.get('level')) ? query.get('level') : LEVELS[0];
  const seat = /^[0-9]$/.test(query.get('seat') || '') ? Number(query.get('seat')) : 0;
  return { game: match[1], position: query.get('p') || '', level, seat };
}
