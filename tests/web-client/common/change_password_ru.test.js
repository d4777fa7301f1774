// web-client/common/change_password.js in Russian (in_russian.js, first, sets the language): the
// form's own words are the Russian catalogue's.

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { passwordChangeErrorText, passwordChangeProblem, passwordChangedText } =
  await import('../../../web-client/common/change_password.js');

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('the form’s words are Russian', () => {
  assert.equal(
    passwordChangeProblem({ newPassword: 'a', repeat: 'b' }),
    'Новые пароли не совпадают: введите один и тот же дважды.',
  );
  assert.equal(passwordChangeErrorText({ code: 'bad_credentials' }), 'Текущий пароль неверен.');
  assert.equal(
    passwordChangeErrorText({ code: 'weak_password', message: 'x' }),
    'Слишком простой пароль: нужно не меньше 8 символов, и он не должен совпадать с именем пользователя.',
  );
  assert.equal(passwordChangedText(false), 'Пароль изменён.');
  assert.equal(
    passwordChangedText(true),
    'Пароль изменён, на других ваших устройствах выполнен выход.',
  );
});
