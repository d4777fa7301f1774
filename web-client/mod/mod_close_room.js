// The moderation page's "Close a room" form (PROTOCOL.md "close_room"): a room's code (or its
// address), how the game ends — with no result, or aborted while it has few moves — and a
// required reason. Checked here first, so that a missing field is said at once; the server's
// refusals are said in words next to the form (close_room_words.js).

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { field, reasonInput } from './mod_form.js';
import { ENDINGS, closeRoomDone, closeRoomRefusal, closeRoomRequest } from './close_room_words.js';

// One radio button of the ending's choice, with its label and the hint it is described by.
function endingChoice(ending) {
  const id = `close-room-${ending.replace('_', '-')}`;
  const input = el('input', {
    type: 'radio',
    id,
    name: 'ending',
    value: ending,
    'aria-describedby': `${id}-hint`,
    // No result by default: it is allowed whatever the game's length.
    checked: ending === 'no_result',
  });
  return el(
    'div',
    { class: 'field field--check' },
    input,
    el(
      'div',
      {},
      el('label', { for: id }, t(`moderation.closeRoom.endings.${ending}`)),
      el('p', { class: 'hint', id: `${id}-hint` }, t(`moderation.closeRoom.endingHints.${ending}`)),
    ),
  );
}

function controls() {
  return {
    room: el('input', {
      id: 'close-room-code',
      name: 'room',
      class: 'code-input',
      autocomplete: 'off',
      spellcheck: 'false',
      // A pasted address is longer than a code.
      maxlength: '200',
      required: true,
    }),
    // A group of radio buttons: its legend names the choice for a screen reader.
    endings: el(
      'fieldset',
      { class: 'mod-choice', id: 'close-room-ending' },
      el('legend', {}, t('moderation.closeRoom.ending')),
      ENDINGS.map(endingChoice),
    ),
    reason: reasonInput('close-room-reason'),
  };
}

// The values as typed and chosen.
function valuesOf(form, parts) {
  const chosen = form.querySelector('input[name="ending"]:checked');
  return {
    room: parts.room.value,
    ending: chosen ? chosen.value : '',
    reason: parts.reason.value,
  };
}

// `send(request)`: a promise of the server's answer (rejects with a RequestError); `done()` after
// each room closed (the page asks for the view again, whose log then shows it).
export function createCloseRoomForm({ send, done }) {
  const parts = controls();
  const error = el('p', { class: 'mod-error', id: 'close-room-error', role: 'alert' });
  const status = el('p', { class: 'mod-status', id: 'close-room-status', role: 'status' });
  const form = el(
    'form',
    {
      class: 'mod-form',
      id: 'close-room-form',
      'aria-labelledby': 'close-room-title',
      novalidate: true,
    },
    el('h2', { id: 'close-room-title' }, t('moderation.closeRoom.title')),
    el('p', { class: 'hint' }, t('moderation.closeRoom.intro')),
    el(
      'div',
      { class: 'mod-fields' },
      field(
        'close-room-code',
        'moderation.closeRoom.room',
        parts.room,
        'moderation.closeRoom.roomHint',
      ),
      parts.endings,
    ),
    field('close-room-reason', 'moderation.reason', parts.reason, 'moderation.reasonHint'),
    el(
      'button',
      { type: 'submit', id: 'close-room-submit', class: 'button button--primary' },
      t('moderation.closeRoom.submit'),
    ),
    error,
    status,
  );
  // Where the focus goes to fix a field the check refused.
  const focusOf = {
    room: () => parts.room.focus(),
    reason: () => parts.reason.focus(),
    ending: () => form.querySelector('input[name="ending"]').focus(),
  };

  let sending = false; // one request at a time; the button stays focusable meanwhile
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    error.textContent = '';
    status.textContent = '';
    const { request, problem, field: wrong } = closeRoomRequest(valuesOf(form, parts));
    if (problem) {
      error.textContent = problem;
      focusOf[wrong]();
      return;
    }
    sending = true;
    try {
      const answer = await send(request);
      status.textContent = closeRoomDone(answer, request);
      // The ending stays as chosen: the next room is most likely closed the same way.
      for (const input of [parts.room, parts.reason]) input.value = '';
      done();
    } catch (failure) {
      error.textContent = closeRoomRefusal(failure, request);
      if (['no_such_room', 'bad_field', 'not_started', 'game_over'].includes(failure.code)) {
        parts.room.focus();
      }
    } finally {
      sending = false;
    }
  });
  return form;
}
