/**
 * Held-out models: the file that tells the bench, for every page a learned extractor was
 * trained on, which model did not see it (a cross-validation fold's, or the model trained
 * without the page's dataset). `pith bench -e pith:held-out=FILE` scores each page with that
 * model, so a dataset used for training gets a figure for pages the model has never seen.
 * Written by `pith train … --folds K | --lodo`; read here.
 *
 *   { "format": "pith-held-out", "version": 1,
 *     "extractor": "pith", "option": "model",      the extractor and the option the models fill
 *     "scheme": "5-fold by site",                   how pages were held out (for labels)
 *     "datasets": ["wcxb-dev", …],                  what the models were trained from
 *     "models": ["fold-0.json", …],                 relative to this file
 *     "pages": { "<sha256 of the page's bytes>": 0, … },   page → the model that did not see it
 *     "manifest": { … } }                           how the models were built
 *
 * Pages are keyed by their bytes, so a page is found whatever its dataset's folder is called.
 * A page not listed was seen by no model: any of them holds it out, and the first is used.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const HELD_OUT_FORMAT = 'pith-held-out';
export const HELD_OUT_VERSION = 1;

export interface HeldOutFile {
  format: typeof HELD_OUT_FORMAT;
  version: typeof HELD_OUT_VERSION;
  /** The extractor these models belong to (its registry name). */
  extractor: string;
  /** The extractor option that takes a model file. */
  option: string;
  /** How pages were held out: '5-fold by site', 'leave one dataset out'. */
  scheme: string;
  /** The datasets the models were trained from, by name. */
  datasets: string[];
  /** Model files, relative to the held-out file. */
  models: string[];
  /** sha256 (hex) of a page's bytes → index in `models` of the model that did not see it. */
  pages: Record<string, number>;
  manifest?: Record<string, unknown>;
}

/** A held-out file, read and checked. */
export interface HeldOutModels {
  /** Absolute path of the held-out file. */
  file: string;
  extractor: string;
  option: string;
  scheme: string;
  datasets: readonly string[];
  /** Absolute model paths. */
  models: readonly string[];
  /** The model (absolute path) for a page, by the sha256 of its bytes. */
  modelFor(pageDigest: string): string;
  /** A hash of the file and of every model's bytes: changes when any of them does. */
  digest: string;
}

function fail(file: string, message: string): never {
  throw new Error(`held-out file ${file}: ${message}`);
}

/** Parses a held-out file's text (models are resolved from `file`'s folder). */
export function parseHeldOut(text: string, file: string): HeldOutFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(file, `not JSON (${(error as Error).message})`);
  }
  const record = value as Partial<HeldOutFile> | null;
  if (!record || typeof record !== 'object' || record.format !== HELD_OUT_FORMAT)
    fail(file, `not a ${HELD_OUT_FORMAT} file`);
  if (record.version !== HELD_OUT_VERSION)
    fail(file, `this pith reads version ${HELD_OUT_VERSION}, the file has ${JSON.stringify(record.version)}`);
  for (const key of ['extractor', 'option', 'scheme'] as const) {
    if (typeof record[key] !== 'string' || record[key] === '') fail(file, `${key} must be a string`);
  }
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (!strings(record.datasets)) fail(file, 'datasets must be a list of names');
  if (!strings(record.models) || (record.models as string[]).length === 0)
    fail(file, 'models must be a non-empty list of files');
  const count = (record.models as string[]).length;
  if (!record.pages || typeof record.pages !== 'object') fail(file, 'pages must be an object');
  for (const [digest, index] of Object.entries(record.pages)) {
    if (!/^[0-9a-f]{64}$/.test(digest)) fail(file, `page key ${digest} is not a sha256`);
    if (!Number.isInteger(index) || index < 0 || index >= count)
      fail(file, `page ${digest}: model ${index} is not one of the ${count} models`);
  }
  return record as HeldOutFile;
}

/** A page's key in a held-out file: the sha256 (hex) of its bytes. */
export function pageDigest(html: Uint8Array): string {
  return createHash('sha256').update(html).digest('hex');
}

const loaded = new Map<string, HeldOutModels>();

/** Reads a held-out file (once per path and process) and the models it names (for the digest). */
export function readHeldOut(file: string): HeldOutModels {
  const absolute = path.resolve(file);
  const known = loaded.get(absolute);
  if (known) return known;
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    fail(file, `cannot read it (${(error as Error).message})`);
  }
  const parsed = parseHeldOut(text, file);
  const models = parsed.models.map((model) => path.resolve(path.dirname(absolute), model));
  const hash = createHash('sha256').update(text);
  for (const model of models) {
    try {
      hash.update('\0').update(readFileSync(model));
    } catch (error) {
      fail(file, `cannot read model ${model} (${(error as Error).message})`);
    }
  }
  const pages = new Map(Object.entries(parsed.pages));
  const heldOut: HeldOutModels = {
    file: absolute,
    extractor: parsed.extractor,
    option: parsed.option,
    scheme: parsed.scheme,
    datasets: parsed.datasets,
    models,
    modelFor: (digest) => models[pages.get(digest) ?? 0],
    digest: hash.digest('hex').slice(0, 16),
  };
  loaded.set(absolute, heldOut);
  return heldOut;
}

/** The row label of an extractor scored with held-out models: `pith (held out, 5-fold by site)`. */
export function heldOutLabel(label: string, scheme: string): string {
  return `${label} (held out, ${scheme})`;
}
