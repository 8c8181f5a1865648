/**
 * Fitting and scoring the page-type model, shared by the trainer (the shipped model) and
 * bench/page-type/evaluate.ts (cross-validation, ablations, out-of-domain checks).
 *
 * One binary learner per type (one-vs-rest) from src/learn, seeded; the trees'
 * thresholds are then shortened to the shortest decimal that splits the
 * training values the same way (the file gets much smaller and every training
 * page gets the same prediction), and split gains are rounded to 3 digits
 * (they only serve importance reports).
 */

import {
  type CombineRule,
  DEFAULT_GBDT_PARAMS,
  type GbdtModel,
  type GbdtParams,
  type LogisticParams,
  type Model,
  makePageTypeModel,
  PAGE_TYPES,
  type PageType,
  type PageTypeModel,
  predictPageTypeProbabilities,
  trainGbdt,
  trainLogistic,
} from 'pith/internal';
import { type GroupedItem, groupedFolds, stratifiedFolds } from '../folds.js';
import type { FeatureSet } from './features.js';

export interface LabelledRow {
  features: readonly number[];
  label: PageType;
  /** Rows of one host go to the same fold in grouped cross-validation. */
  host: string;
}

export interface FitOptions {
  learner: 'gbdt' | 'logistic';
  gbdt?: Partial<GbdtParams>;
  logistic?: Partial<LogisticParams>;
  combine: CombineRule;
  /** Weight each type's positives so they weigh as much as its negatives (times this; 0 = unweighted). */
  positiveBalance: number;
  /** The features to use, by name (default: all the rows carry). */
  featureNames: readonly string[];
}

/** The shipped configuration: chosen by grouped cross-validation (docs/algorithms/page-type.md). */
export const SHIPPED_FIT: Omit<FitOptions, 'featureNames'> = {
  learner: 'gbdt',
  gbdt: {
    rounds: 60,
    learningRate: 0.15,
    maxDepth: 3,
    minSamplesLeaf: 5,
    lambda: 1,
    subsample: 0.8,
    colsampleByTree: 0.8,
    seed: 1,
  },
  combine: 'normalise',
  positiveBalance: 0,
};

export function isPageType(value: string | undefined): value is PageType {
  return value !== undefined && (PAGE_TYPES as readonly string[]).includes(value);
}

/** The rows of a feature set that carry a known page type. */
export function labelledRows(set: FeatureSet): LabelledRow[] {
  return set.rows.flatMap((row) =>
    isPageType(row.label) ? [{ features: row.features, label: row.label, host: row.host }] : [],
  );
}

/** Column positions of `names` in rows laid out by `allNames`. */
function columnsOf(allNames: readonly string[], names: readonly string[]): number[] {
  return names.map((name) => {
    const index = allNames.indexOf(name);
    if (index < 0) throw new Error(`unknown feature ${name}`);
    return index;
  });
}

export function fitPageTypeModel(
  rows: readonly LabelledRow[],
  allNames: readonly string[],
  options: FitOptions,
  manifest: Record<string, unknown> = {},
): PageTypeModel {
  const columns = columnsOf(allNames, options.featureNames);
  const width = columns.length;
  const matrix = new Float32Array(rows.length * width);
  rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) matrix[r * width + c] = row.features[columns[c]];
  });
  const models: Model[] = PAGE_TYPES.map((type) => {
    const labels = rows.map((row) => (row.label === type ? 1 : 0));
    const positives = labels.reduce((sum: number, y) => sum + y, 0);
    const weights =
      options.positiveBalance > 0 && positives > 0
        ? labels.map((y) => (y === 1 ? (options.positiveBalance * (rows.length - positives)) / positives : 1))
        : undefined;
    const data = {
      features: matrix,
      featureNames: options.featureNames,
      labels,
      ...(weights ? { weights } : {}),
    };
    if (options.learner === 'logistic') return trainLogistic(data, options.logistic).model;
    const trained = trainGbdt(data, { ...DEFAULT_GBDT_PARAMS, ...options.gbdt }).model;
    return compactTrees(trained, matrix, width);
  });
  return makePageTypeModel(options.featureNames, models, options.combine, manifest);
}

/**
 * Each threshold becomes the shortest decimal d with a ≤ d < b, where a and b are the training
 * values of that feature just below and above it: every training row goes the same way.
 */
export function compactTrees(model: GbdtModel, matrix: Float32Array, width: number): GbdtModel {
  const rowCount = matrix.length / width;
  const sortedColumns = new Map<number, Float64Array>();
  const sorted = (feature: number) => {
    let values = sortedColumns.get(feature);
    if (!values) {
      values = new Float64Array(rowCount);
      for (let r = 0; r < rowCount; r++) values[r] = matrix[r * width + feature];
      values.sort();
      sortedColumns.set(feature, values);
    }
    return values;
  };
  const trees = model.trees.map((tree) => {
    const threshold = tree.threshold.map((t, node) => shortestBetween(sorted(tree.feature[node]), t));
    const gain = tree.gain.map((g) => Number(g.toPrecision(3)));
    return { ...tree, threshold, gain };
  });
  return { ...model, binEdges: [], trees };
}

function shortestBetween(values: Float64Array, threshold: number): number {
  // a: the largest value ≤ threshold; b: the smallest above it.
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle] <= threshold) low = middle + 1;
    else high = middle;
  }
  const a = low > 0 ? values[low - 1] : threshold;
  const b = low < values.length ? values[low] : Number.POSITIVE_INFINITY;
  for (let digits = 1; digits <= 17; digits++) {
    const candidate = roundUp(a, digits);
    if (candidate >= a && candidate < b) return candidate;
  }
  return threshold;
}

/** The smallest number ≥ `value` with `digits` significant digits. */
function roundUp(value: number, digits: number): number {
  if (value === 0) return 0;
  const rounded = Number(value.toPrecision(digits));
  if (rounded >= value) return rounded;
  const exponent = Number(value.toExponential().split('e')[1]);
  return Number((rounded + 10 ** (exponent - digits + 1)).toPrecision(digits));
}

export function predictRows(
  model: PageTypeModel,
  rows: readonly { features: readonly number[] }[],
): Float64Array[] {
  return rows.map((row) => predictPageTypeProbabilities(model, row.features));
}

export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

// ── folds ──

function foldItemsOf(rows: readonly LabelledRow[]): GroupedItem[] {
  return rows.map((row) => ({ keys: row.host ? [row.host] : [], stratum: row.label }));
}

/** Stratified folds: each type's rows shuffled (seeded) and dealt round-robin. */
export function pageTypeStratifiedFolds(rows: readonly LabelledRow[], k: number, seed: number): Int32Array {
  return stratifiedFolds(foldItemsOf(rows), k, seed, PAGE_TYPES);
}

/**
 * Grouped folds: all pages of a host in one fold (sites share templates, so a page's sibling
 * in the training folds flatters the score), types balanced (src/train/folds.ts).
 */
export function pageTypeGroupedFolds(rows: readonly LabelledRow[], k: number, seed: number): Int32Array {
  return groupedFolds(foldItemsOf(rows), k, seed);
}

/** Out-of-fold probabilities: row i predicted by the model trained on the other folds. */
export function crossValidate(
  rows: readonly LabelledRow[],
  allNames: readonly string[],
  options: FitOptions,
  fold: Int32Array,
  k: number,
): Float64Array[] {
  const out: Float64Array[] = new Array(rows.length);
  for (let f = 0; f < k; f++) {
    const train = rows.filter((_, i) => fold[i] !== f);
    const model = fitPageTypeModel(train, allNames, options);
    rows.forEach((row, i) => {
      if (fold[i] === f) out[i] = predictPageTypeProbabilities(model, row.features);
    });
  }
  return out;
}

// ── scores ──

export interface Scores {
  n: number;
  accuracy: number;
  macroF1: number;
  logLoss: number;
  perType: { type: PageType; support: number; precision: number; recall: number; f1: number }[];
  /** confusion[gold][predicted] */
  confusion: number[][];
}

/** Scores of predictions: `predicted` (type indices) defaults to each row's most probable type. */
export function score(
  labels: readonly PageType[],
  probabilities: readonly Float64Array[],
  predicted: readonly number[] = probabilities.map(argmax),
): Scores {
  const t = PAGE_TYPES.length;
  const confusion = PAGE_TYPES.map(() => new Array<number>(t).fill(0));
  let correct = 0;
  let loss = 0;
  labels.forEach((label, i) => {
    const gold = PAGE_TYPES.indexOf(label);
    confusion[gold][predicted[i]]++;
    if (gold === predicted[i]) correct++;
    loss -= Math.log(Math.max(1e-15, probabilities[i][gold]));
  });
  const perType = PAGE_TYPES.map((type, k) => {
    const support = confusion[k].reduce((a, b) => a + b, 0);
    const predictedCount = confusion.reduce((sum, row) => sum + row[k], 0);
    const tp = confusion[k][k];
    const precision = predictedCount > 0 ? tp / predictedCount : 0;
    const recall = support > 0 ? tp / support : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { type, support, precision, recall, f1 };
  });
  return {
    n: labels.length,
    accuracy: correct / labels.length,
    macroF1: perType.reduce((sum, x) => sum + x.f1, 0) / t,
    logLoss: loss / labels.length,
    perType,
    confusion,
  };
}
