import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  compiledMargin,
  compiledMargins,
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

test("six-level trees, many rows a call (the block model's walk): the model's margins bit for bit", () => {
  // The block model's shape: trees six levels deep, many rows a page, some holding NaN (they take
  // the node-by-node walk); 23 trees, so that the trees past the last four are walked too.
  const random = seededRandom(11);
  const rows = 3000;
  const width = 8;
  const features = new Float32Array(rows * width);
  const labels = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    for (let f = 0; f < width; f++)
      features[r * width + f] = random() < 0.01 ? Number.NaN : Math.round((random() * 20 - 10) * 8) / 8;
    const x = (f: number) => features[r * width + f] || 0;
    labels[r] = x(0) * x(1) + Math.sin(x(2)) * 3 + (x(3) > x(4) ? 2 : -2) + random() * 2 > 0 ? 1 : 0;
  }
  const { model } = trainGbdt(
    { features, labels, featureNames: Array.from({ length: width }, (_, f) => `x${f}`) },
    { rounds: 23, maxDepth: 6, minSamplesLeaf: 2 },
  );
  const compiled = compileGbdt(model);
  assert.equal(compiled.complete?.depth, 6, 'the ensemble takes the six-level walk');
  const out = new Float64Array(rows);
  compiledMargins(compiled, features, width, 0, rows, out);
  for (let r = 0; r < rows; r++) assert.equal(out[r], predictMargin(model, features, r * width), `row ${r}`);
  // A stretch from the middle, as the extractor scores a page's blocks 256 at a time.
  const part = new Float64Array(rows);
  compiledMargins(compiled, features, width, 700, 956, part);
  for (let r = 700; r < 956; r++) assert.equal(part[r], out[r]);
});
