// This device's notifications in words (common/notifications_panel.js): why they cannot work or
// could not be turned on (a PushFailure's code, common/push_device.js; the server's refusal of
// `push_subscribe` with the panel's own words where the general ones would mislead, else the
// general ones, which fall back to the server's message), and the panel's status line. No DOM,
// so it runs under Node in tests/web-client/.

import { has, t } from '../i18n/index.js';
import { errorInWords } from './server_words.js';

// A PushFailure (or a browserProblem code) in words.
export function pushFailureInWords(failure) {
  const code = typeof failure === 'string' ? failure : failure && failure.code;
  if (code === 'refused') {
    const error = failure.cause || {};
    if (has(`notifications.refused.${error.code}`)) {
      return t(`notifications.refused.${error.code}`, { message: error.message || '' });
    }
    return errorInWords(error);
  }
  if (has(`notifications.problems.${code}`)) return t(`notifications.problems.${code}`);
  return errorInWords(failure && failure.cause ? failure.cause : failure);
}

// A renewal after a welcome that failed, in words.
export function renewalInWords(failure) {
  return t('notifications.problems.renewal', { reason: pushFailureInWords(failure) });
}

// The status line for notifications `on` or off.
export function onOffInWords(on) {
  return t(on ? 'notifications.on' : 'notifications.off');
}
