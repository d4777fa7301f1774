// The one registry of the client's games: each game's folder (games/<game>/index.js) exports one
// object with its parts, and this module looks them up by game id for the rest of the client —
// words (rules page, option labels, hints, captions; words.js under each language's code, read
// in the client's language), board, describer, move words, result words and diagrams. Adding a
// game adds its folder and one line here. A game's own modules never import this one.

import { quadrature } from './quadrature/index.js';
import { quadwrangle } from './quadwrangle/index.js';
import { kvadrat } from './kvadrat/index.js';
import { kvadratura } from './kvadratura/index.js';
import { fill, t } from '../i18n/index.js';
import { MOVE_WORDS } from './common/move_words.js';
import { turnLine } from './common/describe.js';
import { seatLabels as labelsOf, textsIn } from './common/texts.js';
import { resultInWords } from '../common/result_words.js';

const GAMES = { quadrature, quadwrangle, kvadrat, kvadratura };

export const GAME_IDS = Object.keys(GAMES);

export { fill };

export function isGame(id) {
  return Object.prototype.hasOwnProperty.call(GAMES, id);
}

// The parts of game `id` (games/<game>/index.js), or null for a game the client does not know.
function gameOf(id) {
  return isGame(id) ? GAMES[id] : null;
}

// The words of game `id`, or null for a game without a module.
export function gameTexts(id) {
  return isGame(id) ? textsIn(GAMES[id].texts) : null;
}

// The words of game `id` in `lang` (the catalogue tests compare languages), or null.
export function gameTextsIn(id, lang) {
  return isGame(id) ? GAMES[id].texts[lang] || null : null;
}

// Game `id`'s title in the client's language; `fallback` (the server's title, else the id) for a
// game without a module.
export function gameTitle(id, fallback = id) {
  const texts = gameTexts(id);
  return texts ? texts.title : fallback;
}

// Game `id`'s one-line summary for the lobby; `fallback` (the server's) without a module.
export function gameSummary(id, fallback = '') {
  const texts = gameTexts(id);
  return texts && texts.summary ? texts.summary : fallback;
}

// The name of seat `seat` of game `id` with `count` seats in the client's language, else
// `fallback` (the server's seat name).
export function seatName(id, seat, count, fallback) {
  const labels = isGame(id) ? labelsOf(GAMES[id].texts, count) : null;
  return (labels && labels[seat]) || fallback;
}

// Game `id`'s result (a snapshot's, a state's or a record's) in words, from its code and figures
// (common/result_words.js and the game's results.js); '' for none. `players`: the players' names
// by seat (who resigned, who left), null for an empty seat; `count`: the number of seats, which
// names them (Kvadrat's two or four colours), `players`' length unless given.
export function gameResultInWords(id, result, { players = [], count = players.length } = {}) {
  const game = gameOf(id);
  return resultInWords(result, {
    gameResults: game ? game.results : {},
    seatName: (seat) => seatName(id, seat, count, t('room.seat', { n: seat + 1 })),
    playerName: (seat) => players[seat] || null,
  });
}

// The diagrams of game `id` (positions, with caption keys into its texts).
export function gameDiagrams(id) {
  return isGame(id) ? GAMES[id].diagrams : [];
}

// The path of a game's rules page.
export function rulesPath(id) {
  return `/rules/${encodeURIComponent(id)}`;
}

// The label of option `name` of game `id`, else the name in plain words.
export function optionLabel(id, name) {
  const option = optionTexts(id, name);
  if (option && option.label) return option.label;
  return name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');
}

// A value of an option in words ("Two ranks of nine men"), else the raw value.
export function valueLabel(id, name, value) {
  const option = optionTexts(id, name);
  const key = String(value);
  if (option && option.values && Object.prototype.hasOwnProperty.call(option.values, key)) {
    return option.values[key];
  }
  if (option && option.number && /^-?\d+$/.test(key)) return fill(option.number, { n: key });
  return key.replaceAll('_', ' ');
}

// A room's options in words for the lobby and the room header, in the catalogue's order.
export function optionsInWords(id, options) {
  const texts = gameTexts(id);
  const order = Object.keys((texts && texts.options) || {});
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  return Object.entries(options || {})
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, value]) => valueLabel(id, name, value))
    .join(' · ');
}

function optionTexts(id, name) {
  const texts = gameTexts(id);
  return texts && texts.options ? texts.options[name] || null : null;
}

// The board module ({ createBoard }) drawing game `id`, or null for a game without a board.
//
// createBoard(host, { onMove }) -> { update(snapshot, { seat, offline, anySide }), destroy() };
// `offline`: the page has no connection, so nothing may be played; `anySide`: the analysis board,
// where the viewer moves for whichever seat is to move. Optional: setHistory(entries) hears the
// game's moves so far (room/move_history.js entries). `host` is an empty element the board
// fills; `snapshot` is the server's snapshot message as received; `seat` is the viewer's seat or
// null for a spectator. A board calls onMove(token) only when the seat it moves for is to move
// and only with a token listed in snapshot.state.legal.
export function boardFor(id) {
  const game = gameOf(id);
  return game ? { createBoard: game.createBoard } : null;
}

// The position as short lines of text for the screen-reader mode: whose turn or how it ended,
// then the game's own lines. `names` (optional) are the players' names by seat, added to the turn
// line. A game without a describer gets the turn line alone. No DOM.
export function describePosition(state, names = null) {
  const game = gameOf(state.game);
  return [turnLineOf(state, names), ...(game ? game.describe(state) : [])];
}

// The screen-reader mode's turn line ("Black (Ann) to move", or how the game ended, its result in
// the game's words) for `state`; `names` as for describePosition.
export function turnLineOf(state, names = null) {
  const game = gameOf(state.game);
  return turnLine(state, names, game ? game.results : {});
}

// `token` of game `id` played by `who` (a name), in words ("Ann rolled 3 6 6 2 5"). A token the
// game's notation does not know is shown as it is, so a new game or token is never hidden.
export function moveWords(id, token, who) {
  if (token === 'pass') return MOVE_WORDS.passed(who);
  const game = gameOf(id);
  const words = game ? game.moveWords(token, who) : null;
  return words || MOVE_WORDS.other(who, token);
}

// Game `id`'s words for its own legal requests in the screen-reader mode's list
// (state, token) -> words or null, or null for a game without them.
export function legalWordsOf(id) {
  const game = gameOf(id);
  return (game && game.legalWords) || null;
}
