/**
 * The speed child process: holds one extractor (or the parse-only floor) ready
 * and runs the page ranges the parent asks for, single-threaded. A process of its
 * own, so that its resident set size is its own.
 *
 * Protocol (IPC, structured clone), one request at a time:
 * - parent → child `{ kind: 'prepare', job }`; child → parent `{ kind: 'ready' }`;
 * - parent → child `{ kind: 'run', from, to, timed }`; child → parent `{ kind: 'tick' }` after each
 *   page (the parent's watchdog), then `{ kind: 'ran', ms, cpuMs, failures }` (empty when untimed:
 *   a warm-up);
 * - parent → child `{ kind: 'finish' }`; child → parent `{ kind: 'finished', baselineRssMb,
 *   peakRssMb }`, then it exits.
 * A request that throws is answered `{ kind: 'error', error }`.
 *
 * The parent keeps every child alive and hands the pages out in short ranges, each extractor in
 * turn (see speed.ts): on a shared machine whose speed drifts, every extractor then meets the
 * same drift.
 */

import { useModelFiles } from '@pith/tools';
import { decodeHtml, parseHtml } from 'pith';
import { type ExtractorRef, loadExtractor } from './extractors.js';
import { describeError } from './task.js';
import { threadCpuMs } from './thread-cpu.js';

export interface SpeedJob {
  target: ExtractorRef | { kind: 'parse-only'; name: 'parse-only'; label: 'parse-only'; version: string };
  peersModule?: string;
  pages: { html: Uint8Array; url?: string }[];
}

export type SpeedRequest =
  | { kind: 'prepare'; job: SpeedJob }
  | { kind: 'run'; from: number; to: number; timed: boolean }
  | { kind: 'finish' };

/** The times of one range of pages. */
export interface SpeedRange {
  ms: number[];
  /**
   * CPU time of each timed page: the extracting thread's (an outside peer's own process's, as it
   * reports it); empty where the platform gives none. Wall time on a loaded machine measures the
   * load; this does not.
   */
  cpuMs: number[];
  failures: number;
}

export type SpeedReply =
  | { kind: 'ready' }
  | { kind: 'tick' }
  | ({ kind: 'ran' } & SpeedRange)
  | { kind: 'finished'; baselineRssMb: number; peakRssMb: number }
  | { kind: 'error'; error: string };

/** Runs page `index`: its wall time and, when known, its CPU time (ms). */
type Runner = (index: number) => Promise<{ ms: number; cpuMs?: number }>;

function cpuSince(started: number | undefined): { cpuMs?: number } {
  const ended = threadCpuMs();
  return started === undefined || ended === undefined ? {} : { cpuMs: ended - started };
}

async function prepare(job: SpeedJob): Promise<Runner> {
  const { target, pages } = job;
  if (target.kind === 'parse-only') {
    // The floor: pith's parser alone on the decoded text (decoding not timed).
    const texts = pages.map((page) => decodeHtml(page.html).text);
    return async (i) => {
      const cpuStarted = threadCpuMs();
      const started = performance.now();
      parseHtml(texts[i], pages[i].url ? { url: pages[i].url } : {});
      return { ms: performance.now() - started, ...cpuSince(cpuStarted) };
    };
  }
  // Model files named by path (held-out models), every shipped model ready for extract().
  await useModelFiles();
  const extractor = await loadExtractor(target, job.peersModule);
  return async (i) => {
    const cpuStarted = threadCpuMs();
    const run = await extractor.run(pages[i].html, pages[i].url);
    return { ms: run.ms, ...(run.cpuMs !== undefined ? { cpuMs: run.cpuMs } : cpuSince(cpuStarted)) };
  };
}

const send = (message: SpeedReply) =>
  new Promise<void>((resolve) => {
    if (process.send) process.send(message, () => resolve());
    else resolve();
  });

async function runRange(run: Runner, from: number, to: number, timed: boolean): Promise<SpeedRange> {
  const range: SpeedRange = { ms: [], cpuMs: [], failures: 0 };
  for (let i = from; i < to; i++) {
    const started = performance.now();
    try {
      const page = await run(i);
      if (timed) {
        range.ms.push(page.ms);
        if (page.cpuMs !== undefined) range.cpuMs.push(page.cpuMs);
      }
    } catch {
      // A warm-up failure is counted when the page is timed.
      if (timed) {
        range.failures++;
        range.ms.push(performance.now() - started);
      }
    }
    await send({ kind: 'tick' });
  }
  return range;
}

let runner: Runner | undefined;
let baselineRssMb = Number.NaN;

process.on('message', async (request: SpeedRequest) => {
  try {
    if (request.kind === 'prepare') {
      runner = await prepare(request.job);
      baselineRssMb = process.memoryUsage().rss / 1e6;
      await send({ kind: 'ready' });
    } else if (request.kind === 'run') {
      if (!runner) throw new Error('run before prepare');
      await send({ kind: 'ran', ...(await runRange(runner, request.from, request.to, request.timed)) });
    } else {
      // maxRSS is in kilobytes (KiB on Linux).
      await send({
        kind: 'finished',
        baselineRssMb,
        peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6,
      });
      process.exit(0);
    }
  } catch (error) {
    await send({ kind: 'error', error: describeError(error) });
  }
});
