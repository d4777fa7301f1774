// The reasons Kvadrat's rules write (rules/kvadrat.cpp), each with the words it becomes;
// `seat(name)` puts a seat's English name in the client's language (common/server_words.js).

import { t } from '../../i18n/index.js';

export const REASONS = [
  [/^every square is settled$/, () => t('results.settled')],
  [/^no player can place a piece$/, () => t('results.noPlacement')],
];
