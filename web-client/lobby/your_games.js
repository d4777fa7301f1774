// "Your games" in the lobby: the rooms where this identity holds a seat (a Resume button each)
// and its latest finished games (a link to the replay each), from the server's `my_games`
// answer (PROTOCOL.md). `yourGamesRows` is DOM-free (tested under Node); `renderYourGames` draws.

import { el } from '../common/dom.js';

import { t } from '../i18n/index.js';
import { nameInWords } from '../common/server_words.js';
import { noResultEnding } from '../common/result_words.js';
import { gameResultInWords } from '../games/index.js';

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

// The rows to show for a `my_games` answer; `gameTitle(id)` names a game.
export function yourGamesRows(mine, gameTitle) {
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
  }));
  const finished = (mine.finished || []).map((game) => ({
    room: game.room,
    id: game.id,
    title: gameTitle(game.game),
    players: playersText(game.players),
    outcome: outcomeText(game.result, game.players),
    reason: gameResultInWords(game.game, game.result, { players: game.players }),
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
          'aria-label': t('yourGames.resumeLabel', { title: row.title, room: row.room }),
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
    ),
  );
  const list = (items, none, id) =>
    items.length
      ? el('ul', { class: 'room-list', id }, items)
      : el('p', { class: 'hint', id }, none);
  host.replaceChildren(
    el('h2', { id: 'your-games-title' }, t('yourGames.title')),
    el('h3', {}, t('yourGames.running')),
    list(running, t('yourGames.noRunning'), 'your-running'),
    el('h3', {}, t('yourGames.finished')),
    list(finished, t('yourGames.noFinished'), 'your-finished'),
  );
}
