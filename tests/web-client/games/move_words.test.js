// web-client/games/*/move_words.js and room/move_history.js: recorded tokens in words, and the move list
// following the snapshots.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveWords } from '../../../web-client/games/index.js';
import { diceOf } from '../../../web-client/games/quadwrangle/move_words.js';
import {
  entriesOfRecord,
  followSnapshot,
  playerName,
} from '../../../web-client/room/move_history.js';

test('Quadwrangle rolls, re-rolls, plays and passes in words', () => {
  assert.equal(moveWords('quadwrangle', 'roll=36625', 'Ann'), 'Ann rolled 3 6 6 2 5');
  assert.equal(
    moveWords('quadwrangle', 'reroll 2 3 5=31625', 'Bob'),
    'Bob re-rolled dice 2 3 5: 3 1 6 2 5',
  );
  assert.equal(moveWords('quadwrangle', 'play lanes', 'Ann'), 'Ann moved the lanes of the pairs');
  assert.equal(moveWords('quadwrangle', 'play run', 'Ann'), 'Ann moved the run lane');
  assert.equal(moveWords('quadwrangle', 'play high', 'Bob'), 'Bob moved the high lane');
  assert.equal(moveWords('quadwrangle', 'play low', 'Bob'), 'Bob moved the low lane');
  assert.equal(moveWords('quadwrangle', 'pass', 'Ann'), 'Ann passed');
});

test('steps and placements in words', () => {
  assert.equal(moveWords('quadrature', 'e3-e4', 'Bob'), 'Bob: e3–e4');
  assert.equal(moveWords('quadrature', 'k10-k11', 'Bob'), 'Bob: k10–k11');
  assert.equal(moveWords('kvadrat', 'h7', 'Ann'), 'Ann: h7');
  assert.equal(moveWords('kvadrat', 'o15', 'Ann'), 'Ann: o15');
  assert.equal(moveWords('kvadratura', 'c3', 'Bob'), 'Bob: c3');
  assert.equal(moveWords('kvadrat', 'pass', 'Red'), 'Red passed');
});

test('an unknown token or game is shown as it is', () => {
  assert.equal(moveWords('quadrature', 'e3e4', 'Ann'), 'Ann: e3e4');
  assert.equal(moveWords('quadwrangle', 'roll=3662', 'Ann'), 'Ann: roll=3662');
  assert.equal(moveWords('chess', 'e2-e4', 'Ann'), 'Ann: e2-e4');
});

test('the dice of a recorded token', () => {
  assert.deepEqual(diceOf('roll=36625'), [3, 6, 6, 2, 5]);
  assert.deepEqual(diceOf('reroll 1=16625'), [1, 6, 6, 2, 5]);
  assert.equal(diceOf('play lanes'), null);
});

const ANN = { name: 'Ann', connected: true };
const BOB = { name: 'Bob', connected: true };

function snap(version, toMove, lastMove, forcedPasses = 0, room = 'K7QM3X') {
  return {
    room,
    version,
    last_move: lastMove,
    forced_passes: forcedPasses,
    seats: [ANN, BOB],
    state: { to_move: toMove },
  };
}

test('the record gives the entries with their seats', () => {
  const entries = entriesOfRecord({ moves: ['roll=36625', 'play lanes'], move_seats: [0, 0] });
  assert.deepEqual(entries, [
    { ply: 1, seat: 0, token: 'roll=36625' },
    { ply: 2, seat: 0, token: 'play lanes' },
  ]);
  // An older record without seats still lists its moves.
  assert.deepEqual(entriesOfRecord({ moves: ['a1'] }), [{ ply: 1, seat: null, token: 'a1' }]);
});

test('a snapshot one move newer adds that move, played by the seat that was to move', () => {
  const entries = [{ ply: 1, seat: 0, token: 'a1' }];
  const next = followSnapshot(entries, snap(1, 1, 'a1'), snap(2, 0, 'd4'));
  assert.deepEqual(next, [
    { ply: 1, seat: 0, token: 'a1' },
    { ply: 2, seat: 1, token: 'd4' },
  ]);
  // A snapshot of the same version (a join, a chat) changes nothing.
  assert.equal(followSnapshot(entries, snap(1, 1, 'a1'), snap(1, 1, 'a1')), entries);
});

test('gaps, forced passes, another room or no record ask for the record again', () => {
  const entries = [{ ply: 1, seat: 0, token: 'a1' }];
  assert.equal(followSnapshot(entries, snap(1, 1, 'a1'), snap(3, 1, 'c3')), null);
  assert.equal(followSnapshot(entries, snap(1, 1, 'a1'), snap(3, 0, 'd4', 1)), null);
  assert.equal(followSnapshot(entries, null, snap(2, 0, 'd4')), null);
  assert.equal(followSnapshot(entries, snap(1, 1, 'a1', 0, 'OTHER'), snap(2, 0, 'd4')), null);
  assert.equal(followSnapshot(null, snap(1, 1, 'a1'), snap(2, 0, 'd4')), null);
});

test('a player is named by holder, else colour, else seat number', () => {
  const seatWord = (i) => `Seat ${i + 1}`;
  assert.equal(playerName([ANN, null], ['Black', 'Red'], 0, seatWord), 'Ann');
  assert.equal(playerName([ANN, null], ['Black', 'Red'], 1, seatWord), 'Red');
  assert.equal(playerName(['Ann', ''], [], 1, seatWord), 'Seat 2');
  assert.equal(playerName(['Ann', 'Bob'], [], 1, seatWord), 'Bob');
  assert.equal(playerName(['Ann'], [], null, seatWord), '?');
});
