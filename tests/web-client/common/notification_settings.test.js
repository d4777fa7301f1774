// web-client/common/notification_settings.js: this device's notifications without a DOM — the
// choice kept in localStorage, what keeps them from working, the server's key as bytes, the
// `push_subscribe` request, and which news a hidden tab tells (PROTOCOL.md "Notifications (Web
// Push)").

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  KINDS,
  SLOW_MS,
  acceptedChallenges,
  base64urlBytes,
  defaultSettings,
  isOnFor,
  kindsWith,
  newChallenges,
  newlyWaiting,
  pushProblem,
  readSettings,
  sameKey,
  saveSettings,
  subscribeRequest,
  tabTells,
  waitingRooms,
} from '../../../web-client/common/notification_settings.js';

// A localStorage of its own.
function memoryStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    items,
  };
}

test('off with every kind until chosen; the choice is kept per device', () => {
  const storage = memoryStorage();
  assert.deepEqual(readSettings(storage), defaultSettings());
  assert.deepEqual(readSettings(storage), { on: false, account: null, kinds: KINDS });
  saveSettings(storage, { on: true, account: 'Ann', kinds: ['challenge', 'your_turn'] });
  assert.deepEqual(readSettings(storage), {
    on: true,
    account: 'Ann',
    kinds: ['your_turn', 'challenge'],
  });
  assert.deepEqual(JSON.parse(storage.items.get('quadra.notifications')), {
    on: true,
    account: 'Ann',
    kinds: ['challenge', 'your_turn'],
  });
});

test('whatever was kept reads as a choice', () => {
  const read = (text) => readSettings(memoryStorage({ 'quadra.notifications': text }));
  assert.deepEqual(read('not json'), defaultSettings());
  assert.deepEqual(read('null'), defaultSettings());
  assert.deepEqual(read('{"on": true, "kinds": ["offer"]}'), {
    on: false, // on for nobody is off
    account: null,
    kinds: ['offer'],
  });
  assert.deepEqual(read('{"on": "yes", "account": "Ann", "kinds": ["nope"]}'), {
    on: false,
    account: 'Ann',
    kinds: KINDS, // none known: every kind
  });
  // Storage that throws: the default, and saving is quietly nothing.
  const blocked = {
    getItem() {
      throw new Error('blocked');
    },
    setItem() {
      throw new Error('blocked');
    },
  };
  assert.deepEqual(readSettings(blocked), defaultSettings());
  assert.doesNotThrow(() => saveSettings(blocked, defaultSettings()));
});

test('on for the account that turned them on only, whatever its case', () => {
  const settings = { on: true, account: 'Ann', kinds: KINDS };
  assert.equal(isOnFor(settings, 'Ann'), true);
  assert.equal(isOnFor(settings, 'ANN'), true);
  assert.equal(isOnFor(settings, 'Bob'), false);
  assert.equal(isOnFor(settings, null), false);
  assert.equal(isOnFor({ ...settings, on: false }, 'Ann'), false);
});

test('a kind ticked or not keeps the order; the last one cannot go', () => {
  assert.deepEqual(kindsWith(['game_end'], 'your_turn', true), ['your_turn', 'game_end']);
  assert.deepEqual(kindsWith(KINDS, 'offer', false), ['your_turn', 'challenge', 'game_end']);
  assert.deepEqual(kindsWith(['offer'], 'offer', true), ['offer']);
  assert.equal(kindsWith(['offer'], 'offer', false), null);
});

test('what keeps notifications from working, the page’s security first', () => {
  const fine = {
    secure: true,
    worker: true,
    push: true,
    notification: true,
    permission: 'default',
  };
  assert.equal(pushProblem(fine), null);
  assert.equal(pushProblem({ ...fine, permission: 'granted' }), null);
  assert.equal(pushProblem({ ...fine, secure: false }), 'insecure');
  // An insecure page has no service worker either: the security is what to say.
  assert.equal(pushProblem({ ...fine, secure: false, worker: false, push: false }), 'insecure');
  assert.equal(pushProblem({ ...fine, worker: false }), 'unsupported');
  assert.equal(pushProblem({ ...fine, push: false }), 'unsupported');
  assert.equal(pushProblem({ ...fine, notification: false }), 'unsupported');
  assert.equal(pushProblem({ ...fine, permission: 'denied' }), 'denied');
});

test('the server’s key as bytes, and whether a subscription has it', () => {
  // The protocol's example length: 65 bytes of a P-256 point, base64url without padding.
  const key =
    'BGc-4hjfJvVhSTrMVyTYhH3WaHb_YrvrQwoXneOu7sFI5OyLenF2-MUsReJo2_YQ0J9k1WLFHRm9VQn_VLY8iQU';
  const bytes = base64urlBytes(key);
  assert.ok(bytes instanceof Uint8Array);
  assert.equal(bytes.length, 65);
  assert.equal(bytes[0], 4);
  assert.equal(Buffer.from(bytes).toString('base64url'), key);
  assert.deepEqual([...base64urlBytes('-_8=')], [251, 255]);
  for (const bad of [null, 42, '', 'a b', 'AAA+', '/==/']) {
    assert.equal(base64urlBytes(bad), null, String(bad));
  }
  assert.equal(sameKey(bytes.buffer.slice(0), bytes), true);
  assert.equal(sameKey(new Uint8Array(65).buffer, bytes), false);
  assert.equal(sameKey(new Uint8Array(3).buffer, bytes), false);
  assert.equal(sameKey(null, bytes), false);
});

test('push_subscribe carries the subscription’s endpoint and keys and the kinds', () => {
  const json = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dpH5',
    expirationTime: null,
    keys: { p256dh: 'BNcR', auth: 'tBHI' },
  };
  assert.deepEqual(subscribeRequest(json, ['game_end', 'your_turn']), {
    type: 'push_subscribe',
    endpoint: 'https://fcm.googleapis.com/fcm/send/dpH5',
    keys: { p256dh: 'BNcR', auth: 'tBHI' },
    kinds: ['your_turn', 'game_end'],
  });
});

test('a hidden tab tells news only with everything in place', () => {
  const base = {
    settings: { on: true, account: 'Ann', kinds: ['your_turn', 'challenge'] },
    account: 'Ann',
    permission: 'granted',
    hidden: true,
    kind: 'your_turn',
  };
  assert.equal(tabTells(base), true);
  assert.equal(tabTells({ ...base, kind: 'challenge' }), true);
  assert.equal(tabTells({ ...base, kind: 'offer' }), false, 'a kind not chosen');
  assert.equal(tabTells({ ...base, hidden: false }), false, 'the tab is on screen');
  assert.equal(tabTells({ ...base, permission: 'default' }), false);
  assert.equal(tabTells({ ...base, account: 'Bob' }), false, 'another account');
  assert.equal(tabTells({ ...base, settings: { ...base.settings, on: false } }), false);
});

test('the games newly waiting for the move, slow ones only', () => {
  const now = 1_800_000_000_000;
  const mine = {
    running: [
      { room: 'AAAAAA', game: 'kvadratura', your_turn: true, deadline: null },
      { room: 'BBBBBB', game: 'quadrature', your_turn: true, deadline: now + SLOW_MS },
      { room: 'CCCCCC', game: 'quadrature', your_turn: true, deadline: now + SLOW_MS - 1 },
      { room: 'DDDDDD', game: 'quadrature', status: 'waiting' },
    ],
  };
  assert.deepEqual(waitingRooms(mine), new Set(['AAAAAA', 'BBBBBB', 'CCCCCC']));
  const rooms = (games) => games.map((g) => g.room);
  assert.deepEqual(rooms(newlyWaiting(mine, new Set(), now)), ['AAAAAA', 'BBBBBB']);
  assert.deepEqual(rooms(newlyWaiting(mine, new Set(['AAAAAA']), now)), ['BBBBBB']);
  assert.deepEqual(rooms(newlyWaiting(mine, new Set(['AAAAAA', 'BBBBBB']), now)), []);
  // Nothing known before: the first (the soonest deadline comes first).
  assert.deepEqual(rooms(newlyWaiting(mine, null, now)), ['AAAAAA']);
  assert.deepEqual(newlyWaiting({}, null, now), []);
  assert.deepEqual(waitingRooms(null), new Set());
});

test('a new challenge, and one’s own accepted, as push messages say them', () => {
  const incoming = [
    { challenge: 1, from: 'Bob', to: 'Ann', game: 'quadrature', status: 'open' },
    { challenge: 2, from: 'Cy', to: 'Ann', game: 'kvadrat', status: 'open' },
  ];
  assert.deepEqual(newChallenges(incoming, null), [], 'the first list is no news');
  assert.deepEqual(newChallenges(incoming, new Set([1])), [
    { kind: 'challenge', from: 'Cy', game: 'kvadrat', challenge: 2 },
  ]);
  const answered = [
    { challenge: 3, from: 'Ann', to: 'Bob', game: 'quadrature', status: 'accepted', room: 'R1' },
    {
      challenge: 4,
      from: 'ann',
      to: null,
      by: 'Dee',
      game: 'kvadratura',
      status: 'accepted',
      room: 'R2',
    },
    { challenge: 5, from: 'Ann', to: 'Eve', game: 'quadrature', status: 'declined' },
  ];
  assert.deepEqual(acceptedChallenges(answered, 'Ann'), [
    { kind: 'challenge', from: 'Bob', game: 'quadrature', challenge: 3, room: 'R1' },
    { kind: 'challenge', from: 'Dee', game: 'kvadratura', challenge: 4, room: 'R2' },
  ]);
});
