// The screen-reader mode: off by default, switched by a header button (aria-pressed), remembered
// in localStorage. The room and the replay add their reader panels (reader_panel.js) while on.

import { t } from '../i18n/index.js';

const STORAGE_KEY = 'quadra.screenReader';
const listeners = new Set();

export function readerModeOn() {
  try {
    return globalThis.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

let current = readerModeOn();

// Switches the mode and tells every panel on screen.
export function setReaderMode(on) {
  try {
    if (on) globalThis.localStorage.setItem(STORAGE_KEY, 'on');
    else globalThis.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the mode lasts until the page is left
  }
  current = on;
  for (const listener of [...listeners]) listener(on);
}

// Whether the mode is on now.
export function readerMode() {
  return current;
}

// Calls `listener(on)` on every switch; returns the function that stops it.
export function onReaderMode(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The header button: its words, state and click.
export function setupReaderToggle(button) {
  const show = () => button.setAttribute('aria-pressed', String(current));
  button.textContent = t('screenReader.toggle');
  button.title = t('screenReader.toggleHint');
  button.addEventListener('click', () => setReaderMode(!current));
  onReaderMode(show);
  show();
}
