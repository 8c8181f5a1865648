/** Numeric helpers shared by the learners and the metrics. */

/** The logistic function, written so that neither branch overflows. */
export function sigmoid(margin: number): number {
  if (margin >= 0) return 1 / (1 + Math.exp(-margin));
  const e = Math.exp(margin);
  return e / (1 + e);
}

/** Log-odds of a probability, clamped to ±16 so a pure class does not give ±Infinity. */
export function logit(probability: number): number {
  const p = Math.min(1 - 1e-7, Math.max(1e-7, probability));
  return Math.log(p / (1 - p));
}

/** Logistic loss of a margin (log-odds) against a label in [0, 1], stable for large |margin|. */
export function logisticLoss(label: number, margin: number): number {
  return Math.max(margin, 0) + Math.log1p(Math.exp(-Math.abs(margin))) - label * margin;
}

/**
 * `value` rounded to `digits` significant digits. `toPrecision` is exactly specified by
 * ECMAScript, so the result is the same on every engine (models stay byte-identical).
 */
export function roundSignificant(value: number, digits = 6): number {
  return value === 0 ? 0 : Number(value.toPrecision(digits));
}
