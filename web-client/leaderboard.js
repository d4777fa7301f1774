// Leaderboards (#17): the lobby's card listing the best players of one rating key, from
// `GET /api/leaderboard/{key}`, and the words of rating keys shared with the profile page.

import { el } from './dom.js';
import { gameTexts, fill } from './games/index.js';

// The leaderboard's and the rating keys' words (one catalogue, so that another language can
// replace it).
export const RATING_WORDS = {
  title: 'Leaderboards',
  intro: 'The best rated players of each game and speed.',
  choose: 'Rating',
  empty: 'No rated games yet.',
  failed: 'The leaderboard could not be loaded.',
  provisional: 'provisional',
  provisionalTitle: 'Provisional: too few rated games for a settled rating',
  rank: 'Rank',
  player: 'Player',
  rating: 'Rating',
  games: 'Games',
  keyTitle: '{game} · {speed}',
  speeds: {
    bullet: 'bullet',
    blitz: 'blitz',
    rapid: 'rapid',
    classical: 'classical',
    correspondence: 'correspondence',
    untimed: 'untimed',
    '4p': 'four players',
  },
};

const SPEEDS = ['untimed', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

// A rating key in words, e.g. "Quadrature · blitz" for `quadrature.blitz`.
export function keyTitle(key) {
  const [game, speed] = key.split('.');
  const texts = gameTexts(game);
  return fill(RATING_WORDS.keyTitle, {
    game: texts ? texts.title : game,
    speed: RATING_WORDS.speeds[speed] || speed || '',
  });
}

// Every rating key the catalogue's games can have (PROTOCOL.md "Ratings"): a two-player game
// has one per speed class, a game that seats four has `<game>.4p` as well.
export function ratingKeys(games) {
  const keys = [];
  for (const game of games) {
    if (game.seats.includes(2)) keys.push(...SPEEDS.map((speed) => `${game.id}.${speed}`));
    if (game.seats.includes(4)) keys.push(`${game.id}.4p`);
  }
  return keys;
}

// The path of a player's profile page.
export function profilePath(name) {
  return `/u/${encodeURIComponent(name)}`;
}

// A "provisional" mark that says what it means.
export function provisionalMark() {
  return el(
    'span',
    { class: 'pill pill--quiet provisional', title: RATING_WORDS.provisionalTitle },
    RATING_WORDS.provisional,
  );
}

// The lobby's leaderboard card: a choice of rating key and its top `limit` players.
export function createLeaderboardCard(limit = 10) {
  const select = el('select', { id: 'leaderboard-key' });
  const list = el('div', { class: 'leaderboard', id: 'leaderboard', 'aria-live': 'polite' });
  const card = el(
    'section',
    { class: 'card leaderboard-card', 'aria-labelledby': 'leaderboard-title' },
    el('h2', { id: 'leaderboard-title' }, RATING_WORDS.title),
    el('p', { class: 'hint' }, RATING_WORDS.intro),
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'leaderboard-key' }, RATING_WORDS.choose),
      select,
    ),
    list,
  );
  let asked = 0; // the latest request, so that a slow older answer does not overwrite it
  async function show(key) {
    const mine = ++asked;
    let answer = null;
    try {
      const response = await fetch(`/api/leaderboard/${encodeURIComponent(key)}?limit=${limit}`);
      if (response.ok) answer = await response.json();
    } catch {
      answer = null;
    }
    if (mine !== asked) return;
    list.replaceChildren(leaderboardTable(answer));
  }
  select.addEventListener('change', () => show(select.value));
  return {
    card,
    setGames(games) {
      const chosen = select.value;
      const keys = ratingKeys(games);
      select.replaceChildren(...keys.map((k) => el('option', { value: k }, keyTitle(k))));
      if (keys.includes(chosen)) select.value = chosen;
      if (select.value) show(select.value);
    },
    show,
  };
}

function leaderboardTable(answer) {
  if (!answer) return el('p', { class: 'hint' }, RATING_WORDS.failed);
  if (!answer.players.length) return el('p', { class: 'hint' }, RATING_WORDS.empty);
  return el(
    'table',
    { class: 'leaderboard-table' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        [RATING_WORDS.rank, RATING_WORDS.player, RATING_WORDS.rating, RATING_WORDS.games].map((h) =>
          el('th', { scope: 'col' }, h),
        ),
      ),
    ),
    el(
      'tbody',
      {},
      answer.players.map((p) =>
        el(
          'tr',
          { 'data-name': p.name },
          el('td', {}, String(p.rank)),
          el('td', {}, p.account ? el('a', { href: profilePath(p.account) }, p.name) : p.name),
          el(
            'td',
            {},
            `${p.rating} ± ${p.deviation}`,
            p.provisional ? [' ', provisionalMark()] : null,
          ),
          el('td', {}, String(p.games)),
        ),
      ),
    ),
  );
}
