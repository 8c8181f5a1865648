import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { loadBlockModel, pageRows } from '../../packages/pith/src/extractors/pith/index.js';
import type { GbdtModel, GbdtTree } from '../../packages/pith/src/learn/gbdt-model.js';
import {
  compiledMargin,
  compiledMargins,
  compileGbdt,
  predictMargin,
} from '../../packages/pith/src/learn/index.js';

/**
 * Thresholds where a float32 comparison is easy to get wrong: not representable in float32,
 * between float32 neighbours, signed zeros, beyond the float32 range, subnormal, infinite.
 */
const THRESHOLDS = [
  0.1,
  -0.1,
  0.5,
  0,
  -0,
  1e-50,
  -1e-50,
  1.401298464324817e-45,
  -1.401298464324817e-45,
  3.4028234663852886e38,
  1e39,
  -1e39,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1 + 2 ** -30,
  16777217,
];

/** A tree of the given shape over `width` features: a full tree of `depth`, with early leaves. */
function tree(depth: number, width: number, seed: number): GbdtTree {
  const feature: number[] = [];
  const threshold: number[] = [];
  const missingLeft: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const leafValue: number[] = [];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  const build = (level: number): number => {
    if (level === depth || (level > 0 && next() % 5 === 0)) {
      leafValue.push((next() % 2000) / 1000 - 1);
      return ~(leafValue.length - 1);
    }
    const node = feature.length;
    feature.push(next() % width);
    threshold.push(THRESHOLDS[next() % THRESHOLDS.length]);
    missingLeft.push(next() % 2);
    left.push(0);
    right.push(0);
    left[node] = build(level + 1);
    right[node] = build(level + 1);
    return node;
  };
  build(0);
  return {
    feature: Int32Array.from(feature),
    threshold: Float64Array.from(threshold),
    missingLeft: Uint8Array.from(missingLeft),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    gain: new Float64Array(feature.length),
    leafValue: Float64Array.from(leafValue),
  };
}

function model(depths: number[], width: number): GbdtModel {
  return {
    kind: 'gbdt',
    featureNames: Array.from({ length: width }, (_, index) => `f${index}`),
    baseScore: -0.25,
    binEdges: null,
    trees: depths.map((depth, index) => tree(depth, width, index + 1)),
    params: {} as GbdtModel['params'],
  };
}

const special = fc.constantFrom(
  ...THRESHOLDS,
  Number.NaN,
  Math.fround(0.1),
  Math.fround(-0.1),
  Math.fround(1 + 2 ** -23),
  3.4028234663852886e38,
);
const value = fc.oneof(fc.float(), special);

test('the complete-tree predictor gives the margins of the tree walk, bit for bit', () => {
  const width = 4;
  // 11 trees (eight walked side by side, then three one by one), depths 0 to 6, a single-leaf tree too.
  const ensemble = model([3, 0, 5, 1, 2, 4, 3, 6, 2, 1, 4], width);
  const compiled = compileGbdt(ensemble);
  assert.ok(compiled.complete, 'a shallow ensemble gets the complete-tree layout');
  fc.assert(
    fc.property(fc.array(value, { minLength: width, maxLength: width }), (row) => {
      const values = Float32Array.from(row);
      return Object.is(compiledMargin(compiled, values, 0), predictMargin(ensemble, values, 0));
    }),
    { numRuns: 3000 },
  );
});

test('every row of a matrix is read at its offset', () => {
  const width = 3;
  const ensemble = model([2, 3, 2, 1, 3, 2, 2, 3, 1], width);
  const compiled = compileGbdt(ensemble);
  const values = Float32Array.from([0.1, -0, 1e39, 0.5, Number.NaN, -0.1, 16777216, 1e-45, 0]);
  for (let offset = 0; offset + width <= values.length; offset++) {
    assert.ok(
      Object.is(compiledMargin(compiled, values, offset), predictMargin(ensemble, values, offset)),
      `offset ${offset}`,
    );
  }
});

test('deep ensembles keep the node-by-node walk', () => {
  const ensemble = model([12, 2], 3);
  assert.equal(compileGbdt(ensemble).complete, undefined);
});

test('a matrix scored rows at a time gives every row the margin of compiledMargin, bit for bit', () => {
  // 11 trees over 4 features, rows of 6 values (the matrix is wider than the model reads).
  const width = 6;
  const ensemble = model([3, 0, 5, 1, 2, 4, 3, 6, 2, 1, 4], 4);
  // NaN to the left at every third split (the generator's parity sends it right everywhere).
  for (const one of ensemble.trees)
    for (let node = 0; node < one.missingLeft.length; node++) one.missingLeft[node] = node % 3 === 0 ? 1 : 0;
  const compiled = compileGbdt(ensemble);
  fc.assert(
    fc.property(
      fc.array(fc.array(value, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 12 }),
      fc.nat(3),
      (rows, lead) => {
        // The rows start `lead` floats into their buffer (a view, as the lent block matrix is).
        const buffer = new Float32Array(lead + rows.length * width + 2);
        const values = buffer.subarray(lead, lead + rows.length * width);
        values.set(rows.flat());
        const from = Math.floor(rows.length / 3);
        const out = new Float64Array(rows.length).fill(7);
        compiledMargins(compiled, values, width, from, rows.length, out);
        for (let row = 0; row < rows.length; row++) {
          const expected = row < from ? 7 : compiledMargin(compiled, values, row * width);
          if (!Object.is(out[row], expected)) return false;
        }
        return true;
      },
    ),
    { numRuns: 1500 },
  );
});

test('the block model scores a page at a time as it scores a block at a time', () => {
  // Blocks of a news page cut from L3S-GN1: headline, byline, paragraphs, a menu, a footer.
  const html = `<html><head><title>Floods close roads</title></head><body>
    <nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav>
    <article><h1>Floods close roads across the county</h1><p class="byline">By Jane Smith, 12 March 2009</p>
    <p>Heavy rain overnight left several roads under water, and police advised drivers to avoid the valley route until the river falls.</p>
    <p>The council said pumps had been sent to the worst-hit villages, where residents, shopkeepers and farmers spent the morning clearing mud.</p>
    <p>Forecasters expect more rain on Thursday.</p></article>
    <footer><p>© 2009 County Press. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`;
  const doc = parseHtml(html);
  const rows = pageRows(doc, {}, {});
  const block = loadBlockModel('');
  const { values, width } = rows.features;
  const out = new Float64Array(rows.blocks.count);
  block.predictRows(values, width, 0, rows.blocks.count, out);
  assert.ok(rows.blocks.count >= 6);
  for (let row = 0; row < rows.blocks.count; row++)
    assert.ok(Object.is(out[row], block.predict(values, row * width)), `block ${row}`);
});

test('depth-6 ensembles (the block model’s shape) scored rows at a time give the tree walk’s margins, bit for bit', () => {
  // 19 trees of depth 6 over 12 features: two groups of eight walked side by side, then three
  // one by one, each tree reading its own splits (a split of one tree read at another's offset,
  // or a leaf of the wrong tree, changes some margin).
  const width = 12;
  const ensemble = model(
    Array.from({ length: 19 }, () => 6),
    width,
  );
  for (const one of ensemble.trees)
    for (let node = 0; node < one.missingLeft.length; node++) one.missingLeft[node] = node % 3 === 0 ? 1 : 0;
  const compiled = compileGbdt(ensemble);
  assert.equal(compiled.complete?.depth, 6);
  fc.assert(
    fc.property(
      fc.array(fc.array(value, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }),
      (rows) => {
        const values = Float32Array.from(rows.flat());
        const out = new Float64Array(rows.length);
        compiledMargins(compiled, values, width, 0, rows.length, out);
        return rows.every((_, row) => Object.is(out[row], predictMargin(ensemble, values, row * width)));
      },
    ),
    { numRuns: 1500 },
  );
});
