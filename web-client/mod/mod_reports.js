// The moderation page's open reports (#31), first on the page: when, by whom, what (the quoted
// line with its writer and room, the player, or the game's room), the reason and the reporter's
// words, oldest first as the server sends them. Act and Dismiss each ask for a required reason
// (mod_reason_form.js) before `resolve_report`; the action itself (a mute, a ban) is the form's
// above. The reason form stays open across the page's refreshes while its report is open.

import { el } from '../common/dom.js';
import { keepFocus } from '../common/keep_focus.js';
import { momentInWords, nameInWords, errorInWords } from '../common/server_words.js';
import { reasonInWords, reportSubjectInWords } from '../common/report_words.js';
import { t } from '../i18n/index.js';
import { createReasonForm } from './mod_reason_form.js';

const NOTHING = '—';
const COLUMNS = ['reportWhen', 'reportBy', 'reportWhat', 'reportReason', 'reportWords'];

// A resolution refused, in words: the page's own for the codes whose general words would mislead.
function refusalInWords(error, id) {
  if (error.code === 'no_change') return t('moderation.resolvedAlready', { id });
  if (error.code === 'no_such_report') return t('moderation.noSuchReport', { id });
  if (error.code === 'not_allowed') return t('moderation.onlyModerators');
  return errorInWords(error);
}

function reportRow(report, choose) {
  const button = (outcome, words, label) =>
    el(
      'button',
      {
        type: 'button',
        id: `report-${outcome}-${report.id}`,
        class: 'button button--small',
        'aria-label': t(label, { id: report.id }),
        onclick: () => choose(report, outcome),
      },
      t(words),
    );
  return el(
    'tr',
    { 'data-report': String(report.id), 'data-about': report.about },
    el(
      'td',
      { class: 'mod-time' },
      el('time', { datetime: new Date(report.at).toISOString() }, momentInWords(report.at)),
    ),
    el('td', { class: 'mod-report-by' }, nameInWords(report.by)),
    el('td', { class: 'mod-report-what' }, reportSubjectInWords(report)),
    el('td', { class: 'mod-report-reason' }, reasonInWords(report.reason)),
    el('td', { class: 'mod-report-words mod-reason' }, report.words || NOTHING),
    el(
      'td',
      { class: 'mod-report-handle' },
      el(
        'div',
        { class: 'row row--wrap' },
        button('acted', 'moderation.act', 'moderation.actLabel'),
        button('dismissed', 'moderation.dismiss', 'moderation.dismissLabel'),
      ),
    ),
  );
}

function reportsTable(reports, choose) {
  if (!reports.length) return el('p', { class: 'hint' }, t('moderation.noReports'));
  const head = [...COLUMNS, 'reportHandle'].map((key) =>
    el('th', { scope: 'col' }, t(`moderation.${key}`)),
  );
  return el(
    'div',
    { class: 'mod-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'mod-reports-title' },
    el(
      'table',
      { class: 'mod-table', id: 'mod-reports-table' },
      el('thead', {}, el('tr', {}, head)),
      el(
        'tbody',
        {},
        reports.map((report) => reportRow(report, choose)),
      ),
    ),
  );
}

// `send(request)`: a promise of the server's answer; `done()` after each report resolved (the
// page asks for the view again).
export function createReportsSection({ send, done }) {
  const body = el('div', { class: 'mod-reports-body' });
  const formHost = el('div', { class: 'mod-reports-form' });
  const status = el('p', { class: 'mod-status', id: 'mod-report-status', role: 'status' });
  const section = el(
    'section',
    { class: 'mod-section', id: 'mod-reports', 'aria-labelledby': 'mod-reports-title' },
    // Focusable, so that the focus has somewhere to go once a resolved report's row is gone.
    el('h2', { id: 'mod-reports-title', tabindex: '-1' }, t('moderation.reportsTitle')),
    body,
    formHost,
    status,
  );
  let open = null; // { id, outcome } while a reason form is open

  function close(focusBack = true) {
    if (!open) return;
    const opener = `report-${open.outcome}-${open.id}`;
    open = null;
    formHost.replaceChildren();
    if (focusBack) document.getElementById(opener)?.focus();
  }

  async function resolve(id, outcome, reason) {
    try {
      await send({ type: 'resolve_report', report: id, outcome, reason });
    } catch (error) {
      return refusalInWords(error, id);
    }
    status.textContent = t(`moderation.resolved.${outcome}`, { id });
    close(false);
    section.querySelector('h2').focus();
    done();
    return null;
  }

  function choose(report, outcome) {
    close(false);
    status.textContent = '';
    const parts = createReasonForm({
      prefix: 'resolve',
      title: t(`moderation.resolveTitle.${outcome}`, { id: report.id }),
      intro: t('moderation.resolveIntro'),
      submitWords: t(`moderation.resolveSubmit.${outcome}`),
      onSubmit: (reason) => resolve(report.id, outcome, reason),
      onCancel: () => close(),
    });
    open = { id: report.id, outcome };
    formHost.replaceChildren(parts.form);
    parts.focus();
  }

  return {
    section,
    // The open reports as the server sent them; a form whose report is gone (handled by another
    // moderator) closes and says so.
    update(reports) {
      keepFocus(body, () => body.replaceChildren(reportsTable(reports, choose)));
      if (open && !reports.some((report) => report.id === open.id)) {
        status.textContent = t('moderation.resolvedAlready', { id: open.id });
        close(false);
      }
    },
  };
}
