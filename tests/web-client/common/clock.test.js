// web-client/common/clock.js: the countdown from a snapshot's clock figures and the time texts.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeClock, formatMs, remaining } from '../../../web-client/common/clock.js';

test('only the running seat counts down, from the moment the snapshot arrived', () => {
  const clock = { type: 'bank', remaining_ms: [180000, 95500], running: 1 };
  assert.deepEqual(remaining(clock, 1000, 1000), [180000, 95500]);
  assert.deepEqual(remaining(clock, 1000, 3250), [180000, 93250]);
});

test('a running clock stops at zero and never goes negative', () => {
  const clock = { type: 'bank', remaining_ms: [400, 60000], running: 0 };
  assert.deepEqual(remaining(clock, 5000, 5399), [1, 60000]);
  assert.deepEqual(remaining(clock, 5000, 9000), [0, 60000]);
});

test('no running seat: every figure is shown as sent', () => {
  const clock = { type: 'per_move', remaining_ms: [86400000, 7000], running: null };
  assert.deepEqual(remaining(clock, 0, 123456), [86400000, 7000]);
});

test('a seat without a clock (null) stays null; no clock gives no figures', () => {
  const clock = { type: 'bank', remaining_ms: [1000, null, 2000, undefined], running: 2 };
  assert.deepEqual(remaining(clock, 100, 600), [1000, null, 1500, null]);
  assert.deepEqual(remaining(null, 0, 0), []);
  assert.deepEqual(remaining({ type: 'none' }, 0, 0), []);
});

test('formatMs: tenths under ten seconds, whole seconds rounded up above', () => {
  assert.equal(formatMs(9999), '0:09.9');
  assert.equal(formatMs(9400), '0:09.4');
  assert.equal(formatMs(450), '0:00.4');
  assert.equal(formatMs(0), '0:00.0');
  assert.equal(formatMs(10000), '0:10');
  assert.equal(formatMs(10001), '0:11');
  assert.equal(formatMs(247000), '4:07');
  assert.equal(formatMs(3600000), '1:00:00');
  assert.equal(formatMs(3723000), '1:02:03');
  assert.equal(formatMs(86400000), '1d 0h');
  assert.equal(formatMs(2 * 86400000 + 3 * 3600000 + 59000), '2d 3h');
  assert.equal(formatMs(null), '');
  assert.equal(formatMs(undefined), '');
});

test('describeClock names bank and per-move settings, nothing for no clock', () => {
  assert.equal(
    describeClock({ type: 'bank', initial_seconds: 180, increment_seconds: 2 }),
    '3:00 + 2s',
  );
  assert.equal(describeClock({ type: 'per_move', seconds: 86400 }), '1d 0h per move');
  assert.equal(describeClock({ type: 'none' }), '');
  assert.equal(describeClock(null), '');
});
