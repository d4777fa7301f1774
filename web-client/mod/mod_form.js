// The moderation page's form (#31): ban, unban, mute or unmute an account, or take it off the
// leaderboards and put it back (unlist, relist), with a reason and, for a mute, its length in
// minutes (empty: for good). Checked here first, so that a typo is said at once in words; the
// server's refusals are said in words too, next to the form.

import { el } from '../common/dom.js';
import { errorInWords } from '../common/server_words.js';
import { t } from '../i18n/index.js';

// The server's bounds (PROTOCOL.md "moderate"): a reason of at most 500 bytes of UTF-8 (the
// input's maxlength counts characters, and a Cyrillic letter takes two bytes), a mute of 1 minute
// to ten years.
export const REASON_BYTES = 500;
const MAX_MINUTES = 5270400;
const ACTIONS = ['mute', 'unmute', 'ban', 'unban', 'unlist', 'relist'];

// A labelled field: its label, the control and an optional hint the control is described by.
export function field(id, labelKey, control, hintKey = null) {
  const hintId = hintKey ? `${id}-hint` : null;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  return el(
    'div',
    { class: 'field' },
    el('label', { for: id }, t(labelKey)),
    control,
    hintId ? el('p', { class: 'hint', id: hintId }, t(hintKey)) : null,
  );
}

function controls() {
  const action = el(
    'select',
    { id: 'mod-action', name: 'action' },
    ACTIONS.map((value) => el('option', { value }, t(`moderation.choices.${value}`))),
  );
  const name = el('input', {
    id: 'mod-name',
    name: 'name',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: '64',
    required: true,
  });
  const minutes = el('input', {
    id: 'mod-minutes',
    name: 'minutes',
    type: 'number',
    inputmode: 'numeric',
    min: '1',
    max: String(MAX_MINUTES),
    step: '1',
  });
  return { action, name, minutes, reason: reasonInput('mod-reason') };
}

// What is wrong with a moderator's `reason` (trimmed), in words, or null when it may be sent.
export function reasonProblem(reason) {
  if (!reason) return t('moderation.needReason');
  if (new TextEncoder().encode(reason).length > REASON_BYTES) return t('moderation.reasonTooLong');
  return null;
}

// A reason textarea with its id and the page's limit.
export function reasonInput(id) {
  return el('textarea', {
    id,
    name: 'reason',
    rows: '2',
    maxlength: String(REASON_BYTES),
    required: true,
  });
}

// The request the form's values make, or { problem, field } when they cannot be sent.
function requestFrom({ action, name, minutes, reason }) {
  const request = {
    type: 'moderate',
    action: action.value,
    name: name.value.trim(),
    reason: reason.value.trim(),
  };
  if (!request.name) return { problem: t('moderation.needName'), field: name };
  const wrongReason = reasonProblem(request.reason);
  if (wrongReason) return { problem: wrongReason, field: reason };
  if (request.action === 'mute' && minutes.value.trim() !== '') {
    const count = Number(minutes.value);
    if (!Number.isInteger(count) || count < 1 || count > MAX_MINUTES) {
      return { problem: t('moderation.badMinutes'), field: minutes };
    }
    request.minutes = count;
  }
  return { request };
}

// A refusal in words: the moderation's own for the codes whose general words would mislead
// here (not_allowed, no_change), the catalogue's for the rest.
function refusalInWords(error, request) {
  if (error.code === 'not_allowed') return t('moderation.notAllowed', { name: request.name });
  if (error.code === 'no_change') {
    return t(`moderation.noChange.${request.action}`, { name: request.name });
  }
  return errorInWords(error);
}

// `send(request)`: a promise of the server's answer (rejects with a RequestError); `done()` is
// called after each action the server carried out (the page then shows the new state).
export function createModerationForm({ send, done }) {
  const parts = controls();
  const error = el('p', { class: 'mod-error', id: 'mod-error', role: 'alert' });
  const status = el('p', { class: 'mod-status', id: 'mod-status', role: 'status' });
  const submit = el(
    'button',
    { type: 'submit', id: 'mod-submit', class: 'button button--primary' },
    t('moderation.apply'),
  );
  const form = el(
    'form',
    { class: 'mod-form', id: 'mod-form', 'aria-labelledby': 'mod-form-title', novalidate: true },
    el('h2', { id: 'mod-form-title' }, t('moderation.formTitle')),
    el('p', { class: 'hint' }, t('moderation.formIntro')),
    el(
      'div',
      { class: 'mod-fields' },
      field('mod-action', 'moderation.action', parts.action),
      field('mod-name', 'moderation.name', parts.name),
      field('mod-minutes', 'moderation.minutes', parts.minutes, 'moderation.minutesHint'),
    ),
    field('mod-reason', 'moderation.reason', parts.reason, 'moderation.reasonHint'),
    submit,
    error,
    status,
  );

  // Minutes belong to a mute only: the field is off (and not sent) for the other actions.
  const showMinutes = () => {
    parts.minutes.disabled = parts.action.value !== 'mute';
  };
  parts.action.addEventListener('change', showMinutes);
  showMinutes();

  let sending = false; // one action at a time; the button stays focusable meanwhile
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    error.textContent = '';
    status.textContent = '';
    const { request, problem, field: wrong } = requestFrom(parts);
    if (problem) {
      error.textContent = problem;
      wrong.focus();
      return;
    }
    sending = true;
    try {
      const answer = await send(request);
      status.textContent = t(`moderation.done.${request.action}`, { name: answer.name });
      for (const input of [parts.name, parts.minutes, parts.reason]) input.value = '';
      done();
    } catch (failure) {
      error.textContent = refusalInWords(failure, request);
      if (failure.code === 'no_such_account') parts.name.focus();
    } finally {
      sending = false;
    }
  });
  return form;
}
