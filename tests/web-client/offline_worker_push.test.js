// web-client/offline_worker.js as the worker of notifications (PROTOCOL.md "Notifications (Web
// Push)"): run in a context of its own with a stand-in service worker global (its clients, its
// registration, the Cache Storage), a push message is worded in the language the page left,
// else the browser's, and shown with the room (or the challenge) as its tag — unless a page of
// the site is on screen; a click focuses a page and takes it to the room or the lobby, or opens
// one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web-client');
const ORIGIN = 'https://quadra.example';

// A window client: `url`, on screen or not, controlled by the worker or not.
function windowClient(url, { visible = false, controlled = true } = {}) {
  const client = {
    url: `${ORIGIN}${url}`,
    visibilityState: visible ? 'visible' : 'hidden',
    controlled,
    focused: 0,
    async focus() {
      client.focused += 1;
      return client;
    },
    async navigate(to) {
      if (!client.controlled) throw new TypeError('not controlled');
      client.url = to;
      return client;
    },
  };
  return client;
}

// The worker loaded in a fresh context: `pages` are its window clients, `kept` the words'
// settings the page left (null: none), `languages` the browser's.
function loadWorker({ pages = [], kept = null, languages = ['en-US'] } = {}) {
  const listeners = new Map();
  const shown = [];
  const opened = [];
  const context = vm.createContext({ URL, Response, Request, console });
  Object.assign(context, {
    self: context,
    location: new URL(`${ORIGIN}/offline_worker.js`),
    navigator: { language: languages[0], languages },
    addEventListener: (type, fn) => listeners.set(type, fn),
    importScripts: (...files) => {
      for (const file of files) {
        vm.runInContext(readFileSync(path.join(root, file), 'utf8'), context, { filename: file });
      }
    },
    caches: {
      async open(name) {
        return {
          async match(key) {
            if (name !== 'quadra-push' || key !== '/push-words' || !kept) return undefined;
            return new Response(JSON.stringify(kept));
          },
        };
      },
    },
    clients: {
      async matchAll({ type, includeUncontrolled = false }) {
        assert.equal(type, 'window');
        return pages.filter((page) => includeUncontrolled || page.controlled);
      },
      async openWindow(url) {
        opened.push(url);
        return null;
      },
      claim: async () => {},
    },
    registration: {
      async showNotification(title, options) {
        shown.push({ title, ...options });
      },
    },
  });
  vm.runInContext(readFileSync(path.join(root, 'offline_worker.js'), 'utf8'), context, {
    filename: 'offline_worker.js',
  });
  // Fires `type` with `event`'s fields; resolves once its waitUntil promise settles.
  async function fire(type, event) {
    let waited = Promise.resolve();
    listeners.get(type)({ ...event, waitUntil: (promise) => (waited = promise) });
    await waited;
  }
  return { fire, shown, opened, listeners };
}

const pushData = (message) => ({
  data: { json: () => (typeof message === 'string' ? JSON.parse(message) : message) },
});

test('the worker listens for pushes and clicks besides its offline copy', () => {
  const { listeners } = loadWorker();
  for (const type of ['install', 'activate', 'fetch', 'push', 'notificationclick']) {
    assert.ok(listeners.has(type), type);
  }
});

test('a push is worded in the page’s language and tagged with its room', async () => {
  const worker = loadWorker({
    pages: [windowClient('/', { visible: false })],
    kept: { language: 'ru', games: { quadrature: 'Прямоугольники' } },
  });
  await worker.fire('push', pushData({ kind: 'your_turn', room: 'K7QM3X', game: 'quadrature' }));
  assert.deepEqual(JSON.parse(JSON.stringify(worker.shown)), [
    {
      title: 'Ваш ход',
      body: 'Прямоугольники, комната K7QM3X: партия ждёт вашего хода.',
      tag: 'K7QM3X',
      data: { url: '/r/K7QM3X' },
    },
  ]);
});

test('without the page’s settings, the browser’s language', async () => {
  const worker = loadWorker({ languages: ['ru-RU', 'en'] });
  await worker.fire(
    'push',
    pushData('{"kind": "challenge", "from": "Ann", "game": "quadrature", "challenge": 33}'),
  );
  assert.equal(worker.shown.length, 1);
  assert.equal(worker.shown[0].title, 'Новый вызов');
  assert.equal(worker.shown[0].body, 'Ann вызывает вас на партию.');
  assert.equal(worker.shown[0].tag, '33');
  assert.equal(worker.shown[0].data.url, '/');
  const english = loadWorker({ languages: ['de-DE'] });
  await english.fire('push', pushData({ kind: 'game_end', room: 'K7QM3X' }));
  assert.equal(english.shown[0].body, 'Room K7QM3X: the game has ended.');
});

test('nothing is shown while a page of the site is on screen, or for unknown news', async () => {
  const onScreen = loadWorker({
    pages: [
      windowClient('/'),
      windowClient('/rules/kvadrat', { visible: true, controlled: false }),
    ],
  });
  await onScreen.fire('push', pushData({ kind: 'your_turn', room: 'K7QM3X' }));
  assert.deepEqual(onScreen.shown, []);
  const worker = loadWorker();
  await worker.fire('push', pushData({ kind: 'news_of_tomorrow' }));
  await worker.fire('push', {
    data: {
      json: () => {
        throw new SyntaxError('not JSON');
      },
    },
  });
  await worker.fire('push', { data: null });
  assert.deepEqual(worker.shown, []);
});

// A click on a notification with `url`; returns what `close()` saw.
async function click(worker, url) {
  const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
  await worker.fire('notificationclick', { notification });
  return notification;
}

test('a click focuses the page already there', async () => {
  const there = windowClient('/r/K7QM3X');
  const other = windowClient('/');
  const worker = loadWorker({ pages: [other, there] });
  const notification = await click(worker, '/r/K7QM3X');
  assert.equal(notification.closed, true);
  assert.equal(there.focused, 1);
  assert.equal(other.focused, 0);
  assert.deepEqual(worker.opened, []);
});

test('a click takes a page of the site to the room, or opens one', async () => {
  const lobby = windowClient('/');
  const worker = loadWorker({ pages: [lobby] });
  await click(worker, '/r/M6E5JM');
  assert.equal(lobby.url, `${ORIGIN}/r/M6E5JM`);
  assert.equal(lobby.focused, 1);
  assert.deepEqual(worker.opened, []);

  // A page the worker does not control cannot be taken there: a new one opens.
  const uncontrolled = windowClient('/r/K7QM3X', { controlled: false });
  const another = loadWorker({ pages: [uncontrolled] });
  await click(another, '/');
  assert.deepEqual(another.opened, [`${ORIGIN}/`]);
  assert.equal(uncontrolled.url, `${ORIGIN}/r/K7QM3X`);

  // No page: one opens; a foreign address opens the lobby instead.
  const none = loadWorker();
  await click(none, '/r/K7QM3X');
  await click(none, 'https://elsewhere.example/phish');
  assert.deepEqual(none.opened, [`${ORIGIN}/r/K7QM3X`, `${ORIGIN}/`]);
});
