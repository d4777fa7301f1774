// "My reports" in the account area (#31): what became of the account's reports, newest first
// (`my_reports`): when each was sent, what about, the reason, and whether it is open or handled
// (action taken or dismissed) with when. It opens in the place of the account's buttons like
// the account's forms; Close or Escape closes it and gives the focus back to the button.

import { el } from './dom.js';
import { t } from '../i18n/index.js';
import { smallButton } from './account_form_parts.js';
import { momentInWords } from './server_words.js';
import {
  reasonInWords,
  reportRefusal,
  reportStatusInWords,
  reportSubjectInWords,
} from './report_words.js';

function reportItem(report) {
  return el(
    'li',
    { class: 'my-report', 'data-report': String(report.id), 'data-status': report.status },
    el('span', { class: 'my-report-status' }, reportStatusInWords(report)),
    ' · ',
    el('span', { class: 'my-report-subject' }, reportSubjectInWords(report)),
    ' · ',
    el('span', { class: 'my-report-reason' }, reasonInWords(report.reason)),
    report.words ? el('span', { class: 'my-report-words' }, ` · ${report.words}`) : null,
    el(
      'span',
      { class: 'hint my-report-sent' },
      ' ',
      t('reports.sentAt', { time: momentInWords(report.at) }),
    ),
  );
}

// The panel's contents once the server answered (or refused).
function contents(answer) {
  if (answer.failure) return el('p', { role: 'alert' }, reportRefusal(answer.failure));
  if (!answer.reports.length) return el('p', { class: 'hint' }, t('reports.noReports'));
  return el(
    'ul',
    { class: 'my-reports-list', id: 'my-reports-list' },
    answer.reports.map(reportItem),
  );
}

// `myReports()`: a promise of the `my_reports` answer; `shown()` is called when the panel opens
// or closes; `signedIn()` whether the button is still there to take the focus back.
export function createMyReports(host, { myReports, shown, signedIn }) {
  let panel = null;
  const button = smallButton('my-reports', t('reports.myReports'), openPanel);

  function close() {
    if (!panel) return;
    panel.remove();
    panel = null;
    shown();
    if (signedIn()) button.focus();
  }

  async function openPanel() {
    const body = el(
      'div',
      { 'aria-busy': 'true' },
      el('p', { class: 'hint' }, t('reports.loading')),
    );
    const closeButton = el(
      'button',
      { type: 'button', id: 'my-reports-close', class: 'button button--small', onclick: close },
      t('reports.close'),
    );
    const opened = el(
      'section',
      { class: 'my-reports', id: 'my-reports-panel', 'aria-labelledby': 'my-reports-title' },
      el('h2', { id: 'my-reports-title' }, t('reports.myReportsTitle')),
      body,
      closeButton,
    );
    opened.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation(); // only the panel closes, not the phone's menu around it
      close();
    });
    panel = opened;
    host.append(opened);
    shown();
    closeButton.focus();
    let answer;
    try {
      answer = await myReports();
    } catch (failure) {
      answer = { failure };
    }
    if (panel !== opened) return; // closed meanwhile
    body.replaceChildren(contents(answer));
    body.removeAttribute('aria-busy');
  }

  return { button, close, isOpen: () => panel !== null };
}
