// The frame every page shares (index.html, rules.html, profile.html): the static words of the
// markup, named by `data-i18n` (text) and `data-i18n-<attribute>` (an attribute's value), read
// from the catalogue, and the language switch in the header.

import { LANGUAGE_NAMES, language, switchLanguage, t } from '../i18n/index.js';
import { el } from './dom.js';
import { setBaseTitle } from './turn_counter.js';

// Fills the page's marked words and puts the language switch into the header (at the start of
// its `.top-menu` or `.top-status` where the page has one, else at its end). `title` is the catalogue key of the document's title.
export function fillPageFrame(title = 'app.title') {
  setBaseTitle(t(title));
  for (const node of document.querySelectorAll('[data-i18n]')) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const node of document.querySelectorAll('*')) {
    for (const name of Object.keys(node.dataset)) {
      const attribute = /^i18n([A-Z].*)$/.exec(name);
      if (!attribute) continue;
      const kebab = attribute[1].replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase());
      node.setAttribute(kebab, t(node.dataset[name]));
    }
  }
  const header = document.querySelector('header.top');
  if (header && !document.getElementById('language-select')) {
    const status = header.querySelector('.top-menu') || header.querySelector('.top-status');
    if (status) status.prepend(languageSwitch());
    else header.append(languageSwitch());
  }
}

// A small labelled select of the languages, each named in itself; choosing one reloads the page
// in it (the choice is remembered).
export function languageSwitch() {
  const select = el(
    'select',
    { id: 'language-select', class: 'language-select' },
    Object.entries(LANGUAGE_NAMES).map(([code, name]) =>
      el('option', { value: code, lang: code, selected: code === language }, name),
    ),
  );
  select.addEventListener('change', () => switchLanguage(select.value));
  return el(
    'span',
    { class: 'language-switch' },
    el('label', { for: 'language-select', class: 'sr-only' }, t('app.language')),
    select,
  );
}
