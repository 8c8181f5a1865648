/**
 * Output files written whole or not at all: bytes go to a temporary name in the same directory,
 * are flushed to disk, and the file is renamed into place (an atomic step on POSIX file systems),
 * then the directory entry is flushed. A reader, a resumed run or a second worker never sees half
 * a file; a run killed mid-write leaves only a temporary file, removed on the next start.
 */
import { randomBytes } from 'node:crypto';
import { type FileHandle, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

const TEMPORARY = /^\.(.+)\.[0-9a-f]{12}\.tmp$/;

/** Writes `bytes` to `file` atomically (temporary file, fsync, rename, fsync of the directory). */
export async function writeFileAtomic(file: string, bytes: Uint8Array | string): Promise<void> {
  const atomic = await AtomicFile.create(file);
  try {
    await atomic.append(bytes);
  } catch (error) {
    await atomic.abort();
    throw error;
  }
  await atomic.commit();
}

/**
 * A file written in pieces and put in place whole: appends go to a temporary name in the same
 * directory; `commit` flushes it and renames it to `file` (replacing a file of that name: two
 * writers of the same output leave one complete file); `abort` removes it.
 */
export class AtomicFile {
  readonly file: string;
  readonly #temporary: string;
  readonly #handle: FileHandle;

  private constructor(file: string, temporary: string, handle: FileHandle) {
    this.file = file;
    this.#temporary = temporary;
    this.#handle = handle;
  }

  static async create(file: string): Promise<AtomicFile> {
    const temporary = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    return new AtomicFile(file, temporary, await open(temporary, 'w'));
  }

  async append(bytes: Uint8Array | string): Promise<void> {
    await this.#handle.writeFile(bytes);
  }

  async commit(): Promise<void> {
    try {
      await this.#handle.sync();
    } finally {
      await this.#handle.close();
    }
    try {
      await rename(this.#temporary, this.file);
    } catch (error) {
      await rm(this.#temporary, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(this.file));
  }

  async abort(): Promise<void> {
    await this.#handle.close().catch(() => undefined);
    await rm(this.#temporary, { force: true });
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot fsync a directory; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}

/**
 * Removes the temporary files a killed writer left in `directory` (only those of the file named
 * `of`, when given); returns their names.
 */
export async function removeTemporaryFiles(directory: string, of?: string): Promise<string[]> {
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => {
    const match = TEMPORARY.exec(name);
    return match !== null && (of === undefined || match[1] === of);
  });
  for (const name of names) await rm(path.join(directory, name), { force: true });
  return names;
}

/** The name of the n-th part file of a run: `part-000042.jsonl.gz`. */
export function partName(index: number, extension: string): string {
  return `part-${String(index).padStart(6, '0')}.${extension}`;
}

/** Part files in `directory` numbered `from` or more (written after the last checkpoint): removed. */
export async function removePartsFrom(directory: string, from: number): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const match = /^part-(\d+)\./.exec(name);
    if (match && Number(match[1]) >= from) {
      await rm(path.join(directory, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}
