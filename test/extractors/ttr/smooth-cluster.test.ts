import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { clusterContent } from '../../../packages/pith/src/extractors/ttr/cluster.js';
import {
  chooseRun,
  expectationMaximization,
  farthestFirst,
  kMeans,
  predictionClustering,
  seededRandom,
  smooth,
  standardDeviation,
  thresholdContent,
} from '../../../packages/pith/src/extractors/ttr/index.js';

const close = (actual: ArrayLike<number>, expected: number[]) => {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < expected.length; i++)
    assert.ok(Math.abs(actual[i] - expected[i]) < 1e-9, `[${i}] ${actual[i]} ≠ ${expected[i]}`);
};

describe('ttr: smoothing (Eq. 1)', () => {
  const values = [0, 0, 10, 0, 0, 10];

  test('radius 2, the line included: the mean of 2r+1 values, cut at the edges', () => {
    // i0: (0+0+10)/3; i1: (0+0+10+0)/4; i2: 10/5; i3: (0+10+0+0+10)/5; i4: (10+0+0+10)/4; i5: (0+0+10)/3
    close(smooth(values, 2), [10 / 3, 2.5, 2, 4, 5, 10 / 3]);
  });

  test('radius 2 without the line itself: the mean of its neighbours', () => {
    // i0: (0+10)/2; i2: (0+0+0+0)/4; i5: (0+0)/2
    close(smooth(values, 2, false), [5, 10 / 3, 0, 5, 20 / 3, 0]);
  });

  test('radius 0 leaves the array as it is', () => {
    close(smooth(values, 0), values);
    close(smooth(values, 0, false), values);
  });

  test('σ is the population standard deviation', () => {
    assert.ok(Math.abs(standardDeviation([1, 2, 3, 4]) - Math.sqrt(1.25)) < 1e-12);
    assert.equal(standardDeviation([]), 0);
  });

  test('property: smoothing keeps the length and stays within the input range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (input, radius, includeCenter) => {
          const out = smooth(input, radius, includeCenter);
          assert.equal(out.length, input.length);
          const low = Math.min(...input);
          const high = Math.max(...input);
          for (const value of out) assert.ok(value >= low - 1e-9 && value <= high + 1e-9);
        },
      ),
    );
  });
});

describe('ttr: threshold clustering', () => {
  test('keeps the values ≥ k·σ', () => {
    const values = [1, 2, 3, 4];
    const sigma = standardDeviation(values); // 1.118
    assert.deepEqual(Array.from(thresholdContent(values, 1 * sigma)), [0, 1, 1, 1]);
    assert.deepEqual(Array.from(thresholdContent(values, 2 * sigma)), [0, 0, 1, 1]);
    assert.deepEqual(Array.from(thresholdContent(values, 0)), [1, 1, 1, 1]);
    assert.deepEqual(Array.from(thresholdContent(values, 3)), [0, 0, 1, 1]); // equal to the threshold is content
  });
});

describe('ttr: the cluster-count rule', () => {
  test('most clusters above σ wins; a tie goes to the lower count', () => {
    assert.equal(chooseRun([0, 1, 1]), 1); // the paper's example: 2 clusters
    assert.equal(chooseRun([1, 1, 2]), 2);
    assert.equal(chooseRun([2, 1, 2]), 0);
    assert.equal(chooseRun([0, 0, 0]), 0);
  });

  // σ = 16.39; 1 cluster: mean 12.5 (0 hits); 2: {0,10} 3.33 and {40} 40 (1 hit);
  // 3: 0, 10, 40 (1 hit) → 2 clusters, the 40s are content (the paper's Table 1 pattern).
  const paperLike = [0, 0, 0, 0, 0, 0, 10, 10, 10, 40, 40, 40];
  // σ = 24.87; 2 clusters give 1 hit whatever the seeds, 3 clusters (0, 30, 60) give 2.
  const threeWin = [0, 0, 0, 0, 0, 0, 30, 30, 30, 60, 60, 60];

  for (const algorithm of ['kmeans', 'em', 'farthest-first'] as const) {
    test(`${algorithm}: 0, 1, 1 hits → 2 clusters, the top cluster is content`, () => {
      const sigma = standardDeviation(paperLike);
      assert.ok(Math.abs(sigma - Math.sqrt(268.75)) < 1e-9);
      for (const seed of [1, 2, 3, 42]) {
        const choice = clusterContent(paperLike, sigma, algorithm, 3, seed);
        assert.deepEqual(
          choice.runs.map((run) => run.hits),
          [0, 1, 1],
        );
        assert.equal(choice.runs[choice.chosen].requested, 2);
        assert.deepEqual(Array.from(choice.content), [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
      }
    });
  }

  for (const algorithm of ['kmeans', 'em'] as const) {
    test(`${algorithm}: 0, 1, 2 hits → 3 clusters win`, () => {
      const choice = clusterContent(threeWin, standardDeviation(threeWin), algorithm, 3, 7);
      assert.deepEqual(
        choice.runs.map((run) => run.hits),
        [0, 1, 2],
      );
      assert.equal(choice.runs[choice.chosen].requested, 3);
      assert.deepEqual(Array.from(choice.content), [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    });
  }

  test('K-Means: centroids are member means; fewer distinct values than clusters gives fewer clusters', () => {
    const result = kMeans([0, 0, 0, 0, 0, 0, 0, 0, 30, 30], 3, seededRandom(5));
    assert.deepEqual(
      result.clusters.map((c) => [c.center, c.mean, c.size]),
      [
        [0, 0, 8],
        [30, 30, 2],
      ],
    );
  });

  test('Farthest-First: first centre, then the farthest point; a tie goes to the earlier centre', () => {
    const first = () => 0; // the first centre is then values[0]
    const two = farthestFirst([0, 1, 2, 50, 100], 2, first);
    // Centres 0 and 100; 50 is as far from both and joins 0.
    assert.deepEqual(
      two.clusters.map((c) => [c.center, c.mean, c.size]),
      [
        [0, 13.25, 4],
        [100, 100, 1],
      ],
    );
    const three = farthestFirst([0, 1, 2, 50, 100], 3, first);
    assert.deepEqual(
      three.clusters.map((c) => c.center),
      [0, 50, 100],
    );
  });

  test('EM: a Gaussian mixture that separates two clear groups and reports component means', () => {
    const values = [1, 2, 3, 2, 1, 100, 101, 99, 100];
    const result = expectationMaximization(values, 2, seededRandom(3));
    assert.equal(result.clusters.length, 2);
    assert.ok(Math.abs(result.clusters[0].mean - 1.8) < 1e-6);
    assert.ok(Math.abs(result.clusters[1].mean - 100) < 1e-6);
    assert.deepEqual(Array.from(result.labels), [0, 0, 0, 0, 0, 1, 1, 1, 1]);
    const weights = result.clusters.map((c) => c.weight ?? 0);
    assert.ok(Math.abs(weights[0] - 5 / 9) < 1e-6 && Math.abs(weights[1] - 4 / 9) < 1e-6);
  });

  test('the random algorithms give the same result for the same seed', () => {
    const random = (seed: number) => seededRandom(seed);
    const values = Array.from({ length: 200 }, (_, i) => (i * 7919) % 97);
    for (const run of [kMeans, expectationMaximization, farthestFirst]) {
      assert.deepEqual(
        Array.from(run(values, 3, random(9)).labels),
        Array.from(run(values, 3, random(9)).labels),
      );
    }
  });
});

describe('ttr: prediction clustering', () => {
  test('enters on a jump of σ over the previous 3, leaves when the next 3 drop by σ', () => {
    // σ = 4.714. Line 3: 10 − mean(0,0,0) ≥ σ → enter. Line 3 exit test: 10 − mean(10,10,0) = 3.33 < σ.
    // Line 4: 10 − mean(10,0,0) = 6.67 ≥ σ → line 4 is the last content line.
    // Line 5: 10 − mean(0,10,10) = 3.33 < σ → no new entry.
    const ttr = [0, 0, 0, 10, 10, 10, 0, 0, 0];
    const sigma = standardDeviation(ttr);
    const result = predictionClustering(ttr, sigma);
    assert.deepEqual(Array.from(result.content), [0, 0, 0, 1, 1, 0, 0, 0, 0]);
    assert.deepEqual(result.entries, [3]);
    assert.deepEqual(result.exits, [4]);
  });

  test('at the start the previous mean is over the lines there are (none: 0)', () => {
    const ttr = [10, 0, 0, 0];
    const result = predictionClustering(ttr, standardDeviation(ttr)); // σ = 4.33
    assert.deepEqual(Array.from(result.content), [1, 0, 0, 0]);
    assert.deepEqual(result.entries, [0]);
    assert.deepEqual(result.exits, [0]);
  });

  test('a section still open at the last line has no exit', () => {
    const ttr = [0, 0, 0, 10];
    const result = predictionClustering(ttr, standardDeviation(ttr));
    assert.deepEqual(Array.from(result.content), [0, 0, 0, 1]);
    assert.deepEqual(result.exits, []);
  });

  test('near the end the next mean is over the lines there are', () => {
    // σ of [0,0,0,20,20,0] = 9.43: enter at 3; at 3 the next are (20, 0): 20 − 10 = 10 ≥ σ → exit at 3.
    const ttr = [0, 0, 0, 20, 20, 0];
    const result = predictionClustering(ttr, standardDeviation(ttr));
    // Line 4: 20 − mean(0,0,20) = 13.3 ≥ σ → enters again, then 20 − mean(0) ≥ σ → exits.
    assert.deepEqual(result.entries, [3, 4]);
    assert.deepEqual(result.exits, [3, 4]);
    assert.deepEqual(Array.from(result.content), [0, 0, 0, 1, 1, 0]);
  });
});
