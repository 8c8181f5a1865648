/**
 * Isotonic regression (pool adjacent violators): the non-decreasing step function of x that is
 * closest to y in weighted squared error. Used to calibrate a score into the mean outcome of
 * the examples that got it (src/quality). Returned as the blocks' mean x and value, which
 * `calibrate` (src/quality/model.ts) joins linearly.
 */
export interface IsotonicFit {
  /** Mean x of each pooled block, ascending. */
  x: number[];
  /** Fitted value of each block, non-decreasing. */
  y: number[];
  /** Weight of each block. */
  weight: number[];
}

export function isotonicFit(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  weights?: ArrayLike<number>,
): IsotonicFit {
  if (xs.length !== ys.length)
    throw new RangeError(`isotonic: ${xs.length} x values for ${ys.length} y values`);
  const order = Array.from({ length: xs.length }, (_, index) => index).sort((a, b) => xs[a] - xs[b] || a - b);
  const blockX: number[] = [];
  const blockY: number[] = [];
  const blockW: number[] = [];
  for (const index of order) {
    const w = weights ? weights[index] : 1;
    if (!(w > 0) || !Number.isFinite(xs[index]) || !Number.isFinite(ys[index])) continue;
    let x = xs[index] * w;
    let y = ys[index] * w;
    let weight = w;
    // Pool with the blocks before while they violate the order.
    while (blockY.length > 0 && blockY[blockY.length - 1] / blockW[blockW.length - 1] >= y / weight) {
      x += blockX.pop() as number;
      y += blockY.pop() as number;
      weight += blockW.pop() as number;
    }
    blockX.push(x);
    blockY.push(y);
    blockW.push(weight);
  }
  return {
    x: blockX.map((sum, k) => sum / blockW[k]),
    y: blockY.map((sum, k) => sum / blockW[k]),
    weight: blockW,
  };
}

/** An increasing step map: `x` ascending, `y` non-decreasing, linear between the points. */
export interface Calibration {
  x: number[];
  y: number[];
}

/** Piecewise-linear through the calibration points, flat beyond the ends. */
export function calibrate(calibration: Calibration, value: number): number {
  const { x, y } = calibration;
  if (x.length === 0) return value;
  if (value <= x[0]) return y[0];
  const last = x.length - 1;
  if (value >= x[last]) return y[last];
  let low = 0;
  let high = last;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (x[middle] <= value) low = middle;
    else high = middle;
  }
  const span = x[high] - x[low];
  return span > 0 ? y[low] + ((value - x[low]) / span) * (y[high] - y[low]) : y[high];
}
