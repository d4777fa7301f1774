// Reports without the page (PROTOCOL.md "report", "my_reports"): the request a report form
// makes, its refusals in words, and a report's reason, subject and status in words for "My
// reports" and the moderation page. No DOM, so it runs under Node in tests.

import { has, t, tn } from '../i18n/index.js';
import { errorInWords, momentInWords, nameInWords } from './server_words.js';

// The server's reasons, in the order the form offers them.
export const REPORT_REASONS = ['spam', 'abuse', 'cheating', 'name', 'other'];
// The server's bound on `words`: bytes of UTF-8 (a Cyrillic letter takes two).
export const REPORT_WORDS_BYTES = 500;

// The request for a report about `subject` — { about: 'player', name } | { about: 'game', room }
// | { about: 'chat', room, at } — with `reason` and the reporter's optional `words`; or
// { problem } when it cannot be sent as it is.
export function reportRequest(subject, reason, words = '') {
  const request = { type: 'report', about: subject.about };
  if (subject.about === 'player') request.name = subject.name;
  else request.room = subject.room;
  if (subject.about === 'chat') request.at = subject.at;
  request.reason = REPORT_REASONS.includes(reason) ? reason : 'other';
  const said = String(words || '').trim();
  if (new TextEncoder().encode(said).length > REPORT_WORDS_BYTES) {
    return { problem: t('reports.wordsTooLong') };
  }
  if (said) request.words = said;
  return { request };
}

// A refused report in words. The general words would mislead for some codes: `account_required`
// speaks of rated games, `not_allowed` of a room, and a `rate_limited` report waits in minutes.
export function reportRefusal(error, subject = {}) {
  const code = error && error.code;
  if (code === 'account_required') return t('reports.accountRequired');
  if (code === 'not_allowed') return t('reports.notAllowed');
  if (code === 'rate_limited') {
    const seconds = error.retryAfter ?? error.retry_after ?? 60;
    return tn('reports.rateLimited', Math.max(1, Math.ceil(seconds / 60)));
  }
  if (code === 'no_such_account') return t('reports.noSuchAccount', { name: subject.name || '' });
  if (code === 'no_such_room') return t('reports.noSuchRoom');
  if (code === 'no_such_line') return t('reports.noSuchLine');
  return errorInWords(error);
}

// The catalogue's words at `key`, else the server's value as it came (one this client does not
// know yet).
function wordsOr(key, value) {
  return has(key) ? t(key) : String(value);
}

export function reasonInWords(reason) {
  return wordsOr(`reports.reasons.${reason}`, reason);
}

// What a report is about, in words: the player, the game's room, or the quoted line with its
// writer (a guest's name in words too).
export function reportSubjectInWords(report) {
  if (report.about === 'player') return t('reports.about.player', { name: report.name });
  if (report.about === 'game') return t('reports.about.game', { room: report.room });
  if (report.quoted === undefined) return t('reports.about.chatUnquoted', { room: report.room });
  return t('reports.about.chat', {
    name: nameInWords(report.name || ''),
    room: report.room,
    quoted: report.quoted,
  });
}

// A report's status: open, or handled (acted on or dismissed) with when, if known.
export function reportStatusInWords(report) {
  const status = wordsOr(`reports.statuses.${report.status}`, report.status);
  if (report.status === 'open' || !report.handled_at) return status;
  return t('reports.handledAt', { status, time: momentInWords(report.handled_at) });
}
