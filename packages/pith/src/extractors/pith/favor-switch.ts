/**
 * A favor mode per page from its page type (issue 37, the second session's next idea): the
 * precision mode on pages that read as articles, recall off them, balanced in between. The
 * issue's held-back figures: precision beats balanced on news (0.954 vs 0.951), recall beats it
 * off news (0.912 vs 0.905). Driven by the page-type recogniser's article probability.
 */

export type FavorMode = 'balanced' | 'precision' | 'recall';

/** Thresholds on the page's article probability. */
export interface FavorSwitch {
  /** Precision at or above this article probability (> 1: never). */
  precisionFrom: number;
  /** Recall below this article probability (≤ 0: never); at most `precisionFrom`. */
  recallBelow: number;
}

/** The rule that never switches: every page balanced. */
export const NO_FAVOR_SWITCH: FavorSwitch = { precisionFrom: 2, recallBelow: 0 };

/** The favor mode of a page whose article probability is `article`. */
export function switchedFavor(article: number, rule: FavorSwitch): FavorMode {
  if (!Number.isFinite(article)) return 'balanced';
  if (article >= rule.precisionFrom) return 'precision';
  if (article < rule.recallBelow) return 'recall';
  return 'balanced';
}
