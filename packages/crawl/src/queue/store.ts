/**
 * Where job outputs go. A store holds complete files only: an output is written under a temporary
 * name and appears whole when committed, so a job that runs twice (a duplicate submission, a worker
 * thought dead that was not) leaves one output, never two and never a half. A directory on a shared
 * file system today; an object store (a conditional PUT of the whole object) fits the same interface.
 */
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type OutputFormat,
  type PageRecord,
  RecordFile,
  removeTemporaryFiles,
  writeFileAtomic,
} from '../output/index.js';

/** An output being written: parts in order, then committed (in place, whole) or aborted (nothing left). */
export interface OutputWriter {
  write(records: readonly PageRecord[]): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface ResultStore {
  /** True when `name` is complete in the store. */
  has(name: string): Promise<boolean>;
  create(name: string, format: OutputFormat): Promise<OutputWriter>;
  /**
   * Removes what an earlier run of `name` left unfinished (a worker killed mid-job): called by the
   * job's next run, which holds the job's lock, so no live writer of `name` is left to disturb (a
   * stale one fails at its commit, having lost the job).
   */
  clean(name: string): Promise<void>;
  /** A complete output's bytes, streamed (undefined: not there). */
  stream(name: string): Promise<Readable | undefined>;
  /** A small state file kept beside the outputs (a feed's validators): its text (undefined: none). */
  readState(name: string): Promise<string | undefined>;
  /** Replaces a state file whole (a reader sees the old text or the new). */
  writeState(name: string, text: string): Promise<void>;
}

/** Names a store accepts: a file name, never a path. */
function checkName(name: string): string {
  if (name !== path.basename(name) || name.startsWith('.') || name === '') {
    throw new Error(`not an output name: ${JSON.stringify(name)}`);
  }
  return name;
}

/** Where a directory store keeps its state files, beside the outputs (as `pith feed`'s `_feed-cache.json`). */
const STATE_DIRECTORY = '_state';

/** A results directory (shared by the workers: NFS, a cluster file system, a mounted bucket). */
export class DirectoryStore implements ResultStore {
  readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async has(name: string): Promise<boolean> {
    return access(path.join(this.directory, checkName(name))).then(
      () => true,
      () => false,
    );
  }

  async create(name: string, format: OutputFormat): Promise<OutputWriter> {
    await mkdir(this.directory, { recursive: true });
    return RecordFile.create(path.join(this.directory, checkName(name)), format);
  }

  async clean(name: string): Promise<void> {
    await removeTemporaryFiles(this.directory, checkName(name));
  }

  async stream(name: string): Promise<Readable | undefined> {
    const file = path.join(this.directory, checkName(name));
    if (!(await this.has(name))) return undefined;
    return createReadStream(file);
  }

  async readState(name: string): Promise<string | undefined> {
    const file = path.join(this.directory, STATE_DIRECTORY, checkName(name));
    return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  }

  async writeState(name: string, text: string): Promise<void> {
    const directory = path.join(this.directory, STATE_DIRECTORY);
    await mkdir(directory, { recursive: true });
    await writeFileAtomic(path.join(directory, checkName(name)), text);
  }
}
