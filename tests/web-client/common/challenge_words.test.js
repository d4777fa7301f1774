// Challenges and correspondence seeks (PROTOCOL.md "Challenges") without a DOM:
// web-client/common/challenge_terms.js (live and correspondence clocks, the games a challenge
// offers, the `challenge` request with the form's options, what became of one's own challenges
// between two lists) and common/challenge_words.js (terms, statuses, news and refusals in English
// words).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHALLENGE_CLOCKS,
  DECLINE_REASONS,
  MORE_CORRESPONDENCE_CLOCKS,
  challengeRequest,
  createOutgoingTracker,
  isCorrespondence,
  isLiveClock,
  otherPlayer,
  sameAccount,
  twoPlayerGames,
} from '../../../web-client/common/challenge_terms.js';
import {
  acceptedNews,
  challengeRefusal,
  clockInWords,
  outgoingStatus,
  termsInWords,
} from '../../../web-client/common/challenge_words.js';

const BLITZ = { type: 'bank', initial_seconds: 300, increment_seconds: 3 };
const DAY = { type: 'per_move', seconds: 86400 };
// Catalogue entries as the `games` message lists them.
const entry = (id, title, seats) => ({ id, title, seats, seats_option: null, seat_choices: [] });
const KVADRAT = {
  id: 'kvadrat',
  title: 'Kvadrat',
  seats: [2, 4],
  seats_option: 'players',
  seat_choices: [
    { seats: 2, value: 2 },
    { seats: 4, value: 4 },
  ],
};

// A challenge from Ann to Bob (`to: null`: open to anyone), with `extra` fields.
function challenge(extra = {}) {
  return {
    challenge: 17,
    from: 'Ann',
    to: 'Bob',
    game: 'kvadratura',
    options: { size: 4, mode: 'first_square_loses' },
    clock: BLITZ,
    rated: false,
    takebacks: false,
    created_ms: 1796000000000,
    expires_ms: 1796000600000,
    status: 'open',
    ...extra,
  };
}

test('a bank or less than a day per move is live; a day or more is correspondence', () => {
  assert.equal(isLiveClock(BLITZ), true);
  assert.equal(isLiveClock({ type: 'per_move', seconds: 86399 }), true);
  assert.equal(isLiveClock(DAY), false);
  assert.equal(isLiveClock(null), false);
  assert.equal(isCorrespondence(DAY), true);
  assert.equal(isCorrespondence({ type: 'per_move', seconds: 604800 }), true);
  assert.equal(isCorrespondence(BLITZ), false);
  assert.equal(isCorrespondence(null), false);
  // The form offers live clocks, 1, 3 and 7 days per move, and none; Play now adds 3 and 7 days.
  const seconds = CHALLENGE_CLOCKS.filter((c) => isCorrespondence(c.value)).map(
    (c) => c.value.seconds,
  );
  assert.deepEqual(seconds, [86400, 259200, 604800]);
  assert.deepEqual(
    MORE_CORRESPONDENCE_CLOCKS.map((c) => c.value.seconds),
    [259200, 604800],
  );
  assert.equal(CHALLENGE_CLOCKS.filter((c) => isLiveClock(c.value)).length, 3);
  assert.equal(DECLINE_REASONS[0], 'generic');
});

test('the games of a challenge: those for two, Kvadrat with its two-player choice', () => {
  const games = [entry('quadrature', 'Quadrature', [2]), KVADRAT, entry('party', 'Party', [4])];
  // Each with its catalogue entry, whose other options the form offers.
  assert.deepEqual(twoPlayerGames(games), [
    { id: 'quadrature', title: 'Quadrature', options: {}, catalogue: games[0] },
    { id: 'kvadrat', title: 'Kvadrat', options: { players: 2 }, catalogue: games[1] },
  ]);
  const [quadrature, kvadrat] = twoPlayerGames(games);
  assert.deepEqual(challengeRequest({ to: 'Bob', game: quadrature, clock: BLITZ }), {
    type: 'challenge',
    to: 'Bob',
    game: 'quadrature',
    clock: BLITZ,
  });
  // Takebacks are asked for in a rated game only: a casual one always allows them.
  assert.deepEqual(
    challengeRequest({ to: 'Bob', game: kvadrat, clock: null, rated: true, takebacks: true }),
    {
      type: 'challenge',
      to: 'Bob',
      game: 'kvadrat',
      options: { players: 2 },
      rated: true,
      takebacks: true,
    },
  );
  assert.equal(
    challengeRequest({ to: 'Bob', game: kvadrat, takebacks: true }).takebacks,
    undefined,
  );
});

test('the options chosen in the form go with the request; a fixed seat option wins', () => {
  const games = [entry('kvadratura', 'Kvadratura', [2]), KVADRAT];
  const [kvadratura, kvadrat] = twoPlayerGames(games);
  assert.deepEqual(
    challengeRequest({ to: 'Bob', game: kvadratura, options: { size: 5, mode: 'fill' } }),
    { type: 'challenge', to: 'Bob', game: 'kvadratura', options: { size: 5, mode: 'fill' } },
  );
  // Options left at "Default" are not in the form's answer, and none is sent without any.
  assert.equal(challengeRequest({ to: 'Bob', game: kvadratura, options: {} }).options, undefined);
  assert.deepEqual(
    challengeRequest({
      to: 'Bob',
      game: kvadrat,
      options: { pieces: 40, path: 'at_most', players: 4 },
      clock: DAY,
      rated: true,
    }),
    {
      type: 'challenge',
      to: 'Bob',
      game: 'kvadrat',
      options: { pieces: 40, path: 'at_most', players: 2 },
      clock: DAY,
      rated: true,
    },
  );
  // The form's options are a copy: the request does not share the game's fixed ones.
  const request = challengeRequest({ to: 'Bob', game: kvadrat });
  request.options.players = 4;
  assert.deepEqual(kvadrat.options, { players: 2 });
});

test('names without case; the other player of a challenge', () => {
  assert.equal(sameAccount('ann', 'Ann'), true);
  assert.equal(sameAccount('Ann', null), false);
  assert.equal(otherPlayer(challenge(), 'ann'), 'Bob');
  assert.equal(otherPlayer(challenge(), 'Bob'), 'Ann');
  assert.equal(otherPlayer(challenge({ to: null }), 'Ann'), null);
  assert.equal(otherPlayer(challenge({ to: null, by: 'Cy' }), 'Ann'), 'Cy');
});

test('what became of one’s challenges: nothing is news in the first list', () => {
  const tracker = createOutgoingTracker();
  const open = challenge();
  const accepted = challenge({ status: 'accepted', room: 'K7QM3X', by: 'Bob' });
  assert.deepEqual(tracker.update([accepted]), []);
  assert.deepEqual(tracker.update([accepted]), [], 'known already');
  tracker.reset();
  assert.deepEqual(tracker.update([open]), []);
  assert.deepEqual(tracker.update([accepted]), [accepted]);
  const other = challenge({ challenge: 18, status: 'declined', reason: 'too_fast' });
  const cancelled = challenge({ challenge: 19, status: 'cancelled' });
  // One not seen open (sent and answered between two lists) is news too; a cancel is not.
  assert.deepEqual(tracker.update([accepted, other, cancelled]), [other]);
});

test('terms, statuses and news in words', () => {
  assert.equal(clockInWords(BLITZ), '5:00 + 3s');
  assert.equal(clockInWords(DAY), '1 day per move');
  assert.equal(clockInWords({ type: 'per_move', seconds: 604800 }), '7 days per move');
  assert.equal(clockInWords(null), 'No clock');
  assert.equal(termsInWords(challenge()), '4 × 4 board · First square loses · 5:00 + 3s · casual');
  assert.equal(
    termsInWords(
      challenge({ game: 'quadrature', options: {}, clock: DAY, rated: true, takebacks: true }),
    ),
    '1 day per move · rated · takebacks allowed',
  );
  assert.equal(outgoingStatus(challenge(), 'Ann'), 'Waiting for Bob to answer.');
  assert.equal(
    outgoingStatus(challenge({ to: null }), 'Ann'),
    'Listed under Open challenges until someone accepts it.',
  );
  assert.equal(
    outgoingStatus(challenge({ status: 'declined', reason: 'too_fast' }), 'Ann'),
    'Bob declined: the clock is too fast for them.',
  );
  assert.equal(
    outgoingStatus(challenge({ status: 'declined', reason: 'unheard_of' }), 'Ann'),
    'Bob declined.',
  );
  assert.equal(
    outgoingStatus(challenge({ status: 'expired' }), 'Ann'),
    'Nobody answered in time: it expired.',
  );
  const taken = challenge({ to: null, status: 'accepted', by: 'Cy', room: 'K7QM3X' });
  assert.equal(outgoingStatus(taken, 'Ann'), 'Cy accepted: the game is in room K7QM3X.');
  assert.equal(
    acceptedNews(taken, 'Ann'),
    'Cy accepted your challenge: the game is in room K7QM3X.',
  );
  assert.equal(
    acceptedNews(taken, 'Ann', true),
    'Cy accepted your challenge: opening the game in room K7QM3X.',
  );
});

test('refusals: the challenge’s own words where the general ones mislead', () => {
  assert.equal(
    challengeRefusal({ code: 'account_required', message: 'x' }),
    'Challenges and correspondence games need an account: sign in first.',
  );
  assert.equal(
    challengeRefusal({ code: 'not_allowed', message: 'Bob takes no challenges' }),
    'That challenge is not possible: the player takes no challenges, or rated ones only.',
  );
  assert.equal(
    challengeRefusal({ code: 'too_many_challenges', message: 'x' }),
    'You have too many open challenges: cancel one first.',
  );
  assert.equal(
    challengeRefusal({ code: 'no_such_challenge', message: 'x' }, 'accept_challenge'),
    'That challenge is no longer open: it was answered, cancelled or has expired.',
  );
  assert.equal(
    challengeRefusal({ code: 'no_such_account', message: 'x' }),
    'There is no account with that user name.',
  );
});
