// "Report <player>" on a profile page (#31), for an account looking at someone else's profile.
// The page opens a connection only when a token is stored already: a visitor who never played
// stays a visitor (no guest is made for reading a profile), and a guest's hello says who it is.

import { Connection } from '../common/connection.js';
import { el, toast } from '../common/dom.js';
import { createReportForm } from '../common/report_form.js';
import { t } from '../i18n/index.js';

const TOKEN_KEY = 'quadra.token'; // connection.js's

function storedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let connection = null; // opened once, for every profile the page shows

// The place of the Report button under the profile's heading, for account `account`: filled
// once the connection's welcome says an account other than that one is signed in.
export function offerReport(account) {
  const host = el('div', { class: 'profile-report', id: 'profile-report' });
  if (!storedToken()) return host;
  if (!connection) {
    connection = new Connection();
    connection.start();
  }
  const fill = (welcome) => {
    if (host.querySelector('#report-form')) return; // a reconnect keeps the form being filled
    const mine = welcome.account || '';
    const other = mine && mine.toLowerCase() !== account.toLowerCase();
    host.replaceChildren(other ? reportButton(host, account, connection) : '');
  };
  if (connection.identity) fill(connection.identity);
  connection.on('welcome', fill);
  return host;
}

function reportButton(host, account, conn) {
  const button = el(
    'button',
    { type: 'button', id: 'report-player', class: 'button button--small' },
    t('reports.reportPlayer', { name: account }),
  );
  const close = () => {
    host.querySelector('#report-form')?.remove();
    button.hidden = false;
    button.focus();
  };
  button.addEventListener('click', () => {
    const parts = createReportForm({
      subject: { about: 'player', name: account },
      title: t('reports.titlePlayer', { name: account }),
      send: (request) => conn.request(request),
      sent: () => {
        toast(t('reports.sent'), 'info');
        close();
      },
      cancel: close,
    });
    button.hidden = true;
    host.append(parts.form);
    parts.focus();
  });
  return button;
}
