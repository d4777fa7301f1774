// web-client/room/hide_chat_words.js in Russian (in_russian.js, first, sets the language): the
// refusals of hiding a chat line.

import '../common/in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { hideChatRefusal } = await import('../../../web-client/room/hide_chat_words.js');

const LINE = { room: 'K7QM3X', at: 1796544100000, name: 'Bob', text: 'грубость' };

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('refusals of hiding in Russian', () => {
  assert.equal(
    hideChatRefusal({ code: 'no_such_line' }, LINE),
    'Этой строки нет в записи партии, поэтому её нельзя скрыть.',
  );
  assert.equal(hideChatRefusal({ code: 'no_change' }, LINE), 'Эта строка уже скрыта.');
  assert.equal(
    hideChatRefusal({ code: 'not_allowed' }, LINE),
    'Нельзя: у Bob роль не ниже вашей, или вы больше не модератор.',
  );
});
