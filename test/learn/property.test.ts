import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  parseModel,
  predictProbabilities,
  serializeModel,
  trainGbdt,
} from '../../packages/pith/src/learn/index.js';
import { table } from './helpers.js';

/** Small data sets: few distinct values (ties), NaN, 0/1 labels, integer weights. */
const dataSets = fc.integer({ min: 1, max: 3 }).chain((featureCount) =>
  fc.array(
    fc.record({
      row: fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN)), {
        minLength: featureCount,
        maxLength: featureCount,
      }),
      label: fc.constantFrom(0, 1),
      weight: fc.integer({ min: 1, max: 5 }),
    }),
    { minLength: 2, maxLength: 60 },
  ),
);

const params = fc.record({
  rounds: fc.integer({ min: 1, max: 6 }),
  maxDepth: fc.integer({ min: 1, max: 4 }),
  maxLeaves: fc.constantFrom(0, 2, 5),
  learningRate: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
  lambda: fc.double({ min: 0.1, max: 5, noNaN: true }),
  minSamplesLeaf: fc.integer({ min: 1, max: 4 }),
  minChildWeight: fc.constantFrom(0, 0.1),
  subsample: fc.constantFrom(1, 0.7),
  colsampleByTree: fc.constantFrom(1, 0.6),
  maxBins: fc.integer({ min: 2, max: 12 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});

describe('trainGbdt properties', () => {
  it('predictions are probabilities in (0, 1); models are deterministic and round-trip exactly', () => {
    fc.assert(
      fc.property(dataSets, params, (rows, p) => {
        const data = table(
          rows.map((r) => r.row),
          rows.map((r) => r.label),
          rows.map((r) => r.weight),
        );
        const model = trainGbdt(data, p).model;
        const probabilities = predictProbabilities(model, data.features);
        assert.ok(probabilities.every((x) => x > 0 && x < 1));
        const text = serializeModel(model);
        assert.equal(serializeModel(trainGbdt(data, p).model), text);
        assert.deepEqual(predictProbabilities(parseModel(text), data.features), probabilities);
      }),
    );
  });
});
