// What the account area's forms share (account.js, account_controls.js): its small buttons, a
// form's Cancel and Escape, a password field with its label, and a refusal said next to the
// form with the focus on the field it is about. Each form is made when opened and dropped when
// closed, so no password typed stays in the page.

import { el } from './dom.js';
import { t } from '../i18n/index.js';

// A button of the account area: `onclick` what it does.
export function smallButton(id, words, onclick) {
  return el('button', { type: 'button', id, class: 'button button--small', onclick }, words);
}

// A form's "Cancel": `onCancel` closes it.
export function cancelButton(onCancel) {
  return el(
    'button',
    { type: 'button', class: 'button button--small', onclick: onCancel },
    t('account.cancel'),
  );
}

// A password input and its label, kept together on one line; returns [field, input].
export function passwordField(id, words, autocomplete) {
  const input = el('input', {
    id,
    type: 'password',
    autocomplete,
    maxlength: '128',
    required: true,
  });
  return [el('span', { class: 'account-field' }, el('label', { for: id }, words), input), input];
}

// The account's user name, unseen, in a form that asks for its password: a password manager
// then knows whose password it is.
export function hiddenUserName(account) {
  return el('input', {
    type: 'text',
    name: 'username',
    autocomplete: 'username',
    value: account,
    hidden: true,
  });
}

// Calls `onSubmit()` when `form` is sent and `onCancel()` on Escape inside it.
export function handleForm(form, onSubmit, onCancel) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onSubmit();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Only the form closes: on a phone the header's menu around it stays open (top_menu.js).
    event.stopPropagation();
    onCancel();
  });
}

// Shows `words` in the form's error area (role=alert) and gives the focus to `field`, its text
// selected.
export function refuse(parts, words, field) {
  parts.error.textContent = words;
  if (!field) return;
  field.focus();
  field.select();
}
