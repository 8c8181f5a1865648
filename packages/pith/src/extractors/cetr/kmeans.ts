/**
 * CETR's clustering: k-means over the lines' points (T′, G) with one centroid fixed at the
 * origin, the non-content cluster: a line with no text and no change around it sits there.
 * Every line not in that cluster is content.
 */
import { tick } from '../../dom/index.js';
import { type Random, randomIndex } from '../../random.js';

export interface CetrClusters {
  /** Cluster of each point; 0 is the origin's. */
  labels: Int32Array;
  /** Centroids [x, y]; the first is the origin. */
  centroids: [number, number][];
  sizes: number[];
  iterations: number;
}

function distanceSquared(x: number, y: number, centroid: readonly [number, number]): number {
  return (x - centroid[0]) ** 2 + (y - centroid[1]) ** 2;
}

/**
 * k-means (Lloyd) on the points (xs[i], ys[i]): centroid 0 stays at (0, 0); the other k − 1
 * start at distinct points drawn by `random` (fewer when the page has fewer distinct points);
 * a point goes to its nearest centroid (the lower index on a tie, so the origin wins ties);
 * the free centroids move to their points' means until no label changes (or `maxIterations`).
 * An emptied free centroid stays where it was.
 */
export function originKMeans(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  k: number,
  random: Random,
  maxIterations = 100,
): CetrClusters {
  const n = xs.length;
  const centroids: [number, number][] = [[0, 0]];
  // Distinct points, drawn without replacement until k − 1 or none left.
  const pool = Array.from({ length: n }, (_, i) => i);
  const seen = new Set<string>(['0,0']);
  while (centroids.length < k && pool.length > 0) {
    const at = randomIndex(random, pool.length);
    const index = pool[at];
    pool[at] = pool[pool.length - 1];
    pool.pop();
    const key = `${xs[index]},${ys[index]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    centroids.push([xs[index], ys[index]]);
  }
  const labels = new Int32Array(n).fill(-1);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      tick('cetr');
      let best = 0;
      let bestDistance = distanceSquared(xs[i], ys[i], centroids[0]);
      for (let c = 1; c < centroids.length; c++) {
        const distance = distanceSquared(xs[i], ys[i], centroids[c]);
        if (distance < bestDistance) {
          best = c;
          bestDistance = distance;
        }
      }
      if (labels[i] !== best) {
        labels[i] = best;
        changed = true;
      }
    }
    if (!changed) break;
    const sums = centroids.map(() => [0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const sum = sums[labels[i]];
      sum[0] += xs[i];
      sum[1] += ys[i];
      sum[2]++;
    }
    for (let c = 1; c < centroids.length; c++) {
      if (sums[c][2] > 0) centroids[c] = [sums[c][0] / sums[c][2], sums[c][1] / sums[c][2]];
    }
  }
  const sizes = centroids.map(() => 0);
  for (let i = 0; i < n; i++) sizes[labels[i]]++;
  return { labels, centroids, sizes, iterations };
}
