/**
 * What the report scripts share (`bench:report`, `bench:seed-002`): their run options, the check
 * of a numeric flag, the run itself (or its saved result), and writing their generated section of
 * docs/benchmarks-journal.md between markers.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BenchConfig,
  type BenchResult,
  openWorkerLog,
  readResult,
  runBench,
  writeResult,
} from '../../src/eval/index.js';

/** The `parseArgs` options of a report run (each script adds its own). */
export const REPORT_RUN_OPTIONS = {
  from: { type: 'string' },
  jobs: { type: 'string' },
  limit: { type: 'string' },
  'no-speed': { type: 'boolean', default: false },
  'no-cache': { type: 'boolean', default: false },
  timeout: { type: 'string', default: '60000' },
  out: { type: 'string' },
  'docs-dir': { type: 'string', default: 'docs' },
} as const;

/** A flag's value as a positive integer (undefined when absent); throws on anything else. */
export function positive(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got '${value}'`);
  return n;
}

/** The flags of {@link REPORT_RUN_OPTIONS} the run reads. */
interface RunFlags {
  from?: string;
  out?: string;
  timeout?: string;
  'no-cache'?: boolean;
}

/** What a report script decides about its run (the rest — cache, time budget, logs — is shared). */
export type ReportBenchConfig = Omit<
  BenchConfig,
  'timeoutMs' | 'cacheDir' | 'warn' | 'onWorkerOutput' | 'onProgress'
>;

/**
 * A report's bench result and the directory it lives in: read back from `--from DIR`, or run with
 * `configure()`'s datasets and extractors (only called then), the shared output cache, progress
 * to `log` every `progressMs`, the extractors' own output in a worker log, and the result saved to
 * `--out` (default `.cache/bench/<name>-<time>`).
 */
export async function reportRun(
  flags: RunFlags,
  name: string,
  log: (message: string) => void,
  progressMs: number,
  configure: () => Promise<ReportBenchConfig>,
): Promise<{ result: BenchResult; outDir: string }> {
  if (flags.from) {
    const outDir = path.resolve(flags.from);
    return { result: await readResult(path.join(outDir, 'results.json')), outDir };
  }
  const config = await configure();
  const outDir = path.resolve(
    flags.out ?? path.join('.cache', 'bench', `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}`),
  );
  let last = 0;
  const workerLog = openWorkerLog(outDir);
  const output = await runBench({
    ...config,
    timeoutMs: positive(flags.timeout, '--timeout') ?? 60_000,
    ...(flags['no-cache'] ? {} : { cacheDir: path.resolve('.cache', 'bench', 'outputs') }),
    warn: log,
    onWorkerOutput: (text) => workerLog.write(text),
    onProgress: (p) => {
      const now = performance.now();
      if (now - last < progressMs && p.done !== p.total) return;
      last = now;
      log(
        `${p.phase === 'quality' ? 'quality' : `speed ${p.current}`}: ${p.done}/${p.total} · ${p.failed} failed · ${p.cached} cached · ${Math.round(p.elapsedMs / 1000)} s`,
      );
    },
  });
  const workerLines = await workerLog.close();
  if (workerLines > 0) log(`${workerLines} lines the extractors printed are in ${workerLog.file}`);
  await mkdir(outDir, { recursive: true });
  await writeResult(path.join(outDir, 'results.json'), output.result);
  return { result: output.result, outDir };
}

/**
 * Replaces the section of `file` from the line starting with `startPrefix` to `end` (markers
 * included) with `section` (which holds both markers), or appends it when there is none.
 */
export async function writeSection(
  file: string,
  startPrefix: string,
  end: string,
  section: string,
): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  const start = current.indexOf(startPrefix);
  const stop = current.indexOf(end);
  const updated =
    start >= 0 && stop > start
      ? `${current.slice(0, start)}${section}${current.slice(stop + end.length).replace(/^\n/, '')}`
      : `${current.trimEnd()}\n\n${section}`;
  await writeFile(file, updated);
}
