// A small form that asks a moderator for a required reason before an action on one row of a
// table (mod_reports.js: act on or dismiss a report; mod_blocks.js: unblock a range), or on a
// room's chat line (room/chat_hiding.js: hide it). It lives outside the table, so that the
// page's refreshes, which redraw the tables, leave what is typed.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { field, reasonInput, reasonProblem } from './mod_form.js';

// `prefix`: the ids' start; `title`, `intro` (or null), `submitWords`: its words; `quoted`: the
// words acted on, shown under the title (or null); `onSubmit(reason)`: a promise of words to
// show when refused, or null once done; `onCancel()`.
export function createReasonForm({
  prefix,
  title,
  intro,
  quoted = null,
  submitWords,
  onSubmit,
  onCancel,
}) {
  const reason = reasonInput(`${prefix}-reason`);
  const error = el('p', { class: 'mod-error', id: `${prefix}-error`, role: 'alert' });
  const submit = el(
    'button',
    { type: 'submit', id: `${prefix}-submit`, class: 'button button--primary button--small' },
    submitWords,
  );
  const form = el(
    'form',
    {
      class: 'mod-form mod-reason-form',
      id: `${prefix}-form`,
      'aria-labelledby': `${prefix}-title`,
      novalidate: true,
    },
    el('h3', { id: `${prefix}-title` }, title),
    quoted === null ? null : el('blockquote', { class: 'report-quoted' }, quoted),
    intro ? el('p', { class: 'hint' }, intro) : null,
    field(`${prefix}-reason`, 'moderation.resolveReason', reason, 'moderation.reasonHint'),
    el(
      'div',
      { class: 'row row--wrap' },
      submit,
      el(
        'button',
        {
          type: 'button',
          id: `${prefix}-cancel`,
          class: 'button button--small',
          onclick: onCancel,
        },
        t('moderation.cancel'),
      ),
    ),
    error,
  );
  let sending = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    error.textContent = '';
    const said = reason.value.trim();
    const problem = reasonProblem(said);
    if (problem) {
      error.textContent = problem;
      reason.focus();
      return;
    }
    sending = true;
    try {
      const refusal = await onSubmit(said);
      if (refusal) error.textContent = refusal;
    } finally {
      sending = false;
    }
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') onCancel();
  });
  return { form, focus: () => reason.focus() };
}
