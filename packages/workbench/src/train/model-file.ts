/** Writing model files so that no reader ever sees half of one. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes a model file's text through a temporary file renamed into place (creating the
 * folder), so a process reading the model meanwhile (an extraction, a benchmark worker) sees
 * the old file or the new one, never half of one.
 */
export async function writeModelFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
