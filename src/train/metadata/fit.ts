/**
 * Fitting and scoring the metadata model: one gradient-boosted tree model per field over its
 * candidates' rows (src/learn), the likeliest row chosen per page, and the margin ("none bias")
 * the "none" row gets, chosen by cross-validation inside the training pages.
 *
 * Page types are a feature of every row; they come from page-type models fitted on the same
 * folds (a page's page type is predicted by a model that did not see its site), so that no row
 * reads a page type learnt from its own page's label.
 */
import {
  CHOSEN_FIELDS,
  type ChosenField,
  DEFAULT_GBDT_PARAMS,
  type GbdtParams,
  type MetadataModel,
  type Model,
  makeMetadataModel,
  PAGE_TYPE_NAMES,
  PAGE_TYPES,
  type PageType,
  type PageTypeModel,
  predictPageTypeProbabilities,
  predictProbability,
  trainGbdt,
} from '../../internal.js';
import { compactTrees, fitPageTypeModel, SHIPPED_FIT } from '../page-type/fit.js';
import type { MetadataPage, MetadataRowSet } from './rows.js';

/** The trees' parameters (docs/algorithms/metadata.md: the figures barely move with them). */
export const METADATA_GBDT_PARAMS: Partial<GbdtParams> = {
  rounds: 150,
  learningRate: 0.1,
  maxDepth: 4,
  minSamplesLeaf: 10,
  seed: 1,
};

/** The "none" margins tried. */
export const NONE_BIASES = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5] as const;

/**
 * Fields whose "none" margin is chosen: a page says who wrote it and when only sometimes, and a
 * wrong name or date is worse than none. Every page has a title: it is never left empty for doubt.
 */
export const BIASED_FIELDS: readonly ChosenField[] = ['author', 'date'];

/** A page's rows of one field with its page-type columns filled. */
export interface PageField {
  rows: Float32Array;
  labels: readonly number[];
}

/** Every page's rows, by field, with the page-type columns filled from `pageTypes` (one vector a page). */
export function fieldRows(
  set: MetadataRowSet,
  pageTypes: readonly ArrayLike<number>[],
): Record<ChosenField, PageField[]> {
  const out = {} as Record<ChosenField, PageField[]>;
  for (const field of CHOSEN_FIELDS) {
    const names = set.names[field];
    const width = names.length;
    const columns = PAGE_TYPE_NAMES.map((type) => names.indexOf(`page.type.${type}`));
    out[field] = set.pages.map((page, index) => {
      const source = page.fields[field];
      const rows = Float32Array.from(source.rows, (value) => (value === null ? Number.NaN : value));
      const types = pageTypes[index];
      for (let row = 0; row < source.labels.length; row++)
        columns.forEach((column, k) => {
          rows[row * width + column] = types[k];
        });
      return { rows, labels: source.labels };
    });
  }
  return out;
}

/** Fits one field's model on some pages' rows. */
export function fitField(names: readonly string[], pages: readonly PageField[]): Model {
  const width = names.length;
  let count = 0;
  for (const page of pages) count += page.labels.length;
  const features = new Float32Array(count * width);
  const labels: number[] = [];
  let at = 0;
  for (const page of pages) {
    features.set(page.rows, at * width);
    at += page.labels.length;
    for (const label of page.labels) labels.push(label);
  }
  const trained = trainGbdt(
    { features, featureNames: names, labels },
    { ...DEFAULT_GBDT_PARAMS, ...METADATA_GBDT_PARAMS },
  ).model;
  return compactTrees(trained, features, width);
}

/** Each row's probability of being the page's answer. */
export function rowProbabilities(model: Model, page: PageField): number[] {
  const width = model.featureNames.length;
  return page.labels.map((_, row) => predictProbability(model, page.rows, row * width));
}

/** The row chosen: the likeliest, the last ("none") with `bias` added, winning ties. */
export function chosenRow(probabilities: readonly number[], bias: number): number {
  const none = probabilities.length - 1;
  let best = none;
  let bestProbability = probabilities[none] + bias;
  for (let row = 0; row < none; row++) {
    if (probabilities[row] > bestProbability) {
      best = row;
      bestProbability = probabilities[row];
    }
  }
  return best;
}

/** How a field's answers score: right, wrong (an answer that is not the gold), empty where the gold has one. */
export interface Outcome {
  pages: number;
  right: number;
  wrong: number;
  empty: number;
}

export function outcomeOf(labels: readonly number[], row: number): 'right' | 'wrong' | 'empty' {
  if (labels[row] === 1) return 'right';
  return row === labels.length - 1 ? 'empty' : 'wrong';
}

export function tally(outcomes: readonly ('right' | 'wrong' | 'empty')[]): Outcome {
  const out: Outcome = { pages: outcomes.length, right: 0, wrong: 0, empty: 0 };
  for (const outcome of outcomes) out[outcome]++;
  return out;
}

/** What the margin is chosen for: a right answer counts +1, a wrong one −1, an empty one 0. */
const worth = (outcome: Outcome) => outcome.right - outcome.wrong;

/** The margin that scores best on pages' held-out probabilities (the smallest among equals). */
export function bestBias(scored: readonly { probabilities: number[]; labels: readonly number[] }[]): number {
  let best: number = NONE_BIASES[0];
  let bestWorth = Number.NEGATIVE_INFINITY;
  for (const bias of NONE_BIASES) {
    const value = worth(
      tally(scored.map(({ probabilities, labels }) => outcomeOf(labels, chosenRow(probabilities, bias)))),
    );
    if (value > bestWorth) {
      best = bias;
      bestWorth = value;
    }
  }
  return best;
}

/** Page-type models per fold, and each page's probabilities by the model that did not see its fold. */
export function foldPageTypes(
  set: MetadataRowSet,
  fold: Int32Array,
  k: number,
): { models: PageTypeModel[]; probabilities: Float64Array[] } {
  const labelled = set.pages.map((page, index) => ({ page, index }));
  const models: PageTypeModel[] = [];
  const probabilities: Float64Array[] = new Array(set.pages.length);
  for (let f = 0; f < k; f++) {
    const train = labelled
      .filter(({ page, index }) => fold[index] !== f && isPageType(page.pageType))
      .map(({ page }) => ({
        features: page.pageTypeFeatures,
        label: page.pageType as PageType,
        host: page.site,
      }));
    const model = fitPageTypeModel(train, set.pageTypeNames, {
      ...SHIPPED_FIT,
      featureNames: set.pageTypeNames,
    });
    models.push(model);
    set.pages.forEach((page, index) => {
      if (fold[index] === f)
        probabilities[index] = predictPageTypeProbabilities(model, page.pageTypeFeatures);
    });
  }
  return { models, probabilities };
}

function isPageType(value: string | undefined): value is PageType {
  return value !== undefined && (PAGE_TYPES as readonly string[]).includes(value);
}

export interface FieldFit {
  model: Model;
  noneBias: number;
}

/**
 * One field's model on the pages `train` (indices), its margin chosen by cross-validation over the
 * folds those pages are in (each fold's pages predicted by a model fitted on the others).
 */
export function fitFieldWithBias(
  field: ChosenField,
  names: readonly string[],
  pages: readonly PageField[],
  train: readonly number[],
  fold: Int32Array,
): FieldFit {
  const model = fitField(
    names,
    train.map((index) => pages[index]),
  );
  if (!BIASED_FIELDS.includes(field)) return { model, noneBias: 0 };
  const inner = [...new Set(train.map((index) => fold[index]))].sort((a, b) => a - b);
  const scored: { probabilities: number[]; labels: readonly number[] }[] = [];
  for (const held of inner) {
    const innerModel = fitField(
      names,
      train.filter((index) => fold[index] !== held).map((index) => pages[index]),
    );
    for (const index of train)
      if (fold[index] === held)
        scored.push({
          probabilities: rowProbabilities(innerModel, pages[index]),
          labels: pages[index].labels,
        });
  }
  return { model, noneBias: bestBias(scored) };
}

/** A metadata model from its three fields' fits. */
export function metadataModelOf(
  fits: Record<ChosenField, FieldFit>,
  manifest: Record<string, unknown>,
  pageType?: unknown,
): MetadataModel {
  return makeMetadataModel(fits, manifest, pageType);
}

export type { MetadataPage };
