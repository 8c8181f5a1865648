/**
 * Where the density model comes from: `models/density.json` at the package root
 * (the same path from `src/` under tsx and from `dist/`, both two folders below
 * `extractors/density/`), or a path the caller gives. Models are read once per path
 * and kept: a model is immutable, so this does not make extraction impure.
 */
import { PithError } from '../../errors.js';
import { modelFileLoader, modelPath, shippedModelPath } from '../../model-files.js';
import { type DensityModel, parseDensityModel } from './model.js';

/** The model shipped with pith. */
export const DEFAULT_MODEL_PATH = shippedModelPath('density.json');

/** The density models shipped with pith, by name (`models/<name>.json`). */
export const SHIPPED_DENSITY_MODELS: readonly string[] = ['density'];

/** What to do about a model that cannot be used, for the error message. */
function remedy(absolute: string): string {
  const alternatives =
    'give another model (option `model`, CLI --density-model FILE) or run the filter alone ' +
    '(option `classifier: false`, CLI --density-classifier false)';
  return absolute === DEFAULT_MODEL_PATH
    ? `This is the model shipped with pith: rebuild it with the command in models/README.md (pith train density …), or ${alternatives}.`
    : `Write one with \`pith train density … --out FILE\`, or ${alternatives}.`;
}

const readDensityModel = modelFileLoader<DensityModel>({
  parse(text, file) {
    try {
      return parseDensityModel(JSON.parse(text));
    } catch (error) {
      // A truncated or hand-edited file fails here (JSON syntax), as does a file of another format or version.
      const reason = (error instanceof Error ? error.message : String(error)).replace(/^density model: /, '');
      throw new PithError(
        'BAD_OPTION',
        `density: ${file} is not a usable model: ${reason}. ${remedy(file)}`,
        {
          cause: error,
        },
      );
    }
  },
  cannotRead(file, error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    return new PithError('BAD_OPTION', `density: cannot read model ${file} (${reason}). ${remedy(file)}`, {
      cause: error,
    });
  },
});

/**
 * Reads and checks a model: a shipped model's name or a file (cached by absolute path).
 * Throws a PithError (BAD_OPTION).
 */
export function loadDensityModel(path: string = DEFAULT_MODEL_PATH): DensityModel {
  return readDensityModel(modelPath(path, SHIPPED_DENSITY_MODELS));
}
