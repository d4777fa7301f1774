// "Analyse": the link the room (a finished game) and the replay (the position shown) give to the
// analysis board at a position.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { analysisPath } from './address.js';

// The link, hidden until `showAnalyseLink` points it at a position.
export function createAnalyseLink(id) {
  return el(
    'a',
    {
      class: 'button button--small',
      id,
      href: '/',
      title: t('analysis.analyseTitle'),
      hidden: true,
    },
    t('analysis.analyse'),
  );
}

// Points `link` at notation `position` of `game`, or hides it (no position, or not `shown`).
// With `record` ({ id, ply }: the finished game and the ply shown) the board gets the game's
// moves as its main line, for the game review.
export function showAnalyseLink(link, game, position, shown = true, record = null) {
  link.hidden = !shown || !position;
  if (position) link.href = analysisPath(game, position, record);
}
