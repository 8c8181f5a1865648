/**
 * L2-regularised logistic regression on standardised features, trained by Newton's method
 * (exact Hessian, Cholesky solve, backtracking line search). The objective is
 *   J(b, β) = Σ wᵢ ℓ(yᵢ, b + β·zᵢ) / Σ wᵢ + (λ/2) ‖β‖²
 * with zᵢ the standardised features and the intercept b not penalised; dividing by the total
 * weight makes λ independent of the number of rows and of the weights' scale.
 */
import { checkData, type TrainingData } from './data.js';
import { logisticLoss, roundSignificant, sigmoid } from './numbers.js';

export interface LogisticParams {
  lambda: number;
  maxIterations: number;
  /** Stop when the largest gradient component falls below this. */
  tolerance: number;
}

export const DEFAULT_LOGISTIC_PARAMS: Readonly<LogisticParams> = {
  lambda: 1e-4,
  maxIterations: 50,
  tolerance: 1e-9,
};

export interface LogisticModel {
  readonly kind: 'logistic';
  readonly featureNames: readonly string[];
  /** Standardisation: z = (x − mean) / scale; a missing x gives z = 0 (the mean). */
  readonly mean: Float64Array;
  readonly scale: Float64Array;
  readonly intercept: number;
  /** Coefficients of the standardised features, rounded to 6 significant digits. */
  readonly coefficients: Float64Array;
  readonly params: Readonly<LogisticParams>;
}

export interface LogisticTraining {
  readonly model: LogisticModel;
  readonly iterations: number;
  /** The objective J at the end (before rounding the coefficients). */
  readonly objective: number;
  readonly converged: boolean;
}

/** Log-odds for one row. */
export function logisticMargin(model: LogisticModel, features: ArrayLike<number>, offset = 0): number {
  const { mean, scale, coefficients } = model;
  if (offset < 0 || offset + coefficients.length > features.length) {
    throw new RangeError(
      `row at offset ${offset} needs ${coefficients.length} features, array has ${features.length}`,
    );
  }
  let margin = model.intercept;
  for (let j = 0; j < coefficients.length; j++) {
    const x = features[offset + j];
    if (!Number.isNaN(x)) margin += (coefficients[j] * (x - mean[j])) / scale[j];
  }
  return margin;
}

export function logisticProbability(model: LogisticModel, features: ArrayLike<number>, offset = 0): number {
  return sigmoid(logisticMargin(model, features, offset));
}

/** Solves A x = b in place (b becomes x) for a symmetric positive definite A (n × n, row-major). */
function choleskySolve(a: Float64Array, b: Float64Array, n: number): void {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j];
      for (let k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
      if (i === j) {
        if (!(sum > 0))
          throw new RangeError('logistic regression: the Hessian is not positive definite (use lambda > 0)');
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + j] = sum / l[j * n + j];
    }
  }
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i * n + k] * b[k];
    b[i] = sum / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = b[i];
    for (let k = i + 1; k < n; k++) sum -= l[k * n + i] * b[k];
    b[i] = sum / l[i * n + i];
  }
}

/**
 * Trains the model. Parameters: λ (default 1e-4), at most 50 Newton iterations, gradient
 * tolerance 1e-9. Each iteration costs rows × features² / 2 multiply-adds (the Hessian), so this
 * suits the tens of features a baseline has; with λ = 0 separable data has no optimum and the
 * iterations run out.
 */
export function trainLogistic(data: TrainingData, params: Partial<LogisticParams> = {}): LogisticTraining {
  const p: LogisticParams = { ...DEFAULT_LOGISTIC_PARAMS, ...params };
  if (!(p.lambda >= 0 && Number.isFinite(p.lambda))) throw new RangeError(`logistic: lambda must be ≥ 0`);
  if (!(Number.isInteger(p.maxIterations) && p.maxIterations >= 1)) {
    throw new RangeError('logistic: maxIterations must be an integer ≥ 1');
  }
  const d = data.featureNames.length;
  const { features, rowCount, labels, weights, totalWeight } = checkData(data, d);

  // Weighted mean and (population) standard deviation of the present values.
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  const presentWeight = new Float64Array(d);
  for (let i = 0; i < rowCount; i++) {
    for (let j = 0; j < d; j++) {
      const x = features[i * d + j];
      if (Number.isNaN(x)) continue;
      if (!Number.isFinite(x))
        throw new RangeError(`row ${i}, feature ${j}: ${x} (features must be finite, or NaN)`);
      mean[j] += weights[i] * x;
      presentWeight[j] += weights[i];
    }
  }
  for (let j = 0; j < d; j++) mean[j] = presentWeight[j] > 0 ? mean[j] / presentWeight[j] : 0;
  for (let i = 0; i < rowCount; i++) {
    for (let j = 0; j < d; j++) {
      const x = features[i * d + j];
      if (!Number.isNaN(x)) scale[j] += weights[i] * (x - mean[j]) ** 2;
    }
  }
  // A constant feature gets scale 1: its z is always 0 and its coefficient stays 0.
  for (let j = 0; j < d; j++) {
    const std = presentWeight[j] > 0 ? Math.sqrt(scale[j] / presentWeight[j]) : 0;
    scale[j] = std > 0 ? std : 1;
  }

  // Parameters θ = (b, β₁ … β_d); z₀ = 1 carries the intercept.
  const n = d + 1;
  const theta = new Float64Array(n);
  const z = new Float64Array(n);
  z[0] = 1;
  const standardise = (row: number) => {
    for (let j = 0; j < d; j++) {
      const x = features[row * d + j];
      z[j + 1] = Number.isNaN(x) ? 0 : (x - mean[j]) / scale[j];
    }
  };
  const objective = (at: Float64Array): number => {
    let loss = 0;
    for (let i = 0; i < rowCount; i++) {
      standardise(i);
      let margin = 0;
      for (let j = 0; j < n; j++) margin += at[j] * z[j];
      loss += weights[i] * logisticLoss(labels[i], margin);
    }
    let penalty = 0;
    for (let j = 1; j < n; j++) penalty += at[j] * at[j];
    return loss / totalWeight + (p.lambda / 2) * penalty;
  };

  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n * n);
  const candidate = new Float64Array(n);
  let current = objective(theta);
  let iterations = 0;
  let converged = false;
  while (iterations < p.maxIterations) {
    gradient.fill(0);
    hessian.fill(0);
    for (let i = 0; i < rowCount; i++) {
      standardise(i);
      let margin = 0;
      for (let j = 0; j < n; j++) margin += theta[j] * z[j];
      const probability = sigmoid(margin);
      const g = (weights[i] * (probability - labels[i])) / totalWeight;
      const h = (weights[i] * probability * (1 - probability)) / totalWeight;
      for (let a = 0; a < n; a++) {
        gradient[a] += g * z[a];
        const hz = h * z[a];
        if (hz === 0) continue;
        for (let b = a; b < n; b++) hessian[a * n + b] += hz * z[b];
      }
    }
    let largest = 0;
    for (let a = 0; a < n; a++) {
      if (a > 0) {
        gradient[a] += p.lambda * theta[a];
        hessian[a * n + a] += p.lambda;
      }
      for (let b = 0; b < a; b++) hessian[a * n + b] = hessian[b * n + a];
      largest = Math.max(largest, Math.abs(gradient[a]));
    }
    if (largest < p.tolerance) {
      converged = true;
      break;
    }
    // A tiny ridge keeps a constant feature's zero row from making the system singular.
    for (let a = 1; a < n; a++) hessian[a * n + a] += 1e-12;
    const step = Float64Array.from(gradient, (g) => -g);
    choleskySolve(hessian, step, n);
    iterations++;
    // Backtracking: halve the Newton step until the objective does not increase.
    let t = 1;
    let next = current;
    for (let tries = 0; tries < 30; tries++, t /= 2) {
      for (let a = 0; a < n; a++) candidate[a] = theta[a] + t * step[a];
      next = objective(candidate);
      if (next <= current) break;
    }
    if (!(next <= current)) break; // no descent along the Newton direction: at the optimum up to rounding
    theta.set(candidate);
    current = next;
  }
  const model: LogisticModel = {
    kind: 'logistic',
    featureNames: [...data.featureNames],
    mean,
    scale,
    intercept: roundSignificant(theta[0]),
    coefficients: Float64Array.from(theta.subarray(1), (c) => roundSignificant(c)),
    params: p,
  };
  return { model, iterations, objective: current, converged };
}
