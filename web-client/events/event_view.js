// One event's view on the events page, /events/<id> (PROTOCOL.md "event"): its terms,
// status and creator, a countdown while it is scheduled, the viewer's place in it with the
// buttons event_terms.eventActions offers (Enter with the entry code's field when private, Come
// back, Pause, Withdraw after a confirmation — it is for good —, Cancel with an optional reason,
// Mark official), and its players. Every answer is an `event` message, drawn as it comes; what an
// action did is said in a status line and a refusal in an alert, both kept across redraws so
// that a screen reader hears them.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { momentInWords, nameInWords } from '../common/server_words.js';
import { setBaseTitle } from '../common/turn_counter.js';
import { profilePath } from '../lobby/leaderboard.js';
import { actionRequest, eventActions } from './event_terms.js';
import {
  actionDoneInWords,
  countdownInWords,
  entrantStatusInWords,
  entryInWords,
  eventClockInWords,
  eventRefusal,
  gameInWords,
  kindInWords,
  lengthInWords,
  pauseInWords,
  playersInWords,
  statusInWords,
  youInWords,
} from './event_words.js';

// How often the countdown is written again.
const COUNTDOWN_MS = 15000;

function button(id, words, onclick, primary = false) {
  const kind = primary ? 'button button--small button--primary' : 'button button--small';
  return el('button', { type: 'button', id, class: kind, onclick }, words);
}

const mark = (words) => el('span', { class: 'pill pill--quiet event-mark' }, words);

// The event's terms as a description list.
function termsList(view) {
  const row = (key, ...value) =>
    el(
      'div',
      { class: 'event-term' },
      el('dt', {}, t(`events.labels.${key}`)),
      el('dd', {}, ...value),
    );
  const schedule = [lengthInWords(view), pauseInWords(view)].filter(Boolean).join(' · ');
  const rules = el(
    'ul',
    { class: 'event-rules' },
    entryInWords(view).map((rule) => el('li', {}, rule)),
  );
  return el(
    'dl',
    { class: 'event-terms', id: 'event-terms' },
    row('status', statusInWords(view.status)),
    row('by', view.by ? el('a', { href: profilePath(view.by) }, view.by) : '—'),
    row('game', gameInWords(view)),
    row('kind', kindInWords(view.kind)),
    row('clock', eventClockInWords(view)),
    row('start', momentInWords(view.starts_ms)),
    view.ends_ms ? row('ends', momentInWords(view.ends_ms)) : null,
    row(view.kind === 'arena' ? 'length' : 'rounds', schedule),
    row('players', playersInWords(view)),
    row('rated', view.rated ? t('events.terms.rated') : t('events.terms.casual')),
    row('entry', rules),
    view.reason ? row('reason', view.reason) : null,
  );
}

// The players and their entries' statuses.
function entrantsList(entries) {
  const items = entries.length
    ? entries.map((entry) =>
        el(
          'li',
          { class: 'event-entrant', 'data-name': entry.name, 'data-status': entry.status },
          el('span', { class: 'event-entrant-name' }, nameInWords(entry.name)),
          el('span', { class: 'event-entrant-status' }, entrantStatusInWords(entry.status)),
        ),
      )
    : [el('li', { class: 'event-empty' }, t('events.entrants.none'))];
  return el(
    'section',
    { class: 'card event-entrants', 'aria-labelledby': 'event-players-title' },
    el('h2', { id: 'event-players-title' }, t('events.entrants.title')),
    el('ul', { class: 'event-entrant-list', id: 'event-players' }, items),
  );
}

// A confirmation standing in the place of the buttons `actions`: `question`, an optional
// `extra` field (which takes the focus, else Yes does), Yes (`yes.words`, `yes.run`) and No
// (Escape too), which puts the buttons back with the focus on the one of `id`.
function confirmPanel(actions, id, question, yes, no, extra = null) {
  const back = () => {
    panel.remove();
    actions.hidden = false;
    actions.querySelector(`#event-${id}`)?.focus();
  };
  const panel = el(
    'div',
    {
      class: 'event-confirm',
      id: `event-${id}-confirm`,
      role: 'group',
      'aria-labelledby': `event-${id}-question`,
    },
    el('p', { id: `event-${id}-question` }, question),
    extra,
    el(
      'div',
      { class: 'row row--wrap' },
      button(`event-${id}-yes`, yes.words, yes.run, true),
      button(`event-${id}-no`, no, back),
    ),
  );
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') back();
  });
  actions.hidden = true;
  actions.after(panel);
  (extra ? panel.querySelector('input') : panel.querySelector(`#event-${id}-yes`)).focus();
}

// Enter, with the entry code's field before it when the event is private.
function enterParts(view, act) {
  if (!(view.entry && view.entry.private)) {
    return [button('event-enter', t('events.actions.enter'), () => act('enter'), true)];
  }
  const code = el('input', {
    id: 'event-code-input',
    maxlength: '40',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'event-code-help',
  });
  return [
    el(
      'div',
      { class: 'field event-code-field' },
      el('label', { for: 'event-code-input' }, t('events.actions.code')),
      code,
      el('p', { class: 'hint', id: 'event-code-help' }, t('events.actions.codeHelp')),
    ),
    button(
      'event-enter',
      t('events.actions.enter'),
      () => act('enter', { code: code.value }),
      true,
    ),
  ];
}

// The buttons of the viewer's actions (`viewer`: { account, role }); `act(action, options)`
// sends one, the withdrawal and the cancellation after their confirmation.
function actionsPart(view, you, viewer, act) {
  const actions = el('div', { class: 'row row--wrap event-actions', id: 'event-actions' });
  const askWithdraw = () =>
    confirmPanel(
      actions,
      'withdraw',
      t('events.actions.withdrawConfirm'),
      { words: t('events.actions.withdrawYes'), run: () => act('withdraw') },
      t('events.actions.keepPlace'),
    );
  const askCancel = () => {
    const reason = el('input', {
      id: 'event-cancel-reason',
      maxlength: '200',
      autocomplete: 'off',
    });
    confirmPanel(
      actions,
      'cancel',
      t('events.actions.cancelConfirm'),
      { words: t('events.actions.cancelYes'), run: () => act('cancel', { reason: reason.value }) },
      t('events.actions.back'),
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'event-cancel-reason' }, t('events.actions.cancelReason')),
        reason,
      ),
    );
  };
  const made = {
    enter: () => enterParts(view, act),
    come_back: () =>
      button('event-come-back', t('events.actions.comeBack'), () => act('come_back'), true),
    pause: () => button('event-pause', t('events.actions.pause'), () => act('pause')),
    withdraw: () => button('event-withdraw', t('events.actions.withdraw'), askWithdraw),
    cancel: () => button('event-cancel', t('events.actions.cancel'), askCancel),
    feature: () => button('event-feature', t('events.actions.feature'), () => act('feature')),
    unfeature: () => button('event-feature', t('events.actions.unfeature'), () => act('unfeature')),
  };
  actions.append(...eventActions(view, you, viewer).flatMap((action) => made[action]()));
  return actions;
}

// The countdown line of a scheduled event, written again every COUNTDOWN_MS until `stop()`.
function countdown(view) {
  if (view.status !== 'scheduled') return { line: null, stop() {} };
  const line = el('p', { class: 'event-countdown', id: 'event-countdown', role: 'timer' });
  const write = () => {
    line.textContent = countdownInWords(view.starts_ms, Date.now());
  };
  write();
  const timer = setInterval(write, COUNTDOWN_MS);
  return { line, stop: () => clearInterval(timer) };
}

// `send(request)`: a promise of the server's answer; `viewer()`: { account, role } of the last
// welcome; `refresh()`: asks for the event again.
export function createEventView({ send, viewer, refresh }) {
  const status = el('p', { class: 'event-status-line', id: 'event-status-line', role: 'status' });
  const error = el('p', { class: 'form-error event-error', id: 'event-error', role: 'alert' });
  const body = el('div', { class: 'event-body' });
  const node = el('article', { class: 'event-view', id: 'event-view' }, body);
  let shown = null; // the `event` message drawn
  let clock = { stop() {} };
  let busy = false; // one action at a time

  // Sends `action` and draws the answer, saying what it did, with the focus on the viewer's
  // place; a refusal in words.
  async function act(action, options = {}) {
    if (busy || !shown) return;
    busy = true;
    status.textContent = '';
    error.textContent = '';
    const view = shown.event;
    try {
      const answer = await send(actionRequest(action, view.event, options));
      draw(answer);
      status.textContent = actionDoneInWords(action, answer.event.name);
      body.querySelector('#event-you').focus();
    } catch (failure) {
      error.textContent = eventRefusal(failure, { view, account: viewer().account });
    } finally {
      busy = false;
    }
  }

  // Draws an `event` message: { event: view, entries, you }.
  function draw(message) {
    shown = message;
    const view = message.event;
    const you = message.you || null;
    setBaseTitle(t('events.pageTitle', { name: view.name }));
    Object.assign(node.dataset, { event: String(view.event), status: view.status, you: you || '' });
    clock.stop();
    clock = countdown(view);
    // replaceChildren would write a null as the text "null": what is not there is left out.
    const parts = [
      el(
        'div',
        { class: 'event-title-row' },
        el('h1', { id: 'event-title' }, view.name),
        view.official ? mark(t('events.terms.official')) : null,
        view.entry && view.entry.private ? mark(t('events.terms.private')) : null,
      ),
      clock.line,
      termsList(view),
      el(
        'section',
        { class: 'card event-you', 'aria-labelledby': 'event-you' },
        el('p', { id: 'event-you', tabindex: '-1' }, youInWords(you)),
        actionsPart(view, you, viewer(), act),
        // The same two lines every time, under the buttons: moved, not made anew.
        status,
        error,
        el('div', { class: 'row' }, button('event-refresh', t('events.refresh'), refresh)),
      ),
      entrantsList(message.entries || []),
    ];
    body.replaceChildren(...parts.filter(Boolean));
  }

  return {
    node,
    // Draws the `event` message `message`; `done`: the action to say it did ('create', or
    // 'refresh' for "Updated.").
    show(message, done = null) {
      error.textContent = '';
      draw(message);
      status.textContent = done ? actionDoneInWords(done, message.event.name) : '';
    },
    // A refusal of the event's request, in words.
    fail(words) {
      error.textContent = words;
    },
    stop: () => clock.stop(),
  };
}
