// "Notifications" in the account area: this device's Web Push settings (common/push_device.js),
// a panel in the place of the account's buttons like "My reports". "Notify me on this device"
// turns them on (the browser asks its permission then, never before) or off; four boxes choose
// the news (your turn in slow games, challenges, draw and takeback offers, game ends), each
// change sent at once while they are on. What is going on is said in a status line, why it
// cannot work in an alert next to it; Close or Escape closes it and gives the focus back to the
// button. Its words: i18n/notifications.js and common/notification_words.js.

import { el } from './dom.js';
import { t } from '../i18n/index.js';
import { smallButton } from './account_form_parts.js';
import { KINDS, kindsWith } from './notification_settings.js';
import { onOffInWords, pushFailureInWords, renewalInWords } from './notification_words.js';

// A checkbox with its label on one line; returns [label, input].
function checkbox(id, words, attrs = {}) {
  const input = el('input', { type: 'checkbox', id, ...attrs });
  return [el('label', { class: 'account-check', for: id }, input, words), input];
}

// The panel's parts, its boxes set from `state` (push_device's `state(account)`).
function panelParts(state, onClose) {
  const [deviceLabel, deviceBox] = checkbox('notify-device', t('notifications.device'), {
    'aria-describedby': 'notifications-status notifications-error',
  });
  const kindBoxes = new Map();
  const kindLabels = KINDS.map((kind) => {
    const [label, input] = checkbox(`notify-kind-${kind}`, t(`notifications.kinds.${kind}`), {
      'data-kind': kind,
    });
    input.checked = state.kinds.includes(kind);
    kindBoxes.set(kind, input);
    return label;
  });
  const status = el('p', { class: 'account-hint', id: 'notifications-status', role: 'status' });
  const error = el('p', { class: 'account-error', id: 'notifications-error', role: 'alert' });
  const closeButton = el(
    'button',
    { type: 'button', id: 'notifications-close', class: 'button button--small', onclick: onClose },
    t('notifications.close'),
  );
  const section = el(
    'section',
    { class: 'notify-panel', id: 'notifications-panel', 'aria-labelledby': 'notifications-title' },
    el('h2', { id: 'notifications-title' }, t('notifications.title')),
    el('p', { class: 'account-hint' }, t('notifications.intro')),
    deviceLabel,
    el(
      'fieldset',
      { class: 'notify-kinds' },
      el('legend', {}, t('notifications.kindsLegend')),
      kindLabels,
    ),
    status,
    error,
    closeButton,
  );
  deviceBox.checked = state.on;
  return { section, deviceBox, kindBoxes, status, error, closeButton };
}

// What the panel says when it opens: on or off, and why it cannot work, if so.
function showState(parts, state) {
  parts.status.textContent = onOffInWords(state.on);
  parts.section.dataset.state = state.on ? 'on' : 'off';
  const blocked = state.problem === 'insecure' || state.problem === 'unsupported';
  parts.deviceBox.disabled = blocked && !state.on;
  if (state.problem && !state.on) parts.error.textContent = pushFailureInWords(state.problem);
  else if (state.renewal && state.on) parts.error.textContent = renewalInWords(state.renewal);
}

// `device`: push_device's; `signedInAs()`: the account's user name; `shown()` is called when the
// panel opens or closes.
export function createNotificationsPanel(host, { device, signedInAs, shown }) {
  let parts = null; // while open
  let busy = false; // a change on its way: the boxes wait (they keep the focus)
  const button = smallButton('notifications-open', t('notifications.open'), openPanel);

  function close() {
    if (!parts) return;
    parts.section.remove();
    parts = null;
    shown();
    if (signedInAs()) button.focus();
  }

  // Runs `change()` with the panel busy; a failure is said and `undo()` puts the box back.
  async function run(opened, change, undo) {
    busy = true;
    opened.section.setAttribute('aria-busy', 'true');
    opened.error.textContent = '';
    try {
      return await change();
    } catch (failure) {
      undo();
      opened.error.textContent = pushFailureInWords(failure);
      return false;
    } finally {
      busy = false;
      opened.section.removeAttribute('aria-busy');
    }
  }

  function chosenKinds(opened) {
    return KINDS.filter((kind) => opened.kindBoxes.get(kind).checked);
  }

  async function switchDevice(opened) {
    const on = opened.deviceBox.checked;
    const account = signedInAs();
    if (on) {
      opened.status.textContent = t('notifications.turningOn');
      opened.section.dataset.state = 'busy';
    }
    await run(
      opened,
      () => (on ? device.turnOn(account, chosenKinds(opened)) : device.turnOff(account)),
      () => {
        opened.deviceBox.checked = !on;
      },
    );
    const now = device.state(account).on;
    opened.status.textContent = onOffInWords(now);
    opened.section.dataset.state = now ? 'on' : 'off';
  }

  async function switchKind(opened, box) {
    const kinds = kindsWith(chosenKinds(opened), box.dataset.kind, box.checked);
    if (!kinds) {
      box.checked = true;
      opened.error.textContent = t('notifications.atLeastOne');
      return;
    }
    const wanted = box.checked;
    const done = await run(
      opened,
      () => device.setKinds(signedInAs(), kinds).then(() => true),
      () => {
        box.checked = !wanted;
      },
    );
    if (done) opened.status.textContent = t('notifications.saved');
  }

  function wire(opened) {
    // A click while a change is on its way leaves the box as it is.
    opened.section.addEventListener('click', (event) => {
      if (busy && event.target instanceof HTMLInputElement) event.preventDefault();
    });
    opened.deviceBox.addEventListener('change', () => switchDevice(opened));
    for (const box of opened.kindBoxes.values()) {
      box.addEventListener('change', () => switchKind(opened, box));
    }
    opened.section.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation(); // only the panel closes, not the phone's menu around it
      close();
    });
  }

  function openPanel() {
    const state = device.state(signedInAs());
    const opened = panelParts(state, close);
    showState(opened, state);
    wire(opened);
    parts = opened;
    host.append(opened.section);
    shown();
    (opened.deviceBox.disabled ? opened.closeButton : opened.deviceBox).focus();
  }

  return { button, close, isOpen: () => parts !== null };
}
