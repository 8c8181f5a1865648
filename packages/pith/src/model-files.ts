/**
 * Where models come from, in any JavaScript runtime: the library reads no file.
 *
 * - The shipped models (`models/NAME.json` at the package root) are ES modules built from those files
 *   (scripts/models.mjs: the JSON text as one string, its trees packed, unpacked and parsed when the
 *   model is first used: model-packing.ts). The default
 *   extractor's three (pith-blocks, page-type, quality) and the metadata choice's are imported with the
 *   library; density's and mss's (1.7 MB, for two research extractors) are loaded when asked for:
 *   `loadShippedModels()`, which `extractAsync()` calls for the extractor it runs. The path is one
 *   folder above this module both from `src/` (tsx) and from `dist/`.
 * - Any other name (a model file the user of the CLI named) goes to the reader the tools install with
 *   `setModelReader` (theirs reads files); without one it is an error.
 *
 * A model is immutable once parsed, so caching it does not make extraction impure.
 */
import metadataText from '../models/metadata.js';
import pageTypeText from '../models/page-type.js';
import pithBlocksText from '../models/pith-blocks.js';
import qualityText from '../models/quality.js';
import { PithError } from './errors.js';
import { unpackModelText } from './model-packing.js';

/** The models shipped with pith, by name (`models/NAME.json`). */
export const SHIPPED_MODELS = ['pith-blocks', 'page-type', 'quality', 'metadata', 'density', 'mss'] as const;
export type ShippedModelName = (typeof SHIPPED_MODELS)[number];

/** The shipped models loaded only when asked for, and how. */
const LAZY_MODELS: Readonly<Record<string, () => Promise<{ default: string }>>> = {
  density: () => import('../models/density.js'),
  mss: () => import('../models/mss.js'),
};

/** Shipped models' texts that are here: the default ones from the start, the others once loaded. */
const shippedTexts = new Map<string, string>([
  ['pith-blocks', pithBlocksText],
  ['page-type', pageTypeText],
  ['quality', qualityText],
  ['metadata', metadataText],
]);

export function isShippedModel(name: string): name is ShippedModelName {
  return (SHIPPED_MODELS as readonly string[]).includes(name);
}

/**
 * Loads shipped models that are not loaded with the library (density's, mss's), so that `extract()`
 * can run their extractors; all of them by default. `extractAsync()` loads what its extractor needs.
 */
export async function loadShippedModels(names: readonly ShippedModelName[] = SHIPPED_MODELS): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      const load = LAZY_MODELS[name];
      if (load === undefined || shippedTexts.has(name)) return;
      shippedTexts.set(name, (await load()).default);
    }),
  );
}

/** Reads a model that is not shipped, by the name the caller gave (the tools: a file path). */
export type ModelReader = (name: string) => string;

let modelReader: ModelReader | undefined;

/**
 * Installs where models that are not shipped come from (pith's tools install a file reader; the
 * service installs none, so a client can name shipped models only). `undefined` removes it.
 */
export function setModelReader(reader: ModelReader | undefined): void {
  modelReader = reader;
}

/** How one kind of model is made from its text, and the errors in its words. */
export interface ModelParser<T> {
  /** Turns the text into a model; throws a PithError when the content is not a usable model. */
  parse(text: string, name: string): T;
  /** The error for a model that cannot be read (a missing file, no reader). */
  cannotRead(name: string, error: unknown): PithError;
}

/**
 * The `parse` of a model stored as JSON: the text parsed, then read by `fromJson`; text that is
 * not JSON is reported through `fail` (which throws the model's own error).
 */
export function parseJsonModel<T>(
  fromJson: (value: unknown, name: string) => T,
  fail: (name: string, why: string) => never,
): (text: string, name: string) => T {
  return (text, name) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      fail(name, (error as Error).message);
    }
    return fromJson(value, name);
  };
}

/** A loader that finds, parses and caches a model per name (a shipped model's, or one the reader knows). */
export function modelLoader<T>(parser: ModelParser<T>): (name: string) => T {
  const loaded = new Map<string, T>();
  return (name) => {
    const cached = loaded.get(name);
    if (cached !== undefined) return cached;
    let text: string;
    try {
      text = modelText(name);
    } catch (error) {
      throw parser.cannotRead(name, error);
    }
    const model = parser.parse(text, name);
    loaded.set(name, model);
    return model;
  };
}

function modelText(name: string): string {
  const shipped = shippedTexts.get(name);
  if (shipped !== undefined) return unpackModelText(shipped);
  if (isShippedModel(name)) {
    throw new PithError(
      'BAD_OPTION',
      `the shipped model '${name}' is not loaded: \`await loadShippedModels(['${name}'])\` first (extractAsync() loads it)`,
    );
  }
  if (modelReader === undefined) {
    throw new PithError(
      'BAD_OPTION',
      `'${name}' is not a shipped model (${SHIPPED_MODELS.join(', ')}); the library reads no files: ` +
        'pass the parsed model itself, or install a reader with setModelReader()',
    );
  }
  return modelReader(name);
}

/** One dataset a shipped model was trained on, as its manifest records it. */
export interface ManifestDataset {
  /** Dataset name (e.g. `cleaneval`). */
  name: string;
  /** Reader / format used. */
  format: string;
  /** Path as given on the command line. */
  path: string;
  pages: number;
  /** Training units (density: filtered chunks; mss: tokens), and how they were labelled. */
  chunks: number;
  keep: number;
  discard: number;
  unlabelled: number;
}

/** How and from what a model was built. Free-form beyond these fields. */
export interface TrainingManifest {
  datasets: ManifestDataset[];
  /** The command that rebuilds the model, as typed. */
  command: string;
  /** ISO date of the build (from SOURCE_DATE_EPOCH when set, for reproducible files). */
  date: string;
  code: { pith: string; extractor: string; git?: string };
  options: Record<string, number | string | boolean>;
  /** Held-out error rates measured while training (see src/train). */
  evaluation?: unknown;
}
