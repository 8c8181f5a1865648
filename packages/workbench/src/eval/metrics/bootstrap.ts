import { seededRandom } from 'pith/internal';
/**
 * Seeded percentile bootstrap: resample the documents with replacement, recompute
 * the statistic, and take the (1 − c)/2 and (1 + c)/2 quantiles of the resampled
 * statistics (linear interpolation between order statistics, "type 7").
 * The same seed gives the same interval on every machine.
 */
import { summariseShingles } from './shingles.js';
import { type SnippetCounts, snippetScores } from './snippets.js';

export interface BootstrapOptions {
  /** Number of resamples (default 2,000). */
  resamples?: number;
  /** Seed of the pseudo-random generator (default 1). */
  seed?: number;
  /** Coverage of the interval (default 0.95). */
  confidence?: number;
}

export interface Interval {
  /** The statistic on the original sample. */
  estimate: number;
  low: number;
  high: number;
  confidence: number;
  resamples: number;
}

export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 1;

export { seededRandom } from 'pith/internal';

/** Type-7 quantile of an ascending array. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const position = (n - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, n - 1);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

function settings(options: BootstrapOptions): { resamples: number; seed: number; confidence: number } {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError('resamples must be a positive integer');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be in (0, 1)');
  return { resamples, seed: options.seed ?? DEFAULT_SEED, confidence };
}

/** Resample index matrices already drawn, most recently used last (see {@link resampleIndices}). */
const drawnIndices = new Map<string, Int32Array>();
const DRAWN_CELLS_KEPT = 16_000_000;

/**
 * The document indices of every resample, row after row (`resamples × n`): the draws of
 * {@link seededRandom}(seed), in order. Every interval of a report with the same n, seed and
 * resamples uses the same rows (that is what pairs the bootstrap across extractors), so the
 * matrix is drawn once and kept while the kept matrices hold at most 16 million indices.
 */
function resampleIndices(n: number, resamples: number, seed: number): Int32Array {
  const key = `${n}:${resamples}:${seed}`;
  const kept = drawnIndices.get(key);
  if (kept) {
    drawnIndices.delete(key);
    drawnIndices.set(key, kept);
    return kept;
  }
  const random = seededRandom(seed);
  const indices = new Int32Array(n * resamples);
  for (let i = 0; i < indices.length; i++) indices[i] = Math.floor(random() * n);
  if (indices.length <= DRAWN_CELLS_KEPT) {
    let cells = indices.length;
    for (const matrix of drawnIndices.values()) cells += matrix.length;
    for (const [oldest, matrix] of drawnIndices) {
      if (cells <= DRAWN_CELLS_KEPT) break;
      drawnIndices.delete(oldest);
      cells -= matrix.length;
    }
    drawnIndices.set(key, indices);
  }
  return indices;
}

/**
 * The core loop: `statistics(indices)` computes k statistics on the resample given
 * by `indices` (document indices drawn with replacement); returns k intervals.
 * All k statistics share the same resamples.
 */
function run(
  n: number,
  k: number,
  statistics: (indices: Int32Array | null, out: Float64Array) => void,
  options: BootstrapOptions,
  inspect?: (statistic: number, sortedDraws: Float64Array) => void,
): Interval[] {
  const { resamples, seed, confidence } = settings(options);
  const estimate = new Float64Array(k);
  if (n === 0) {
    return Array.from({ length: k }, () => ({
      estimate: Number.NaN,
      low: Number.NaN,
      high: Number.NaN,
      confidence,
      resamples,
    }));
  }
  statistics(null, estimate);
  const draws = Array.from({ length: k }, () => new Float64Array(resamples));
  const out = new Float64Array(k);
  const drawn = resampleIndices(n, resamples, seed);
  for (let r = 0; r < resamples; r++) {
    statistics(drawn.subarray(r * n, (r + 1) * n), out);
    for (let s = 0; s < k; s++) draws[s][r] = out[s];
  }
  const alpha = (1 - confidence) / 2;
  return draws.map((values, s) => {
    values.sort();
    inspect?.(s, values);
    return {
      estimate: estimate[s],
      low: quantile(values, alpha),
      high: quantile(values, 1 - alpha),
      confidence,
      resamples,
    };
  });
}

/** Percentile-bootstrap intervals for the means of several columns over the same documents. */
export function bootstrapMeans(
  columns: readonly (readonly number[])[],
  options: BootstrapOptions = {},
): Interval[] {
  const n = columns[0]?.length ?? 0;
  for (const column of columns)
    if (column.length !== n) throw new RangeError('columns must have equal lengths');
  return run(
    n,
    columns.length,
    (indices, out) => {
      for (let s = 0; s < columns.length; s++) {
        const column = columns[s];
        let sum = 0;
        if (indices) for (let i = 0; i < n; i++) sum += column[indices[i]];
        else for (let i = 0; i < n; i++) sum += column[i];
        out[s] = sum / n;
      }
    },
    options,
  );
}

/** Percentile-bootstrap interval for the mean of per-document values. */
export function bootstrapMean(values: readonly number[], options: BootstrapOptions = {}): Interval {
  return bootstrapMeans([values], options)[0];
}

export interface SnippetIntervals {
  precision: Interval;
  recall: Interval;
  accuracy: Interval;
  f1: Interval;
}

/** Per-document confusion counts (snippets: all four; shingles: normalised tp, fp, fn). */
interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn?: number;
}

/**
 * Intervals for statistics of the documents' summed counts (micro-averages), resampling
 * documents: `statistics` maps the sums to the named values.
 */
function bootstrapOfSums<Name extends string>(
  documents: readonly Counts[],
  names: readonly Name[],
  statistics: (sums: Required<Counts>) => Record<Name, number>,
  options: BootstrapOptions,
): Record<Name, Interval> {
  const n = documents.length;
  const intervals = run(
    n,
    names.length,
    (indices, out) => {
      const sums = { tp: 0, fp: 0, fn: 0, tn: 0 };
      for (let i = 0; i < n; i++) {
        const c = documents[indices ? indices[i] : i];
        sums.tp += c.tp;
        sums.fp += c.fp;
        sums.fn += c.fn;
        sums.tn += c.tn ?? 0;
      }
      const values = statistics(sums);
      names.forEach((name, s) => {
        out[s] = values[name];
      });
    },
    options,
  );
  return Object.fromEntries(names.map((name, s) => [name, intervals[s]])) as Record<Name, Interval>;
}

/** Intervals for the micro-averaged snippet scores, resampling documents (their count tuples). */
export function bootstrapSnippetScores(
  counts: readonly SnippetCounts[],
  options: BootstrapOptions = {},
): SnippetIntervals {
  return bootstrapOfSums(counts, ['precision', 'recall', 'accuracy', 'f1'], snippetScores, options);
}

/**
 * Intervals for the shingle precision, recall and F1 (from the summed normalised triples, as
 * `summariseShingles` computes them), resampling documents.
 */
export function bootstrapShingleScores(
  scores: readonly { tp: number; fp: number; fn: number }[],
  options: BootstrapOptions = {},
): { precision: Interval; recall: Interval; f1: Interval } {
  // P, R and F1 are ratios of the sums: the same from sums as from means.
  return bootstrapOfSums(scores, ['precision', 'recall', 'f1'], (sums) => summariseShingles([sums]), options);
}

/** Interval for the micro-averaged snippet F1, resampling documents. */
export function bootstrapSnippetF1(
  counts: readonly SnippetCounts[],
  options: BootstrapOptions = {},
): Interval {
  return bootstrapSnippetScores(counts, options).f1;
}

/** A generic percentile bootstrap of any statistic over documents. */
export function bootstrap<T>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number,
  options: BootstrapOptions = {},
): Interval {
  const sample: T[] = new Array(items.length);
  return run(
    items.length,
    1,
    (indices, out) => {
      if (!indices) {
        out[0] = statistic(items);
        return;
      }
      for (let i = 0; i < items.length; i++) sample[i] = items[indices[i]];
      out[0] = statistic(sample);
    },
    options,
  )[0];
}

export interface PairedDifference extends Interval {
  /**
   * Share of the resamples in which the difference is ≤ 0: a one-sided bootstrap
   * p-value for "A is better than B" (small when A wins on almost every resample).
   */
  shareNotAbove: number;
}

/**
 * Paired bootstrap of a difference between two extractors scored on the same
 * documents: each resample draws documents with replacement and recomputes
 * `difference(sample)` on the pairs drawn, so per-document correlation is kept.
 */
export function pairedBootstrap<T>(
  pairs: readonly T[],
  difference: (sample: readonly T[]) => number,
  options: BootstrapOptions = {},
): PairedDifference {
  const sample: T[] = new Array(pairs.length);
  let shareNotAbove = Number.NaN;
  const [interval] = run(
    pairs.length,
    1,
    (indices, out) => {
      if (!indices) {
        out[0] = difference(pairs);
        return;
      }
      for (let i = 0; i < pairs.length; i++) sample[i] = pairs[indices[i]];
      out[0] = difference(sample);
    },
    options,
    (_, sorted) => {
      let notAbove = 0;
      while (notAbove < sorted.length && sorted[notAbove] <= 0) notAbove++;
      shareNotAbove = sorted.length ? notAbove / sorted.length : Number.NaN;
    },
  );
  return { ...interval, shareNotAbove };
}

/** Paired bootstrap of mean(a) − mean(b), where a[i] and b[i] score the same document. */
export function pairedBootstrapMeanDifference(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions = {},
): PairedDifference {
  if (a.length !== b.length) throw new RangeError('paired samples must have equal lengths');
  const pairs = a.map((value, i) => [value, b[i]] as const);
  return pairedBootstrap(
    pairs,
    (sample) => {
      let sum = 0;
      for (const [x, y] of sample) sum += x - y;
      return sample.length ? sum / sample.length : Number.NaN;
    },
    options,
  );
}
