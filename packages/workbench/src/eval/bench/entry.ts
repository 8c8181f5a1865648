/**
 * Locating sibling modules that run in another thread or process (the bench
 * worker, the speed child), both from the TypeScript sources (tsx, in
 * development and tests) and from the compiled `dist/` (plain node).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** True when this module runs from its `.ts` source (under tsx). */
export const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

export interface ModuleEntry {
  url: URL;
  /** Node options for the new thread or process: tsx's loader when running from source. */
  execArgv: string[];
}

/** Options of the current process that must not be passed on (test runner, inspector). */
function inheritable(argv: readonly string[]): string[] {
  return argv.filter((arg) => !/^--(test|inspect|watch|experimental-test)/.test(arg));
}

/**
 * V8's heap and GC options are process-wide: a worker thread shares them (and `new Worker`
 * refuses them in `execArgv`). Child processes do not get them either (see siblingEntry).
 */
const PROCESS_WIDE =
  /^--(single-threaded-gc|single-threaded|max-semi-space-size|max-old-space-size|stack-size)\b/;

function forWorker(argv: readonly string[]): string[] {
  return argv.filter((arg) => !PROCESS_WIDE.test(arg));
}

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
 * Starts a worker thread on the module `name` beside `base`. From `dist/` it is a
 * plain worker on `name.js`. From source, Node 20 does not apply `--import tsx`
 * to a worker's entry module, so a two-line bootstrap registers tsx's hooks in the
 * worker and then imports `name.ts`.
 */
export function startWorker(base: string | URL, name: string, options: WorkerOptions = {}): Worker {
  const fromSource = String(base).endsWith('.ts');
  const execArgv = forWorker(withoutTsx(inheritable(process.execArgv)));
  if (!fromSource) return new Worker(new URL(`./${name}.js`, base), { ...options, execArgv });
  const entry = new URL(`./${name}.ts`, base).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv });
}

/** The entry of a module beside `base` for a child process (`./name.ts` from source, `./name.js` from dist). */
export function siblingEntry(base: string | URL, name: string): ModuleEntry {
  const fromSource = String(base).endsWith('.ts');
  const url = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, base);
  // Heap and GC tuning is for the bench run itself: speed children measure with Node's defaults.
  const execArgv = forWorker(withoutTsx(inheritable(process.execArgv)));
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
