// The analyst's dice (Quadwrangle): when a request needs dice (the rules' diceNeeded), a small
// form asks for them — typed as digits 1-6, or rolled here with crypto.getRandomValues — and
// hands them on as numbers. Nothing about which dice a request needs is known here.

import { el } from '../common/dom.js';
import { t, tn } from '../i18n/index.js';

// `count` fair dice, each 1-6 (rejection sampling keeps every face equally likely).
export function rollDice(count, random = (bytes) => crypto.getRandomValues(bytes)) {
  const dice = [];
  while (dice.length < count) {
    for (const byte of random(new Uint8Array(count))) {
      if (byte < 252 && dice.length < count) dice.push((byte % 6) + 1);
    }
  }
  return dice;
}

// The dice typed as text, or null unless they are exactly `count` digits 1-6 (spaces allowed).
export function parseDice(text, count) {
  const digits = text.replace(/\s+/g, '');
  return new RegExp(`^[1-6]{${count}}$`).test(digits) ? [...digits].map(Number) : null;
}

// Builds the (hidden) form into `host`. ask(request, count) shows it and resolves to the dice
// (an array of numbers) or null when cancelled.
export function createDiceEntry(host) {
  const prompt = el('p', { class: 'analysis-dice-prompt', id: 'analysis-dice-prompt' });
  const input = el('input', {
    id: 'analysis-dice',
    class: 'analysis-dice-input',
    inputmode: 'numeric',
    autocomplete: 'off',
    'aria-describedby': 'analysis-dice-prompt analysis-dice-error',
  });
  const error = el('p', { class: 'analysis-error', id: 'analysis-dice-error', role: 'alert' });
  const use = el(
    'button',
    { type: 'submit', class: 'button button--small button--primary' },
    t('analysis.diceUse'),
  );
  const roll = el(
    'button',
    { type: 'button', class: 'button button--small', id: 'analysis-roll' },
    t('analysis.roll'),
  );
  const cancel = el(
    'button',
    { type: 'button', class: 'button button--small' },
    t('analysis.cancel'),
  );
  const form = el(
    'form',
    { class: 'analysis-dice card', id: 'analysis-dice-form', hidden: true },
    prompt,
    el('label', { for: 'analysis-dice' }, t('analysis.diceLabel')),
    el('div', { class: 'row row--wrap' }, input, use, roll, cancel),
    error,
  );
  host.append(form);
  let pending = null; // { count, resolve }

  function finish(dice) {
    if (!pending) return;
    const { resolve } = pending;
    pending = null;
    form.hidden = true;
    resolve(dice);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!pending) return;
    const dice = parseDice(input.value, pending.count);
    if (dice) finish(dice);
    else error.textContent = tn('analysis.diceBad', pending.count);
  });
  roll.addEventListener('click', () => pending && finish(rollDice(pending.count)));
  cancel.addEventListener('click', () => finish(null));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') finish(null);
  });

  return {
    ask(request, count) {
      finish(null);
      prompt.textContent = tn('analysis.dicePrompt', count, { request });
      input.value = '';
      input.maxLength = count;
      error.textContent = '';
      form.hidden = false;
      input.focus();
      return new Promise((resolve) => {
        pending = { count, resolve };
      });
    },
    cancel: () => finish(null),
  };
}
