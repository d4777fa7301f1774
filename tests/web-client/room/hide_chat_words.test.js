// web-client/room/hide_chat_words.js in English: who is offered Hide on a chat line, the
// hide_chat request, and its refusals in the form's own words.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hideChatRefusal,
  hideChatRequest,
  mayHideLine,
} from '../../../web-client/room/hide_chat_words.js';

const LINE = { room: 'K7QM3X', at: 1796544100000, name: 'Bob', text: 'rude', channel: 'players' };
const mara = (role) => ({ account: 'Mara', name: 'Mara', role });

test('only a moderator or an admin may hide, and not their own lines', () => {
  assert.equal(mayHideLine(mara('moderator'), LINE), true);
  assert.equal(mayHideLine(mara('admin'), LINE), true);
  assert.equal(mayHideLine(mara(undefined), LINE), false, 'an account without a role');
  assert.equal(mayHideLine({ name: 'Guest 3', role: 'moderator' }, LINE), false, 'no account');
  assert.equal(mayHideLine(null, LINE), false, 'no welcome yet');
  assert.equal(mayHideLine(mara('moderator'), { ...LINE, name: 'Mara' }), false, 'her own');
  assert.equal(mayHideLine(mara('moderator'), { ...LINE, at: undefined }), false, 'no time');
});

test('the request names the line by its room and time', () => {
  assert.deepEqual(hideChatRequest(LINE, 'insults'), {
    type: 'hide_chat',
    room: 'K7QM3X',
    at: 1796544100000,
    reason: 'insults',
  });
});

test('refusals in the words of hiding', () => {
  assert.equal(
    hideChatRefusal({ code: 'no_such_line' }, LINE),
    'That line is not in the room’s record, so it cannot be hidden.',
  );
  assert.equal(hideChatRefusal({ code: 'no_change' }, LINE), 'That line is hidden already.');
  assert.equal(
    hideChatRefusal({ code: 'not_allowed' }, LINE),
    'Not allowed: Bob holds a role as high as yours, or you are no longer a moderator.',
  );
  assert.equal(
    hideChatRefusal({ code: 'not_allowed' }, { ...LINE, name: 'Guest 17' }),
    'Not allowed: Guest 17 holds a role as high as yours, or you are no longer a moderator.',
  );
  assert.equal(
    hideChatRefusal({ code: 'no_such_room' }, LINE),
    'That room is no longer on the server.',
  );
  // Any other code: the general words, else the server's message.
  assert.equal(hideChatRefusal({ code: 'whatever', message: 'as it came' }, LINE), 'as it came');
});
