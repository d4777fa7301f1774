// web-client/app_state.js: what the application keeps between messages — when a joined room is
// shown, what its membership knows of takebacks, the sync after a reconnect, the chat log's
// bound, the seat kept on leaving, the replay asked for, and the watch list kept in storage.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppState } from '../../web-client/app_state.js';
import { remaining } from '../../web-client/common/clock.js';
import { loadRules } from '../../web-client/engine/rules.js';

// A sessionStorage of one's own.
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
}

const fresh = (options = {}) => new AppState({ storage: memoryStorage(), ...options });

test('a room joined by a request of this tab is shown; a seat given back on reconnect is not', () => {
  const state = fresh();
  assert.equal(state.joined({ room: 'AAAAAA', as: 'player', seat: 0, id: 3 }), true);
  assert.deepEqual(state.memberships.get('AAAAAA'), { as: 'player', seat: 0 });
  assert.equal(state.joined({ room: 'BBBBBB', as: 'player', seat: 1 }), false);
  state.shown = 'BBBBBB';
  assert.equal(state.joined({ room: 'BBBBBB', as: 'player', seat: 1 }), true, 'on screen');
});

test('the membership says whether the room allows takebacks, as `joined` did', () => {
  const state = fresh();
  state.joined({ room: 'FOURPL', as: 'player', seat: 2, id: 1, takebacks: true });
  assert.deepEqual(state.memberships.get('FOURPL'), { as: 'player', seat: 2, takebacks: true });
  state.joined({ room: 'RATED1', as: 'player', seat: 0, id: 2 });
  assert.deepEqual(state.memberships.get('RATED1'), { as: 'player', seat: 0 });
});

test('while a room is asked for, only that room is shown; a previewed one never is', () => {
  const state = fresh({ wanted: 'WANTED' });
  assert.equal(state.joined({ room: 'OTHERS', as: 'player', seat: 0, id: 1 }), false);
  assert.equal(state.joined({ room: 'WANTED', as: 'player', seat: 0, id: 2 }), true);
  state.previewing = 'INVITE';
  assert.equal(state.joined({ room: 'INVITE', as: 'spectator', id: 3 }), false);
});

test('the room a pairing seated this tab in is shown once', () => {
  const state = fresh();
  state.pairedRoom = 'PAIRED';
  assert.equal(state.joined({ room: 'PAIRED', as: 'player', seat: 1 }), true);
  assert.equal(state.pairedRoom, null);
  assert.equal(state.joined({ room: 'PAIRED', as: 'player', seat: 1 }), false);
});

test('a join starts the chat afresh, and the log keeps the last 200 lines', () => {
  const state = fresh();
  for (let i = 0; i < 205; ++i) state.addChat({ room: 'AAAAAA', text: String(i) });
  const lines = state.chats.get('AAAAAA');
  assert.equal(lines.length, 200);
  assert.equal(lines[0].text, '5');
  state.joined({ room: 'AAAAAA', as: 'spectator' });
  assert.deepEqual(state.chats.get('AAAAAA'), []);
});

test('a join repeated on one connection keeps the chat; one after a disconnect starts afresh', () => {
  const state = fresh();
  // The resume gives the seat back (with the recent chat); the reload's own join repeats it.
  state.joined({ room: 'AAAAAA', as: 'player', seat: 1 });
  state.addChat({ room: 'AAAAAA', at: 1000, text: 'hello' });
  assert.equal(state.repeatsJoin({ room: 'AAAAAA' }), true);
  state.joined({ room: 'AAAAAA', as: 'player', seat: 1, id: 4 });
  assert.equal(state.chats.get('AAAAAA').length, 1);
  // A spectator sitting down on the same connection reads no history again either.
  state.joined({ room: 'BBBBBB', as: 'spectator', seat: null });
  state.addChat({ room: 'BBBBBB', at: 2000, text: 'hi' });
  state.joined({ room: 'BBBBBB', as: 'player', seat: 0, id: 5 });
  assert.equal(state.chats.get('BBBBBB').length, 1);
  // A new connection's join is followed by the recent chat again.
  state.disconnected();
  assert.equal(state.repeatsJoin({ room: 'AAAAAA' }), false);
  state.joined({ room: 'AAAAAA', as: 'player', seat: 1 });
  assert.deepEqual(state.chats.get('AAAAAA'), []);
  // So is a join after leaving.
  state.forget('BBBBBB');
  assert.equal(state.repeatsJoin({ room: 'BBBBBB' }), false);
});

test('a hidden chat line leaves its room log, found by its time', () => {
  const state = fresh();
  state.addChat({ room: 'AAAAAA', at: 1000, text: 'hello' });
  state.addChat({ room: 'AAAAAA', at: 2000, text: 'insult' });
  state.addChat({ room: 'BBBBBB', at: 2000, text: 'same time, other room' });
  assert.equal(state.hideChat('AAAAAA', 2000), true);
  assert.deepEqual(
    state.chats.get('AAAAAA').map((line) => line.text),
    ['hello'],
  );
  assert.equal(state.chats.get('BBBBBB').length, 1, 'another room keeps its line');
  assert.equal(state.hideChat('AAAAAA', 2000), false, 'gone already');
  assert.equal(state.hideChat('CCCCCC', 1000), false, 'a room this tab is not in');
});

test('each disconnect asks for one sync; the room to rejoin is asked for once', () => {
  const state = fresh({ wanted: 'WANTED' });
  assert.equal(state.takeSync(), true);
  assert.equal(state.takeSync(), false);
  state.disconnected();
  assert.equal(state.takeSync(), true);
  state.shown = 'SHOWN1';
  assert.equal(state.takeRoomToRejoin(), 'WANTED');
  assert.equal(state.takeRoomToRejoin(), 'SHOWN1');
});

test('a player of a running game keeps the seat on leaving; a spectator or a waiting room does not', () => {
  const state = fresh();
  state.joined({ room: 'AAAAAA', as: 'player', seat: 0, id: 1 });
  state.keepSnapshot({ room: 'AAAAAA', status: 'waiting' });
  assert.equal(state.keepsSeat('AAAAAA'), false);
  const { before } = state.keepSnapshot({ room: 'AAAAAA', status: 'playing' });
  assert.equal(before.status, 'waiting');
  assert.equal(state.keepsSeat('AAAAAA'), true);
  state.joined({ room: 'AAAAAA', as: 'spectator', id: 2 });
  assert.equal(state.keepsSeat('AAAAAA'), false);
  assert.equal(state.keepsSeat(null), false);
});

test('the replay the address asks for opens once, when its room is shown and finished', () => {
  const state = fresh({ wanted: 'DONE00', replay: true });
  const finished = { room: 'DONE00', status: 'finished', game_id: 'g1' };
  assert.equal(state.takeWantedReplay(finished), false, 'not on screen yet');
  state.shown = 'DONE00';
  assert.equal(state.takeWantedReplay({ ...finished, status: 'playing' }), false);
  assert.equal(state.takeWantedReplay({ ...finished, game_id: null }), false);
  assert.equal(state.takeWantedReplay(finished), true);
  assert.equal(state.takeWantedReplay(finished), false, 'once');
  assert.equal(fresh({ wanted: 'DONE00' }).replayWanted.size, 0, 'only when asked');
});

test('watched rooms are kept in storage, and forgetting a room drops all of it', () => {
  const storage = memoryStorage();
  const state = new AppState({ storage });
  state.joined({ room: 'WATCH1', as: 'spectator', id: 1 });
  state.joined({ room: 'WATCH2', as: 'spectator', id: 2 });
  state.joined({ room: 'WATCH1', as: 'spectator', id: 3 });
  assert.deepEqual(new AppState({ storage }).watching(), ['WATCH1', 'WATCH2']);
  state.joined({ room: 'WATCH2', as: 'player', seat: 0, id: 4 });
  assert.deepEqual(state.watching(), ['WATCH1'], 'a seat is no longer watching');
  state.keepSnapshot({ room: 'WATCH1', status: 'playing' });
  state.addChat({ room: 'WATCH1', text: 'hi' });
  state.forget('WATCH1');
  assert.equal(state.memberships.has('WATCH1'), false);
  assert.equal(state.constants.has('WATCH1'), false);
  assert.equal(state.snapshots.has('WATCH1'), false);
  assert.equal(state.chats.has('WATCH1'), false);
  assert.deepEqual(state.watching(), []);
  storage.setItem('quadra.watching', 'not json');
  assert.deepEqual(state.watching(), [], 'a damaged list is an empty one');
});

test('a protocol 2 snapshot is kept in protocol 1 shape, with the constants of its `joined`', async () => {
  const state = fresh();
  const clock = { type: 'bank', initial_seconds: 180, increment_seconds: 2 };
  state.joined({ room: 'AAAAAA', as: 'player', seat: 0, id: 1, game_id: 'g1', clock });
  assert.deepEqual(state.constants.get('AAAAAA'), { game_id: 'g1', commitment: null, clock });
  const compact = {
    type: 'snapshot',
    room: 'AAAAAA',
    v: 1,
    pos: 'kvadratura:l:3/3/W2',
    legal: 8,
    last: 'a1',
    seats: [{ name: 'Ann' }, { name: 'Bob' }],
    clock: { left: [182000, 180000], run: 1 },
  };
  assert.throws(() => state.keepSnapshot(compact), /not loaded/, 'the rules are needed');
  state.rules = await loadRules(process.env.QUADRA_WASM ?? undefined);
  const { before, snapshot } = state.keepSnapshot(compact, 5000);
  assert.equal(before, undefined);
  assert.equal(state.snapshots.get('AAAAAA'), snapshot);
  assert.equal(snapshot.version, 1);
  assert.equal(snapshot.status, 'playing');
  assert.equal(snapshot.game_id, 'g1');
  assert.deepEqual(snapshot.clock, { ...clock, remaining_ms: [182000, 180000], running: 1 });
  // Drawn 1.5 s after it came (it waited for the rules, say), its clock has run for 1.5 s.
  assert.equal(snapshot.receivedAt, 5000);
  assert.deepEqual(remaining(snapshot.clock, snapshot.receivedAt, 6500), [182000, 178500]);
  assert.deepEqual(snapshot.state.legal, ['a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
  assert.equal(state.keepsSeat('AAAAAA'), true);
  const next = state.keepSnapshot({ ...compact, v: 2, result: { by: 'resigned', win: [1] } });
  assert.equal(next.before, snapshot);
  assert.equal(next.snapshot.status, 'finished');
  assert.equal(state.takeWantedReplay(next.snapshot), false, 'not asked for');
});
