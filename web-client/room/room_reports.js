// Reports from a room (#31): a Report button on other people's chat lines and a quiet "Report
// this game" at the end of the chat panel, for accounts only (the server refuses guests). The
// form (common/report_form.js) opens below the chat, one at a time; once the server took the
// report a toast thanks the reporter and the focus goes back where the form was opened.

import { el, toast } from '../common/dom.js';
import { createReportForm } from '../common/report_form.js';
import { nameInWords } from '../common/server_words.js';
import { t } from '../i18n/index.js';

// `actions.identity()`: the last `welcome` (an account's has `account`); `actions.report(request)`:
// a promise of the server's answer. Returns the panel to place after the chat form and the hooks
// the life panel calls.
export function createRoomReports(actions) {
  const formHost = el('div', { class: 'report-host' });
  const gameButton = el(
    'button',
    {
      type: 'button',
      id: 'report-game',
      class: 'button button--small button--quiet report-game',
      hidden: true,
      onclick: () => openGameReport(),
    },
    t('reports.reportGame'),
  );
  const panel = el('div', { class: 'room-reports' }, formHost, gameButton);
  let room = null;
  let open = null; // { opener } while a form is open

  const me = () => {
    const welcome = actions.identity();
    return welcome && welcome.account ? welcome : null;
  };

  function close() {
    if (!open) return;
    const { opener } = open;
    open = null;
    formHost.replaceChildren();
    if (opener.isConnected) opener.focus();
  }

  function openForm(subject, title, quoted, opener) {
    close();
    const parts = createReportForm({
      subject,
      title,
      quoted,
      send: actions.report,
      sent: () => {
        toast(t('reports.sent'), 'info');
        close();
      },
      cancel: close,
    });
    open = { opener };
    formHost.replaceChildren(parts.form);
    parts.focus();
  }

  function openGameReport() {
    if (!room) return;
    openForm({ about: 'game', room }, t('reports.titleGame', { room }), null, gameButton);
  }

  return {
    panel,
    update(snapshot) {
      if (room !== snapshot.room) close();
      room = snapshot.room;
      gameButton.hidden = !me();
    },
    // Adds a Report button to chat line `line` shown as `item`, unless it is the viewer's own or
    // the viewer is a guest. A line is the viewer's when it carries the viewer's name.
    decorate(item, line) {
      const viewer = me();
      if (!viewer || line.name === viewer.name || typeof line.at !== 'number') return;
      const name = nameInWords(line.name);
      const button = el(
        'button',
        {
          type: 'button',
          class: 'button button--quiet report-line',
          'aria-label': t('reports.reportLine', { name }),
        },
        t('reports.report'),
      );
      button.addEventListener('click', () =>
        openForm(
          { about: 'chat', room: line.room, at: line.at },
          t('reports.titleLine', { name }),
          line.text,
          button,
        ),
      );
      item.append(button);
    },
    close,
  };
}
