/**
 * Quantisation of features into at most 255 value bins, plus one bin for missing values.
 *
 * Bin edges are thresholds: a value x falls in the first bin b with x ≤ edges[b] (the last bin
 * when it is above every edge). A split "bin ≤ b" is then exactly "x ≤ edges[b]", the test the
 * model applies to raw values at prediction time, so trees trained on bins predict the same on
 * raw features. An edge lies between two consecutive distinct values seen in training: a short
 * decimal near their midpoint (see edgeBetween), so a model file stays small.
 */

/** Bin index of a missing value (NaN). Value bins are 0 … 254. */
export const MISSING_BIN = 255;
/** The most value bins a feature can have (one byte per value, with MISSING_BIN kept apart). */
export const MAX_VALUE_BINS = 255;

/**
 * Edges for one feature from its sorted non-missing sample values: every distinct value gets its
 * own bin when there are at most `maxBins` of them, otherwise bins hold about equal counts
 * (a value is never split across bins, so a very frequent value gets a bin of its own and the
 * other values share the rest evenly).
 */
export function binEdgesFromSorted(sorted: Float32Array | Float64Array, maxBins: number): Float64Array {
  const values: number[] = [];
  const counts: number[] = [];
  for (const v of sorted) {
    if (values.length > 0 && values[values.length - 1] === v) counts[counts.length - 1]++;
    else {
      values.push(v);
      counts.push(1);
    }
  }
  const edges: number[] = [];
  const edgeAfter = (i: number) => edgeBetween(values[i], values[i + 1]);
  if (values.length <= maxBins) {
    for (let i = 0; i + 1 < values.length; i++) edges.push(edgeAfter(i));
    return Float64Array.from(edges);
  }
  let binsLeft = maxBins;
  let rowsLeft = sorted.length;
  let inBin = 0;
  for (let i = 0; i < values.length && binsLeft > 1; i++) {
    // Close the bin before a value that would overshoot the target more than it now falls short.
    const target = rowsLeft / binsLeft;
    if (inBin > 0 && inBin + counts[i] - target > target - inBin) {
      edges.push(edgeAfter(i - 1));
      rowsLeft -= inBin;
      binsLeft--;
      inBin = 0;
      if (binsLeft === 1) break;
    }
    inBin += counts[i];
    if (i + 1 < values.length && inBin >= rowsLeft / binsLeft) {
      edges.push(edgeAfter(i));
      rowsLeft -= inBin;
      binsLeft--;
      inBin = 0;
    }
  }
  return Float64Array.from(edges);
}

/**
 * A threshold between a < b: their midpoint rounded to the fewest significant digits that keep it
 * in the middle half of (a, b) (0.15 rather than 0.15000000223517418 between the float32 values
 * 0.1 and 0.2; not 0.2, which lies 3e-9 below float32 0.2). Staying a quarter of the gap away
 * from both keeps a value that arrives as a double rather than a float32 on the same side.
 */
export function edgeBetween(a: number, b: number): number {
  const middle = (a + b) / 2;
  const quarter = (b - a) / 4;
  for (let digits = 1; digits < 17; digits++) {
    const rounded = Number(middle.toPrecision(digits));
    if (a + quarter <= rounded && rounded <= b - quarter) return rounded;
  }
  return middle;
}

/** The bin of one value: MISSING_BIN for NaN, else the first b with value ≤ edges[b]. */
export function binOf(edges: Float64Array, value: number): number {
  if (Number.isNaN(value)) return MISSING_BIN;
  if (edges.length === 0) return 0;
  // Lower bound without a data-dependent branch in the loop (a third faster on random values).
  let base = 0;
  let length = edges.length;
  while (length > 1) {
    const half = length >>> 1;
    base = edges[base + half - 1] < value ? base + half : base;
    length -= half;
  }
  return edges[base] < value ? base + 1 : base;
}

/**
 * Edges for every feature, from an evenly spaced sample of at most `sampleRows` rows (LightGBM's
 * default is 200,000: about 800 rows a bin with 255 bins, while sorting every row of a large
 * table would cost seconds per feature). Sample weights are ignored here. Infinite values are refused: they have no edge
 * that JSON can hold, and NaN already means missing.
 */
export function computeBinEdges(
  features: Float32Array,
  rowCount: number,
  featureCount: number,
  maxBins: number,
  sampleRows: number,
): Float64Array[] {
  const sampleCount = Math.min(rowCount, sampleRows);
  // Transpose the sample first: reading one feature down the rows would touch a new cache line per value.
  const columns = new Float32Array(featureCount * sampleCount);
  for (let k = 0; k < sampleCount; k++) {
    const row = Math.floor((k * rowCount) / sampleCount) * featureCount;
    for (let f = 0, at = k; f < featureCount; f++, at += sampleCount) columns[at] = features[row + f];
  }
  const edges: Float64Array[] = [];
  for (let f = 0; f < featureCount; f++) {
    const column = columns.subarray(f * sampleCount, (f + 1) * sampleCount);
    let n = 0;
    for (const v of column) if (!Number.isNaN(v)) column[n++] = v;
    edges.push(binEdgesFromSorted(column.subarray(0, n).sort(), maxBins));
  }
  return edges;
}

/**
 * Bin indices of every value, column-major (feature f's column is `bins[f * rowCount …]`), so
 * that building a histogram reads one column at a time.
 */
export function binColumns(
  features: Float32Array,
  rowCount: number,
  featureCount: number,
  edges: readonly Float64Array[],
): Uint8Array {
  const bins = new Uint8Array(rowCount * featureCount);
  // Row by row: the features are read in order, and each column is written in order.
  for (let r = 0, at = 0; r < rowCount; r++) {
    for (let f = 0, out = r; f < featureCount; f++, at++, out += rowCount) {
      const v = features[at];
      if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
        throw new RangeError(`row ${r}, feature ${f}: ${v} (features must be finite, or NaN for missing)`);
      }
      bins[out] = binOf(edges[f], v);
    }
  }
  return bins;
}
