// The lobby: display name, the live list of rooms, the create-room form generated from the
// server's game catalogue (`games`), and joining or watching by code.

import { el, describeOptions, rulesLink } from '../common/dom.js';
import { GAME_IDS, gameSummary, gameTitle as titleOf } from '../games/index.js';
import { t, tn } from '../i18n/index.js';
import { nameInWords } from '../common/server_words.js';
import { CLOCK_CHOICES } from '../common/clock.js';
import { optionFields, readOptions } from '../common/option_fields.js';
import { createYourGames } from './your_games.js';
import { createLeaderboardCard } from './leaderboard.js';
import { createLobbyEvents } from './lobby_events.js';
import { seatCountOf, takebackChoiceShown } from '../common/takebacks.js';

// Builds the lobby into `host`. `actions` = { rename(name), create(request), join(code, as),
// resume(code), replay(code) }; `playNow` (play_now.js): the Play now form and the open seeks'
// list it shows; `playComputer` (play_computer.js): the Play the computer form, at the top of the
// main column beside Play now, so that a laptop's first screen shows both; `challenges`
// (challenge_client.js): the challenges panel, the open challenges listed under the seeks, and
// the challenge form the leaderboards' and the finished games' Challenge buttons open.
export function createLobby(host, actions, playNow, playComputer, challenges) {
  let games = [];
  let rooms = [];
  let seeks = [];
  let signedIn = false; // rated rooms need an account (welcome's `account`)

  const { nameInput, nameForm, joinForm } = nameAndJoinForms(actions);
  const createForm = el('form', { class: 'card create-card', 'aria-labelledby': 'create-title' });
  createForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = readCreateForm(createForm, games);
    if (request) actions.create(request);
  });
  // The game, its seat count or the Rated box changed: the takebacks box shows or hides.
  createForm.addEventListener('change', () => showTakebackChoice(createForm, games));

  const openList = el('ul', { class: 'room-list', id: 'open-rooms' });
  const liveList = el('ul', { class: 'room-list', id: 'live-rooms' });
  const roomsCard = el(
    'section',
    { class: 'card rooms-card', 'aria-labelledby': 'rooms-title' },
    el('h2', { id: 'seeks-title' }, t('lobby.seeking')),
    playNow.list,
    challenges.openTitle,
    challenges.openHint,
    challenges.openList,
    el('h2', { id: 'rooms-title' }, t('lobby.openRooms')),
    openList,
    el('h2', {}, t('lobby.liveGames')),
    liveList,
  );

  const yourGames = createYourGames(actions, (id) => gameTitle(id), challenges.offer);

  const leaderboard = createLeaderboardCard(10, challenges.offer);
  const events = createLobbyEvents();

  const invite = el('div', { class: 'invite-host' });
  host.replaceChildren(
    invite,
    el(
      'div',
      { class: 'lobby-grid' },
      el('div', { class: 'lobby-side' }, nameForm, playNow.card, createForm, joinForm, learnCard()),
      el(
        'div',
        { class: 'lobby-main' },
        playComputer.card,
        events.card,
        yourGames.card,
        challenges.panel,
        roomsCard,
        leaderboard.card,
      ),
    ),
  );

  function gameTitle(id) {
    const game = games.find((g) => g.id === id);
    return titleOf(id, game ? game.title : id);
  }

  function renderRooms() {
    const item = (room) => roomItem(room, gameTitle(room.game), actions);
    const open = rooms.filter((r) => r.status === 'waiting');
    const live = rooms.filter((r) => r.status === 'playing');
    fillList(openList, open.map(item), t('lobby.noOpenRooms'));
    fillList(liveList, live.map(item), t('lobby.noLiveGames'));
    playNow.setSeeks(seeks, gameTitle);
  }

  return {
    showInvite: (code) => showInvite(invite, code, nameInput.value, actions),
    setName(name) {
      if (document.activeElement !== nameInput) nameInput.value = name;
    },
    setGames(list) {
      games = list;
      renderCreateForm(createForm, games);
      showRatedChoice(createForm, signedIn);
      showTakebackChoice(createForm, games);
      playNow.setGames(games);
      leaderboard.setGames(games);
      renderRooms();
      yourGames.render();
    },
    // The public rooms and the open seeks of a `rooms` message.
    setRooms(list, openSeeks = []) {
      rooms = list;
      seeks = openSeeks;
      renderRooms();
    },
    // Whether the player has an account: the Rated box is offered to accounts only, and the
    // Challenge buttons of the leaderboards and the finished games (after challenges.setAccount).
    setSignedIn(value) {
      signedIn = value;
      showRatedChoice(createForm, signedIn);
      showTakebackChoice(createForm, games);
      leaderboard.refresh();
      yourGames.render();
    },
    // The running and next events (a `list_events` answer; null: none to show).
    setEvents: (answer) => events.set(answer),
    // The identity's own games (the server's `my_games` answer).
    setMyGames(answer) {
      yourGames.setMine(answer);
    },
    // "Your games" in view, with the focus on its heading (the header's turn badge).
    showMyGames: () => yourGames.show(),
    gameTitle,
  };
}

// The name form and the join-by-code form.
function nameAndJoinForms(actions) {
  const nameInput = el('input', {
    id: 'name-input',
    type: 'text',
    maxlength: '24',
    autocomplete: 'nickname',
    placeholder: t('lobby.guest'),
  });
  const nameForm = el(
    'form',
    { class: 'card name-card', 'aria-labelledby': 'name-title' },
    el('h2', { id: 'name-title' }, t('lobby.yourName')),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'name-input', class: 'sr-only' }, t('lobby.displayName')),
      nameInput,
      el('button', { type: 'submit', class: 'button' }, t('lobby.save')),
    ),
  );
  nameForm.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.rename(nameInput.value.trim());
  });

  const codeInput = el('input', {
    id: 'code-input',
    type: 'text',
    maxlength: '16',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'K7QM3X',
    class: 'code-input',
  });
  const joinForm = el(
    'form',
    { class: 'card', 'aria-labelledby': 'join-title' },
    el('h2', { id: 'join-title' }, t('lobby.joinByCode')),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'code-input', class: 'sr-only' }, t('lobby.roomCode')),
      codeInput,
      el(
        'button',
        { type: 'submit', class: 'button button--primary', name: 'play' },
        t('lobby.join'),
      ),
      el(
        'button',
        { type: 'button', class: 'button', onclick: () => submitCode('spectator') },
        t('lobby.watch'),
      ),
    ),
  );
  joinForm.addEventListener('submit', (event) => {
    event.preventDefault();
    submitCode('player');
  });
  function submitCode(as) {
    const code = codeInput.value
      .trim()
      .replace(/^.*[/#]/, '')
      .toUpperCase();
    if (code) actions.join(code, as);
  }

  return { nameInput, nameForm, joinForm };
}

// --- create form -------------------------------------------------------------------------------

function renderCreateForm(createForm, games) {
  const select = el(
    'select',
    { id: 'create-game', name: 'game' },
    games.map((g) => el('option', { value: g.id }, titleOf(g.id, g.title))),
  );
  const summary = el('p', { class: 'hint', id: 'create-summary' });
  const rulesHost = el('p', { class: 'hint create-rules' });
  const optionsBox = el('div', { class: 'option-fields' });
  const publicBox = el('input', { type: 'checkbox', id: 'create-public', checked: true });
  const ratedBox = el('input', {
    type: 'checkbox',
    id: 'create-rated',
    'aria-describedby': 'create-rated-help',
  });
  const clock = el(
    'select',
    { id: 'create-clock', 'aria-describedby': 'create-clock-help' },
    CLOCK_CHOICES.map((c, i) => el('option', { value: String(i) }, t(c.label))),
  );
  createForm.replaceChildren(
    el('h2', { id: 'create-title' }, t('lobby.newGame')),
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'create-game' }, t('lobby.game')),
      select,
      summary,
      rulesHost,
    ),
    optionsBox,
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'create-clock' }, t('lobby.clock')),
      clock,
      el('p', { class: 'hint', id: 'create-clock-help' }, t('lobby.clockHelp')),
    ),
    el(
      'div',
      { class: 'field field--check' },
      publicBox,
      el('label', { for: 'create-public' }, t('lobby.public')),
    ),
    el(
      'div',
      { class: 'field field--check' },
      ratedBox,
      el('label', { for: 'create-rated' }, t('lobby.rated')),
      el('p', { class: 'hint', id: 'create-rated-help' }),
    ),
    takebackField(),
    el(
      'button',
      { type: 'submit', class: 'button button--primary', id: 'create-button' },
      t('lobby.createRoom'),
    ),
  );
  const fill = () => {
    const game = games.find((g) => g.id === select.value);
    summary.textContent = game ? gameSummary(game.id, game.summary) : '';
    rulesHost.replaceChildren(game ? rulesLink(game.id, { id: 'create-rules-link' }) : '');
    optionsBox.replaceChildren(...(game ? optionFields(game) : []));
  };
  select.addEventListener('change', fill);
  fill();
}

// The Rated box: enabled for an account, disabled for a guest with the reason beside it.
function showRatedChoice(createForm, signedIn) {
  const box = createForm.querySelector('#create-rated');
  if (!box) return;
  box.disabled = !signedIn;
  if (!signedIn) box.checked = false;
  createForm.querySelector('#create-rated-help').textContent = signedIn
    ? t('lobby.ratedHelp')
    : t('lobby.ratedNeedsAccount');
}

// The "Allow takebacks" box (common/takebacks.js): a casual 2-player room always allows them,
// so it is shown only for a rated or 4-player game (showTakebackChoice).
function takebackField() {
  return el(
    'div',
    { class: 'field field--check', id: 'create-takebacks-field', hidden: true },
    el('input', {
      type: 'checkbox',
      id: 'create-takebacks',
      'aria-describedby': 'create-takebacks-help',
    }),
    el('label', { for: 'create-takebacks' }, t('takeback.lobby.allow')),
    el('p', { class: 'hint', id: 'create-takebacks-help' }, t('takeback.lobby.allowHelp')),
  );
}

// Shows the takebacks box for the game and seat count chosen when the room would be rated or
// have more than two seats; a hidden box is unchecked, so it never sends a choice unseen.
function showTakebackChoice(createForm, games) {
  const field = createForm.querySelector('#create-takebacks-field');
  if (!field) return;
  const game = games.find((g) => g.id === createForm.querySelector('#create-game').value);
  const seatsControl =
    game && game.seats_option && createForm.querySelector(`#opt-${game.seats_option}`);
  const seats = game ? seatCountOf(game, seatsControl ? seatsControl.value : '') : 2;
  field.hidden = !takebackChoiceShown(seats, createForm.querySelector('#create-rated').checked);
  if (field.hidden) createForm.querySelector('#create-takebacks').checked = false;
}

function readCreateForm(createForm, games) {
  const gameId = createForm.querySelector('#create-game').value;
  const game = games.find((g) => g.id === gameId);
  if (!game) return null;
  const request = {
    game: gameId,
    options: readOptions(createForm, game),
    public: createForm.querySelector('#create-public').checked,
  };
  const clock = CLOCK_CHOICES[Number(createForm.querySelector('#create-clock').value)];
  if (clock && clock.value) request.clock = clock.value;
  if (createForm.querySelector('#create-rated').checked) request.rated = true;
  const takebacks = createForm.querySelector('#create-takebacks');
  if (takebacks && takebacks.checked && !takebacks.closest('[hidden]')) request.takebacks = true;
  return request;
}

// --- room lists --------------------------------------------------------------------------------

function fillList(list, items, emptyText) {
  list.replaceChildren(...(items.length ? items : [el('li', { class: 'room-empty' }, emptyText)]));
}

function roomItem(room, title, actions) {
  const names = room.seats.map((s) => (s ? nameInWords(s.name) : t('lobby.openSeat')));
  const free = room.seat_count - room.seats_taken;
  const buttons = [];
  if (room.status === 'waiting' && free > 0) {
    buttons.push(
      el(
        'button',
        {
          class: 'button button--primary',
          type: 'button',
          'aria-label': t('lobby.joinRoom', { room: room.room }),
          onclick: () => actions.join(room.room, 'player'),
        },
        t('lobby.join'),
      ),
    );
  }
  buttons.push(
    el(
      'button',
      {
        class: 'button',
        type: 'button',
        'aria-label': t('lobby.watchRoom', { room: room.room }),
        onclick: () => actions.join(room.room, 'spectator'),
      },
      t('lobby.watch'),
    ),
  );
  return el(
    'li',
    { class: 'room-item', 'data-room': room.room },
    el(
      'div',
      { class: 'room-main' },
      el('span', { class: 'room-game' }, title),
      el('span', { class: 'room-code' }, room.room),
      el('span', { class: 'room-options' }, describeOptions(room.options, room.game)),
      room.rated
        ? el('span', { class: 'pill pill--quiet room-rated' }, t('lobby.ratedBadge'))
        : null,
      // Said for a room allowing takebacks though rated or 4-player (a casual 2-player room's
      // entry says nothing: they always do).
      room.takebacks
        ? el(
            'span',
            {
              class: 'pill pill--quiet room-takebacks',
              title: t('takeback.lobby.badgeName'),
            },
            t('takeback.lobby.badge'),
          )
        : null,
    ),
    el('div', { class: 'room-players' }, names.join(' · ')),
    el(
      'div',
      { class: 'room-meta' },
      room.status === 'waiting'
        ? t('lobby.seated', { taken: room.seats_taken, count: room.seat_count })
        : tn('lobby.watching', room.spectators),
    ),
    el('div', { class: 'room-actions' }, buttons),
  );
}

// A shared link's room, for a first-time visitor: a name, then join or watch.
function showInvite(invite, code, currentName, actions) {
  const input = el('input', {
    id: 'invite-name',
    type: 'text',
    maxlength: '24',
    autocomplete: 'nickname',
    placeholder: t('lobby.yourName'),
    value: currentName,
  });
  const form = el(
    'form',
    { class: 'card invite', 'aria-labelledby': 'invite-title' },
    el('h2', { id: 'invite-title' }, t('lobby.invited'), el('span', { class: 'room-code' }, code)),
    el('p', { class: 'hint' }, t('lobby.chooseName')),
    el(
      'div',
      { class: 'row row--wrap' },
      el('label', { for: 'invite-name', class: 'sr-only' }, t('lobby.displayName')),
      input,
      el(
        'button',
        { type: 'submit', class: 'button button--primary', id: 'invite-join' },
        t('lobby.joinGame'),
      ),
      el(
        'button',
        {
          type: 'button',
          class: 'button',
          id: 'invite-watch',
          onclick: () => accept('spectator'),
        },
        t('lobby.justWatch'),
      ),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    accept('player');
  });
  async function accept(as) {
    const name = input.value.trim();
    invite.replaceChildren();
    if (name) await actions.rename(name);
    actions.join(code, as);
  }
  invite.replaceChildren(form);
  input.focus();
}

// Links to every game's rules page.
function learnCard() {
  return el(
    'nav',
    { class: 'card learn-card', 'aria-labelledby': 'learn-title' },
    el('h2', { id: 'learn-title' }, t('rules.learnTitle')),
    el('p', { class: 'hint' }, t('rules.learnIntro')),
    el(
      'ul',
      { class: 'learn-links' },
      GAME_IDS.map((id) => el('li', {}, rulesLink(id, { 'data-game': id }))),
    ),
  );
}
