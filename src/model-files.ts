/**
 * Model files shipped in `models/` at the package root, and reading any model file once per
 * path. The root is one folder above this module both from `src/` (tsx) and from `dist/`.
 * A model is immutable once read, so caching it does not make extraction impure.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PithError } from './errors.js';

const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The path of a model shipped with pith (`models/NAME`). */
export function shippedModelPath(name: string): string {
  return resolve(PACKAGE_ROOT, 'models', name);
}

/**
 * The file a model option means: the name of a shipped model (`pith-blocks`, `density`) is
 * that model's file; anything else is a path the library or CLI user chose.
 */
export function modelPath(value: string, shippedNames: readonly string[]): string {
  return shippedNames.includes(value) ? shippedModelPath(`${value}.json`) : value;
}

/**
 * Reads a regular file as UTF-8. Opened non-blocking and checked before reading, so a FIFO,
 * a device or a directory is refused at once instead of blocking the thread in open() or read().
 */
function readRegularFile(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) {
      throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

export interface ModelFileReader<T> {
  /** Turns the file's text into a model; throws a PithError when the content is not a usable model. */
  parse(text: string, file: string): T;
  /** The error for a file that cannot be read (missing, unreadable). */
  cannotRead(file: string, error: unknown): PithError;
}

/**
 * The `parse` of a model stored as JSON: the text parsed, then read by `fromJson`; text that is
 * not JSON is reported through `fail` (which throws the model's own error).
 */
export function parseJsonModel<T>(
  fromJson: (value: unknown, file: string) => T,
  fail: (file: string, why: string) => never,
): (text: string, file: string) => T {
  return (text, file) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      fail(file, (error as Error).message);
    }
    return fromJson(value, file);
  };
}

/** A loader that reads, parses and caches a model per absolute path. */
export function modelFileLoader<T>(reader: ModelFileReader<T>): (path: string) => T {
  const loaded = new Map<string, T>();
  return (path) => {
    const file = resolve(path);
    const cached = loaded.get(file);
    if (cached !== undefined) return cached;
    let text: string;
    try {
      text = readRegularFile(file);
    } catch (error) {
      throw reader.cannotRead(file, error);
    }
    const model = reader.parse(text, file);
    loaded.set(file, model);
    return model;
  };
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
