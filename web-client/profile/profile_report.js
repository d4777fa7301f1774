// "Report <player>" on a profile page (#31), for an account looking at someone else's profile,
// on the page's connection (profile_connection.js: opened only when a token is stored already).

import { el, toast } from '../common/dom.js';
import { createReportForm } from '../common/report_form.js';
import { t } from '../i18n/index.js';
import { onIdentity, profileConnection } from './profile_connection.js';

// The place of the Report button under the profile's heading, for account `account`: filled
// once the connection's welcome says an account other than that one is signed in. Its
// `data-viewer` says who the page knows is looking once it knows: `nobody` (no stored token, so
// no connection), `guest`, `self` or `account`.
export function offerReport(account) {
  const host = el('div', { class: 'profile-report', id: 'profile-report' });
  const connection = profileConnection();
  if (!connection) {
    host.dataset.viewer = 'nobody';
    return host;
  }
  const fill = (welcome) => {
    if (host.querySelector('#report-form')) return; // a reconnect keeps the form being filled
    const mine = welcome.account || '';
    const self = mine.toLowerCase() === account.toLowerCase();
    const other = mine && !self;
    host.dataset.viewer = !mine ? 'guest' : self ? 'self' : 'account';
    host.replaceChildren(other ? reportButton(host, account, connection) : '');
  };
  onIdentity(connection, fill);
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
