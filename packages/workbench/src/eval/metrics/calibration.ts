/**
 * How well a predicted score (pith's `quality`, an expected F1) matches the outcome (a page's
 * true F1): rank correlation, calibration (reliability bins and the expected calibration
 * error) and the selection curve "keep the pages scored above t → mean F1 of those kept".
 */

/** Ranks (1-based), ties given their mean rank. */
export function ranks(values: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: values.length }, (_, index) => index).sort(
    (a, b) => values[a] - values[b],
  );
  const out = new Float64Array(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end]] === values[order[start]]) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) out[order[k]] = rank;
    start = end;
  }
  return out;
}

/** Pearson's correlation; NaN with fewer than two values or a constant side. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (n < 2) return Number.NaN;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i];
    meanB += b[i];
  }
  meanA /= n;
  meanB /= n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i] - meanA) * (b[i] - meanB);
    varA += (a[i] - meanA) ** 2;
    varB += (b[i] - meanB) ** 2;
  }
  return varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : Number.NaN;
}

/** Spearman's rank correlation (Pearson's over tie-averaged ranks). */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`spearman: ${a.length} and ${b.length} values`);
  return pearson(ranks(a), ranks(b));
}

/** One bin of a reliability diagram: the pages whose prediction falls in [low, high). */
export interface ReliabilityBin {
  low: number;
  high: number;
  count: number;
  /** Mean prediction and mean outcome of the bin's pages (NaN when empty). */
  predicted: number;
  observed: number;
}

/** Equal-width bins over [0, 1] (the last one closed). */
export function reliabilityBins(
  predicted: ArrayLike<number>,
  observed: ArrayLike<number>,
  bins = 10,
): ReliabilityBin[] {
  const sums = Array.from({ length: bins }, () => ({ count: 0, predicted: 0, observed: 0 }));
  for (let i = 0; i < predicted.length; i++) {
    const bin = Math.min(bins - 1, Math.max(0, Math.floor(predicted[i] * bins)));
    sums[bin].count++;
    sums[bin].predicted += predicted[i];
    sums[bin].observed += observed[i];
  }
  return sums.map((sum, bin) => ({
    low: bin / bins,
    high: (bin + 1) / bins,
    count: sum.count,
    predicted: sum.count ? sum.predicted / sum.count : Number.NaN,
    observed: sum.count ? sum.observed / sum.count : Number.NaN,
  }));
}

/** Expected calibration error: the count-weighted mean of |mean prediction − mean outcome| over the bins. */
export function expectedCalibrationError(bins: readonly ReliabilityBin[]): number {
  let total = 0;
  let error = 0;
  for (const bin of bins) {
    if (bin.count === 0) continue;
    total += bin.count;
    error += bin.count * Math.abs(bin.predicted - bin.observed);
  }
  return total ? error / total : Number.NaN;
}

/** A point of the selection curve: keep the `share` of pages with the highest scores. */
export interface KeepPoint {
  share: number;
  /** The lowest score kept. */
  threshold: number;
  kept: number;
  meanKept: number;
}

/** Mean outcome of the pages kept when keeping the best-scored `share` of them, for each share. */
export function keepCurve(
  predicted: ArrayLike<number>,
  observed: ArrayLike<number>,
  shares: readonly number[] = [1, 0.99, 0.98, 0.95, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5],
): KeepPoint[] {
  // Highest score first; ties in page order, so the curve is deterministic.
  const order = Array.from({ length: predicted.length }, (_, index) => index).sort(
    (a, b) => predicted[b] - predicted[a] || a - b,
  );
  const prefix = new Float64Array(order.length + 1);
  order.forEach((index, k) => {
    prefix[k + 1] = prefix[k] + observed[index];
  });
  return shares.map((share) => {
    const kept = Math.max(1, Math.round(share * order.length));
    return {
      share,
      threshold: order.length ? predicted[order[kept - 1]] : Number.NaN,
      kept,
      meanKept: order.length ? prefix[kept] / kept : Number.NaN,
    };
  });
}
