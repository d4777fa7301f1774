// "Your games" in the lobby: the rooms where this identity holds a seat (a Resume button each)
// and its latest finished games (a link to the replay each), from the server's `my_games`
// answer (PROTOCOL.md). An account's games waiting for its move (`your_turn`, first in the
// server's order, which is kept) are marked "Your turn" with the time their clock leaves
// (`deadline`). For an account, a finished game has a "Challenge <name>" for each opponent
// another account played (your_games_challenge.js). `yourGamesRows` is DOM-free (tested under
// Node); `renderYourGames` draws; `createYourGames` is the lobby's card, redrawn with the focus
// kept where it was.

import { el } from '../common/dom.js';

import { t } from '../i18n/index.js';
import { nameInWords } from '../common/server_words.js';
import { noResultEnding } from '../common/result_words.js';
import { gameResultInWords } from '../games/index.js';
import { timeLeftInWords } from '../common/time_left.js';
import {
  challengeButtonFor,
  challengeButtons,
  challengeSeats,
  keepOpener,
} from './your_games_challenge.js';

function playersText(players) {
  return (players || [])
    .map((p) => (p ? nameInWords(p) : t('yourGames.openSeat')))
    .join(t('yourGames.versus'));
}

function outcomeText(result, players) {
  if (!result) return '';
  const ending = noResultEnding(result);
  if (ending) return t(`yourGames.${ending}`);
  const winners = result.winners || [];
  if (result.draw || winners.length === 0) return t('yourGames.draw');
  const names = winners.map((seat) => nameInWords(players && players[seat]) || `#${seat + 1}`);
  const joined = names.join(t('yourGames.and'));
  return t(winners.length > 1 ? 'yourGames.shared' : 'yourGames.won', { names: joined });
}

// A running game's `turn` when it waits for the account's move: the marker, the deadline (null
// without a clock) and the time left in words at `now` (null without a clock).
function turnOf(game, now) {
  if (game.your_turn !== true) return {};
  const deadline = Number.isFinite(game.deadline) ? game.deadline : null;
  return { turn: { marker: t('turns.marker'), deadline, left: timeLeftInWords(deadline, now) } };
}

// The rows to show for a `my_games` answer; `gameTitle(id)` names a game; `now` (ms since the
// epoch) is when the time left is counted from; `account`: the user name signed in (null for a
// guest), whose finished games' `opponents` it may challenge (challengeSeats).
export function yourGamesRows(mine, gameTitle, now = Date.now(), account = null) {
  const running = (mine.running || []).map((game) => ({
    room: game.room,
    title: gameTitle(game.game),
    players: playersText(game.players),
    status:
      game.status === 'waiting'
        ? t('yourGames.waiting')
        : game.status === 'playing'
          ? t('yourGames.playing')
          : t('yourGames.elsewhere'),
    ...turnOf(game, now),
  }));
  const finished = (mine.finished || []).map((game) => ({
    room: game.room,
    id: game.id,
    title: gameTitle(game.game),
    players: playersText(game.players),
    outcome: outcomeText(game.result, game.players),
    reason: gameResultInWords(game.game, game.result, { players: game.players }),
    finishedAt: game.finished_at,
    opponents: challengeSeats(game, account),
  }));
  return { running, finished };
}

// The lobby's "your games" card: `card`, hidden until the first answer; `setMine(answer)` draws
// a `my_games` answer, `render()` draws the last one again (the games' titles came), keeping the
// focus; `show()` brings it into view with the focus on its heading (the header's turn badge),
// once drawn. The time left of the games waiting for a move goes on counting between answers.
// `gameTitle(id)` names a game; `actions` as renderYourGames's; `offer` (challenge_client.js's,
// optional): the challenge form, which opens below the lists, outside what is redrawn.
export function createYourGames(actions, gameTitle, offer = null) {
  const body = el('div', { class: 'your-games-body' });
  const slot = el('div', { class: 'challenge-slot' });
  const card = el(
    'section',
    {
      class: 'card your-games-card',
      id: 'your-games',
      'aria-labelledby': 'your-games-title',
      hidden: true,
    },
    body,
    slot,
  );
  const drawing = offer
    ? { ...actions, challenge: (account, button) => offer.open(account, button, slot) }
    : actions;
  let mine = null; // the last `my_games` answer
  let showWhenDrawn = false; // show() came before the first answer
  const show = () => {
    card.scrollIntoView({ block: 'start' });
    card.querySelector('#your-games-title')?.focus({ preventScroll: true });
  };
  const render = () => {
    if (!mine) return;
    const focused = focusedPart(card);
    const account = offer ? offer.account() : null;
    renderYourGames(body, yourGamesRows(mine, gameTitle, Date.now(), account), drawing);
    keepOpener(body, offer);
    card.hidden = false;
    if (showWhenDrawn) show();
    else focusPart(card, focused);
    showWhenDrawn = false;
  };
  setInterval(() => {
    if (card.offsetParent !== null) refreshTimesLeft(card); // shown: neither it nor the lobby hidden
  }, 30000);
  return {
    card,
    // Drawn again: the games' titles came, or the account signed in changed.
    render,
    setMine(answer) {
      mine = answer;
      render();
    },
    show() {
      if (card.hidden) showWhenDrawn = true;
      else show();
    },
  };
}

// Draws the rows into `host`; `actions` = { resume(room), replay(room), challenge(account,
// button) (optional: opens the challenge form) }. A replay is a link to the room
// (/r/<code>?replay), so it can be opened in a new tab or shared too.
export function renderYourGames(host, rows, actions) {
  const running = rows.running.map((row) =>
    el(
      'li',
      {
        class: row.turn ? 'your-game your-game--turn' : 'your-game',
        'data-room': row.room,
        'data-your-turn': row.turn ? 'true' : null,
      },
      el(
        'div',
        { class: 'your-game-text' },
        el('strong', {}, row.title),
        el('span', { class: 'hint' }, `${row.players} · ${row.status}`),
        row.turn ? turnMarker(row.turn) : null,
      ),
      el(
        'button',
        {
          type: 'button',
          class: 'button button--primary button--small',
          'aria-label': t(row.turn ? 'turns.resumeLabel' : 'yourGames.resumeLabel', {
            title: row.title,
            room: row.room,
          }),
          onclick: () => actions.resume(row.room),
        },
        t('yourGames.resume'),
      ),
    ),
  );
  const finished = rows.finished.map((row) =>
    el(
      'li',
      { class: 'your-game your-game--finished', 'data-room': row.room },
      el(
        'div',
        { class: 'your-game-text' },
        el('strong', {}, row.title),
        el('span', { class: 'hint' }, row.players),
        el('span', { class: 'hint' }, [row.outcome, row.reason].filter(Boolean).join(' · ')),
      ),
      el(
        'div',
        { class: 'your-game-actions' },
        el(
          'a',
          {
            class: 'button button--small',
            href: `/r/${encodeURIComponent(row.room)}?replay`,
            'aria-label': t('yourGames.replayLabel', { title: row.title, players: row.players }),
            onclick: (event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              actions.replay(row.room);
            },
          },
          t('yourGames.replay'),
        ),
        actions.challenge ? challengeButtons(row, actions.challenge) : null,
      ),
    ),
  );
  const list = (items, none, id) =>
    items.length
      ? el('ul', { class: 'room-list', id }, items)
      : el('p', { class: 'hint', id }, none);
  host.replaceChildren(
    // Focusable by script: the header's turn badge leads here.
    el('h2', { id: 'your-games-title', tabindex: '-1' }, t('yourGames.title')),
    el('h3', {}, t('yourGames.running')),
    list(running, t('yourGames.noRunning'), 'your-running'),
    el('h3', {}, t('yourGames.finished')),
    list(finished, t('yourGames.noFinished'), 'your-finished'),
  );
}

// "Your turn", and the time left beside it when the game has a clock.
function turnMarker(turn) {
  return el(
    'span',
    { class: 'your-turn' },
    el('span', { class: 'pill pill--your-turn' }, turn.marker),
    turn.left
      ? el(
          'span',
          { class: 'hint your-turn-left', 'data-deadline': String(turn.deadline) },
          turn.left,
        )
      : null,
  );
}

// Counts the time left of every game drawn into `host` again at `now`, in place (the focus and
// the rest of the list stay as they are).
export function refreshTimesLeft(host, now = Date.now()) {
  for (const node of host.querySelectorAll('.your-turn-left[data-deadline]')) {
    const words = timeLeftInWords(Number(node.dataset.deadline), now);
    if (words && node.textContent !== words) node.textContent = words;
  }
}

// The part of the list drawn into `host` that has the focus, to give it back after a redraw
// (one comes after every `turns` while the lobby shows): the heading, or a game's button or
// link, by its room and list (and a Challenge by its account); null when the focus is elsewhere.
export function focusedPart(host) {
  const active = document.activeElement;
  if (!active || active === host || !host.contains(active)) return null;
  if (active.id === 'your-games-title') return { heading: true };
  const item = active.closest('li[data-room]');
  if (!item) return null;
  const part = { room: item.dataset.room, list: item.parentElement.id, tag: active.tagName };
  return active.dataset.challenge ? { ...part, challenge: active.dataset.challenge } : part;
}

// Gives the focus back to `part` (focusedPart's) in the list redrawn into `host`: the same
// game's control, else the heading (the game went: it finished, or its seat was left).
export function focusPart(host, part) {
  if (!part) return;
  const heading = host.querySelector('#your-games-title');
  let target = heading;
  if (!part.heading) {
    const items = [...host.querySelectorAll(`#${part.list} li[data-room]`)];
    const item = items.find((node) => node.dataset.room === part.room);
    const control = part.challenge
      ? item && challengeButtonFor(item, part.room, part.challenge)
      : item?.querySelector(part.tag.toLowerCase());
    target = control || heading;
  }
  if (target) target.focus({ preventScroll: true });
}
