// The offline worker (a service worker; at the site's root so that its scope is every page):
// keeps a copy of the client's own files — the pages, modules, styles and the WebAssembly
// rules — so that a game against the computer and the analysis board open with the network off.
// Network first: a file is always asked of the server, the copy refreshed from its answer, and
// the copy served only when the server cannot be reached, so a new server version reaches the
// browser on the next load. Nothing else is kept: the API, the WebSocket, /healthz and /metrics
// go to the network untouched.

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
