// web-client/lobby/your_games.js: the rows of "your games" from a `my_games` answer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  refreshTimesLeft,
  renderYourGames,
  yourGamesRows,
} from '../../../web-client/lobby/your_games.js';
import { installFakeDocument } from '../fake_dom.js';

const TITLES = { kvadratura: 'Kvadratura', quadwrangle: 'Quadwrangle', kvadrat: 'Kvadrat' };
const gameTitle = (id) => TITLES[id] || id;

test('running rooms with their status, finished games with their outcome', () => {
  const rows = yourGamesRows(
    {
      type: 'my_games',
      running: [
        { room: 'AAAAAA', game: 'quadwrangle', players: ['Ann', ''], status: 'waiting' },
        { room: 'BBBBBB', game: 'kvadratura', players: ['Ann', 'Bob'], status: 'playing' },
        { room: 'CCCCCC', game: 'kvadratura', players: ['Ann', 'Bob'], status: null },
      ],
      finished: [
        {
          id: 'g1',
          room: 'DDDDDD',
          game: 'kvadratura',
          players: ['Ann', 'Bob'],
          result: {
            winners: [0],
            draw: false,
            code: 'resigned',
            figures: { seat: 1 },
            reason: 'Bob resigned',
            by: 'resign',
          },
          finished_at: 1764470000000,
        },
        {
          id: 'g2',
          room: 'EEEEEE',
          game: 'kvadrat',
          players: ['Ann', 'Bob', 'Cy', 'Dee'],
          // Recorded before results had codes: the reason as it is.
          result: { winners: [1, 3], draw: false, reason: 'tied on points' },
          finished_at: 1764470000001,
        },
        {
          id: 'g3',
          room: 'FFFFFF',
          game: 'kvadratura',
          players: ['Ann', 'Bob'],
          result: {
            winners: [],
            draw: true,
            code: 'draw_agreed',
            figures: {},
            reason: 'draw agreed',
            by: 'draw',
          },
          finished_at: 1764470000002,
        },
      ],
    },
    gameTitle,
  );
  assert.deepEqual(rows.running, [
    {
      room: 'AAAAAA',
      title: 'Quadwrangle',
      players: 'Ann vs open seat',
      status: 'waiting for players',
    },
    { room: 'BBBBBB', title: 'Kvadratura', players: 'Ann vs Bob', status: 'playing' },
    { room: 'CCCCCC', title: 'Kvadratura', players: 'Ann vs Bob', status: 'on another server' },
  ]);
  assert.deepEqual(
    rows.finished.map((row) => [row.room, row.id, row.title, row.players, row.outcome, row.reason]),
    [
      ['DDDDDD', 'g1', 'Kvadratura', 'Ann vs Bob', 'Ann won', 'Bob resigned'],
      [
        'EEEEEE',
        'g2',
        'Kvadrat',
        'Ann vs Bob vs Cy vs Dee',
        'Bob and Dee shared first place',
        'tied on points',
      ],
      ['FFFFFF', 'g3', 'Kvadratura', 'Ann vs Bob', 'Draw', 'draw agreed'],
    ],
  );
});

test('a game a moderator closed or aborted has no result, never a draw', () => {
  const closedBy = (code, reason) => ({
    winners: [],
    draw: false,
    code,
    figures: {},
    reason,
    by: 'closed',
  });
  const rows = yourGamesRows(
    {
      running: [],
      finished: [
        {
          id: 'g4',
          room: 'GGGGGG',
          game: 'kvadratura',
          players: ['Ann', 'Bob'],
          result: closedBy('closed', 'closed by a moderator: no result'),
          finished_at: 1764470000003,
        },
        {
          id: 'g5',
          room: 'HHHHHH',
          game: 'quadrature',
          players: ['Ann', 'Bob'],
          result: closedBy('aborted', 'aborted by a moderator'),
          finished_at: 1764470000004,
        },
      ],
    },
    gameTitle,
  );
  assert.deepEqual(
    rows.finished.map((row) => [row.room, row.outcome, row.reason]),
    [
      ['GGGGGG', 'No result', 'closed by a moderator: no result'],
      ['HHHHHH', 'Aborted', 'aborted by a moderator'],
    ],
  );
});

test('an empty answer gives empty lists', () => {
  assert.deepEqual(yourGamesRows({ running: [], finished: [] }, gameTitle), {
    running: [],
    finished: [],
  });
});

// An account's `my_games` (PROTOCOL.md "my_games"): the games waiting for its move first, in the
// server's order, with `your_turn` and `deadline` (null or absent without a clock).
const NOW = 1796600000000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const TURNS = {
  type: 'my_games',
  your_turn: 3,
  running: [
    {
      room: 'SOONER',
      game: 'kvadratura',
      players: ['Ann', 'Bob'],
      status: 'playing',
      your_turn: true,
      deadline: NOW + 2 * HOUR + 15 * MINUTE,
    },
    {
      room: 'LATERR',
      game: 'quadwrangle',
      players: ['Ann', 'Cy'],
      status: 'playing',
      your_turn: true,
      deadline: NOW + 3 * 24 * HOUR,
    },
    {
      room: 'NOCLOK',
      game: 'kvadrat',
      players: ['Ann', 'Bob', 'Cy', 'Dee'],
      status: null,
      your_turn: true,
      deadline: null,
    },
    { room: 'THEIRS', game: 'kvadratura', players: ['Ann', 'Dee'], status: 'playing' },
  ],
  finished: [],
};

test('games waiting for the move are marked, with the time left, in the server’s order', () => {
  const rows = yourGamesRows(TURNS, gameTitle, NOW);
  assert.deepEqual(
    rows.running.map((row) => [row.room, row.turn]),
    [
      [
        'SOONER',
        { marker: 'Your turn', deadline: NOW + 2 * HOUR + 15 * MINUTE, left: '2 h 15 min left' },
      ],
      ['LATERR', { marker: 'Your turn', deadline: NOW + 3 * 24 * HOUR, left: '3 days left' }],
      ['NOCLOK', { marker: 'Your turn', deadline: null, left: null }],
      ['THEIRS', undefined],
    ],
  );
  assert.equal('turn' in rows.running[3], false, 'a game not waiting for the move has no mark');
  const late = yourGamesRows(TURNS, gameTitle, NOW + 3 * HOUR);
  assert.equal(late.running[0].turn.left, 'time is up');
});

test('the drawn list marks those games and says their time left, which counts on', () => {
  installFakeDocument();
  const host = document.createElement('section');
  const resumed = [];
  renderYourGames(host, yourGamesRows(TURNS, gameTitle, NOW), {
    resume: (room) => resumed.push(room),
    replay() {},
  });
  const items = host.querySelectorAll('li.your-game');
  assert.deepEqual(
    items.map((item) => item.dataset.room),
    ['SOONER', 'LATERR', 'NOCLOK', 'THEIRS'],
    'the server’s order',
  );
  const marked = host.querySelectorAll('li[data-your-turn="true"]');
  assert.deepEqual(
    marked.map((item) => item.dataset.room),
    ['SOONER', 'LATERR', 'NOCLOK'],
  );
  for (const item of marked) {
    assert.match(item.className, /\byour-game--turn\b/);
    assert.equal(item.querySelector('.pill--your-turn').textContent, 'Your turn');
  }
  const words = (item) => item.querySelector('.your-turn').textContent;
  assert.equal(words(marked[0]), 'Your turn2 h 15 min left');
  assert.equal(words(marked[1]), 'Your turn3 days left');
  assert.equal(words(marked[2]), 'Your turn', 'no clock: the marker alone');
  assert.equal(items[3].querySelector('.your-turn'), null);
  assert.equal(
    marked[0].querySelector('button').getAttribute('aria-label'),
    'Resume Kvadratura in room SOONER: your turn',
  );
  assert.equal(
    items[3].querySelector('button').getAttribute('aria-label'),
    'Resume Kvadratura in room THEIRS',
  );
  marked[0].querySelector('button').dispatch({ type: 'click' });
  assert.deepEqual(resumed, ['SOONER']);

  refreshTimesLeft(host, NOW + HOUR + 30 * MINUTE);
  assert.equal(words(marked[0]), 'Your turn45 minutes left');
  refreshTimesLeft(host, NOW + 3 * HOUR);
  assert.equal(words(marked[0]), 'Your turntime is up');
  assert.equal(words(marked[1]), 'Your turn2 days left');
});
