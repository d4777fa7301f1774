// Protocol 2's snapshot (PROTOCOL.md "snapshot", "Protocol 2") in protocol 1's shape, which the
// rest of the client reads. The compact snapshot names the game's position and leaves out every
// value at its default; what never changes in a room came in `joined` (roomConstants), and the
// game's state is the rules' own, derived from the position by the WebAssembly rules
// (engine/rules.js loadRules: the server's rules compiled). No DOM, so it runs under Node in tests.

// The coarse kind of a result (protocol 1's `by`) from its fine code: the codes a room decides,
// else the rules'.
const RESULT_KINDS = {
  resigned: 'resign',
  timeout: 'timeout',
  claimed: 'claim',
  draw_agreed: 'draw',
  last_left: 'retired',
  // A moderator's close_room: protocol 1 says `by: "closed"` for both endings.
  closed: 'closed',
  aborted: 'closed',
};

// What never changes in a room, from its `joined`: the game's id and dice commitment (null when
// absent) and the clock's settings ({ type: 'none' } without a clock).
export function roomConstants(joined) {
  return {
    game_id: joined.game_id ?? null,
    commitment: joined.commitment ?? null,
    clock: joined.clock ?? { type: 'none' },
  };
}

// Whether `message` is a protocol 2 snapshot (its version is `v`; protocol 1's is `version`).
export function isCompactSnapshot(message) {
  return message.v !== undefined && message.version === undefined;
}

// The protocol 1 snapshot that `compact` (a protocol 2 snapshot) stands for, given its room's
// constants (roomConstants of its `joined`) and the loaded rules. `seed` is null: the revealed
// seed is in the game's record. Throws when the rules cannot read the position; a count of legal
// requests other than the server's (the page's rules are not the server's) is logged, not thrown.
export function expandSnapshot(compact, constants, rules) {
  if (!rules) throw new Error('the rules are not loaded: a protocol 2 snapshot cannot be read');
  const { game_id = null, commitment = null, clock = null } = constants || {};
  const over = compact.result !== undefined && compact.result !== null;
  return {
    type: 'snapshot',
    room: compact.room,
    version: compact.v,
    status: compact.st ?? (over ? 'finished' : 'playing'),
    seats: (compact.seats || []).map(expandSeat),
    spectators: compact.watch ?? 0,
    last_move: compact.last ?? null,
    forced_passes: compact.forced ?? 0,
    draw_offer: compact.draw ?? null,
    // The seat asking to take its last move back (takebacks.js), null when no request stands.
    takeback: compact.tb ?? null,
    rematch: { agreed: compact.rematch?.agreed ?? [], room: compact.rematch?.room ?? null },
    result: over ? expandResult(compact.result) : null,
    clock: expandClock(compact.clock, clock),
    game_id,
    commitment,
    seed: null,
    state: stateOf(compact, rules, over),
  };
}

function expandSeat(seat) {
  if (seat === null || seat === undefined) return null;
  const expanded = { name: seat.name, connected: seat.off !== 1 };
  if (seat.bot !== undefined) expanded.bot = seat.bot;
  if (seat.away !== undefined) expanded.away_since = seat.away;
  if (seat.claim === 1) expanded.claimable = true;
  if (seat.out === 1) expanded.retired = true;
  return expanded;
}

// No English `reason`: the client words the code (result_words.js).
function expandResult(result) {
  return {
    status: 'finished',
    winners: result.win ?? [],
    by: RESULT_KINDS[result.by] ?? 'rules',
    code: result.by,
    figures: result.fig ?? {},
  };
}

// The settings from `joined` with the clocks' state from the snapshot (remaining_ms as the
// snapshot left the server: the client counts down from its arrival).
function expandClock(state, settings) {
  if (!settings || settings.type === 'none') {
    if (!state) return { type: 'none' };
    // A clock the room's `joined` did not tell (none came): its figures at least.
    return { ...(settings || {}), remaining_ms: state.left, running: state.run ?? null };
  }
  return { ...settings, remaining_ms: state?.left ?? [], running: state?.run ?? null };
}

// The effective state: the rules' from the position, finished with nothing to play once the room
// ended the game (the rules' own `result` stays theirs).
function stateOf(compact, rules, over) {
  const state = rules.state(compact.pos);
  if (state.error !== undefined) {
    throw new Error(
      `room ${compact.room}: the rules cannot read the position "${compact.pos}": ${state.error}`,
    );
  }
  delete state.ply;
  if (over) {
    state.status = 'finished';
    state.legal = [];
    state.to_move = -1;
  } else if (state.legal.length !== (compact.legal ?? 0)) {
    console.error(
      `room ${compact.room}, version ${compact.v}: the server counts ${compact.legal ?? 0} legal ` +
        `requests in "${compact.pos}", this page's rules ${state.legal.length}: the page's rules ` +
        'are not the server’s (reload the page to get the server’s)',
    );
  }
  return state;
}
