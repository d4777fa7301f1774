// web-client/analysis/review_marks.js: the game review's marks by the drop in the mover's chance
// to win (docs/rules.md §7: 10, 20 and 30 percentage points), the chances of a finished game
// from its result, and which moves are not judged.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  THRESHOLDS,
  chancesOf,
  isJudged,
  judgeLine,
  markOf,
} from '../../../web-client/analysis/review_marks.js';

test('the marks start at drops of 10, 20 and 30 percentage points', () => {
  assert.deepEqual(
    THRESHOLDS.map((threshold) => [threshold.mark, threshold.drop]),
    [
      ['blunder', 0.3],
      ['mistake', 0.2],
      ['inaccuracy', 0.1],
    ],
  );
  assert.equal(markOf(0.0999), null);
  assert.equal(markOf(0.1), 'inaccuracy');
  assert.equal(markOf(0.7 - 0.6), 'inaccuracy', 'a drop of 0.1 in floating point');
  assert.equal(markOf(0.1999), 'inaccuracy');
  assert.equal(markOf(0.2), 'mistake');
  assert.equal(markOf(0.7 - 0.4), 'blunder', 'a drop of 0.3 in floating point');
  assert.equal(markOf(1), 'blunder');
  assert.equal(markOf(-0.5), null, 'a gain is no mark');
});

test('a finished game’s chances are its result’s: the winner 1, a draw split', () => {
  const finished = (winners) => ({
    status: 'finished',
    seats: ['White', 'Black'],
    result: { winners, draw: winners.length === 0 },
  });
  assert.deepEqual(chancesOf(finished([1]), null), [0, 1]);
  assert.deepEqual(chancesOf(finished([]), null), [0.5, 0.5]);
  const four = { status: 'finished', seats: [0, 1, 2, 3], result: { winners: [0, 2] } };
  assert.deepEqual(chancesOf(four, null), [0.5, 0, 0.5, 0]);
  const ongoing = { status: 'ongoing', seats: ['White', 'Black'] };
  assert.deepEqual(chancesOf(ongoing, { seat_values: [0.64, 0.36] }), [0.64, 0.36]);
});

test('dice tokens and the only legal move are not judged', () => {
  const choice = { legal: ['a1', 'b2'] };
  assert.equal(isJudged('a1', choice), true);
  assert.equal(isJudged('pass', { legal: ['pass'] }), false);
  assert.equal(isJudged('roll=36625', { legal: ['roll'] }), false);
  assert.equal(isJudged('reroll 1 2=45', { legal: ['reroll 1 2', 'play 1'] }), false);
});

test('a line is judged by each mover’s own chance across its move', () => {
  const choice = { legal: ['a1', 'b2', 'c3'] };
  const steps = [
    { token: 'a1', mover: 0, before: [0.5, 0.5], after: [0.45, 0.55], stateBefore: choice },
    { token: 'e5', mover: 1, before: [0.45, 0.55], after: [0.6, 0.4], stateBefore: choice },
    { token: 'b2', mover: 0, before: [0.6, 0.4], after: [0.35, 0.65], stateBefore: choice },
    {
      token: 'pass',
      mover: 1,
      before: [0.35, 0.65],
      after: [0.9, 0.1],
      stateBefore: { legal: ['pass'] },
    },
    { token: 'b1', mover: 0, before: [0.64, 0.36], after: [0, 1], stateBefore: choice },
  ];
  const marks = judgeLine(steps);
  assert.deepEqual(
    marks.map((m) => [m.index, m.token, m.mover, m.mark]),
    [
      [1, 'e5', 1, 'inaccuracy'],
      [2, 'b2', 0, 'mistake'],
      [4, 'b1', 0, 'blunder'],
    ],
  );
  assert.equal(marks[2].before, 0.64);
  assert.equal(marks[2].after, 0);
  assert.ok(Math.abs(marks[1].drop - 0.25) < 1e-12);
});
