/** Training data as both learners take it, and its checks. */

/**
 * A dense row-major matrix: row r's feature j is `features[r * featureNames.length + j]`.
 * NaN means missing. Labels are in [0, 1] (0/1 for classification; soft labels work with the
 * logistic loss). Weights are per row, non-negative (absent: all 1).
 */
export interface TrainingData {
  readonly features: Float32Array;
  readonly featureNames: readonly string[];
  readonly labels: ArrayLike<number>;
  readonly weights?: ArrayLike<number>;
}

/** A second data set with the same columns (validation, early stopping). */
export type LabelledRows = Omit<TrainingData, 'featureNames'>;

/** Checked data with labels and weights copied to Float64Array (weights 1 when absent). */
export interface CheckedData {
  readonly features: Float32Array;
  readonly rowCount: number;
  readonly featureCount: number;
  readonly labels: Float64Array;
  readonly weights: Float64Array;
  readonly totalWeight: number;
}

/**
 * Checks shapes, label range and weights, and says what is wrong in terms of the caller's data.
 * Feature values are checked where they are read (binning, standardisation).
 */
export function checkData(data: LabelledRows, featureCount: number, what = 'training data'): CheckedData {
  const rowCount = data.labels.length;
  if (featureCount < 1) throw new RangeError(`${what}: at least one feature is needed`);
  if (rowCount < 1) throw new RangeError(`${what}: no rows`);
  if (data.features.length !== rowCount * featureCount) {
    throw new RangeError(
      `${what}: features has ${data.features.length} values, expected rows × features = ${rowCount} × ${featureCount}`,
    );
  }
  const labels = Float64Array.from(data.labels);
  for (let i = 0; i < rowCount; i++) {
    const y = labels[i];
    if (!(y >= 0 && y <= 1))
      throw new RangeError(`${what}: label of row ${i} is ${y}, expected a value in [0, 1]`);
  }
  const weights = new Float64Array(rowCount).fill(1);
  if (data.weights) {
    if (data.weights.length !== rowCount) {
      throw new RangeError(`${what}: ${data.weights.length} weights for ${rowCount} rows`);
    }
    weights.set(data.weights);
  }
  let totalWeight = 0;
  for (let i = 0; i < rowCount; i++) {
    const w = weights[i];
    if (!(w >= 0 && w < Number.POSITIVE_INFINITY)) {
      throw new RangeError(`${what}: weight of row ${i} is ${w}, expected a finite value ≥ 0`);
    }
    totalWeight += w;
  }
  if (!(totalWeight > 0)) throw new RangeError(`${what}: the weights sum to 0`);
  return { features: data.features, rowCount, featureCount, labels, weights, totalWeight };
}
