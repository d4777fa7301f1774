// This device's notifications without a DOM (PROTOCOL.md "Notifications (Web Push)"): the
// choice kept in localStorage (on or off, for which account, and the kinds of news), what keeps
// them from working here, the server's key as bytes, the `push_subscribe` request, and which
// news a hidden tab tells. Pure, so it runs under Node in tests/web-client/.

import { sameAccount } from './challenge_terms.js';
import './push_words.js';

const STORAGE_KEY = 'quadra.notifications';

// The kinds of news (`push_subscribe`'s `kinds`), in the order the settings show them.
export const KINDS = globalThis.QuadraPush.KINDS;

// A game waits "slowly" for a move (`your_turn`'s news) with no clock or an hour or more left.
export const SLOW_MS = 3600 * 1000;

// The choice kept on this device: off, every kind, until the player chooses.
export function defaultSettings() {
  return { on: false, account: null, kinds: [...KINDS] };
}

// The choice in `storage` (localStorage), whatever was kept there.
export function readSettings(storage) {
  let kept = null;
  try {
    kept = JSON.parse(storage.getItem(STORAGE_KEY));
  } catch {
    kept = null;
  }
  const settings = defaultSettings();
  if (!kept || typeof kept !== 'object') return settings;
  const kinds = Array.isArray(kept.kinds) ? KINDS.filter((kind) => kept.kinds.includes(kind)) : [];
  settings.kinds = kinds.length ? kinds : [...KINDS];
  settings.account = typeof kept.account === 'string' && kept.account ? kept.account : null;
  settings.on = kept.on === true && settings.account !== null;
  return settings;
}

// Keeps `settings` in `storage`; quietly nothing where storage is blocked.
export function saveSettings(storage, settings) {
  try {
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ on: settings.on, account: settings.account, kinds: settings.kinds }),
    );
  } catch {
    // nowhere to keep it: the choice lasts as long as the page
  }
}

// Whether notifications are on on this device for `account` (the account that turned them on:
// another account signing in here finds them off).
export function isOnFor(settings, account) {
  return settings.on && sameAccount(settings.account, account);
}

// The kinds once `kind` is ticked (`wanted`) or not, in the settings' order; null when none
// would be left (a subscription wants one at least).
export function kindsWith(kinds, kind, wanted) {
  const next = KINDS.filter((k) => (k === kind ? wanted : kinds.includes(k)));
  return next.length ? next : null;
}

// What keeps notifications from working in a browser described by `env` = { secure
// (isSecureContext), worker ('serviceWorker' in navigator), push ('PushManager' in window),
// notification ('Notification' in window), permission (Notification.permission) }: 'insecure',
// 'unsupported', 'denied', or null.
export function pushProblem(env) {
  if (!env.secure) return 'insecure';
  if (!env.worker || !env.push || !env.notification) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return null;
}

// The bytes of a base64url string (the server's key, `GET /api/push/key`); null when it is not
// one.
export function base64urlBytes(text) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  let binary;
  try {
    binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return null;
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// Whether an existing subscription's key (its options.applicationServerKey, an ArrayBuffer or
// null) is `key` (bytes): one made with another key must be made again.
export function sameKey(existing, key) {
  if (!existing || !key) return false;
  const a = new Uint8Array(existing);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

// The `push_subscribe` request for a subscription (its toJSON()) and the kinds wanted.
export function subscribeRequest(subscription, kinds) {
  const keys = (subscription && subscription.keys) || {};
  return {
    type: 'push_subscribe',
    endpoint: subscription.endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    kinds: KINDS.filter((kind) => kinds.includes(kind)),
  };
}

// Whether a tab tells news of `kind` itself: it is hidden, and this device's notifications are
// on for `account` with that kind and the browser's permission.
export function tabTells({ settings, account, permission, hidden, kind }) {
  return (
    hidden &&
    permission === 'granted' &&
    isOnFor(settings, account) &&
    settings.kinds.includes(kind)
  );
}

// The games of a `my_games` answer that wait for the player's move and were not waiting in
// `before` (a Set of rooms; null: unknown, so only the first), slow ones only (no clock, or an
// hour or more left at `now`).
export function newlyWaiting(mine, before, now) {
  const waiting = ((mine && mine.running) || []).filter(
    (game) =>
      game.your_turn &&
      (game.deadline === null || game.deadline === undefined || game.deadline - now >= SLOW_MS),
  );
  if (before === null) return waiting.slice(0, 1);
  return waiting.filter((game) => !before.has(game.room));
}

// The rooms of a `my_games` answer that wait for the player's move.
export function waitingRooms(mine) {
  return new Set(((mine && mine.running) || []).filter((g) => g.your_turn).map((g) => g.room));
}

// The challenges news of two `challenges` lists: the incoming challenges not in `before` (a Set
// of ids; null: the first list, no news), as push messages would say them.
export function newChallenges(incoming, before) {
  if (before === null) return [];
  return (incoming || [])
    .filter((c) => !before.has(c.challenge))
    .map((c) => ({ kind: 'challenge', from: c.from, game: c.game, challenge: c.challenge }));
}

// One's own challenges just accepted (createOutgoingTracker's news), as push messages say them.
export function acceptedChallenges(answered, account) {
  return (answered || [])
    .filter((c) => c.status === 'accepted' && c.room)
    .map((c) => ({
      kind: 'challenge',
      from: sameAccount(c.from, account) ? c.by || c.to : c.from,
      game: c.game,
      challenge: c.challenge,
      room: c.room,
    }));
}
