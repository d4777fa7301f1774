// Takebacks by consent (PROTOCOL.md "takeback"): web-client/common/takebacks.js and the life
// panel's choices (common/room_state.js lifeChoices) for the asker, the answerer, a standing
// request and a room without takebacks; which rooms allow them; the seat that moved last; what
// became of a request; the create form's seat count; and the words of their refusals. The
// Russian words: takebacks_ru.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drawOfferEnd, lifeChoices } from '../../../web-client/common/room_state.js';
import {
  lastMoverOf,
  seatCountOf,
  takebackChoiceShown,
  takebackEnd,
  takebackEndWords,
  takebacksAllowed,
} from '../../../web-client/common/takebacks.js';
import { errorInWords } from '../../../web-client/common/server_words.js';
import { followSnapshot } from '../../../web-client/room/move_history.js';
import { announce } from '../../../web-client/room/reader_text.js';

const ANN = { name: 'Ann', connected: true };
const BOB = { name: 'Bob', connected: true };
const CY = { name: 'Cy', connected: true };
const DEE = { name: 'Dee', connected: true };

// A running Kvadratura game after Ann's (seat 0) move at version 1: Bob (seat 1) is to move.
function snapshot(extra = {}, state = {}) {
  return {
    type: 'snapshot',
    room: 'K7QM3X',
    game_id: '3f9a1c0e5b7d2468',
    version: 1,
    status: 'playing',
    seats: [ANN, BOB],
    last_move: 'a1',
    forced_passes: 0,
    result: null,
    draw_offer: null,
    state: { game: 'kvadratura', status: 'ongoing', to_move: 1, legal: ['b2', 'c3'], ...state },
    ...extra,
  };
}

const player = (seat) => ({ as: 'player', seat });
const labels = (choices) => choices.buttons.map((b) => b.label);
const ids = (choices) => choices.buttons.map((b) => b.id);
const ANN_MOVED = { allowed: true, lastMover: 0 };

test('the player who moved last may ask to take the move back', () => {
  const choices = lifeChoices(snapshot(), player(0), false, ANN_MOVED);
  assert.equal(choices.offer, null);
  assert.deepEqual(labels(choices), ['Resign', 'Offer draw', 'Take back']);
  const button = choices.buttons[2];
  assert.equal(button.id, 'takeback-button');
  assert.deepEqual(button.action, { send: 'takeback' });
});

test('no Take back for the player to move, a spectator, or before anyone moved', () => {
  assert.deepEqual(ids(lifeChoices(snapshot(), player(1), false, ANN_MOVED)), [
    'resign-button',
    'offer-draw',
  ]);
  assert.deepEqual(lifeChoices(snapshot(), { as: 'spectator', seat: null }, false, ANN_MOVED), {
    offer: null,
    buttons: [],
  });
  const start = snapshot({ version: 0, last_move: null }, { to_move: 0 });
  const unknown = { allowed: true, lastMover: null };
  assert.ok(!ids(lifeChoices(start, player(0), false, unknown)).includes('takeback-button'));
  assert.ok(!ids(lifeChoices(start, player(1), false, unknown)).includes('takeback-button'));
});

test('no Take back while the mover is still to move (a roll before the play)', () => {
  const rolled = snapshot({ last_move: 'roll=36625' }, { game: 'quadwrangle', to_move: 0 });
  assert.ok(!ids(lifeChoices(rolled, player(0), false, ANN_MOVED)).includes('takeback-button'));
});

test('no Take back when the room does not allow takebacks', () => {
  const choices = lifeChoices(snapshot(), player(0), false, { allowed: false, lastMover: 0 });
  assert.deepEqual(labels(choices), ['Resign', 'Offer draw']);
  // The default (no takeback facts given) offers none either.
  assert.deepEqual(labels(lifeChoices(snapshot(), player(0))), ['Resign', 'Offer draw']);
});

test('the asker waits: a line naming the player to answer, no button', () => {
  const asked = snapshot({ takeback: 0 });
  const own = lifeChoices(asked, player(0), false, ANN_MOVED);
  assert.equal(own.offer, 'Takeback asked; waiting for Bob.');
  assert.deepEqual(labels(own), ['Resign', 'Offer draw']);
});

test('the player to move answers a standing request: accept or decline', () => {
  const asked = snapshot({ takeback: 0 });
  const answer = lifeChoices(asked, player(1), false, ANN_MOVED);
  assert.equal(answer.offer, 'Ann asks to take back their last move.');
  assert.deepEqual(labels(answer), ['Resign', 'Offer draw', 'Accept takeback', 'Decline']);
  const [accept, decline] = answer.buttons.slice(2);
  assert.equal(accept.id, 'takeback-accept');
  assert.equal(accept.kind, 'primary');
  assert.deepEqual(accept.action, { send: 'accept_takeback' });
  assert.equal(decline.id, 'takeback-decline');
  assert.deepEqual(decline.action, { send: 'decline_takeback' });
  // Its accessible name says which offer it declines: a draw's Decline may stand beside it.
  assert.equal(decline.name, 'Decline the takeback');
  // A standing request is shown even where the client thought takebacks were not allowed.
  const shown = lifeChoices(asked, player(1), false, { allowed: false, lastMover: null });
  assert.deepEqual(ids(shown).slice(2), ['takeback-accept', 'takeback-decline']);
});

test('a draw offer and a takeback request both stand: both lines, both pairs of buttons', () => {
  const both = snapshot({ takeback: 0, draw_offer: 0 });
  const answer = lifeChoices(both, player(1), false, ANN_MOVED);
  assert.equal(answer.offer, 'Ann offers a draw. Ann asks to take back their last move.');
  assert.deepEqual(ids(answer), [
    'resign-button',
    'accept-draw',
    'decline-draw',
    'takeback-accept',
    'takeback-decline',
  ]);
});

test('in a 4-player game only the player to move answers; the others read the line', () => {
  const four = snapshot({ seats: [ANN, BOB, CY, DEE], takeback: 0 }, { game: 'kvadrat' });
  const answer = lifeChoices(four, player(1), false, { allowed: true, lastMover: 0 });
  assert.deepEqual(ids(answer), ['resign-button', 'takeback-accept', 'takeback-decline']);
  const other = lifeChoices(four, player(2), false, { allowed: true, lastMover: 0 });
  assert.equal(other.offer, 'Ann asks to take back their last move.');
  assert.deepEqual(ids(other), ['resign-button']);
});

test('no takeback choices once the game is over', () => {
  const over = snapshot({ status: 'finished', takeback: 0 }, { to_move: -1 });
  assert.deepEqual(ids(lifeChoices(over, player(1), false, ANN_MOVED)), ['rematch-button']);
});

test('which rooms allow takebacks: those whose joined said so', () => {
  assert.equal(takebacksAllowed({ ...player(0), takebacks: true }), true);
  assert.equal(takebacksAllowed(player(0)), false);
  assert.equal(takebacksAllowed(null), false);
});

test('the seat that moved last, from the move list; forced passes after it do not count', () => {
  const entries = [
    { ply: 1, seat: 0, token: 'a1' },
    { ply: 2, seat: 1, token: 'b2' },
  ];
  assert.equal(lastMoverOf(snapshot({ version: 2 }), entries), 1);
  assert.equal(lastMoverOf(snapshot({ version: 1 }), entries.slice(0, 1)), 0);
  // Ann moved, then Bob's forced pass was recorded: the last person's move is Ann's.
  const passed = [
    { ply: 1, seat: 0, token: 'a1' },
    { ply: 2, seat: 1, token: 'pass' },
  ];
  assert.equal(lastMoverOf(snapshot({ version: 2, forced_passes: 1 }), passed), 0);
  // Not known: before the first move, a list not matching the snapshot, an old record's seat.
  assert.equal(lastMoverOf(snapshot({ version: 0 }), []), null);
  assert.equal(lastMoverOf(snapshot({ version: 2 }), entries.slice(0, 1)), null);
  assert.equal(lastMoverOf(snapshot({ version: 2 }), null), null);
  assert.equal(lastMoverOf(snapshot({ version: 1 }), [{ ply: 1, seat: null, token: 'a1' }]), null);
});

test('an accepted takeback takes the move off the move list at once', () => {
  const entries = [
    { ply: 1, seat: 0, token: 'a1' },
    { ply: 2, seat: 1, token: 'b2' },
  ];
  const asked = snapshot({ version: 2, takeback: 1 }, { to_move: 0 });
  const undone = snapshot({ version: 1, takeback: null }, { to_move: 1 });
  assert.deepEqual(followSnapshot(entries, asked, undone), entries.slice(0, 1));
  // Another game's snapshot never cuts the list: its record is read instead.
  assert.equal(followSnapshot(entries, asked, { ...undone, game_id: 'other' }), null);
});

test('what became of a request: accepted (fewer moves), declined (same), lapsed (more)', () => {
  const asked = snapshot({ version: 3, takeback: 0 });
  assert.deepEqual(takebackEnd(asked, snapshot({ version: 2 }, { to_move: 0 })), {
    how: 'accepted',
    asker: 0,
    answerer: 1,
  });
  assert.equal(takebackEnd(asked, snapshot({ version: 3, takeback: null })).how, 'declined');
  assert.equal(takebackEnd(asked, snapshot({ version: 4 }, { to_move: 0 })).how, 'lapsed');
  // A computer accepts at once: no snapshot showed the request, the asker is to move again.
  const bot = snapshot({ version: 1 }, { to_move: 1 });
  assert.deepEqual(takebackEnd(bot, snapshot({ version: 0, last_move: null }, { to_move: 0 })), {
    how: 'accepted',
    asker: 0,
    answerer: 1,
  });
  // Nothing ended: no request before, one still standing, another room or game, the game over.
  assert.equal(takebackEnd(null, snapshot()), null);
  assert.equal(takebackEnd(snapshot({ version: 3 }), snapshot({ version: 3 })), null);
  assert.equal(takebackEnd(snapshot({ version: 3 }), snapshot({ version: 4 })), null);
  assert.equal(takebackEnd(asked, snapshot({ version: 2, game_id: 'another' })), null);
  assert.equal(takebackEnd(asked, asked), null);
  assert.equal(takebackEnd(asked, snapshot({ version: 2, room: 'OTHER1' })), null);
  assert.equal(takebackEnd(asked, snapshot({ version: 3, status: 'finished' })), null);
});

test("an accepted takeback is not a draw offer's lapse", () => {
  const offered = snapshot({ version: 3, draw_offer: 0, takeback: 0 });
  assert.equal(drawOfferEnd(offered, snapshot({ version: 2 }, { to_move: 0 }), 0), null);
  assert.equal(drawOfferEnd(offered, snapshot({ version: 4 }, { to_move: 0 }), 0), 'lapsed');
});

test('the outcome in words: the asker hears the answer, the others what happened', () => {
  const asked = snapshot({ version: 3, takeback: 0 });
  const undone = snapshot({ version: 2 }, { to_move: 0 });
  const accepted = takebackEnd(asked, undone);
  assert.equal(
    takebackEndWords(accepted, undone, 0),
    'Takeback accepted: Bob agreed, and it is your move again.',
  );
  assert.equal(
    takebackEndWords(accepted, undone, 1),
    'Takeback accepted: Ann’s last move is taken back.',
  );
  assert.equal(
    takebackEndWords(accepted, undone, null),
    'Takeback accepted: Ann’s last move is taken back.',
  );
  const kept = snapshot({ version: 3 });
  const declined = takebackEnd(asked, kept);
  assert.equal(
    takebackEndWords(declined, kept, 0),
    'Takeback declined: Bob keeps your move on the board.',
  );
  assert.equal(takebackEndWords(declined, kept, 1), 'Takeback declined: Ann’s move stands.');
  const moved = snapshot({ version: 4 }, { to_move: 0 });
  const lapsed = takebackEnd(asked, moved);
  assert.equal(takebackEndWords(lapsed, moved, 0), 'Your takeback lapsed: Bob moved.');
  assert.equal(takebackEndWords(lapsed, moved, 1), null, 'the mover knows they moved');
  assert.equal(takebackEndWords(null, moved, 0), null);
});

test("the screen reader's live region says it is the asker's turn again", () => {
  const asked = snapshot({ version: 3, takeback: 0 });
  const undone = snapshot({ version: 2, last_move: 'a1' }, { to_move: 0 });
  assert.equal(announce(asked, undone, 0), 'Your turn.');
  assert.equal(announce(asked, undone, 1), '');
});

test('the create form asks about takebacks only for a rated or 4-player room', () => {
  const kvadrat = {
    id: 'kvadrat',
    seats: [2, 4],
    seats_option: 'players',
    seat_choices: [
      { value: 2, seats: 2 },
      { value: 4, seats: 4 },
    ],
    options: [{ name: 'players', default: 2 }],
  };
  const kvadratura = { id: 'kvadratura', seats: [2], seats_option: null, options: [] };
  assert.equal(seatCountOf(kvadrat, ''), 2);
  assert.equal(seatCountOf(kvadrat, '4'), 4);
  assert.equal(seatCountOf(kvadrat, '2'), 2);
  assert.equal(seatCountOf(kvadratura, ''), 2);
  assert.equal(takebackChoiceShown(2, false), false);
  assert.equal(takebackChoiceShown(2, true), true);
  assert.equal(takebackChoiceShown(4, false), true);
});

test('takeback refusals in words', () => {
  assert.equal(
    errorInWords({ code: 'no_takeback', message: 'x' }),
    'There is no move of yours to take back: you have not moved yet, or another player has moved since.',
  );
  assert.equal(
    errorInWords({ code: 'no_takeback_request', message: 'x' }),
    'There is no takeback request for you to answer.',
  );
  // A takeback's not_allowed says why; any other request's keeps the general words.
  assert.equal(
    errorInWords({ code: 'not_allowed', message: 'x' }, 'takeback'),
    'This room does not allow takebacks, or your request is already waiting for an answer.',
  );
  assert.equal(
    errorInWords({ code: 'not_allowed', message: 'x' }, 'offer_draw'),
    'That is not possible in this room now.',
  );
  assert.equal(
    errorInWords({ code: 'not_a_player', message: 'x' }, 'takeback'),
    'Only the players of the room can do that.',
  );
});
