// The lobby's block of events: the running events and the next to start, three at most
// (event_terms.lobbyEvents), each a link to its view on the events page, and a link to all of
// them. Drawn from the `list_events` answer asked after every welcome; hidden when the server
// does not answer it.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { lobbyEvents } from '../events/event_terms.js';
import { eventItem } from '../events/event_list.js';

export function createLobbyEvents() {
  const list = el('ul', { class: 'event-list', id: 'lobby-events' });
  const card = el(
    'section',
    { class: 'card lobby-events', 'aria-labelledby': 'lobby-events-title', hidden: true },
    el('h2', { id: 'lobby-events-title' }, t('events.lobby.title')),
    list,
    el('p', {}, el('a', { href: '/events', id: 'lobby-all-events' }, t('events.allEvents'))),
  );
  return {
    card,
    // A `list_events` answer, or null when there is none to show.
    set(answer) {
      card.hidden = !answer;
      if (!answer) return;
      const now = Date.now();
      const shown = lobbyEvents(answer);
      const entered = new Set(answer.entered || []);
      list.replaceChildren(
        ...(shown.length
          ? shown.map((view) => eventItem(view, now, { entered: entered.has(view.event) }))
          : [el('li', { class: 'event-empty' }, t('events.lobby.none'))]),
      );
    },
  };
}
