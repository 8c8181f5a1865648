/**
 * Where the density model comes from: the shipped `density` (models/density.json, loaded on demand:
 * see model-files.ts), or a name the tools' model reader knows (a file path). Models are read once per
 * name and kept: a model is immutable, so this does not make extraction impure.
 */
import { PithError } from '../../errors.js';
import { modelLoader } from '../../model-files.js';
import { type DensityModel, parseDensityModel } from './model.js';

/** The name of the model shipped with pith (`models/density.json`). */
export const DEFAULT_DENSITY_MODEL = 'density';

/** The density models shipped with pith, by name (`models/<name>.json`). */
export const SHIPPED_DENSITY_MODELS: readonly string[] = [DEFAULT_DENSITY_MODEL];

/** What to do about a model that cannot be used, for the error message. */
function remedy(name: string): string {
  const alternatives =
    'give another model (option `model`, CLI --density-model FILE) or run the filter alone ' +
    '(option `classifier: false`, CLI --density-classifier false)';
  return name === DEFAULT_DENSITY_MODEL
    ? `This is the model shipped with pith: rebuild it with the command in models/README.md (pith train density …), or ${alternatives}.`
    : `Write one with \`pith train density … --out FILE\`, or ${alternatives}.`;
}

const readDensityModel = modelLoader<DensityModel>({
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
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    return new PithError('BAD_OPTION', `density: cannot read model ${file} (${reason}). ${remedy(file)}`, {
      cause: error,
    });
  },
});

/**
 * Reads and checks a model: a shipped model's name or one the tools' reader knows (cached by name).
 * Throws a PithError (BAD_OPTION).
 */
export function loadDensityModel(name: string = DEFAULT_DENSITY_MODEL): DensityModel {
  return readDensityModel(name);
}
