// The account area of the header (#17): a guest may sign up (turning this guest into an account
// that keeps its games and seats) or sign in; an account shows its user name with "Sign out" and
// "Sign out everywhere". Errors are said in words next to the form.

import { el } from './dom.js';
import { t } from '../i18n/index.js';
import { errorInWords } from './server_words.js';

// Words for the server's account error codes (PROTOCOL.md "Accounts").
export function accountErrorText(error) {
  return errorInWords(error);
}

// The sign-up / sign-in form: its parts, so that the panel can open, fill and close it.
function accountForm(onCancel) {
  const error = el('p', { class: 'account-error', role: 'alert', id: 'account-error' });
  const nameInput = el('input', {
    id: 'account-name',
    name: 'username',
    autocomplete: 'username',
    maxlength: '64',
    required: true,
  });
  const passwordInput = el('input', {
    id: 'account-password',
    name: 'password',
    type: 'password',
    maxlength: '128',
    required: true,
  });
  const submit = el('button', {
    type: 'submit',
    id: 'account-submit',
    class: 'button button--primary button--small',
  });
  const form = el(
    'form',
    { class: 'account-form', id: 'account-form', hidden: true, 'aria-labelledby': 'account-title' },
    el('h2', { id: 'account-title', class: 'sr-only' }, t('account.title')),
    el('label', { for: 'account-name' }, t('account.userName')),
    nameInput,
    el('label', { for: 'account-password' }, t('account.password')),
    passwordInput,
    submit,
    el(
      'button',
      { type: 'button', class: 'button button--small', onclick: onCancel },
      t('account.cancel'),
    ),
    error,
  );
  return { form, error, nameInput, passwordInput, submit };
}

// `actions`: signUp(name, password), signIn(name, password), signOut(), signOutEverywhere(),
// each a promise that rejects with a RequestError.
export function createAccountPanel(host, actions) {
  const { form, error, nameInput, passwordInput, submit } = accountForm(() => close());
  let mode = null; // 'up' | 'in' while the form is open
  const guestButtons = el(
    'span',
    { class: 'account-buttons' },
    el(
      'button',
      { type: 'button', id: 'sign-up', class: 'button button--small', onclick: () => open('up') },
      t('account.signUp'),
    ),
    el(
      'button',
      { type: 'button', id: 'sign-in', class: 'button button--small', onclick: () => open('in') },
      t('account.signIn'),
    ),
  );
  const userName = el('span', { id: 'account-user', class: 'account-user' });
  const accountButtons = el(
    'span',
    { class: 'account-buttons', hidden: true },
    el('span', {}, t('account.signedInAs'), userName),
    el(
      'button',
      {
        type: 'button',
        id: 'sign-out',
        class: 'button button--small',
        onclick: () => run(actions.signOut),
      },
      t('account.signOut'),
    ),
    el(
      'button',
      {
        type: 'button',
        id: 'sign-out-everywhere',
        class: 'button button--small',
        onclick: () => run(actions.signOutEverywhere),
      },
      t('account.signOutEverywhere'),
    ),
  );
  host.append(guestButtons, accountButtons, form);

  function open(which) {
    mode = which;
    submit.textContent = which === 'up' ? t('account.createAccount') : t('account.signIn');
    passwordInput.setAttribute(
      'autocomplete',
      which === 'up' ? 'new-password' : 'current-password',
    );
    error.textContent = '';
    form.hidden = false;
    guestButtons.hidden = true; // room for the form in the header
    nameInput.focus();
  }

  function close() {
    mode = null;
    form.hidden = true;
    guestButtons.hidden = !accountButtons.hidden;
    passwordInput.value = '';
    error.textContent = '';
  }

  async function run(action, ...args) {
    error.textContent = '';
    try {
      await action(...args);
      return true;
    } catch (failure) {
      error.textContent = accountErrorText(failure);
      form.hidden = false;
      return false;
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const action = mode === 'up' ? actions.signUp : actions.signIn;
    submit.disabled = true;
    const done = await run(action, nameInput.value, passwordInput.value);
    submit.disabled = false;
    if (done) close();
  });

  return {
    // Shows the state of the last welcome: a guest (account null) or an account's user name.
    update(welcome) {
      const account = welcome ? welcome.account : null;
      guestButtons.hidden = Boolean(account) || mode !== null;
      accountButtons.hidden = !account;
      userName.textContent = account || '';
      if (account && mode) close();
    },
  };
}
