// rules.js's answers in each form (web-client/engine/rules.js): values, the rules' refusals as
// { error }, and the throws of a caller's mistake, on concrete inputs.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadRules } from '../../web-client/engine/rules.js';

const rules = await loadRules(process.env.QUADRA_WASM ?? undefined);
const QUADWRANGLE_START = 'quadwrangle:4:3:000000000:1:0:-';

test('start: the notation of a new game, or the refusal naming the game or the option', () => {
  assert.deepEqual(rules.start('kvadratura', { size: 3 }), { position: 'kvadratura:l:3/3/3' });
  assert.deepEqual(rules.start('quadwrangle'), { position: QUADWRANGLE_START });
  assert.deepEqual(rules.start('chess'), { error: "unknown game 'chess'" });
  assert.deepEqual(rules.start('kvadratura', { size: 9 }), {
    error: "option 'size' must be an integer from 3 to 8, not 9",
  });
  assert.deepEqual(rules.start('kvadratura', { colour: 'red' }), {
    error: "unknown option 'colour' (known: size, mode)",
  });
});

test('state: the state with its legal requests, position and ply 0', () => {
  const state = rules.state('kvadratura:l:3/3/W2');
  assert.deepEqual(state.legal, ['a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
  assert.equal(state.to_move, 1);
  assert.equal(state.ply, 0);
  assert.equal(state.position, 'kvadratura:l:3/3/W2');
  assert.equal(rules.stateText('kvadratura:l:3/3/W2'), JSON.stringify(state));
  assert.throws(() => rules.stateText('kvadratura:x:3/3/3'), /field 'mode'/);
});

test('dice: how many a request needs, and its token with them or the refusal', () => {
  assert.equal(rules.diceNeeded(QUADWRANGLE_START, 'roll'), 5);
  assert.equal(rules.diceNeeded(QUADWRANGLE_START, 'pass'), 0);
  assert.deepEqual(rules.withDice(QUADWRANGLE_START, 'roll', [3, 6, 6, 2, 5]), {
    token: 'roll=36625',
  });
  assert.deepEqual(rules.withDice(QUADWRANGLE_START, 'roll', [3, 6, 6, 2]), {
    error: "'roll' needs 5 dice, not 4",
  });
  assert.deepEqual(rules.withDice(QUADWRANGLE_START, 'roll', [3, 6, 6, 2, 7]), {
    error: 'dice show 1-6, not 7',
  });
  assert.throws(() => rules.diceNeeded('nope', 'roll'), /field 'game'/);
});

test('apply: the next notation, or the rules refusing the token', () => {
  assert.deepEqual(rules.apply('kvadratura:l:3/3/3', 'a1'), { position: 'kvadratura:l:3/3/W2' });
  assert.deepEqual(rules.apply(QUADWRANGLE_START, 'roll=36625'), {
    position: 'quadwrangle:4:3:000000000:1:1:36625',
  });
  assert.deepEqual(rules.apply(QUADWRANGLE_START, 'roll=3662'), {
    error: "expected exactly five dice digits 1-6 after '=', not '3662'",
  });
});

test('games and levels: the registry and the level budgets', () => {
  assert.deepEqual(
    rules.games().map((game) => game.id),
    ['quadrature', 'quadwrangle', 'kvadrat', 'kvadratura'],
  );
  assert.deepEqual(
    ['random', 'easy', 'medium', 'hard'].map((level) => rules.levelPlayouts(level)),
    [0, 100, 800, 3000],
  );
  assert.throws(() => rules.levelPlayouts('grandmaster'), /unknown level 'grandmaster'/);
});

test('bestMove: no move in a finished game or a bad notation, a forced one without search', () => {
  assert.deepEqual(rules.bestMove('kvadratura:l:2B/WWB/WWB', { playouts: 10 }), {
    error: 'the game is finished, there is no move to find',
  });
  assert.match(rules.bestMove('x', { playouts: 10 }).error, /^field 'game'/);
  assert.deepEqual(rules.bestMove(QUADWRANGLE_START, { playouts: 500, seed: 3 }), {
    playouts: 0,
    request: 'roll',
    value: 0,
  });
});
