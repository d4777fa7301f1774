// The analysis board's elements: title, board, dice, and beside them the steps through the line,
// the live region, the move list, the notation form and the links. Handlers come from the page.

import { el, rulesLink } from '../common/dom.js';
import { gameTexts } from '../games/index.js';
import { t } from '../i18n/index.js';

const button = (id, text, onclick, attrs = {}) =>
  el('button', { type: 'button', class: 'button button--small', id, onclick, ...attrs }, text);

// «, ◀, ▶, » and Pass; `handlers` = { first, back, forward, last, pass }.
function navigation(handlers) {
  const steps = [
    ['first', '«', 'Home'],
    ['back', '◀', 'ArrowLeft'],
    ['forward', '▶', 'ArrowRight'],
    ['last', '»', 'End'],
  ];
  const buttons = {};
  for (const [name, text, key] of steps) {
    const label = t(`analysis.${name}`);
    buttons[name] = button(`analysis-${name}`, text, handlers[name], {
      'aria-label': label,
      title: label,
      'aria-keyshortcuts': key,
    });
  }
  const pass = button('analysis-pass', t('analysis.pass'), handlers.pass, { hidden: true });
  const row = el(
    'div',
    {
      class: 'row row--wrap analysis-controls',
      role: 'group',
      'aria-label': t('analysis.navigation'),
    },
    Object.values(buttons),
    pass,
  );
  return { row, buttons, pass };
}

// The notation field with Set up and Start of the game; `handlers` = { setUp(text), fromStart }.
function setUpForm(handlers) {
  const notation = el('input', {
    id: 'analysis-notation',
    class: 'analysis-notation',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-describedby': 'analysis-error',
  });
  const error = el('p', { class: 'analysis-error', id: 'analysis-error', role: 'alert' });
  const form = el(
    'form',
    { class: 'analysis-setup', id: 'analysis-setup' },
    el('label', { for: 'analysis-notation' }, t('analysis.notation')),
    notation,
    el(
      'div',
      { class: 'row row--wrap' },
      el(
        'button',
        { type: 'submit', class: 'button button--small', id: 'analysis-set-up' },
        t('analysis.setUp'),
      ),
      button('analysis-from-start', t('analysis.fromStart'), handlers.fromStart),
    ),
    error,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    handlers.setUp(notation.value);
  });
  return { form, notation, error };
}

// The page in `host` for `game`; `handlers` = { first, back, forward, last, pass, setUp(text),
// fromStart, copyNotation, copyLink }.
export function buildLayout(host, game, handlers) {
  const steps = navigation(handlers);
  const setUp = setUpForm(handlers);
  const live = el('p', { class: 'analysis-live', id: 'analysis-live', role: 'status' });
  const link = el('a', { id: 'analysis-link', href: location.pathname }, t('analysis.link'));
  const boardHost = el('div', { class: 'board-host', id: 'board-host' });
  const readerHost = el('div', { class: 'reader-host', id: 'reader-host', hidden: true });
  const diceHost = el('div', { class: 'analysis-dice-host' });
  const movesHost = el('div', { class: 'analysis-moves' });
  const engineHost = el('div', { class: 'analysis-engine-host' });
  const reviewHost = el('div', { class: 'analysis-review-host' });
  host.replaceChildren(
    el(
      'section',
      { class: 'analysis-page', 'aria-labelledby': 'analysis-title' },
      el(
        'header',
        { class: 'analysis-head' },
        el(
          'h1',
          { id: 'analysis-title' },
          t('analysis.pageTitle', { title: gameTexts(game).title }),
        ),
        el(
          'div',
          { class: 'row row--wrap' },
          rulesLink(game, { class: 'button button--small' }),
          el('a', { class: 'button button--small', href: '/' }, t('rules.backToLobby')),
        ),
      ),
      el(
        'div',
        { class: 'analysis-body' },
        el('div', { class: 'analysis-main' }, readerHost, boardHost),
        el(
          'aside',
          { class: 'analysis-side card', 'aria-label': t('analysis.side') },
          steps.row,
          diceHost,
          live,
          movesHost,
          engineHost,
          reviewHost,
          setUp.form,
          el(
            'div',
            { class: 'row row--wrap analysis-share' },
            button('analysis-copy-notation', t('analysis.copyNotation'), handlers.copyNotation),
            button('analysis-copy-link', t('analysis.copyLink'), handlers.copyLink),
            link,
          ),
        ),
      ),
    ),
  );
  return {
    ...steps,
    ...setUp,
    live,
    link,
    readerHost,
    boardHost,
    diceHost,
    movesHost,
    engineHost,
    reviewHost,
  };
}
