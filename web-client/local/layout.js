// The page's elements: title, the result and what to do next, the status line, the board (and
// the screen-reader panel) and the moves played. Handlers and words come from the page.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';

// `title`, `against` (who plays what), `againPath` (the same game afresh), `onPass`.
export function buildLayout(host, { title, against, againPath, onPass }) {
  const status = el('p', { class: 'local-status', id: 'local-status', 'aria-live': 'polite' });
  const error = el('p', { class: 'local-error', id: 'local-error', role: 'alert' });
  const banner = el('div', {
    class: 'result-banner',
    id: 'result-banner',
    role: 'status',
    hidden: true,
  });
  const boardHost = el('div', { class: 'board-host', id: 'board-host' });
  const readerHost = el('div', { class: 'reader-host', id: 'reader-host', hidden: true });
  const pass = el(
    'button',
    {
      type: 'button',
      class: 'button',
      id: 'local-pass',
      hidden: true,
      onclick: onPass,
    },
    t('analysis.pass'),
  );
  const moves = el('ol', { class: 'local-moves', id: 'local-moves' });
  const analyse = el(
    'a',
    { class: 'button', id: 'local-analyse', href: '/' },
    t('analysis.analyse'),
  );
  const again = el(
    'a',
    {
      class: 'button button--primary',
      id: 'local-again',
      href: againPath,
    },
    t('offline.again'),
  );
  const after = el(
    'div',
    { class: 'row row--wrap local-after', id: 'local-after', hidden: true },
    again,
    analyse,
  );

  host.replaceChildren(
    el(
      'div',
      { class: 'local-head' },
      el('h1', {}, title),
      el('p', { class: 'hint' }, against),
      el('a', { href: '/', class: 'button button--small' }, t('room.backToLobby')),
    ),
    banner,
    after,
    el(
      'div',
      { class: 'local-body' },
      el('div', { class: 'local-main' }, status, error, readerHost, boardHost, pass),
      el(
        'section',
        { class: 'local-side', 'aria-labelledby': 'local-moves-title' },
        el('h2', { id: 'local-moves-title' }, t('offline.moves')),
        moves,
      ),
    ),
  );
  return { status, error, banner, boardHost, readerHost, pass, moves, analyse, after };
}
