// Challenges in words (PROTOCOL.md "Challenges"): a clock and a challenge's terms, what became of
// one's own challenge, the news of an accepted one and the refusals of the challenge requests.
// No DOM, so it runs under Node in tests/web-client/.

import { has, t, tn } from '../i18n/index.js';
import { gameTitle, optionsInWords } from '../games/index.js';
import { describeClock } from './clock.js';
import { errorInWords, momentInWords, nameInWords } from './server_words.js';
import { DAY_SECONDS, otherPlayer } from './challenge_terms.js';

// The requests about challenges, whose refusals have words of their own (`challenge.refused`).
const CHALLENGE_REQUESTS = [
  'challenge',
  'accept_challenge',
  'decline_challenge',
  'cancel_challenge',
  'my_challenges',
  'challenge_policy',
];

// A clock in words: "5:00 + 3s", "3 days per move", "No clock".
export function clockInWords(clock) {
  if (!clock || clock.type === 'none') return t('clock.none');
  if (clock.type === 'per_move' && clock.seconds % DAY_SECONDS === 0) {
    return tn('challenge.terms.daysPerMove', clock.seconds / DAY_SECONDS);
  }
  return describeClock(clock) || t('clock.none');
}

// A challenge's terms in one line: its options in words (the seat count left out: a challenge
// is always for two), clock, rated or casual, and takebacks when asked for.
export function termsInWords(challenge) {
  const options = { ...(challenge.options || {}) };
  delete options.players;
  return [
    optionsInWords(challenge.game, options),
    clockInWords(challenge.clock),
    challenge.rated ? t('playNow.rated') : t('playNow.casual'),
    challenge.takebacks ? t('challenge.terms.takebacks') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

// The game and terms of a challenge: "Kvadratura: 4 × 4 · 5:00 + 3s · casual".
export function challengeInWords(challenge) {
  return `${gameTitle(challenge.game)}: ${termsInWords(challenge)}`;
}

// What became of `account`'s own `challenge`, in one line.
export function outgoingStatus(challenge, account) {
  const other = otherPlayer(challenge, account);
  const name = other ? nameInWords(other) : '';
  switch (challenge.status) {
    case 'open':
      return challenge.to ? t('challenge.status.waiting', { name }) : t('challenge.status.listed');
    case 'accepted':
      return t('challenge.status.accepted', { name, room: challenge.room });
    case 'declined': {
      const reason = has(`challenge.status.declined.${challenge.reason}`)
        ? challenge.reason
        : 'generic';
      return t(`challenge.status.declined.${reason}`, { name });
    }
    case 'cancelled':
      return t('challenge.status.cancelled');
    case 'expired':
      return t('challenge.status.expired');
    default:
      return challenge.status;
  }
}

// The news of `account`'s challenge just accepted; `opening` when the page opens the game.
export function acceptedNews(challenge, account, opening = false) {
  const name = nameInWords(otherPlayer(challenge, account) || '');
  return t(opening ? 'challenge.news.opening' : 'challenge.news.accepted', {
    name,
    room: challenge.room,
  });
}

// Until when an open challenge waits, in words.
export function openUntil(challenge) {
  return Number.isFinite(challenge.expires_ms)
    ? t('challenge.open.until', { time: momentInWords(challenge.expires_ms) })
    : '';
}

// A refused challenge request (or a correspondence seek, `request` 'challenge') in words: the
// challenge's own words for the codes whose general words would mislead, else errorInWords's.
export function challengeRefusal(error, request = 'challenge') {
  const code = error && error.code;
  if (CHALLENGE_REQUESTS.includes(request) && has(`challenge.refused.${code}`)) {
    return t(`challenge.refused.${code}`);
  }
  return errorInWords(error);
}
