/**
 * Model files shipped in `models/` at the package root, and reading any model file once per
 * path. The root is one folder above this module both from `src/` (tsx) and from `dist/`.
 * A model is immutable once read, so caching it does not make extraction impure.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PithError } from './errors.js';

const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The path of a model shipped with pith (`models/NAME`). */
export function shippedModelPath(name: string): string {
  return resolve(PACKAGE_ROOT, 'models', name);
}

export interface ModelFileReader<T> {
  /** Turns the file's text into a model; throws a PithError when the content is not a usable model. */
  parse(text: string, file: string): T;
  /** The error for a file that cannot be read (missing, unreadable). */
  cannotRead(file: string, error: unknown): PithError;
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
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw reader.cannotRead(file, error);
    }
    const model = reader.parse(text, file);
    loaded.set(file, model);
    return model;
  };
}
