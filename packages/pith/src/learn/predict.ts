/** Prediction for any model kind. */
import { gbdtMargin } from './gbdt-model.js';
import { logisticMargin } from './logistic.js';
import { sigmoid } from './numbers.js';
import type { Model } from './serialise.js';

/** Log-odds of the row at `features[offset … offset + featureCount)`. */
export function predictMargin(model: Model, features: ArrayLike<number>, offset = 0): number {
  return model.kind === 'gbdt'
    ? gbdtMargin(model, features, offset)
    : logisticMargin(model, features, offset);
}

/** Probability of the positive class for the row at `features[offset …]`; NaN means missing. */
export function predictProbability(model: Model, features: ArrayLike<number>, offset = 0): number {
  return sigmoid(predictMargin(model, features, offset));
}

/** Probabilities of every row of a row-major matrix with the model's feature count. */
export function predictProbabilities(model: Model, matrix: ArrayLike<number>): Float64Array {
  const featureCount = model.featureNames.length;
  if (matrix.length % featureCount !== 0) {
    throw new RangeError(`matrix has ${matrix.length} values, not a multiple of ${featureCount} features`);
  }
  const out = new Float64Array(matrix.length / featureCount);
  for (let r = 0; r < out.length; r++) out[r] = predictProbability(model, matrix, r * featureCount);
  return out;
}
