// web-client/common/account_words.js in Russian (in_russian.js, first, sets the language): the
// account's own controls speak the Russian catalogue's words.

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { deleteErrorText, renameErrorText, renamedText } =
  await import('../../../web-client/common/account_words.js');
const { nameInWords } = await import('../../../web-client/common/server_words.js');

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('the change of case and the deletion say their refusals in Russian', () => {
  assert.equal(
    renameErrorText({ code: 'bad_name' }, 'Ann'),
    'Можно изменить только регистр букв: введите своё имя пользователя, Ann, с другими заглавными или строчными буквами.',
  );
  assert.equal(
    renameErrorText({ code: 'no_change' }, 'Ann'),
    'Имя пользователя уже так и написано.',
  );
  assert.equal(renamedText('ANN'), 'Теперь ваше имя пользователя пишется так: ANN.');
  assert.equal(deleteErrorText({ code: 'bad_credentials' }), 'Неверный пароль; аккаунт не удалён.');
  assert.equal(
    deleteErrorText({ code: 'too_many_attempts', retryAfter: 300 }),
    'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через 5 минут.',
  );
  assert.equal(
    deleteErrorText({ code: 'too_many_attempts', retryAfter: 120 }),
    'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через 2 минуты.',
  );
});

test('a deleted account’s games stay under a name said in Russian', () => {
  assert.equal(nameInWords('Deleted player'), 'Удалённый игрок');
  assert.equal(nameInWords('Ann'), 'Ann');
});
