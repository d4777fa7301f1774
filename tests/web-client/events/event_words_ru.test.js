// web-client/events/event_words.js in Russian (in_russian.js, first, sets the language): the
// plural forms of minutes, rounds, players, days and hours, the lists' one line, the refusals.
// The English: event_words.test.js. Times in UTC here.

import '../common/in_russian.js';

process.env.TZ = 'UTC';

const assert = (await import('node:assert/strict')).default;
const { test } = await import('node:test');
const { language } = await import('../../../web-client/i18n/index.js');
const { momentInWords } = await import('../../../web-client/common/server_words.js');
const words = await import('../../../web-client/events/event_words.js');

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 2, 14, 18, 30);

const view = (changes = {}) => ({
  event: 42,
  name: 'Пятничная арена',
  kind: 'arena',
  game: 'quadrature',
  options: {},
  clock: { type: 'bank', initial_seconds: 300, increment_seconds: 3 },
  starts_ms: START,
  minutes: 60,
  rated: true,
  entry: { accounts_only: true, min_rating: 0, min_rated_games: 0, private: false },
  bots: false,
  max_players: 0,
  status: 'scheduled',
  official: false,
  by: 'Аня',
  players: 0,
  ...changes,
});

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('the countdown in its plural forms', () => {
  const at = (left) => words.countdownInWords(START, START - left);
  assert.equal(at(MINUTE), 'начнётся через 1 минуту');
  assert.equal(at(3 * MINUTE), 'начнётся через 3 минуты');
  assert.equal(at(12 * MINUTE), 'начнётся через 12 минут');
  assert.equal(at(21 * MINUTE), 'начнётся через 21 минуту');
  assert.equal(at(3 * HOUR + 20 * MINUTE), 'начнётся через 3 ч 20 мин');
  assert.equal(at(2 * HOUR), 'начнётся через 2 ч');
  assert.equal(at(2 * DAY), 'начнётся через 2 дня');
  assert.equal(at(5 * DAY), 'начнётся через 5 дней');
  assert.equal(at(21 * DAY), 'начнётся через 21 день');
  assert.equal(at(0), 'вот-вот начнётся');
});

test('minutes, rounds and players in their plural forms', () => {
  assert.equal(words.lengthInWords(view({ minutes: 21 })), '21 минута');
  assert.equal(words.lengthInWords(view({ minutes: 45 })), '45 минут');
  const swiss = (rounds, pause) =>
    view({ kind: 'swiss', rounds, round_pause_minutes: pause, organiser_rounds: false });
  assert.equal(words.lengthInWords(swiss(1, 0)), '1 тур');
  assert.equal(words.lengthInWords(swiss(3, 0)), '3 тура');
  assert.equal(words.lengthInWords(swiss(11, 0)), '11 туров');
  assert.equal(words.pauseInWords(swiss(3, 2)), '2 минуты между турами');
  assert.equal(words.pauseInWords(swiss(3, 0)), 'туры без перерыва');
  assert.equal(words.playersInWords(view({ players: 1 })), '1 игрок');
  assert.equal(words.playersInWords(view({ players: 22, max_players: 100 })), '22 игрока из 100');
  assert.equal(words.playersInWords(view({ players: 5, max_players: 8 })), '5 игроков из 8');
});

test('who may enter, and the lists’ one line', () => {
  assert.deepEqual(
    words.entryInWords(
      view({ entry: { accounts_only: true, min_rating: 1400, min_rated_games: 3, private: true } }),
    ),
    [
      'Только игроки с аккаунтом.',
      'Рейтинг не ниже 1400 в этой игре с этими часами.',
      'Не меньше 3 рейтинговых партий в этой игре с этими часами.',
      'Закрытый: для участия нужен код.',
      'Без компьютерных игроков.',
    ],
  );
  assert.equal(
    words.summaryInWords(view({ players: 2, official: true }), START - HOUR),
    `Прямоугольники · Арена · 5:00 + 3 с · 60 минут · начало ${momentInWords(START)} · 2 игрока · на рейтинг`,
  );
});

test('what an action did, and the refusals', () => {
  assert.equal(
    words.actionDoneInWords('withdraw', 'Пятничная арена'),
    'Вы вышли из турнира «Пятничная арена».',
  );
  assert.equal(
    words.youInWords('paused'),
    'Ваше участие на паузе: возвращайтесь, когда будете готовы.',
  );
  const limit = 'Вы создали столько турниров, сколько можно за сутки: попробуйте через';
  assert.equal(
    words.eventRefusal({ code: 'too_many_events', retryAfter: 120 }),
    `${limit} 2 минуты.`,
  );
  assert.equal(
    words.eventRefusal({ code: 'too_many_events', retryAfter: 5 * 3600 }),
    `${limit} 5 часов.`,
  );
  assert.equal(
    words.eventRefusal({ code: 'too_many_events', retryAfter: 21 * 3600 }),
    `${limit} 21 час.`,
  );
  assert.equal(words.eventRefusal({ code: 'event_full' }), 'В этом турнире нет мест.');
  assert.equal(
    words.eventRefusal({ code: 'not_eligible' }, { view: view(), account: null }),
    'Этот турнир только для игроков с аккаунтом: сначала войдите.',
  );
});
