/**
 * The speed child process: measures one extractor (or the parse-only floor) on
 * the pages it is sent, single-threaded, after a warm-up pass over the first of
 * them ({@link warmUpPages}). A process of its own, so that its resident set size
 * is its own.
 *
 * Protocol (IPC, structured clone): parent → child one {@link SpeedJob}; child →
 * parent `{ tick: i }` after each page (the parent's watchdog; warm-up pages
 * first, then the timed ones), then one {@link SpeedChildResult}.
 */

import { useModelFiles } from '@pith/tools';
import { decodeHtml, parseHtml } from 'pith';
import { type ExtractorRef, loadExtractor } from './extractors.js';
import { warmUpPages } from './speed-types.js';
import { describeError } from './task.js';
import { threadCpuMs } from './thread-cpu.js';

export interface SpeedJob {
  target: ExtractorRef | { kind: 'parse-only'; name: 'parse-only'; label: 'parse-only'; version: string };
  peersModule?: string;
  pages: { html: Uint8Array; url?: string }[];
}

export interface SpeedChildResult {
  ms: number[];
  /**
   * CPU time of each timed page: the extracting thread's (an outside peer's own process's, as it
   * reports it); empty where the platform gives none. Wall time on a loaded machine measures the
   * load; this does not.
   */
  cpuMs: number[];
  failures: number;
  baselineRssMb: number;
  peakRssMb: number;
  error?: string;
}

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

const send = (message: unknown) =>
  new Promise<void>((resolve) => {
    if (process.send) process.send(message, () => resolve());
    else resolve();
  });

process.once('message', async (job: SpeedJob) => {
  const result: SpeedChildResult = { ms: [], cpuMs: [], failures: 0, baselineRssMb: 0, peakRssMb: 0 };
  try {
    const run = await prepare(job);
    result.baselineRssMb = process.memoryUsage().rss / 1e6;
    // Warm-up: JIT, lazy modules, caches; its times are thrown away.
    const warmUp = warmUpPages(job.pages.length);
    for (let i = 0; i < warmUp; i++) {
      try {
        await run(i);
      } catch {
        // counted in the timed pass
      }
      await send({ tick: i });
    }
    for (let i = 0; i < job.pages.length; i++) {
      const started = performance.now();
      try {
        const timed = await run(i);
        result.ms.push(timed.ms);
        if (timed.cpuMs !== undefined) result.cpuMs.push(timed.cpuMs);
      } catch {
        result.failures++;
        result.ms.push(performance.now() - started);
      }
      await send({ tick: warmUp + i });
    }
  } catch (error) {
    result.error = describeError(error);
  }
  // maxRSS is in kilobytes (KiB on Linux).
  result.peakRssMb = (process.resourceUsage().maxRSS * 1024) / 1e6;
  await send({ result });
  process.exit(0);
});
