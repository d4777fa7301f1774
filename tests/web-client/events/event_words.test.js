// web-client/events/event_words.js in English (its Russian: event_words_ru.test.js): an event's
// kind, schedule, players and entry rules, the lists' one line, the countdown to the start, the
// viewer's place, what an action did, and the refusals. Times in UTC here.

process.env.TZ = 'UTC';

const assert = (await import('node:assert/strict')).default;
const { test } = await import('node:test');
const { momentInWords } = await import('../../../web-client/common/server_words.js');
const words = await import('../../../web-client/events/event_words.js');

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 2, 14, 18, 30);

// An arena's view as the server sends it, changed by `changes`.
const arena = (changes = {}) => ({
  event: 42,
  name: 'Friday arena',
  kind: 'arena',
  game: 'quadrature',
  options: {},
  clock: { type: 'bank', initial_seconds: 300, increment_seconds: 3 },
  starts_ms: START,
  minutes: 60,
  rated: false,
  entry: { accounts_only: false, min_rating: 0, min_rated_games: 0, private: false },
  bots: false,
  max_players: 0,
  status: 'scheduled',
  official: false,
  by: 'Ann',
  players: 0,
  ...changes,
});
const swiss = (changes = {}) =>
  arena({
    kind: 'swiss',
    minutes: undefined,
    rounds: 7,
    round_pause_minutes: 5,
    organiser_rounds: false,
    ...changes,
  });

test('kinds and statuses', () => {
  assert.equal(words.kindInWords('arena'), 'Arena');
  assert.equal(words.kindInWords('swiss'), 'Swiss');
  assert.equal(words.kindInWords('knockout'), 'knockout');
  assert.deepEqual(['scheduled', 'running', 'finished', 'cancelled'].map(words.statusInWords), [
    'Scheduled',
    'Running',
    'Finished',
    'Cancelled',
  ]);
});

test('length, rounds and what comes between them', () => {
  assert.equal(words.lengthInWords(arena()), '60 minutes');
  assert.equal(words.lengthInWords(arena({ minutes: 1 })), '1 minute');
  assert.equal(words.lengthInWords(swiss()), '7 rounds');
  assert.equal(words.lengthInWords(swiss({ rounds: 1 })), '1 round');
  assert.equal(words.pauseInWords(arena()), null);
  assert.equal(words.pauseInWords(swiss()), '5 minutes between rounds');
  assert.equal(words.pauseInWords(swiss({ round_pause_minutes: 1 })), '1 minute between rounds');
  assert.equal(words.pauseInWords(swiss({ round_pause_minutes: 0 })), 'no pause between rounds');
  assert.equal(
    words.pauseInWords(swiss({ organiser_rounds: true })),
    'the organiser starts each round',
  );
});

test('players, with and without a cap', () => {
  assert.equal(words.playersInWords(arena()), '0 players');
  assert.equal(words.playersInWords(arena({ players: 1 })), '1 player');
  assert.equal(words.playersInWords(arena({ players: 3, max_players: 100 })), '3 of 100 players');
});

test('who may enter', () => {
  assert.deepEqual(words.entryInWords(arena()), ['Anyone, guests too.', 'No computer players.']);
  assert.deepEqual(
    words.entryInWords(
      arena({
        bots: true,
        entry: { accounts_only: true, min_rating: 1400, min_rated_games: 1, private: true },
      }),
    ),
    [
      'Accounts only.',
      'A rating of at least 1400 in this game and clock.',
      'At least 1 rated game in this game and clock.',
      'Private: entering needs the entry code.',
      'Computer players may enter.',
    ],
  );
  assert.deepEqual(
    words.entryInWords(
      arena({ entry: { accounts_only: true, min_rating: 0, min_rated_games: 5, private: false } }),
    ),
    ['Accounts only.', 'At least 5 rated games in this game and clock.', 'No computer players.'],
  );
});

test('the countdown: minutes counted up, hours and minutes, then days', () => {
  const at = (left) => words.countdownInWords(START, START - left);
  assert.equal(at(1000), 'starts in 1 minute');
  assert.equal(at(MINUTE), 'starts in 1 minute');
  assert.equal(at(12 * MINUTE), 'starts in 12 minutes');
  assert.equal(at(11 * MINUTE + 1), 'starts in 12 minutes');
  assert.equal(at(59 * MINUTE), 'starts in 59 minutes');
  assert.equal(at(HOUR), 'starts in 1 h');
  assert.equal(at(3 * HOUR + 20 * MINUTE), 'starts in 3 h 20 min');
  assert.equal(at(2 * DAY - MINUTE), 'starts in 47 h 59 min');
  assert.equal(at(2 * DAY), 'starts in 2 days');
  assert.equal(at(5 * DAY + 3 * HOUR), 'starts in 5 days');
  assert.equal(at(0), 'starting now');
  assert.equal(at(-5 * MINUTE), 'starting now');
});

test('the start, before and after it', () => {
  const time = momentInWords(START);
  assert.equal(words.startInWords(arena(), START - HOUR), `starts ${time}`);
  // Scheduled still (the server starts it): "starts", not "started".
  assert.equal(words.startInWords(arena(), START + MINUTE), `starts ${time}`);
  assert.equal(words.startInWords(arena({ status: 'running' }), START + MINUTE), `started ${time}`);
});

test('the lists’ one line', () => {
  const time = momentInWords(START);
  assert.equal(
    words.summaryInWords(arena(), START - HOUR),
    `Quadrature · Arena · 5:00 + 3s · 60 minutes · starts ${time} · 0 players · casual`,
  );
  assert.equal(
    words.summaryInWords(
      swiss({
        game: 'kvadratura',
        options: { size: 5 },
        clock: { type: 'per_move', seconds: 3 * 86400 },
        rated: true,
        official: true,
        players: 12,
        max_players: 16,
        status: 'running',
        entry: { accounts_only: true, min_rating: 0, min_rated_games: 0, private: true },
      }),
      START + HOUR,
    ),
    `Kvadratura · Swiss · 3 days per move · 7 rounds · started ${time} · 12 of 16 players · rated · private`,
  );
});

test('a game with its options', () => {
  assert.equal(words.gameInWords(arena()), 'Quadrature');
  assert.equal(
    words.gameInWords(arena({ game: 'kvadratura', options: { size: 4 } })),
    'Kvadratura: 4 × 4 board',
  );
});

test('the viewer’s place, the players’ statuses, what an action did', () => {
  assert.equal(words.youInWords(null), 'You have not entered this event.');
  assert.equal(words.youInWords('active'), 'You are in this event.');
  assert.equal(words.youInWords('paused'), 'Your entry is paused: come back when you are ready.');
  assert.equal(
    words.youInWords('withdrawn'),
    'You withdrew from this event: a withdrawal is for good.',
  );
  assert.deepEqual(['active', 'paused', 'withdrawn'].map(words.entrantStatusInWords), [
    'in',
    'paused',
    'withdrawn',
  ]);
  const done = (action) => words.actionDoneInWords(action, 'Friday arena');
  assert.equal(done('create'), 'Event created: Friday arena.');
  assert.equal(done('enter'), 'You entered Friday arena.');
  assert.equal(done('come_back'), 'You are back in Friday arena.');
  assert.equal(done('pause'), 'Your entry in Friday arena is paused.');
  assert.equal(done('withdraw'), 'You withdrew from Friday arena.');
  assert.equal(done('cancel'), 'Friday arena is cancelled.');
  assert.equal(done('feature'), 'Friday arena is marked official.');
  assert.equal(done('unfeature'), 'Friday arena is no longer marked official.');
  assert.equal(done('refresh'), 'Updated.');
});

test('refusals: the events’ own words where the general ones would mislead', () => {
  const refusal = (error, context) => words.eventRefusal(error, context);
  assert.equal(
    refusal({ code: 'account_required' }),
    'Events are created by accounts: sign in first.',
  );
  assert.equal(
    refusal({ code: 'not_allowed' }),
    'Only the event’s creator, before it starts, or a moderator can do that to this event.',
  );
  assert.equal(
    refusal({ code: 'bad_field', message: "field 'starts_ms' must be …" }),
    'The server refused these terms: check the start time and the numbers.',
  );
  const limit = 'You have created as many events as a day allows: try again in';
  assert.equal(refusal({ code: 'too_many_events', retryAfter: 1 }), `${limit} 1 minute.`);
  assert.equal(refusal({ code: 'too_many_events', retryAfter: 59 * 60 }), `${limit} 59 minutes.`);
  assert.equal(refusal({ code: 'too_many_events', retry_after: 3600 }), `${limit} 1 hour.`);
  assert.equal(refusal({ code: 'too_many_events', retryAfter: 5400 }), `${limit} 2 hours.`);
  assert.equal(refusal({ code: 'too_many_events' }), `${limit} 1 minute.`);
  // The general words of the other codes.
  assert.equal(refusal({ code: 'no_such_event' }), 'There is no such event.');
  assert.equal(refusal({ code: 'event_full' }), 'That event is full.');
  assert.equal(refusal({ code: 'event_closed' }), 'That event is over or cancelled.');
  assert.equal(
    refusal({ code: 'already_entered' }),
    'You are in that event already, or withdrew from it for good.',
  );
  assert.equal(refusal({ code: 'wrong_entry_code' }), 'That is not the event’s entry code.');
  assert.equal(
    refusal({ code: 'store_failed' }),
    'The server could not save that; nothing changed. Please try again.',
  );
});

test('an entry the rules refused says which rules, from the event', () => {
  const ruled = arena({
    entry: { accounts_only: true, min_rating: 1400, min_rated_games: 5, private: false },
  });
  const refused = { code: 'not_eligible', message: 'this event needs …' };
  assert.equal(
    words.eventRefusal(refused, { view: ruled, account: null }),
    'This event is for accounts only: sign in first.',
  );
  assert.equal(
    words.eventRefusal(refused, { view: ruled, account: 'Bob' }),
    'You do not meet this event’s entry rules: A rating of at least 1400 in this game and clock. At least 5 rated games in this game and clock.',
  );
  assert.equal(
    words.eventRefusal(refused, { view: arena({ bots: false }), account: 'Bob' }),
    'You do not meet that event’s entry rules.',
  );
  assert.equal(words.eventRefusal(refused), 'You do not meet that event’s entry rules.');
});
