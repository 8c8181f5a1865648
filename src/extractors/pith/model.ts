/**
 * The block classifier's model: `models/pith-blocks.json` at the package root
 * (or a file given by the `model` option), loaded once per path and cached.
 * A missing shipped model means "heuristic stage only" (a fresh checkout before
 * `pith train blocks`); a missing or corrupt file the caller named is an error.
 */
import { existsSync } from 'node:fs';
import { PithError } from '../../errors.js';
import {
  compiledProbability,
  compileGbdt,
  type Model,
  parseModel,
  predictProbability,
} from '../../learn/index.js';
import { modelFileLoader, modelPath, shippedModelPath } from '../../model-files.js';

export const DEFAULT_BLOCK_MODEL_PATH = shippedModelPath('pith-blocks.json');

/** The block models shipped with pith, by name (`models/<name>.json`). */
export const SHIPPED_BLOCK_MODELS: readonly string[] = ['pith-blocks'];

/** What the extractor needs of a model. */
export interface BlockModel {
  /** Throws when the model was trained on other features than `names`. */
  checkFeatures(names: readonly string[]): void;
  /** Probability that the row starting at `offset` is main content. */
  predict(values: Float32Array, offset: number): number;
}

const readBlockModel = modelFileLoader<BlockModel>({
  parse: parseBlockModel,
  cannotRead(file, error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const reason = error instanceof Error ? error.message : String(error);
    return new PithError(
      'BAD_OPTION',
      missing ? `model file not found: ${file}` : `cannot read model ${file}: ${reason}`,
      {
        cause: error,
      },
    );
  },
});

/** Whether the shipped model is there (checked once: extraction calls this for every page). */
let shippedPresent: boolean | undefined;

/**
 * Loads (once) the model named by `value`: '' = the shipped one (undefined when it is not
 * there), a shipped model's name, or a file path.
 */
export function loadBlockModel(value: string): BlockModel | undefined {
  if (value !== '') return readBlockModel(modelPath(value, SHIPPED_BLOCK_MODELS));
  shippedPresent ??= existsSync(DEFAULT_BLOCK_MODEL_PATH);
  return shippedPresent ? readBlockModel(DEFAULT_BLOCK_MODEL_PATH) : undefined;
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
          `model ${file} was trained on other block features (retrain it: pith train blocks)`,
        );
      }
      checked = true;
    },
    predict: compiled
      ? (values, offset) => compiledProbability(compiled, values, offset)
      : (values, offset) => predictProbability(model, values, offset),
  };
}
