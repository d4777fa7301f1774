// What the server says in English, in the client's language: computer players' names
// ("Computer (hard)") and error codes (an illegal move's reason: common/illegal_words.js). The
// server's text is the fallback for anything not recognised, so nothing is hidden. Results have
// codes of their own (common/result_words.js).
// No DOM, so it runs under Node in tests.

import { has, language, t, tn } from '../i18n/index.js';
import { illegalInWords } from './illegal_words.js';

const BOT_NAME = /^Computer \((easy|medium|hard|expert)\)$/;
const GUEST_NAME = /^Guest (\d+)$/;
// The requests about takebacks (common/takebacks.js), whose refusals have words of their own.
const TAKEBACK_REQUESTS = ['takeback', 'accept_takeback', 'decline_takeback'];
// The name a deleted account's games and ratings stay under (PROTOCOL.md "delete_account").
const DELETED_PLAYER = 'Deleted player';

// A player's name as shown: a computer's, a guest's given name ("Guest 17") and a deleted
// account's in words, anyone else's as they chose it.
export function nameInWords(name) {
  if (name === DELETED_PLAYER) return t('bots.deletedPlayer');
  const bot = BOT_NAME.exec(name || '');
  if (bot) return t('bots.name', { level: t(`bots.levels.${bot[1]}`) });
  const guest = GUEST_NAME.exec(name || '');
  return guest ? t('bots.guest', { n: guest[1] }) : name;
}

// A computer's strength (the server's `bot` level) in words.
export function botLevelInWords(level) {
  return has(`bots.levels.${level}`) ? t(`bots.levels.${level}`) : level;
}

// A moment (unix ms) in the client's language and the browser's time zone, date and time: a
// mute's end may be days away, so the date is always said.
export function momentInWords(ms) {
  return new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

// A refused request in words: an illegal move with a `reason` from that code and its `details`
// (common/illegal_words.js), bad options from theirs (the option concerned); else the
// catalogue's text for the server's error code (filled with the server's message for an illegal
// move without a reason, the wait of `too_many_attempts`, and the end of a timed `muted`); else
// the server's message. `request` (the refused request's type, when known) picks the words of a
// takeback request's refusal (common/takebacks.js): its `not_allowed` says why.
export function errorInWords(error, request = null) {
  const code = error && error.code;
  const message = (error && error.message) || '';
  const illegal = illegalInWords(error);
  if (illegal) return illegal;
  if (TAKEBACK_REQUESTS.includes(request) && has(`takeback.refused.${code}`)) {
    return t(`takeback.refused.${code}`);
  }
  const option = error && error.details && error.details.option;
  if (
    code === 'bad_options' &&
    typeof option === 'string' &&
    has(`errors.options.${error.reason}`)
  ) {
    return t(`errors.options.${error.reason}`, { option });
  }
  if (code === 'too_many_attempts') {
    return tn('errors.too_many_attempts', Math.max(1, Math.ceil((error.retryAfter || 60) / 60)));
  }
  // A timed mute says until when, from the seconds left (a RequestError's `retryAfter`, the raw
  // message's `retry_after`); without them it is for good.
  const mutedFor = code === 'muted' && (error.retryAfter ?? error.retry_after);
  if (mutedFor) {
    return t('errors.mutedUntil', { time: momentInWords(Date.now() + mutedFor * 1000) });
  }
  if (code && has(`errors.${code}`)) return t(`errors.${code}`, { message });
  return message || String(error || '') || t('errors.unknown');
}
