/**
 * The queue as `pith serve` offers it (POST /v1/jobs, GET /v1/jobs/{id}, …/results): a request
 * of URLs, or of an archive *name* inside the one directory the server was given, becomes a job;
 * its state and counts, and its records as JSON Lines once complete. Nothing a client sends names
 * another file: archive names are resolved inside the directory (no absolute path, no `..`, no
 * symbolic link out of it), results are read by job id from the server's own results directory.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { PageSettings } from '../batch/index.js';
import { VERSION } from '../index.js';
import type { RecordContentFormat } from '../output/index.js';
import { PithQueue } from './client.js';
import type { JobFetchOptions, QueueJobData } from './jobs.js';
import { DirectoryStore } from './store.js';

export interface JobServiceOptions {
  redis: string;
  queue: string;
  /** Where job outputs go (the server's, on the workers' shared file system). */
  out: string;
  /** The one directory archive names are resolved in (none: only URL jobs). */
  warcDirectory?: string;
  /** How URL jobs fetch (the server's policy: private addresses refused unless it allows them). */
  fetch: JobFetchOptions;
  timeoutMs: number;
  maxBytes: number;
  attempts?: number;
}

export interface JobRequest {
  urls?: string[];
  warc?: string;
  content?: RecordContentFormat[];
  extractor?: string;
}

/** A refused request (the server answers 400/404 with the code). */
export class JobRequestError extends Error {
  constructor(
    readonly code: 'BAD_REQUEST' | 'NOT_FOUND',
    message: string,
  ) {
    super(message);
  }
}

const JOB_ID = /^(warc|urls|feed)-[0-9a-f]{32}$/;

export class JobService {
  readonly #options: JobServiceOptions;
  readonly #queue: PithQueue;
  readonly #store: DirectoryStore;

  constructor(options: JobServiceOptions) {
    this.#options = { ...options, out: path.resolve(options.out) };
    this.#queue = new PithQueue(options.redis, options.queue, { lasting: true });
    this.#store = new DirectoryStore(this.#options.out);
  }

  async submit(request: JobRequest): Promise<{ id: string; existing: boolean }> {
    const settings: PageSettings = {
      formats: request.content ?? ['text'],
      extractor: request.extractor ?? 'pith',
      extractorOptions: {},
      timeoutMs: this.#options.timeoutMs,
      maxBytes: this.#options.maxBytes,
    };
    const common = {
      version: VERSION,
      out: this.#options.out,
      format: 'jsonl.gz' as const,
      settings,
      partRecords: 1000,
    };
    let data: QueueJobData;
    if (request.warc !== undefined) {
      const file = await this.#archive(request.warc);
      const info = await stat(file);
      data = { kind: 'warc', file, size: info.size, mtimeMs: Math.round(info.mtimeMs), ...common };
    } else {
      data = { kind: 'urls', urls: request.urls ?? [], fetch: this.#options.fetch, ...common };
    }
    const outcome = await this.#queue.add([data], { attempts: this.#options.attempts ?? 3 });
    return { id: outcome.ids[0], existing: outcome.existing > 0 };
  }

  /** `name` inside the archive directory, as a real path; refused otherwise. */
  async #archive(name: string): Promise<string> {
    const directory = this.#options.warcDirectory;
    if (!directory)
      throw new JobRequestError('BAD_REQUEST', 'this server takes no archive jobs (no archive directory)');
    const parts = name.split(/[\\/]/);
    if (
      name === '' ||
      path.isAbsolute(name) ||
      parts.some((part) => part === '..' || part === '' || part === '.')
    ) {
      throw new JobRequestError(
        'BAD_REQUEST',
        'warc must be a relative name inside the archive directory, without ..',
      );
    }
    const root = await realpath(directory);
    const file = await realpath(path.join(root, name)).catch(() => undefined);
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (file === undefined || !file.startsWith(`${root}${path.sep}`) || !info?.isFile()) {
      throw new JobRequestError('NOT_FOUND', `no archive ${JSON.stringify(name)} in the archive directory`);
    }
    return file;
  }

  async view(id: string) {
    if (!JOB_ID.test(id)) return undefined;
    const job = await this.#queue.job(id);
    if (!job) return undefined;
    const { result } = job;
    return {
      id: job.id,
      state: job.state,
      kind: job.kind,
      attemptsMade: job.attemptsMade,
      counts: result
        ? { pages: result.pages, ok: result.ok, failed: result.failed, skipped: result.skipped }
        : null,
      error: job.state === 'failed' ? job.failedReason : null,
    };
  }

  /** The records of a completed job as JSON Lines; its state when it is not complete; undefined: no such job. */
  async results(id: string): Promise<{ lines: Readable } | { state: string } | undefined> {
    if (!JOB_ID.test(id)) return undefined;
    const job = await this.#queue.job(id);
    if (!job) return undefined;
    if (job.state !== 'completed' || !job.result) return { state: job.state };
    const stream = await this.#store.stream(job.result.output);
    if (!stream) return { state: 'missing' };
    // pipeline, not pipe: a read error of the file (EACCES, EISDIR, EIO, gone since the check)
    // reaches the reader as the stream's error; pipe left it unhandled and it ended the process.
    return { lines: pipeline(stream, createGunzip(), () => {}) };
  }

  /** False while the queue's Redis has never been reached and an attempt failed. */
  reachable(): boolean {
    return this.#queue.reachable;
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }
}
