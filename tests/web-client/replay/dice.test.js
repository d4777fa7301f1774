// web-client/replay/dice.js against the known answer of PROTOCOL.md "Fair dice", with Node's Web Crypto.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  deriveDie,
  rolledPositions,
  seedKey,
  sha256Hex,
  verifyDice,
} from '../../../web-client/replay/dice.js';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const GAME = '3f9a1c0e5b7d2468';

async function dice(rollIndex, count) {
  const key = await seedKey(SEED);
  const out = [];
  for (let die = 0; die < count; ++die) out.push(await deriveDie(key, GAME, rollIndex, die));
  return out;
}

test('the commitment is SHA-256 of the raw seed bytes', async () => {
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
  assert.equal(await sha256Hex(bytes), COMMITMENT);
});

test('the known-answer dice of PROTOCOL.md', async () => {
  assert.deepEqual(await dice(0, 5), [5, 5, 5, 1, 3]);
  assert.deepEqual(await dice(1, 5), [1, 6, 2, 2, 6]);
  assert.deepEqual(await dice(7, 3), [6, 5, 3]);
});

test('rolledPositions: all dice for a roll, the listed ones for a re-roll', () => {
  assert.deepEqual(rolledPositions('roll', 5), [1, 2, 3, 4, 5]);
  assert.deepEqual(rolledPositions('reroll 2 3 5', 5), [2, 3, 5]);
  assert.deepEqual(rolledPositions('reroll 5 1', 5), [5, 1]);
  assert.equal(rolledPositions('reroll 6', 5), null);
  assert.equal(rolledPositions('reroll', 5), null);
  assert.equal(rolledPositions('reroll x', 5), null);
});

test('the documented record with a re-roll verifies', async () => {
  const record = {
    id: GAME,
    seed: SEED,
    commitment: COMMITMENT,
    moves: ['roll=55513', 'reroll 2 3 5=51612'],
  };
  assert.deepEqual(await verifyDice(record), { ok: true, rolls: 2, dice: 8 });
});

test('a changed die names the ply, the position and the derived value', async () => {
  const record = { id: GAME, seed: SEED, commitment: COMMITMENT, moves: ['roll=55413'] };
  assert.deepEqual(await verifyDice(record), {
    ok: false,
    ply: 1,
    move: 'roll=55413',
    reason: 'die 3 is 4, the seed gives 5',
  });
});

test('a kept die must be the previous roll', async () => {
  const moves = ['roll=55513', 'reroll 2 3 5=61612'];
  const result = await verifyDice({ id: GAME, seed: SEED, commitment: COMMITMENT, moves });
  assert.deepEqual(result, {
    ok: false,
    ply: 2,
    move: 'reroll 2 3 5=61612',
    reason: 'kept die 1 is 6, the previous roll left 5',
  });
});

test('the seed must match the commitment and be revealed', async () => {
  const wrong = { id: GAME, seed: SEED, commitment: '00'.repeat(32), moves: [] };
  assert.deepEqual(await verifyDice(wrong), {
    ok: false,
    ply: 0,
    reason: 'SHA-256 of the seed does not match the commitment',
  });
  assert.equal((await verifyDice({ id: GAME, moves: [] })).reason, 'the seed is not revealed yet');
  assert.equal(
    (await verifyDice({ id: GAME, seed: 'XY', moves: [] })).reason,
    'the seed is not hex',
  );
});

test('tokens without dice are skipped but still count in the roll index', async () => {
  const moves = ['pass', 'roll=16226'];
  const result = await verifyDice({ id: GAME, seed: SEED, commitment: COMMITMENT, moves });
  assert.deepEqual(result, { ok: true, rolls: 1, dice: 5 });
});
