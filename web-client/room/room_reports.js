// Reports from a room (#31): a Report button on other people's chat lines and a quiet "Report
// this game" at the end of the chat panel, for accounts only (the server refuses guests). The
// form (common/report_form.js) opens below the chat, one at a time; once the server took the
// report a toast thanks the reporter and the focus goes back where the form was opened. A
// moderator also gets Hide beside Report (chat_hiding.js), whose form opens in the same place.

import { el, toast } from '../common/dom.js';
import { createReportForm } from '../common/report_form.js';
import { nameInWords } from '../common/server_words.js';
import { t } from '../i18n/index.js';
import { createHideForm, hideButton } from './chat_hiding.js';
import { mayHideLine } from './hide_chat_words.js';

// `actions.identity()`: the last `welcome` (an account's has `account`, a moderator's `role`);
// `actions.report(request)` and `actions.hideChat(request)`: promises of the server's answer.
// Returns the panel to place after the chat form and the hooks the life panel calls.
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
  let open = null; // { opener, at } while a form is open; `at`: its chat line's, if any

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

  // Shows the form `parts` ({ form, focus }) opened by `opener`, about chat line time `at`.
  function show(parts, opener, at = null) {
    open = { opener, at };
    formHost.replaceChildren(parts.form);
    parts.focus();
  }

  function openReport(subject, title, quoted, opener) {
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
    show(parts, opener, subject.at ?? null);
  }

  function openHide(line, opener) {
    close();
    const parts = createHideForm(line, {
      send: actions.hideChat,
      hidden: () => {
        toast(t('moderation.hideChat.done'), 'info');
        close();
      },
      cancel: close,
    });
    show(parts, opener, line.at);
  }

  function openGameReport() {
    if (!room) return;
    openReport({ about: 'game', room }, t('reports.titleGame', { room }), null, gameButton);
  }

  return {
    panel,
    update(snapshot) {
      if (room !== snapshot.room) close();
      room = snapshot.room;
      gameButton.hidden = !me();
    },
    // Adds a Report button to chat line `line` shown as `item`, unless it is the viewer's own or
    // the viewer is a guest (a line is the viewer's when it carries the viewer's name), and a
    // Hide button for a moderator.
    decorate(item, line) {
      const viewer = me();
      if (!viewer || line.name === viewer.name || typeof line.at !== 'number') return;
      const button = reportLineButton(line, () =>
        openReport(
          { about: 'chat', room: line.room, at: line.at },
          t('reports.titleLine', { name: nameInWords(line.name) }),
          line.text,
          button,
        ),
      );
      item.append(button);
      if (actions.hideChat && mayHideLine(viewer, line)) {
        const hide = hideButton(line, () => openHide(line, hide));
        item.append(hide);
      }
    },
    // Chat line `at` was hidden: a form about it closes, the focus staying for the life panel to
    // place (its opener goes with the line). Returns whether the focus was in that form.
    lineGone(at) {
      if (!open || open.at !== at) return false;
      const hadFocus = formHost.contains(document.activeElement);
      open = null;
      formHost.replaceChildren();
      return hadFocus;
    },
    close,
  };
}

// The Report button of chat line `line`; `onclick` opens its form.
function reportLineButton(line, onclick) {
  return el(
    'button',
    {
      type: 'button',
      class: 'button button--quiet report-line',
      'aria-label': t('reports.reportLine', { name: nameInWords(line.name) }),
      onclick,
    },
    t('reports.report'),
  );
}
