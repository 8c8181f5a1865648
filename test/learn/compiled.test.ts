import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  compiledMargin,
  compileGbdt,
  predictMargin,
  trainGbdt,
} from '../../packages/pith/src/learn/index.js';
import { seededRandom } from '../../packages/pith/src/random.js';

test('the compiled ensemble predicts exactly what the model does, NaN included', () => {
  const random = seededRandom(7);
  const rows = 400;
  const width = 3;
  const features = new Float32Array(rows * width);
  const labels = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    for (let f = 0; f < width; f++)
      features[r * width + f] = random() < 0.05 ? Number.NaN : random() * 10 - 5;
    labels[r] = features[r * width] + (features[r * width + 1] || 0) > 0 ? 1 : 0;
  }
  const { model } = trainGbdt(
    { features, labels, featureNames: ['a', 'b', 'c'] },
    { rounds: 15, maxDepth: 3, minSamplesLeaf: 5 },
  );
  const compiled = compileGbdt(model);
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.float({ noNaN: false }), fc.constant(Number.NaN)), { minLength: 3, maxLength: 3 }),
      (row) => {
        const values = Float32Array.from(row);
        return compiledMargin(compiled, values, 0) === predictMargin(model, values, 0);
      },
    ),
  );
  for (let r = 0; r < rows; r++)
    assert.equal(compiledMargin(compiled, features, r * width), predictMargin(model, features, r * width));
});
