// A player's profile page, /u/<name> (#17): ratings per rating key with a rating-history chart
// drawn here as SVG, win/draw/loss per game and the latest rated games with links to their
// replays, all from `GET /api/users/{name}`. The page needs no connection to the server, but
// opens one when a token is stored, so that an account can challenge the player
// (profile_challenge.js) or report them (profile_report.js).

import { el } from '../common/dom.js';
import { gameTitle } from '../games/index.js';
import { language, t, tn } from '../i18n/index.js';
import { fillPageFrame } from '../common/page_frame.js';
import { nameInWords } from '../common/server_words.js';
import { keyTitle, provisionalMark } from '../lobby/leaderboard.js';
import { offerReport } from './profile_report.js';
import { offerChallenge } from './profile_challenge.js';
import { setBaseTitle } from '../common/turn_counter.js';

// Every rating starts at 1500 (PROTOCOL.md "Ratings").
const START_RATING = 1500;

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

fillPageFrame('profile.documentTitle');

const host = document.getElementById('profile');
const match = location.pathname.match(/^\/u\/([^/]+)$/);
const name = match ? safeDecode(match[1]) : '';
load(name);

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function load(userName) {
  host.replaceChildren(back(), el('p', { class: 'hint' }, t('profile.loading')));
  let response = null;
  try {
    response = userName ? await fetch(`/api/users/${encodeURIComponent(userName)}`) : null;
  } catch {
    response = null;
  }
  if (!userName || (response && response.status === 404)) {
    showMissing(userName);
  } else if (!response || !response.ok) {
    host.replaceChildren(back(), el('p', { role: 'alert' }, t('profile.failed')));
  } else {
    showProfile(await response.json());
  }
}

function back() {
  return el('p', { class: 'rules-back' }, el('a', { href: '/' }, t('profile.backToLobby')));
}

function showMissing(userName) {
  setBaseTitle(t('profile.pageTitle', { name: t('profile.noSuchPlayer') }));
  host.replaceChildren(
    back(),
    el('h1', {}, t('profile.noSuchPlayer')),
    el('p', {}, t('profile.noSuchPlayerText', { name: userName })),
  );
}

function showProfile(profile) {
  setBaseTitle(t('profile.pageTitle', { name: nameInWords(profile.name) }));
  host.replaceChildren(
    back(),
    el('h1', { id: 'profile-name' }, nameInWords(profile.name)),
    el(
      'p',
      { class: 'hint', id: 'profile-account' },
      t('profile.userName', { account: profile.account }),
    ),
    offerChallenge(profile.account),
    offerReport(profile.account),
    ...[
      ratingsSection(profile),
      recordsSection(profile.records),
      recentSection(profile.games),
    ].filter(
      Boolean, // no records section without rated games (replaceChildren would write "null")
    ),
  );
}

// --- ratings and their charts ------------------------------------------------------------------

function ratingsSection(profile) {
  const section = el(
    'section',
    { class: 'profile-section', 'aria-labelledby': 'ratings-title' },
    el('h2', { id: 'ratings-title' }, t('profile.ratings')),
  );
  if (!profile.ratings.length) {
    section.append(el('p', { class: 'hint' }, t('profile.noRatings')));
    return section;
  }
  section.append(
    el(
      'div',
      { class: 'rating-cards' },
      profile.ratings.map((rating) =>
        ratingCard(
          rating,
          profile.history.filter((h) => h.key === rating.key),
        ),
      ),
    ),
  );
  return section;
}

function ratingCard(rating, history) {
  const title = keyTitle(rating.key);
  const headingId = `rating-${rating.key.replace(/[^a-z0-9]/gi, '-')}`;
  return el(
    'article',
    { class: 'rating-card', 'data-key': rating.key, 'aria-labelledby': headingId },
    el('h3', { id: headingId }, title),
    el(
      'p',
      { class: 'rating-value' },
      el(
        'span',
        { class: 'rating-number' },
        t('profile.ratingLine', { rating: rating.rating, deviation: rating.deviation }),
      ),
      rating.provisional ? [' ', provisionalMark()] : null,
    ),
    el('p', { class: 'hint' }, tn('profile.gamesCount', rating.games)),
    history.length ? ratingChart(title, history) : null,
  );
}

// The points of a chart: the starting rating, then the rating after each game (oldest first).
function chartPoints(history) {
  return [
    { label: t('profile.chartStart'), at: null, rating: START_RATING },
    ...history.map((h, i) => ({ label: String(i + 1), at: h.at, rating: h.rating })),
  ];
}

// Round-number bounds around the ratings, at least 100 points apart, so that small changes
// still show as a slope and the axis labels are readable.
function chartRange(ratings) {
  let low = Math.floor(Math.min(...ratings) / 50) * 50;
  let high = Math.ceil(Math.max(...ratings) / 50) * 50;
  if (high - low < 100) {
    const middle = (low + high) / 2;
    low = Math.floor((middle - 50) / 50) * 50;
    high = low + 100;
  }
  return { low, high };
}

function ratingChart(title, history) {
  const points = chartPoints(history);
  const ratings = points.map((p) => p.rating);
  const { low, high } = chartRange(ratings);
  const width = 320;
  const height = 160;
  const left = 44;
  const right = 12;
  const top = 10;
  const bottom = 26;
  const x = (i) => left + ((width - left - right) * i) / Math.max(1, points.length - 1);
  const y = (r) => top + ((height - top - bottom) * (high - r)) / (high - low);
  const yTicks = [low, (low + high) / 2, high];
  const xTicks = [...new Set([0, points.length - 1])];
  const label = t('profile.chartLabel', {
    title,
    count: history.length,
    first: ratings[0],
    last: ratings[ratings.length - 1],
    low: Math.min(...ratings),
    high: Math.max(...ratings),
  });
  const chart = svg(
    'svg',
    {
      class: 'rating-chart',
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': label,
    },
    yTicks.map((tick) => [
      svg('line', {
        class: 'chart-grid',
        x1: left,
        x2: width - right,
        y1: y(tick),
        y2: y(tick),
      }),
      svg(
        'text',
        { class: 'chart-label', x: left - 6, y: y(tick) + 4, 'text-anchor': 'end' },
        String(tick),
      ),
    ]),
    svg('line', { class: 'chart-axis', x1: left, x2: left, y1: top, y2: height - bottom }),
    svg('line', {
      class: 'chart-axis',
      x1: left,
      x2: width - right,
      y1: height - bottom,
      y2: height - bottom,
    }),
    xTicks.map((i) =>
      svg(
        'text',
        {
          class: 'chart-label',
          x: x(i),
          y: height - bottom + 16,
          'text-anchor': i === 0 ? 'start' : 'end',
        },
        points[i].label,
      ),
    ),
    svg('polyline', {
      class: 'chart-line',
      points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '),
    }),
    points.map((p, i) =>
      svg('circle', {
        class: 'chart-point',
        cx: x(i),
        cy: y(p.rating),
        r: 3.5,
        'data-rating': p.rating,
      }),
    ),
  );
  return el('figure', { class: 'chart' }, chart, chartTable(title, points));
}

// The chart's points as a table for screen readers (the SVG's label only summarises them).
function chartTable(title, points) {
  return el(
    'table',
    { class: 'sr-only chart-table' },
    el('caption', {}, t('profile.chartTable', { title })),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        [t('profile.chartGame'), t('profile.chartDate'), t('profile.chartRating')].map((h) =>
          el('th', { scope: 'col' }, h),
        ),
      ),
    ),
    el(
      'tbody',
      {},
      points.map((p) =>
        el(
          'tr',
          {},
          el('td', {}, p.label),
          el('td', {}, p.at ? new Date(p.at).toLocaleString(language) : ''),
          el('td', {}, String(p.rating)),
        ),
      ),
    ),
  );
}

// --- win/draw/loss and recent games ------------------------------------------------------------

function recordsSection(records) {
  if (!records.length) return null;
  return el(
    'section',
    { class: 'profile-section', 'aria-labelledby': 'records-title' },
    el('h2', { id: 'records-title' }, t('profile.records')),
    el(
      'table',
      { class: 'records-table' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          [t('profile.game'), t('profile.wins'), t('profile.draws'), t('profile.losses')].map((h) =>
            el('th', { scope: 'col' }, h),
          ),
        ),
      ),
      el(
        'tbody',
        {},
        records.map((r) =>
          el(
            'tr',
            { 'data-game': r.game },
            el('th', { scope: 'row' }, gameTitle(r.game)),
            el('td', {}, String(r.wins)),
            el('td', {}, String(r.draws)),
            el('td', {}, String(r.losses)),
          ),
        ),
      ),
    ),
  );
}

function recentSection(games) {
  return el(
    'section',
    { class: 'profile-section', 'aria-labelledby': 'recent-title' },
    el('h2', { id: 'recent-title' }, t('profile.recent')),
    games.length
      ? el('ul', { class: 'recent-games' }, games.map(recentGame))
      : el('p', { class: 'hint' }, t('profile.noGames')),
  );
}

function recentGame(game) {
  const title = gameTitle(game.game);
  // In words: a deleted account's seat is "Deleted player", a guest's "Guest 17".
  const players = (game.players || []).map(nameInWords).join(t('profile.versus'));
  return el(
    'li',
    { class: 'recent-game', 'data-game-id': game.id },
    el('span', { class: 'recent-title' }, keyTitle(game.key)),
    el('span', { class: 'recent-players' }, players),
    el(
      'span',
      { class: `recent-outcome recent-outcome--${game.outcome}` },
      game.outcome in { win: 1, draw: 1, loss: 1 }
        ? t(`profile.outcomes.${game.outcome}`)
        : game.outcome,
    ),
    el(
      'span',
      { class: 'recent-change' },
      t('profile.ratingChange', { before: game.rating_before, after: game.rating_after }),
    ),
    el(
      'span',
      { class: 'hint' },
      game.finished_at ? new Date(game.finished_at).toLocaleDateString(language) : '',
    ),
    el(
      'a',
      {
        class: 'button button--small',
        href: `${game.replay}?replay`,
        'aria-label': t('profile.replayLabel', { title, players }),
      },
      t('profile.replay'),
    ),
  );
}
