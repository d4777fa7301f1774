// web-client/analysis/dice_entry.js: the analyst's dice, typed or rolled, without a DOM.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDice, rollDice } from '../../../web-client/analysis/dice_entry.js';

test('typed dice are exactly the digits 1-6 the request needs, spaces allowed', () => {
  assert.deepEqual(parseDice('36625', 5), [3, 6, 6, 2, 5]);
  assert.deepEqual(parseDice(' 3 6 6 2 5 ', 5), [3, 6, 6, 2, 5]);
  assert.deepEqual(parseDice('41', 2), [4, 1]);
  assert.equal(parseDice('3662', 5), null);
  assert.equal(parseDice('366251', 5), null);
  assert.equal(parseDice('36705', 5), null);
  assert.equal(parseDice('3a625', 5), null);
  assert.equal(parseDice('', 1), null);
});

test('rolled dice map bytes to faces and skip the bytes that would favour low faces', () => {
  const batches = [
    [0, 5, 252],
    [255, 6, 11],
  ];
  const source = (bytes) => {
    bytes.set(batches.shift().slice(0, bytes.length));
    return bytes;
  };
  assert.deepEqual(rollDice(3, source), [1, 6, 1]);
});

test('rolled dice come from the browser crypto: the count asked, each 1-6', () => {
  for (const count of [1, 3, 5]) {
    const dice = rollDice(count);
    assert.equal(dice.length, count);
    assert.ok(
      dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6),
      String(dice),
    );
  }
});
