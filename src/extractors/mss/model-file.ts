/**
 * Where the MSS model comes from: `models/mss.json` at the package root, a shipped model's name,
 * or a path the library or CLI user gives. Read once per path (a model is immutable).
 */
import { PithError } from '../../errors.js';
import { modelFileLoader, modelPath, shippedModelPath } from '../../model-files.js';
import { type MssModel, parseMssModel } from './model.js';

/** The model shipped with pith. */
export const DEFAULT_MSS_MODEL_PATH = shippedModelPath('mss.json');

/** The MSS models shipped with pith, by name (`models/<name>.json`). */
export const SHIPPED_MSS_MODELS: readonly string[] = ['mss'];

const REMEDY =
  "Write one with `pith train mss … --out FILE` (models/README.md has the shipped model's command).";

const readMssModel = modelFileLoader<MssModel>({
  parse(text, file) {
    try {
      return parseMssModel(JSON.parse(text));
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/^mss model: /, '');
      throw new PithError('BAD_OPTION', `mss: ${file} is not a usable model: ${reason}. ${REMEDY}`, {
        cause: error,
      });
    }
  },
  cannotRead(file, error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    return new PithError('BAD_OPTION', `mss: cannot read model ${file} (${reason}). ${REMEDY}`, {
      cause: error,
    });
  },
});

/** Reads and checks a model: a shipped model's name or a file. Throws a PithError (BAD_OPTION). */
export function loadMssModel(path: string = DEFAULT_MSS_MODEL_PATH): MssModel {
  return readMssModel(modelPath(path, SHIPPED_MSS_MODELS));
}
