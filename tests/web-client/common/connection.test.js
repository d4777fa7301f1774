// web-client/common/connection.js: where a `redirect` sends the socket, the bound on redirect
// hops, the connection following a redirect, what a refused request rejects with, and the
// account's requests (a deleted account's connection becomes a fresh guest) (a fake WebSocket
// and localStorage stand in for the browser's).

import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { Connection, RedirectBudget, socketUrl } from '../../../web-client/common/connection.js';

const HOME = 'ws://home.test:8080/ws';
const ROOM = 'K3M9PX';

test('socketUrl: http → ws and https → wss, with /ws after the host', () => {
  assert.equal(socketUrl('http://10.0.0.2:8080', HOME), 'ws://10.0.0.2:8080/ws');
  assert.equal(socketUrl('https://games.example.org', HOME), 'wss://games.example.org/ws');
});

test('socketUrl: "" is the address already in use', () => {
  assert.equal(socketUrl('', HOME), HOME);
  assert.equal(socketUrl('', 'wss://games.example.org/n2/ws'), 'wss://games.example.org/n2/ws');
});

test('socketUrl: a trailing slash is dropped, a path prefix kept', () => {
  assert.equal(socketUrl('http://10.0.0.2:8080/', HOME), 'ws://10.0.0.2:8080/ws');
  assert.equal(socketUrl('https://games.example.org/n1', HOME), 'wss://games.example.org/n1/ws');
  assert.equal(socketUrl('https://games.example.org/n1/', HOME), 'wss://games.example.org/n1/ws');
});

test('socketUrl: anything but an http(s) URL is null', () => {
  assert.equal(socketUrl('games.example.org', HOME), null);
  assert.equal(socketUrl('ftp://games.example.org', HOME), null);
  assert.equal(socketUrl('javascript:alert(1)', HOME), null);
});

test('RedirectBudget: 3 redirects of a room within 30 s, the 4th refused', () => {
  const budget = new RedirectBudget();
  assert.equal(budget.allow(ROOM, 0), true);
  assert.equal(budget.allow(ROOM, 1000), true);
  assert.equal(budget.allow(ROOM, 2000), true);
  assert.equal(budget.allow(ROOM, 29999), false);
  // Another room has its own count.
  assert.equal(budget.allow('P3XK9D', 29999), true);
});

test('RedirectBudget: a redirect older than 30 s no longer counts', () => {
  const budget = new RedirectBudget();
  for (const now of [0, 1000, 2000]) budget.allow(ROOM, now);
  assert.equal(budget.allow(ROOM, 30000), true); // the one at 0 has left the window
  assert.equal(budget.allow(ROOM, 30500), false); // 1000, 2000, 30000 still count
  assert.equal(budget.allow(ROOM, 62000), true);
});

// --- the connection, with a fake browser ------------------------------------------------------

// A WebSocket whose server side the test plays: serverOpen, serverSend, serverClose.
class FakeSocket {
  static OPEN = 1;
  static CLOSED = 3;
  static all = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.handlers = new Map();
    FakeSocket.all.push(this);
  }

  addEventListener(type, fn) {
    this.handlers.set(type, [...(this.handlers.get(type) || []), fn]);
  }

  fire(type, event = {}) {
    for (const fn of this.handlers.get(type) || []) fn(event);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.fire('close');
  }

  serverOpen() {
    this.readyState = FakeSocket.OPEN;
    this.fire('open');
  }

  serverSend(message) {
    this.fire('message', { data: JSON.stringify(message) });
  }

  serverClose() {
    this.close();
  }

  // Answers the hello this socket sent with a welcome for `token`.
  welcome(token = 'tok1') {
    const hello = this.sent.find((m) => m.type === 'hello');
    this.serverSend({ type: 'welcome', id: hello.id, protocol: 2, token, name: 'Ann' });
  }
}

const lastSocket = () => FakeSocket.all[FakeSocket.all.length - 1];

// A connection online at HOME whose app follows every redirect, as app.js does for its room.
async function onlineConnection() {
  const conn = new Connection(HOME);
  const followed = [];
  conn.on('redirect', (message) => followed.push(conn.followRedirect(message)));
  conn.open();
  lastSocket().serverOpen();
  await Promise.resolve(); // identify() sends its hello
  lastSocket().welcome();
  assert.equal(conn.state, 'online');
  return { conn, followed };
}

// Opens the socket the connection just made and welcomes it, as a node that serves us would.
async function welcomeAt(url) {
  const socket = lastSocket();
  assert.equal(socket.url, url);
  socket.serverOpen();
  await Promise.resolve();
  socket.welcome();
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
  const store = new Map();
  globalThis.localStorage = {
    getItem: (key) => (store.has(key) ? store.get(key) : null),
    setItem: (key, value) => store.set(key, String(value)),
    removeItem: (key) => store.delete(key),
  };
  globalThis.WebSocket = FakeSocket;
  mock.timers.enable({ apis: ['setTimeout'] });
});

afterEach(() => {
  mock.timers.reset();
  delete globalThis.WebSocket;
  delete globalThis.localStorage;
});

test('the hello asks for protocol 2 (compact snapshots), with the stored name', async () => {
  localStorage.setItem('quadra.name', 'Ann');
  const conn = new Connection(HOME);
  conn.open();
  lastSocket().serverOpen();
  await Promise.resolve();
  const hello = lastSocket().sent[0];
  assert.deepEqual(
    { ...hello, id: undefined },
    {
      type: 'hello',
      protocol: 2,
      name: 'Ann',
      id: undefined,
    },
  );
});

test('a redirect answering a request rejects it and re-hellos with the token at the new node', async () => {
  const { conn, followed } = await onlineConnection();
  const home = lastSocket();
  const move = conn.request({ type: 'move', room: ROOM, move: 'a1', version: 3 });
  const id = home.sent[home.sent.length - 1].id;
  home.serverSend({ type: 'redirect', id, room: ROOM, url: 'https://games.example.org/n2' });

  await assert.rejects(move, { code: 'redirected' });
  assert.deepEqual(followed, [true]);
  assert.equal(home.readyState, FakeSocket.CLOSED);
  assert.equal(conn.state, 'connecting');
  const node2 = lastSocket();
  assert.equal(node2.url, 'wss://games.example.org/n2/ws');
  node2.serverOpen();
  await Promise.resolve();
  assert.equal(node2.sent[0].type, 'hello');
  assert.equal(node2.sent[0].token, 'tok1');
  assert.equal(node2.sent[0].protocol, 2);
});

test("a refused move rejects with the rules' reason and details beside the code", async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const move = conn.request({ type: 'move', room: ROOM, move: 'b2-b3', version: 3 });
  const id = home.sent[home.sent.length - 1].id;
  home.serverSend({
    type: 'error',
    id,
    code: 'illegal_move',
    reason: 'occupied',
    details: { request: 'b2-b3' },
    message: 'b3 is occupied',
    room: ROOM,
  });
  await assert.rejects(move, {
    code: 'illegal_move',
    reason: 'occupied',
    details: { request: 'b2-b3' },
    message: 'b3 is occupied',
  });
});

test('messages still queued on the socket left behind are ignored', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const snapshots = [];
  conn.on('snapshot', (s) => snapshots.push(s));
  home.serverSend({ type: 'redirect', room: ROOM, url: 'http://10.0.0.2:8080' });
  home.serverSend({ type: 'snapshot', room: ROOM, v: 4, pos: 'kvadratura:l:3/3/3' });
  assert.deepEqual(snapshots, []);
});

test('a lost redirected node is retried first, then the page’s own server', async () => {
  const { conn } = await onlineConnection();
  lastSocket().serverSend({ type: 'redirect', room: ROOM, url: 'http://10.0.0.2:8080' });
  const node2 = await welcomeAt('ws://10.0.0.2:8080/ws');
  assert.equal(conn.state, 'online');

  node2.serverClose(); // a normal disconnect: the same node again, after the backoff
  assert.equal(conn.state, 'offline');
  mock.timers.tick(1000);
  const retry = lastSocket();
  assert.equal(retry.url, 'ws://10.0.0.2:8080/ws');

  retry.serverClose(); // unreachable: back to the page's own server
  mock.timers.tick(2000);
  assert.equal(lastSocket().url, HOME);
});

test('a redirected node that cannot be reached gives way to the page’s own server', async () => {
  await onlineConnection();
  lastSocket().serverSend({ type: 'redirect', room: ROOM, url: 'http://10.0.0.2:8080' });
  lastSocket().serverClose();
  mock.timers.tick(1000);
  assert.equal(lastSocket().url, HOME);
});

test('an unsolicited redirect with "" reconnects to the same address', async () => {
  await onlineConnection();
  const home = lastSocket();
  home.serverSend({ type: 'redirect', room: ROOM, url: '' });
  assert.notEqual(lastSocket(), home);
  assert.equal(lastSocket().url, HOME);
});

test('the 4th redirect of a room within 30 s is refused: home again, with backoff', async () => {
  const { conn, followed } = await onlineConnection();
  const nodes = ['http://10.0.0.2:8080', 'http://10.0.0.3:8080', 'http://10.0.0.2:8080'];
  for (const url of nodes) {
    lastSocket().serverSend({ type: 'redirect', room: ROOM, url });
    await welcomeAt(socketUrl(url, HOME));
  }
  const before = FakeSocket.all.length;
  lastSocket().serverSend({ type: 'redirect', room: ROOM, url: 'http://10.0.0.3:8080' });

  assert.deepEqual(followed, [true, true, true, false]);
  assert.equal(conn.state, 'connecting');
  assert.equal(FakeSocket.all.length, before, 'no socket before the backoff');
  mock.timers.tick(1000);
  assert.equal(lastSocket().url, HOME);
});

test('an unusable redirect URL is refused like a 4th hop', async () => {
  const { followed } = await onlineConnection();
  lastSocket().serverSend({ type: 'redirect', room: ROOM, url: 'not a url' });
  assert.deepEqual(followed, [false]);
  mock.timers.tick(1000);
  assert.equal(lastSocket().url, HOME);
});

test('changePassword sends change_password, ending the other sessions unless told not to', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const changed = conn.changePassword('correct horse', 'battery staple');
  const request = home.sent[home.sent.length - 1];
  assert.deepEqual(
    { ...request, id: undefined },
    {
      type: 'change_password',
      password: 'correct horse',
      new_password: 'battery staple',
      end_other_sessions: true,
      id: undefined,
    },
  );
  home.serverSend({ type: 'password_changed', id: request.id });
  assert.deepEqual(await changed, { type: 'password_changed', id: request.id });

  conn.changePassword('battery staple', 'correct horse', false);
  assert.equal(home.sent[home.sent.length - 1].end_other_sessions, false);
  // The token stays: no new hello, nothing stored changes.
  assert.equal(home.sent.filter((m) => m.type === 'hello').length, 1);
  assert.equal(localStorage.getItem('quadra.token'), 'tok1');
});

test('a refused password change rejects with the code', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const changed = conn.changePassword('wrong horse', 'battery staple');
  const { id } = home.sent[home.sent.length - 1];
  home.serverSend({
    type: 'error',
    id,
    code: 'too_many_attempts',
    message: 'too many wrong passwords; try again in 90 seconds',
    retry_after: 90,
  });
  await assert.rejects(changed, { code: 'too_many_attempts', retryAfter: 90 });
});

test('renameAccount sends rename_account; the identity then carries the new spelling', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  conn.identity = { ...conn.identity, account: 'Ann' };
  const renamed = conn.renameAccount('ANN');
  const request = home.sent[home.sent.length - 1];
  assert.deepEqual(
    { ...request, id: undefined },
    { type: 'rename_account', name: 'ANN', id: undefined },
  );
  home.serverSend({ type: 'account_renamed', id: request.id, account: 'ANN' });
  assert.equal((await renamed).account, 'ANN');
  assert.equal(conn.identity.account, 'ANN');
  // The token stays: no new hello.
  assert.equal(home.sent.filter((m) => m.type === 'hello').length, 1);
  assert.equal(localStorage.getItem('quadra.token'), 'tok1');
});

test('a refused rename rejects with the code, the identity unchanged', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  conn.identity = { ...conn.identity, account: 'Ann' };
  const renamed = conn.renameAccount('Bob');
  const { id } = home.sent[home.sent.length - 1];
  home.serverSend({ type: 'error', id, code: 'bad_name', message: 'not the same name' });
  await assert.rejects(renamed, { code: 'bad_name' });
  assert.equal(conn.identity.account, 'Ann');
});

test('exportData sends export_data and resolves with data_export', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const exported = conn.exportData();
  const request = home.sent[home.sent.length - 1];
  assert.equal(request.type, 'export_data');
  home.serverSend({ type: 'data_export', id: request.id, exported_at: 1, chat: [] });
  assert.deepEqual(await exported, {
    type: 'data_export',
    id: request.id,
    exported_at: 1,
    chat: [],
  });
});

test('account_deleted drops the token and says hello without one: a fresh guest', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const deleted = conn.deleteAccount('correct horse');
  const request = home.sent[home.sent.length - 1];
  assert.deepEqual(
    { ...request, id: undefined },
    { type: 'delete_account', password: 'correct horse', id: undefined },
  );
  home.serverSend({ type: 'account_deleted', id: request.id });
  assert.deepEqual(await deleted, { type: 'account_deleted', id: request.id });
  const hellos = home.sent.filter((m) => m.type === 'hello');
  assert.equal(hellos.length, 2);
  assert.equal(hellos[1].token, undefined);
  assert.equal(localStorage.getItem('quadra.token'), null);
  home.serverSend({ type: 'welcome', id: hellos[1].id, protocol: 2, token: 'guest2', name: 'Ann' });
  assert.equal(localStorage.getItem('quadra.token'), 'guest2');
});

test('a refused deletion keeps the token and the identity', async () => {
  const { conn } = await onlineConnection();
  const home = lastSocket();
  const deleted = conn.deleteAccount('wrong horse');
  const { id } = home.sent[home.sent.length - 1];
  home.serverSend({ type: 'error', id, code: 'bad_credentials', message: 'wrong password' });
  await assert.rejects(deleted, { code: 'bad_credentials' });
  assert.equal(home.sent.filter((m) => m.type === 'hello').length, 1);
  assert.equal(localStorage.getItem('quadra.token'), 'tok1');
});

test('a new guest refused from its network keeps the socket open, says `refused`, can sign in', async () => {
  const conn = new Connection(HOME);
  const refused = [];
  conn.on('refused', (error) => refused.push(error.code));
  conn.open();
  const socket = lastSocket();
  socket.serverOpen();
  await Promise.resolve();
  const hello = socket.sent[0];
  socket.serverSend({ type: 'error', id: hello.id, code: 'address_refused', message: 'blocked' });
  await new Promise((resolve) => setImmediate(resolve)); // identify() handles the refusal
  assert.deepEqual(refused, ['address_refused']);
  assert.equal(socket.readyState, FakeSocket.OPEN, 'no close, no retry loop');
  assert.equal(conn.state, 'connecting');
  const signedIn = conn.signIn('Ann', 'correct horse');
  const request = socket.sent[socket.sent.length - 1];
  assert.equal(request.type, 'sign_in');
  socket.serverSend({
    type: 'welcome',
    id: request.id,
    protocol: 1,
    token: 'session',
    name: 'Ann',
  });
  await signedIn;
  assert.equal(localStorage.getItem('quadra.token'), 'session');
  assert.equal(conn.state, 'online');
});
