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
import { CHOSEN_FIELDS, shippedMetadataModel } from '../../packages/pith/src/metadata/model.js';
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

test('rows holding NaN walk the complete layout with each split’s missing side: the model’s margins bit for bit', () => {
  // The metadata models' shape (depth 4, every row holding a NaN somewhere) and deeper ones; a
  // third of the values missing, so that the missing sides are learnt both ways.
  for (const [depth, seed] of [
    [1, 3],
    [4, 5],
    [6, 9],
  ] as const) {
    const random = seededRandom(seed);
    const rows = 1200;
    const width = 6;
    const features = new Float32Array(rows * width);
    const labels = new Float32Array(rows);
    for (let r = 0; r < rows; r++) {
      for (let f = 0; f < width; f++)
        features[r * width + f] = random() < 0.3 ? Number.NaN : Math.round((random() * 20 - 10) * 4) / 4;
      const x = (f: number) => features[r * width + f];
      labels[r] =
        (Number.isNaN(x(0)) ? 1 : x(0)) + (Number.isNaN(x(1)) ? -3 : x(1)) + random() * 4 > 1 ? 1 : 0;
    }
    const { model } = trainGbdt(
      { features, labels, featureNames: Array.from({ length: width }, (_, f) => `x${f}`) },
      { rounds: 20, maxDepth: depth, minSamplesLeaf: 3 },
    );
    const compiled = compileGbdt(model);
    assert.ok(compiled.complete, `depth ${depth}: the complete layout is made`);
    for (let r = 0; r < rows; r++)
      assert.equal(compiledMargin(compiled, features, r * width), predictMargin(model, features, r * width));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.float({ noNaN: false }), fc.constant(Number.NaN), fc.constant(0)), {
          minLength: width,
          maxLength: width,
        }),
        (row) => {
          const values = Float32Array.from(row);
          return compiledMargin(compiled, values, 0) === predictMargin(model, values, 0);
        },
      ),
      { numRuns: 500 },
    );
  }
});

test('the shipped metadata models: compiled margins equal the interpreted walk for rows with NaN anywhere', () => {
  const metadata = shippedMetadataModel();
  for (const field of CHOSEN_FIELDS) {
    const entry = metadata.fields[field];
    const compiled = entry.compiled;
    assert.ok(compiled?.complete, `${field}: compiled with the complete layout`);
    const width = entry.model.featureNames.length;
    // Values around the trees' own thresholds, so that both sides of the splits are taken.
    const thresholds =
      entry.model.kind === 'gbdt' ? entry.model.trees.flatMap((tree) => [...tree.threshold]) : [];
    const value = fc.oneof(
      fc.constant(Number.NaN),
      fc.constantFrom(...thresholds),
      fc.constantFrom(...thresholds).map((t) => t + 1e-3),
      fc.float({ noNaN: false }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: width, maxLength: width }), fc.nat(3), (row, before) => {
        // The row at an offset of a longer array, as a page's rows are.
        const values = new Float32Array(before * width + width);
        values.set(row, before * width);
        return (
          compiledMargin(compiled, values, before * width) ===
          predictMargin(entry.model, values, before * width)
        );
      }),
      { numRuns: 1000 },
    );
  }
});
