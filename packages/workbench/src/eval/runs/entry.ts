/**
 * Locating sibling modules that run in another thread or process (the bench
 * worker, the speed child), both from the TypeScript sources (tsx, in
 * development and tests) and from the compiled `dist/` (plain node). The Node
 * options they get are @pith/tools' (threadExecArgv), filtered in one place.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startThread, threadExecArgv } from '@pith/tools';

/** True when this module runs from its `.ts` source (under tsx). */
export const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

export interface ModuleEntry {
  url: URL;
  /** Node options for the new thread or process: tsx's loader when running from source. */
  execArgv: string[];
}

/** Starts a worker thread on the module `name` beside `base` (`name.ts` from source, through tsx). */
export function startWorker(base: string | URL, name: string, options: WorkerOptions = {}): Worker {
  const fromSource = String(base).endsWith('.ts');
  return startThread(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, base), options);
}

/** The entry of a module beside `base` for a child process (`./name.ts` from source, `./name.js` from dist). */
export function siblingEntry(base: string | URL, name: string): ModuleEntry {
  const fromSource = String(base).endsWith('.ts');
  const url = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, base);
  // Heap and GC tuning is for the bench run itself: speed children measure with Node's defaults.
  const execArgv = threadExecArgv();
  // tsx's loader by its resolved URL, so that the child finds it whatever its working directory.
  if (fromSource) execArgv.push('--import', import.meta.resolve('tsx'));
  return { url, execArgv };
}

/** The URL of a module beside `base` with the running extension, or undefined when absent. */
export function siblingModule(base: string | URL, relative: string): URL | undefined {
  const fromSource = String(base).endsWith('.ts');
  const url = new URL(`${relative}.${fromSource ? 'ts' : 'js'}`, base);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}
