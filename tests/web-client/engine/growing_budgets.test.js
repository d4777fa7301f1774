// web-client/engine/engine.js's growingBudgets: the budgets of a search shown as it goes, doubling
// from 250 while below the target, then the target itself.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { growingBudgets } from '../../../web-client/engine/engine.js';

test('the budgets double from 250 and end at the target', () => {
  assert.deepEqual(growingBudgets(3000), [250, 500, 1000, 2000, 3000]);
  assert.deepEqual(growingBudgets(2000), [250, 500, 1000, 2000]);
  assert.deepEqual(growingBudgets(30000), [250, 500, 1000, 2000, 4000, 8000, 16000, 30000]);
  assert.deepEqual(growingBudgets(800), [250, 500, 800]);
});

test('a target at or below the first budget is searched once', () => {
  assert.deepEqual(growingBudgets(250), [250]);
  assert.deepEqual(growingBudgets(100), [100]);
  assert.deepEqual(growingBudgets(60, 20), [20, 40, 60]);
});
