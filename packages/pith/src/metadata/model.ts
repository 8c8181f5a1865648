/**
 * The metadata model file (`models/metadata.json`, `pith train metadata`): one binary model per
 * field (title, author, date) over that field's candidate features (features.ts), and two margins:
 * the one the page's "none" row gets before it is compared with the candidates (a wrong answer
 * costs more than an empty one), and the one the rules' own answer gets (where the rules are hard to
 * beat, the model must be surer than that to overrule them). Both are chosen by cross-validation
 * when training, per page type and for the whole field (a page whose type is not known); a page
 * gets its types' margins weighted by the page-type recogniser's probabilities. A third, the `floor`, is the least probability an answer
 * must have: below it the field is left empty (a wrong author or date costs a reader more than none).
 *
 * Format (version 1):
 *
 *   { "format": "pith-metadata", "version": 1,
 *     "manifest": { … },                        how the file was built (command, data, date, figures)
 *     "fields": {
 *       "title": { "noneBias": 0, "rulesBias": 0, "floor": 0,       floor optional (0)
 *                  "byPageType": [{ "noneBias": 0, "rulesBias": 2, "floor": 0.4 }, …],   optional, PAGE_TYPE_NAMES order
 *                  "model": { "format": "pith-gbdt", "featureNames": […], … } },
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
import { modelLoader } from '../model-files.js';
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

/** The margins of one field's choice. */
export interface FieldMargins {
  /** Added to the "none" row's probability before the comparison (≥ 0: empty before wrong). */
  readonly noneBias: number;
  /**
   * Added to the rules' answer's row (the "none" row when the rules found nothing): 0, the
   * model's likeliest; RULES_ALWAYS, the rules' answer whatever the model says.
   */
  readonly rulesBias: number;
  /**
   * The least probability the chosen candidate must have, else the field is empty (0 or missing:
   * any).
   */
  readonly floor?: number;
}

/** A `rulesBias` no probability can overcome (probabilities ≤ 1, a "none" margin ≤ 0.5). */
export const RULES_ALWAYS = 2;

export interface FieldModel extends FieldMargins {
  readonly model: Model;
  /**
   * The margins for a page of each type (the page-type recogniser's likeliest, in PAGE_TYPE_NAMES
   * order); the field's own for a page whose type is not known.
   */
  readonly byPageType?: readonly FieldMargins[];
  readonly compiled?: CompiledGbdt;
}

/** What makes one field of a metadata model. */
export interface FieldParts extends FieldMargins {
  model: Model;
  byPageType?: readonly FieldMargins[];
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
  fields: Record<ChosenField, FieldParts>,
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
    checkMargins(entry, field);
    entry.byPageType?.forEach((margins, type) => {
      checkMargins(margins, `${field}.byPageType[${type}]`);
    });
    built[field] = {
      model: entry.model,
      noneBias: entry.noneBias,
      rulesBias: entry.rulesBias,
      ...(entry.floor ? { floor: entry.floor } : {}),
      ...(entry.byPageType === undefined
        ? {}
        : {
            byPageType: entry.byPageType.map(({ noneBias, rulesBias, floor }) => ({
              noneBias,
              rulesBias,
              ...(floor ? { floor } : {}),
            })),
          }),
      ...(entry.model.kind === 'gbdt' ? { compiled: compileGbdt(entry.model) } : {}),
    };
  }
  return pageType === undefined ? { fields: built, manifest } : { fields: built, manifest, pageType };
}

function checkMargins(margins: FieldMargins, at: string): void {
  if (!Number.isFinite(margins.noneBias)) fail(`${at}.noneBias must be a number`);
  if (!Number.isFinite(margins.rulesBias)) fail(`${at}.rulesBias must be a number`);
  if (margins.floor !== undefined && !(margins.floor >= 0 && margins.floor <= 1))
    fail(`${at}.floor must be a number from 0 to 1`);
}

const numberOr = (value: unknown, otherwise: number) =>
  value === undefined ? otherwise : typeof value === 'number' ? value : Number.NaN;

function marginsOf(value: unknown, at: string): FieldMargins {
  if (!isRecord(value)) fail(`${at} must be an object`);
  return {
    noneBias: numberOr(value.noneBias, Number.NaN),
    rulesBias: numberOr(value.rulesBias, 0),
    ...(value.floor === undefined ? {} : { floor: numberOr(value.floor, Number.NaN) }),
  };
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
  const parsed = {} as Record<ChosenField, FieldParts>;
  for (const field of CHOSEN_FIELDS) {
    const entry = fields[field];
    if (!isRecord(entry)) fail(`fields.${field} must be an object`);
    let model: Model;
    try {
      model = modelFromJson(entry.model);
    } catch (error) {
      return fail(`fields.${field}.model: ${error instanceof Error ? error.message : String(error)}`);
    }
    const byPageType = entry.byPageType;
    if (byPageType !== undefined && !Array.isArray(byPageType))
      fail(`fields.${field}.byPageType must be an array`);
    parsed[field] = {
      model,
      ...marginsOf(entry, `fields.${field}`),
      ...(byPageType === undefined
        ? {}
        : {
            byPageType: byPageType.map((margins, type) =>
              marginsOf(margins, `fields.${field}.byPageType[${type}]`),
            ),
          }),
    };
  }
  return makeMetadataModel(parsed, isRecord(value.manifest) ? value.manifest : {}, value.pageType);
}

/** The file's text: the same model, the same bytes. */
export function serializeMetadataModel(model: MetadataModel): string {
  const fields = CHOSEN_FIELDS.map((field) => {
    const entry = model.fields[field];
    const text = serializeModel(entry.model, { binEdges: false }).trim();
    const margins = ({ noneBias, rulesBias, floor }: FieldMargins) =>
      `"noneBias":${noneBias},"rulesBias":${rulesBias}${floor ? `,"floor":${floor}` : ''}`;
    const byType =
      entry.byPageType === undefined
        ? ''
        : `,"byPageType":[${entry.byPageType.map((type) => `{${margins(type)}}`).join(',')}]`;
    return `${JSON.stringify(field)}:{${margins(entry)}${byType},"model":\n${text}}`;
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
 * The shipped model (loaded with the library: `extract()` and `extractAsync()` answer the same). A
 * shipped model that is unusable is an error, as for every model.
 */
export function shippedMetadataModel(): MetadataModel {
  return loadMetadataModel();
}

/** The margins of a field for a page whose likeliest type is `type` (-1: not known). */
export function marginsFor(entry: FieldModel, type: number): FieldMargins {
  const { noneBias, rulesBias, floor = 0 } = (type >= 0 ? entry.byPageType?.[type] : undefined) ?? entry;
  return { noneBias, rulesBias, floor };
}

/**
 * The margins of a field for a page of page-type probabilities `types` (PAGE_TYPE_NAMES order):
 * each type's margins weighted by its probability, so that a page the recogniser is unsure of gets
 * margins between those of the types it hesitates between; the field's own without them.
 */
export function weightedMargins(entry: FieldModel, types: ArrayLike<number> | undefined): FieldMargins {
  const byType = entry.byPageType;
  if (types === undefined || byType === undefined) return marginsFor(entry, -1);
  let noneBias = 0;
  let rulesBias = 0;
  let floor = 0;
  let total = 0;
  for (let type = 0; type < byType.length && type < types.length; type++) {
    const weight = types[type];
    if (!(weight > 0)) continue;
    noneBias += weight * byType[type].noneBias;
    rulesBias += weight * byType[type].rulesBias;
    floor += weight * (byType[type].floor ?? 0);
    total += weight;
  }
  return total > 0
    ? { noneBias: noneBias / total, rulesBias: rulesBias / total, floor: floor / total }
    : marginsFor(entry, -1);
}

/**
 * The row chosen among a page's rows (the candidates', then "none"): the likeliest once the
 * margins are added ("none" wins ties, then the rules' row), or "none" when its own probability is
 * below the floor. Shared by the choice and the trainer.
 */
export function chosenRow(
  probabilities: ArrayLike<number>,
  rulesRow: number,
  { noneBias, rulesBias, floor = 0 }: FieldMargins,
): number {
  const none = probabilities.length - 1;
  const score = (row: number) =>
    probabilities[row] + (row === none ? noneBias : 0) + (row === rulesRow ? rulesBias : 0);
  let best = none;
  let bestScore = score(none);
  if (rulesRow !== none && score(rulesRow) > bestScore) {
    best = rulesRow;
    bestScore = score(rulesRow);
  }
  for (let row = 0; row < none; row++) {
    const value = score(row);
    if (value > bestScore) {
      best = row;
      bestScore = value;
    }
  }
  return probabilities[best] < floor ? none : best;
}

/** The likeliest type in page-type probabilities (-1: none given, or not a number). */
export function likeliestType(probabilities: ArrayLike<number> | undefined): number {
  if (probabilities === undefined) return -1;
  let best = -1;
  for (let type = 0; type < probabilities.length; type++)
    if (!Number.isNaN(probabilities[type]) && (best < 0 || probabilities[type] > probabilities[best]))
      best = type;
  return best;
}

/** The probability that the row at `offset` of `rows` is the field's right answer. */
export function rowProbability(entry: FieldModel, rows: Float32Array, offset: number): number {
  return entry.compiled
    ? compiledProbability(entry.compiled, rows, offset)
    : predictProbability(entry.model, rows, offset);
}
