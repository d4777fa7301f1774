// Closing a room from /mod without the page (PROTOCOL.md "close_room"): the room code from what
// the moderator typed, the request, its answer and refusals in words, and the audit log's entry.
// No DOM, so it runs under Node in tests/web-client/mod/.

import { t } from '../i18n/index.js';
import { errorInWords } from '../common/server_words.js';
import { reasonProblem } from './mod_form.js';

// The ways a moderator may end a game: with no result, or aborted (the server allows an abort
// only while the game has few moves).
export const ENDINGS = ['no_result', 'aborted'];

// The room code in `typed`: a code ("k7qm3x "), or a room's address pasted from the address bar
// ("https://host/r/K7QM3X?replay", ".../#K7QM3X"), upper-cased as the lobby does.
export function roomCodeFrom(typed) {
  return String(typed)
    .trim()
    .replace(/[?].*$/, '')
    .replace(/\/+$/, '')
    .replace(/^.*[/#]/, '')
    .toUpperCase();
}

// The close_room request the form's values make ({ room, ending, reason } as typed), or
// { problem, field } (the name of the field to fix) when it cannot be sent.
export function closeRoomRequest({ room, ending, reason }) {
  const request = {
    type: 'close_room',
    room: roomCodeFrom(room),
    ending,
    reason: String(reason).trim(),
  };
  if (!request.room) return { problem: t('moderation.closeRoom.needRoom'), field: 'room' };
  const wrongReason = reasonProblem(request.reason);
  if (wrongReason) return { problem: wrongReason, field: 'reason' };
  if (!ENDINGS.includes(ending)) return { problem: t('errors.bad_field'), field: 'ending' };
  return { request };
}

// What the page says once the server closed `request.room` (`answer.name` is the room).
export function closeRoomDone(answer, request) {
  return t(`moderation.closeRoom.done.${request.ending}`, { room: answer.name || request.room });
}

// A refused close_room in words. The general words would mislead: `not_allowed` speaks of a room
// and a move, `bad_field` of a malformed request, `not_started` and `game_over` of the viewer's
// own game.
export function closeRoomRefusal(error, request) {
  const room = request.room;
  switch (error && error.code) {
    case 'not_allowed':
      return request.ending === 'aborted'
        ? t('moderation.closeRoom.notAllowedAbort', { room })
        : t('moderation.closeRoom.notAllowed');
    case 'not_started':
      return t('moderation.closeRoom.notStarted', { room });
    case 'game_over':
      return t('moderation.closeRoom.gameOver', { room });
    case 'no_such_room':
      return t('moderation.closeRoom.noSuchRoom', { room });
    case 'bad_field':
      return t('moderation.closeRoom.badRoom');
    case 'redirected':
      return t('moderation.closeRoom.redirected', { room });
    default:
      return errorInWords(error);
  }
}

// The audit log's close_room entry: its target ("room K7QM3X") and its ending in words (the
// server's value as it came when this client does not know it).
export function closeRoomEntryWords(entry) {
  const ending = ENDINGS.includes(entry.ending)
    ? t(`moderation.closeRoom.logEndings.${entry.ending}`)
    : entry.ending || '';
  return { target: t('moderation.closeRoom.logRoom', { room: entry.name }), ending };
}
