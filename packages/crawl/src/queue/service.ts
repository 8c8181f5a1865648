/**
 * The queue as `pith serve` offers it (POST /v1/jobs, GET /v1/jobs/{id}, …/results): a request
 * of URLs, or of an archive *name* inside the one directory the server was given, becomes a job;
 * its state and counts, and its records as JSON Lines once complete. Nothing a client sends names
 * another file: archive names are resolved inside the directory (no absolute path, no `..`, no
 * symbolic link out of it), results are read by job id from the server's own results directory.
 * Nothing the service answers names a server path either: records and errors name the archive as
 * the client did.
 *
 * Clients are kept apart: a job belongs to the client that submitted it (its API key; all clients
 * of a server without keys are one), its id depends on it, and another client neither finds it
 * nor reads its results (unless the deployment shares jobs: `shared`). Each client has a quota of
 * jobs and of bytes kept in Redis, and a job's payload is bounded (quota.ts, checks.ts).
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { VERSION } from 'pith';
import type { PageSettings } from '../batch/index.js';
import type { RecordContentFormat } from '../output/index.js';
import {
  checkJob,
  type JobPolicy,
  JobRefusal,
  type JobRefusalCode,
  jobBytes,
  resolvePolicy,
} from './checks.js';
import { PithQueue } from './client.js';
import { type JobFetchOptions, jobId, type QueueJobData } from './jobs.js';
import type { JobQuota } from './quota.js';
import { DirectoryStore } from './store.js';

/** The service's defaults for what one client may keep in Redis, and for how long. */
export const DEFAULT_JOB_LIMITS = Object.freeze({
  /** One job's payload (its data as JSON): 10,000 URLs of ~100 characters. */
  maxJobBytes: 1024 * 1024,
  maxJobs: 1000,
  maxBytes: 64 * 1024 * 1024,
  /** Finished jobs (completed or failed) are removed from Redis this long after they finish. */
  retentionMs: 7 * 24 * 3600 * 1000,
});

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
  /** First retry delay, ms (default 5000). */
  backoffMs?: number;
  /** Largest job payload (its data as JSON), bytes (default 1 MiB): beyond, JOB_TOO_LARGE. */
  maxJobBytes?: number;
  /** Jobs and bytes of payload one client may keep in Redis (default 1,000 jobs, 64 MiB): beyond, QUOTA_EXCEEDED. */
  quota?: Partial<JobQuota>;
  /** How long finished jobs (completed or failed) stay in Redis, ms (default 7 days). */
  retentionMs?: number;
  /** All clients share one space of jobs (default false: each client sees its own only). */
  shared?: boolean;
}

/** Who asks: a digest of the API key (`key:…`, when the server has keys) and the address. */
export interface JobClient {
  key?: string;
  address: string;
}

export interface JobRequest {
  urls?: string[];
  warc?: string;
  content?: RecordContentFormat[];
  extractor?: string;
}

/** A refused request (the server answers with the code's status: 400, 404, 413, 429). */
export class JobRequestError extends Error {
  constructor(
    readonly code: 'BAD_REQUEST' | 'NOT_FOUND' | 'QUOTA_EXCEEDED' | JobRefusalCode,
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
  readonly #quota: JobQuota;
  readonly #retentionMs: number;
  #policy: Promise<JobPolicy> | undefined;

  constructor(options: JobServiceOptions) {
    this.#options = { ...options, out: path.resolve(options.out) };
    this.#queue = new PithQueue(options.redis, options.queue, { lasting: true });
    this.#store = new DirectoryStore(this.#options.out);
    this.#quota = {
      maxJobs: options.quota?.maxJobs ?? DEFAULT_JOB_LIMITS.maxJobs,
      maxBytes: options.quota?.maxBytes ?? DEFAULT_JOB_LIMITS.maxBytes,
    };
    this.#retentionMs = options.retentionMs ?? DEFAULT_JOB_LIMITS.retentionMs;
  }

  /** The service's own policy (checks.ts): the same checks a worker makes, against the service's directories. */
  #jobPolicy(): Promise<JobPolicy> {
    this.#policy ??= resolvePolicy({
      inputRoots: this.#options.warcDirectory ? [this.#options.warcDirectory] : [],
      outputRoot: this.#options.out,
      allowPrivate: this.#options.fetch.allowPrivate,
      maxJobBytes: this.#options.maxJobBytes ?? DEFAULT_JOB_LIMITS.maxJobBytes,
    });
    return this.#policy;
  }

  /** The owner of a client's jobs: its key's digest, one owner for a server without keys, or one for all. */
  #owner(client: JobClient): string {
    if (this.#options.shared) return 'shared';
    return client.key ?? 'open';
  }

  async submit(request: JobRequest, client: JobClient): Promise<{ id: string; existing: boolean }> {
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
      owner: this.#owner(client),
    };
    let data: QueueJobData;
    if (request.warc !== undefined) {
      const file = await this.#archive(request.warc);
      const info = await stat(file);
      data = {
        kind: 'warc',
        file,
        name: request.warc,
        size: info.size,
        mtimeMs: Math.round(info.mtimeMs),
        ...common,
      };
    } else {
      data = { kind: 'urls', urls: request.urls ?? [], fetch: this.#options.fetch, ...common };
    }
    const policy = await this.#jobPolicy();
    // The checks every worker makes again: what passes here runs there.
    await checkJob(data, policy).catch((error: unknown) => {
      if (error instanceof JobRefusal) throw new JobRequestError(error.code, error.message);
      throw error;
    });
    this.#requireQueue();
    const id = jobId(data);
    const retention = { completedMs: this.#retentionMs, failedMs: this.#retentionMs };
    const quotaClient = client.key ?? `address:${client.address}`;
    const verdict = await this.#queue.reserve(
      quotaClient,
      { id, bytes: jobBytes(data) },
      this.#quota,
      retention,
    );
    if (!verdict.ok) {
      throw new JobRequestError(
        'QUOTA_EXCEEDED',
        verdict.over === 'jobs'
          ? `this client keeps ${verdict.jobs} jobs, its quota is ${this.#quota.maxJobs}: one leaves when it has been finished for ${describeMs(this.#retentionMs)}`
          : `this client's jobs keep ${verdict.bytes} bytes, its quota is ${this.#quota.maxBytes}: a job leaves when it has been finished for ${describeMs(this.#retentionMs)}`,
      );
    }
    const outcome = await this.#queue.add([data], {
      attempts: this.#options.attempts ?? 3,
      ...(this.#options.backoffMs ? { backoffMs: this.#options.backoffMs } : {}),
      retention,
      maxJobBytes: policy.maxJobBytes,
    });
    return { id: outcome.ids[0], existing: outcome.existing > 0 };
  }

  /** The job `id` if `client` may see it (its owner); undefined otherwise, as if there were none. */
  async #jobOf(id: string, client: JobClient) {
    if (!JOB_ID.test(id)) return undefined;
    this.#requireQueue();
    const job = await this.#queue.job(id);
    if (!job || job.owner !== this.#owner(client)) return undefined;
    return job;
  }

  /**
   * A worker names the archive as the client did; a path of the server's own that came through
   * anyway (a worker of an older version) is cut out.
   */
  async #publicReason(reason: string | null): Promise<string | null> {
    if (reason === null) return null;
    const policy = await this.#jobPolicy();
    let text = reason;
    const given = this.#options.warcDirectory ? [path.resolve(this.#options.warcDirectory)] : [];
    for (const root of [...policy.inputRoots, ...given, policy.outputRoot, this.#options.out]) {
      if (root.length <= 1) continue;
      text = text.split(`${root}${path.sep}`).join('').split(root).join('(server directory)');
    }
    return text;
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

  async view(id: string, client: JobClient) {
    const job = await this.#jobOf(id, client);
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
      error: job.state === 'failed' ? await this.#publicReason(job.failedReason) : null,
    };
  }

  /** The records of a completed job as JSON Lines; its state when it is not complete; undefined: no such job (for this client). */
  async results(id: string, client: JobClient): Promise<{ lines: Readable } | { state: string } | undefined> {
    const job = await this.#jobOf(id, client);
    if (!job) return undefined;
    if (job.state !== 'completed' || !job.result) return { state: job.state };
    const stream = await this.#store.stream(job.result.output);
    if (!stream) return { state: 'missing' };
    // pipeline, not pipe: a read error of the file (EACCES, EISDIR, EIO, gone since the check)
    // reaches the reader as the stream's error; pipe left it unhandled and it ended the process.
    return { lines: pipeline(stream, createGunzip(), () => {}) };
  }

  /**
   * Called after a request's own checks, before its first queue command (a bad request is refused
   * as such, Redis or not): while Redis has never been reached and an attempt failed, BullMQ would
   * hold the command until a first connection, so the caller is told at once (the server: 503).
   */
  #requireQueue(): void {
    if (!this.#queue.reachable) throw new Error('the queue has not been reached');
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }
}

function describeMs(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000} days`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return `${ms / 60_000} minutes`;
  return `${Math.round(ms / 1000)} s`;
}
