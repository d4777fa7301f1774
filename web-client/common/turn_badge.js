// The header's "Your turn: 3": a link to the lobby's "your games" (#your-games), shown while
// some of the account's games wait for its move (common/turn_counter.js). Its accessible name
// starts with its visible words. A rise of the count is said in `announcer` (a polite live
// region); a fall or the page's first count is not, so a screen reader hears only news.

import { t, tn } from '../i18n/index.js';

// Wires `link` and `announcer` to `counter`; `open()` shows the lobby's "your games" when the
// link is followed in this tab (a click with a modifier opens it as a link would).
export function setupTurnBadge(link, announcer, counter, open) {
  const show = (count, previous) => {
    link.hidden = count <= 0;
    link.dataset.count = String(count); // for tests and styles, whatever the language
    if (count > 0) {
      link.textContent = t('turns.badge', { n: count });
      link.setAttribute('aria-label', tn('turns.badgeName', count));
    }
    if (previous !== null && count > previous) announcer.textContent = tn('turns.announce', count);
    // Cleared on a fall, so that the same count coming back is said again.
    else if (count < (previous ?? 0)) announcer.textContent = '';
  };
  counter.onChange(show);
  link.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    open();
  });
}
