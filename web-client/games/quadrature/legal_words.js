// A legal step of Quadrature in words for the screen-reader mode's list, with what it exchanges
// or that it is a quiet step, as the rules explain it (engine/explainer.js; plain words while
// they load); null for another token.

import { t } from '../../i18n/index.js';
import { explainRequest } from '../../engine/explainer.js';

export function legalWords(state, token) {
  if (!/^[a-k]\d+-[a-k]\d+$/.test(token)) return null;
  const [from, to] = token.split('-');
  const explained = explainRequest(state.position, token);
  if (explained && explained.legal && explained.exchanged.length) {
    return t('screenReader.moves.exchanges', { from, to, cells: explained.exchanged.join(', ') });
  }
  if (explained && explained.quiet) return t('screenReader.moves.quiet', { from, to });
  return t('screenReader.moves.step', { from, to });
}
