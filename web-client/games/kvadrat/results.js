// The results Kvadrat's rules decide (rules/kvadrat.cpp, docs/rules.md §8): code → (figures,
// names) → words (common/result_words.js). The winners are the result's, so no figures.

import { t } from '../../i18n/index.js';

export const RESULTS = {
  settled: () => t('results.settled'),
  no_placement: () => t('results.no_placement'),
};
