/**
 * CETR (Weninger, Hsu & Han, 2010): the Gaussian kernel, the smoothing, the absolute smoothed
 * derivative, the k-means around the origin and the extractor, each against values computed by
 * hand from the paper's formulas (docs/algorithms/cetr.md).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  absoluteDerivative,
  analyseCetr,
  cetr,
  gaussianKernel,
  gaussianSmooth,
  originKMeans,
} from '../../../packages/pith/src/extractors/cetr/index.js';
import { extract, formatExtraction, parseHtml } from '../../../packages/pith/src/index.js';
import { seededRandom } from '../../../packages/pith/src/random.js';

const close = (actual: number, expected: number, what = '') =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what} ${actual} ≠ ${expected}`);

// σ = 1/√(2 ln 2) makes e^(−j²/2σ²) = 2^(−j²): the weights are 1, 1/2, 1/16, 1/512 (⌈3σ⌉ = 3).
const DYADIC_SIGMA = 1 / Math.sqrt(2 * Math.LN2);

describe('cetr: Gaussian smoothing', () => {
  test('the kernel: α_j = e^(−j²/2σ²) / Σ e^(−i²/2σ²), j from −⌈3σ⌉ to ⌈3σ⌉', () => {
    // Unnormalised 1/512, 1/16, 1/2, 1, 1/2, 1/16, 1/512; sum 1090/512.
    const kernel = gaussianKernel(DYADIC_SIGMA);
    assert.equal(kernel.length, 7);
    for (const [i, numerator] of [1, 32, 256, 512, 256, 32, 1].entries())
      close(kernel[i], numerator / 1090, `α[${i}]`);
    // σ = 1: ⌈3⌉ = 3 lines each way; α_0 = 1 / (1 + 2(e^−½ + e^−2 + e^−4.5)).
    const one = gaussianKernel(1);
    assert.equal(one.length, 7);
    close(one[3], 1 / (1 + 2 * (Math.exp(-0.5) + Math.exp(-2) + Math.exp(-4.5))));
    assert.deepEqual(Array.from(gaussianKernel(0)), [1]);
  });

  test('T′ of an impulse, whole window in the middle, cut and renormalised at the ends', () => {
    const smoothed = gaussianSmooth([0, 0, 0, 1, 0, 0, 0], DYADIC_SIGMA);
    close(smoothed[3], 512 / 1090, 'T′3'); // the centre weight
    // Line 2 misses line −1 (weight 1): 256 over 1089.
    close(smoothed[2], 256 / 1089, 'T′2');
    // Line 0 sees lines 0…3 only: weights 512 + 256 + 32 + 1 = 801 (over 512); T₃ has weight 1.
    close(smoothed[0], 1 / 801, 'T′0');
    close(smoothed[6], 1 / 801, 'T′6');
  });

  test('property: a constant stays constant, and smoothing keeps values within their range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.float({ min: 0, max: 5, noNaN: true }),
        (values, sigma) => {
          const smoothed = gaussianSmooth(values, sigma);
          const low = Math.min(...values);
          const high = Math.max(...values);
          for (const value of smoothed) assert.ok(value >= low - 1e-6 && value <= high + 1e-6);
          const constant = gaussianSmooth(
            values.map(() => 7),
            sigma,
          );
          for (const value of constant) close(value, 7);
        },
      ),
    );
  });
});

describe('cetr: the absolute smoothed derivative', () => {
  test('G_k = |mean of the α next T′ − T′_k|, fewer lines near the end, 0 on the last', () => {
    // α = 2 over 1, 2, 4, 8, 16: |3 − 1|, |6 − 2|, |12 − 4|, |16 − 8| (one line left), 0.
    assert.deepEqual(Array.from(absoluteDerivative([1, 2, 4, 8, 16], 2)), [2, 4, 8, 8, 0]);
    // α = 3 over 9, 0, 0, 0, 3: |0 − 9|, |1 − 0|, |1.5 − 0|, |3 − 0|, 0.
    assert.deepEqual(Array.from(absoluteDerivative([9, 0, 0, 0, 3], 3)), [9, 1, 1.5, 3, 0]);
    assert.deepEqual(Array.from(absoluteDerivative([5, 5, 5, 5], 3)), [0, 0, 0, 0]);
    assert.deepEqual(Array.from(absoluteDerivative([], 3)), []);
  });
});

describe('cetr: k-means with a centroid fixed at the origin', () => {
  test('two clusters, worked by hand from the start (1, 0)', () => {
    // Points (0,0) (1,0) (10,10) (11,10) (10,11); k = 2. Whatever free start is drawn, Lloyd's
    // steps end with the origin's cluster {(0,0), (1,0)} and the other at (31/3, 31/3): from
    // (1,0), the first pass gives it (1,0) and the three far points, mean (8, 7.75); then (1,0)
    // is nearer the origin (1 < 109) and the mean of the three is (31/3, 31/3).
    const xs = [0, 1, 10, 11, 10];
    const ys = [0, 0, 10, 10, 11];
    for (const seed of [1, 2, 3, 4, 5]) {
      const result = originKMeans(xs, ys, 2, seededRandom(seed));
      assert.deepEqual(Array.from(result.labels), [0, 0, 1, 1, 1]);
      assert.deepEqual(result.centroids[0], [0, 0]);
      close(result.centroids[1][0], 31 / 3);
      close(result.centroids[1][1], 31 / 3);
      assert.deepEqual(result.sizes, [2, 3]);
    }
  });

  test('fewer distinct points than clusters: the free centroids are the points there are', () => {
    const result = originKMeans([0, 4, 4], [0, 0, 0], 3, seededRandom(1));
    assert.equal(result.centroids.length, 2);
    assert.deepEqual(Array.from(result.labels), [0, 1, 1]);
  });
});

describe('cetr extractor', () => {
  const menu = (word: string) =>
    Array.from({ length: 8 }, (_, i) => `<li><a href="/${i}">${word} ${i}</a></li>`).join('\n');
  const page = [
    '<html><body>',
    '<ul>',
    menu('Section'),
    '</ul>',
    `<p>${'The sheep crossed the river at dawn while the shepherd counted them. '.repeat(3).trim()}</p>`,
    `<p>${'Every stone of the ford was slick, and two lambs had to be carried over. '.repeat(3).trim()}</p>`,
    `<p>${'By noon the flock grazed on the far bank under a pale and quiet sky. '.repeat(3).trim()}</p>`,
    '<ul>',
    menu('Footer'),
    '</ul>',
    '<script>var tracking = "a long line of script text that must not count as text at all";</script>',
    '</body></html>',
  ].join('\n');

  test('tag ratios per line: x non-tag characters over y tags (script line removed, empty)', () => {
    const analysis = analyseCetr(parseHtml(page));
    // Line 3, `<li><a href="/0">Section 0</a></li>`: 9 characters over 4 tags; line 2 `<ul>`: 0 / 1.
    assert.equal(analysis.text[2], 9);
    assert.equal(analysis.tags[2], 4);
    assert.equal(analysis.plot.series.raw[2], 9 / 4);
    assert.equal(analysis.text[1], 0);
    assert.equal(analysis.tags[1], 1);
    // The script's line is gone (its characters removed, nothing left): 25 kept lines of 26.
    assert.equal(analysis.totalLines, 26);
    assert.equal(analysis.keptLines, 25);
  });

  test('keeps the paragraphs and the lines just before them, not the rest of the menu or the footer', () => {
    const extraction = cetr.extract(parseHtml(page), {}, {});
    const text = formatExtraction(extraction, 'text', {});
    assert.match(text, /The sheep crossed the river/);
    assert.match(text, /far bank under a pale/);
    // G looks α = 3 lines ahead: the last menu lines before the paragraphs have a large
    // derivative (the jump is coming) and leave the origin's cluster; lines after the
    // paragraphs look at menu lines and have a small one.
    assert.match(text, /Section 7/);
    assert.doesNotMatch(text, /Section [0-4]|Footer [1-7]|tracking/);
    assert.equal(extraction.diagnostics.clusters.centroids[0][0], 0);
  });

  test('options are checked; the public API runs it by name', () => {
    assert.throws(() => cetr.extract(parseHtml(page), { k: 1 }, {}), /cetr: k must be an integer/);
    assert.throws(() => cetr.extract(parseHtml(page), { dimensions: 3 }, {}), /dimensions must be 1 or 2/);
    assert.throws(() => cetr.extract(parseHtml(page), { sigma: -1 }, {}), /sigma must be/);
    const result = extract(page, { extractor: 'cetr', format: 'text' });
    assert.match(result.content, /two lambs had to be carried/);
  });
});
