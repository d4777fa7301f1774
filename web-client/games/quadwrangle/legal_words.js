// A legal request of Quadwrangle in words for the screen-reader mode's list: the roll, a re-roll
// with the dice it throws, a play with its lanes (describe.js).

import { t } from '../../i18n/index.js';
import { playWords } from './describe.js';

export function legalWords(state, token) {
  if (token === 'roll') return t('screenReader.moves.roll');
  const reroll = /^reroll ([1-5](?: [1-5])*)$/.exec(token);
  if (reroll) {
    const positions = reroll[1].split(' ');
    const dice = state.board.dice || [];
    const values = positions.map((p) => dice[Number(p) - 1]).join(' ');
    return t('screenReader.moves.reroll', { positions: positions.join(' '), values });
  }
  const play = (state.board.plays || []).find((p) => p.token === token);
  return play ? playWords(play) : token;
}
