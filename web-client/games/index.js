// Each game's player-facing words (rules page, option labels, hints, diagram captions) and
// diagram positions, one module per game; this module picks the language and fills templates.
// Adding a game adds one module and one line here.

import * as quadrature from './quadrature.js';
import * as quadwrangle from './quadwrangle.js';
import * as kvadrat from './kvadrat.js';
import * as kvadratura from './kvadratura.js';
import { TEXTS as COMMON } from './common.js';

const GAMES = { quadrature, quadwrangle, kvadrat, kvadratura };

export const GAME_IDS = Object.keys(GAMES);

// The language of the page when a catalogue has it, else English.
function language(catalogue) {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  return catalogue[lang] ? lang : 'en';
}

// Replaces {name} in `template` with params[name].
export function fill(template, params = {}) {
  return template.replace(/\{([a-z_]+)\}/gi, (whole, key) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
  );
}

// The words shared by all games.
export function commonTexts() {
  return COMMON[language(COMMON)];
}

export function isGame(id) {
  return Object.prototype.hasOwnProperty.call(GAMES, id);
}

// The words of game `id`, or null for a game without a module.
export function gameTexts(id) {
  if (!isGame(id)) return null;
  const texts = GAMES[id].TEXTS;
  return texts[language(texts)];
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
