// web-client/common/time_left.js in English: the time a game's clock leaves, in minutes, hours
// and minutes, or days, and "time is up" once past. The Russian: time_left_ru.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { timeLeftInWords } from '../../../web-client/common/time_left.js';

const NOW = 1796600000000;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const left = (ms) => timeLeftInWords(NOW + ms, NOW);

test('no deadline (a game without a clock): no words', () => {
  assert.equal(timeLeftInWords(null, NOW), null);
  assert.equal(timeLeftInWords(undefined, NOW), null);
});

test('minutes under an hour, counted up', () => {
  assert.equal(left(30 * SECOND), '1 minute left');
  assert.equal(left(MINUTE), '1 minute left');
  assert.equal(left(MINUTE + SECOND), '2 minutes left');
  assert.equal(left(45 * MINUTE), '45 minutes left');
  assert.equal(left(59 * MINUTE), '59 minutes left');
});

test('hours and minutes under two days', () => {
  assert.equal(left(59 * MINUTE + 30 * SECOND), '1 h left');
  assert.equal(left(HOUR), '1 h left');
  assert.equal(left(2 * HOUR + 15 * MINUTE), '2 h 15 min left');
  assert.equal(left(23 * HOUR + 59 * MINUTE), '23 h 59 min left');
  assert.equal(left(47 * HOUR + 5 * MINUTE), '47 h 5 min left');
});

test('days from two days on, counted down', () => {
  assert.equal(left(2 * DAY), '2 days left');
  assert.equal(left(3 * DAY + 20 * HOUR), '3 days left');
  assert.equal(left(21 * DAY), '21 days left');
});

test('a deadline passed, or now: time is up', () => {
  assert.equal(left(0), 'time is up');
  assert.equal(left(-5 * MINUTE), 'time is up');
});

test('counted from the clock when no moment is given', () => {
  assert.equal(timeLeftInWords(Date.now() + 3 * DAY + HOUR), '3 days left');
});
