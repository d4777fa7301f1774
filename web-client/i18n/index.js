// The client's language and its words. Every user-visible string lives in one catalogue per
// language (en.js, ru.js: the app's words, with the sections of account.js and moderation.js
// mounted in them; games/<game>/words.js holds each game's own words under the same language
// keys). The language is the player's choice (remembered), else the browser's
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

// Outside a browser (the DOM-free modules' unit tests under Node) the client speaks English, so
// that those tests do not depend on the machine's locale.
export const language = typeof document === 'undefined' ? 'en' : chooseLanguage();
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

// Replaces {name} in `template` with params[name]. A plural entry ({one, other}: the games' own
// counts) takes the form for params.n first.
export function fill(entry, params = {}) {
  const template = isPlural(entry)
    ? (entry[pluralRules.select(Number(params.n))] ?? entry.other)
    : entry;
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
// English when the language lacks it (tests/web-client/i18n/catalogue.test.js keeps that from
// shipping), the key itself when no catalogue has it.
export function t(key, params) {
  const found = lookup(CATALOGUES[language], key) ?? lookup(en, key);
  return typeof found === 'string' ? fill(found, params) : key;
}

// Whether the catalogues have a string or plural at `key` (e.g. an error code's words).
export function has(key) {
  const found = lookup(en, key);
  return typeof found === 'string' || isPlural(found);
}

// The plural categories a count can take, CLDR's names; an entry whose keys are all among them
// (and include `other`) is a plural.
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

export function isPlural(entry) {
  return (
    entry !== null &&
    typeof entry === 'object' &&
    !Array.isArray(entry) &&
    Object.prototype.hasOwnProperty.call(entry, 'other') &&
    Object.keys(entry).every((key) => PLURAL_CATEGORIES.includes(key))
  );
}

const pluralRules = new Intl.PluralRules(language);

// The form of plural `entry` ({one, few, many, other}) for count `n` in the client's language,
// filled with `params` and {n}. Used for the games' own words too (games/<game>/words.js).
export function plural(entry, n, params = {}) {
  return fill(entry, { ...params, n });
}

// The string at plural `key` for count `n` ("{n} minutes": tn('x', 5) → "5 minutes"),
// English when the language lacks it, the key itself when no catalogue has it.
export function tn(key, n, params = {}) {
  const own = lookup(CATALOGUES[language], key);
  const found = isPlural(own) ? own : lookup(en, key);
  if (!isPlural(found)) return key;
  // English forms follow English rules even on a page in another language.
  if (found !== own) {
    const form = found[new Intl.PluralRules('en').select(n)] ?? found.other;
    return fill(form, { n, ...params });
  }
  return plural(found, n, params);
}
