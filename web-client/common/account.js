// The account area of the header (#17): a guest may sign up (turning this guest into an account
// that keeps its games and seats) or sign in; an account shows its user name with "My reports"
// (my_reports.js), "Notifications" (notifications_panel.js), "Change password", "Change name
// case", "Download my data", "Delete account" (account_controls.js), "Sign out" and "Sign out
// everywhere" (and "Moderation" for a moderator or an admin). Errors are said in words next to
// the form.

import { el, toast } from './dom.js';
import { t } from '../i18n/index.js';
import { errorInWords } from './server_words.js';
import {
  passwordChangeErrorText,
  passwordChangeField,
  passwordChangeProblem,
  passwordChangedText,
} from './change_password.js';
import {
  cancelButton,
  handleForm,
  hiddenUserName,
  passwordField,
  refuse,
  smallButton,
} from './account_form_parts.js';
import {
  createAccountDeletion,
  createDataDownload,
  createNameCaseChange,
} from './account_controls.js';
import { createMyReports } from './my_reports.js';
import { createNotificationsPanel } from './notifications_panel.js';

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
    cancelButton(onCancel),
    error,
  );
  return { form, error, nameInput, passwordInput, submit };
}

// The change-password form for account `account`; `onCancel` closes it, `onSubmit(parts)` sends
// it. Made when opened and dropped when closed, so no password typed stays in the page.
function passwordForm(account, onCancel, onSubmit) {
  const [currentField, current] = passwordField(
    'password-current',
    t('account.currentPassword'),
    'current-password',
  );
  const [newField, next] = passwordField('password-new', t('account.newPassword'), 'new-password');
  const [repeatField, repeat] = passwordField(
    'password-repeat',
    t('account.repeatPassword'),
    'new-password',
  );
  const endOthers = el('input', { type: 'checkbox', id: 'password-end-others', checked: true });
  const error = el('p', { class: 'account-error', role: 'alert', id: 'password-error' });
  const submit = el(
    'button',
    { type: 'submit', id: 'password-submit', class: 'button button--primary button--small' },
    t('account.savePassword'),
  );
  const form = el(
    'form',
    { class: 'account-form', id: 'password-form', 'aria-labelledby': 'password-title' },
    el('h2', { id: 'password-title', class: 'sr-only' }, t('account.changePassword')),
    hiddenUserName(account),
    currentField,
    newField,
    repeatField,
    el('label', { class: 'account-check' }, endOthers, t('account.endOtherSessions')),
    submit,
    cancelButton(onCancel),
    error,
  );
  const parts = { form, error, current, next, repeat, endOthers, submit };
  handleForm(form, () => onSubmit(parts), onCancel);
  return parts;
}

// Sends the change-password form through `changePassword`; resolves with whether it was done.
async function sendPasswordForm(parts, changePassword) {
  const { error, current, next, repeat, endOthers, submit } = parts;
  error.textContent = '';
  const problem = passwordChangeProblem({ newPassword: next.value, repeat: repeat.value });
  if (problem) {
    refuse(parts, problem, repeat);
    return false;
  }
  submit.disabled = true; // one request at a time: the server refuses a second (not_allowed)
  try {
    await changePassword(current.value, next.value, endOthers.checked);
    return true;
  } catch (failure) {
    const field = { current, new: next }[passwordChangeField(failure)];
    refuse(parts, passwordChangeErrorText(failure), field);
    return false;
  } finally {
    submit.disabled = false;
  }
}

// The account's "Change password" button and the form it opens. `signedInAs()`: the account's
// user name; `shown()` is called when the form opens or closes (it takes the place of the
// account's buttons); `changePassword(password, newPassword, endOtherSessions)`: the request.
function createPasswordChange(host, { signedInAs, shown, changePassword }) {
  let changing = null; // the form's parts while it is open
  const button = smallButton('change-password', t('account.changePassword'), open);

  function open() {
    changing = passwordForm(signedInAs(), close, submit);
    host.append(changing.form);
    shown();
    changing.current.focus();
  }

  // Closes the form; the focus goes back to the button that opened it.
  function close() {
    if (!changing) return;
    changing.form.remove();
    changing = null;
    shown();
    if (signedInAs()) button.focus();
  }

  async function submit(parts) {
    const endedOthers = parts.endOthers.checked;
    if (!(await sendPasswordForm(parts, changePassword))) return;
    // Said even when the form was cancelled meanwhile: the password has changed all the same.
    if (changing === parts) close();
    toast(passwordChangedText(endedOthers), 'info');
  }

  return { button, close, isOpen: () => changing !== null };
}

// The account's forms that take the place of its buttons while open, and "Download my data".
function accountControls(host, signedInAs, shown, actions) {
  const context = { signedInAs, shown };
  const passwordChange = createPasswordChange(host, {
    ...context,
    changePassword: actions.changePassword,
  });
  const nameCase = createNameCaseChange(host, { ...context, renameAccount: actions.renameAccount });
  const deletion = createAccountDeletion(host, {
    ...context,
    deleteAccount: actions.deleteAccount,
  });
  const download = createDataDownload({ signedInAs, exportData: actions.exportData });
  const reports = createMyReports(host, {
    myReports: actions.myReports,
    shown,
    signedIn: () => Boolean(signedInAs()),
  });
  // This device's notifications (notifications_panel.js), where the page has them.
  const notifications = actions.notifications
    ? createNotificationsPanel(host, { device: actions.notifications, signedInAs, shown })
    : null;
  return {
    buttons: [
      reports.button,
      notifications?.button,
      passwordChange.button,
      nameCase.button,
      download.button,
      deletion.button,
    ].filter(Boolean),
    forms: [reports, notifications, passwordChange, nameCase, deletion].filter(Boolean),
  };
}

// `actions`: signUp(name, password), signIn(name, password), signOut(), signOutEverywhere(),
// changePassword(password, newPassword, endOtherSessions), renameAccount(name), exportData(),
// deleteAccount(password), myReports(), each a promise that rejects with a RequestError; and
// `notifications`, this device's (push_device.js), when the page offers them.
export function createAccountPanel(host, actions) {
  const { form, error, nameInput, passwordInput, submit } = accountForm(() => close());
  let mode = null; // 'up' | 'in' while the form is open
  let account = null; // the signed-in account's user name, null for a guest
  const guestButtons = el(
    'span',
    { class: 'account-buttons' },
    smallButton('sign-up', t('account.signUp'), () => open('up')),
    smallButton('sign-in', t('account.signIn'), () => open('in')),
  );
  const userName = el('span', { id: 'account-user', class: 'account-user' });
  const controls = accountControls(
    host,
    () => account,
    () => showButtons(),
    actions,
  );
  // Shown to an account with a role (welcome's `role`); the page itself asks the server.
  const moderationLink = el(
    'a',
    { id: 'moderation-link', class: 'button button--small', href: '/mod', hidden: true },
    t('account.moderation'),
  );
  const accountButtons = el(
    'span',
    { class: 'account-buttons', hidden: true },
    el('span', {}, t('account.signedInAs'), userName),
    moderationLink,
    ...controls.buttons,
    smallButton('sign-out', t('account.signOut'), () => run(actions.signOut)),
    smallButton('sign-out-everywhere', t('account.signOutEverywhere'), () =>
      run(actions.signOutEverywhere),
    ),
  );
  host.append(guestButtons, accountButtons, form);

  // Which buttons show: a guest's or an account's, unless a form stands in their place.
  function showButtons() {
    guestButtons.hidden = Boolean(account) || mode !== null;
    accountButtons.hidden = !account || controls.forms.some((opened) => opened.isOpen());
  }

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
    showButtons();
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
      account = (welcome && welcome.account) || null;
      if (!account) for (const opened of controls.forms) opened.close();
      showButtons();
      userName.textContent = account || '';
      moderationLink.hidden = !(account && welcome.role);
      if (account && mode) close();
    },
  };
}
