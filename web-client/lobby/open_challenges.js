// The lobby's open challenges (PROTOCOL.md "rooms", `open_challenges`): the correspondence
// seeks of every player, listed under the players seeking a game. Another's has Accept (an
// account's: a guest is told to sign in); one's own has Cancel. Drawn from each `rooms` message,
// with the focus kept.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { gameTitle } from '../games/index.js';
import { keepFocus } from '../common/keep_focus.js';
import { nameInWords } from '../common/server_words.js';
import { sameAccount } from '../common/challenge_terms.js';
import { openUntil, termsInWords } from '../common/challenge_words.js';

// `actions` = { accept(id), cancel(id) }. Returns the list, its heading and the line under it
// (what they are, or that a guest must sign in to accept one), and the setters.
export function createOpenChallenges(actions) {
  const view = { account: null, challenges: [] };
  // Focusable by script: the focus goes there when the control that had it goes.
  const title = el(
    'h2',
    { id: 'open-challenges-title', tabindex: '-1' },
    t('challenge.open.title'),
  );
  const hint = el('p', { class: 'hint', id: 'open-challenges-hint' });
  const list = el('ul', { class: 'room-list', id: 'open-challenges' });
  function render() {
    hint.textContent = view.account ? t('challenge.open.intro') : t('challenge.open.signIn');
    const items = view.challenges.map((c) => openItem(c, view, actions));
    keepFocus(
      list,
      () =>
        list.replaceChildren(
          ...(items.length ? items : [el('li', { class: 'room-empty' }, t('challenge.open.none'))]),
        ),
      () => title,
    );
  }
  render();
  return {
    title,
    hint,
    list,
    // The account signed in, or null for a guest.
    setAccount(account) {
      view.account = account;
      render();
    },
    // The `open_challenges` of a `rooms` message.
    set(challenges) {
      view.challenges = challenges || [];
      render();
    },
  };
}

function openItem(challenge, view, actions) {
  const id = challenge.challenge;
  const name = nameInWords(challenge.from);
  const title = gameTitle(challenge.game);
  const mine = sameAccount(challenge.from, view.account);
  const action = mine
    ? [
        el('span', { class: 'hint' }, t('challenge.open.yours')),
        el(
          'button',
          {
            type: 'button',
            id: `cancel-open-challenge-${id}`,
            class: 'button',
            'aria-label': t('challenge.open.cancelName', { title }),
            onclick: () => actions.cancel(id),
          },
          t('challenge.open.cancel'),
        ),
      ]
    : el(
        'button',
        {
          type: 'button',
          id: `accept-open-challenge-${id}`,
          class: 'button button--primary',
          disabled: !view.account,
          'aria-describedby': view.account ? null : 'open-challenges-hint',
          'aria-label': t('challenge.open.acceptName', { name, title }),
          onclick: () => actions.accept(id),
        },
        t('challenge.open.accept'),
      );
  return el(
    'li',
    {
      class: 'room-item open-challenge',
      'data-challenge': String(id),
      'data-from': challenge.from,
    },
    el(
      'div',
      { class: 'room-main' },
      el('span', { class: 'room-game' }, title),
      el('span', { class: 'room-options' }, termsInWords(challenge)),
    ),
    el('div', { class: 'room-players' }, name),
    el('div', { class: 'room-meta' }, openUntil(challenge)),
    el('div', { class: 'room-actions' }, action),
  );
}
