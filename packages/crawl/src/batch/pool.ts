/**
 * The batch pool: worker threads (piscina) that extract pages. A page that overruns its time
 * budget by the grace has its thread terminated (piscina starts a fresh one); a page that kills
 * its thread (out of memory, a crash) fails alone with WORKER_FAILED: the batch goes on.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
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
  /** The worker module (default worker.ts/.js beside this file). */
  workerUrl?: URL;
}

/**
 * The default heap limit of a thread, MB. The largest pages the library accepts (16 MB, 2 million
 * nodes) need under 200 MB of heap; with a 2 GB limit a thread's heap drifted to 250–330 MB over a
 * long run and made peak RSS grow with the archive (docs/benchmarks-journal.md, "pith warc" memory).
 */
export const DEFAULT_THREAD_HEAP_MB = 384;

/** Node options of this process that a worker thread must not get (test runner, inspector, watch). */
export function workerExecArgv(): string[] {
  return process.execArgv.filter((arg) => !/^--(test|inspect|watch|experimental-test)/.test(arg));
}

export class PagePool {
  readonly threads: number;
  readonly #piscina: Piscina<PageTask, PageResult>;

  constructor(options: PagePoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    const fromSource = /\.ts(\?|$)/.test(import.meta.url);
    const workerUrl = options.workerUrl ?? new URL(`./worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
    this.#piscina = new Piscina({
      filename: workerUrl.href,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // From source, threads load TypeScript through tsx, whose resolver in a worker thread leaves out
      // the `import` condition: packages that export only under it (eld) would not resolve.
      execArgv: [...workerExecArgv(), ...(fromSource ? ['--conditions=import'] : [])],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_THREAD_HEAP_MB },
    });
  }

  /**
   * Extracts one page; never rejects. `transfer`: hand the body's memory to the thread instead of
   * copying it (only for bodies that own their ArrayBuffer: not for views into Node's Buffer pool).
   * Pages wait here until a thread is free, so that a page's time budget starts when it runs.
   */
  async run(task: PageTask, options: { transfer?: boolean } = {}): Promise<PageResult> {
    if (this.#running >= this.threads) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      return await this.#runNow(task, options.transfer === true);
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  #running = 0;
  readonly #waiting: (() => void)[] = [];

  async #runNow(task: PageTask, transfer: boolean): Promise<PageResult> {
    const stop = new AbortController();
    let overran = false;
    // The library checks its own deadline; the thread is terminated only if it never gets there.
    const graceMs = Math.max(2000, task.settings.timeoutMs);
    const timer = setTimeout(() => {
      overran = true;
      stop.abort();
    }, task.settings.timeoutMs + graceMs);
    const started = performance.now();
    try {
      const buffer = task.body.buffer;
      return await this.#piscina.run(task, {
        signal: stop.signal,
        ...(transfer && buffer instanceof ArrayBuffer ? { transferList: [buffer] } : {}),
      });
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      if (overran) {
        return failedResult('TIMEOUT', `the page was not extracted within ${task.settings.timeoutMs} ms`, ms);
      }
      const message = error instanceof Error ? error.message : String(error);
      return failedResult('WORKER_FAILED', `its worker thread died: ${message}`, ms);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.#piscina.close({ force: true });
  }
}
