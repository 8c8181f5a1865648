/**
 * CETR's two dimensions of a line (Weninger, Hsu & Han, 2010): the smoothed tag ratio T′ and
 * the absolute smoothed derivative G. See docs/algorithms/cetr.md for the formulas and how each
 * was read.
 */
import { tick } from '../../dom/index.js';

/**
 * The Gaussian kernel's weights α_j for j = −⌈3σ⌉ … ⌈3σ⌉ (index j + ⌈3σ⌉):
 * α_j = e^(−j²/2σ²) / Σ_i e^(−i²/2σ²). σ = 0 gives the kernel [1] (no smoothing).
 */
export function gaussianKernel(sigma: number): Float64Array {
  const radius = Math.ceil(3 * sigma);
  const weights = new Float64Array(2 * radius + 1);
  if (radius === 0) {
    weights[0] = 1;
    return weights;
  }
  let sum = 0;
  for (let j = -radius; j <= radius; j++) {
    weights[j + radius] = Math.exp(-(j * j) / (2 * sigma * sigma));
    sum += weights[j + radius];
  }
  for (let i = 0; i < weights.length; i++) weights[i] /= sum;
  return weights;
}

/**
 * T′_k = Σ_j α_j T_{k+j}. At the two ends of the page the window is cut to the lines that exist
 * and the weights left are renormalised to sum to 1 (a line near the top is not pulled towards
 * an imagined 0 above the page).
 */
export function gaussianSmooth(values: ArrayLike<number>, sigma: number): Float64Array {
  const kernel = gaussianKernel(sigma);
  const radius = (kernel.length - 1) / 2;
  const n = values.length;
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    tick('cetr');
    let sum = 0;
    let weight = 0;
    const low = Math.max(0, k - radius);
    const high = Math.min(n - 1, k + radius);
    for (let i = low; i <= high; i++) {
      const alpha = kernel[i - k + radius];
      sum += alpha * values[i];
      weight += alpha;
    }
    out[k] = sum / weight;
  }
  return out;
}

/**
 * G_k = | (Σ_{i=1}^{α} T′_{k+i}) / α − T′_k |: how far the mean of the α lines after k is from
 * line k. Near the end the mean is over the lines that exist; the last line's G is 0.
 */
export function absoluteDerivative(smoothed: ArrayLike<number>, alpha: number): Float64Array {
  const n = smoothed.length;
  const out = new Float64Array(n);
  // A running sum over the window (k, k + α]: linear whatever α is.
  let windowSum = 0;
  for (let i = 1; i <= alpha && i < n; i++) windowSum += smoothed[i];
  for (let k = 0; k < n; k++) {
    tick('cetr');
    const count = Math.min(alpha, n - 1 - k);
    out[k] = count > 0 ? Math.abs(windowSum / count - smoothed[k]) : 0;
    // Slide: drop line k + 1, add line k + 1 + α.
    if (k + 1 < n) windowSum -= smoothed[k + 1];
    if (k + 1 + alpha < n) windowSum += smoothed[k + 1 + alpha];
  }
  return out;
}
