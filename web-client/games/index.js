// Each game's player-facing words (rules page, option labels, hints, diagram captions) and
// diagram positions, one module per game, under each language's code (`TEXTS.en`, `TEXTS.ru`);
// this module reads them in the client's language (i18n/index.js). Adding a game adds one module
// and one line here.

import * as quadrature from './quadrature.js';
import * as quadwrangle from './quadwrangle.js';
import * as kvadrat from './kvadrat.js';
import * as kvadratura from './kvadratura.js';
import { fill, language } from '../i18n/index.js';

const GAMES = { quadrature, quadwrangle, kvadrat, kvadratura };

export const GAME_IDS = Object.keys(GAMES);

export { fill };

export function isGame(id) {
  return Object.prototype.hasOwnProperty.call(GAMES, id);
}

// The words of game `id`, or null for a game without a module.
export function gameTexts(id) {
  if (!isGame(id)) return null;
  const texts = GAMES[id].TEXTS;
  return texts[language] || texts.en;
}

// The words of game `id` in `lang` (the catalogue tests compare languages), or null.
export function gameTextsIn(id, lang) {
  return isGame(id) ? GAMES[id].TEXTS[lang] || null : null;
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

// The names of a game's `count` seats in the client's language ("Black", "Red"), or null for a
// game without a module.
function seatLabels(id, count, lang = language) {
  const texts = gameTextsIn(id, lang) || gameTextsIn(id, 'en');
  if (!texts || !texts.board) return null;
  const board = texts.board;
  return board[`seats${count}`] || board.seats || null;
}

// The name of seat `seat` of game `id` with `count` seats in the client's language, else
// `fallback` (the server's seat name).
export function seatName(id, seat, count, fallback) {
  const labels = seatLabels(id, count);
  return (labels && labels[seat]) || fallback;
}

// A seat name the server wrote in English ("Black", "Player 1") in the client's language, for
// the reasons of results; `name` itself when the game has no such seat.
export function translateSeatName(id, name) {
  for (const count of [2, 4]) {
    const english = seatLabels(id, count, 'en');
    const index = english ? english.indexOf(name) : -1;
    if (index >= 0) return seatLabels(id, count)[index];
  }
  return name;
}

// The diagrams of game `id` (positions, with caption keys into its texts).
export function gameDiagrams(id) {
  return isGame(id) ? GAMES[id].DIAGRAMS : [];
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
