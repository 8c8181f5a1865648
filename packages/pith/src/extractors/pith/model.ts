/**
 * The block classifier's model: the shipped `pith-blocks` (models/pith-blocks.json), or another
 * the `model` option names (a file, read by the tools' model reader), loaded once per name and
 * cached. A missing or corrupt model the caller named is an error.
 */
import { PithError } from '../../errors.js';
import {
  compiledMargins,
  compiledProbability,
  compileGbdt,
  type Model,
  parseModel,
  predictProbability,
  sigmoid,
} from '../../learn/index.js';
import { isShippedModel, modelLoader } from '../../model-files.js';

/** The name of the shipped block model (`models/pith-blocks.json`). */
export const DEFAULT_BLOCK_MODEL = 'pith-blocks';

/** The block models shipped with pith, by name (`models/<name>.json`). */
export const SHIPPED_BLOCK_MODELS: readonly string[] = [DEFAULT_BLOCK_MODEL];

/** The name of the second-stage block model (`models/pith-stack.json`), once one ships. */
export const DEFAULT_STACK_MODEL = 'pith-stack';

/** The second-stage models shipped with pith: none yet (without one the first stage answers). */
export const SHIPPED_STACK_MODELS: readonly string[] = [DEFAULT_STACK_MODEL].filter(isShippedModel);

/** What the extractor needs of a model. */
export interface BlockModel {
  /** Throws when the model was trained on other features than `names`. */
  checkFeatures(names: readonly string[]): void;
  /** Probability that the row starting at `offset` is main content. */
  predict(values: Float32Array, offset: number): number;
  /**
   * `predict` of the rows `from … to`, `width` values apart (`values[row * width …]`), into
   * `out[row]`: the same probabilities, many blocks a call (see `compiledMargins`).
   */
  predictRows(values: Float32Array, width: number, from: number, to: number, out: Float64Array): void;
}

const readBlockModel = modelLoader<BlockModel>({
  parse: parseBlockModel,
  cannotRead(file, error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
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

/**
 * Loads (once) the model named by `value`: '' = the shipped one, a shipped model's name, or a
 * name the tools' model reader knows (a file path).
 */
export function loadBlockModel(value: string): BlockModel {
  return readBlockModel(value === '' ? DEFAULT_BLOCK_MODEL : value);
}

/**
 * The second stage (stacking), a model of the block model's kind over `STACK_FEATURE_NAMES`:
 * '' = the shipped one (none while none ships), 'none' = none, or a model's name.
 */
export function loadStackModel(value: string): BlockModel | undefined {
  if (value === 'none') return undefined;
  if (value !== '') return readBlockModel(value);
  return SHIPPED_STACK_MODELS.length > 0 ? readBlockModel(DEFAULT_STACK_MODEL) : undefined;
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
    predictRows: compiled
      ? (values, width, from, to, out) => {
          compiledMargins(compiled, values, width, from, to, out);
          for (let row = from; row < to; row++) out[row] = sigmoid(out[row]);
        }
      : (values, width, from, to, out) => {
          for (let row = from; row < to; row++) out[row] = predictProbability(model, values, row * width);
        },
  };
}
