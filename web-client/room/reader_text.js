// The screen-reader mode's words without a DOM: a typed move checked against the snapshot's legal
// list, each legal move in words for the list, what the live region says after a snapshot, and
// the clocks as a line. Runs under Node in tests/web-client/.

import { t } from '../i18n/index.js';
import { legalWordsOf, moveWords, turnLineOf } from '../games/index.js';
import { resultOf } from '../common/room_state.js';
import { remaining, formatMs } from '../common/clock.js';
import { seatName } from '../games/common/describe.js';

// The players' names by seat from a snapshot's seats (null for a free seat).
export function namesOf(snapshot) {
  return (snapshot.seats || []).map((holder) => (holder && holder.name) || null);
}

// A typed move in the notation's form: no surrounding or doubled spaces, lower case, a dash for
// any dash or "to" between two cells ("E3 – e4" -> "e3-e4"), re-rolled dice in ascending order.
export function normaliseMove(text) {
  let move = String(text).trim().toLowerCase().replace(/\s+/g, ' ');
  move = move.replace(/^([a-z]\d+)\s*(?:[-–—]|\bto\b)?\s*([a-z]\d+)$/, '$1-$2');
  const reroll = /^reroll ((?:[1-5] ?)+)$/.exec(move);
  if (reroll) {
    const dice = [...new Set(reroll[1].trim().split(' '))].sort();
    move = `reroll ${dice.join(' ')}`;
  }
  return move;
}

// Whether the viewer (`seat`, null for a spectator) may send the typed `text` now: { token } to
// send, or { error } with the reason in words. The snapshot's legal list is the only judge.
export function checkTypedMove(snapshot, seat, text, offline = false) {
  const token = normaliseMove(text);
  if (!token) return { error: t('screenReader.errors.empty') };
  if (seat === null || seat === undefined) return { error: t('screenReader.errors.watching') };
  const state = snapshot.state;
  if (snapshot.status !== 'playing' || state.status !== 'ongoing' || state.to_move < 0) {
    return { error: t('screenReader.errors.notPlaying') };
  }
  if (state.to_move !== seat) {
    const mover = seatName(state, state.to_move, namesOf(snapshot));
    return { error: t('screenReader.errors.notYourTurn', { seat: mover }) };
  }
  if (offline) return { error: t('screenReader.errors.offline') };
  if (!state.legal.includes(token)) {
    return { error: t('screenReader.errors.illegal', { move: token }) };
  }
  return { token };
}

// A legal request `token` of `state` in words, for the list of legal moves.
export function legalMoveLabel(state, token) {
  if (token === 'pass') return t('screenReader.moves.pass');
  const own = legalWordsOf(state.game);
  const words = own ? own(state, token) : null;
  if (words) return words;
  if (/^[a-o]\d+$/.test(token)) return t('screenReader.moves.place', { cell: token });
  return token;
}

// The state a describer reads from a snapshot: the room's result (a resignation, a timeout)
// counts as the game's.
export function effectiveState(snapshot) {
  return { ...snapshot.state, result: resultOf(snapshot) };
}

// What the live region says after `next` when `previous` was shown before (null: the first
// snapshot, which says nothing), for a viewer in `seat` (null: a spectator): the move just made
// in words (the dice when rolled), forced passes, the game's end, and "Your turn." — after an
// accepted takeback too, whose snapshot has fewer moves (the life panel says what happened).
export function announce(previous, next, seat) {
  if (!previous || previous.room !== next.room) return '';
  const parts = [];
  const names = namesOf(next);
  const game = next.state.game;
  if (previous.status === 'waiting' && next.status === 'playing') {
    parts.push(t('screenReader.started'));
  }
  if (next.version > previous.version && typeof next.last_move === 'string') {
    const passes = next.forced_passes || 0;
    const known = next.version === previous.version + 1 + passes && previous.state.to_move >= 0;
    const who = known
      ? seatName(next.state, previous.state.to_move, names)
      : t('screenReader.aPlayer');
    parts.push(moveWords(game, next.last_move, who));
    if (passes) parts.push(t('screenReader.forcedPasses', { n: passes }));
  }
  const ended = resultOf(next);
  if (ended && !resultOf(previous)) {
    parts.push(turnLineOf(effectiveState(next), names));
  } else if (
    next.status === 'playing' &&
    seat !== null &&
    seat !== undefined &&
    next.state.to_move === seat &&
    (previous.state.to_move !== seat || previous.status !== 'playing')
  ) {
    parts.push(t('screenReader.yourTurn'));
  }
  return parts.map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`)).join(' ');
}

// "Time left: Black 4:32, White 5:00." for a room with a clock, else ''.
export function clockLine(snapshot, receivedAt, now) {
  const clock = snapshot.clock;
  if (!clock || clock.type === 'none') return '';
  const left = remaining(clock, receivedAt, now);
  const parts = left
    .map((ms, seat) =>
      ms === null
        ? null
        : t('screenReader.seatValue', {
            seat: seatName(snapshot.state, seat),
            value: formatMs(ms),
          }),
    )
    .filter(Boolean);
  return parts.length ? t('screenReader.clocks', { clocks: parts.join(', ') }) : '';
}
