// Events in words (PROTOCOL.md "Events"): an event's kind, schedule, players, entry rules
// and status, the one line the lists show, the countdown to its start, where the viewer stands,
// what an action did, and the refusals of the event requests. No DOM, so it runs under Node in
// tests/web-client/.

import { has, t, tn } from '../i18n/index.js';
import { gameTitle, optionsInWords } from '../games/index.js';
import { clockInWords } from '../common/challenge_words.js';
import { errorInWords, momentInWords } from '../common/server_words.js';

const MINUTE_MS = 60 * 1000;
const HOUR = 60; // minutes
const DAY = 24 * HOUR;

export const kindInWords = (kind) =>
  has(`events.kinds.${kind}`) ? t(`events.kinds.${kind}`) : kind;

export const statusInWords = (status) =>
  has(`events.statuses.${status}`) ? t(`events.statuses.${status}`) : status;

// An event's clock: "5:00 + 3s", "1 day per move", "No clock".
export const eventClockInWords = (view) => clockInWords(view.clock);

// An arena's length ("60 minutes") or a Swiss event's rounds ("7 rounds").
export function lengthInWords(view) {
  return view.kind === 'arena'
    ? tn('events.terms.minutes', view.minutes)
    : tn('events.terms.rounds', view.rounds);
}

// What comes between a Swiss event's rounds; null for an arena.
export function pauseInWords(view) {
  if (view.kind !== 'swiss') return null;
  if (view.organiser_rounds) return t('events.terms.organiserRounds');
  return view.round_pause_minutes
    ? tn('events.terms.pause', view.round_pause_minutes)
    : t('events.terms.noPause');
}

// "12 players", or "12 of 100 players" under a cap.
export function playersInWords(view) {
  return view.max_players
    ? tn('events.terms.playersOf', view.players, { max: view.max_players })
    : tn('events.terms.players', view.players);
}

// Who may enter, one sentence per rule; "Anyone, guests too." without rules but the bots'.
export function entryInWords(view) {
  const entry = view.entry || {};
  const rules = [];
  if (entry.accounts_only) rules.push(t('events.entry.accountsOnly'));
  if (entry.min_rating) rules.push(t('events.entry.minRating', { n: entry.min_rating }));
  if (entry.min_rated_games) rules.push(tn('events.entry.minGames', entry.min_rated_games));
  if (entry.private) rules.push(t('events.entry.private'));
  if (!rules.length) rules.push(t('events.entry.anyone'));
  rules.push(view.bots ? t('events.entry.bots') : t('events.entry.noBots'));
  return rules;
}

// The time to the start of an event starting at `startsMs`, seen at `now`: minutes (counted
// up) under an hour, hours and minutes under two days, then days; "starting now" once it is due
// and the server has not started it yet.
export function countdownInWords(startsMs, now) {
  const left = startsMs - now;
  if (left <= 0) return t('events.countdown.now');
  const minutes = Math.ceil(left / MINUTE_MS);
  if (minutes < HOUR) return tn('events.countdown.minutes', minutes);
  if (minutes < 2 * DAY) {
    const h = Math.floor(minutes / HOUR);
    const m = minutes % HOUR;
    return m ? t('events.countdown.hoursMinutes', { h, m }) : t('events.countdown.hours', { h });
  }
  return tn('events.countdown.days', Math.floor(minutes / DAY));
}

// The start in words: "starts 14 Mar 2026, 18:30" before it, "started …" after.
export function startInWords(view, now) {
  const time = momentInWords(view.starts_ms);
  return view.starts_ms > now || view.status === 'scheduled'
    ? t('events.terms.starts', { time })
    : t('events.terms.started', { time });
}

// A game and its options: "Kvadratura: 4 × 4 board", or the title alone.
export function gameInWords(view) {
  const options = optionsInWords(view.game, view.options || {});
  return options ? `${gameTitle(view.game)}: ${options}` : gameTitle(view.game);
}

// The one line of the lists under an event's name: game, kind, clock, length, start, players,
// rated or casual, and private (the official mark stands beside the name).
export function summaryInWords(view, now) {
  return [
    gameTitle(view.game),
    kindInWords(view.kind),
    eventClockInWords(view),
    lengthInWords(view),
    startInWords(view, now),
    playersInWords(view),
    view.rated ? t('events.terms.rated') : t('events.terms.casual'),
    view.entry && view.entry.private ? t('events.terms.private') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

// The viewer's place in the event (`you`: the `event` message's).
export function youInWords(you) {
  return has(`events.you.${you}`) ? t(`events.you.${you}`) : t('events.you.none');
}

// A player's entry status in the players list.
export const entrantStatusInWords = (status) =>
  has(`events.entrants.statuses.${status}`) ? t(`events.entrants.statuses.${status}`) : status;

// What `action` did to the event named `name`, for the page's status line.
export function actionDoneInWords(action, name) {
  const key = {
    enter: 'entered',
    come_back: 'cameBack',
    pause: 'paused',
    withdraw: 'withdrew',
    cancel: 'cancelled',
    feature: 'featured',
    unfeature: 'unfeatured',
    create: 'created',
  }[action];
  return key ? t(`events.done.${key}`, { name }) : t('events.done.refreshed');
}

// The wait of a refused creation (too_many_events' retry_after, seconds): minutes under an
// hour, else hours, counted up.
function tooManyInWords(seconds) {
  const minutes = Math.max(1, Math.ceil((Number(seconds) || 0) / 60));
  if (minutes < HOUR) return tn('events.refused.tooManyMinutes', minutes);
  return tn('events.refused.tooManyHours', Math.ceil(minutes / HOUR));
}

// A refused event request in words. The event's own words where the general ones would mislead
// (who may create, cancel or feature; a malformed form; the daily limit with its wait); an entry
// refused by the rules says which, from the event's `view` when known (a guest, or the rating
// and games it asks for); else errorInWords's.
export function eventRefusal(error, { view = null, account = null } = {}) {
  const code = error && error.code;
  if (code === 'too_many_events') return tooManyInWords(error.retryAfter ?? error.retry_after);
  if (code === 'not_eligible' && view) {
    const entry = view.entry || {};
    if (entry.accounts_only && !account) return t('events.refused.accountsOnly');
    const rules = [];
    if (entry.min_rating) rules.push(t('events.entry.minRating', { n: entry.min_rating }));
    if (entry.min_rated_games) rules.push(tn('events.entry.minGames', entry.min_rated_games));
    if (rules.length) return t('events.refused.rules', { rules: rules.join(' ') });
  }
  if (has(`events.refused.${code}`)) return t(`events.refused.${code}`);
  return errorInWords(error);
}
