// What the room-life snapshot fields mean, without a DOM (PROTOCOL.md "Room life"): the game's
// result and which actions the life panel offers. Pure
// functions of the server's snapshot, so they run under Node in tests/web-client/.

import { t } from '../i18n/index.js';
import { noResultEnding } from './result_words.js';
import { nameInWords } from './server_words.js';
import { takebackChoices } from './takebacks.js';

// How the game ended: a room's snapshot carries the one result (PROTOCOL.md), a bare rules state
// (`quadra rules`, the boards' own tests) only its own; null while the game is on.
export function resultOf(snapshot) {
  return snapshot.result || snapshot.state.result || null;
}

// The name of the player holding `seat`, or "Seat n" for an empty one.
export function holderName(snapshot, seat) {
  const holder = snapshot.seats[seat];
  return holder ? nameInWords(holder.name) : t('room.seat', { n: seat + 1 });
}

// The life panel's choices for `membership` ({as, seat}) in `snapshot`: a line about a standing
// offer (or null) and the buttons in order. A button's `action` is {send: type, fields},
// {goto: room}, or 'confirm-resign' / 'cancel-resign' for the two-step resignation (`name`, when
// present, is the button's accessible name); `confirmResign` says whether the first step was
// taken. `takeback` = { allowed, lastMover } (takebacks.js takebackChoices): whether the room
// allows takebacks and the seat that moved last (null: unknown).
export function lifeChoices(snapshot, membership, confirmResign = false, takeback = {}) {
  const player = Boolean(membership) && membership.as === 'player';
  const seat = player ? membership.seat : null;
  const finished = snapshot.status === 'finished';
  const playing = snapshot.status === 'playing';
  const retired = player && snapshot.seats[seat] && snapshot.seats[seat].retired;
  if (playing && player && !retired) {
    return playingChoices(snapshot, seat, confirmResign, takeback);
  }
  // A game a moderator closed has no rematch (the server refuses one).
  if (finished && player && !noResultEnding(snapshot.result)) return rematchChoices(snapshot, seat);
  return { offer: null, buttons: [] };
}

function playingChoices(snapshot, seat, confirmResign, takeback) {
  const twoSeats = snapshot.seats.length === 2;
  let offer = null;
  const buttons = [
    confirmResign
      ? {
          id: 'resign-button',
          label: t('life.confirmResign'),
          kind: 'danger',
          action: 'confirm-resign',
        }
      : { id: 'resign-button', label: t('life.resign'), action: 'confirm-resign' },
  ];
  if (confirmResign) buttons.push({ label: t('life.cancel'), action: 'cancel-resign' });
  const standing = snapshot.draw_offer;
  if (twoSeats && (standing === null || standing === undefined)) {
    buttons.push({ id: 'offer-draw', label: t('life.offerDraw'), action: { send: 'offer_draw' } });
  } else if (twoSeats && standing === seat) {
    offer = t('life.youOffered');
  } else if (twoSeats) {
    offer = t('life.theyOffer', { name: holderName(snapshot, standing) });
    buttons.push(
      {
        id: 'accept-draw',
        label: t('life.acceptDraw'),
        kind: 'primary',
        action: { send: 'accept_draw' },
      },
      { id: 'decline-draw', label: t('life.decline'), action: { send: 'decline_draw' } },
    );
  }
  // A takeback's line and buttons come after the draw's (takebacks.js).
  const back = takebackChoices(snapshot, seat, takeback);
  buttons.push(...back.buttons);
  if (back.offer) offer = offer ? `${offer} ${back.offer}` : back.offer;
  snapshot.seats.forEach((holder, i) => {
    if (holder && holder.claimable && i !== seat) {
      buttons.push({
        label: t(twoSeats ? 'life.claimWin' : 'life.retireSeat', {
          name: nameInWords(holder.name),
        }),
        action: { send: 'claim', fields: { seat: i } },
      });
    }
  });
  return { offer, buttons };
}

function rematchChoices(snapshot, seat) {
  const rematch = snapshot.rematch || { agreed: [], room: null };
  const agreed = rematch.agreed || [];
  if (rematch.room) {
    const go = { id: 'rematch-go', label: t('life.goToRematch'), kind: 'primary' };
    return { offer: null, buttons: [{ ...go, action: { goto: rematch.room } }] };
  }
  if (agreed.includes(seat)) {
    return { offer: t('life.rematchAsked'), buttons: [] };
  }
  let offer = null;
  if (agreed.length) {
    const askers = agreed.map((s) => holderName(snapshot, s));
    offer = t(askers.length === 1 ? 'life.wantsRematch' : 'life.wantRematch', {
      names: askers.join(', '),
    });
  }
  const ask = { id: 'rematch-button', label: t('life.rematch'), kind: 'primary' };
  return { offer, buttons: [{ ...ask, action: { send: 'rematch' } }] };
}

// What became of the viewer's own draw offer between two snapshots of a room (`seat` is the
// viewer's): 'declined' (the offer is gone and nothing was played), 'lapsed' (the opponent moved
// instead), or null (no offer of theirs ended, or it ended the game: accepted, or a takeback
// undid a move: fewer moves, which the takeback's own line tells).
export function drawOfferEnd(previous, next, seat) {
  if (!previous || previous.room !== next.room || seat === null || seat === undefined) return null;
  const standing = (snapshot) => snapshot.draw_offer !== null && snapshot.draw_offer !== undefined;
  if (previous.draw_offer !== seat || standing(next) || next.status !== 'playing') return null;
  if (next.version < previous.version) return null;
  return next.version === previous.version ? 'declined' : 'lapsed';
}
