// Events (PROTOCOL.md "Events") without a DOM: the bounds the server holds an event's terms
// to, the create form's clocks per kind, its start time to and from a datetime-local value, the
// `create_event` request built from the form's choices (or what is wrong with them), the event
// id in the page's address, and which buttons an event's view offers its viewer. Pure, so it
// runs under Node in tests/web-client/.

import { CHALLENGE_CLOCKS, isLiveClock, sameAccount } from '../common/challenge_terms.js';

export const EVENT_KINDS = ['arena', 'swiss'];

// The server's bounds (protocol/requests.cpp, read_event_terms).
export const LIMITS = {
  name: { min: 1, max: 60 }, // characters (code points)
  minutes: { min: 10, max: 720, start: 60 },
  rounds: { min: 1, max: 50, start: 5 },
  pause: { min: 0, max: 10080, start: 5 },
  minRating: { min: 500, max: 3000 },
  minGames: { min: 0, max: 1000 },
  code: { max: 40 },
  maxPlayers: { min: 2, max: 10000 },
};

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
// The server takes a start from a few minutes ago (a form sent a little late) to a year ahead.
export const START_SLACK_MS = 5 * MINUTE_MS;
export const FURTHEST_START_MS = 366 * DAY_MS;

// The indices in CHALLENGE_CLOCKS (the challenge form's clocks, reused) an event of `kind` may
// have: an arena a live clock only, a Swiss event any, correspondence and none included.
export function eventClocks(kind) {
  const all = CHALLENGE_CLOCKS.map((clock, i) => i);
  return kind === 'arena' ? all.filter((i) => isLiveClock(CHALLENGE_CLOCKS[i].value)) : all;
}

const pad = (n) => String(n).padStart(2, '0');

// A moment (unix ms) as a datetime-local input's value in the browser's time zone:
// "2026-03-14T18:30".
export function dateTimeValue(ms) {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}`
  );
}

// A datetime-local input's value, in the browser's time zone, as unix ms; null when it is not
// a whole date and time.
export function startsMsOf(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(String(value || ''));
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number);
  if (hours > 23 || minutes > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes);
  // new Date rolls an impossible date over (February 30 → March 2): refused instead.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.getTime();
}

// The form's first start: the next quarter of an hour at least half an hour from `now`.
export function defaultStart(now) {
  const quarter = 15 * MINUTE_MS;
  return Math.ceil((now + 30 * MINUTE_MS) / quarter) * quarter;
}

// The count of code points in `text` (what the server counts as characters).
function characters(text) {
  return [...text].length;
}

// A whole number written in `raw` (a form's text) within [min, max]; `empty` when nothing is
// written; undefined when it is not such a number.
function wholeNumber(raw, { min, max }, empty = undefined) {
  const text = String(raw ?? '').trim();
  if (text === '') return empty;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

// A bound that may be left out: nothing written, or 0, is none (0); else as wholeNumber.
function optionalBound(raw, limits) {
  const n = wholeNumber(raw, { min: 0, max: limits.max }, 0);
  return n === 0 || n === undefined || n >= limits.min ? n : undefined;
}

const problem = (field, key) => ({ problem: { field, key: `events.form.problems.${key}` } });

// The schedule's part of the request (an arena's minutes, a Swiss event's rounds and pause), or
// a problem.
function schedule(choices) {
  if (choices.kind === 'arena') {
    const minutes = wholeNumber(choices.minutes, LIMITS.minutes);
    return minutes === undefined ? problem('minutes', 'minutes') : { fields: { minutes } };
  }
  const rounds = wholeNumber(choices.rounds, LIMITS.rounds);
  if (rounds === undefined) return problem('rounds', 'rounds');
  if (choices.organiserRounds) return { fields: { rounds, organiser_rounds: true } };
  const pause = wholeNumber(choices.pause, LIMITS.pause, 0);
  if (pause === undefined) return problem('pause', 'pause');
  return { fields: { rounds, round_pause_minutes: pause, organiser_rounds: false } };
}

// Who may enter, or a problem. A rated event is for accounts only.
function entryRules(choices) {
  const accountsOnly = Boolean(choices.accountsOnly || choices.rated);
  const minRating = optionalBound(choices.minRating, LIMITS.minRating);
  if (minRating === undefined) return problem('min-rating', 'minRating');
  if (minRating && !accountsOnly) return problem('min-rating', 'minRatingAccounts');
  const minGames = wholeNumber(choices.minGames, LIMITS.minGames, 0);
  if (minGames === undefined) return problem('min-games', 'minGames');
  const code = String(choices.code ?? '').trim();
  if (characters(code) > LIMITS.code.max) return problem('code', 'code');
  const entry = { accounts_only: accountsOnly, min_rating: minRating, min_rated_games: minGames };
  if (code) entry.code = code;
  return { entry };
}

// The `create_event` request of the form's `choices`, as { request }, or { problem: { field,
// key } }: the first thing wrong, `field` naming the form's control (`event-<field>`) and `key`
// the catalogue's words. `choices`: { name, kind, game (an id), options, clock (a clock or
// null), start (a datetime-local value), minutes, rounds, pause (texts), organiserRounds, rated,
// accountsOnly, minRating, minGames, code, maxPlayers (texts), bots }; `now` in unix ms.
export function eventRequest(choices, now) {
  const name = String(choices.name ?? '').trim();
  if (characters(name) < LIMITS.name.min || characters(name) > LIMITS.name.max) {
    return problem('name', 'name');
  }
  const startsMs = startsMsOf(choices.start);
  if (startsMs === null) return problem('start', 'start');
  if (startsMs < now - START_SLACK_MS) return problem('start', 'startPast');
  if (startsMs > now + FURTHEST_START_MS) return problem('start', 'startFar');
  const planned = schedule(choices);
  if (planned.problem) return planned;
  const rules = entryRules(choices);
  if (rules.problem) return rules;
  const maxPlayers = optionalBound(choices.maxPlayers, LIMITS.maxPlayers);
  if (maxPlayers === undefined) return problem('max-players', 'maxPlayers');
  const request = {
    type: 'create_event',
    name,
    kind: choices.kind,
    game: choices.game,
    options: { ...(choices.options || {}) },
  };
  if (choices.clock) request.clock = choices.clock;
  return {
    request: {
      ...request,
      starts_ms: startsMs,
      ...planned.fields,
      rated: Boolean(choices.rated),
      entry: rules.entry,
      bots: Boolean(choices.bots),
      max_players: maxPlayers,
    },
  };
}

// The event id of the page's address: /events/<id> → the id; null for /events itself (the
// lists) and anything else.
export function eventIdFromPath(pathname) {
  const match = /^\/events\/(\d{1,16})\/?$/.exec(pathname || '');
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const eventPath = (id) => `/events/${id}`;

const closed = (status) => status === 'finished' || status === 'cancelled';

// The buttons an event's view offers, in order, from its `event` message (`view`, `you`: the
// viewer's entry status or null) and the viewer (`account`: a user name or null, `role`: the
// welcome's, "" for none): enter (with the entry code's field when the event is private),
// come_back (a paused entry), pause, withdraw, cancel (its creator while scheduled, a moderator
// while not over), feature or unfeature (moderators, but on a cancelled event).
export function eventActions(view, you, { account = null, role = '' } = {}) {
  const actions = [];
  const open = !closed(view.status);
  if (open && !you) actions.push('enter');
  if (open && you === 'paused') actions.push('come_back');
  if (open && you === 'active') actions.push('pause');
  if (open && (you === 'active' || you === 'paused')) actions.push('withdraw');
  const creator = Boolean(account) && sameAccount(view.by, account);
  if (open && (role || (creator && view.status === 'scheduled'))) actions.push('cancel');
  if (role && view.status !== 'cancelled') actions.push(view.official ? 'unfeature' : 'feature');
  return actions;
}

// The request of action `action` on event `id` (`code`: the entry code typed, `reason`: a
// cancellation's), as the server takes it.
export function actionRequest(action, id, { code = '', reason = '' } = {}) {
  switch (action) {
    case 'enter': {
      const request = { type: 'enter_event', event: id };
      if (code.trim()) request.code = code.trim();
      return request;
    }
    case 'come_back':
      return { type: 'enter_event', event: id };
    case 'pause':
      return { type: 'pause_event', event: id };
    case 'withdraw':
      return { type: 'withdraw_event', event: id };
    case 'cancel': {
      const request = { type: 'cancel_event', event: id };
      if (reason.trim()) request.reason = reason.trim();
      return request;
    }
    case 'feature':
      return { type: 'feature_event', event: id, official: true };
    case 'unfeature':
      return { type: 'feature_event', event: id, official: false };
    default:
      throw new Error(`no such event action: ${action}`);
  }
}

// The events of a `list_events` answer the lobby shows: the running ones, then the next to
// start, `limit` in all.
export function lobbyEvents(answer, limit = 3) {
  const running = [...((answer && answer.running) || [])];
  const upcoming = [...((answer && answer.upcoming) || [])].sort(
    (a, b) => a.starts_ms - b.starts_ms,
  );
  return [...running, ...upcoming].slice(0, limit);
}
