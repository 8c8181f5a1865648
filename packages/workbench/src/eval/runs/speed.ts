/**
 * `pith bench --speed`: every extractor and peer on the same pages, one after
 * another, each in a child process of its own (so that its peak RSS is its own),
 * single-threaded, after a warm-up on the first tenth of the pages (at least 10).
 * The parse-only time (pith's `parseHtml` on the decoded page) is measured the
 * same way, as the floor of pith's time.
 *
 * Every figure is also reported as a ratio to Readability on jsdom (peer
 * `readability-jsdom`) measured in the same run, or, when that peer is absent, to
 * the `all-text` baseline.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { VERSION } from 'pith';
import { siblingEntry } from './entry.js';
import type { ExtractorRef } from './extractors.js';
import type { SpeedChildResult, SpeedJob } from './speed-child.js';
import { type SpeedResult, type SpeedRow, warmUpPages } from './speed-types.js';

export interface SpeedPage {
  html: Uint8Array;
  url?: string;
}

export interface SpeedOptions {
  pages: readonly SpeedPage[];
  sample: string;
  extractors: readonly ExtractorRef[];
  peersModule?: string;
  /** A child that reports no progress for this long is killed (its row records the error). */
  timeoutMs: number;
  onProgress?: (name: string, done: number, total: number) => void;
}

/** The peer every speed ratio is relative to. */
export const SPEED_REFERENCE = 'readability-jsdom';
export const SPEED_FALLBACK_REFERENCE = 'all-text';

/** Pages per second of a sum of CPU times (NaN when it is 0: ticks too coarse for the sample). */
function cpuRate(pages: number, cpuMs: readonly number[]): number {
  const total = cpuMs.reduce((sum, ms) => sum + ms, 0);
  return total > 0 ? (pages * 1000) / total : Number.NaN;
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

function runChild(
  job: SpeedJob,
  timeoutMs: number,
  onTick: (tick: number) => void,
): Promise<SpeedChildResult> {
  const entry = siblingEntry(import.meta.url, 'speed-child');
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(entry.url), [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    let settled = false;
    const finish = (result: SpeedChildResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const empty = (error: string): SpeedChildResult => ({
      ms: [],
      cpuMs: [],
      failures: 0,
      baselineRssMb: Number.NaN,
      peakRssMb: Number.NaN,
      error,
    });
    let timer = setTimeout(() => {}, 0);
    const arm = (what: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(empty(`no progress for ${timeoutMs} ms (${what})`));
      }, timeoutMs);
    };
    arm('starting');
    child.on('message', (message: { tick?: number; result?: SpeedChildResult }) => {
      if (message.result) finish(message.result);
      else if (typeof message.tick === 'number') {
        onTick(message.tick + 1);
        arm(`after page ${message.tick + 1}`);
      }
    });
    child.on('exit', (code) =>
      finish(empty(`child exited with code ${code}${stderr ? `: ${stderr.trim()}` : ''}`)),
    );
    child.send(job);
  });
}

/** Measures every extractor on the same pages; see the module comment. */
export async function measureSpeed(options: SpeedOptions): Promise<SpeedResult> {
  const started = performance.now();
  const pages = options.pages.map((page) => ({ html: page.html, ...(page.url ? { url: page.url } : {}) }));
  const bytes = pages.reduce((sum, page) => sum + page.html.length, 0);
  const targets: SpeedJob['target'][] = [
    { kind: 'parse-only', name: 'parse-only', label: 'parse-only', version: VERSION },
    ...options.extractors,
  ];
  const rows: SpeedRow[] = [];
  for (const target of targets) {
    const total = warmUpPages(pages.length) + pages.length;
    const result = await runChild(
      { target, pages, ...(options.peersModule ? { peersModule: options.peersModule } : {}) },
      options.timeoutMs,
      (done) => options.onProgress?.(target.label, done, total),
    );
    const sorted = [...result.ms].sort((x, y) => x - y);
    const totalMs = result.ms.reduce((sum, ms) => sum + ms, 0);
    const complete = result.ms.length === pages.length && result.error === undefined;
    rows.push({
      name: target.label,
      kind: target.kind,
      version: target.version,
      pages: result.ms.length,
      bytes,
      failures: result.failures,
      totalMs,
      docsPerSecond: complete && totalMs > 0 ? (pages.length * 1000) / totalMs : Number.NaN,
      cpuDocsPerSecond:
        complete && result.cpuMs.length === pages.length ? cpuRate(pages.length, result.cpuMs) : Number.NaN,
      megabytesPerSecond: complete && totalMs > 0 ? bytes / 1e6 / (totalMs / 1000) : Number.NaN,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      maxMs: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      baselineRssMb: result.baselineRssMb,
      peakRssMb: result.peakRssMb,
      ...(result.error ? { error: result.error } : {}),
    });
  }
  const usable = (name: string) =>
    rows.some((row) => row.name === name && Number.isFinite(row.docsPerSecond));
  const reference = usable(SPEED_REFERENCE)
    ? SPEED_REFERENCE
    : usable(SPEED_FALLBACK_REFERENCE)
      ? SPEED_FALLBACK_REFERENCE
      : null;
  return {
    pages: pages.length,
    bytes,
    sample: options.sample,
    rows,
    reference,
    wallMs: performance.now() - started,
  };
}
