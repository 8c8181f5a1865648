import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bootstrap,
  bootstrapMean,
  bootstrapMeans,
  bootstrapSnippetF1,
  bootstrapSnippetScores,
  quantile,
  seededRandom,
} from '../../packages/workbench/src/eval/metrics/bootstrap.js';
import { snippetScores, sumSnippetCounts } from '../../packages/workbench/src/eval/metrics/snippets.js';

function sample(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => random());
}

describe('seededRandom', () => {
  it('is deterministic, in [0, 1), and differs between seeds', () => {
    const a = sample(1000, 7);
    assert.deepEqual(a, sample(1000, 7));
    assert.notDeepEqual(a, sample(1000, 8));
    assert.ok(a.every((x) => x >= 0 && x < 1));
    const mean = a.reduce((s, x) => s + x, 0) / a.length;
    assert.ok(Math.abs(mean - 0.5) < 0.05);
  });
});

describe('quantile (type 7)', () => {
  it('interpolates linearly between order statistics', () => {
    assert.equal(quantile([1, 2, 3, 4], 0.25), 1.75);
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantile([1, 2, 3, 4], 1), 4);
    assert.equal(quantile([5], 0.975), 5);
    assert.ok(Number.isNaN(quantile([], 0.5)));
  });
});

describe('bootstrapMean', () => {
  it('is deterministic for a seed and brackets the mean', () => {
    const values = sample(400, 3);
    const first = bootstrapMean(values, { seed: 42 });
    assert.deepEqual(first, bootstrapMean(values, { seed: 42 }));
    assert.notDeepEqual(first, bootstrapMean(values, { seed: 43 }));
    const mean = values.reduce((s, x) => s + x, 0) / values.length;
    assert.equal(first.estimate, mean);
    assert.ok(first.low < mean && mean < first.high);
    assert.equal(first.resamples, 2000);
    assert.equal(first.confidence, 0.95);
  });

  it('has about the normal-theory width for a mean (±1.96·sd/√n)', () => {
    const values = sample(2000, 11); // uniform: sd = 1/√12
    const interval = bootstrapMean(values, { seed: 1, resamples: 4000 });
    const expectedHalfWidth = (1.96 * (1 / Math.sqrt(12))) / Math.sqrt(values.length);
    const halfWidth = (interval.high - interval.low) / 2;
    assert.ok(
      Math.abs(halfWidth - expectedHalfWidth) / expectedHalfWidth < 0.1,
      `${halfWidth} vs ${expectedHalfWidth}`,
    );
  });

  it('collapses to the value for constant data and is NaN for no data', () => {
    const constant = bootstrapMean([0.5, 0.5, 0.5], { resamples: 50 });
    assert.deepEqual([constant.estimate, constant.low, constant.high], [0.5, 0.5, 0.5]);
    const empty = bootstrapMean([]);
    assert.ok(Number.isNaN(empty.estimate) && Number.isNaN(empty.low) && Number.isNaN(empty.high));
  });

  it('checks its options', () => {
    assert.throws(() => bootstrapMean([1], { resamples: 0 }), RangeError);
    assert.throws(() => bootstrapMean([1], { confidence: 1 }), RangeError);
    assert.throws(() => bootstrapMeans([[1, 2], [1]]), RangeError);
  });

  it('narrows as confidence drops', () => {
    const values = sample(300, 5);
    const wide = bootstrapMean(values, { confidence: 0.99 });
    const narrow = bootstrapMean(values, { confidence: 0.8 });
    assert.ok(wide.high - wide.low > narrow.high - narrow.low);
  });
});

describe('bootstrapSnippetScores', () => {
  const counts = Array.from({ length: 300 }, (_, i) => ({
    tp: i % 3,
    fp: i % 5 === 0 ? 1 : 0,
    fn: 3 - (i % 3),
    tn: i % 5 === 0 ? 2 : 3,
  }));

  it('estimates the micro-averaged scores and brackets them', () => {
    const micro = snippetScores(sumSnippetCounts(counts));
    const intervals = bootstrapSnippetScores(counts, { seed: 9 });
    for (const key of ['precision', 'recall', 'accuracy', 'f1'] as const) {
      assert.equal(intervals[key].estimate, micro[key]);
      assert.ok(intervals[key].low <= micro[key] && micro[key] <= intervals[key].high, key);
      assert.ok(intervals[key].high - intervals[key].low > 0, key);
    }
    assert.deepEqual(bootstrapSnippetF1(counts, { seed: 9 }), intervals.f1);
  });

  it('agrees with the generic bootstrap on the same seed', () => {
    const generic = bootstrap(counts, (docs) => snippetScores(sumSnippetCounts(docs)).f1, { seed: 9 });
    assert.deepEqual(generic, bootstrapSnippetF1(counts, { seed: 9 }));
  });
});
