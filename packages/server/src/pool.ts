/**
 * The extraction pool: `concurrency` worker threads (piscina) and a bounded queue in
 * front of them, kept here so that we know which pages wait and which run.
 *
 * - A page past its time budget is stopped: dropped from the queue if it still waits;
 *   if it runs, piscina terminates its thread and starts a fresh one, so a page that
 *   hangs the parser costs one thread restart, not the server.
 * - A page whose client went away is dropped if it still waits; if it runs, it runs to
 *   its end (bounded by its budget): killing a thread on every disconnect would let
 *   clients make the pool churn.
 */
import { Piscina } from 'piscina';
import type { ApiError, ExtractTask, TaskOutcome } from './types.js';

export interface PoolOptions {
  /** Worker threads, i.e. pages extracted at once. */
  concurrency: number;
  /** Pages waiting for a thread, at most; one more is refused (`OVERLOADED`). */
  queue: number;
  /** The worker module (default: worker.ts/.js beside this file); tests swap in their own. */
  workerUrl?: URL;
  /** Heap limit of each worker thread, in MB (`ServerOptions.maxHeapMb`). */
  maxHeapMb: number;
  /** Start every thread now (default), rather than on the first pages. */
  warm?: boolean;
}

/** Node options of this process that a worker thread must not get (test runner, inspector, watch). */
function workerExecArgv(): string[] {
  return process.execArgv.filter((arg) => !/^--(test|inspect|watch|experimental-test)/.test(arg));
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

interface Job {
  task: ExtractTask;
  budget: Budget;
  resolve: (outcome: TaskOutcome) => void;
  /** Aborts the running task (terminating its thread): only ever for the budget. */
  stop: AbortController;
  timer: NodeJS.Timeout;
  running: boolean;
  timedOut: boolean;
  signal?: AbortSignal;
  onClientGone?: () => void;
}

export class ExtractionPool {
  readonly concurrency: number;
  readonly queueLimit: number;
  readonly #piscina: Piscina<ExtractTask, TaskOutcome>;
  readonly #waiting: Job[] = [];
  #running = 0;
  /** Running pages stopped at their deadline: each one cost a thread restart. */
  timeouts = 0;
  /** The heap limit of each thread, MB. */
  readonly maxHeapMb: number;
  #closing = false;
  /** Mean worker time of recent pages, ms (exponential average), for Retry-After. */
  #meanMs = 50;

  constructor(options: PoolOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
    this.queueLimit = Math.max(0, Math.floor(options.queue));
    this.maxHeapMb = options.maxHeapMb;
    const fromSource = import.meta.url.endsWith('.ts');
    const workerUrl = options.workerUrl ?? new URL(`./worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
    this.#piscina = new Piscina({
      filename: workerUrl.href,
      minThreads: options.warm === false ? 0 : this.concurrency,
      maxThreads: this.concurrency,
      idleTimeout: Number.POSITIVE_INFINITY,
      // The task is async: let the worker's event loop run between tasks.
      atomics: 'disabled',
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
  }

  /** Pages waiting for a thread. */
  get queued(): number {
    return this.#waiting.length;
  }
  /** Pages on a thread now. */
  get running(): number {
    return this.#running;
  }
  get threads(): number {
    return this.#piscina.threads.length;
  }

  /** True when one more page would have to wait beyond the queue limit. */
  get full(): boolean {
    return this.#running + this.#waiting.length >= this.concurrency + this.queueLimit;
  }

  /** Seconds after which a refused client may expect room: the queue's estimated drain time. */
  retryAfterSeconds(): number {
    const seconds = ((this.#running + this.#waiting.length + 1) * this.#meanMs) / this.concurrency / 1000;
    return Math.min(30, Math.max(1, Math.ceil(seconds)));
  }

  /**
   * Runs one page within `budgetMs` (queue wait included). Never throws: a full pool is
   * `OVERLOADED`, the budget running out `TIMEOUT`, the client leaving while the page
   * waits (`signal`) `ABORTED`.
   */
  run(task: ExtractTask, budget: Budget, signal?: AbortSignal): Promise<TaskOutcome> {
    if (this.full) return Promise.resolve({ error: overloaded(this.retryAfterSeconds()) });
    if (signal?.aborted) return Promise.resolve({ error: clientGone() });
    return new Promise((resolve) => {
      const job: Job = {
        task,
        budget,
        resolve,
        stop: new AbortController(),
        timer: setTimeout(() => this.#expire(job), budget.ms),
        running: false,
        timedOut: false,
        signal,
      };
      if (signal) {
        job.onClientGone = () => {
          if (job.running) return;
          this.#unqueue(job);
          this.#finish(job, { error: clientGone() });
        };
        signal.addEventListener('abort', job.onClientGone, { once: true });
      }
      this.#waiting.push(job);
      this.#dispatch();
    });
  }

  /** The deadline: a waiting page is dropped; a running one gets the grace, then its thread goes. */
  #expire(job: Job): void {
    if (job.running) {
      job.timer = setTimeout(() => {
        job.timedOut = true;
        job.stop.abort();
      }, job.budget.graceMs);
      return;
    }
    this.#unqueue(job);
    this.#finish(job, { error: timedOut(job.budget.totalMs) });
  }

  #unqueue(job: Job): void {
    const index = this.#waiting.indexOf(job);
    if (index >= 0) this.#waiting.splice(index, 1);
  }

  #finish(job: Job, outcome: TaskOutcome): void {
    clearTimeout(job.timer);
    if (job.onClientGone) job.signal?.removeEventListener('abort', job.onClientGone);
    job.resolve(outcome);
  }

  #dispatch(): void {
    while (this.#running < this.concurrency && this.#waiting.length > 0) {
      const job = this.#waiting.shift() as Job;
      job.running = true;
      this.#running++;
      const started = performance.now();
      // No transfer list: request bodies can be views into Node's shared buffer pool.
      this.#piscina.run(job.task, { signal: job.stop.signal }).then(
        (outcome) => {
          this.#meanMs = 0.9 * this.#meanMs + 0.1 * (performance.now() - started);
          this.#done(job, outcome);
        },
        (error: unknown) => {
          if (job.timedOut) {
            this.timeouts++;
            this.#done(job, { error: timedOut(job.budget.totalMs) });
            return;
          }
          if (this.#closing) {
            this.#done(job, {
              error: { code: 'INTERNAL', message: 'the server stopped before the page was done' },
            });
            return;
          }
          // A thread that dies (past its heap limit, a crash) fails only its page; piscina starts another.
          const message = error instanceof Error ? error.message : String(error);
          this.#done(job, {
            error: { code: 'WORKER_FAILED', message: `its worker thread died: ${message}` },
          });
        },
      );
    }
  }

  #done(job: Job, outcome: TaskOutcome): void {
    this.#running--;
    this.#finish(job, outcome);
    this.#dispatch();
  }

  /** Stops every thread (running pages end as INTERNAL errors, not as worker deaths) and fails what waits. */
  async close(): Promise<void> {
    this.#closing = true;
    for (const job of this.#waiting.splice(0)) this.#finish(job, { error: clientGone() });
    await this.#piscina.close({ force: true });
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
