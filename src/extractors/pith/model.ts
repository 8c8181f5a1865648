/**
 * The block classifier's model: `models/pith-blocks.json` at the package root
 * (or a file given by the `model` option), loaded once per path and cached.
 * A missing shipped model means "heuristic stage only" (a fresh checkout before
 * `npm run train:default`); a missing or corrupt file the caller named is an error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PithError } from '../../errors.js';
import {
  compiledProbability,
  compileGbdt,
  type Model,
  parseModel,
  predictProbability,
} from '../../learn/index.js';

const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_BLOCK_MODEL_PATH = resolve(PACKAGE_ROOT, 'models', 'pith-blocks.json');

/** What the extractor needs of a model. */
export interface BlockModel {
  /** Throws when the model was trained on other features than `names`. */
  checkFeatures(names: readonly string[]): void;
  /** Probability that the row starting at `offset` is main content. */
  predict(values: Float32Array, offset: number): number;
}

const cache = new Map<string, BlockModel | undefined>();

/** Loads (once) the model at `path` ('' = the shipped one). */
export function loadBlockModel(path: string): BlockModel | undefined {
  const file = path === '' ? DEFAULT_BLOCK_MODEL_PATH : resolve(path);
  if (cache.has(file)) return cache.get(file);
  let model: BlockModel | undefined;
  if (!existsSync(file)) {
    if (path !== '') throw new PithError('BAD_OPTION', `model file not found: ${file}`);
    model = undefined;
  } else {
    model = parseBlockModel(readFileSync(file, 'utf8'), file);
  }
  cache.set(file, model);
  return model;
}

function parseBlockModel(text: string, file: string): BlockModel {
  let model: Model;
  try {
    model = parseModel(text);
  } catch (error) {
    throw new PithError('BAD_OPTION', `cannot read model ${file}: ${(error as Error).message}`);
  }
  const compiled = model.kind === 'gbdt' ? compileGbdt(model) : undefined;
  let checked = false;
  return {
    checkFeatures(names) {
      if (checked) return;
      const expected = model.featureNames;
      if (expected.length !== names.length || expected.some((name, index) => name !== names[index])) {
        throw new PithError(
          'BAD_OPTION',
          `model ${file} was trained on other block features (retrain it: npm run train:default)`,
        );
      }
      checked = true;
    },
    predict: compiled
      ? (values, offset) => compiledProbability(compiled, values, offset)
      : (values, offset) => predictProbability(model, values, offset),
  };
}
