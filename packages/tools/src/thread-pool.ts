/**
 * The tools' one thread pool (batch, service, bench): worker threads that run the default export of a
 * task module, one task at a time each, behind a queue that may be bounded.
 *
 * - A task past its time limit has its thread terminated and replaced: a page that hangs the parser
 *   fails alone (`timeout`) and the next task runs on a fresh thread.
 * - A thread that dies (past its heap limit, a crash) fails only its task (`died`) and is replaced.
 * - Threads that die before they are ready, three in a row, break the pool (`broken`): a module that
 *   cannot load would otherwise be restarted forever.
 * - `close()` fails what waits and runs (`closed`) and resolves once every thread has exited.
 *
 * Outcomes are values, never rejections: each user maps them to its own error codes.
 */
import { Worker } from 'node:worker_threads';
import type { HostMessage, HostTask, HostWorkerData } from './thread-host.js';

export interface ThreadPoolOptions {
  /** The task module: its default export runs one task; an optional `setup(data)` runs once per thread. */
  module: URL;
  /** Threads, i.e. tasks run at once. */
  threads: number;
  /** Tasks waiting for a thread, at most (default: no bound); one more is `overloaded`. */
  queue?: number;
  /** Heap limit of each thread, MB (V8's default when absent). */
  maxHeapMb?: number;
  /** Given to the module's `setup` in each thread (structured-cloned). */
  data?: unknown;
  /** Start every thread now (default), rather than when tasks come. */
  warm?: boolean;
  /** Receives what the threads print; without it, it goes to this process's stdout and stderr. */
  onOutput?: (text: string) => void;
}

export interface RunLimits {
  /** Time on a thread before it is terminated, ms, from when the task starts (none when absent). */
  timeoutMs?: number;
  /** Time a running task gets past `timeoutMs` before its thread is terminated (default 0). */
  graceMs?: number;
  /**
   * The queue wait counts toward `timeoutMs`: a task still waiting when it elapses is dropped
   * (`expired`), and one that starts has what is left (plus the grace).
   */
  countWait?: boolean;
  /** A task still waiting when this aborts is dropped (`aborted`); a running one runs on. */
  signal?: AbortSignal;
  /** Buffers handed to the thread rather than copied (only ones the caller owns whole). */
  transfer?: readonly ArrayBuffer[];
}

/** How a task ended; `ms` is its time on a thread. */
export type ThreadOutcome<Result> =
  | { kind: 'done'; value: Result; ms: number }
  /** The module threw: the thread is kept. */
  | { kind: 'failed'; message: string; ms: number }
  /** The thread died under the task (heap limit, crash, exit). */
  | { kind: 'died'; message: string; ms: number }
  /** Past its time limit: the thread was terminated. */
  | { kind: 'timeout'; ms: number }
  /** Its time ran out while it waited (`countWait`). */
  | { kind: 'expired' }
  /** Its signal aborted while it waited. */
  | { kind: 'aborted' }
  /** The queue was full. */
  | { kind: 'overloaded' }
  /** The pool closed before the task was done; `started`: it was running. */
  | { kind: 'closed'; started: boolean }
  /** Threads cannot start (the module does not load). */
  | { kind: 'broken'; message: string };

interface Job<Task, Result> {
  id: number;
  task: Task;
  limits: RunLimits;
  queuedAt: number;
  resolve: (outcome: ThreadOutcome<Result>) => void;
  waitTimer?: NodeJS.Timeout;
  onAbort?: () => void;
}

interface Slot<Task, Result> {
  worker: Worker;
  ready: boolean;
  job?: Job<Task, Result>;
  startedAt: number;
  timer?: NodeJS.Timeout;
}

/** Threads that die before they are ready, in a row, that break the pool. */
const STARTUP_FAILURES = 3;

export class ThreadPool<Task, Result> {
  readonly size: number;
  readonly queueLimit: number;
  /** Threads replaced after a timeout or a death. */
  replacements = 0;
  /** Tasks whose thread was terminated at their time limit. */
  timeouts = 0;
  readonly #options: ThreadPoolOptions;
  readonly #slots: Slot<Task, Result>[] = [];
  readonly #waiting: Job<Task, Result>[] = [];
  /** Threads being terminated: close() waits for them too. */
  readonly #exiting = new Set<Promise<void>>();
  #nextId = 0;
  #closed = false;
  #startupFailures = 0;
  #broken: string | undefined;

  constructor(options: ThreadPoolOptions) {
    this.#options = options;
    this.size = Math.max(1, Math.floor(options.threads));
    this.queueLimit = Math.max(0, Math.floor(options.queue ?? Number.POSITIVE_INFINITY));
    if (options.warm !== false) for (let i = 0; i < this.size; i++) this.#slots.push(this.#spawn());
    this.#holdOpen();
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.#waiting.length;
  }
  /** Tasks on a thread now. */
  get running(): number {
    return this.#slots.filter((slot) => slot.job).length;
  }
  /** Threads alive (started or starting). */
  get threads(): number {
    return this.#slots.length;
  }
  /** True when one more task would wait beyond the queue bound. */
  get full(): boolean {
    return this.running + this.#waiting.length >= this.size + this.queueLimit;
  }

  /** Runs one task on the next free thread. Never rejects: see {@link ThreadOutcome}. */
  run(task: Task, limits: RunLimits = {}): Promise<ThreadOutcome<Result>> {
    if (this.#broken) return Promise.resolve({ kind: 'broken', message: this.#broken });
    if (this.#closed) return Promise.resolve({ kind: 'closed', started: false });
    if (this.full) return Promise.resolve({ kind: 'overloaded' });
    if (limits.signal?.aborted) return Promise.resolve({ kind: 'aborted' });
    return new Promise((resolve) => {
      const job: Job<Task, Result> = {
        id: this.#nextId++,
        task,
        limits,
        queuedAt: performance.now(),
        resolve,
      };
      if (limits.countWait && limits.timeoutMs !== undefined) {
        job.waitTimer = setTimeout(() => this.#drop(job, { kind: 'expired' }), limits.timeoutMs);
      }
      if (limits.signal) {
        job.onAbort = () => this.#drop(job, { kind: 'aborted' });
        limits.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#waiting.push(job);
      this.#dispatch();
    });
  }

  /** Fails every waiting and running task (`closed`) and resolves when no thread is left. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#waiting.splice(0)) this.#settle(job, { kind: 'closed', started: false });
    for (const slot of this.#slots.splice(0)) {
      if (slot.job) this.#settle(slot.job, { kind: 'closed', started: true });
      slot.job = undefined;
      this.#terminate(slot);
    }
    await Promise.all(this.#exiting);
  }

  /** Drops a task that still waits (a running one is left alone). */
  #drop(job: Job<Task, Result>, outcome: ThreadOutcome<Result>): void {
    const index = this.#waiting.indexOf(job);
    if (index < 0) return;
    this.#waiting.splice(index, 1);
    this.#settle(job, outcome);
    this.#holdOpen();
  }

  #settle(job: Job<Task, Result>, outcome: ThreadOutcome<Result>): void {
    clearTimeout(job.waitTimer);
    if (job.onAbort) job.limits.signal?.removeEventListener('abort', job.onAbort);
    job.resolve(outcome);
  }

  #spawn(): Slot<Task, Result> {
    const { onOutput } = this.#options;
    const workerData: HostWorkerData = { module: this.#options.module.href, data: this.#options.data };
    const worker = startThread(hostUrl(), {
      workerData,
      ...(this.#options.maxHeapMb
        ? { resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb } }
        : {}),
      ...(onOutput ? { stdout: true, stderr: true } : {}),
    });
    if (onOutput) {
      for (const stream of [worker.stdout, worker.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', (text: string) => onOutput(text));
      }
    }
    const slot: Slot<Task, Result> = { worker, ready: false, startedAt: 0 };
    worker.on('message', (message: HostMessage<Result>) => this.#onMessage(slot, message));
    worker.on('error', (error) => this.#replace(slot, { kind: 'died', message: error.message }));
    worker.on('exit', (code) => this.#replace(slot, { kind: 'died', message: `exited with code ${code}` }));
    return slot;
  }

  #onMessage(slot: Slot<Task, Result>, message: HostMessage<Result>): void {
    if (message.kind === 'ready') {
      slot.ready = true;
      this.#startupFailures = 0;
      this.#dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    const ms = performance.now() - slot.startedAt;
    this.#settle(
      job,
      message.kind === 'done'
        ? { kind: 'done', value: message.value, ms }
        : { kind: 'failed', message: message.message, ms },
    );
    this.#dispatch();
  }

  /** Fails the slot's task (a timeout or a death) and puts a fresh thread in its place. */
  #replace(slot: Slot<Task, Result>, why: { kind: 'died'; message: string } | { kind: 'timeout' }): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    this.#slots.splice(index, 1);
    clearTimeout(slot.timer);
    this.#terminate(slot);
    const job = slot.job;
    slot.job = undefined;
    if (!slot.ready && ++this.#startupFailures >= STARTUP_FAILURES && !this.#broken) {
      this.#broken = `threads cannot start: ${why.kind === 'died' ? why.message : 'timed out'}`;
      for (const waiting of this.#waiting.splice(0)) {
        this.#settle(waiting, { kind: 'broken', message: this.#broken });
      }
    }
    if (job) {
      const ms = performance.now() - slot.startedAt;
      if (why.kind === 'timeout') this.timeouts++;
      this.#settle(job, why.kind === 'timeout' ? { kind: 'timeout', ms } : { ...why, ms });
    }
    if (this.#closed || this.#broken) return;
    this.replacements++;
    if (this.#options.warm !== false) this.#slots.push(this.#spawn());
    this.#dispatch();
  }

  #terminate(slot: Slot<Task, Result>): void {
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('message');
    // An 'error' after this point is the thread's last words: nothing waits for them.
    slot.worker.removeAllListeners('error');
    slot.worker.on('error', () => {});
    const exited = slot.worker.terminate().then(
      () => undefined,
      () => undefined,
    );
    this.#exiting.add(exited);
    void exited.then(() => this.#exiting.delete(exited));
  }

  /**
   * A thread holds the process open only while it has a task or tasks wait for one: an idle pool
   * never closed lets the process end, as piscina's did (a command that throws between starting
   * a pool and closing it must still exit).
   */
  #holdOpen(): void {
    const waiting = this.#waiting.length > 0;
    for (const slot of this.#slots) {
      if (slot.job || waiting) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  #dispatch(): void {
    this.#assign();
    this.#holdOpen();
  }

  #assign(): void {
    if (this.#closed || this.#broken) return;
    // Cold pools start threads as tasks come, up to the size.
    const idle = this.#slots.filter((slot) => !slot.job).length;
    for (let i = idle; i < this.#waiting.length && this.#slots.length < this.size; i++) {
      this.#slots.push(this.#spawn());
    }
    for (const slot of this.#slots) {
      if (this.#waiting.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = this.#waiting.shift() as Job<Task, Result>;
      clearTimeout(job.waitTimer);
      if (job.onAbort) job.limits.signal?.removeEventListener('abort', job.onAbort);
      job.onAbort = undefined;
      slot.job = job;
      slot.startedAt = performance.now();
      const { timeoutMs, graceMs = 0, countWait } = job.limits;
      if (timeoutMs !== undefined) {
        const left = countWait ? timeoutMs - (slot.startedAt - job.queuedAt) : timeoutMs;
        slot.timer = setTimeout(() => this.#replace(slot, { kind: 'timeout' }), Math.max(0, left) + graceMs);
      }
      const message: HostTask<Task> = { id: job.id, task: job.task };
      slot.worker.postMessage(message, [...(job.limits.transfer ?? [])]);
    }
  }
}

/**
 * Returns `value` from a task with `transfer`'s buffers moved to the main thread rather than copied
 * (unusable in the thread afterwards). Typed as the value, for the task's signature.
 */
export function moved<T>(value: T, transfer: readonly ArrayBuffer[]): T {
  // The host recognises it by a registered symbol (thread-host.ts), the same in every copy of this module.
  return { [Symbol.for('pith.thread-pool.moved')]: true, value, transfer } as unknown as T;
}

function hostUrl(): URL {
  return new URL(`./thread-host.${RUNNING_FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);
}

/** True when this module runs from its `.ts` source (under tsx). */
const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Options of this process that no thread or child process gets (test runner, inspector, watch). */
function inheritable(argv: readonly string[]): string[] {
  return argv.filter((arg) => !/^--(test|inspect|watch|experimental-test)/.test(arg));
}

/**
 * V8's heap and GC options are process-wide: a worker thread shares them (and `new Worker` refuses
 * them in `execArgv`); child processes measure with Node's defaults.
 */
const PROCESS_WIDE =
  /^--(single-threaded-gc|single-threaded|max-semi-space-size|max-old-space-size|stack-size)\b/;

/** The options without tsx's loader (`--import tsx`, `--require …/preflight.cjs`, `--import …/loader.mjs`). */
function withoutTsx(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if ((arg === '--import' || arg === '--require' || arg === '--loader') && /tsx/.test(argv[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (/^--(import|require|loader)=.*tsx/.test(arg)) continue;
    out.push(arg);
  }
  return out;
}

/**
 * The Node options of this process that a worker thread or a child process gets: without the test
 * runner, inspector, watch, tsx's loader (a thread registers it itself, see startThread) or V8's
 * process-wide heap and GC flags.
 */
export function threadExecArgv(argv: readonly string[] = process.execArgv): string[] {
  return withoutTsx(inheritable(argv)).filter((arg) => !PROCESS_WIDE.test(arg));
}

/**
 * Starts a worker thread on `module`. A `.js` module is a plain worker. A `.ts` one (from source,
 * under tsx) gets a two-line bootstrap: Node 20 does not apply `--import tsx` to a worker's entry
 * module, so the bootstrap registers tsx's hooks in the thread and then imports the module; tsx's
 * resolver in a thread leaves out the `import` condition, which packages that export only under it
 * (eld) need.
 */
export function startThread(module: URL, options: ConstructorParameters<typeof Worker>[1] = {}): Worker {
  const execArgv = threadExecArgv();
  if (!module.pathname.endsWith('.ts')) return new Worker(module, { ...options, execArgv });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: [...execArgv, '--conditions=import'] });
}
