/**
 * Model files, for the tools: the library reads no file (src/model-files.ts), so the tools install
 * this reader, which takes a model's name as a path when it is not a shipped model's. The service
 * installs none: a client names shipped models only.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadShippedModels, setModelReader } from '../internal.js';

/**
 * Reads a model file as UTF-8. Opened non-blocking and checked before reading, so a FIFO, a device
 * or a directory is refused at once instead of blocking the thread in open() or read().
 */
export function readModelFile(path: string): string {
  const fd = openSync(resolve(path), constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) {
      throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * What a tool's process or thread does before it extracts: model files readable by path, and every
 * shipped model loaded (so that `extract()` runs any extractor).
 */
export async function useModelFiles(): Promise<void> {
  setModelReader(readModelFile);
  await loadShippedModels();
}
