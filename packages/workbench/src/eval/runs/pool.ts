/**
 * The bench's pool: the tools' thread pool (@pith/tools) running bench tasks. Each thread runs one
 * task at a time; a task that runs over its time budget is a failure (`timedOut`) and its thread is
 * terminated and replaced, as is a thread that crashes (an uncaught error, out of memory). Neither
 * ever stops the run.
 */
import { ThreadPool } from '@pith/tools';
import { siblingModule } from './entry.js';
import type { Task, TaskResult, TaskSettings } from './task.js';

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

export class TaskPool {
  readonly #pool: ThreadPool<Task, TaskResult>;
  readonly #timeoutMs: number;

  constructor(options: PoolOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#pool = new ThreadPool({
      module: siblingModule(import.meta.url, './task-thread') as URL,
      threads: options.size,
      data: options.settings,
      maxHeapMb: options.maxHeapMb ?? 4096,
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
    });
  }

  /** Workers replaced after a timeout or a crash. */
  get replacements(): number {
    return this.#pool.replacements;
  }

  /** Runs a task on the next free worker; rejects only when workers cannot start at all. */
  async run(task: Task): Promise<TaskResult> {
    const outcome = await this.#pool.run(task, { timeoutMs: this.#timeoutMs });
    if (outcome.kind === 'done') return outcome.value;
    if (outcome.kind === 'broken') throw new Error(`bench workers cannot start: ${outcome.message}`);
    if (outcome.kind === 'closed') throw new Error('pool is closed');
    const timedOut = outcome.kind === 'timeout';
    const error = timedOut
      ? `timed out after ${this.#timeoutMs} ms`
      : `worker crashed: ${'message' in outcome ? outcome.message : outcome.kind}`;
    return {
      id: task.id,
      failed: true,
      error,
      ...(timedOut ? { timedOut: true } : {}),
      ms: timedOut ? this.#timeoutMs : 0,
      cached: false,
      scores: {},
    };
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}
