// web-client/common/room_state.js: the game's result and the life panel's choices.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drawOfferEnd, lifeChoices, resultOf } from '../../../web-client/common/room_state.js';

const ANN = { name: 'Ann', connected: true };
const BOB = { name: 'Bob', connected: true };

// A two-seat snapshot of a running game, with `extra` top-level fields.
function snapshot(extra = {}, state = {}) {
  return {
    type: 'snapshot',
    room: 'K7QM3X',
    version: 12,
    status: 'playing',
    seats: [ANN, BOB],
    result: null,
    draw_offer: null,
    state: { game: 'kvadratura', status: 'ongoing', to_move: 0, legal: ['a1', 'b2'], ...state },
    ...extra,
  };
}

const player = (seat) => ({ as: 'player', seat });
const labels = (choices) => choices.buttons.map((b) => b.label);

test("resultOf: the room's result, else a bare rules state's own, else null", () => {
  const resigned = { status: 'finished', winners: [1], reason: 'Ann resigned', by: 'resign' };
  assert.deepEqual(resultOf(snapshot({ result: resigned })), resigned);
  assert.equal(resultOf(snapshot()), null);
  const rules = { winners: [0], draw: false, reason: 'square' };
  assert.deepEqual(resultOf({ state: { status: 'finished', result: rules } }), rules);
  assert.equal(resultOf({ state: { status: 'ongoing', result: null } }), null);
});

test('a player in a running two-seat game may resign or offer a draw', () => {
  const choices = lifeChoices(snapshot(), player(0));
  assert.equal(choices.offer, null);
  assert.deepEqual(labels(choices), ['Resign', 'Offer draw']);
  assert.deepEqual(choices.buttons[1].action, { send: 'offer_draw' });
  assert.deepEqual(lifeChoices(snapshot(), { as: 'spectator', seat: null }), {
    offer: null,
    buttons: [],
  });
});

test('resigning takes two steps', () => {
  const choices = lifeChoices(snapshot(), player(1), true);
  assert.deepEqual(labels(choices), ['Confirm: resign', 'Cancel', 'Offer draw']);
  assert.equal(choices.buttons[0].kind, 'danger');
  assert.equal(choices.buttons[0].action, 'confirm-resign');
  assert.equal(choices.buttons[1].action, 'cancel-resign');
});

test("the other side's draw offer can be accepted or declined; one's own is waited on", () => {
  const offered = snapshot({ draw_offer: 0 });
  const answer = lifeChoices(offered, player(1));
  assert.equal(answer.offer, 'Ann offers a draw.');
  assert.deepEqual(labels(answer), ['Resign', 'Accept draw', 'Decline']);
  assert.deepEqual(answer.buttons[2].action, { send: 'decline_draw' });
  const own = lifeChoices(offered, player(0));
  assert.equal(own.offer, 'You offered a draw; waiting for the answer.');
  assert.deepEqual(labels(own), ['Resign']);
});

test('an abandoned seat can be claimed: the win with two seats, retirement with four', () => {
  const left = { ...BOB, connected: false, claimable: true };
  const two = lifeChoices(snapshot({ seats: [ANN, left] }), player(0));
  assert.deepEqual(labels(two), ['Resign', 'Offer draw', 'Claim the win (Bob left)']);
  assert.deepEqual(two.buttons[2].action, { send: 'claim', fields: { seat: 1 } });
  const four = lifeChoices(snapshot({ seats: [ANN, left, null, BOB] }), player(3));
  assert.deepEqual(labels(four), ['Resign', "Retire Bob's seat"]);
  assert.deepEqual(lifeChoices(snapshot({ seats: [ANN, left] }), player(1)).buttons.length, 2);
});

test('a retired seat has no actions while the others play on', () => {
  const seats = [ANN, { ...BOB, retired: true }, ANN, BOB];
  assert.deepEqual(lifeChoices(snapshot({ seats }), player(1)), { offer: null, buttons: [] });
});

test('after the game: rematch, the others asking, waiting, then the new room', () => {
  const over = { status: 'finished', result: { winners: [0], reason: 'resignation' } };
  const ask = lifeChoices(snapshot({ ...over, rematch: { agreed: [], room: null } }), player(0));
  assert.deepEqual(ask, {
    offer: null,
    buttons: [
      { id: 'rematch-button', label: 'Rematch', kind: 'primary', action: { send: 'rematch' } },
    ],
  });
  const asked = snapshot({ ...over, rematch: { agreed: [1], room: null } });
  assert.equal(lifeChoices(asked, player(0)).offer, 'Bob wants a rematch.');
  assert.deepEqual(lifeChoices(asked, player(1)), {
    offer: 'Rematch asked; waiting for the others.',
    buttons: [],
  });
  const opened = snapshot({ ...over, rematch: { agreed: [0, 1], room: 'ZZ9PLR' } });
  assert.deepEqual(lifeChoices(opened, player(1)).buttons[0].action, { goto: 'ZZ9PLR' });
  const none = lifeChoices(snapshot({ status: 'finished' }), player(0));
  assert.deepEqual(labels(none), ['Rematch']);
});

test('a game a moderator closed offers no rematch', () => {
  for (const code of ['closed', 'aborted']) {
    const result = { status: 'finished', winners: [], by: 'closed', code, figures: {} };
    const closed = snapshot({ status: 'finished', result, rematch: { agreed: [], room: null } });
    assert.deepEqual(lifeChoices(closed, player(0)), { offer: null, buttons: [] });
  }
});

test('drawOfferEnd: declined when the offer goes with no move, lapsed after a move', () => {
  const offered = snapshot({ draw_offer: 1 });
  assert.equal(drawOfferEnd(offered, snapshot(), 1), 'declined');
  assert.equal(drawOfferEnd(offered, snapshot({ version: 13 }), 1), 'lapsed');
  // Not the viewer's offer, still standing, accepted, another room, a spectator: nothing.
  assert.equal(drawOfferEnd(offered, snapshot(), 0), null);
  assert.equal(drawOfferEnd(offered, snapshot({ draw_offer: 1 }), 1), null);
  assert.equal(drawOfferEnd(offered, snapshot({ status: 'finished' }), 1), null);
  assert.equal(drawOfferEnd(offered, snapshot({ room: 'OTHER1' }), 1), null);
  assert.equal(drawOfferEnd(offered, snapshot(), null), null);
  assert.equal(drawOfferEnd(null, snapshot(), 1), null);
});
