// The events page's lists (PROTOCOL.md "list_events"): upcoming, running now and finished,
// each event a link to its view (/events/<id>) with its terms in one line and marks for an
// official event, a private one and one the viewer is in. The lobby's block
// (lobby/lobby_events.js) draws its items the same way.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { eventPath } from './event_terms.js';
import { statusInWords, summaryInWords } from './event_words.js';

// A small mark beside an event's name.
const mark = (words, kind) =>
  el('span', { class: `pill pill--quiet event-mark event-mark--${kind}` }, words);

// One event as a list item, seen at `now`; `entered`: whether the viewer is in it.
export function eventItem(view, now, { entered = false } = {}) {
  return el(
    'li',
    { class: 'event-item', 'data-event': String(view.event), 'data-status': view.status },
    el(
      'div',
      { class: 'event-head' },
      el('a', { class: 'event-name', href: eventPath(view.event) }, view.name),
      view.official ? mark(t('events.terms.official'), 'official') : null,
      view.status === 'cancelled' ? mark(statusInWords(view.status), 'cancelled') : null,
      entered ? mark(t('events.terms.youAreIn'), 'entered') : null,
    ),
    el('p', { class: 'event-summary' }, summaryInWords(view, now)),
  );
}

// A list of events under its heading, or the words for none.
function listSection(id, title, views, emptyWords, now, entered) {
  const items = views.length
    ? views.map((view) => eventItem(view, now, { entered: entered.has(view.event) }))
    : [el('li', { class: 'event-empty' }, emptyWords)];
  return el(
    'section',
    { class: 'card event-list-card', 'aria-labelledby': `${id}-title` },
    el('h2', { id: `${id}-title` }, title),
    el('ul', { class: 'event-list', id }, items),
  );
}

// The three lists of a `list_events` answer, seen at `now`.
export function eventLists(answer, now) {
  const entered = new Set(answer.entered || []);
  return el(
    'div',
    { class: 'event-lists' },
    listSection(
      'events-upcoming',
      t('events.lists.upcoming'),
      answer.upcoming || [],
      t('events.lists.noUpcoming'),
      now,
      entered,
    ),
    listSection(
      'events-running',
      t('events.lists.running'),
      answer.running || [],
      t('events.lists.noRunning'),
      now,
      entered,
    ),
    listSection(
      'events-finished',
      t('events.lists.finished'),
      answer.finished || [],
      t('events.lists.noFinished'),
      now,
      entered,
    ),
  );
}
