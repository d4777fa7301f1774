// Quick pairing (PROTOCOL.md `seek`): the Play now form, the "Seeking…" state with Cancel, and
// the open seeks of the lobby, each of which is accepted by sending a matching seek. A seek with
// a day or more per move is a correspondence seek (PROTOCOL.md "Challenges"): the server lists
// it as an open challenge (lobby/open_challenges.js), and the form says so.

import { el, describeOptions } from '../common/dom.js';
import { CLOCK_CHOICES, describeClock } from '../common/clock.js';
import { optionFields, readOptions } from '../common/option_fields.js';
import { gameTitle as titleOf } from '../games/index.js';
import { t, tn } from '../i18n/index.js';
import { MORE_CORRESPONDENCE_CLOCKS, isCorrespondence } from '../common/challenge_terms.js';

const PREFIX = 'seek-opt';
// The create form's clocks and more correspondence ones (3 and 7 days per move).
const SEEK_CLOCKS = [...CLOCK_CHOICES, ...MORE_CORRESPONDENCE_CLOCKS];

// `actions` = { seek(request), cancelSeek() }. Returns the form card, the open seeks' list and
// the setters the lobby calls.
export function createPlayNow(actions) {
  const view = {
    games: [],
    signedIn: false,
    mySeek: null, // the id of this connection's open seek
    seeks: [],
    titleOf: (id) => id,
  };
  const form = el('form', {
    class: 'card play-card',
    id: 'play-now',
    'aria-labelledby': 'play-title',
  });
  // Said once a correspondence seek is listed (a polite live region, there from the start).
  const listed = el('p', { class: 'seek-listed', id: 'seek-listed', role: 'status' });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = readForm(form, view.games);
    listed.textContent = '';
    if (request) actions.seek(request);
  });
  const seekingBox = el(
    'div',
    { class: 'seeking', id: 'seeking', role: 'status', hidden: true },
    el('span', {}, t('playNow.seeking')),
    el(
      'button',
      { type: 'button', class: 'button', id: 'cancel-seek', onclick: () => actions.cancelSeek() },
      t('playNow.cancel'),
    ),
  );
  const list = el('ul', { class: 'room-list', id: 'open-seeks' });

  function showSeeking() {
    seekingBox.hidden = view.mySeek === null;
    const button = form.querySelector('#seek-button');
    if (button) button.disabled = view.mySeek !== null;
  }
  function render() {
    renderForm(form, view, seekingBox, listed);
    showSeeking();
  }
  function renderSeeks() {
    const items = view.seeks.map((s) => seekItem(s, view, actions));
    list.replaceChildren(
      ...(items.length ? items : [el('li', { class: 'room-empty' }, t('playNow.nobody'))]),
    );
  }

  return {
    card: form,
    list,
    setGames(games) {
      view.games = games;
      render();
    },
    // Whether the player has an account (rated seeks need one).
    setSignedIn(value) {
      if (view.signedIn === value) return;
      view.signedIn = value;
      if (view.games.length) render();
      renderSeeks();
    },
    // The open seek's id, or null once it was paired, cancelled or lost with the connection.
    setSeeking(id) {
      view.mySeek = id;
      showSeeking();
      renderSeeks();
    },
    // A correspondence seek was listed as an open challenge (`challenge_sent`).
    setListed() {
      listed.textContent = t('challenge.playNow.listed');
    },
    setSeeks(seeks, gameTitle) {
      view.seeks = seeks;
      view.titleOf = gameTitle;
      renderSeeks();
    },
  };
}

function renderForm(form, view, seekingBox, listed) {
  const select = el(
    'select',
    { id: 'seek-game', name: 'game' },
    view.games.map((g) => el('option', { value: g.id }, titleOf(g.id, g.title))),
  );
  const optionsBox = el('div', { class: 'option-fields' });
  const clock = el(
    'select',
    { id: 'seek-clock', 'aria-describedby': 'seek-clock-help' },
    SEEK_CLOCKS.map((c, i) => el('option', { value: String(i) }, t(c.label))),
  );
  const clockHelp = el(
    'p',
    { class: 'hint', id: 'seek-clock-help', hidden: true },
    t('challenge.playNow.correspondenceHelp'),
  );
  clock.addEventListener('change', () => {
    clockHelp.hidden = !isCorrespondence(SEEK_CLOCKS[Number(clock.value)].value);
  });
  const rated = el('input', {
    type: 'checkbox',
    id: 'seek-rated',
    disabled: !view.signedIn,
    'aria-describedby': 'seek-rated-help',
  });
  form.replaceChildren(
    el('h2', { id: 'play-title' }, t('playNow.title')),
    el('p', { class: 'hint' }, t('playNow.intro')),
    el('div', { class: 'field' }, el('label', { for: 'seek-game' }, t('lobby.game')), select),
    optionsBox,
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'seek-clock' }, t('lobby.clock')),
      clock,
      clockHelp,
    ),
    el(
      'div',
      { class: 'field field--check' },
      rated,
      el('label', { for: 'seek-rated' }, t('lobby.rated')),
      el(
        'p',
        { class: 'hint', id: 'seek-rated-help' },
        view.signedIn ? t('playNow.ratedOnly') : t('playNow.ratedNeedsAccount'),
      ),
    ),
    el(
      'button',
      { type: 'submit', class: 'button button--primary', id: 'seek-button' },
      t('playNow.title'),
    ),
    seekingBox,
    listed,
  );
  const fill = () => {
    const game = view.games.find((g) => g.id === select.value);
    optionsBox.replaceChildren(...(game ? optionFields(game, PREFIX) : []));
  };
  select.addEventListener('change', fill);
  fill();
}

function readForm(form, games) {
  const gameId = form.querySelector('#seek-game').value;
  const game = games.find((g) => g.id === gameId);
  if (!game) return null;
  const request = { game: gameId, options: readOptions(form, game, PREFIX) };
  const clock = SEEK_CLOCKS[Number(form.querySelector('#seek-clock').value)];
  if (clock && clock.value) request.clock = clock.value;
  if (form.querySelector('#seek-rated').checked) request.rated = true;
  return request;
}

// One open seek; "Play" sends a seek with the same game, options, clock and rated flag.
function seekItem(seek, view, actions) {
  const title = view.titleOf(seek.game);
  const terms = [
    describeOptions(seek.options, seek.game),
    describeClock(seek.clock) || t('playNow.noClock'),
    seek.rated ? t('playNow.rated') : t('playNow.casual'),
  ].filter(Boolean);
  const accept = el(
    'button',
    {
      class: 'button button--primary',
      type: 'button',
      disabled: seek.rated && !view.signedIn,
      'aria-label': t('playNow.playWith', { title, name: seek.name }),
      onclick: () =>
        actions.seek({
          game: seek.game,
          options: seek.options,
          clock: seek.clock,
          rated: seek.rated,
        }),
    },
    t('playNow.play'),
  );
  return el(
    'li',
    { class: 'room-item seek-item', 'data-seek': String(seek.seek) },
    el(
      'div',
      { class: 'room-main' },
      el('span', { class: 'room-game' }, title),
      el('span', { class: 'room-options' }, terms.join(' · ')),
    ),
    el('div', { class: 'room-players' }, `${seek.name} (${seek.rating})`),
    el('div', { class: 'room-meta' }, tn('playNow.players', seek.seat_count)),
    el(
      'div',
      { class: 'room-actions' },
      seek.seek === view.mySeek ? el('span', { class: 'hint' }, t('playNow.yourSeek')) : accept,
    ),
  );
}
