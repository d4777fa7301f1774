// Takebacks by consent (PROTOCOL.md "takeback"), without a DOM: whether a room allows them, who
// made the last move, what the life panel offers about them and what became of a request. Pure
// functions of snapshots, so they run under Node in tests/web-client/.

import { t } from '../i18n/index.js';
import { nameInWords } from './server_words.js';

const standing = (seat) => seat !== null && seat !== undefined;

// The name of the player holding `seat` (room_state.js holderName, which imports this module).
function holderName(snapshot, seat) {
  const holder = snapshot.seats[seat];
  return holder ? nameInWords(holder.name) : t('room.seat', { n: seat + 1 });
}

// Whether the room allows takebacks, as its `joined` said (`room`: the membership): every casual
// 2-player room does; a rated or 4-player room only when it was created so.
export function takebacksAllowed(room) {
  return Boolean(room && room.takebacks === true);
}

// The seat that made the last person's move of `snapshot` (forced passes after it do not count),
// from the game's move list (room/move_history.js: entries with the seat of each recorded token);
// null before the first move, or while the list does not match the snapshot.
export function lastMoverOf(snapshot, entries) {
  const ply = snapshot.version - (snapshot.forced_passes || 0);
  if (ply < 1 || !entries || entries.length !== snapshot.version) return null;
  const seat = entries[ply - 1].seat;
  return Number.isInteger(seat) ? seat : null;
}

// The takeback part of the life panel for the player in `seat` of a running game: a line about a
// standing request (or null) and the buttons. `allowed`: the room allows takebacks
// (takebacksAllowed); `lastMover`: the seat that moved last (lastMoverOf), or null when unknown.
// The button is offered only when the request can succeed: the player made the last move and
// another seat is to move.
export function takebackChoices(snapshot, seat, { allowed = false, lastMover = null } = {}) {
  const asker = snapshot.takeback;
  const toMove = snapshot.state.to_move;
  if (standing(asker) && asker === seat) {
    return { offer: t('takeback.life.asked', { name: holderName(snapshot, toMove) }), buttons: [] };
  }
  if (standing(asker)) {
    const offer = t('takeback.life.theyAsk', { name: holderName(snapshot, asker) });
    // The player to move answers; the others of a 4-player game only read the line.
    if (toMove !== seat) return { offer, buttons: [] };
    return {
      offer,
      buttons: [
        {
          id: 'takeback-accept',
          label: t('takeback.life.accept'),
          kind: 'primary',
          action: { send: 'accept_takeback' },
        },
        {
          id: 'takeback-decline',
          label: t('takeback.life.decline'),
          name: t('takeback.life.declineName'),
          action: { send: 'decline_takeback' },
        },
      ],
    };
  }
  if (allowed && lastMover === seat && Number.isInteger(toMove) && toMove >= 0 && toMove !== seat) {
    return {
      offer: null,
      buttons: [
        { id: 'takeback-button', label: t('takeback.life.ask'), action: { send: 'takeback' } },
      ],
    };
  }
  return { offer: null, buttons: [] };
}

// What became of a takeback request between two snapshots of a room: { how, asker, answerer }
// with `how` 'accepted' (the move is undone: the version went down), 'declined' (the request is
// gone and nothing was played) or 'lapsed' (the player to move moved instead); null when no
// request ended, or the game ended with it. A computer accepts at once, so a version going down
// is an accepted takeback even without a snapshot showing the request: the asker is to move again.
export function takebackEnd(previous, next) {
  if (!previous || previous.room !== next.room || previous.game_id !== next.game_id) return null;
  if (standing(next.takeback) || next.status !== 'playing') return null;
  const asked = standing(previous.takeback);
  const answerer = previous.state.to_move;
  if (next.version < previous.version) {
    return { how: 'accepted', asker: asked ? previous.takeback : next.state.to_move, answerer };
  }
  if (!asked) return null;
  const how = next.version === previous.version ? 'declined' : 'lapsed';
  return { how, asker: previous.takeback, answerer };
}

// The line that tells the viewer (`seat`, null for a spectator) what became of the request
// (`ended`: takebackEnd's answer about `next`), or null. The asker hears the answer; the others
// that it was taken or refused, with the name of the player who moves next.
export function takebackEndWords(ended, next, seat) {
  if (!ended) return null;
  const mine = seat !== null && seat !== undefined && ended.asker === seat;
  const answerer = holderName(next, ended.answerer);
  const asker = holderName(next, ended.asker);
  if (mine) return t(`takeback.life.yours.${ended.how}`, { name: answerer });
  if (ended.how === 'lapsed') return null;
  return t(`takeback.life.theirs.${ended.how}`, { name: asker });
}

// The seat count of a room of `game` (a list_games entry) with `value` chosen for its seat option
// (`seats_option`; '' for the option's default): the count `seat_choices` gives that value, else
// the game's fewest seats.
export function seatCountOf(game, value = '') {
  if (game.seats_option) {
    const option = (game.options || []).find((o) => o.name === game.seats_option);
    const unset = value === '' || value === null || value === undefined;
    const chosen = unset ? option && option.default : Number(value);
    const choice = (game.seat_choices || []).find((c) => c.value === chosen);
    if (choice) return choice.seats;
  }
  return game.seats && game.seats.length ? Math.min(...game.seats) : 2;
}

// Whether the create form asks about takebacks: only for a room that would not allow them
// otherwise, a rated one or one of more than two seats.
export function takebackChoiceShown(seats, rated) {
  return Boolean(rated) || seats !== 2;
}
