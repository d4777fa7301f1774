// web-client/lobby/your_games.js: the rows of "your games" from a `my_games` answer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { yourGamesRows } from '../../../web-client/lobby/your_games.js';

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
