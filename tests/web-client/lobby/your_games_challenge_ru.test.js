// A finished game's "Challenge <name>" in Russian (in_russian.js, first, sets the language). The
// English: your_games_challenge.test.js.

import '../common/in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { challengeButtons } = await import('../../../web-client/lobby/your_games_challenge.js');
const { installFakeDocument } = await import('../fake_dom.js');

test('the button and its name in Russian', () => {
  assert.equal(language, 'ru');
  installFakeDocument();
  const row = {
    room: 'DDDDDD',
    title: 'Квадратура',
    players: 'Аня против Бориса',
    opponents: [{ seat: 1, account: 'boris', name: 'Борис' }],
  };
  const [button] = challengeButtons(row, () => {});
  assert.equal(button.textContent, 'Вызвать Борис');
  assert.equal(
    button.getAttribute('aria-label'),
    'Вызвать Борис на новую партию: ваш соперник в игре «Квадратура», Аня против Бориса',
  );
});
