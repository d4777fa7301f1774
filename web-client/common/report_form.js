// The report form (#31), shared by the room (a chat line, the game) and the profile page (a
// player): a reason, optional words, Send and Cancel; Escape cancels. The request and the
// refusals in words are report_words.js's; the form only shows them. One form is open at a time
// on a page, so its ids are fixed.

import { el } from './dom.js';
import { t } from '../i18n/index.js';
import { handleForm } from './account_form_parts.js';
import {
  REPORT_REASONS,
  REPORT_WORDS_BYTES,
  reportRefusal,
  reportRequest,
} from './report_words.js';

// `subject`: what is reported ({ about, name?, room?, at? }); `title`: the form's heading;
// `quoted`: the chat line reported, shown under it; `send(request)`: a promise of the server's
// answer (rejects with a RequestError); `sent(answer)` once the server took it; `cancel()`.
export function createReportForm({ subject, title, quoted = null, send, sent, cancel }) {
  const reason = el(
    'select',
    { id: 'report-reason', name: 'reason' },
    REPORT_REASONS.map((value) => el('option', { value }, t(`reports.reasons.${value}`))),
  );
  const words = el('textarea', {
    id: 'report-words',
    name: 'words',
    rows: '2',
    maxlength: String(REPORT_WORDS_BYTES),
    'aria-describedby': 'report-words-hint',
  });
  const error = el('p', { class: 'report-error', id: 'report-error', role: 'alert' });
  const submit = el(
    'button',
    { type: 'submit', id: 'report-send', class: 'button button--primary button--small' },
    t('reports.send'),
  );
  const form = el(
    'form',
    {
      class: 'report-form',
      id: 'report-form',
      'aria-labelledby': 'report-title',
      novalidate: true,
    },
    el('h3', { id: 'report-title', class: 'report-title' }, title),
    quoted === null ? null : el('blockquote', { class: 'report-quoted' }, quoted),
    el('p', { class: 'hint' }, t('reports.intro')),
    el('label', { for: 'report-reason' }, t('reports.reason')),
    reason,
    el('label', { for: 'report-words' }, t('reports.words')),
    words,
    el('p', { class: 'hint', id: 'report-words-hint' }, t('reports.wordsHint')),
    el(
      'div',
      { class: 'row row--wrap' },
      submit,
      el(
        'button',
        { type: 'button', id: 'report-cancel', class: 'button button--small', onclick: cancel },
        t('reports.cancel'),
      ),
    ),
    error,
  );

  let sending = false; // one report at a time; the button keeps the focus meanwhile
  async function onSubmit() {
    if (sending) return;
    error.textContent = '';
    const { request, problem } = reportRequest(subject, reason.value, words.value);
    if (problem) {
      error.textContent = problem;
      words.focus();
      return;
    }
    sending = true;
    submit.setAttribute('aria-busy', 'true');
    try {
      sent(await send(request));
    } catch (failure) {
      error.textContent = reportRefusal(failure, subject);
    } finally {
      sending = false;
      submit.removeAttribute('aria-busy');
    }
  }
  handleForm(form, onSubmit, cancel);
  return { form, focus: () => reason.focus() };
}
