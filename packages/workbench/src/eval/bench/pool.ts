/**
 * A pool of bench worker threads. Each worker runs one task at a time; a task
 * that runs over its time budget is a failure (`timedOut`) and its worker is
 * terminated and replaced, as is a worker that crashes (an uncaught error, out of
 * memory). Neither ever stops the run.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from './entry.js';
import type { Task, TaskResult, TaskSettings } from './task.js';

interface Pending {
  task: Task;
  resolve: (result: TaskResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  current?: Pending;
  timer?: NodeJS.Timeout;
}

export interface PoolOptions {
  size: number;
  settings: TaskSettings;
  /** Time budget per task, in milliseconds (extraction + scoring). */
  timeoutMs: number;
  /** Heap limit of each worker, in MB (default 4096). */
  maxHeapMb?: number;
  /**
   * Receives what the workers print (peers log warnings and stack traces of pages they cope
   * with). Without it, worker output goes to this process's stdout and stderr as usual.
   */
  onOutput?: (text: string) => void;
}

export class WorkerPool {
  readonly #options: PoolOptions;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #closed = false;
  /** Workers in a row that died before they were ready; past a few, the pool is broken. */
  #startupFailures = 0;
  #broken: Error | undefined;
  /** Workers replaced after a timeout or a crash. */
  replacements = 0;

  constructor(options: PoolOptions) {
    this.#options = options;
    for (let i = 0; i < Math.max(1, options.size); i++) this.#slots.push(this.#spawn());
  }

  #spawn(): Slot {
    const { onOutput } = this.#options;
    const worker = startWorker(import.meta.url, 'worker', {
      workerData: this.#options.settings,
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb ?? 4096 },
      ...(onOutput ? { stdout: true, stderr: true } : {}),
    });
    if (onOutput) {
      for (const stream of [worker.stdout, worker.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', (text: string) => onOutput(text));
      }
    }
    const slot: Slot = { worker, ready: false };
    worker.on('message', (message: TaskResult | { ready: true }) => {
      if ('ready' in message) {
        slot.ready = true;
        this.#startupFailures = 0;
        this.#dispatch();
        return;
      }
      const pending = slot.current;
      if (!pending || pending.task.id !== message.id) return;
      clearTimeout(slot.timer);
      slot.current = undefined;
      pending.resolve(message);
      this.#dispatch();
    });
    worker.on('error', (error) => this.#replace(slot, `worker crashed: ${error.message}`, false));
    worker.on('exit', (code) => {
      if (!this.#closed && this.#slots.includes(slot))
        this.#replace(slot, `worker exited with code ${code}`, false);
    });
    return slot;
  }

  /** Fails the slot's current task (if any) and puts a new worker in its place. */
  #replace(slot: Slot, error: string, timedOut: boolean): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    clearTimeout(slot.timer);
    const pending = slot.current;
    slot.current = undefined;
    this.#slots.splice(index, 1);
    slot.worker.removeAllListeners('exit');
    void slot.worker.terminate();
    if (!slot.ready && ++this.#startupFailures >= 3 && !this.#broken) {
      // Workers that cannot even start would be replaced forever: give up and fail what waits.
      this.#broken = new Error(`bench workers cannot start: ${error}`);
      for (const waiting of this.#queue.splice(0)) waiting.reject(this.#broken);
    }
    if (!this.#closed && !this.#broken) {
      this.replacements++;
      this.#slots.push(this.#spawn());
    }
    if (pending) {
      pending.resolve({
        id: pending.task.id,
        failed: true,
        error,
        ...(timedOut ? { timedOut: true } : {}),
        ms: timedOut ? this.#options.timeoutMs : 0,
        cached: false,
        scores: {},
      });
    }
    this.#dispatch();
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (!slot.ready || slot.current) continue;
      const pending = this.#queue.shift() as Pending;
      slot.current = pending;
      slot.timer = setTimeout(
        () => this.#replace(slot, `timed out after ${this.#options.timeoutMs} ms`, true),
        this.#options.timeoutMs,
      );
      slot.worker.postMessage(pending.task);
    }
  }

  /** Runs a task on the next free worker; rejects only when workers cannot start at all. */
  run(task: Task): Promise<TaskResult> {
    if (this.#closed) return Promise.reject(new Error('pool is closed'));
    if (this.#broken) return Promise.reject(this.#broken);
    return new Promise((resolve, reject) => {
      this.#queue.push({ task, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(
      this.#slots.map((slot) => {
        clearTimeout(slot.timer);
        slot.worker.removeAllListeners('exit');
        return slot.worker.terminate();
      }),
    );
    this.#slots.length = 0;
  }
}
