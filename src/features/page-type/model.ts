/**
 * The page-type model file (`models/page-type.json`): one binary model per page
 * type (one-vs-rest, from src/learn), over the named features of
 * `PAGE_TYPE_FEATURE_NAMES`, and how their outputs become probabilities.
 *
 * Format (version 1):
 *
 *   { "format": "pith-page-type", "version": 1,
 *     "types": ["article", …],            the seven types, in PAGE_TYPES order
 *     "featureNames": ["url.present", …],  the features the models read, in their column order
 *     "combine": "normalise",              per-type probabilities σ(margin), divided by their sum
 *     "manifest": { … },                   how the file was built (command, data, date, figures)
 *     "models": [ { "type": "article", "model": { "format": "pith-gbdt", … } }, … ] }
 *
 * Each entry's `model` is a src/learn model without its `featureNames` (shared, written once)
 * and, for trees, without `binEdges` (only training needs them); both are put back on reading
 * and the model is then checked by src/learn's `modelFromJson`.
 */
import { PithError } from '../../errors.js';
import {
  type CompiledGbdt,
  compiledMargin,
  compileGbdt,
  type Model,
  modelFromJson,
  predictMargin,
} from '../../learn/index.js';
import { modelLoader } from '../../model-files.js';
import { PAGE_TYPE_FEATURE_INDEX, PAGE_TYPE_FEATURE_NAMES, type PageTypeFeatureName } from './features.js';

import { PAGE_TYPES, type PageType } from './types.js';

export { PAGE_TYPES, type PageType };

export const PAGE_TYPE_MODEL_FORMAT = 'pith-page-type';
export const PAGE_TYPE_MODEL_VERSION = 1;

/** How per-type margins become probabilities that sum to 1. */
export type CombineRule = 'normalise' | 'softmax';

export interface PageTypeModel {
  readonly featureNames: readonly PageTypeFeatureName[];
  /** One binary model per type, in PAGE_TYPES order. */
  readonly models: readonly Model[];
  readonly combine: CombineRule;
  readonly manifest: Readonly<Record<string, unknown>>;
  /** Position in a `pageTypeFeatures` vector of each model column (identity when the names match). */
  readonly columns: Int32Array;
  /**
   * The tree models flattened (src/learn/compiled.ts), for Float32 rows (what `pageTypeFeatures`
   * gives): the same margins, without a walk through hundreds of small arrays per page.
   */
  readonly compiled: readonly (CompiledGbdt | undefined)[];
}

/** The name of the model shipped with pith (`models/page-type.json`). */
export const DEFAULT_PAGE_TYPE_MODEL = 'page-type';

function fail(message: string): never {
  throw new PithError('BAD_OPTION', `page-type model: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds a model from its parts (checks every part; used by training and by the reader). */
export function makePageTypeModel(
  featureNames: readonly string[],
  models: readonly Model[],
  combine: CombineRule,
  manifest: Readonly<Record<string, unknown>> = {},
): PageTypeModel {
  if (models.length !== PAGE_TYPES.length) fail(`expected ${PAGE_TYPES.length} models, got ${models.length}`);
  const columns = new Int32Array(featureNames.length);
  featureNames.forEach((name, column) => {
    const table = PAGE_TYPE_FEATURE_INDEX as Record<string, number>;
    const index = Object.hasOwn(table, name) ? table[name] : undefined;
    if (index === undefined) fail(`feature ${JSON.stringify(name)} is not computed by this pith`);
    columns[column] = index;
  });
  if (new Set(featureNames).size !== featureNames.length) fail('feature names repeat');
  models.forEach((model, at) => {
    const names = model.featureNames;
    if (names.length !== featureNames.length || names.some((name, i) => name !== featureNames[i])) {
      fail(`models[${at}] does not read the file's featureNames`);
    }
  });
  if (combine !== 'normalise' && combine !== 'softmax')
    fail(`unknown combine rule ${JSON.stringify(combine)}`);
  const compiled = models.map((model) => (model.kind === 'gbdt' ? compileGbdt(model) : undefined));
  return {
    featureNames: featureNames as PageTypeFeatureName[],
    models,
    combine,
    manifest,
    columns,
    compiled,
  };
}

/** A model from parsed JSON, checked field by field. Throws a PithError (BAD_OPTION). */
export function pageTypeModelFromJson(value: unknown): PageTypeModel {
  if (!isRecord(value)) fail('expected an object');
  if (value.format !== PAGE_TYPE_MODEL_FORMAT) {
    fail(`format is ${JSON.stringify(value.format)}, expected "${PAGE_TYPE_MODEL_FORMAT}"`);
  }
  if (value.version !== PAGE_TYPE_MODEL_VERSION) {
    fail(`this pith reads version ${PAGE_TYPE_MODEL_VERSION}, the file has ${JSON.stringify(value.version)}`);
  }
  const types = value.types;
  if (!Array.isArray(types) || types.join() !== PAGE_TYPES.join())
    fail(`types must be ${PAGE_TYPES.join(', ')}`);
  const featureNames = value.featureNames;
  if (
    !Array.isArray(featureNames) ||
    featureNames.length === 0 ||
    featureNames.some((n) => typeof n !== 'string')
  ) {
    fail('featureNames must be a non-empty array of strings');
  }
  const entries = value.models;
  if (!Array.isArray(entries) || entries.length !== PAGE_TYPES.length)
    fail(`models must hold ${PAGE_TYPES.length} entries`);
  const models = entries.map((entry, at) => {
    if (!isRecord(entry) || entry.type !== PAGE_TYPES[at] || !isRecord(entry.model)) {
      fail(`models[${at}] must be { "type": "${PAGE_TYPES[at]}", "model": {…} }`);
    }
    const model: Record<string, unknown> = { ...entry.model, featureNames };
    if (model.format === 'pith-gbdt' && model.binEdges === undefined) {
      model.binEdges = (featureNames as unknown[]).map(() => []);
    }
    try {
      return modelFromJson(model);
    } catch (error) {
      return fail(
        `models[${at}] (${PAGE_TYPES[at]}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  const manifest = isRecord(value.manifest) ? value.manifest : {};
  return makePageTypeModel(featureNames as string[], models, value.combine as CombineRule, manifest);
}

/** The model as JSON text (binEdges dropped, featureNames written once): same model, same bytes. */
export function serializePageTypeModel(model: PageTypeModel): string {
  const entries = model.models.map((inner, at) => {
    const { featureNames: _names, binEdges: _edges, ...rest } = modelJson(inner);
    return `{"type":${JSON.stringify(PAGE_TYPES[at])},"model":${JSON.stringify(rest)}}`;
  });
  return [
    `{"format":"${PAGE_TYPE_MODEL_FORMAT}","version":${PAGE_TYPE_MODEL_VERSION},`,
    `"types":${JSON.stringify(PAGE_TYPES)},`,
    `"featureNames":${JSON.stringify(model.featureNames)},`,
    `"combine":${JSON.stringify(model.combine)},`,
    `"manifest":${JSON.stringify(model.manifest)},`,
    `"models":[\n${entries.join(',\n')}\n]}\n`,
  ].join('\n');
}

/** A src/learn model as a plain JSON object, in the field names its reader expects. */
function modelJson(model: Model): Record<string, unknown> {
  const list = (values: ArrayLike<number>) => Array.from(values);
  if (model.kind === 'logistic') {
    return {
      format: 'pith-logistic',
      version: 1,
      featureNames: model.featureNames,
      params: model.params,
      intercept: model.intercept,
      mean: list(model.mean),
      scale: list(model.scale),
      coefficients: list(model.coefficients),
    };
  }
  return {
    format: 'pith-gbdt',
    version: 1,
    featureNames: model.featureNames,
    params: model.params,
    baseScore: model.baseScore,
    binEdges: [],
    trees: model.trees.map((tree) => ({
      feature: list(tree.feature),
      threshold: list(tree.threshold),
      missingLeft: list(tree.missingLeft),
      left: list(tree.left),
      right: list(tree.right),
      gain: list(tree.gain),
      leaf: list(tree.leafValue),
    })),
  };
}

const readPageTypeModel = modelLoader<PageTypeModel>({
  parse(text, file) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PithError('BAD_OPTION', `page-type model: ${file} is not JSON`, { cause: error });
    }
    return pageTypeModelFromJson(json);
  },
  cannotRead: (file, error) =>
    new PithError('BAD_OPTION', `page-type model: cannot read ${file}`, { cause: error }),
});

/**
 * Reads and checks a model: the shipped one, or a name the tools' model reader knows (a file path);
 * cached by name. Throws a PithError (BAD_OPTION).
 */
export function loadPageTypeModel(name: string = DEFAULT_PAGE_TYPE_MODEL): PageTypeModel {
  return readPageTypeModel(name);
}

/**
 * Per-type probabilities (PAGE_TYPES order, summing to 1) for a `pageTypeFeatures` vector.
 * Non-finite inputs count as missing.
 */
export function predictPageTypeProbabilities(
  model: PageTypeModel,
  features: ArrayLike<number>,
): Float64Array {
  const { columns } = model;
  let row: ArrayLike<number> = features;
  const identity = columns.length === PAGE_TYPE_FEATURE_NAMES.length && columns.every((c, i) => c === i);
  if (!identity || !allFinite(features)) {
    // A Float32 row's values stay Float32 (exact): the compiled trees can read it.
    const mapped =
      features instanceof Float32Array ? new Float32Array(columns.length) : new Float64Array(columns.length);
    for (let column = 0; column < columns.length; column++) {
      const value = features[columns[column]];
      mapped[column] = Number.isFinite(value) ? value : Number.NaN;
    }
    row = mapped;
  }
  const margins = model.models.map((inner, at) => {
    const compiled = model.compiled[at];
    // Bit-identical to predictMargin on a Float32 row (compiled.ts); other rows take the walk.
    return compiled && row instanceof Float32Array && row.length >= compiled.featureCount
      ? compiledMargin(compiled, row, 0)
      : predictMargin(inner, row);
  });
  return combineMargins(margins, model.combine);
}

function allFinite(values: ArrayLike<number>): boolean {
  for (let index = 0; index < values.length; index++) if (!Number.isFinite(values[index])) return false;
  return true;
}

/** Margins (log-odds, one per type) → probabilities summing to 1. */
export function combineMargins(margins: readonly number[], rule: CombineRule): Float64Array {
  const out = new Float64Array(margins.length);
  if (rule === 'softmax') {
    const top = margins.reduce((high, margin) => Math.max(high, margin), Number.NEGATIVE_INFINITY);
    for (let i = 0; i < margins.length; i++) out[i] = Math.exp(margins[i] - top);
  } else {
    // σ(m) for each one-vs-rest model; a floor keeps the sum positive when every model says no.
    for (let i = 0; i < margins.length; i++) out[i] = Math.max(1e-9, 1 / (1 + Math.exp(-margins[i])));
  }
  let sum = 0;
  for (const value of out) sum += value;
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}
