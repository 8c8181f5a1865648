import assert from 'node:assert/strict';
import type { TrainingData } from '../../packages/pith/src/learn/index.js';
import { seededRandom } from '../../packages/pith/src/random.js';

/** Asserts |actual − expected| ≤ tolerance, showing both on failure. */
export function assertClose(actual: number, expected: number, tolerance = 1e-9): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected} (± ${tolerance})`);
}

/** Data from rows of feature values (NaN allowed), labels and optional weights. */
export function table(rows: number[][], labels: number[], weights?: number[]): TrainingData {
  const featureCount = rows[0].length;
  return {
    features: Float32Array.from(rows.flat()),
    featureNames: Array.from({ length: featureCount }, (_, j) => `x${j}`),
    labels: Float32Array.from(labels),
    weights: weights ? Float32Array.from(weights) : undefined,
  };
}

/** Parameters that let every split through, for small hand-checked data. */
export const UNCONSTRAINED = { minSamplesLeaf: 1, minChildWeight: 0 } as const;

/** Rows repeated `count` times each (labels and weights alike). */
export function repeat(rows: number[][], labels: number[], counts: number[]): TrainingData {
  const outRows: number[][] = [];
  const outLabels: number[] = [];
  rows.forEach((row, i) => {
    for (let c = 0; c < counts[i]; c++) {
      outRows.push(row);
      outLabels.push(labels[i]);
    }
  });
  return table(outRows, outLabels);
}

/** Seeded random rows in [0, 1) with 10% NaN in the last feature, labels from a noisy rule. */
export function randomRows(n: number, featureCount: number, seed: number, noiseOnly = false) {
  const random = seededRandom(seed);
  const rows: number[][] = [];
  const labels: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from({ length: featureCount }, () => Math.round(random() * 1000) / 1000);
    if (random() < 0.1) row[featureCount - 1] = Number.NaN;
    rows.push(row);
    const signal = noiseOnly ? 0.5 : row[0] > 0.5 !== row[1] > 0.3 ? 0.85 : 0.15;
    labels.push(random() < signal ? 1 : 0);
    weights.push(1 + Math.floor(random() * 5));
  }
  return { rows, labels, weights };
}
