// The lobby's challenges panel (PROTOCOL.md "Challenges"), for an account: the challenges to it
// with Accept and Decline (a reason chosen beside it), its own challenges with Cancel while open
// and what became of them (accepted, with "Open game"; declined, with the reason in words;
// expired), the news line that says when one was answered, and whom it takes challenges from
// (`challenge_policy`). Drawn from each `challenges` message, with the focus kept.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { gameTitle } from '../games/index.js';
import { keepFocus } from '../common/keep_focus.js';
import { nameInWords } from '../common/server_words.js';
import { DECLINE_REASONS, POLICIES } from '../common/challenge_terms.js';
import { outgoingStatus, termsInWords } from '../common/challenge_words.js';

// `actions` = { accept(id), decline(id, reason), cancel(id), policy(accept), open(room) }; each
// request's refusal is the caller's to say. Returns the card (hidden for a guest) and its setters.
export function createChallengesPanel(actions) {
  const view = { account: null, message: null, reasons: new Map() }; // id -> reason chosen
  const news = el('p', { class: 'challenge-news', id: 'challenge-news', role: 'status' });
  const lists = el('div', { class: 'challenge-lists' });
  const policy = policyField(actions);
  const card = el(
    'section',
    {
      class: 'card challenges-card',
      id: 'challenges',
      'aria-labelledby': 'challenges-title',
      hidden: true,
    },
    // Focusable by script: the focus goes there when the control that had it goes.
    el('h2', { id: 'challenges-title', tabindex: '-1' }, t('challenge.panel.title')),
    el('p', { class: 'hint' }, t('challenge.panel.intro')),
    news,
    lists,
    policy.field,
  );
  function render() {
    const message = view.message || { incoming: [], outgoing: [] };
    keepFocus(
      lists,
      () => renderLists(lists, message, view, actions),
      () => card.querySelector('#challenges-title'),
    );
  }
  render();
  return {
    card,
    // The account signed in (null: a guest, who has no challenges: the card hides).
    setAccount(account) {
      view.account = account;
      card.hidden = !account;
      if (!account) view.message = null;
      render();
    },
    // A `challenges` message (an answer or unsolicited).
    set(message) {
      view.message = message;
      policy.show(message.accepting);
      render();
    },
    // Says `words` in the news line (a polite live region).
    say(words) {
      news.textContent = words;
    },
  };
}

function renderLists(host, message, view, actions) {
  const incoming = (message.incoming || []).map((c) => incomingItem(c, view, actions));
  const outgoing = (message.outgoing || []).map((c) => outgoingItem(c, view, actions));
  const list = (items, none, id) =>
    items.length
      ? el('ul', { class: 'room-list challenge-list', id }, items)
      : el('p', { class: 'hint', id }, none);
  host.replaceChildren(
    el('h3', {}, t('challenge.panel.incoming')),
    list(incoming, t('challenge.panel.noIncoming'), 'challenges-incoming'),
    el('h3', {}, t('challenge.panel.outgoing')),
    list(outgoing, t('challenge.panel.noOutgoing'), 'challenges-outgoing'),
  );
}

// The game and terms of a challenge, the first line of its item.
function termsLine(challenge) {
  return el(
    'div',
    { class: 'room-main' },
    el('span', { class: 'room-game' }, gameTitle(challenge.game)),
    el('span', { class: 'room-options' }, termsInWords(challenge)),
  );
}

function incomingItem(challenge, view, actions) {
  const id = challenge.challenge;
  const name = nameInWords(challenge.from);
  const title = gameTitle(challenge.game);
  const reason = el(
    'select',
    {
      id: `decline-reason-${id}`,
      class: 'challenge-reason',
      'aria-label': t('challenge.panel.reasonName', { name }),
    },
    DECLINE_REASONS.map((r) =>
      el(
        'option',
        { value: r, selected: r === (view.reasons.get(id) || 'generic') },
        t(`challenge.reasons.${r}`),
      ),
    ),
  );
  reason.addEventListener('change', () => view.reasons.set(id, reason.value));
  return el(
    'li',
    {
      class: 'room-item challenge-item',
      'data-challenge': String(id),
      'data-from': challenge.from,
    },
    termsLine(challenge),
    el('div', { class: 'room-players' }, t('challenge.panel.from', { name })),
    el(
      'div',
      { class: 'room-actions challenge-actions' },
      el(
        'button',
        {
          type: 'button',
          id: `accept-challenge-${id}`,
          class: 'button button--primary button--small',
          'aria-label': t('challenge.panel.acceptName', { name, title }),
          onclick: () => actions.accept(id),
        },
        t('challenge.panel.accept'),
      ),
      reason,
      el(
        'button',
        {
          type: 'button',
          id: `decline-challenge-${id}`,
          class: 'button button--small',
          'aria-label': t('challenge.panel.declineName', { name, title }),
          onclick: () => actions.decline(id, reason.value),
        },
        t('challenge.panel.decline'),
      ),
    ),
  );
}

function outgoingItem(challenge, view, actions) {
  const id = challenge.challenge;
  const title = gameTitle(challenge.game);
  const whom = challenge.to
    ? t('challenge.panel.to', { name: nameInWords(challenge.to) })
    : t('challenge.panel.toAnyone');
  let action = null;
  if (challenge.status === 'open') {
    action = el(
      'button',
      {
        type: 'button',
        id: `cancel-challenge-${id}`,
        class: 'button button--small',
        'aria-label': t('challenge.panel.cancelName', { title }),
        onclick: () => actions.cancel(id),
      },
      t('challenge.panel.cancel'),
    );
  } else if (challenge.status === 'accepted' && challenge.room) {
    action = openGameLink(challenge.room, actions, `open-challenge-game-${id}`);
  }
  return el(
    'li',
    {
      class: `room-item challenge-item challenge-item--${challenge.status}`,
      'data-challenge': String(id),
      'data-status': challenge.status,
    },
    termsLine(challenge),
    el(
      'div',
      { class: 'room-players' },
      el('span', {}, whom),
      ' — ',
      el('span', { class: 'challenge-state' }, outgoingStatus(challenge, view.account)),
    ),
    el('div', { class: 'room-actions challenge-actions' }, action),
  );
}

// "Open game": a link to the room (so it can open in a new tab too), followed in this tab by
// `actions.open(room)`, which takes the seat held there.
export function openGameLink(room, actions, id) {
  return el(
    'a',
    {
      id,
      class: 'button button--primary button--small',
      href: `/r/${encodeURIComponent(room)}`,
      'aria-label': t('challenge.panel.openGameName', { room }),
      onclick: (event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        actions.open(room);
      },
    },
    t('challenge.panel.openGame'),
  );
}

// The "Accept challenges from" select; `show(accepting)` shows the server's value.
function policyField(actions) {
  const select = el(
    'select',
    { id: 'challenge-policy', 'aria-describedby': 'challenge-policy-help' },
    POLICIES.map((p) => el('option', { value: p }, t(`challenge.panel.policies.${p}`))),
  );
  let shown = 'all';
  select.addEventListener('change', async () => {
    const chosen = select.value;
    try {
      await actions.policy(chosen);
    } catch {
      select.value = shown; // refused: the choice in force stays (the caller said why)
    }
  });
  return {
    field: el(
      'div',
      { class: 'field challenge-policy' },
      el('label', { for: 'challenge-policy' }, t('challenge.panel.policy')),
      select,
      el('p', { class: 'hint', id: 'challenge-policy-help' }, t('challenge.panel.policyHelp')),
    ),
    show(accepting) {
      if (!POLICIES.includes(accepting)) return;
      shown = accepting;
      if (document.activeElement !== select) select.value = accepting;
    },
  };
}
