/**
 * Where the MSS model comes from: the shipped `mss` (models/mss.json, loaded on demand: see
 * model-files.ts), or a name the tools' model reader knows (a file path the CLI's user gives).
 * Read once per name (a model is immutable).
 */
import { PithError } from '../../errors.js';
import { modelLoader } from '../../model-files.js';
import { type MssModel, parseMssModel } from './model.js';

/** The name of the model shipped with pith (`models/mss.json`). */
export const DEFAULT_MSS_MODEL = 'mss';

/** The MSS models shipped with pith, by name (`models/<name>.json`). */
export const SHIPPED_MSS_MODELS: readonly string[] = [DEFAULT_MSS_MODEL];

const REMEDY =
  "Write one with `pith train mss … --out FILE` (models/README.md has the shipped model's command).";

const readMssModel = modelLoader<MssModel>({
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
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    return new PithError('BAD_OPTION', `mss: cannot read model ${file} (${reason}). ${REMEDY}`, {
      cause: error,
    });
  },
});

/** Reads and checks a model: a shipped model's name or one the tools' reader knows. Throws a PithError (BAD_OPTION). */
export function loadMssModel(name: string = DEFAULT_MSS_MODEL): MssModel {
  return readMssModel(name);
}
