// web-client/local/dice.js: dice for a game against the computer, from random bytes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomSeed, rollDice } from '../../../web-client/local/dice.js';

// A `fill` that hands out `bytes` in order, as many as each call asks for.
function bytesFrom(bytes) {
  let at = 0;
  return (array) => {
    for (let i = 0; i < array.length; i++) array[i] = bytes[at++];
    return array;
  };
}

test('each byte below 252 gives the face byte % 6 + 1', () => {
  assert.deepEqual(rollDice(5, bytesFrom([0, 1, 2, 3, 251])), [1, 2, 3, 4, 6]);
  assert.deepEqual(rollDice(2, bytesFrom([6, 11])), [1, 6]);
});

test('bytes of 252 and above are drawn again, so every face is equally likely', () => {
  assert.deepEqual(rollDice(3, bytesFrom([252, 0, 255, 7, 100, 5])), [1, 2, 5]);
});

test('no dice for a count of 0; the browser’s generator by default', () => {
  assert.deepEqual(rollDice(0, bytesFrom([])), []);
  const dice = rollDice(50);
  assert.equal(dice.length, 50);
  assert.ok(dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6));
});

test('a seed is the 32 bits the generator gives', () => {
  assert.equal(
    randomSeed((words) => words.fill(4000000000)),
    4000000000,
  );
});
