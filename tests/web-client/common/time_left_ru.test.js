// web-client/common/time_left.js and the "your games" marker in Russian (in_russian.js, first,
// sets the language): the plural forms of minutes and days, hours and minutes, "время вышло".
// The English: time_left.test.js and lobby/your_games.test.js.

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { timeLeftInWords } = await import('../../../web-client/common/time_left.js');
const { yourGamesRows } = await import('../../../web-client/lobby/your_games.js');

const NOW = 1796600000000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const left = (ms) => timeLeftInWords(NOW + ms, NOW);

test('the client speaks Russian here', () => {
  assert.equal(language, 'ru');
});

test('minutes in their plural forms', () => {
  assert.equal(left(MINUTE), 'осталась 1 минута');
  assert.equal(left(3 * MINUTE), 'осталось 3 минуты');
  assert.equal(left(5 * MINUTE), 'осталось 5 минут');
  assert.equal(left(11 * MINUTE), 'осталось 11 минут');
  assert.equal(left(21 * MINUTE), 'осталась 21 минута');
  assert.equal(left(44 * MINUTE), 'осталось 44 минуты');
});

test('hours and minutes', () => {
  assert.equal(left(HOUR), 'осталось 1 ч');
  assert.equal(left(2 * HOUR + 15 * MINUTE), 'осталось 2 ч 15 мин');
  assert.equal(left(47 * HOUR + 59 * MINUTE), 'осталось 47 ч 59 мин');
});

test('days in their plural forms', () => {
  assert.equal(left(2 * DAY), 'осталось 2 дня');
  assert.equal(left(5 * DAY + 3 * HOUR), 'осталось 5 дней');
  assert.equal(left(21 * DAY), 'остался 21 день');
  assert.equal(left(22 * DAY), 'осталось 22 дня');
});

test('a deadline passed: время вышло', () => {
  assert.equal(left(0), 'время вышло');
  assert.equal(left(-HOUR), 'время вышло');
});

test('"your games" marks a game waiting for the move in Russian', () => {
  const rows = yourGamesRows(
    {
      running: [
        {
          room: 'AAAAAA',
          game: 'kvadratura',
          players: ['Аня', 'Борис'],
          status: 'playing',
          your_turn: true,
          deadline: NOW + 3 * DAY,
        },
      ],
      finished: [],
    },
    (id) => id,
    NOW,
  );
  assert.deepEqual(rows.running[0].turn, {
    marker: 'Ваш ход',
    deadline: NOW + 3 * DAY,
    left: 'осталось 3 дня',
  });
});
