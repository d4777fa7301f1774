// "Your games" in the lobby: the rooms where this identity holds a seat (a Resume button each)
// and its latest finished games (a link to the replay each), from the server's `my_games`
// answer (PROTOCOL.md). `yourGamesRows` is DOM-free (tested under Node); `renderYourGames` draws.

import { el } from './dom.js';

// Every player-facing text of this module, in one place (a translation replaces this object).
export const YOUR_GAMES_WORDS = {
  title: 'Your games',
  running: 'Still on',
  finished: 'Finished',
  noRunning: 'No game of yours is on.',
  noFinished: 'No finished games yet.',
  resume: 'Resume',
  replay: 'Replay',
  waiting: 'waiting for players',
  playing: 'playing',
  elsewhere: 'on another server',
  openSeat: 'open seat',
  versus: ' vs ',
  draw: 'Draw',
  won: (names) => `${names} won`,
  shared: (names) => `${names} shared first place`,
  and: ' and ',
  resumeLabel: (title, room) => `Resume ${title} in room ${room}`,
  replayLabel: (title, players) => `Replay ${title}: ${players}`,
};

function playersText(players) {
  return (players || []).map((p) => p || YOUR_GAMES_WORDS.openSeat).join(YOUR_GAMES_WORDS.versus);
}

function outcomeText(result, players) {
  if (!result) return '';
  const winners = result.winners || [];
  if (result.draw || winners.length === 0) return YOUR_GAMES_WORDS.draw;
  const names = winners.map((seat) => (players && players[seat]) || `#${seat + 1}`);
  const joined = names.join(YOUR_GAMES_WORDS.and);
  return winners.length > 1 ? YOUR_GAMES_WORDS.shared(joined) : YOUR_GAMES_WORDS.won(joined);
}

// The rows to show for a `my_games` answer; `gameTitle(id)` names a game.
export function yourGamesRows(mine, gameTitle) {
  const running = (mine.running || []).map((game) => ({
    room: game.room,
    title: gameTitle(game.game),
    players: playersText(game.players),
    status:
      game.status === 'waiting'
        ? YOUR_GAMES_WORDS.waiting
        : game.status === 'playing'
          ? YOUR_GAMES_WORDS.playing
          : YOUR_GAMES_WORDS.elsewhere,
  }));
  const finished = (mine.finished || []).map((game) => ({
    room: game.room,
    id: game.id,
    title: gameTitle(game.game),
    players: playersText(game.players),
    outcome: outcomeText(game.result, game.players),
    reason: (game.result && game.result.reason) || '',
    finishedAt: game.finished_at,
  }));
  return { running, finished };
}

// Draws the rows into `host`; `actions` = { resume(room), replay(room) }. A replay is a link to
// the room (/r/<code>?replay), so it can be opened in a new tab or shared too.
export function renderYourGames(host, rows, actions) {
  const running = rows.running.map((row) =>
    el(
      'li',
      { class: 'your-game', 'data-room': row.room },
      el(
        'div',
        { class: 'your-game-text' },
        el('strong', {}, row.title),
        el('span', { class: 'hint' }, `${row.players} · ${row.status}`),
      ),
      el(
        'button',
        {
          type: 'button',
          class: 'button button--primary button--small',
          'aria-label': YOUR_GAMES_WORDS.resumeLabel(row.title, row.room),
          onclick: () => actions.resume(row.room),
        },
        YOUR_GAMES_WORDS.resume,
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
        'a',
        {
          class: 'button button--small',
          href: `/r/${encodeURIComponent(row.room)}?replay`,
          'aria-label': YOUR_GAMES_WORDS.replayLabel(row.title, row.players),
          onclick: (event) => {
            if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            actions.replay(row.room);
          },
        },
        YOUR_GAMES_WORDS.replay,
      ),
    ),
  );
  const list = (items, none, id) =>
    items.length
      ? el('ul', { class: 'room-list', id }, items)
      : el('p', { class: 'hint', id }, none);
  host.replaceChildren(
    el('h2', { id: 'your-games-title' }, YOUR_GAMES_WORDS.title),
    el('h3', {}, YOUR_GAMES_WORDS.running),
    list(running, YOUR_GAMES_WORDS.noRunning, 'your-running'),
    el('h3', {}, YOUR_GAMES_WORDS.finished),
    list(finished, YOUR_GAMES_WORDS.noFinished, 'your-finished'),
  );
}
