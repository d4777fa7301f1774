// web-client/common/compact_snapshot.js: protocol 2's snapshot expanded to protocol 1's shape
// (PROTOCOL.md "snapshot", "Protocol 2") with the room's constants from `joined` and the real
// WebAssembly rules (web-client/engine/quadra.wasm).

import assert from 'node:assert/strict';
import { afterEach, mock, test } from 'node:test';
import {
  expandSnapshot,
  isCompactSnapshot,
  roomConstants,
} from '../../../web-client/common/compact_snapshot.js';
import { loadRules } from '../../../web-client/engine/rules.js';
import { noResultEnding } from '../../../web-client/common/result_words.js';

const rules = await loadRules(process.env.QUADRA_WASM ?? undefined);

const PLAYING = 'kvadratura:l:8/8/8/8/8/2W5/8/8'; // Black to move, 63 legal cells
const GAME_ID = '3f9a1c0e5b7d2468';
const COMMITMENT = '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8';
const BANK = { type: 'bank', initial_seconds: 300, increment_seconds: 5 };

// The rules' state of `position` as protocol 1's snapshot has it: without `ply`.
function rulesState(position) {
  const { ply, ...state } = rules.state(position);
  assert.equal(ply, 0);
  return state;
}

afterEach(() => mock.restoreAll());

test('roomConstants: the game id, commitment and clock of `joined`, null or none when absent', () => {
  const joined = {
    type: 'joined',
    room: 'K7QM3X',
    as: 'player',
    seat: 1,
    game_id: GAME_ID,
    commitment: COMMITMENT,
    clock: BANK,
  };
  assert.deepEqual(roomConstants(joined), {
    game_id: GAME_ID,
    commitment: COMMITMENT,
    clock: BANK,
  });
  assert.deepEqual(roomConstants({ type: 'joined', room: 'K7QM3X', as: 'spectator', seat: null }), {
    game_id: null,
    commitment: null,
    clock: { type: 'none' },
  });
});

test('isCompactSnapshot: protocol 2 has `v`, protocol 1 `version`', () => {
  assert.equal(isCompactSnapshot({ type: 'snapshot', room: 'A', v: 0, pos: PLAYING }), true);
  assert.equal(isCompactSnapshot({ type: 'snapshot', room: 'A', version: 0, state: {} }), false);
});

test('a game on with a bank clock, an away seat and spectators', () => {
  const errors = mock.method(console, 'error', () => {});
  const compact = {
    type: 'snapshot',
    room: 'K7QM3X',
    v: 3,
    pos: PLAYING,
    legal: 63,
    last: 'c3',
    seats: [{ name: 'Ann' }, { name: 'Bob', off: 1, away: 1764470000000 }],
    watch: 2,
    clock: { left: [287000, 300000], run: 1 },
  };
  const constants = roomConstants({ game_id: GAME_ID, commitment: COMMITMENT, clock: BANK });
  assert.deepEqual(expandSnapshot(compact, constants, rules), {
    type: 'snapshot',
    room: 'K7QM3X',
    version: 3,
    status: 'playing',
    seats: [
      { name: 'Ann', connected: true },
      { name: 'Bob', connected: false, away_since: 1764470000000 },
    ],
    spectators: 2,
    last_move: 'c3',
    forced_passes: 0,
    draw_offer: null,
    takeback: null,
    rematch: { agreed: [], room: null },
    result: null,
    clock: { ...BANK, remaining_ms: [287000, 300000], running: 1 },
    game_id: GAME_ID,
    commitment: COMMITMENT,
    seed: null,
    state: rulesState(PLAYING),
  });
  assert.equal(errors.mock.callCount(), 0, 'the counts of legal requests agree');
});

test('the state is exactly the rules’ state of the position, without ply', () => {
  const expanded = expandSnapshot(
    { type: 'snapshot', room: 'K7QM3X', v: 3, pos: PLAYING, legal: 63, seats: [] },
    roomConstants({}),
    rules,
  );
  assert.deepEqual(expanded.state, rulesState(PLAYING));
  assert.equal(expanded.state.ply, undefined);
  assert.equal(expanded.state.position, PLAYING);
  assert.equal(expanded.state.to_move, 1);
  assert.equal(expanded.state.legal.length, 63);
  assert.equal(expanded.state.status, 'ongoing');
  assert.equal(expanded.state.result, null);
  assert.deepEqual(expanded.clock, { type: 'none' });
  assert.equal(expanded.game_id, null);
  assert.equal(expanded.commitment, null);
});

test('a standing takeback request: `tb` is `takeback`, the asking seat; null when absent', () => {
  const compact = {
    type: 'snapshot',
    room: 'K7QM3X',
    v: 3,
    pos: PLAYING,
    legal: 63,
    last: 'c3',
    seats: [{ name: 'Ann' }, { name: 'Bob' }],
  };
  const asked = expandSnapshot({ ...compact, tb: 0 }, roomConstants({}), rules);
  assert.equal(asked.takeback, 0);
  assert.equal(asked.draw_offer, null, 'a takeback is not a draw offer');
  const seatOne = expandSnapshot({ ...compact, tb: 1 }, roomConstants({}), rules);
  assert.equal(seatOne.takeback, 1);
  assert.equal(expandSnapshot(compact, roomConstants({}), rules).takeback, null);
});

test('a waiting room with a free seat, a bot and a per-move clock not yet running', () => {
  const { position } = rules.start('kvadratura', { size: 3 });
  const compact = {
    type: 'snapshot',
    room: 'P3XK9D',
    v: 0,
    st: 'waiting',
    pos: position,
    legal: 9,
    seats: [null, { name: 'Computer (hard)', bot: 'hard' }],
    clock: { left: [86400000, 86400000] },
  };
  const clock = { type: 'per_move', seconds: 86400 };
  const expanded = expandSnapshot(compact, roomConstants({ game_id: GAME_ID, clock }), rules);
  assert.equal(expanded.status, 'waiting');
  assert.equal(expanded.version, 0);
  assert.deepEqual(expanded.seats, [
    null,
    { name: 'Computer (hard)', bot: 'hard', connected: true },
  ]);
  assert.equal(expanded.spectators, 0);
  assert.equal(expanded.last_move, null);
  assert.equal(expanded.forced_passes, 0);
  assert.equal(expanded.draw_offer, null);
  assert.deepEqual(expanded.clock, {
    type: 'per_move',
    seconds: 86400,
    remaining_ms: [86400000, 86400000],
    running: null,
  });
  assert.equal(expanded.game_id, GAME_ID);
  assert.equal(expanded.commitment, null);
  assert.deepEqual(expanded.state, rulesState(position));
  assert.equal(expanded.state.legal.length, 9);
});

test('a game ended by a resignation: finished, nothing to play, the room’s result', () => {
  const compact = {
    type: 'snapshot',
    room: 'K7QM3X',
    v: 3,
    pos: PLAYING,
    last: 'c3',
    seats: [{ name: 'Ann' }, { name: 'Bob' }],
    result: { by: 'resigned', fig: { seat: 1 }, win: [0] },
    draw: 0,
    rematch: { agreed: [1] },
    clock: { left: [287000, 295000] },
  };
  const expanded = expandSnapshot(compact, roomConstants({ game_id: GAME_ID, clock: BANK }), rules);
  assert.equal(expanded.status, 'finished');
  assert.deepEqual(expanded.result, {
    status: 'finished',
    winners: [0],
    by: 'resign',
    code: 'resigned',
    figures: { seat: 1 },
  });
  assert.equal(expanded.result.reason, undefined, 'the client words the code');
  assert.equal(expanded.state.status, 'finished');
  assert.deepEqual(expanded.state.legal, []);
  assert.equal(expanded.state.to_move, -1);
  assert.equal(expanded.state.result, null, 'the rules’ own result stays theirs');
  assert.deepEqual(expanded.state.board, rulesState(PLAYING).board);
  assert.equal(expanded.draw_offer, 0);
  assert.deepEqual(expanded.rematch, { agreed: [1], room: null });
  assert.deepEqual(expanded.clock, { ...BANK, remaining_ms: [287000, 295000], running: null });
});

test('a result by the rules keeps its code as `code`, `rules` as `by`, and the rules’ state', () => {
  const over = 'kvadratura:l:W4W2/WB2W1W1/4B3/8/BB6/3B4/8/8';
  const compact = {
    type: 'snapshot',
    room: 'K7QM3X',
    v: 9,
    pos: over,
    seats: [{ name: 'Ann' }, { name: 'Computer (hard)', bot: 'hard' }],
    result: { by: 'completed', fig: { seat: 1, squares: 1 }, win: [0] },
    rematch: { agreed: [0], room: 'N3WR00' },
  };
  const expanded = expandSnapshot(compact, roomConstants({}), rules);
  assert.equal(expanded.status, 'finished');
  assert.deepEqual(expanded.result, {
    status: 'finished',
    winners: [0],
    by: 'rules',
    code: 'completed',
    figures: { seat: 1, squares: 1 },
  });
  assert.deepEqual(expanded.state, rulesState(over));
  assert.deepEqual(expanded.rematch, { agreed: [0], room: 'N3WR00' });
});

test('each room code has its coarse kind; figures default to {}', () => {
  const kinds = {
    resigned: 'resign',
    timeout: 'timeout',
    claimed: 'claim',
    draw_agreed: 'draw',
    last_left: 'retired',
    closed: 'closed',
    aborted: 'closed',
    completed: 'rules',
  };
  for (const [code, by] of Object.entries(kinds)) {
    const compact = { room: 'A', v: 1, pos: PLAYING, seats: [], result: { by: code, win: [] } };
    const { result } = expandSnapshot(compact, roomConstants({}), rules);
    assert.equal(result.by, by, code);
    assert.equal(result.code, code);
    assert.deepEqual(result.figures, {});
    assert.deepEqual(result.winners, []);
  }
});

test('a room a moderator closed: kind `closed`, its code kept, no winner, and no draw', () => {
  for (const code of ['closed', 'aborted']) {
    const compact = { room: 'A', v: 4, pos: PLAYING, seats: [], result: { by: code } };
    const expanded = expandSnapshot(compact, roomConstants({}), rules);
    assert.equal(expanded.status, 'finished', code);
    assert.deepEqual(expanded.result, {
      status: 'finished',
      winners: [],
      by: 'closed',
      code,
      figures: {},
    });
    assert.notEqual(expanded.result.draw, true, 'empty winners, yet not a draw');
    assert.equal(noResultEnding(expanded.result), code);
    assert.deepEqual(expanded.state.legal, [], 'nothing left to play');
    assert.equal(expanded.state.to_move, -1);
  }
});

test('claimable, retired and disconnected seats, forced passes', () => {
  const compact = {
    room: 'A',
    v: 5,
    pos: PLAYING,
    legal: 63,
    forced: 2,
    seats: [
      { name: 'Ann', claim: 1, off: 1, away: 5 },
      { name: 'Bob', out: 1 },
    ],
  };
  const expanded = expandSnapshot(compact, roomConstants({}), rules);
  assert.deepEqual(expanded.seats, [
    { name: 'Ann', connected: false, away_since: 5, claimable: true },
    { name: 'Bob', connected: true, retired: true },
  ]);
  assert.equal(expanded.forced_passes, 2);
});

test('rules that count other legal requests than the server are told, not thrown', () => {
  const errors = mock.method(console, 'error', () => {});
  const expanded = expandSnapshot({ room: 'A', v: 3, pos: PLAYING, legal: 62 }, null, rules);
  assert.equal(expanded.state.legal.length, 63, 'the page draws its own rules’ state');
  assert.equal(errors.mock.callCount(), 1);
  assert.match(errors.mock.calls[0].arguments[0], /62 legal requests.*rules 63/);
  // No count is 0: a position with moves and no `legal` is told as well.
  expandSnapshot({ room: 'A', v: 3, pos: PLAYING }, null, rules);
  assert.equal(errors.mock.callCount(), 2);
});

test('a position the rules cannot read, or no rules, throws', () => {
  assert.throws(
    () => expandSnapshot({ room: 'A', v: 1, pos: 'kvadratura:x:3/3/3' }, null, rules),
    /cannot read the position "kvadratura:x:3\/3\/3"/,
  );
  assert.throws(() => expandSnapshot({ room: 'A', v: 1, pos: PLAYING }, null, null), /not loaded/);
});
