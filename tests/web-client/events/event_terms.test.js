// web-client/events/event_terms.js: the create form's clocks per kind, its start time to and from
// a datetime-local value (in the browser's time zone: UTC here, and Tokyo once), the
// `create_event` request of the form's choices or the first thing wrong with them, the event id
// of the page's address, the buttons an event's view offers whom, their requests, and the events
// the lobby shows.

process.env.TZ = 'UTC';

const assert = (await import('node:assert/strict')).default;
const { test } = await import('node:test');
const {
  FURTHEST_START_MS,
  actionRequest,
  dateTimeValue,
  defaultStart,
  eventActions,
  eventClocks,
  eventIdFromPath,
  eventRequest,
  lobbyEvents,
  startsMsOf,
} = await import('../../../web-client/events/event_terms.js');

const MINUTE = 60 * 1000;
const NOW = Date.UTC(2026, 2, 14, 17, 0); // 14 March 2026, 17:00 UTC
const BLITZ = { type: 'bank', initial_seconds: 300, increment_seconds: 3 };

// An arena's choices as the form gives them (texts for the numbers), changed by `changes`.
const arena = (changes = {}) => ({
  name: '  Friday arena ',
  kind: 'arena',
  game: 'kvadratura',
  options: { size: 5 },
  clock: BLITZ,
  start: '2026-03-14T18:30',
  minutes: '60',
  rounds: '5',
  pause: '5',
  organiserRounds: false,
  rated: false,
  accountsOnly: false,
  minRating: '',
  minGames: '',
  code: '',
  bots: false,
  maxPlayers: '',
  ...changes,
});
const swiss = (changes = {}) => arena({ kind: 'swiss', minutes: '', rounds: '7', ...changes });
const problemOf = (choices) => eventRequest(choices, NOW).problem;

test('an arena offers the live clocks only, a Swiss event every clock', () => {
  assert.deepEqual(eventClocks('arena'), [0, 1, 2]);
  assert.deepEqual(eventClocks('swiss'), [0, 1, 2, 3, 4, 5, 6]);
});

test('a start time to and from a datetime-local value, in the browser’s time zone', () => {
  assert.equal(dateTimeValue(Date.UTC(2026, 2, 14, 18, 30)), '2026-03-14T18:30');
  assert.equal(dateTimeValue(Date.UTC(2026, 0, 5, 7, 5)), '2026-01-05T07:05');
  assert.equal(startsMsOf('2026-03-14T18:30'), Date.UTC(2026, 2, 14, 18, 30));
  for (const value of [
    '',
    '2026-03-14',
    '2026-02-30T10:00',
    '2026-03-14T24:00',
    '2026-03-14T18:60',
    '14.03.2026 18:30',
  ]) {
    assert.equal(startsMsOf(value), null, value);
  }
  process.env.TZ = 'Asia/Tokyo'; // UTC+9 all year
  try {
    assert.equal(startsMsOf('2026-03-14T18:30'), Date.UTC(2026, 2, 14, 9, 30));
    assert.equal(dateTimeValue(Date.UTC(2026, 2, 14, 9, 30)), '2026-03-14T18:30');
  } finally {
    process.env.TZ = 'UTC';
  }
});

test('the form starts at the next quarter of an hour half an hour away', () => {
  assert.equal(defaultStart(Date.UTC(2026, 2, 14, 18, 7)), Date.UTC(2026, 2, 14, 18, 45));
  assert.equal(defaultStart(Date.UTC(2026, 2, 14, 18, 15)), Date.UTC(2026, 2, 14, 18, 45));
  assert.equal(defaultStart(Date.UTC(2026, 2, 14, 23, 50)), Date.UTC(2026, 2, 15, 0, 30));
});

test('an arena’s request: the terms at the top level, the entry rules in `entry`', () => {
  assert.deepEqual(eventRequest(arena(), NOW), {
    request: {
      type: 'create_event',
      name: 'Friday arena',
      kind: 'arena',
      game: 'kvadratura',
      options: { size: 5 },
      clock: BLITZ,
      starts_ms: Date.UTC(2026, 2, 14, 18, 30),
      minutes: 60,
      rated: false,
      entry: { accounts_only: false, min_rating: 0, min_rated_games: 0 },
      bots: false,
      max_players: 0,
    },
  });
});

test('a rated private arena with entry rules and a cap: accounts only, the code trimmed', () => {
  const { request } = eventRequest(
    arena({
      rated: true,
      minRating: '1400',
      minGames: '5',
      code: ' club42 ',
      bots: true,
      maxPlayers: '100',
    }),
    NOW,
  );
  assert.deepEqual(request.entry, {
    accounts_only: true,
    min_rating: 1400,
    min_rated_games: 5,
    code: 'club42',
  });
  assert.equal(request.rated, true);
  assert.equal(request.bots, true);
  assert.equal(request.max_players, 100);
  // 0 is "none" as much as an empty box.
  const zeros = eventRequest(arena({ minRating: '0', maxPlayers: '0' }), NOW).request;
  assert.equal(zeros.entry.min_rating, 0);
  assert.equal(zeros.max_players, 0);
});

test('a Swiss event: rounds with their pause, or rounds the organiser starts (no pause sent)', () => {
  const { request } = eventRequest(swiss({ pause: '10', clock: null }), NOW);
  assert.equal('clock' in request, false, 'no clock: none sent');
  assert.equal('minutes' in request, false);
  assert.deepEqual(
    [request.kind, request.rounds, request.round_pause_minutes, request.organiser_rounds],
    ['swiss', 7, 10, false],
  );
  assert.equal(eventRequest(swiss({ pause: '' }), NOW).request.round_pause_minutes, 0);
  const organised = eventRequest(swiss({ organiserRounds: true, pause: 'x' }), NOW).request;
  assert.equal(organised.organiser_rounds, true);
  assert.equal('round_pause_minutes' in organised, false);
});

test('each thing wrong is named with its field and words, the first one first', () => {
  const cases = [
    [arena({ name: '   ' }), 'name', 'name'],
    [arena({ name: 'x'.repeat(61) }), 'name', 'name'],
    [arena({ start: '' }), 'start', 'start'],
    [arena({ start: '2026-03-14T16:54' }), 'start', 'startPast'],
    [arena({ start: dateTimeValue(NOW + FURTHEST_START_MS + MINUTE) }), 'start', 'startFar'],
    [arena({ minutes: '9' }), 'minutes', 'minutes'],
    [arena({ minutes: '721' }), 'minutes', 'minutes'],
    [arena({ minutes: '' }), 'minutes', 'minutes'],
    [arena({ minutes: '6e1' }), 'minutes', 'minutes'],
    [swiss({ rounds: '0' }), 'rounds', 'rounds'],
    [swiss({ rounds: '51' }), 'rounds', 'rounds'],
    [swiss({ pause: '10081' }), 'pause', 'pause'],
    [arena({ accountsOnly: true, minRating: '499' }), 'min-rating', 'minRating'],
    [arena({ accountsOnly: true, minRating: '3001' }), 'min-rating', 'minRating'],
    [arena({ minRating: '1400' }), 'min-rating', 'minRatingAccounts'],
    [arena({ minGames: '1001' }), 'min-games', 'minGames'],
    [arena({ code: 'c'.repeat(41) }), 'code', 'code'],
    [arena({ maxPlayers: '1' }), 'max-players', 'maxPlayers'],
    [arena({ maxPlayers: '10001' }), 'max-players', 'maxPlayers'],
    [arena({ name: '', minutes: '1' }), 'name', 'name'],
  ];
  for (const [choices, field, key] of cases) {
    assert.deepEqual(
      problemOf(choices),
      { field, key: `events.form.problems.${key}` },
      JSON.stringify(choices),
    );
  }
});

test('the bounds themselves are allowed; a name counts characters, not bytes', () => {
  const edges = [
    arena({ name: 'я'.repeat(60), minutes: '10' }),
    arena({ minutes: '720', start: '2026-03-14T16:56' }),
    arena({ start: dateTimeValue(NOW + FURTHEST_START_MS) }),
    swiss({ rounds: '1', pause: '10080' }),
    swiss({ rounds: '50', pause: '0' }),
    arena({ accountsOnly: true, minRating: '500', minGames: '1000', maxPlayers: '2' }),
    arena({ rated: true, minRating: '3000', code: 'c'.repeat(40), maxPlayers: '10000' }),
  ];
  for (const choices of edges) {
    assert.ok(eventRequest(choices, NOW).request, JSON.stringify(choices));
  }
});

test('the event id of the page’s address', () => {
  assert.equal(eventIdFromPath('/events'), null);
  assert.equal(eventIdFromPath('/events/42'), 42);
  assert.equal(eventIdFromPath('/events/42/'), 42);
  assert.equal(eventIdFromPath('/events/9007199254740991'), 9007199254740991);
  for (const path of [
    '/events/',
    '/events/0',
    '/events/abc',
    '/events/4/2',
    '/events/9007199254740992',
    '/events/12345678901234567',
    '/u/42',
  ]) {
    assert.equal(eventIdFromPath(path), null, path);
  }
});

test('who gets which buttons', () => {
  const view = (changes = {}) => ({ status: 'scheduled', by: 'Ann', official: false, ...changes });
  const bob = { account: 'Bob', role: '' };
  const ann = { account: 'Ann', role: '' };
  const mod = { account: 'Mia', role: 'moderator' };
  const guest = { account: null, role: '' };
  assert.deepEqual(eventActions(view(), null, bob), ['enter']);
  assert.deepEqual(eventActions(view(), null, guest), ['enter']);
  assert.deepEqual(eventActions(view(), 'active', bob), ['pause', 'withdraw']);
  assert.deepEqual(eventActions(view(), 'paused', bob), ['come_back', 'withdraw']);
  assert.deepEqual(eventActions(view(), 'withdrawn', bob), []);
  // The creator (told apart without case) cancels while scheduled only.
  assert.deepEqual(eventActions(view(), null, ann), ['enter', 'cancel']);
  assert.deepEqual(eventActions(view({ by: 'ANN' }), 'active', ann), [
    'pause',
    'withdraw',
    'cancel',
  ]);
  assert.deepEqual(eventActions(view({ status: 'running' }), null, ann), ['enter']);
  // A moderator cancels until it is over and marks it official (or not) but when cancelled.
  assert.deepEqual(eventActions(view({ status: 'running' }), null, mod), [
    'enter',
    'cancel',
    'feature',
  ]);
  assert.deepEqual(eventActions(view({ official: true }), null, mod), [
    'enter',
    'cancel',
    'unfeature',
  ]);
  assert.deepEqual(eventActions(view({ status: 'finished' }), 'active', mod), ['feature']);
  assert.deepEqual(eventActions(view({ status: 'cancelled' }), 'active', mod), []);
  assert.deepEqual(eventActions(view({ status: 'finished' }), 'active', ann), []);
});

test('the requests of the buttons', () => {
  assert.deepEqual(actionRequest('enter', 7), { type: 'enter_event', event: 7 });
  assert.deepEqual(actionRequest('enter', 7, { code: ' club42 ' }), {
    type: 'enter_event',
    event: 7,
    code: 'club42',
  });
  assert.deepEqual(actionRequest('come_back', 7, { code: 'x' }), { type: 'enter_event', event: 7 });
  assert.deepEqual(actionRequest('pause', 7), { type: 'pause_event', event: 7 });
  assert.deepEqual(actionRequest('withdraw', 7), { type: 'withdraw_event', event: 7 });
  assert.deepEqual(actionRequest('cancel', 7, { reason: '  ' }), {
    type: 'cancel_event',
    event: 7,
  });
  assert.deepEqual(actionRequest('cancel', 7, { reason: ' rain ' }), {
    type: 'cancel_event',
    event: 7,
    reason: 'rain',
  });
  assert.deepEqual(actionRequest('feature', 7), {
    type: 'feature_event',
    event: 7,
    official: true,
  });
  assert.deepEqual(actionRequest('unfeature', 7), {
    type: 'feature_event',
    event: 7,
    official: false,
  });
  assert.throws(() => actionRequest('join', 7), /no such event action: join/);
});

test('the lobby shows the running events, then the next to start, three at most', () => {
  const at = (event, starts_ms) => ({ event, starts_ms });
  const answer = {
    running: [at(1, 100)],
    upcoming: [at(2, 900), at(3, 300), at(4, 500)],
    finished: [at(5, 50)],
  };
  assert.deepEqual(
    lobbyEvents(answer).map((e) => e.event),
    [1, 3, 4],
  );
  assert.deepEqual(
    lobbyEvents(answer, 5).map((e) => e.event),
    [1, 3, 4, 2],
  );
  assert.deepEqual(lobbyEvents({ running: [], upcoming: [], finished: [] }), []);
  assert.deepEqual(lobbyEvents(null), []);
});
