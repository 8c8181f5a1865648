/** Types of the speed measurement (`pith bench --speed`). */

export interface SpeedRow {
  /** Extractor or peer name; `parse-only` is pith's `parseHtml` alone. */
  name: string;
  kind: 'pith' | 'peer' | 'parse-only';
  version: string;
  pages: number;
  bytes: number;
  failures: number;
  totalMs: number;
  docsPerSecond: number;
  /**
   * Pages per second of CPU time (the extracting thread's; an outside peer's process's), over the
   * same timed pages: one core's throughput whatever the machine's load. NaN where the platform
   * gives no thread CPU time, or a page failed to report it. Absent from runs before it existed.
   */
  cpuDocsPerSecond?: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Resident set size of the child process before the first extraction (pages and code loaded), MB. */
  baselineRssMb: number;
  /** Peak resident set size of the child process over the run (`maxRSS`), MB. */
  peakRssMb: number;
  error?: string;
}

export interface SpeedResult {
  pages: number;
  bytes: number;
  /** How the pages were chosen. */
  sample: string;
  rows: SpeedRow[];
  /** The row every ratio is relative to: `readability-jsdom` when present, else `all-text`. */
  reference: string | null;
  wallMs: number;
}

/**
 * How many of `pages` pages the warm-up runs (the first ones): a tenth, at least 10 (all when
 * fewer). It lets the JIT, lazily loaded modules and caches settle before the timed pass; a full
 * pass would double the speed measurement's time.
 */
export function warmUpPages(pages: number): number {
  return Math.min(pages, Math.max(10, Math.ceil(pages / 10)));
}
