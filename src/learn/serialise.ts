/**
 * Models as compact JSON, and back with every field checked. One line per tree and per
 * feature's bin edges keeps diffs of a retrained model readable. Numbers are written by
 * JSON.stringify, which prints the shortest string that reads back as the same double, so a
 * model survives a round trip exactly (thresholds are raw doubles; leaf values and gains were
 * rounded to 6 significant digits when trained).
 */
import { MAX_VALUE_BINS } from './binning.js';
import type { GbdtModel, GbdtParams, GbdtTree } from './gbdt-model.js';
import { DEFAULT_GBDT_PARAMS } from './gbdt-train.js';
import { DEFAULT_LOGISTIC_PARAMS, type LogisticModel, type LogisticParams } from './logistic.js';

export type Model = GbdtModel | LogisticModel;

export const GBDT_FORMAT = 'pith-gbdt';
export const LOGISTIC_FORMAT = 'pith-logistic';
export const MODEL_VERSION = 1;

/** A model file that cannot be used; the message names the field (e.g. `trees[3].left[5]`). */
export class ModelFormatError extends Error {
  override readonly name = 'ModelFormatError';
}

const json = (value: unknown) => JSON.stringify(value);
const list = (values: ArrayLike<number>) => json(Array.from(values));

export interface SerializeOptions {
  /** Write the bin edges (default true). Without them a model file is smaller and predicts the same. */
  readonly binEdges?: boolean;
}

function gbdtToJson(model: GbdtModel, options: SerializeOptions): string {
  const tree = (t: GbdtTree) =>
    `{"feature":${list(t.feature)},"threshold":${list(t.threshold)},"missingLeft":${list(t.missingLeft)},` +
    `"left":${list(t.left)},"right":${list(t.right)},"gain":${list(t.gain)},"leaf":${list(t.leafValue)}}`;
  return [
    `{"format":${json(GBDT_FORMAT)},"version":${MODEL_VERSION},`,
    ...(model.manifest ? [`"manifest":${json(model.manifest)},`] : []),
    `"featureNames":${json(model.featureNames)},`,
    `"params":${json(model.params)},`,
    `"baseScore":${json(model.baseScore)},`,
    options.binEdges === false || !model.binEdges
      ? '"binEdges":null,'
      : `"binEdges":[\n${model.binEdges.map(list).join(',\n')}\n],`,
    `"trees":[\n${model.trees.map(tree).join(',\n')}\n]}\n`,
  ].join('\n');
}

function logisticToJson(model: LogisticModel): string {
  return [
    `{"format":${json(LOGISTIC_FORMAT)},"version":${MODEL_VERSION},`,
    `"featureNames":${json(model.featureNames)},`,
    `"params":${json(model.params)},`,
    `"intercept":${json(model.intercept)},`,
    `"mean":${list(model.mean)},`,
    `"scale":${list(model.scale)},`,
    `"coefficients":${list(model.coefficients)}}\n`,
  ].join('\n');
}

/** The model as JSON text: same model, same bytes. */
export function serializeModel(model: Model, options: SerializeOptions = {}): string {
  return model.kind === 'gbdt' ? gbdtToJson(model, options) : logisticToJson(model);
}

// --- reading -------------------------------------------------------------------------------

function fail(path: string, message: string): never {
  throw new ModelFormatError(`${path}: ${message}`);
}

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'expected an object');
  return value as Record<string, unknown>;
}

function finiteAt(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail(path, `expected a finite number, got ${json(value)}`);
  return value;
}

function numbersAt(value: unknown, path: string, length?: number): number[] {
  if (!Array.isArray(value)) fail(path, 'expected an array of numbers');
  if (length !== undefined && value.length !== length)
    fail(path, `expected ${length} values, got ${value.length}`);
  return value.map((v, i) => finiteAt(v, `${path}[${i}]`));
}

function integersAt(value: unknown, path: string, length: number, low: number, high: number): number[] {
  const values = numbersAt(value, path, length);
  values.forEach((v, i) => {
    if (!Number.isInteger(v) || v < low || v > high)
      fail(`${path}[${i}]`, `expected an integer in ${low} … ${high}, got ${v}`);
  });
  return values;
}

function featureNamesAt(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((name) => typeof name !== 'string')) {
    fail('featureNames', 'expected a non-empty array of strings');
  }
  return value as string[];
}

/** Parameters with exactly the known keys, each a finite number. */
function paramsAt<T extends object>(value: unknown, defaults: T): T {
  const record = objectAt(value, 'params');
  const params = {} as Record<string, number>;
  // own-keys: the defaults' own names, a closed set
  for (const key of Object.keys(defaults)) params[key] = finiteAt(record[key], `params.${key}`);
  for (const key of Object.keys(record))
    if (!Object.hasOwn(defaults, key)) fail(`params.${key}`, 'unknown parameter');
  return params as T;
}

function header(record: Record<string, unknown>, format: string): void {
  if (record.version !== MODEL_VERSION) {
    fail(
      'version',
      `this pith reads version ${MODEL_VERSION} of ${format}, the file has ${json(record.version)}`,
    );
  }
}

function treeAt(value: unknown, path: string, featureCount: number): GbdtTree {
  const record = objectAt(value, path);
  const feature = record.feature;
  if (!Array.isArray(feature)) fail(`${path}.feature`, 'expected an array');
  const n = feature.length;
  const left = integersAt(record.left, `${path}.left`, n, -(n + 1), n - 1);
  const right = integersAt(record.right, `${path}.right`, n, -(n + 1), n - 1);
  // Every node but the root is the child of exactly one node with a lower index: a tree, and
  // prediction always reaches a leaf.
  const internalSeen = new Uint8Array(n);
  const leafSeen = new Uint8Array(n + 1);
  for (let i = 0; i < n; i++) {
    for (const [side, child] of [
      ['left', left[i]],
      ['right', right[i]],
    ] as const) {
      const at = `${path}.${side}[${i}]`;
      if (child >= 0) {
        if (child <= i) fail(at, `internal child ${child} must come after its parent ${i}`);
        if (internalSeen[child]++) fail(at, `internal node ${child} has two parents`);
      } else if (leafSeen[~child]++) fail(at, `leaf ${~child} has two parents`);
    }
  }
  return {
    feature: Int32Array.from(integersAt(feature, `${path}.feature`, n, 0, featureCount - 1)),
    threshold: Float64Array.from(numbersAt(record.threshold, `${path}.threshold`, n)),
    missingLeft: Uint8Array.from(integersAt(record.missingLeft, `${path}.missingLeft`, n, 0, 1)),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    gain: Float64Array.from(numbersAt(record.gain, `${path}.gain`, n)),
    leafValue: Float64Array.from(numbersAt(record.leaf, `${path}.leaf`, n + 1)),
  };
}

function gbdtFromJson(record: Record<string, unknown>): GbdtModel {
  header(record, GBDT_FORMAT);
  const featureNames = featureNamesAt(record.featureNames);
  const params = paramsAt<GbdtParams>(record.params, DEFAULT_GBDT_PARAMS);
  const baseScore = finiteAt(record.baseScore, 'baseScore');
  const edges = record.binEdges;
  if (edges !== null && (!Array.isArray(edges) || edges.length !== featureNames.length)) {
    fail('binEdges', `expected null or one array per feature (${featureNames.length})`);
  }
  const binEdges =
    edges?.map((row, f) => {
      const values = numbersAt(row, `binEdges[${f}]`);
      if (values.length >= MAX_VALUE_BINS) fail(`binEdges[${f}]`, `at most ${MAX_VALUE_BINS - 1} edges`);
      values.forEach((v, i) => {
        if (i > 0 && !(v > values[i - 1])) fail(`binEdges[${f}][${i}]`, 'edges must increase strictly');
      });
      return Float64Array.from(values);
    }) ?? null;
  if (!Array.isArray(record.trees)) fail('trees', 'expected an array');
  const trees = record.trees.map((tree, t) => treeAt(tree, `trees[${t}]`, featureNames.length));
  if (record.manifest === undefined)
    return { kind: 'gbdt', featureNames, baseScore, binEdges, trees, params };
  const manifest = objectAt(record.manifest, 'manifest');
  return { kind: 'gbdt', featureNames, baseScore, binEdges, trees, params, manifest };
}

function logisticFromJson(record: Record<string, unknown>): LogisticModel {
  header(record, LOGISTIC_FORMAT);
  const featureNames = featureNamesAt(record.featureNames);
  const d = featureNames.length;
  const scale = numbersAt(record.scale, 'scale', d);
  scale.forEach((s, j) => {
    if (!(s > 0)) fail(`scale[${j}]`, `expected a positive number, got ${s}`);
  });
  return {
    kind: 'logistic',
    featureNames,
    mean: Float64Array.from(numbersAt(record.mean, 'mean', d)),
    scale: Float64Array.from(scale),
    intercept: finiteAt(record.intercept, 'intercept'),
    coefficients: Float64Array.from(numbersAt(record.coefficients, 'coefficients', d)),
    params: paramsAt<LogisticParams>(record.params, DEFAULT_LOGISTIC_PARAMS),
  };
}

/** A model from parsed JSON, checked field by field. Throws ModelFormatError. */
export function modelFromJson(value: unknown): Model {
  const record = objectAt(value, 'model');
  if (record.format === GBDT_FORMAT) return gbdtFromJson(record);
  if (record.format === LOGISTIC_FORMAT) return logisticFromJson(record);
  return fail('format', `expected "${GBDT_FORMAT}" or "${LOGISTIC_FORMAT}", got ${json(record.format)}`);
}

/** A model from JSON text (as written by serializeModel). Throws ModelFormatError. */
export function parseModel(text: string): Model {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ModelFormatError(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return modelFromJson(value);
}
