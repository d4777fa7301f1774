// Leaderboards (#17): the lobby's card listing the best players of one rating key, from
// `GET /api/leaderboard/{key}`, and the words of rating keys shared with the profile page.

import { el } from '../common/dom.js';
import { gameTitle } from '../games/index.js';
import { has, t } from '../i18n/index.js';

const SPEEDS = ['untimed', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

// A rating key in words, e.g. "Quadrature · blitz" for `quadrature.blitz`.
export function keyTitle(key) {
  const [game, speed] = key.split('.');
  return t('leaderboard.keyTitle', {
    game: gameTitle(game),
    speed: has(`leaderboard.speeds.${speed}`) ? t(`leaderboard.speeds.${speed}`) : speed || '',
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
    { class: 'pill pill--quiet provisional', title: t('leaderboard.provisionalTitle') },
    t('leaderboard.provisional'),
  );
}

// The lobby's leaderboard card: a choice of rating key and its top `limit` players. `offer`
// (lobby/challenge_client.js's), when given: `can(account)` whether the viewer may challenge that
// account, `open(account, button, place)` opens the challenge form in `place`, here below the
// table, where its `host` is from the start.
export function createLeaderboardCard(limit = 10, offer = null) {
  const slot = offer ? el('div', { class: 'challenge-slot' }, offer.host) : null;
  const challenge = offer && {
    can: offer.can,
    open: (account, button) => offer.open(account, button, slot),
  };
  const select = el('select', { id: 'leaderboard-key' });
  const list = el('div', { class: 'leaderboard', id: 'leaderboard', 'aria-live': 'polite' });
  const card = el(
    'section',
    { class: 'card leaderboard-card', 'aria-labelledby': 'leaderboard-title' },
    el('h2', { id: 'leaderboard-title' }, t('leaderboard.title')),
    el('p', { class: 'hint' }, t('leaderboard.intro')),
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'leaderboard-key' }, t('leaderboard.choose')),
      select,
    ),
    list,
    slot,
  );
  let answer; // the last answer shown (null: it failed), drawn again when the viewer changes
  let asked = 0; // the latest request, so that a slow older answer does not overwrite it
  async function show(key) {
    const mine = ++asked;
    let got = null;
    try {
      const response = await fetch(`/api/leaderboard/${encodeURIComponent(key)}?limit=${limit}`);
      if (response.ok) got = await response.json();
    } catch {
      got = null;
    }
    if (mine !== asked) return;
    answer = got;
    list.replaceChildren(leaderboardTable(answer, challenge));
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
    // Draws the last answer again: the viewer signed up, so its Challenge buttons change.
    refresh() {
      if (answer !== undefined) list.replaceChildren(leaderboardTable(answer, challenge));
    },
  };
}

function leaderboardTable(answer, challenge) {
  if (!answer) return el('p', { class: 'hint' }, t('leaderboard.failed'));
  if (!answer.players.length) return el('p', { class: 'hint' }, t('leaderboard.empty'));
  return el(
    'table',
    { class: 'leaderboard-table' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        [
          t('leaderboard.rank'),
          t('leaderboard.player'),
          t('leaderboard.rating'),
          t('leaderboard.games'),
        ].map((h) => el('th', { scope: 'col' }, h)),
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
          el(
            'td',
            {},
            p.account ? el('a', { href: profilePath(p.account) }, p.name) : p.name,
            challenge && challenge.can(p.account) ? [' ', challengeButton(p, challenge)] : null,
          ),
          el(
            'td',
            {},
            t('leaderboard.ratingLine', { rating: p.rating, deviation: p.deviation }),
            p.provisional ? [' ', provisionalMark()] : null,
          ),
          el('td', {}, String(p.games)),
        ),
      ),
    ),
  );
}

// A row's small "Challenge": opens the challenge form below the table.
function challengeButton(player, challenge) {
  const button = el(
    'button',
    {
      type: 'button',
      class: 'button button--small leaderboard-challenge',
      'aria-label': t('challenge.form.openName', { name: player.name }),
      onclick: () => challenge.open(player.account, button),
    },
    t('challenge.form.open'),
  );
  return button;
}
