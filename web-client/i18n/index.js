// The client's language and its words. Every user-visible string lives in one catalogue per
// language (en.js, ru.js: the app's words; games/<game>.js holds each game's own words under the
// same language keys). The language is the player's choice (remembered), else the browser's
// first language we have, else English.

import en from './en.js';
import ru from './ru.js';

export const CATALOGUES = { en, ru };
// Each language named in itself, for the switch.
export const LANGUAGE_NAMES = { en: 'English', ru: 'Русский' };

const STORAGE_KEY = 'quadra.language';

function stored() {
  try {
    return globalThis.localStorage ? globalThis.localStorage.getItem(STORAGE_KEY) : null;
  } catch {
    return null; // storage blocked: the browser's language decides
  }
}

// The language the client speaks: a supported code.
export function chooseLanguage(choice = stored(), preferred = globalThis.navigator?.languages) {
  if (choice && CATALOGUES[choice]) return choice;
  for (const tag of preferred || []) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (CATALOGUES[base]) return base;
  }
  return 'en';
}

export const language = chooseLanguage();
if (typeof document !== 'undefined') document.documentElement.lang = language;

// Remembers `lang` and reloads the page in it.
export function switchLanguage(lang) {
  if (!CATALOGUES[lang] || lang === language) return;
  try {
    globalThis.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    return; // nowhere to remember it
  }
  globalThis.location.reload();
}

// Replaces {name} in `template` with params[name].
export function fill(template, params = {}) {
  return template.replace(/\{([a-z_]+)\}/gi, (whole, key) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
  );
}

function lookup(catalogue, key) {
  return key
    .split('.')
    .reduce(
      (node, part) => (node === null || node === undefined ? undefined : node[part]),
      catalogue,
    );
}

// The string at dotted `key` ("lobby.rated") in the client's language, filled with `params`;
// English when the language lacks it (the catalogue check in tests/browser keeps that from
// shipping), the key itself when no catalogue has it.
export function t(key, params) {
  const found = lookup(CATALOGUES[language], key) ?? lookup(en, key);
  return typeof found === 'string' ? fill(found, params) : key;
}
