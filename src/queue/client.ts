/**
 * The submitting side of the queue: adding jobs (idempotent: a job id that exists is not added
 * again), the queue's state (counts, records/s, workers, the dead letters), retrying the dead
 * letters and draining what waits. Used by `pith queue …` and by `pith serve`'s /v1/jobs.
 */
import { type Job, Queue } from 'bullmq';
import { checkJobFields, DEFAULT_WORKER_JOB_BYTES } from './checks.js';
import { clientConnection } from './connection.js';
import { jobId, jobInput, type QueueJobData, type QueueJobResult } from './jobs.js';
import { type JobQuota, type QuotaVerdict, type Retention, reserveJob } from './quota.js';

/** A completed job is kept a week by default (its id keeps a resubmission out; status reads its counts). */
export const DEFAULT_KEEP_COMPLETED_MS = 7 * 24 * 3600 * 1000;

export interface AddOptions {
  /** Attempts before a job is a dead letter (default 3). */
  attempts?: number;
  /** First retry delay, ms, doubled at each attempt (default 5000). */
  backoffMs?: number;
  /**
   * How long finished jobs stay in Redis (removed once a later job finishes past that age):
   * completed ones a week by default, failed ones (dead letters) until retried or drained (null).
   */
  retention?: Partial<Retention>;
  /** Largest job payload accepted (its data as JSON; default: a worker's default bound). */
  maxJobBytes?: number;
}

export interface AddOutcome {
  /** Every job's id, in the order given. */
  ids: string[];
  added: number;
  /** Jobs whose id was already in the queue (any state): not added again. */
  existing: number;
}

export type JobState = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed' | 'prioritized' | 'unknown';

export interface JobView {
  id: string;
  state: JobState;
  kind: QueueJobData['kind'];
  /** The archive file or the number of URLs. */
  input: string;
  attemptsMade: number;
  result: QueueJobResult | null;
  /** The last error of a failed attempt. */
  failedReason: string | null;
  /** Who submitted it through `pith serve` (null: `pith queue add`). */
  owner: string | null;
}

export interface WorkerStatus {
  name: string;
  /** Connected to Redis now. */
  connected: boolean;
  /** Among the recent completed jobs: those this worker ran, their records, records/s of its own time. */
  jobs: number;
  pages: number;
  recordsPerSecond: number | null;
}

export interface QueueStatus {
  queue: string;
  counts: Record<(typeof COUNTED_STATES)[number], number>;
  /** Over the most recent completed jobs (at most `window`). */
  recent: { window: number; jobs: number; pages: number; ok: number; recordsPerSecond: number | null };
  workers: WorkerStatus[];
  /** Failed jobs (dead letters): their last error. */
  deadLetters: { id: string; input: string; attemptsMade: number; reason: string }[];
}

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'] as const;

export class PithQueue {
  readonly name: string;
  readonly #queue: Queue<QueueJobData, QueueJobResult>;
  /** Reached Redis once; a connection attempt failed (see `reachable`). */
  #ready = false;
  #failed = false;

  /** `lasting`: a long-lived client (reconnects forever; see clientConnection). */
  constructor(url: string, name: string, options: { lasting?: boolean } = {}) {
    this.name = name;
    this.#queue = new Queue(name, { connection: clientConnection(url, options.lasting) });
    // Connection errors surface as rejected commands; the event would otherwise crash the process.
    this.#queue.on('error', () => {
      this.#failed = true;
    });
    this.#queue.waitUntilReady().then(
      () => {
        this.#ready = true;
      },
      () => {},
    );
  }

  /**
   * False while Redis has never been reached and an attempt failed: BullMQ holds every command
   * until a first connection, however long (after one, commands fail fast while Redis is away).
   */
  get reachable(): boolean {
    return this.#ready || !this.#failed;
  }

  /** Adds the jobs not there yet; each is checked first (checkJobFields: a refused job adds nothing). */
  async add(jobs: readonly QueueJobData[], options: AddOptions = {}): Promise<AddOutcome> {
    for (const job of jobs)
      checkJobFields(job, { maxJobBytes: options.maxJobBytes ?? DEFAULT_WORKER_JOB_BYTES });
    const ids = jobs.map(jobId);
    let existing = 0;
    const fresh: { name: string; data: QueueJobData; opts: { jobId: string } }[] = [];
    const seen = new Set<string>();
    for (let start = 0; start < jobs.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const states = await Promise.all(slice.map((id) => this.#queue.getJobState(id)));
      slice.forEach((id, index) => {
        if (states[index] !== 'unknown' || seen.has(id)) existing++;
        else fresh.push({ name: jobs[start + index].kind, data: jobs[start + index], opts: { jobId: id } });
        seen.add(id);
      });
    }
    const retention = retentionOf(options);
    const jobOptions = {
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 5000 },
      // BullMQ counts ages in seconds.
      removeOnComplete:
        retention.completedMs === null ? false : { age: Math.ceil(retention.completedMs / 1000) },
      removeOnFail: retention.failedMs === null ? false : { age: Math.ceil(retention.failedMs / 1000) },
    };
    for (let start = 0; start < fresh.length; start += 500) {
      await this.#queue.addBulk(
        fresh.slice(start, start + 500).map((job) => ({ ...job, opts: { ...jobOptions, ...job.opts } })),
      );
    }
    return { ids, added: fresh.length, existing };
  }

  /**
   * Reserves room for a job in a client's quota (quota.ts): `client` names the client (a digest of
   * its key, or its address), `retention` is the one its jobs are added with.
   */
  async reserve(
    client: string,
    job: { id: string; bytes: number },
    quota: JobQuota,
    retention: Partial<Retention>,
  ): Promise<QuotaVerdict> {
    const redis = await this.#queue.getBackend().client;
    const keys = { client: this.#queue.toKey(`pith-quota:${client}`), jobPrefix: this.#queue.toKey('') };
    return reserveJob(redis, keys, job, quota, retentionOf({ retention }));
  }

  async job(id: string): Promise<JobView | undefined> {
    // The state before the job: read after it, the state could be 'completed' while the job read
    // before had no result yet (BullMQ writes a job's result and its state in one script, so a job
    // read after a final state holds its result).
    const state = await this.#queue.getJobState(id);
    if (state === 'unknown') return undefined;
    const job = await this.#queue.getJob(id);
    if (!job) return undefined;
    return viewOf(job, state as JobState);
  }

  /** Jobs by state (one round trip). */
  async counts(): Promise<QueueStatus['counts']> {
    // biome-ignore lint/plugin: six states.
    const counts = await this.#queue.getJobCounts(...COUNTED_STATES);
    return Object.fromEntries(
      COUNTED_STATES.map((state) => [state, counts[state] ?? 0]),
    ) as QueueStatus['counts'];
  }

  async status(window = 1000): Promise<QueueStatus> {
    const counts = await this.counts();
    const completed = await this.#queue.getCompleted(0, window - 1);
    const failed = await this.#queue.getFailed(0, 19);
    const connected = await this.#queue.getWorkers().catch(() => [] as { rawname?: string }[]);
    const byWorker = new Map<string, WorkerStatus>();
    const worker = (name: string) => {
      let status = byWorker.get(name);
      if (!status) {
        status = { name, connected: false, jobs: 0, pages: 0, recordsPerSecond: null };
        byWorker.set(name, status);
      }
      return status;
    };
    // A named worker's connections are named `…:w:NAME`.
    for (const client of connected) {
      const named = /:w:(.*)$/.exec(client.rawname ?? '');
      if (named) worker(named[1]).connected = true;
    }
    const busy = new Map<string, number>();
    let pages = 0;
    let ok = 0;
    let first = Number.POSITIVE_INFINITY;
    let last = 0;
    for (const job of completed) {
      const result = job.returnvalue;
      if (!result) continue;
      pages += result.pages;
      ok += result.ok;
      first = Math.min(first, job.processedOn ?? first);
      last = Math.max(last, job.finishedOn ?? last);
      const status = worker(result.worker);
      status.jobs++;
      status.pages += result.pages;
      busy.set(result.worker, (busy.get(result.worker) ?? 0) + result.ms);
    }
    for (const status of byWorker.values()) {
      const ms = busy.get(status.name);
      if (ms) status.recordsPerSecond = round((status.pages / ms) * 1000);
    }
    return {
      queue: this.name,
      counts: Object.fromEntries(
        COUNTED_STATES.map((state) => [state, counts[state] ?? 0]),
      ) as QueueStatus['counts'],
      recent: {
        window,
        jobs: completed.length,
        pages,
        ok,
        recordsPerSecond: last > first ? round((pages / (last - first)) * 1000) : null,
      },
      workers: [...byWorker.values()].sort((a, b) => a.name.localeCompare(b.name)),
      deadLetters: failed.map((job) => ({
        id: job.id ?? '',
        input: jobInput(job.data),
        attemptsMade: job.attemptsMade,
        reason: job.failedReason ?? '',
      })),
    };
  }

  /** Dead letters back to waiting, with their attempts reset; returns how many. */
  async retryFailed(): Promise<number> {
    const failed = await this.#queue.getJobCountByTypes('failed');
    await this.#queue.retryJobs({ state: 'failed', count: 1000 });
    return failed;
  }

  /** Removes the jobs that wait (and the delayed ones); active jobs finish. Returns how many. */
  async drain(): Promise<number> {
    const waiting = await this.#queue.getJobCountByTypes('waiting', 'delayed', 'prioritized');
    await this.#queue.drain(true);
    return waiting;
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }
}

function retentionOf(options: AddOptions): Retention {
  return {
    completedMs:
      options.retention?.completedMs === undefined
        ? DEFAULT_KEEP_COMPLETED_MS
        : options.retention.completedMs,
    failedMs: options.retention?.failedMs ?? null,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function viewOf(job: Job<QueueJobData, QueueJobResult>, state: JobState): JobView {
  return {
    id: job.id ?? '',
    state,
    kind: job.data.kind,
    input: jobInput(job.data),
    attemptsMade: job.attemptsMade,
    result: job.returnvalue ?? null,
    failedReason: job.failedReason ?? null,
    owner: job.data.owner ?? null,
  };
}
