/**
 * A queue worker: BullMQ jobs in, the same pipeline as `pith warc` / `pith feed` (runBatch over the
 * worker-thread pool, the same records), one output file per job in the job's results store.
 *
 * - A job whose output is already complete is done (a duplicate run writes nothing).
 * - The output is written under a temporary name and committed at the end: a job killed half way
 *   leaves no output; BullMQ's stalled-job check gives it to another worker, which removes the dead
 *   run's temporary file and starts again.
 * - An input that is not an archive at all fails without retries (a dead letter, with the reason);
 *   other errors (a file not there yet, a full disk) are retried with the job's backoff.
 * - `stop`: no new job; running jobs finish within the grace, then are handed back (moved to
 *   waiting, for another worker) — never lost. Handing back needs Redis: if it does not answer
 *   within `handBackTimeoutMs` (gone for good), the jobs are abandoned and the worker lets go of
 *   its connections. An abandoned job is still active in Redis under a lock nobody renews; when
 *   Redis is back, the stalled-job check gives it to another worker (a job whose output was
 *   committed before is found done; a partial one left no output).
 */
import { stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { type Job, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { isPithError } from 'pith';
import {
  archiveSourceInThread,
  type BatchProgress,
  type BatchSource,
  dropBelowQuality,
  FeedValidators,
  feedSource,
  PagePool,
  runBatch,
  urlSource,
} from '../batch/index.js';
import { PoliteFetcher } from '../feed/index.js';
import { DEFAULT_MAX_RECORD_BYTES } from '../warc/index.js';
import { type CheckedJob, checkJob, type JobPolicy, JobRefusal } from './checks.js';
import { workerConnection } from './connection.js';
import {
  feedStateName,
  outputName,
  type QueueJobData,
  type QueueJobProgress,
  type QueueJobResult,
} from './jobs.js';
import type { WorkerMetrics } from './metrics.js';
import { DirectoryStore } from './store.js';

export interface QueueWorkerOptions {
  redis: string;
  queue: string;
  /**
   * Where this worker may read archives and write outputs, and whether it may fetch private
   * addresses: its own flags, never the job's. Every job is checked against it (checks.ts)
   * before anything is read, written or fetched; a job outside it is a dead letter.
   */
  policy: JobPolicy;
  /** Jobs run at once. */
  concurrency: number;
  /** Worker threads extracting pages (shared by the jobs). */
  threads?: number;
  /** The module the threads run (default the batch pool's; tests give one with a poison page). */
  pageWorker?: URL;
  /** This worker's name (default host:pid). */
  name?: string;
  /** How long a job's lock lasts without renewal: a dead worker's job is taken back after this (default 30 s). */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for (default 15 s). */
  stalledIntervalMs?: number;
  /** Times a job may stall (its worker died) before it is a dead letter (default 3). */
  maxStalledCount?: number;
  /** After the grace, how long handing the running jobs back may take before they are abandoned (default 10 s). */
  handBackTimeoutMs?: number;
  metrics?: WorkerMetrics;
  log?: (line: string) => void;
}

/** Why a job stopped before its end: handed back. */
const HAND_BACK = 'pith: worker stopping';

export class QueueWorker {
  readonly name: string;
  readonly #worker: Worker<QueueJobData, QueueJobResult>;
  readonly #pool: PagePool;
  readonly #options: QueueWorkerOptions;
  readonly #log: (line: string) => void;
  #lastConnectionError = 0;
  /** Jobs running now. */
  #running = 0;
  /** During `stop`: gives up waiting for the running jobs to be handed back. */
  #abandon: (() => void) | undefined;
  #abandonTimer: NodeJS.Timeout | undefined;

  constructor(options: QueueWorkerOptions) {
    this.#options = options;
    this.name = options.name ?? `${hostname()}:${process.pid}`;
    this.#log = options.log ?? (() => {});
    this.#pool = new PagePool({
      threads: options.threads,
      ...(options.pageWorker ? { workerUrl: options.pageWorker } : {}),
    });
    const lockDuration = options.lockDurationMs ?? 30_000;
    this.#worker = new Worker<QueueJobData, QueueJobResult>(
      options.queue,
      (job, token, signal) => this.#run(job, token, signal),
      {
        connection: workerConnection(options.redis),
        name: this.name,
        concurrency: options.concurrency,
        lockDuration,
        stalledInterval: options.stalledIntervalMs ?? Math.max(1000, Math.floor(lockDuration / 2)),
        maxStalledCount: options.maxStalledCount ?? 3,
        autorun: false,
      },
    );
    this.#worker.on('error', (error) => {
      // Redis gone: ioredis reconnects; one line every 5 s is enough.
      const now = Date.now();
      if (now - this.#lastConnectionError < 5000) return;
      this.#lastConnectionError = now;
      this.#log(`redis: ${error.message}`);
    });
    this.#worker.on('failed', (job, error) => {
      if (!job || error.name === 'WaitingError') return;
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
      this.#log(`job ${job.id} failed${final ? ' (dead letter)' : ', will retry'}: ${error.message}`);
    });
  }

  get threads(): number {
    return this.#pool.threads;
  }

  /** Starts taking jobs; resolves once connected. */
  async start(): Promise<void> {
    void this.#worker.run().catch((error: unknown) => this.#log(`worker stopped: ${String(error)}`));
    await this.#worker.waitUntilReady();
  }

  /**
   * Takes no new job; running jobs finish within `graceMs`, then are handed back; if Redis does not
   * take them back in time, they are abandoned (to the stalled-job check of another worker). Resolves
   * with the number of jobs abandoned; bounded by `graceMs` + the hand-back timeout.
   */
  async stop(graceMs: number): Promise<{ abandoned: number }> {
    const abandoned = new Promise<void>((resolve) => {
      this.#abandon = resolve;
    });
    const closing = this.#worker.close().then(() => false);
    const timer = setTimeout(() => this.handBack(), graceMs);
    try {
      if (!(await Promise.race([closing, abandoned.then(() => true)]))) return { abandoned: 0 };
      const count = this.#running;
      this.#log(
        count > 0
          ? `redis did not take ${count} running job(s) back: abandoned (another worker's stalled-job check takes them over once Redis is back)`
          : 'redis did not answer: stopping without it',
      );
      // Stops ioredis' reconnection: nothing is left to keep the process alive.
      void this.#worker.disconnect().catch(() => undefined);
      return { abandoned: count };
    } finally {
      clearTimeout(timer);
      clearTimeout(this.#abandonTimer);
      await this.#pool.close();
    }
  }

  /** Stops the running jobs now and hands them back to the queue (during `stop`: for at most the hand-back timeout). */
  handBack(): void {
    this.#worker.cancelAllJobs(HAND_BACK);
    const abandon = this.#abandon;
    if (!abandon || this.#abandonTimer) return;
    this.#abandonTimer = setTimeout(abandon, this.#options.handBackTimeoutMs ?? 10_000);
  }

  async #run(
    job: Job<QueueJobData, QueueJobResult>,
    token?: string,
    signal?: AbortSignal,
  ): Promise<QueueJobResult> {
    this.#options.metrics?.jobStarted();
    this.#running++;
    try {
      return await this.#runJob(job, token, signal);
    } finally {
      this.#running--;
      this.#options.metrics?.jobLeft();
    }
  }

  async #runJob(
    job: Job<QueueJobData, QueueJobResult>,
    token?: string,
    signal?: AbortSignal,
  ): Promise<QueueJobResult> {
    const metrics = this.#options.metrics;
    const failed = (error: unknown): never => {
      metrics?.jobEnded('failed');
      throw error;
    };
    // Nothing of the job is used before it passes the worker's own checks.
    const checked = await checkJob(job.data, this.#options.policy).catch((error: unknown) =>
      failed(
        error instanceof JobRefusal
          ? new UnrecoverableError(`${error.code}: ${error.message}`)
          : this.#publicError(job, error, 'JOB_FAILED', 'the job'),
      ),
    );
    const { data, label } = checked;
    const started = performance.now();
    const store = new DirectoryStore(data.out);
    const output = outputName(data);
    const result = (counts: Omit<QueueJobResult, 'output' | 'worker' | 'ms'>): QueueJobResult => ({
      output,
      worker: this.name,
      ms: Math.round(performance.now() - started),
      ...counts,
    });
    const writeFailed = (error: unknown) => this.#publicError(job, error, 'WRITE_FAILED', output);
    await store.clean(output).catch((error: unknown) => failed(writeFailed(error)));
    if (await store.has(output)) {
      const done = result({ pages: 0, ok: 0, failed: {}, skipped: {}, alreadyDone: true });
      metrics?.jobEnded('duplicate', done);
      return done;
    }
    await checkInput(checked).catch(failed);
    const validators =
      data.kind === 'feed'
        ? new FeedValidators(
            await store
              .readState(feedStateName(data.feed))
              .catch((error: unknown) => failed(this.#publicError(job, error, 'READ_FAILED', output))),
          )
        : undefined;
    const writer = await store
      .create(output, data.format)
      .catch((error: unknown) => failed(writeFailed(error)));
    this.#log(`job ${job.id} started: ${label}`);
    const progress = this.#progressReporter(job);
    try {
      const outcome = await runBatch({
        source: this.#source(checked, validators),
        pool: this.#pool,
        out: data.out,
        format: data.format,
        identity: null,
        partRecords: data.partRecords,
        ordered: data.ordered !== false,
        drop: data.dropBelowQuality ? dropBelowQuality : undefined,
        sink: async (records) => {
          await writer.write(records).catch((error: unknown) => {
            throw writeFailed(error);
          });
          validators?.written(records);
          metrics?.recordsWritten(records.length);
        },
        onProgress: progress,
        ...(signal ? { signal } : {}),
      });
      if (!outcome.finished) {
        await writer.abort();
        metrics?.jobEnded('handed_back');
        await job.moveToWait(token);
        this.#log(`job ${job.id} handed back`);
        throw new WaitingError();
      }
      const { counts } = outcome;
      const unreadable = unreadableInput(label, counts.pages, counts.skipped);
      if (unreadable) throw unreadable;
      await writer.commit().catch((error: unknown) => {
        throw writeFailed(error);
      });
      if (validators && data.kind === 'feed') await this.#keepValidators(store, data.feed, validators);
      const done = result({
        pages: counts.pages,
        ok: counts.ok,
        failed: counts.failed,
        skipped: counts.skipped,
      });
      metrics?.jobEnded('completed', done);
      this.#log(
        `job ${job.id} done: ${label}: ${counts.pages} records (${counts.ok} ok, ${counts.pages - counts.ok} failed), ${Object.values(counts.skipped).reduce((sum, count) => sum + count, 0)} skipped, ${(done.ms / 1000).toFixed(1)} s`,
      );
      return done;
    } catch (error) {
      if (error instanceof WaitingError) throw error;
      await writer.abort().catch(() => undefined);
      metrics?.jobEnded('failed');
      if (error instanceof UnrecoverableError) throw error;
      // An archive in which no record is found will not become one: a dead letter with the reason.
      if (isPithError(error) && error.code === 'CORRUPT_INPUT')
        throw new UnrecoverableError(`CORRUPT_INPUT: ${error.message}`);
      throw this.#publicError(job, error, 'READ_FAILED', label);
    }
  }

  /**
   * Reports a running job's progress to Redis (what `pith queue status` shows), at most once a
   * second: a lost update costs nothing, so it is not waited for.
   */
  #progressReporter(job: Job<QueueJobData, QueueJobResult>): (progress: BatchProgress) => void {
    let last = 0;
    const report = (progress: BatchProgress) => {
      const view: QueueJobProgress = {
        worker: this.name,
        pages: progress.pages,
        failed: progress.failed,
        skipped: progress.skipped,
        bytesRead: progress.bytesRead,
      };
      void job.updateProgress(view as unknown as object).catch(() => undefined);
    };
    report({ pages: 0, failed: 0, skipped: 0, bytesRead: 0, seconds: 0 });
    return (progress) => {
      const now = performance.now();
      if (now - last < 1000) return;
      last = now;
      report(progress);
    };
  }

  /**
   * An error as the job keeps it (its failedReason, which `pith serve` shows its client): a code,
   * the job's input as it names it and the system's error code; the whole error, paths and all, in
   * this worker's log only.
   */
  #publicError(
    job: Job<QueueJobData, QueueJobResult>,
    error: unknown,
    code: 'READ_FAILED' | 'WRITE_FAILED' | 'JOB_FAILED',
    what: string,
  ): Error {
    if (error instanceof PublicJobError) return error;
    const errno = (error as NodeJS.ErrnoException | null)?.code;
    this.#log(`job ${job.id}: ${code}: ${error instanceof Error ? error.message : String(error)}`);
    return new PublicJobError(
      `${code}: ${what}: ${typeof errno === 'string' && /^E[A-Z0-9]+$/.test(errno) ? errno : "see the worker's log"}`,
    );
  }

  /**
   * A feed job's validators, once its output is committed: over the kept ones as they are now (a
   * later round may have run meanwhile). Not kept: the next round fetches those pages again.
   */
  async #keepValidators(store: DirectoryStore, feed: string, validators: FeedValidators): Promise<void> {
    const name = feedStateName(feed);
    validators.finished();
    try {
      await store.writeState(name, validators.serialize(await store.readState(name)));
    } catch (error) {
      this.#log(
        `feed ${feed}: validators not kept: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  #source({ data, file }: CheckedJob, validators?: FeedValidators): BatchSource {
    if (data.kind === 'warc') {
      // The real path checked against the input roots is the one read; records name the archive as the job does.
      // Read on a thread of its own: the jobs a worker runs at once read and inflate on every core.
      return archiveSourceInThread([file ?? data.file], {
        settings: data.settings,
        maxRecordBytes: Math.max(DEFAULT_MAX_RECORD_BYTES, data.settings.maxBytes),
        names: [data.name ?? data.file],
        ...(data.range ? { range: data.range } : {}),
      });
    }
    const fetcher = politeFetcher(data, this.#options.policy.allowPrivate, validators);
    if (data.kind === 'feed') {
      return feedSource([data.feed], {
        settings: data.settings,
        fetcher,
        concurrency: data.fetch.concurrency,
        onFeedProblem: (feed, problem) => this.#log(`feed ${feed}: ${problem.message}`),
        ...(validators ? { onFetched: validators.onFetched, onFeedFetched: validators.onFeedFetched } : {}),
      });
    }
    return urlSource(data.urls, { settings: data.settings, fetcher, concurrency: data.fetch.concurrency });
  }
}

/** The fetcher of a job that fetches (its options travel in the job; a feed's validators are the results store's). */
function politeFetcher(
  data: Exclude<QueueJobData, { kind: 'warc' }>,
  allowPrivate: boolean,
  validators?: FeedValidators,
): PoliteFetcher {
  const { fetch } = data;
  return new PoliteFetcher({
    fetch: {
      // Checked already (checkJob); the worker's own flag is the last word all the same.
      allowPrivate: fetch.allowPrivate && allowPrivate,
      timeoutMs: fetch.timeoutMs,
      maxBytes: data.settings.maxBytes,
      ...(fetch.userAgent ? { userAgent: fetch.userAgent } : {}),
    },
    perHost: fetch.perHost,
    delayMs: fetch.delayMs,
    retries: fetch.retries,
    robots: fetch.robots,
    ...(validators ? { validators: validators.store } : {}),
  });
}

/**
 * A feed job whose feed gave no item is not done: a feed that could not be reached (no answer, a
 * 5xx) is retried with the job's backoff; one refused (4xx), blocked by the address policy,
 * disallowed by robots.txt or not a feed is a dead letter with that reason; so is an archive job
 * that gave no page and met corrupt bytes (an archive with no record at all fails in the source:
 * CORRUPT_INPUT). Undefined: the job is done.
 */
function unreadableInput(input: string, pages: number, skipped: Record<string, number>): Error | undefined {
  const reasons = Object.keys(skipped);
  // A text file that happens to hold a record header (a README quoting one) is no archive either.
  if (pages === 0 && (skipped.corrupt ?? 0) > 0) {
    return new UnrecoverableError(
      `CORRUPT_INPUT: ${input} holds no readable page (${Object.entries(skipped)
        .map(([reason, count]) => `${reason} ${count}`)
        .join(', ')})`,
    );
  }
  if (pages > 0 || reasons.length !== 1) return undefined;
  switch (reasons[0]) {
    case 'feed-unreachable':
      return new PublicJobError(`FETCH_FAILED: ${input} could not be reached`);
    case 'feed-refused':
      return new UnrecoverableError(`FETCH_BAD_STATUS: ${input} was refused by its server`);
    case 'feed-blocked':
      return new UnrecoverableError(`FETCH_BLOCKED: ${input} is on a private or reserved address`);
    case 'feed-disallowed':
      return new UnrecoverableError(`FETCH_ROBOTS_DISALLOWED: ${input} is disallowed by robots.txt`);
    case 'bad-feed':
      return new UnrecoverableError(`BAD_FEED: ${input} is not a feed`);
    default:
      return undefined;
  }
}

/** A job's error whose message names nothing but what the job named: kept as it is. */
class PublicJobError extends Error {}

/** The archive is there (else a retry: a shared file system may show it late) and is the file submitted. */
async function checkInput({ data, file, label }: CheckedJob): Promise<void> {
  if (data.kind !== 'warc') return;
  const info = await stat(file ?? data.file).catch((error: NodeJS.ErrnoException) => {
    throw new PublicJobError(`READ_FAILED: ${label}: ${error.code ?? 'not readable'}`);
  });
  if (!info.isFile()) throw new UnrecoverableError(`INPUT_NOT_ALLOWED: the archive ${label} is not a file`);
  if (info.size !== data.size) {
    throw new UnrecoverableError(
      `CHANGED_INPUT: ${label} is ${info.size} bytes, ${data.size} when submitted (submit it again)`,
    );
  }
}
