// web-client/common/notification_words.js in Russian (in_russian.js, first, sets the language).
// The English: notification_words.test.js.

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { onOffInWords, pushFailureInWords } =
  await import('../../../web-client/common/notification_words.js');

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('why notifications cannot work, and the refusals, in Russian', () => {
  assert.match(pushFailureInWords('insecure'), /^Уведомлениям нужен HTTPS или localhost/);
  assert.match(pushFailureInWords({ code: 'push_service' }), /push-сервисом/);
  assert.equal(pushFailureInWords({ code: 'no_key' }), 'Этот сервер не отправляет уведомлений.');
  assert.equal(
    pushFailureInWords({
      code: 'refused',
      cause: { code: 'account_required', message: 'sign in first' },
    }),
    'Уведомления — для аккаунтов: сначала войдите.',
  );
  assert.equal(
    pushFailureInWords({ code: 'refused', cause: { code: 'bad_field', message: 'field' } }),
    'Сервер не принимает подписку этого браузера: field',
  );
  assert.equal(onOffInWords(true), 'Уведомления на этом устройстве включены.');
});
