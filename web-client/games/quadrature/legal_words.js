// A legal step of Quadrature in words for the screen-reader mode's list, with what it exchanges
// or that it is a quiet step (explain_move.js); null for another token.

import { t } from '../../i18n/index.js';
import { explainStep } from './explain_move.js';

export function legalWords(state, token) {
  if (!/^[a-k]\d+-[a-k]\d+$/.test(token)) return null;
  const [from, to] = token.split('-');
  const words = t('screenReader.moves.step', { from, to });
  const explained = explainStep(state.board, state.to_move, from, to);
  if (explained.exchanged && explained.exchanged.length) {
    return t('screenReader.moves.exchanges', { from, to, cells: explained.exchanged.join(', ') });
  }
  return explained.quiet ? t('screenReader.moves.quiet', { from, to }) : words;
}
