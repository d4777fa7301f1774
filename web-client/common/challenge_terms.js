// Challenges and correspondence seeks (PROTOCOL.md "Challenges") without a DOM: the clock
// choices of the challenge form, which clocks are live and which correspondence, the games a
// challenge can offer, the `challenge` request, and what became of one's own challenges between
// two `challenges` lists. Pure, so it runs under Node in tests/web-client/.

// A `per_move` clock of a day or more is a correspondence clock: a seek with one is listed as an
// open challenge, and a challenge with one waits days for its answer.
export const DAY_SECONDS = 86400;

const perMove = (days) => ({ type: 'per_move', seconds: days * DAY_SECONDS });

// The challenge form's clocks, live ones first; `label` is a catalogue key, `value` the
// request's `clock` (null: no clock).
export const CHALLENGE_CLOCKS = [
  {
    label: 'clock.choices.blitz3',
    value: { type: 'bank', initial_seconds: 180, increment_seconds: 2 },
  },
  {
    label: 'challenge.clocks.blitz5',
    value: { type: 'bank', initial_seconds: 300, increment_seconds: 3 },
  },
  {
    label: 'clock.choices.rapid15',
    value: { type: 'bank', initial_seconds: 900, increment_seconds: 10 },
  },
  { label: 'clock.choices.day', value: perMove(1) },
  { label: 'challenge.clocks.days3', value: perMove(3) },
  { label: 'challenge.clocks.days7', value: perMove(7) },
  { label: 'clock.none', value: null },
];

// The form's first choice: 5 min + 3 s.
export const DEFAULT_CHALLENGE_CLOCK = 1;

// The correspondence clocks the Play now form offers besides the create form's own (which has a
// day per move already): a seek with one of them is listed as an open challenge.
export const MORE_CORRESPONDENCE_CLOCKS = CHALLENGE_CLOCKS.filter(
  (c) => isCorrespondence(c.value) && c.value.seconds > DAY_SECONDS,
);

// The reasons a challenged player may give for declining, the default first.
export const DECLINE_REASONS = [
  'generic',
  'later',
  'too_fast',
  'too_slow',
  'rated',
  'casual',
  'game',
];

// Whom an account takes challenges from (`challenge_policy`'s `accept`).
export const POLICIES = ['all', 'rated', 'none'];

// Whether `clock` is a correspondence clock: a day or more per move.
export function isCorrespondence(clock) {
  return Boolean(clock) && clock.type === 'per_move' && clock.seconds >= DAY_SECONDS;
}

// Whether `clock` is a live one, whose players are expected at the board now: a bank, or less
// than a day per move. No clock is not live.
export function isLiveClock(clock) {
  if (!clock) return false;
  if (clock.type === 'bank') return true;
  return clock.type === 'per_move' && clock.seconds < DAY_SECONDS;
}

// The games of `games` (list_games) a challenge can offer, those for two players, each as
// { id, title, options, catalogue }: `options` fixes a seat option to its two-seat value
// (Kvadrat's `players: 2`), and is empty otherwise; `catalogue` is the game's list_games entry,
// whose other options the form offers (common/option_fields.js).
export function twoPlayerGames(games) {
  const found = [];
  for (const game of games || []) {
    if (!(game.seats || []).includes(2)) continue;
    const options = {};
    if (game.seats_option) {
      const choice = (game.seat_choices || []).find((c) => c.seats === 2);
      if (!choice) continue;
      options[game.seats_option] = choice.value;
    }
    found.push({ id: game.id, title: game.title, options, catalogue: game });
  }
  return found;
}

// The `challenge` request of the form's choices: `to` the challenged account, `game` one of
// twoPlayerGames, `options` those chosen in the form (the game's fixed ones win; an option left
// out is the rules' default), `clock` a clock (null: none); takebacks are asked for only in a
// rated game (a casual 2-player room always allows them).
export function challengeRequest({
  to,
  game,
  options = {},
  clock = null,
  rated = false,
  takebacks = false,
}) {
  const request = { type: 'challenge', to, game: game.id };
  const chosen = { ...options, ...game.options };
  if (Object.keys(chosen).length) request.options = chosen;
  if (clock) request.clock = clock;
  if (rated) request.rated = true;
  if (rated && takebacks) request.takebacks = true;
  return request;
}

// Whether two user names name the same account (they are told apart without case).
export function sameAccount(a, b) {
  return Boolean(a) && Boolean(b) && String(a).toLowerCase() === String(b).toLowerCase();
}

// The other player of `challenge` as seen by `account`: whom it was sent to, who took an open
// one, or who sent it; null for one's own open challenge nobody took.
export function otherPlayer(challenge, account) {
  if (!sameAccount(challenge.from, account)) return challenge.from;
  return challenge.to || challenge.by || null;
}

// Follows an account's own challenges through its `challenges` lists: `update(outgoing)` returns
// those answered since the previous list (accepted, declined or expired, and open in it or not in
// it). The first list is the starting point: nothing in it is news (a page just opened).
export function createOutgoingTracker() {
  let known = null; // challenge id -> status, from the previous list
  return {
    update(outgoing) {
      const before = known;
      known = new Map((outgoing || []).map((c) => [c.challenge, c.status]));
      if (before === null) return [];
      return (outgoing || []).filter(
        (c) =>
          c.status !== 'open' && c.status !== 'cancelled' && before.get(c.challenge) !== c.status,
      );
    },
    // Forgets the lists (another account signed in): the next one is a starting point again.
    reset() {
      known = null;
    },
  };
}
