/**
 * The batch pool: worker threads (piscina) that extract pages. A page that overruns its time
 * budget by the grace has its thread terminated (piscina starts a fresh one); a page that kills
 * its thread (out of memory, a crash) fails alone with WORKER_FAILED: the batch goes on.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { failedResult } from './page.js';
import type { PageResult, PageTask } from './types.js';

export interface PagePoolOptions {
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Heap limit of each thread, MB (default 2048). */
  maxHeapMb?: number;
  /** The worker module (default worker.ts/.js beside this file). */
  workerUrl?: URL;
}

/** Node options of this process that a worker thread must not get (test runner, inspector, watch). */
function workerExecArgv(): string[] {
  return process.execArgv.filter((arg) => !/^--(test|inspect|watch|experimental-test)/.test(arg));
}

export class PagePool {
  readonly threads: number;
  readonly #piscina: Piscina<PageTask, PageResult>;

  constructor(options: PagePoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    const fromSource = import.meta.url.endsWith('.ts');
    const workerUrl = options.workerUrl ?? new URL(`./worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
    this.#piscina = new Piscina({
      filename: workerUrl.href,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // From source, threads load TypeScript through tsx, whose resolver in a worker thread leaves out
      // the `import` condition: packages that export only under it (eld) would not resolve.
      execArgv: [...workerExecArgv(), ...(fromSource ? ['--conditions=import'] : [])],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 2048 },
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
