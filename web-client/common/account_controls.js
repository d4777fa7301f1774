// The signed-in account's own controls beside "Change password" (account.js): change the case of
// the user name, download the account's data, delete the account. Each button opens its form in
// the place of the account's buttons, as the change of password does; Escape or Cancel closes it
// and gives the focus back to the button. Their words and the export's file: account_words.js.

import { el, toast } from './dom.js';
import { t } from '../i18n/index.js';
import { errorInWords } from './server_words.js';
import {
  deleteErrorText,
  exportFileName,
  exportFileText,
  renameErrorText,
  renamedText,
} from './account_words.js';
import {
  cancelButton,
  handleForm,
  hiddenUserName,
  passwordField,
  refuse,
  smallButton,
} from './account_form_parts.js';

// A button that opens a form made by `makeForm(close)` in `host`, the form's parts while open.
// `shown()` is called when the form opens or closes (it takes the place of the account's
// buttons); `signedIn()` whether the button is still there to take the focus back.
function formOpener(host, { id, words, makeForm, firstField, shown, signedIn }) {
  let open = null; // the form's parts while it is open
  const button = smallButton(id, words, () => {
    open = makeForm(close);
    host.append(open.form);
    shown();
    const field = firstField(open);
    field.focus();
    field.select?.();
  });

  function close() {
    if (!open) return;
    open.form.remove();
    open = null;
    shown();
    if (signedIn()) button.focus();
  }

  return { button, close, isOpen: () => open !== null, current: () => open };
}

// Sends the form's request `send()` with its submit button off meanwhile (the server refuses a
// second account request: not_allowed); resolves with the answer, or null once refused in words.
async function sendForm(parts, send, wordsFor, field) {
  parts.error.textContent = '';
  parts.submit.disabled = true;
  try {
    return await send();
  } catch (failure) {
    refuse(parts, wordsFor(failure), field);
    return null;
  } finally {
    parts.submit.disabled = false;
  }
}

// The change-of-case form for `account`, its name prefilled.
function nameCaseForm(account, onCancel, onSubmit) {
  const input = el('input', {
    id: 'rename-name',
    name: 'username',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: '64',
    required: true,
    value: account,
    'aria-describedby': 'rename-hint',
  });
  const error = el('p', { class: 'account-error', role: 'alert', id: 'rename-error' });
  const submit = el(
    'button',
    { type: 'submit', id: 'rename-submit', class: 'button button--primary button--small' },
    t('account.saveSpelling'),
  );
  const form = el(
    'form',
    { class: 'account-form', id: 'rename-form', 'aria-labelledby': 'rename-title' },
    el('h2', { id: 'rename-title', class: 'sr-only' }, t('account.nameCaseTitle')),
    el(
      'span',
      { class: 'account-field' },
      el('label', { for: 'rename-name' }, t('account.newSpelling')),
      input,
    ),
    submit,
    cancelButton(onCancel),
    el('p', { class: 'account-hint', id: 'rename-hint' }, t('account.nameCaseHint')),
    error,
  );
  const parts = { form, input, error, submit };
  handleForm(form, () => onSubmit(parts), onCancel);
  return parts;
}

// "Change name case": `renameAccount(name)` resolves with `account_renamed` (the app then shows
// the new spelling in the header).
export function createNameCaseChange(host, { signedInAs, shown, renameAccount }) {
  const opener = formOpener(host, {
    id: 'change-name-case',
    words: t('account.changeNameCase'),
    makeForm: (close) => nameCaseForm(signedInAs(), close, submit),
    firstField: (parts) => parts.input,
    shown,
    signedIn: () => Boolean(signedInAs()),
  });

  async function submit(parts) {
    const before = signedInAs();
    const answer = await sendForm(
      parts,
      () => renameAccount(parts.input.value),
      (failure) => renameErrorText(failure, before),
      parts.input,
    );
    if (!answer) return;
    if (opener.current() === parts) opener.close();
    toast(renamedText(answer.account), 'info');
  }

  return opener;
}

// Hands `text` to the browser as a download named `fileName`, through a temporary link.
function saveFile(fileName, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = el('a', { href: url, download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: the browser reads the blob after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// "Download my data": `exportData()` resolves with `data_export`, saved as a JSON file; what
// happened is said in a toast (a status, or an alert when refused).
export function createDataDownload({ signedInAs, exportData }) {
  let busy = false; // one export at a time; the button keeps the focus meanwhile
  const button = smallButton('download-data', t('account.downloadData'), async () => {
    if (busy) return;
    busy = true;
    button.setAttribute('aria-busy', 'true');
    try {
      const answer = await exportData();
      const account = (answer.account && answer.account.name) || signedInAs();
      const fileName = exportFileName(account, new Date(answer.exported_at || Date.now()));
      saveFile(fileName, exportFileText(answer));
      toast(t('account.dataSaved', { file: fileName }), 'info');
    } catch (failure) {
      toast(errorInWords(failure), 'error');
    } finally {
      busy = false;
      button.removeAttribute('aria-busy');
    }
  });
  return { button };
}

// The deletion form for `account`: what deleting does, the password, and the destructive button.
function deletionForm(account, onCancel, onSubmit) {
  const [passwordPart, password] = passwordField(
    'delete-password',
    t('account.deletePassword'),
    'current-password',
  );
  password.setAttribute('aria-describedby', 'delete-explained');
  const error = el('p', { class: 'account-error', role: 'alert', id: 'delete-error' });
  const submit = el(
    'button',
    { type: 'submit', id: 'delete-submit', class: 'button button--danger button--small' },
    t('account.confirmDelete'),
  );
  const form = el(
    'form',
    { class: 'account-form', id: 'delete-form', 'aria-labelledby': 'delete-title' },
    el('h2', { id: 'delete-title', class: 'account-form-title' }, t('account.deleteTitle')),
    el('p', { class: 'account-explained', id: 'delete-explained' }, t('account.deleteExplained')),
    hiddenUserName(account),
    passwordPart,
    submit,
    cancelButton(onCancel),
    error,
  );
  const parts = { form, password, error, submit };
  handleForm(form, () => onSubmit(parts), onCancel);
  return parts;
}

// "Delete account": `deleteAccount(password)` resolves once the server has deleted it (the app
// then starts afresh as a guest and says so).
export function createAccountDeletion(host, { signedInAs, shown, deleteAccount }) {
  const opener = formOpener(host, {
    id: 'delete-account',
    words: t('account.deleteAccount'),
    makeForm: (close) => deletionForm(signedInAs(), close, submit),
    firstField: (parts) => parts.password,
    shown,
    signedIn: () => Boolean(signedInAs()),
  });

  async function submit(parts) {
    const answer = await sendForm(
      parts,
      () => deleteAccount(parts.password.value).then(() => true),
      deleteErrorText,
      parts.password,
    );
    if (answer && opener.current() === parts) opener.close();
  }

  return opener;
}
