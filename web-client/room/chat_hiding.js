// A moderator's Hide control on a room's chat line (#31; PROTOCOL.md "hide_chat"): a quiet
// button beside Report, and the small required-reason form of the moderation page
// (mod/mod_reason_form.js). room_reports.js places both, one form at a time below the chat; the
// line itself leaves the chat when `chat_hidden` comes (life.js), for everyone in the room.

import { el } from '../common/dom.js';
import { nameInWords } from '../common/server_words.js';
import { createReasonForm } from '../mod/mod_reason_form.js';
import { t } from '../i18n/index.js';
import { hideChatRefusal, hideChatRequest } from './hide_chat_words.js';

// The Hide button of chat line `line`; `onclick` opens its form.
export function hideButton(line, onclick) {
  return el(
    'button',
    {
      type: 'button',
      class: 'button button--quiet report-line hide-line',
      'aria-label': t('moderation.hideChat.hideLabel', { name: nameInWords(line.name) }),
      onclick,
    },
    t('moderation.hideChat.hide'),
  );
}

// The form hiding `line`: `send(request)` is a promise of the server's answer (rejects with a
// RequestError, said in the form), `hidden()` runs once the server hid it, `cancel()` closes.
export function createHideForm(line, { send, hidden, cancel }) {
  return createReasonForm({
    prefix: 'hide',
    title: t('moderation.hideChat.title', { name: nameInWords(line.name) }),
    intro: t('moderation.hideChat.intro'),
    quoted: line.text,
    submitWords: t('moderation.hideChat.submit'),
    onSubmit: async (reason) => {
      try {
        await send(hideChatRequest(line, reason));
      } catch (error) {
        return hideChatRefusal(error, line);
      }
      hidden();
      return null;
    },
    onCancel: cancel,
  });
}
