// web-client/common/report_words.js in Russian (in_russian.js, first, sets the language): the
// report form's refusals, with Russian plurals for the wait, and the words of "My reports".

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { reasonInWords, reportRefusal, reportRequest, reportStatusInWords, reportSubjectInWords } =
  await import('../../../web-client/common/report_words.js');

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('the report form refuses in Russian', () => {
  assert.equal(
    reportRequest({ about: 'game', room: 'K7QM3X' }, 'spam', 'я'.repeat(251)).problem,
    'Слишком длинно: не больше 500 байт (около 250 русских букв).',
  );
  assert.equal(
    reportRefusal({ code: 'not_allowed' }),
    'Нельзя пожаловаться на себя или на свои строки чата.',
  );
  assert.equal(
    reportRefusal({ code: 'account_required' }),
    'Жаловаться могут только вошедшие игроки: сначала войдите или зарегистрируйтесь.',
  );
  const wait = (minutes) => reportRefusal({ code: 'rate_limited', retryAfter: minutes * 60 });
  assert.equal(wait(1), 'Вы недавно отправили много жалоб; следующую можно будет через 1 минуту.');
  assert.equal(wait(3), 'Вы недавно отправили много жалоб; следующую можно будет через 3 минуты.');
  assert.equal(wait(25), 'Вы недавно отправили много жалоб; следующую можно будет через 25 минут.');
});

test('reasons, subjects and statuses in Russian', () => {
  assert.equal(reasonInWords('abuse'), 'Оскорбления');
  assert.equal(
    reportSubjectInWords({ about: 'chat', room: 'K7QM3X', name: 'Guest 7', quoted: 'привет' }),
    'Строка от Гость 7 в K7QM3X: «привет»',
  );
  assert.equal(reportStatusInWords({ status: 'open' }), 'открыта');
  assert.match(
    reportStatusInWords({ status: 'dismissed', handled_at: 1796548523109 }),
    /^рассмотрена: отклонена, .+/,
  );
});
