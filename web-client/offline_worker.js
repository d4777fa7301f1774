// The offline worker (a service worker; at the site's root so that its scope is every page):
// keeps a copy of the client's own files — the pages, modules, styles and the WebAssembly
// rules — so that a game against the computer and the analysis board open with the network off.
// Network first: a file is always asked of the server, the copy refreshed from its answer, and
// the copy served only when the server cannot be reached, so a new server version reaches the
// browser on the next load. Nothing else is kept: the API, the WebSocket, /healthz and /metrics
// go to the network untouched.
//
// It is also the worker of notifications (PROTOCOL.md "Notifications (Web Push)"): a push
// message is worded (common/push_words.js, loaded below) in the language the page left in the
// Cache Storage (common/push_device.js: its language and the games' titles in it; else the
// browser's language) and shown, unless a page of the site is on screen; a click on one focuses
// a page of the site and takes it to the room, or to the lobby, or opens one there.

self.importScripts('/common/push_words.js');

const CACHE = 'quadra-client';
// The client's files, as client_files.json lists them (a unit test holds it to web-client/).
const LIST = '/client_files.json';

// The pages the server answers with one of the client's files (server/net/http_session.cpp,
// client_file): the copy that stands in for them offline.
const PAGES = [
  [/^\/$/, '/index.html'],
  [/^\/r\/[A-Za-z0-9]+$/, '/index.html'],
  [/^\/rules\/[a-z]+$/, '/rules.html'],
  [/^\/analysis\/[a-z]+$/, '/analysis.html'],
  [/^\/play\/[a-z]+$/, '/play.html'],
  [/^\/u\/[^/]+$/, '/profile.html'],
  [/^\/mod$/, '/mod.html'],
  [/^\/events(\/\d{1,16})?$/, '/events.html'],
];

let known = null; // Promise of the Set of the client's file paths

function clientFiles() {
  known ??= (async () => {
    const kept = await caches.match(LIST);
    const response = kept || (await fetch(LIST));
    return new Set(await response.json());
  })().catch((error) => {
    known = null;
    throw error;
  });
  return known;
}

// The cached file standing for `pathname`, or null for anything that is not the client's.
async function fileOf(pathname) {
  const page = PAGES.find(([pattern]) => pattern.test(pathname));
  if (page) return page[1];
  return (await clientFiles()).has(pathname) ? pathname : null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(LIST, { cache: 'no-store' });
      const files = await response.clone().json();
      const cache = await caches.open(CACHE);
      await cache.addAll(files.map((file) => new Request(file, { cache: 'no-store' })));
      await cache.put(LIST, response);
      known = Promise.resolve(new Set(files));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(answer(request, url.pathname));
});

async function answer(request, pathname) {
  const file = await fileOf(pathname).catch(() => null);
  if (!file) return fetch(request);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(file, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(file);
    if (kept) return kept;
    throw error;
  }
}

// --- notifications ---------------------------------------------------------------------------

// Where the page keeps the words' settings (common/push_device.js).
const WORDS_CACHE = 'quadra-push';
const WORDS_KEY = '/push-words';

async function wordsSettings() {
  try {
    const kept = await (await caches.open(WORDS_CACHE)).match(WORDS_KEY);
    if (kept) return await kept.json();
  } catch {
    // no settings kept: the browser's language
  }
  const tags = self.navigator.languages || [self.navigator.language];
  return { language: self.QuadraPush.languageOf(tags), games: {} };
}

// Whether a page of the site is on screen (it says the news itself).
async function pageOnScreen() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return pages.some((page) => page.visibilityState === 'visible');
}

async function showNews(message) {
  if (await pageOnScreen()) return;
  const shown = self.QuadraPush.notificationOf(message, await wordsSettings());
  if (!shown) return;
  await self.registration.showNotification(shown.title, {
    body: shown.body,
    tag: shown.tag,
    data: { url: shown.url },
  });
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    return; // not the server's JSON: nothing to say
  }
  event.waitUntil(showNews(message));
});

// A page of the site at `path`: one already there is focused; else one this worker controls is
// focused and taken there; else a new one opens.
async function openPage(path) {
  const asked = new URL(path, self.location.origin);
  const url = asked.origin === self.location.origin ? asked.href : `${self.location.origin}/`;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = pages.find((page) => page.url === url);
  if (there) return there.focus();
  for (const page of await self.clients.matchAll({ type: 'window' })) {
    try {
      const focused = await page.focus();
      const moved = await focused.navigate(url);
      if (moved) return moved;
    } catch {
      // not navigable from here: try the next, else open one
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openPage(typeof data.url === 'string' ? data.url : '/'));
});
