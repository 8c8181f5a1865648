/** What `createServer` takes, and its defaults (the flags of `pith serve` map onto these). */
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import type { fetchPage } from '@pith/tools';

/** The options of `fetchPage` the server passes on (tests use `lookup` and `isAddressAllowed`). */
export type ServerFetchOptions = NonNullable<Parameters<typeof fetchPage>[1]>;

/** Requests one client may make per window; beyond, 429 + Retry-After. */
export interface RateLimit {
  /** Requests per window and client (an API key, or an address when there are no keys). */
  max: number;
  /** The window, in ms. */
  windowMs: number;
}

/** What POST /v1/jobs asks for (validated by the route's schema). */
export interface JobRequestBody {
  urls?: string[];
  warc?: string;
  content?: ('text' | 'markdown' | 'html')[];
  extractor?: string;
}

/** A job as GET /v1/jobs/{id} shows it. */
export interface JobStatusView {
  id: string;
  state: string;
  kind: string;
  attemptsMade: number;
  counts: {
    pages: number;
    ok: number;
    failed: Record<string, number>;
    skipped: Record<string, number>;
  } | null;
  error: string | null;
}

/** Who submits or reads a job: a digest of its API key (when the server has keys) and its address. */
export interface JobClient {
  key?: string;
  address: string;
}

/**
 * Asynchronous batch jobs (`pith serve --jobs-out`: the pith queue's JobService). The server only
 * routes; refusals are errors with a `code` (JOB_REFUSALS in routes/jobs.ts). A job is its
 * client's: another client finds no such job.
 */
export interface AsyncJobs {
  submit(request: JobRequestBody, client: JobClient): Promise<{ id: string; existing: boolean }>;
  view(id: string, client: JobClient): Promise<JobStatusView | undefined>;
  /**
   * JSON Lines of a completed job (read errors, an unreadable or vanished file included, come as
   * the stream's 'error'); its state otherwise (`missing`: completed, its output gone); undefined:
   * no such job (for this client).
   */
  results(id: string, client: JobClient): Promise<{ lines: Readable } | { state: string } | undefined>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Address to listen on (default 127.0.0.1: this machine only). */
  host: string;
  /** Port (default 8080; 0 picks a free one). */
  port: number;
  /** Largest request body, in bytes (default 10 MiB); also the largest page fetched. */
  maxBodyBytes: number;
  /** Time budget per page (fetch, queue and extraction), in ms (default 15,000). */
  timeoutMs: number;
  /**
   * Time a client has to send its whole request, headers and body, in ms (default 60,000);
   * then 408. Without it a body that never ends (a lying Content-Length) holds a connection.
   */
  requestTimeoutMs: number;
  /** Worker threads, i.e. pages extracted at once (default: the CPU count). */
  concurrency: number;
  /**
   * Heap limit of each worker thread, MB (default 384). V8 lets a heap grow well past what it
   * holds when its limit is far; a near limit keeps a long-running server's memory flat. A page
   * that needs more fails alone (WORKER_FAILED) and its thread is replaced.
   */
  maxHeapMb: number;
  /** Pages that may wait for a worker; beyond, 503 + Retry-After (default 64). */
  queue: number;
  /** Most pages in one batch request (default 100). */
  maxBatch: number;
  /** Log one JSON line per request on stdout (default false). */
  log: boolean;
  /**
   * API keys: when given, every route but the open ones (the web page, its assets,
   * /healthz and /openapi.json) needs `Authorization: Bearer KEY` (default: none, no auth).
   */
  apiKeys?: readonly string[];
  /** Per-client request limit (default: none). */
  rateLimit?: RateLimit;
  /** Options for URL fetching (the address policy stays the safe default unless replaced here). */
  fetch?: ServerFetchOptions;
  /** The worker module (tests swap in one that can be made to hang). */
  workerUrl?: URL;
  /** Start the worker threads at once (default true); false starts them with the first pages. */
  warmWorkers?: boolean;
  /** Asynchronous batch jobs on the queue (default: none; /v1/jobs answers 501 JOBS_DISABLED). */
  jobs?: AsyncJobs;
  /**
   * Connections open at once (default 512, under the usual limit of 1,024 open files); past it a
   * new connection is closed at once. Keep-alive connections count while they are open.
   */
  maxConnections: number;
  /**
   * Time a client has to take what the server has written to it, in ms (default 30,000): a whole
   * answer, or a line of a batch, once it is ready. A connection whose unsent bytes have not all
   * gone out by then is closed: a client that stops reading cannot pin its answer in memory.
   */
  sendTimeoutMs: number;
  /**
   * Largest answer, in bytes (default 32 MiB); a larger one is a 422 ANSWER_TOO_LARGE (in a
   * batch, that page's line). `include=view,html,markdown,text` on a 10 MB page is about 50 MB.
   */
  maxAnswerBytes: number;
  /**
   * Bytes of answers not yet taken by their clients that the server holds at once, in all (default
   * 256 MiB); past it, new requests get 503 OVERLOADED until clients read or are cut off.
   */
  maxUnsentBytes: number;
  /**
   * Host names the server answers to besides the loopback ones (`localhost`, 127.0.0.0/8, `[::1]`),
   * any port. On a loopback address only those are answered (a DNS-rebinding page names its own
   * host: 421 HOST_NOT_ALLOWED); elsewhere, none given means any. `*`: any host, anywhere.
   */
  allowedHosts: readonly string[];
  /**
   * Failed API-key attempts an address may make per minute (default 10); past it, 429
   * RATE_LIMITED for the rest of the minute whatever key it sends. 0: no limit.
   */
  authFailuresPerMinute: number;
  /** Most URLs in one job (default 10,000). */
  maxJobUrls: number;
}

export const DEFAULT_SERVER_OPTIONS: Readonly<ServerOptions> = Object.freeze({
  host: '127.0.0.1',
  port: 8080,
  maxBodyBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  requestTimeoutMs: 60_000,
  concurrency: Math.max(1, availableParallelism()),
  // The batch pool's default (batch/pool.ts DEFAULT_THREAD_HEAP_MB): the largest page accepted
  // needs under 200 MB; with 2 GB the soak's RSS swung ±12 % (docs/benchmarks-journal.md, "Memory over time").
  maxHeapMb: 384,
  queue: 64,
  maxBatch: 100,
  maxJobUrls: 10_000,
  log: false,
  maxConnections: 512,
  sendTimeoutMs: 30_000,
  maxAnswerBytes: 32 * 1024 * 1024,
  maxUnsentBytes: 256 * 1024 * 1024,
  allowedHosts: [],
  authFailuresPerMinute: 10,
});

/**
 * Time a worker gets past the page's own deadline before it is terminated: the
 * extractor checks the deadline itself and answers TIMEOUT cleanly in almost every
 * case; termination is for the page that never reaches a check.
 */
export const HARD_TIMEOUT_GRACE_MS = 500;
