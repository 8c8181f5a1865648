/**
 * Step 3 of TTR: the clustering rules of seed 000, on one-dimensional data.
 *
 * - threshold: a line is content when its smoothed TTR is ≥ k·σ;
 * - K-Means, EM (a Gaussian mixture) and Farthest-First, each run for 1 … maxClusters
 *   clusters: in each run the clusters whose mean is above σ are content, and the run
 *   with the most such clusters wins (ties go to the lower cluster count);
 * - prediction: a walk over the raw TTRs that enters content on a jump and leaves it
 *   on a drop (see `predictionClustering`).
 *
 * The paper used Weka's implementations; these follow them where it matters here
 * (random instances as K-Means seeds, EM initialised by K-Means, Farthest-First from
 * a random first point) and are deterministic for a given seed.
 */

import { tick } from '../../dom/index.js';
import { type Random, randomIndex, seededRandom } from './random.js';
import { mean } from './smooth.js';

export type ClusterAlgorithm = 'kmeans' | 'em' | 'farthest-first';

export interface Cluster {
  /**
   * What Weka reports as the cluster's centre: the centroid (K-Means), the
   * component mean (EM), or the chosen centre point (Farthest-First).
   */
  center: number;
  /**
   * The mean the σ rule compares: the mean of the member values (K-Means,
   * Farthest-First) or the component mean (EM).
   */
  mean: number;
  /** Lines assigned to the cluster. */
  size: number;
  /** Standard deviation of the members (K-Means, Farthest-First) or of the component (EM). */
  stdDev: number;
  /** Mixing weight (EM only). */
  weight?: number;
}

export interface Clustering {
  /** Clusters asked for. */
  requested: number;
  /** Non-empty clusters, by ascending mean. */
  clusters: Cluster[];
  /** Cluster index of every value (into `clusters`). */
  labels: Int32Array;
}

export interface ClusterRun extends Clustering {
  /** Clusters whose mean is above σ: the content clusters of this run. */
  hits: number;
}

export interface ClusterChoice {
  runs: ClusterRun[];
  /** Index into `runs` of the winning run. */
  chosen: number;
  /** σ the cluster means were compared with. */
  sigma: number;
  /** 1 for every value in a content cluster of the winning run. */
  content: Uint8Array;
}

/** Distinct values, ascending. */
function distinct(values: ArrayLike<number>): number[] {
  const sorted = Float64Array.from(values).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i]);
  return out;
}

function nearest(value: number, centers: readonly number[]): number {
  let best = 0;
  let bestDistance = Math.abs(value - centers[0]);
  for (let c = 1; c < centers.length; c++) {
    const distance = Math.abs(value - centers[c]);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Turns raw labels into a `Clustering`: empty clusters dropped, clusters ordered by
 * ascending mean (then by centre), labels renumbered to match.
 */
function finish(
  values: ArrayLike<number>,
  requested: number,
  labels: Int32Array,
  centers: readonly number[],
  component?: { means: number[]; stdDevs: number[]; weights: number[] },
): Clustering {
  const k = centers.length;
  const sums = new Float64Array(k);
  const sizes = new Int32Array(k);
  for (let i = 0; i < values.length; i++) {
    sums[labels[i]] += values[i];
    sizes[labels[i]]++;
  }
  const squares = new Float64Array(k);
  for (let i = 0; i < values.length; i++) {
    const c = labels[i];
    squares[c] += (values[i] - sums[c] / sizes[c]) ** 2;
  }
  const kept: { old: number; cluster: Cluster }[] = [];
  for (let c = 0; c < k; c++) {
    if (sizes[c] === 0) continue;
    const memberMean = sums[c] / sizes[c];
    const cluster: Cluster = component
      ? {
          center: component.means[c],
          mean: component.means[c],
          size: sizes[c],
          stdDev: component.stdDevs[c],
          weight: component.weights[c],
        }
      : { center: centers[c], mean: memberMean, size: sizes[c], stdDev: Math.sqrt(squares[c] / sizes[c]) };
    kept.push({ old: c, cluster });
  }
  kept.sort((a, b) => a.cluster.mean - b.cluster.mean || a.cluster.center - b.cluster.center);
  const renumber = new Int32Array(k).fill(-1);
  kept.forEach((entry, index) => {
    renumber[entry.old] = index;
  });
  const relabelled = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) relabelled[i] = renumber[labels[i]];
  return { requested, clusters: kept.map((entry) => entry.cluster), labels: relabelled };
}

/** Picks `k` distinct values at random (partial Fisher–Yates over the distinct values). */
function randomDistinct(unique: readonly number[], k: number, random: Random): number[] {
  const pool = unique.slice();
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + randomIndex(random, pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    out.push(pool[i]);
  }
  return out;
}

interface KMeansResult {
  labels: Int32Array;
  centers: number[];
  /** Sum of squared distances to the assigned centres. */
  sse: number;
}

const MAX_KMEANS_ITERATIONS = 500;

/** Lloyd's K-Means from `k` random distinct values (Weka's SimpleKMeans seeding). */
function kMeansRun(
  values: ArrayLike<number>,
  unique: readonly number[],
  k: number,
  random: Random,
): KMeansResult {
  const n = values.length;
  let centers = randomDistinct(unique, Math.min(k, unique.length), random);
  const labels = new Int32Array(n).fill(-1);
  for (let iteration = 0; iteration < MAX_KMEANS_ITERATIONS; iteration++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      tick('ttr');
      const c = nearest(values[i], centers);
      if (c !== labels[i]) {
        labels[i] = c;
        changed = true;
      }
    }
    const sums = new Float64Array(centers.length);
    const sizes = new Int32Array(centers.length);
    for (let i = 0; i < n; i++) {
      tick('ttr');
      sums[labels[i]] += values[i];
      sizes[labels[i]]++;
    }
    // An emptied cluster is dropped, as Weka does; the others move to their member mean.
    const next: number[] = [];
    const remap = new Int32Array(centers.length).fill(-1);
    for (let c = 0; c < centers.length; c++) {
      if (sizes[c] === 0) continue;
      remap[c] = next.length;
      next.push(sums[c] / sizes[c]);
    }
    if (next.length !== centers.length) {
      for (let i = 0; i < n; i++) labels[i] = remap[labels[i]];
      changed = true;
    }
    centers = next;
    if (!changed) break;
  }
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (values[i] - centers[labels[i]]) ** 2;
  return { labels, centers, sse };
}

/** K-Means with `k` clusters (fewer when the data has fewer distinct values). */
export function kMeans(values: ArrayLike<number>, k: number, random: Random): Clustering {
  if (values.length === 0) return { requested: k, clusters: [], labels: new Int32Array(0) };
  const unique = distinct(values);
  const run = kMeansRun(values, unique, k, random);
  return finish(values, k, run.labels, run.centers);
}

/** Weka's EM default: the smallest standard deviation a component may have. */
const MIN_STD_DEV = 1e-6;
const EM_MAX_ITERATIONS = 100;
const EM_TOLERANCE = 1e-6;
/** Weka's EM picks the best of 10 K-Means runs as its starting point. */
const EM_KMEANS_STARTS = 10;
const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/**
 * A one-dimensional Gaussian mixture fitted by expectation–maximisation, started
 * from the best (lowest squared error) of 10 K-Means runs; each value goes to the
 * component with the highest posterior.
 */
export function expectationMaximization(values: ArrayLike<number>, k: number, random: Random): Clustering {
  const n = values.length;
  if (n === 0) return { requested: k, clusters: [], labels: new Int32Array(0) };
  const unique = distinct(values);
  let best: KMeansResult | undefined;
  for (let start = 0; start < EM_KMEANS_STARTS; start++) {
    const run = kMeansRun(values, unique, k, random);
    if (!best || run.sse < best.sse) best = run;
  }
  const init = best as KMeansResult;
  const m = init.centers.length;
  const means = init.centers.slice();
  const stdDevs = new Array<number>(m).fill(0);
  const weights = new Array<number>(m).fill(0);
  {
    const squares = new Float64Array(m);
    const sizes = new Int32Array(m);
    for (let i = 0; i < n; i++) {
      tick('ttr');
      squares[init.labels[i]] += (values[i] - means[init.labels[i]]) ** 2;
      sizes[init.labels[i]]++;
    }
    for (let c = 0; c < m; c++) {
      stdDevs[c] = Math.max(MIN_STD_DEV, Math.sqrt(squares[c] / sizes[c]));
      weights[c] = sizes[c] / n;
    }
  }
  const responsibilities = new Float64Array(n * m);
  const logDensity = new Float64Array(m);
  let previous = Number.NEGATIVE_INFINITY;
  for (let iteration = 0; iteration < EM_MAX_ITERATIONS; iteration++) {
    // E step, in log space: a spike component (σ = 1e-6) must not overflow.
    let logLikelihood = 0;
    for (let i = 0; i < n; i++) {
      tick('ttr');
      let top = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < m; c++) {
        const z = (values[i] - means[c]) / stdDevs[c];
        logDensity[c] =
          weights[c] > 0
            ? Math.log(weights[c]) - Math.log(stdDevs[c]) - LOG_SQRT_2PI - 0.5 * z * z
            : -Infinity;
        if (logDensity[c] > top) top = logDensity[c];
      }
      let total = 0;
      for (let c = 0; c < m; c++) total += Math.exp(logDensity[c] - top);
      for (let c = 0; c < m; c++) responsibilities[i * m + c] = Math.exp(logDensity[c] - top) / total;
      logLikelihood += top + Math.log(total);
    }
    logLikelihood /= n;
    // M step.
    for (let c = 0; c < m; c++) {
      let weight = 0;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        tick('ttr');
        weight += responsibilities[i * m + c];
        sum += responsibilities[i * m + c] * values[i];
      }
      if (weight <= 1e-12) {
        weights[c] = 0;
        continue;
      }
      const mu = sum / weight;
      let squares = 0;
      for (let i = 0; i < n; i++) squares += responsibilities[i * m + c] * (values[i] - mu) ** 2;
      means[c] = mu;
      stdDevs[c] = Math.max(MIN_STD_DEV, Math.sqrt(squares / weight));
      weights[c] = weight / n;
    }
    if (Math.abs(logLikelihood - previous) < EM_TOLERANCE) break;
    previous = logLikelihood;
  }
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    tick('ttr');
    let bestComponent = 0;
    for (let c = 1; c < m; c++) {
      if (responsibilities[i * m + c] > responsibilities[i * m + bestComponent]) bestComponent = c;
    }
    labels[i] = bestComponent;
  }
  return finish(values, k, labels, means, { means, stdDevs, weights });
}

/**
 * Farthest-First traversal: a random first centre, then repeatedly the value
 * farthest from every centre so far (the first such value on ties); each value
 * joins its nearest centre. Stops early when every value sits on a centre.
 */
export function farthestFirst(values: ArrayLike<number>, k: number, random: Random): Clustering {
  const n = values.length;
  if (n === 0) return { requested: k, clusters: [], labels: new Int32Array(0) };
  const centers = [values[randomIndex(random, n)]];
  const distance = new Float64Array(n);
  for (let i = 0; i < n; i++) distance[i] = Math.abs(values[i] - centers[0]);
  while (centers.length < k) {
    let far = 0;
    for (let i = 1; i < n; i++) if (distance[i] > distance[far]) far = i;
    if (distance[far] === 0) break;
    const center = values[far];
    centers.push(center);
    for (let i = 0; i < n; i++) distance[i] = Math.min(distance[i], Math.abs(values[i] - center));
  }
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) labels[i] = nearest(values[i], centers);
  return finish(values, k, labels, centers);
}

const ALGORITHMS: Record<
  ClusterAlgorithm,
  (values: ArrayLike<number>, k: number, random: Random) => Clustering
> = {
  kmeans: kMeans,
  em: expectationMaximization,
  'farthest-first': farthestFirst,
};

/** Counts the clusters of a run whose mean is strictly above σ. */
export function countHits(clustering: Clustering, sigma: number): number {
  return clustering.clusters.filter((cluster) => cluster.mean > sigma).length;
}

/**
 * The paper's cluster-count rule: the run with the most clusters above σ wins;
 * on a tie the lower cluster count wins (runs are in increasing count order).
 */
export function chooseRun(hits: readonly number[]): number {
  let best = 0;
  for (let run = 1; run < hits.length; run++) if (hits[run] > hits[best]) best = run;
  return best;
}

/**
 * Runs a clustering algorithm for 1 … maxClusters clusters on the smoothed TTRs and
 * keeps the lines of the clusters above σ in the winning run. Each run gets its own
 * generator seeded from `seed` and its cluster count, so runs are independent.
 */
export function clusterContent(
  smoothed: ArrayLike<number>,
  sigma: number,
  algorithm: ClusterAlgorithm,
  maxClusters: number,
  seed: number,
): ClusterChoice {
  const runs: ClusterRun[] = [];
  for (let k = 1; k <= maxClusters; k++) {
    const clustering = ALGORITHMS[algorithm](smoothed, k, seededRandom((seed * 31 + k) >>> 0));
    runs.push({ ...clustering, hits: countHits(clustering, sigma) });
  }
  const chosen = chooseRun(runs.map((run) => run.hits));
  const content = new Uint8Array(smoothed.length);
  const run = runs[chosen];
  for (let i = 0; i < smoothed.length; i++) {
    tick('ttr');
    if (run.clusters[run.labels[i]].mean > sigma) content[i] = 1;
  }
  return { runs, chosen, sigma, content };
}

/** Threshold clustering: 1 for every value ≥ k·σ. */
export function thresholdContent(smoothed: ArrayLike<number>, threshold: number): Uint8Array {
  const content = new Uint8Array(smoothed.length);
  for (let i = 0; i < smoothed.length; i++) if (smoothed[i] >= threshold) content[i] = 1;
  return content;
}

export interface Prediction {
  content: Uint8Array;
  /** Lines where a content section starts. */
  entries: number[];
  /** Last lines of content sections that were left (a section still open at the end has no exit). */
  exits: number[];
}

/**
 * Prediction clustering over the raw (unsmoothed) TTRs. Outside content, line i
 * starts a content section when `ttr[i] − mean(ttr[i−3 … i−1]) ≥ σ` (fewer previous
 * lines near the start; none counts as a mean of 0). Inside content, line i is
 * content and is the section's last line when `ttr[i] − mean(ttr[i+1 … i+3]) ≥ σ`
 * (fewer next lines near the end; the last line never exits).
 */
export function predictionClustering(ttr: ArrayLike<number>, sigma: number, window = 3): Prediction {
  const n = ttr.length;
  const content = new Uint8Array(n);
  const entries: number[] = [];
  const exits: number[] = [];
  let inside = false;
  for (let i = 0; i < n; i++) {
    tick('ttr');
    if (!inside) {
      const previous = mean(ttr, Math.max(0, i - window), i);
      if (ttr[i] - previous >= sigma) {
        inside = true;
        entries.push(i);
      }
    }
    if (inside) {
      content[i] = 1;
      const stop = Math.min(n, i + 1 + window);
      if (stop > i + 1 && ttr[i] - mean(ttr, i + 1, stop) >= sigma) {
        inside = false;
        exits.push(i);
      }
    }
  }
  return { content, entries, exits };
}
