/**
 * Metrics for probabilistic binary classifiers, weighted. A label may be soft (in [0, 1]): a row
 * of label y and weight w counts as weight w·y positive and w·(1 − y) negative, which for 0/1
 * labels is the usual definition.
 */

function checkLengths(
  labels: ArrayLike<number>,
  predictions: ArrayLike<number>,
  weights?: ArrayLike<number>,
): void {
  if (predictions.length !== labels.length) {
    throw new RangeError(`${predictions.length} predictions for ${labels.length} labels`);
  }
  if (weights && weights.length !== labels.length) {
    throw new RangeError(`${weights.length} weights for ${labels.length} labels`);
  }
}

/** Probabilities are clipped to [1e-15, 1 − 1e-15] so that one sure mistake does not give Infinity. */
const CLIP = 1e-15;

/** Σ wᵢ·value(i) / Σ wᵢ over the rows (weights 1 when absent). */
function weightedMean(
  rowCount: number,
  weights: ArrayLike<number> | undefined,
  value: (i: number) => number,
): number {
  let sum = 0;
  let total = 0;
  for (let i = 0; i < rowCount; i++) {
    const w = weights ? weights[i] : 1;
    sum += w * value(i);
    total += w;
  }
  return sum / total;
}

/** Weighted mean of −[y log p + (1 − y) log(1 − p)]. */
export function logLoss(
  labels: ArrayLike<number>,
  probabilities: ArrayLike<number>,
  weights?: ArrayLike<number>,
): number {
  checkLengths(labels, probabilities, weights);
  return weightedMean(labels.length, weights, (i) => {
    const p = Math.min(1 - CLIP, Math.max(CLIP, probabilities[i]));
    return -(labels[i] * Math.log(p) + (1 - labels[i]) * Math.log(1 - p));
  });
}

/**
 * Area under the ROC curve: the weighted probability that a positive scores above a negative,
 * ties counting one half. NaN when there are no positives or no negatives.
 */
export function auc(
  labels: ArrayLike<number>,
  scores: ArrayLike<number>,
  weights?: ArrayLike<number>,
): number {
  checkLengths(labels, scores, weights);
  const order = Array.from({ length: labels.length }, (_, i) => i);
  for (const i of order) if (Number.isNaN(scores[i])) throw new RangeError(`score ${i} is NaN`);
  order.sort((a, b) => scores[a] - scores[b] || a - b);
  let negativesBelow = 0;
  let pairs = 0;
  let positives = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    let groupPositive = 0;
    let groupNegative = 0;
    while (end < order.length && scores[order[end]] === scores[order[start]]) {
      const i = order[end++];
      const w = weights ? weights[i] : 1;
      groupPositive += w * labels[i];
      groupNegative += w * (1 - labels[i]);
    }
    pairs += groupPositive * (negativesBelow + groupNegative / 2);
    negativesBelow += groupNegative;
    positives += groupPositive;
    start = end;
  }
  return positives > 0 && negativesBelow > 0 ? pairs / (positives * negativesBelow) : Number.NaN;
}

/** Weighted share of rows classified right, predicting positive when probability ≥ threshold. */
export function accuracy(
  labels: ArrayLike<number>,
  probabilities: ArrayLike<number>,
  weights?: ArrayLike<number>,
  threshold = 0.5,
): number {
  checkLengths(labels, probabilities, weights);
  return weightedMean(labels.length, weights, (i) =>
    probabilities[i] >= threshold ? labels[i] : 1 - labels[i],
  );
}
