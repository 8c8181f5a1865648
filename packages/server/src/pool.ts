/**
 * The extraction pool: `concurrency` worker threads and a bounded queue in front of them (the tools'
 * thread pool, @pith/tools), with the service's error codes.
 *
 * - A page past its time budget is stopped: dropped from the queue if it still waits;
 *   if it runs, its thread is terminated and replaced, so a page that hangs the parser
 *   costs one thread restart, not the server.
 * - A page whose client went away is dropped if it still waits; if it runs, it runs to
 *   its end (bounded by its budget): killing a thread on every disconnect would let
 *   clients make the pool churn.
 */
import { ThreadPool } from '@pith/tools';
import type { ApiError, ExtractTask, TaskOutcome } from './types.js';

export interface PoolOptions {
  /** Worker threads, i.e. pages extracted at once. */
  concurrency: number;
  /** Pages waiting for a thread, at most; one more is refused (`OVERLOADED`). */
  queue: number;
  /** The worker module (default: extract-thread.ts/.js beside this file); tests swap in their own. */
  workerUrl?: URL;
  /** Heap limit of each worker thread, in MB (`ServerOptions.maxHeapMb`). */
  maxHeapMb: number;
  /** Start every thread now (default), rather than on the first pages. */
  warm?: boolean;
}

/** When a page must be done by. */
export interface Budget {
  /** Time left for the page from now, queue wait included, ms. */
  ms: number;
  /**
   * Time a running page gets past `ms` before its thread is terminated: the library checks
   * the same deadline itself and answers TIMEOUT cleanly in almost every case; termination
   * is for the page that never reaches a check.
   */
  graceMs: number;
  /** The budget the caller knows (the server's --timeout), for the error message. */
  totalMs: number;
}

export class ExtractionPool {
  readonly concurrency: number;
  readonly queueLimit: number;
  /** The heap limit of each thread, MB. */
  readonly maxHeapMb: number;
  readonly #pool: ThreadPool<ExtractTask, TaskOutcome>;
  /** Mean worker time of recent pages, ms (exponential average), for Retry-After. */
  #meanMs = 50;

  constructor(options: PoolOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
    this.queueLimit = Math.max(0, Math.floor(options.queue));
    this.maxHeapMb = options.maxHeapMb;
    const fromSource = import.meta.url.endsWith('.ts');
    this.#pool = new ThreadPool({
      module: options.workerUrl ?? new URL(`./extract-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url),
      threads: this.concurrency,
      queue: this.queueLimit,
      maxHeapMb: this.maxHeapMb,
      warm: options.warm !== false,
    });
  }

  /** Pages waiting for a thread. */
  get queued(): number {
    return this.#pool.queued;
  }
  /** Pages on a thread now. */
  get running(): number {
    return this.#pool.running;
  }
  get threads(): number {
    return this.#pool.threads;
  }
  /** Running pages stopped at their deadline: each one cost a thread restart. */
  get timeouts(): number {
    return this.#pool.timeouts;
  }

  /** True when one more page would have to wait beyond the queue limit. */
  get full(): boolean {
    return this.#pool.full;
  }

  /** Seconds after which a refused client may expect room: the queue's estimated drain time. */
  retryAfterSeconds(): number {
    const seconds = ((this.running + this.queued + 1) * this.#meanMs) / this.concurrency / 1000;
    return Math.min(30, Math.max(1, Math.ceil(seconds)));
  }

  /**
   * Runs one page within `budgetMs` (queue wait included). Never throws: a full pool is
   * `OVERLOADED`, the budget running out `TIMEOUT`, the client leaving while the page
   * waits (`signal`) `ABORTED`.
   */
  async run(task: ExtractTask, budget: Budget, signal?: AbortSignal): Promise<TaskOutcome> {
    // No transfer list: request bodies can be views into Node's shared buffer pool.
    const outcome = await this.#pool.run(task, {
      timeoutMs: budget.ms,
      graceMs: budget.graceMs,
      countWait: true,
      ...(signal ? { signal } : {}),
    });
    switch (outcome.kind) {
      case 'done':
        this.#meanMs = 0.9 * this.#meanMs + 0.1 * outcome.ms;
        return outcome.value;
      case 'overloaded':
        return { error: overloaded(this.retryAfterSeconds()) };
      case 'timeout':
      case 'expired':
        return { error: timedOut(budget.totalMs) };
      case 'aborted':
        return { error: clientGone() };
      case 'closed':
        return outcome.started
          ? { error: { code: 'INTERNAL', message: 'the server stopped before the page was done' } }
          : { error: clientGone() };
      default:
        // A thread that dies (past its heap limit, a crash) fails only its page; another takes its place.
        return { error: { code: 'WORKER_FAILED', message: `its worker thread died: ${outcome.message}` } };
    }
  }

  /** Stops every thread (running pages end as INTERNAL errors, not as worker deaths) and fails what waits. */
  async close(): Promise<void> {
    await this.#pool.close();
  }
}

function timedOut(totalMs: number): ApiError {
  return { code: 'TIMEOUT', message: `the page was not extracted within ${totalMs} ms` };
}

function clientGone(): ApiError {
  return { code: 'ABORTED', message: 'the client went away' };
}

export function overloaded(retryAfter: number): ApiError & { retryAfter: number } {
  return {
    code: 'OVERLOADED',
    message: `the server is at its concurrency limit and its queue is full; retry in ${retryAfter} s`,
    retryAfter,
  };
}
