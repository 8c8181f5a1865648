/**
 * Step 2 of TTR: smoothing, and the statistics the clustering rules use.
 */
import { tick } from '../../dom/index.js';

/**
 * The paper's Eq. 1 as we read it: each element becomes the mean of the window
 * `[k − r, k + r]` (2r + 1 elements, the element itself included; with
 * `includeCenter` false the element is left out and the window holds 2r
 * neighbours). At the edges the window is cut to the elements that exist and the
 * mean is taken over those only, so the first element with r = 2 is the mean of
 * elements 0, 1, 2. An element whose window is empty (r = 0 without the centre)
 * keeps its value. The result has the input's length.
 */
export function smooth(values: ArrayLike<number>, radius: number, includeCenter = true): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  // Prefix sums make every window O(1), so the pass is linear in n whatever r is.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + values[i];
  for (let i = 0; i < n; i++) {
    tick('ttr');
    const low = Math.max(0, i - radius);
    const high = Math.min(n - 1, i + radius);
    let sum = prefix[high + 1] - prefix[low];
    let count = high - low + 1;
    if (!includeCenter) {
      sum -= values[i];
      count -= 1;
    }
    out[i] = count > 0 ? sum / count : values[i];
  }
  return out;
}

export function mean(values: ArrayLike<number>, from = 0, to = values.length): number {
  if (to <= from) return 0;
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return sum / (to - from);
}

/** Population standard deviation (divides by n), 0 for an empty array. */
export function standardDeviation(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return 0;
  const average = mean(values);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - average) ** 2;
  return Math.sqrt(squares / n);
}
