/**
 * Training the block classifier from rows: which pages train, how rows are weighted, the
 * gradient-boosted trees' parameters, and how pages are grouped into cross-validation folds.
 *
 * Rows are weighted by their share of the page's (labelled) words, so every page counts the
 * same (the metrics average over pages) and, within a page, a block counts by its words (the
 * metrics count words). A block is main content when at least half of its words are covered
 * by gold shingles (a snippet labelling gives 1 or 0); rows without a label are left out.
 * Deterministic: same rows, parameters and seed ⇒ the same model, byte for byte.
 */

import { type GbdtModel, type GbdtParams, type TrainingData, trainGbdt } from 'pith/internal';
import { siteOf } from '../../eval/index.js';
import type { GroupedItem } from '../folds.js';
import type { DatasetRows, RowsPage } from './rows.js';

/** The shipped model's parameters (docs/algorithms/default.md says how they were chosen). */
export const BLOCK_TRAINING_PARAMS: Partial<GbdtParams> = {
  rounds: 200,
  learningRate: 0.1,
  maxDepth: 6,
  minSamplesLeaf: 100,
  minChildWeight: 0.5,
  lambda: 1,
  subsample: 0.7,
  colsampleByTree: 0.6,
  seed: 1,
};

/** Whether page `page` of dataset `dataset` (indices) trains. */
export type ChoosePages = (dataset: number, page: number) => boolean;

function labelled(share: number): boolean {
  return !Number.isNaN(share);
}

/** The rows of the chosen pages as training data. */
export function assembleRows(datasets: readonly DatasetRows[], choose: ChoosePages): TrainingData {
  const width = datasets[0]?.width ?? 0;
  for (const dataset of datasets) {
    if (dataset.width !== width || dataset.names.join('\n') !== datasets[0].names.join('\n'))
      throw new Error(`${dataset.name}: rows of other features than ${datasets[0].name}'s (recompute them)`);
  }
  let rows = 0;
  datasets.forEach((dataset, d) => {
    dataset.pages.forEach((page, p) => {
      if (!choose(d, p)) return;
      for (let row = page.start; row < page.end; row++) if (labelled(dataset.share[row])) rows++;
    });
  });
  const features = new Float32Array(rows * width);
  const labels = new Float32Array(rows);
  const weights = new Float32Array(rows);
  let at = 0;
  datasets.forEach((dataset, d) => {
    dataset.pages.forEach((page, p) => {
      if (!choose(d, p)) return;
      let pageTokens = 0;
      for (let row = page.start; row < page.end; row++)
        if (labelled(dataset.share[row])) pageTokens += dataset.tokens[row];
      for (let row = page.start; row < page.end; row++) {
        if (!labelled(dataset.share[row])) continue;
        features.set(dataset.features.subarray(row * width, (row + 1) * width), at * width);
        labels[at] = dataset.share[row] >= 0.5 ? 1 : 0;
        weights[at] = (100 * dataset.tokens[row]) / Math.max(1, pageTokens);
        at++;
      }
    });
  });
  return { features, labels, weights, featureNames: datasets[0]?.names ?? [] };
}

/** Trains one model on the chosen pages. */
export function trainBlockModel(
  datasets: readonly DatasetRows[],
  choose: ChoosePages,
  params: Partial<GbdtParams>,
  log: (message: string) => void = () => {},
): GbdtModel {
  const data = assembleRows(datasets, choose);
  const started = process.cpuUsage();
  const { model } = trainGbdt(data, params);
  const cpu = process.cpuUsage(started);
  log(`  trained on ${data.labels.length} rows in ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s of CPU`);
  return model;
}

/**
 * The URL that says which site a page is from: the dataset's, unless several pages of the
 * dataset share it (Readability's test pages all carry one placeholder URL); then the URL the
 * page declares for itself, unless that is on the placeholder's site too.
 */
function siteUrl(page: RowsPage, shared: ReadonlySet<string>): string | undefined {
  if (page.url !== undefined && !shared.has(page.url)) return page.url;
  if (page.declaredUrl === undefined) return undefined;
  if (page.url !== undefined && siteOf(page.declaredUrl) === siteOf(page.url)) return undefined;
  return page.declaredUrl;
}

/**
 * Every page of every dataset as an item to deal into folds: tied to the other pages of its
 * site (`site`) or alone (`page`), and to any page with the same bytes; balanced per dataset.
 */
export function foldItems(datasets: readonly DatasetRows[], groupBy: 'site' | 'page'): GroupedItem[] {
  const items: GroupedItem[] = [];
  for (const dataset of datasets) {
    const seen = new Set<string>();
    const shared = new Set<string>();
    for (const page of dataset.pages) {
      if (page.url === undefined) continue;
      if (seen.has(page.url)) shared.add(page.url);
      seen.add(page.url);
    }
    for (const page of dataset.pages) {
      const url = groupBy === 'site' ? siteUrl(page, shared) : undefined;
      items.push({
        keys: [`bytes:${page.digest}`, ...(url === undefined ? [] : [`site:${siteOf(url)}`])],
        stratum: dataset.name,
      });
    }
  }
  return items;
}
