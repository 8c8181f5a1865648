/**
 * The batch pool: the tools' thread pool (@pith/tools) extracting pages. A page that overruns its time
 * budget by the grace has its thread terminated and replaced; a page that kills its thread (out of
 * memory, a crash) fails alone with WORKER_FAILED: the batch goes on.
 */
import { availableParallelism } from 'node:os';
import { ThreadPool } from '@pith/tools';
import { failedResult } from './result.js';
import type { PageResult, PageTask } from './types.js';

export interface PagePoolOptions {
  /** Worker threads (default: one per core). */
  threads?: number;
  /**
   * Heap limit of each thread, MB (default `DEFAULT_THREAD_HEAP_MB`). V8 lets a heap grow well past
   * what it holds when the limit is far: the limit is what keeps a long run's memory flat.
   */
  maxHeapMb?: number;
  /** The worker module (default page-thread.ts/.js beside this file). */
  workerUrl?: URL;
}

/**
 * The default heap limit of a thread, MB. The largest pages the library accepts (16 MB, 2 million
 * nodes) need under 200 MB of heap; with a 2 GB limit a thread's heap drifted to 250–330 MB over a
 * long run and made peak RSS grow with the archive (docs/benchmarks-journal.md, "pith warc" memory).
 */
export const DEFAULT_THREAD_HEAP_MB = 384;

export class PagePool {
  readonly threads: number;
  readonly #pool: ThreadPool<PageTask, PageResult>;

  constructor(options: PagePoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    const fromSource = /\.ts(\?|$)/.test(import.meta.url);
    this.#pool = new ThreadPool({
      module: options.workerUrl ?? new URL(`./page-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url),
      threads: this.threads,
      maxHeapMb: options.maxHeapMb ?? DEFAULT_THREAD_HEAP_MB,
    });
  }

  /**
   * Extracts one page; never rejects. `transfer`: hand the body's memory to the thread instead of
   * copying it (only for bodies that own their ArrayBuffer: not for views into Node's Buffer pool).
   * A page's time budget starts when it runs, not while it waits for a thread.
   */
  async run(task: PageTask, options: { transfer?: boolean } = {}): Promise<PageResult> {
    const buffer = task.body.buffer;
    const outcome = await this.#pool.run(task, {
      timeoutMs: task.settings.timeoutMs,
      // The library checks its own deadline; the thread is terminated only if it never gets there.
      graceMs: Math.max(2000, task.settings.timeoutMs),
      ...(options.transfer === true && buffer instanceof ArrayBuffer ? { transfer: [buffer] } : {}),
    });
    if (outcome.kind === 'done') return outcome.value;
    const ms = 'ms' in outcome ? Math.round(outcome.ms) : 0;
    if (outcome.kind === 'timeout') {
      return failedResult('TIMEOUT', `the page was not extracted within ${task.settings.timeoutMs} ms`, ms);
    }
    const message = 'message' in outcome ? outcome.message : `the pool is ${outcome.kind}`;
    return failedResult('WORKER_FAILED', `its worker thread died: ${message}`, ms);
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}
