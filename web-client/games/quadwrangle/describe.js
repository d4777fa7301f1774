// Quadwrangle's position in words (rules/quadwrangle.hpp describe()): where each lane's counter
// stands, the red squares each player holds, the dice of this turn and the plays they offer.

import { t } from '../../i18n/index.js';
import { seatName } from '../common/describe.js';

// Lane `name` ("1".."6", "run", "high", "low") in words.
export function laneName(name) {
  return /^[1-6]$/.test(name)
    ? t('screenReader.quadwrangle.lane', { n: name })
    : t(`screenReader.quadwrangle.lanes.${name}`);
}

// Where a counter at `position` stands: the centre, a red square, or n squares toward a player.
function place(state, position, half) {
  const seat = position < 0 ? 0 : 1;
  if (position === 0) return t('screenReader.quadwrangle.centre');
  if (Math.abs(position) === half) {
    return t('screenReader.quadwrangle.red', { seat: seatName(state, seat) });
  }
  return t('screenReader.quadwrangle.toward', {
    n: Math.abs(position),
    seat: seatName(state, seat),
  });
}

// One play the dice offer, "Lanes: 6 +2, 5 +1".
export function playWords(play) {
  const kind = play.token.replace(/^play /, '');
  const moves = (play.moves || []).map((m) =>
    t('screenReader.quadwrangle.laneSteps', { lane: laneName(m.lane), steps: m.steps }),
  );
  return t('screenReader.quadwrangle.play', {
    play: t(`screenReader.quadwrangle.plays.${kind}`),
    moves: moves.join(', '),
  });
}

export function describe(state) {
  const board = state.board;
  const half = board.half_length;
  const lines = board.lanes.map((lane) =>
    t('screenReader.quadwrangle.laneAt', {
      lane: laneName(lane.name),
      place: place(state, lane.position, half),
    }),
  );
  [0, 1].forEach((seat) => {
    const end = seat === 0 ? -half : half;
    const held = board.lanes.filter((lane) => lane.position === end).length;
    lines.push(
      t('screenReader.quadwrangle.held', {
        seat: seatName(state, seat),
        n: held,
        of: board.target,
      }),
    );
  });
  if (board.dice) {
    lines.push(
      t('screenReader.quadwrangle.dice', { dice: board.dice.join(' '), rolls: board.rolls }),
    );
  } else if (state.status === 'ongoing') {
    lines.push(t('screenReader.quadwrangle.notRolled'));
  }
  const plays = board.plays || [];
  if (plays.length) {
    lines.push(t('screenReader.quadwrangle.offered', { plays: plays.map(playWords).join('; ') }));
  } else if (board.dice && state.status === 'ongoing') {
    lines.push(t('screenReader.quadwrangle.noPlay'));
  }
  return lines;
}
