/**
 * The metadata model file (`models/metadata.json`, `pith train metadata`): one binary model per
 * field (title, author, date) over that field's candidate features (features.ts), and the margin
 * the page's "none" row gets before it is compared with the candidates (a wrong answer costs more
 * than an empty one: chosen by cross-validation when training).
 *
 * Format (version 1):
 *
 *   { "format": "pith-metadata", "version": 1,
 *     "manifest": { … },                        how the file was built (command, data, date, figures)
 *     "fields": {
 *       "title": { "noneBias": 0, "model": { "format": "pith-gbdt", "featureNames": […], … } },
 *       "author": { … }, "date": { … } } }
 *
 * Each model is a src/learn model (its bin edges left out: only training needs them), checked by
 * `modelFromJson`, whose feature names must be this pith's (a file for other features is refused).
 */
import { PithError } from '../errors.js';
import {
  type CompiledGbdt,
  compiledProbability,
  compileGbdt,
  type Model,
  modelFromJson,
  predictProbability,
  serializeModel,
} from '../learn/index.js';
import { isShippedModelLoaded, modelLoader } from '../model-files.js';
import { AUTHOR_FEATURES, DATE_FEATURES, TITLE_FEATURES } from './features.js';

export const METADATA_MODEL_FORMAT = 'pith-metadata';
export const METADATA_MODEL_VERSION = 1;

/** The fields the model chooses, and the features each reads. */
export const CHOSEN_FIELDS = ['title', 'author', 'date'] as const;
export type ChosenField = (typeof CHOSEN_FIELDS)[number];

export const FIELD_FEATURES: Readonly<Record<ChosenField, readonly string[]>> = {
  title: TITLE_FEATURES,
  author: AUTHOR_FEATURES,
  date: DATE_FEATURES,
};

export interface FieldModel {
  readonly model: Model;
  /** Added to the "none" row's probability before the comparison (≥ 0: empty before wrong). */
  readonly noneBias: number;
  readonly compiled?: CompiledGbdt;
}

export interface MetadataModel {
  readonly fields: Readonly<Record<ChosenField, FieldModel>>;
  readonly manifest: Readonly<Record<string, unknown>>;
  /**
   * A page-type model (the recogniser's file format, read by features/page-type) to use instead of
   * the shipped one: a cross-validation fold's model carries the one trained on its fold, so that
   * no page is scored with a page type learnt from its own label. The shipped model has none.
   */
  readonly pageType?: unknown;
}

/** The name of the model shipped with pith (`models/metadata.json`). */
export const DEFAULT_METADATA_MODEL = 'metadata';

function fail(message: string): never {
  throw new PithError('BAD_OPTION', `metadata model: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds a model from its parts, checking each field's features against this pith's. */
export function makeMetadataModel(
  fields: Record<ChosenField, { model: Model; noneBias: number }>,
  manifest: Readonly<Record<string, unknown>> = {},
  pageType?: unknown,
): MetadataModel {
  const built = {} as Record<ChosenField, FieldModel>;
  for (const field of CHOSEN_FIELDS) {
    const entry = fields[field];
    if (!entry) fail(`no model for ${field}`);
    const expected = FIELD_FEATURES[field];
    const names = entry.model.featureNames;
    if (names.length !== expected.length || names.some((name, at) => name !== expected[at]))
      fail(
        `the ${field} model reads other features than this pith computes (retrain it: pith train metadata)`,
      );
    if (!Number.isFinite(entry.noneBias)) fail(`${field}.noneBias must be a number`);
    built[field] = {
      model: entry.model,
      noneBias: entry.noneBias,
      ...(entry.model.kind === 'gbdt' ? { compiled: compileGbdt(entry.model) } : {}),
    };
  }
  return pageType === undefined ? { fields: built, manifest } : { fields: built, manifest, pageType };
}

/** A model from parsed JSON, checked field by field. Throws a PithError (BAD_OPTION). */
export function metadataModelFromJson(value: unknown): MetadataModel {
  if (!isRecord(value)) fail('expected an object');
  if (value.format !== METADATA_MODEL_FORMAT)
    fail(`format is ${JSON.stringify(value.format)}, expected "${METADATA_MODEL_FORMAT}"`);
  if (value.version !== METADATA_MODEL_VERSION)
    fail(`this pith reads version ${METADATA_MODEL_VERSION}, the file has ${JSON.stringify(value.version)}`);
  const fields = value.fields;
  if (!isRecord(fields)) fail('fields must be an object');
  const parsed = {} as Record<ChosenField, { model: Model; noneBias: number }>;
  for (const field of CHOSEN_FIELDS) {
    const entry = fields[field];
    if (!isRecord(entry)) fail(`fields.${field} must be an object`);
    let model: Model;
    try {
      model = modelFromJson(entry.model);
    } catch (error) {
      return fail(`fields.${field}.model: ${error instanceof Error ? error.message : String(error)}`);
    }
    parsed[field] = { model, noneBias: typeof entry.noneBias === 'number' ? entry.noneBias : Number.NaN };
  }
  return makeMetadataModel(parsed, isRecord(value.manifest) ? value.manifest : {}, value.pageType);
}

/** The file's text: the same model, the same bytes. */
export function serializeMetadataModel(model: MetadataModel): string {
  const fields = CHOSEN_FIELDS.map((field) => {
    const entry = model.fields[field];
    const text = serializeModel(entry.model, { binEdges: false }).trim();
    return `${JSON.stringify(field)}:{"noneBias":${JSON.stringify(entry.noneBias)},"model":\n${text}}`;
  });
  return [
    `{"format":"${METADATA_MODEL_FORMAT}","version":${METADATA_MODEL_VERSION},`,
    `"manifest":${JSON.stringify(model.manifest)},`,
    ...(model.pageType === undefined ? [] : [`"pageType":${JSON.stringify(model.pageType)},`]),
    `"fields":{\n${fields.join(',\n')}\n}}\n`,
  ].join('\n');
}

const readMetadataModel = modelLoader<MetadataModel>({
  parse(text, file) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PithError('BAD_OPTION', `metadata model: ${file} is not JSON`, { cause: error });
    }
    return metadataModelFromJson(json);
  },
  cannotRead: (file, error) =>
    new PithError('BAD_OPTION', `metadata model: cannot read ${file}`, { cause: error }),
});

/**
 * Reads and checks a model: the shipped one, or a name the tools' model reader knows (a file path);
 * cached by name. Throws a PithError (BAD_OPTION).
 */
export function loadMetadataModel(name: string = DEFAULT_METADATA_MODEL): MetadataModel {
  return readMetadataModel(name);
}

/**
 * The shipped model once loaded (`loadShippedModels()`, which `extractAsync()` and pith's tools
 * call), else null: the rules' reading is then the answer. A shipped model that is unusable is an
 * error, as for every model.
 */
export function shippedMetadataModel(): MetadataModel | null {
  return isShippedModelLoaded(DEFAULT_METADATA_MODEL) ? loadMetadataModel() : null;
}

/** The probability that the row at `offset` of `rows` is the field's right answer. */
export function rowProbability(entry: FieldModel, rows: Float32Array, offset: number): number {
  return entry.compiled
    ? compiledProbability(entry.compiled, rows, offset)
    : predictProbability(entry.model, rows, offset);
}
