// web-client/i18n/: every language has every word English has (same keys, recursively; same
// {placeholders}; every plural form its language needs), for the app's catalogues and for each
// game's own TEXTS, and the client's language is the stored choice, else the browser's, else
// English.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import en from '../../../web-client/i18n/en.js';
import ru from '../../../web-client/i18n/ru.js';
import {
  CATALOGUES,
  LANGUAGE_NAMES,
  chooseLanguage,
  fill,
  isPlural,
  t,
  tn,
} from '../../../web-client/i18n/index.js';
import { GAME_IDS, gameTextsIn } from '../../../web-client/games/index.js';

const LANGUAGES = Object.keys(CATALOGUES).filter((lang) => lang !== 'en');

function placeholders(text) {
  return [...new Set([...text.matchAll(/\{([a-z_]+)\}/gi)].map((m) => m[1]))].sort();
}

// Compares `other` (language `lang`) with the English `base` at `path`; returns the problems.
function compare(base, other, lang, path = '') {
  const problems = [];
  const where = path || '(root)';
  if (isPlural(base)) {
    if (!isPlural(other)) return [`${where}: not a plural in ${lang}`];
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const category of needed) {
      if (typeof other[category] !== 'string' || !other[category].trim()) {
        problems.push(`${where}: no "${category}" form in ${lang}`);
      }
    }
    for (const category of new Intl.PluralRules('en').resolvedOptions().pluralCategories) {
      if (typeof base[category] !== 'string') problems.push(`${where}: no "${category}" in en`);
    }
    const expected = placeholders(base.other);
    for (const [category, form] of [...Object.entries(base), ...Object.entries(other)]) {
      if (JSON.stringify(placeholders(form)) !== JSON.stringify(expected)) {
        problems.push(`${where}.${category}: placeholders ${placeholders(form)} ≠ ${expected}`);
      }
    }
    return problems;
  }
  if (typeof base === 'string') {
    if (typeof other !== 'string' || !other.trim()) return [`${where}: no text in ${lang}`];
    if (!base.trim()) return [`${where}: empty in en`];
    const a = placeholders(base);
    const b = placeholders(other);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      problems.push(`${where}: placeholders {${a}} in en, {${b}} in ${lang}`);
    }
    return problems;
  }
  if (Array.isArray(base)) {
    if (!Array.isArray(other) || other.length !== base.length) {
      return [`${where}: ${base.length} items in en, not in ${lang}`];
    }
    return base.flatMap((item, i) => compare(item, other[i], lang, `${path}[${i}]`));
  }
  if (base && typeof base === 'object') {
    if (!other || typeof other !== 'object' || Array.isArray(other)) {
      return [`${where}: a section in en, not in ${lang}`];
    }
    const keys = new Set([...Object.keys(base), ...Object.keys(other)]);
    for (const key of keys) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in base)) problems.push(`${at}: only in ${lang}`);
      else if (!(key in other)) problems.push(`${at}: missing in ${lang}`);
      // A section's diagrams are ids into the game's DIAGRAMS, the same in every language.
      else if (key === 'diagrams') assert.deepEqual(other[key], base[key], at);
      else problems.push(...compare(base[key], other[key], lang, at));
    }
    return problems;
  }
  return [`${where}: ${typeof base} is not a word`];
}

test('the app has a catalogue per language with a name for the switch', () => {
  assert.deepEqual(Object.keys(CATALOGUES).sort(), ['en', 'ru']);
  assert.equal(CATALOGUES.ru, ru);
  for (const lang of Object.keys(CATALOGUES)) assert.ok(LANGUAGE_NAMES[lang], lang);
  assert.ok(Object.keys(en).length > 10, 'en has its words');
});

test('every language has exactly English’s keys, with text and the same placeholders', () => {
  for (const lang of LANGUAGES) {
    assert.deepEqual(compare(en, CATALOGUES[lang], lang), [], lang);
  }
});

test('every game has its words in every language, alike to its English ones', () => {
  for (const id of GAME_IDS) {
    const base = gameTextsIn(id, 'en');
    assert.ok(base, id);
    for (const lang of LANGUAGES) {
      const other = gameTextsIn(id, lang);
      assert.ok(other, `${id} has no ${lang}`);
      assert.deepEqual(compare(base, other, lang, id), [], `${id} ${lang}`);
    }
  }
});

test('the comparison finds what a translation lacks', () => {
  const base = { a: 'x {n}', b: { c: 'y' }, p: { one: '{n} day', other: '{n} days' } };
  assert.deepEqual(
    compare(base, { a: 'x', b: {}, p: { one: '{n} день', other: '{n} дня' } }, 'ru'),
    [
      'a: placeholders {n} in en, {} in ru',
      'b.c: missing in ru',
      'p: no "few" form in ru',
      'p: no "many" form in ru',
    ],
  );
  assert.deepEqual(compare({ a: 'x' }, { a: 'x', z: 'y' }, 'ru'), ['z: only in ru']);
});

test('Russian plurals pick the form Intl.PluralRules names', () => {
  const rules = new Intl.PluralRules('ru');
  const form = (n) => ru.room.spectators[rules.select(n)].replace('{n}', n);
  assert.deepEqual([1, 2, 5, 11, 21, 24].map(form), [
    '1 зритель',
    '2 зрителя',
    '5 зрителей',
    '11 зрителей',
    '21 зритель',
    '24 зрителя',
  ]);
});

test('t and tn read English under Node, fill keeps unknown places', () => {
  assert.equal(t('room.shareLink', { link: 'x' }), 'Share this link: x');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(tn('room.spectators', 1), '1 spectator');
  assert.equal(tn('room.spectators', 3), '3 spectators');
  assert.equal(
    tn('errors.too_many_attempts', 2),
    'Too many failed sign-ins. Try again in 2 minutes.',
  );
  assert.equal(fill({ one: '{n} man', other: '{n} men' }, { n: 1 }), '1 man');
  assert.equal(fill('{n} pieces {x}', { n: 30 }), '30 pieces {x}');
});

test('the language is the stored choice, else the browser’s first we have, else English', () => {
  assert.equal(chooseLanguage(null, ['ru-RU', 'en']), 'ru');
  assert.equal(chooseLanguage(null, ['de']), 'en');
  assert.equal(chooseLanguage(null, ['de-DE', 'RU']), 'ru');
  assert.equal(chooseLanguage(null, []), 'en');
  assert.equal(chooseLanguage(null, undefined), 'en');
  assert.equal(chooseLanguage('en', ['ru-RU']), 'en');
  assert.equal(chooseLanguage('ru', ['en-US']), 'ru');
  assert.equal(chooseLanguage('xx', ['ru']), 'ru');
});
