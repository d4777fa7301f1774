// Hiding a chat line without the page (#31; PROTOCOL.md "hide_chat"): who is offered the Hide
// control, the request it sends, and its refusals in words. No DOM, so it runs under Node in
// tests/web-client/room/.

import { t } from '../i18n/index.js';
import { errorInWords, nameInWords } from '../common/server_words.js';

// The roles whose welcome may hide lines; the server still decides (a writer of a role as high
// as the moderator's is refused with `not_allowed`).
const HIDING_ROLES = new Set(['moderator', 'admin']);

// Whether the viewer (`welcome`, the last one) gets a Hide control on chat line `line`: a
// moderator's or an admin's account, on a line of someone else that carries its time.
export function mayHideLine(welcome, line) {
  if (!welcome || !welcome.account || !HIDING_ROLES.has(welcome.role)) return false;
  return line.name !== welcome.name && typeof line.at === 'number';
}

// The request hiding `line` for `reason` (checked by the form: non-blank, within 500 bytes).
export function hideChatRequest(line, reason) {
  return { type: 'hide_chat', room: line.room, at: line.at, reason };
}

// A refused hide_chat in words. The general words would mislead: `not_allowed` speaks of a room,
// `no_change` and `no_such_line` of other things.
export function hideChatRefusal(error, line) {
  const code = error && error.code;
  if (code === 'no_such_line') return t('moderation.hideChat.noSuchLine');
  if (code === 'no_change') return t('moderation.hideChat.noChange');
  if (code === 'no_such_room') return t('moderation.hideChat.noSuchRoom');
  if (code === 'not_allowed') {
    return t('moderation.hideChat.notAllowed', { name: nameInWords(line.name || '') });
  }
  return errorInWords(error);
}
