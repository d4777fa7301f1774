// This device's notifications (PROTOCOL.md "Notifications (Web Push)"), between the browser's
// Push API, the offline worker's registration (the one service worker, offline_worker.js) and
// the connection: turning them on (the permission asked then, and only then; the server's key
// from GET /api/push/key; pushManager.subscribe; `push_subscribe`), changing the kinds (the
// same request again), turning them off (the subscription's unsubscribe and `push_unsubscribe`),
// renewing them after each welcome of the account (the endpoint may have changed), and dropping
// them when the account signs out. The choice is kept by notification_settings.js; a failure is
// a PushFailure whose code the settings panel words (common/notifications_panel.js).
//
// It also keeps the words' settings (the page's language and the games' titles in it) in the
// Cache Storage, where the worker reads them to word a push message (common/push_words.js).

import { language } from '../i18n/index.js';
import { GAME_IDS, gameTitle } from '../games/index.js';
import {
  base64urlBytes,
  isOnFor,
  pushProblem,
  readSettings,
  sameKey,
  saveSettings,
  subscribeRequest,
} from './notification_settings.js';

// How long the browser may take to reach its push service before the page gives up.
const SUBSCRIBE_TIMEOUT_MS = 30000;
// How long the page waits for the service worker to be active.
const WORKER_TIMEOUT_MS = 10000;
// How long signing out waits for the subscription to be dropped (a change on its way first).
const LEAVE_TIMEOUT_MS = 5000;
// Where the worker finds the words' settings (offline_worker.js reads the same).
export const WORDS_CACHE = 'quadra-push';
export const WORDS_KEY = '/push-words';

// Why notifications could not be turned on or changed: `code` is one of 'insecure',
// 'unsupported', 'denied', 'dismissed' (the permission's prompt closed unanswered), 'no_worker',
// 'no_key' (the server sends none: 404), 'key_failed', 'push_service' (pushManager.subscribe
// failed or took too long), 'refused' (the server's refusal, a RequestError, in `cause`) and
// 'offline'.
export class PushFailure extends Error {
  constructor(code, cause = null) {
    super(`notifications: ${code}`);
    this.code = code;
    this.cause = cause;
  }
}

// The page's words for the worker: its language and the games' titles in it.
export function wordsSettings() {
  return { language, games: Object.fromEntries(GAME_IDS.map((id) => [id, gameTitle(id)])) };
}

// What keeps notifications from working in this browser: pushProblem's code, or null.
export function browserProblem() {
  return pushProblem({
    secure: Boolean(globalThis.isSecureContext),
    worker: 'serviceWorker' in navigator,
    push: 'PushManager' in globalThis,
    notification: 'Notification' in globalThis,
    permission: 'Notification' in globalThis ? Notification.permission : 'default',
  });
}

// `promise`, or a PushFailure(`code`) after `ms`; `late(value)` gets what it resolves with late.
function within(promise, ms, code, late = () => {}) {
  let timer;
  let gaveUp = false;
  const timeout = new Promise((resolve, reject) => {
    timer = setTimeout(() => {
      gaveUp = true;
      reject(new PushFailure(code));
    }, ms);
  });
  promise.then((value) => gaveUp && late(value)).catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The server's key as bytes; PushFailure 'no_key' when it sends no notifications.
async function serverKey() {
  let response;
  let body;
  try {
    response = await fetch('/api/push/key', { cache: 'no-store' });
    body = await response.json();
  } catch (error) {
    throw new PushFailure('key_failed', error);
  }
  if (response.status === 404 || (response.ok && !body.key)) throw new PushFailure('no_key');
  const key = response.ok ? base64urlBytes(body.key) : null;
  if (!key) throw new PushFailure('key_failed');
  return key;
}

// The offline worker's registration once it is active.
async function activeRegistration() {
  const found = await navigator.serviceWorker.getRegistration();
  if (found && found.active) return found;
  return within(navigator.serviceWorker.ready, WORKER_TIMEOUT_MS, 'no_worker');
}

// The browser's subscription with `key`: the one it has, else a new one.
async function subscription(registration, key, timeoutMs) {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe().catch(() => {});
  const made = registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  // One that comes after the page gave up is not wanted: the notifications stayed off.
  return within(made, timeoutMs, 'push_service', (late) => late.unsubscribe()).catch((error) => {
    throw error instanceof PushFailure ? error : new PushFailure('push_service', error);
  });
}

// The browser's current subscription, if any (no prompt, no subscribing).
async function currentSubscription() {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration ? await registration.pushManager.getSubscription() : null;
  } catch {
    return null;
  }
}

// Keeps the words' settings where the worker reads them; quietly nothing without Cache Storage.
async function rememberWords() {
  try {
    const cache = await caches.open(WORDS_CACHE);
    const body = JSON.stringify(wordsSettings());
    await cache.put(
      WORDS_KEY,
      new Response(body, { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch {
    // the worker speaks the browser's language instead
  }
}

// `promise`, settled or not after LEAVE_TIMEOUT_MS; never rejected.
function bounded(promise) {
  return within(promise, LEAVE_TIMEOUT_MS, 'timeout').catch(() => {});
}

// Subscribes the browser (if need be) and tells the server through `conn`, with `kinds`.
async function subscribeAndTell(conn, kinds, timeoutMs) {
  const key = await serverKey();
  const registration = await activeRegistration();
  const made = await subscription(registration, key, timeoutMs);
  try {
    await conn.request(subscribeRequest(made.toJSON(), kinds));
  } catch (error) {
    throw new PushFailure(error.code === 'offline' ? 'offline' : 'refused', error);
  }
  return made;
}

// Asks the permission (only while turning on, after the player's click).
async function askPermission() {
  const problem = browserProblem();
  if (problem) throw new PushFailure(problem);
  if (Notification.permission === 'granted') return;
  const answer = await Notification.requestPermission();
  if (answer === 'denied') throw new PushFailure('denied');
  if (answer !== 'granted') throw new PushFailure('dismissed');
}

// The browser's subscription ended, and the server told through `conn` when `tell` (else it
// learns it from the push service, which says the endpoint is gone).
async function endSubscription(conn, tell) {
  const kept = await currentSubscription();
  if (!kept) return;
  const endpoint = kept.endpoint;
  await kept.unsubscribe().catch(() => {});
  if (tell) await conn.request({ type: 'push_unsubscribe', endpoint }).catch(() => {});
}

// `conn`: the connection (requests); `storage`: where the choice is kept (localStorage).
export function createPushDevice(
  conn,
  { storage = localStorage, timeoutMs = SUBSCRIBE_TIMEOUT_MS } = {},
) {
  let queue = Promise.resolve(); // one change at a time, in the order asked
  let renewal = null; // the PushFailure of the last renewal, null when it went well
  const serial = (operation) => {
    const run = queue.then(operation, operation);
    queue = run.catch(() => {});
    return run;
  };

  const subscribeAndSend = (kinds) => subscribeAndTell(conn, kinds, timeoutMs);

  async function turnOn(account, kinds) {
    await askPermission();
    await rememberWords();
    let made = null;
    try {
      made = await subscribeAndSend(kinds);
    } catch (failure) {
      // Refused by the server: the browser's subscription is of no use.
      if (failure.code === 'refused' || failure.code === 'offline') {
        const kept = await currentSubscription();
        if (kept) await kept.unsubscribe().catch(() => {});
      }
      throw failure;
    }
    renewal = null;
    saveSettings(storage, { on: true, account, kinds });
    return made;
  }

  async function setKinds(account, kinds) {
    const settings = readSettings(storage);
    if (isOnFor(settings, account)) await subscribeAndSend(kinds);
    saveSettings(storage, { ...settings, kinds });
  }

  // Off on this device: the browser's subscription ends, and the server forgets it (a server
  // that cannot be told learns it from the push service, which says the endpoint is gone).
  async function turnOff(account) {
    const settings = readSettings(storage);
    saveSettings(storage, { ...settings, on: false, account });
    renewal = null;
    await endSubscription(conn, true);
  }

  // After each welcome: an account with notifications on here subscribes again (the browser may
  // have changed the endpoint); one whose permission was taken back has them off.
  async function renew(account) {
    const settings = readSettings(storage);
    if (!account || !isOnFor(settings, account)) return;
    if (browserProblem() || Notification.permission !== 'granted') {
      saveSettings(storage, { ...settings, on: false });
      return;
    }
    await rememberWords(); // in this page's language, which may be a new one
    try {
      await subscribeAndSend(settings.kinds);
      renewal = null;
    } catch (failure) {
      renewal = failure;
    }
  }

  // Signing out on this device: the server forgets the subscription and the browser drops it;
  // the choice stays, so the same account signing in again here has its notifications back.
  async function signingOut(account) {
    if (isOnFor(readSettings(storage), account)) await endSubscription(conn, true);
  }

  // Signed out elsewhere, or the account deleted: the server cannot be asked any more, so the
  // browser drops the subscription (the push service then tells the server it is gone).
  async function dropped({ forget = false } = {}) {
    await endSubscription(conn, false);
    if (forget) saveSettings(storage, { ...readSettings(storage), on: false, account: null });
  }

  return {
    // The choice kept here, as the panel shows it for `account`.
    state(account) {
      const settings = readSettings(storage);
      return {
        on: isOnFor(settings, account),
        kinds: settings.kinds,
        renewal,
        problem: browserProblem(),
      };
    },
    turnOn: (account, kinds) => serial(() => turnOn(account, kinds)),
    setKinds: (account, kinds) => serial(() => setKinds(account, kinds)),
    turnOff: (account) => serial(() => turnOff(account)),
    renew: (account) => serial(() => renew(account)),
    // These two never hold a sign-out up for long, nor fail it.
    signingOut: (account) => bounded(serial(() => signingOut(account))),
    dropped: (options) => bounded(serial(() => dropped(options))),
    settings: () => readSettings(storage),
  };
}
