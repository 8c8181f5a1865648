import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { accuracy, auc, logLoss } from '../../packages/pith/src/learn/index.js';
import { assertClose } from './helpers.js';

describe('metrics', () => {
  it('logLoss: −mean[y ln p + (1 − y) ln(1 − p)], weighted', () => {
    assertClose(logLoss([1, 0], [0.8, 0.4]), -(Math.log(0.8) + Math.log(0.6)) / 2, 1e-12);
    assertClose(logLoss([1, 0], [0.8, 0.4], [3, 1]), -(3 * Math.log(0.8) + Math.log(0.6)) / 4, 1e-12);
    assert.ok(Number.isFinite(logLoss([1], [0]))); // clipped, not Infinity
  });

  it('auc: share of positive-negative pairs ordered right, ties half', () => {
    // Pairs (positive score, negative score): (.35,.1) ok, (.35,.4) wrong, (.8,.1) ok, (.8,.4) ok → 3/4.
    assertClose(auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 0.75, 1e-12);
    assertClose(auc([1, 0], [0.5, 0.5]), 0.5, 1e-12);
    // Weight 2 on the wrong-side negative (.4): pairs weigh 1·1 + 1·2 + 1·1 + 1·2 = 6, right 1 + 1 + 2 = 4.
    assertClose(auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], [1, 2, 1, 1]), 4 / 6, 1e-12);
    assert.ok(Number.isNaN(auc([1, 1], [0.2, 0.3])));
  });

  it('accuracy at a threshold, weighted', () => {
    assertClose(accuracy([1, 0, 1, 0], [0.9, 0.2, 0.4, 0.6]), 0.5, 1e-12);
    assertClose(accuracy([1, 0, 1, 0], [0.9, 0.2, 0.4, 0.6], undefined, 0.3), 0.75, 1e-12); // .4 now right
    assertClose(accuracy([1, 0, 1, 0], [0.9, 0.2, 0.4, 0.6], [5, 1, 1, 1]), 6 / 8, 1e-12);
  });

  it('auc of reversed scores is 1 − auc; a monotone transform does not change it', () => {
    const cases = fc.array(
      fc.tuple(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 4 })),
      {
        minLength: 2,
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(cases, (rows) => {
        const labels = rows.map((r) => r[0]);
        const scores = rows.map((r) => r[1] / 20);
        const weights = rows.map((r) => r[2]);
        const a = auc(labels, scores, weights);
        if (Number.isNaN(a)) return;
        assert.ok(
          Math.abs(
            auc(
              labels,
              scores.map((s) => -s),
              weights,
            ) -
              (1 - a),
          ) < 1e-12,
        );
        assert.ok(
          Math.abs(
            auc(
              labels,
              scores.map((s) => Math.exp(3 * s)),
              weights,
            ) - a,
          ) < 1e-12,
        );
      }),
    );
  });
});
