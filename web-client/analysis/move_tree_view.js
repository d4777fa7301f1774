// The analysis board's move list: the main line and, under the move they replace, its variations
// (nested), each move a button in the game's move notation (the recorded token) that jumps to the
// position after it. Drawn from VariationTree.lines().

import { el } from '../common/dom.js';
import { MOVE_WORDS } from '../games/common/move_words.js';
import { t } from '../i18n/index.js';

// Builds the list into `host`; `onJump(id)` is called with the node a button names.
export function createMoveTreeView(host, onJump) {
  const empty = el('p', { class: 'hint analysis-moves-empty' }, t('analysis.noMoves'));
  const list = el('ol', { class: 'analysis-line', id: 'analysis-moves' });
  host.append(
    el('section', { 'aria-labelledby': 'analysis-moves-title' }, [
      el('h2', { id: 'analysis-moves-title' }, t('analysis.moves')),
      empty,
      list,
    ]),
  );

  // `words(token, ply)` says a move in words, for its label.
  function lineItems(line, current, words) {
    return line.map((move) => {
      const button = el(
        'button',
        {
          type: 'button',
          class: `analysis-move${move.id === current ? ' analysis-move--current' : ''}`,
          'data-node': String(move.id),
          'data-token': move.token,
          'aria-current': move.id === current ? 'step' : null,
          'aria-label': t('analysis.moveLabel', { n: move.ply, words: words(move.id) }),
          onclick: () => onJump(move.id),
        },
        el('span', { class: 'move-list-number' }, MOVE_WORDS.moveNumber(move.ply)),
        ' ',
        move.token,
      );
      const variations = move.variations.map((variation) =>
        el(
          'li',
          { class: 'analysis-variation', 'aria-label': t('analysis.variation') },
          el('ol', { class: 'analysis-line' }, lineItems(variation, current, words)),
        ),
      );
      return el(
        'li',
        { class: 'analysis-item' },
        button,
        variations.length ? el('ol', { class: 'analysis-variations' }, variations) : null,
      );
    });
  }

  return {
    // Draws `lines` (VariationTree.lines()) with node `current` marked.
    update(lines, current, words) {
      list.replaceChildren(...lineItems(lines, current, words));
      empty.hidden = lines.length > 0;
      const shown = list.querySelector('.analysis-move--current');
      if (shown) shown.scrollIntoView({ block: 'nearest' });
    },
  };
}
