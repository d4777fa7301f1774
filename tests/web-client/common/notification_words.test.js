// web-client/common/notification_words.js in English: why this device's notifications cannot
// work or could not be turned on, the server's refusals of `push_subscribe`, and the panel's
// status line. The Russian: notification_words_ru.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  onOffInWords,
  pushFailureInWords,
  renewalInWords,
} from '../../../web-client/common/notification_words.js';

const failure = (code, cause = null) => ({ code, cause });
const refusal = (code, message) => failure('refused', { code, message });

test('what keeps notifications from working, in words', () => {
  assert.equal(
    pushFailureInWords('insecure'),
    'Notifications need HTTPS, or localhost: this page is not served securely, so the browser allows none.',
  );
  assert.match(pushFailureInWords('unsupported'), /no service workers or no Push API/);
  assert.match(pushFailureInWords(failure('denied')), /^Notifications are blocked for this site/);
  assert.equal(pushFailureInWords(failure('no_key')), 'This server sends no notifications.');
  assert.equal(
    pushFailureInWords(failure('push_service')),
    'The browser cannot reach its push service (no network, or a private window).',
  );
  assert.match(pushFailureInWords(failure('dismissed')), /not allowed/);
  assert.match(pushFailureInWords(failure('key_failed')), /key could not be loaded/);
  assert.match(pushFailureInWords(failure('no_worker')), /service worker is not running/);
  assert.match(pushFailureInWords(failure('offline')), /^Not connected/);
});

test('the server’s refusals, its message where it says what was wrong', () => {
  assert.equal(
    pushFailureInWords(refusal('account_required', 'notifications are for accounts')),
    'Notifications are for accounts: sign in first.',
  );
  assert.equal(
    pushFailureInWords(refusal('not_allowed', 'too many')),
    'This server sends no notifications, or your account has them on 20 devices already.',
  );
  assert.equal(
    pushFailureInWords(refusal('bad_field', "field 'endpoint' must be an https URL")),
    "The server does not take this browser’s subscription: field 'endpoint' must be an https URL",
  );
  // Any other code: its general words.
  assert.equal(
    pushFailureInWords(refusal('store_failed', 'disk full')),
    'The server could not save that; nothing changed. Please try again.',
  );
  // A code nobody knows: the server's message.
  assert.equal(pushFailureInWords(refusal('new_code', 'Something new.')), 'Something new.');
});

test('a failed renewal and the status line', () => {
  assert.equal(
    renewalInWords(failure('push_service')),
    'Notifications could not be renewed on this device: The browser cannot reach its push service (no network, or a private window).',
  );
  assert.equal(onOffInWords(true), 'Notifications are on for this device.');
  assert.equal(onOffInWords(false), 'Notifications are off for this device.');
});
