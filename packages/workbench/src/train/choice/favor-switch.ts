/**
 * Tuning the per-page favor switch (src/extractors/pith/favor-switch.ts) on pages whose three
 * favor modes were scored: the thresholds that maximize the summed F1, and the choice among the
 * rule's families (no switch, precision only, recall only, both) by inner cross-validation, so
 * that a family is used only when its tuned thresholds also win on pages they were not tuned on.
 */
import { type FavorMode, type FavorSwitch, NO_FAVOR_SWITCH, switchedFavor } from 'pith/internal';

export interface FavorPage {
  /** The page-type recogniser's article probability. */
  article: number;
  /** The page's F1 under each favor mode. */
  f1: Record<FavorMode, number>;
}

export type FavorFamily = 'none' | 'precision' | 'recall' | 'both';
export const FAVOR_FAMILIES: readonly FavorFamily[] = ['none', 'precision', 'recall', 'both'];

/** The thresholds tried: 0, 0.05, …, 1 (and "never" for a family that leaves a side out). */
export const FAVOR_GRID: readonly number[] = Array.from({ length: 21 }, (_, index) => index / 20);

/** Summed F1 gain over balanced of `pages` under `rule`. */
export function favorGain(pages: readonly FavorPage[], rule: FavorSwitch): number {
  let gain = 0;
  for (const page of pages) {
    const mode = switchedFavor(page.article, rule);
    gain += page.f1[mode] - page.f1.balanced;
  }
  return gain;
}

/**
 * The thresholds of `family` with the largest summed gain on `pages` (ties: the rule that switches
 * fewer pages, i.e. the highest precision threshold and the lowest recall threshold, scanned first).
 */
export function tuneFavorSwitch(
  pages: readonly FavorPage[],
  family: FavorFamily,
  grid: readonly number[] = FAVOR_GRID,
): { rule: FavorSwitch; gain: number } {
  const precisionSide = family === 'precision' || family === 'both' ? [...grid].reverse() : [];
  const recallSide = family === 'recall' || family === 'both' ? grid : [];
  let best = { rule: NO_FAVOR_SWITCH, gain: 0 };
  for (const precisionFrom of [NO_FAVOR_SWITCH.precisionFrom, ...precisionSide])
    for (const recallBelow of [NO_FAVOR_SWITCH.recallBelow, ...recallSide]) {
      if (recallBelow > precisionFrom) continue;
      const rule = { precisionFrom, recallBelow };
      const gain = favorGain(pages, rule);
      if (gain > best.gain + 1e-9) best = { rule, gain };
    }
  return best;
}

/**
 * The family whose thresholds, tuned on all but one inner fold, gain most on the fold left out,
 * summed over the inner folds (ties: the earlier family of FAVOR_FAMILIES, the simpler), then its
 * thresholds tuned on every page given.
 */
export function chooseFavorSwitch(
  pages: readonly FavorPage[],
  folds: ArrayLike<number>,
  grid: readonly number[] = FAVOR_GRID,
): { family: FavorFamily; rule: FavorSwitch; innerGain: Record<FavorFamily, number> } {
  const innerFolds = [...new Set(Array.from(folds))].sort((a, b) => a - b);
  const innerGain = { none: 0, precision: 0, recall: 0, both: 0 } as Record<FavorFamily, number>;
  for (const family of FAVOR_FAMILIES)
    for (const held of innerFolds) {
      const train = pages.filter((_, index) => folds[index] !== held);
      const test = pages.filter((_, index) => folds[index] === held);
      innerGain[family] += favorGain(test, tuneFavorSwitch(train, family, grid).rule);
    }
  let family: FavorFamily = 'none';
  for (const candidate of FAVOR_FAMILIES)
    if (innerGain[candidate] > innerGain[family] + 1e-9) family = candidate;
  return { family, rule: tuneFavorSwitch(pages, family, grid).rule, innerGain };
}
