/**
 * `pith bench --speed`: every extractor and peer on the same pages, each in a
 * child process of its own (so that its peak RSS is its own), single-threaded,
 * after a warm-up on the first tenth of the pages (at least 10). The children
 * take turns of a few pages each, never two at once, so that a machine whose
 * speed drifts (a shared VM) slows every extractor alike.
 * The parse-only time (pith's `parseHtml` on the decoded page) is measured the
 * same way, as the floor of pith's time.
 *
 * Every figure is also reported as a ratio to Readability on jsdom (peer
 * `readability-jsdom`) measured in the same run, or, when that peer is absent, to
 * the `all-text` baseline.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { VERSION } from 'pith';
import { siblingEntry } from './entry.js';
import type { ExtractorRef } from './extractors.js';
import type { SpeedJob, SpeedRange, SpeedReply, SpeedRequest } from './speed-child.js';
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

/** One speed child: a forked process answering one request at a time, under a watchdog. */
class SpeedChild {
  private readonly child: ChildProcess;
  private pending: ((reply: SpeedReply) => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stderr = '';
  /** Set once the child has failed: it gets no more requests. */
  error: string | undefined;
  private finished = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly onTick: () => void,
  ) {
    const entry = siblingEntry(import.meta.url, 'speed-child');
    this.child = fork(fileURLToPath(entry.url), [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    this.child.on('message', (reply: SpeedReply) => {
      if (reply.kind === 'tick') {
        this.onTick();
        this.arm('after a page');
      } else this.settle(reply);
    });
    this.child.on('exit', (code) => {
      // After its last answer a child exits by itself: that is no failure.
      if (this.finished) return;
      this.settle({
        kind: 'error',
        error: `child exited with code ${code}${this.stderr ? `: ${this.stderr.trim()}` : ''}`,
      });
    });
  }

  private arm(what: string): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.child.kill('SIGKILL');
      this.settle({ kind: 'error', error: `no progress for ${this.timeoutMs} ms (${what})` });
    }, this.timeoutMs);
  }

  private settle(reply: SpeedReply): void {
    clearTimeout(this.timer);
    const pending = this.pending;
    this.pending = undefined;
    if (reply.kind === 'error') this.error ??= reply.error;
    if (reply.kind === 'finished') this.finished = true;
    pending?.(reply);
  }

  /** Sends one request; resolves with its answer, or an error reply once the child has failed. */
  request(request: SpeedRequest): Promise<SpeedReply> {
    if (this.error !== undefined) return Promise.resolve({ kind: 'error', error: this.error });
    return new Promise((resolve) => {
      this.pending = resolve;
      this.arm(request.kind);
      this.child.send(request);
    });
  }

  kill(): void {
    clearTimeout(this.timer);
    this.child.kill('SIGKILL');
  }
}

/** Pages a child runs before the next extractor takes its turn. */
export const PAGES_PER_TURN = 10;

export interface SpeedTurn {
  /** Index of the extractor (child) whose turn it is. */
  target: number;
  pages: { from: number; to: number; timed: boolean };
}

/**
 * The order of the speed pass: first every extractor's untimed warm-up on the first pages, then
 * the pages in turns of {@link PAGES_PER_TURN}, each extractor in turn, the order rotating every
 * turn. Whatever else the machine does falls on every extractor alike, and no extractor always
 * follows the same one (whose cache footprint it would inherit).
 */
export function speedTurns(pageCount: number, targets: number): SpeedTurn[] {
  const ranges = [{ from: 0, to: warmUpPages(pageCount), timed: false }];
  for (let from = 0; from < pageCount; from += PAGES_PER_TURN) {
    ranges.push({ from, to: Math.min(pageCount, from + PAGES_PER_TURN), timed: true });
  }
  return ranges.flatMap((pages, turn) =>
    Array.from({ length: targets }, (_, k) => ({ target: (turn + k) % targets, pages })),
  );
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
  const total = warmUpPages(pages.length) + pages.length;
  const done = targets.map(() => 0);
  const children = targets.map(
    (target, t) =>
      new SpeedChild(options.timeoutMs, () => options.onProgress?.(target.label, ++done[t], total)),
  );
  const ranges: SpeedRange[] = targets.map(() => ({ ms: [], cpuMs: [], failures: 0 }));
  const rss = targets.map(() => ({ baselineRssMb: Number.NaN, peakRssMb: Number.NaN }));
  try {
    // Loaded one after another (loading is not timed, and a peer's start is heavy).
    for (const [t, target] of targets.entries()) {
      const job: SpeedJob = {
        target,
        pages,
        ...(options.peersModule ? { peersModule: options.peersModule } : {}),
      };
      await children[t].request({ kind: 'prepare', job });
    }
    for (const turn of speedTurns(pages.length, targets.length)) {
      const reply = await children[turn.target].request({ kind: 'run', ...turn.pages });
      if (reply.kind !== 'ran') continue;
      const range = ranges[turn.target];
      // biome-ignore lint/plugin: bounded by PAGES_PER_TURN
      range.ms.push(...reply.ms);
      // biome-ignore lint/plugin: bounded by PAGES_PER_TURN
      range.cpuMs.push(...reply.cpuMs);
      range.failures += reply.failures;
    }
    for (const [t, child] of children.entries()) {
      const reply = await child.request({ kind: 'finish' });
      if (reply.kind === 'finished')
        rss[t] = { baselineRssMb: reply.baselineRssMb, peakRssMb: reply.peakRssMb };
    }
  } finally {
    for (const child of children) child.kill();
  }
  const rows = targets.map((target, t): SpeedRow => {
    const result = ranges[t];
    const error = children[t].error;
    const sorted = [...result.ms].sort((x, y) => x - y);
    const totalMs = result.ms.reduce((sum, ms) => sum + ms, 0);
    const complete = result.ms.length === pages.length && error === undefined;
    return {
      name: target.label,
      kind: target.kind,
      version: target.version,
      pages: result.ms.length,
      bytes,
      failures: result.failures,
      totalMs,
      docsPerSecond: complete && totalMs > 0 ? (pages.length * 1000) / totalMs : Number.NaN,
      // Over the pages that report a CPU time (a page that throws may not): a failure does not
      // void the figure as it voids the wall-time rate, whose sum includes it.
      cpuDocsPerSecond:
        error === undefined &&
        result.cpuMs.length > 0 &&
        result.cpuMs.length >= pages.length - result.failures
          ? cpuRate(result.cpuMs.length, result.cpuMs)
          : Number.NaN,
      megabytesPerSecond: complete && totalMs > 0 ? bytes / 1e6 / (totalMs / 1000) : Number.NaN,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      maxMs: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      baselineRssMb: rss[t].baselineRssMb,
      peakRssMb: rss[t].peakRssMb,
      ...(error ? { error } : {}),
    };
  });
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
