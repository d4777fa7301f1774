// Small DOM helpers. User text (names, chat, room codes) only ever goes through textContent.

import { gameTitle, optionsInWords, rulesPath } from '../games/index.js';
import { t } from '../i18n/index.js';

// An element with attributes and children; strings become text nodes.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

// A short-lived message in the polite live region at the bottom of the page.
export function toast(text, kind = 'info') {
  const host = document.getElementById('toasts');
  if (!host) return;
  const item = el(
    'div',
    { class: `toast toast--${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    text,
  );
  host.append(item);
  setTimeout(() => item.remove(), 5000);
}

// A game's options in words, e.g. "4 × 4 board · Fill the board: fewer squares wins", from the
// game's words (games/<game>/words.js); a value it does not name is shown as it is.
export function describeOptions(options, game) {
  return optionsInWords(game, options);
}

// A link to game `game`'s rules page, opened in a new tab so that a room or a half-filled form
// stays as it is. `text` defaults to "How to play <title>".
export function rulesLink(game, attrs = {}, text = null) {
  const words = text || t('rules.rulesLink', { title: gameTitle(game) });
  return el(
    'a',
    {
      href: rulesPath(game),
      target: '_blank',
      rel: 'noopener',
      'aria-label': `${words} ${t('rules.rulesOpensNewTab')}`,
      ...attrs,
    },
    words,
  );
}
