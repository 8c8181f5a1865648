import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  binEdgesFromSorted,
  binOf,
  edgeBetween,
  MISSING_BIN,
} from '../../packages/pith/src/learn/binning.js';

describe('binning by hand', () => {
  it('an edge is the shortest decimal strictly between two values, near their midpoint', () => {
    assert.equal(edgeBetween(Math.fround(0.1), Math.fround(0.2)), 0.15);
    assert.equal(edgeBetween(10, 11), 10.5); // 1e1 and 11 are not strictly inside
    assert.equal(edgeBetween(0, 100), 50);
    assert.equal(edgeBetween(-3, -1), -2);
  });

  it('few distinct values: one bin each; many: bins of about equal counts, a frequent value alone', () => {
    assert.deepEqual(Array.from(binEdgesFromSorted(Float64Array.from([1, 1, 2, 3, 3, 3]), 255)), [1.5, 2.5]);
    // 0 holds half the rows; the other 8 values share the 3 remaining bins.
    const sorted = Float64Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert.deepEqual(Array.from(binEdgesFromSorted(sorted, 4)), [0.5, 3.5, 6.5]);
  });

  it('bins values by the first edge at or above them; NaN has its own bin', () => {
    const edges = Float64Array.from([1.5, 2.5]);
    assert.deepEqual(
      [0, 1.5, 2, 2.5, 3].map((x) => binOf(edges, x)),
      [0, 0, 1, 1, 2],
    );
    assert.equal(binOf(edges, Number.NaN), MISSING_BIN);
  });
});

describe('binning properties', () => {
  // Feature values are float32 (the columns in binning.ts): between two of them there is always a
  // double for the edge, while two adjacent doubles (e.g. subnormals 7e-323, 7.4e-323) have none.
  const samples = fc.array(
    fc.oneof(fc.integer({ min: -50, max: 50 }), fc.float({ min: -1e6, max: 1e6, noNaN: true })),
    {
      maxLength: 300,
    },
  );

  it('edges increase, separate sample values, and number at most maxBins − 1', () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 2, max: 255 }), (values, maxBins) => {
        const sorted = Float64Array.from(values).sort();
        const edges = binEdgesFromSorted(sorted, maxBins);
        const distinct = new Set(sorted).size;
        assert.ok(edges.length <= Math.max(0, Math.min(distinct, maxBins) - 1));
        if (distinct <= maxBins) assert.equal(edges.length, Math.max(0, distinct - 1));
        for (let i = 0; i < edges.length; i++) {
          if (i > 0) assert.ok(edges[i] > edges[i - 1]);
          assert.ok(sorted.some((v) => v < edges[i]) && sorted.some((v) => v > edges[i]));
        }
      }),
    );
  });

  it('bin ≤ b exactly when value ≤ edges[b] (so trees on bins predict the same on raw values)', () => {
    fc.assert(
      fc.property(
        samples,
        fc.array(fc.double({ min: -2e6, max: 2e6, noNaN: true }), { maxLength: 20 }),
        (values, probes) => {
          const edges = binEdgesFromSorted(Float64Array.from(values).sort(), 16);
          for (const x of [...probes, ...values, ...edges]) {
            const bin = binOf(edges, x);
            assert.ok(bin <= edges.length);
            for (let b = 0; b < edges.length; b++) assert.equal(bin <= b, x <= edges[b]);
          }
          assert.equal(binOf(edges, Number.NaN), MISSING_BIN);
        },
      ),
    );
  });
});
