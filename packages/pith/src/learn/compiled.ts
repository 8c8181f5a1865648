/**
 * A trained ensemble flattened for fast prediction: every tree's nodes in one set
 * of typed arrays (child links global, leaves as `~leafIndex`), read through a
 * monomorphic Float32Array. Same results as `gbdtMargin`, several times faster
 * in hot loops over many rows (one page's blocks).
 *
 * Shallow ensembles (every tree at most `MAX_COMPLETE_DEPTH` deep: the shipped block
 * model is depth 6) also get a second layout that is about twice as fast again and
 * gives bit-identical margins: each tree padded to a complete binary tree (a leaf above
 * the bottom is repeated under splits whose both sides lead to it), so children are at
 * 2i+1 and 2i+2 and every walk takes the same number of steps; eight trees are walked
 * side by side (independent chains of loads the CPU overlaps); and a split is an integer
 * comparison without a branch: a float32 value x is above a threshold t exactly when
 * x's order-preserving integer key is above the key of the largest float32 ≤ t. A single row
 * holding a NaN in a feature the trees read walks the same layout with each split's learnt
 * missing-value direction (the metadata models' rows all hold one: their "none" row, the
 * `<h1>` columns of a candidate that is not the `<h1>`); the block model's rows of a page
 * (`compiledMargins`) take the node-by-node walk then. Leaves are added to the margin in tree
 * order, as `gbdtMargin` does.
 */
import type { GbdtModel } from './gbdt-model.js';
import { sigmoid } from './numbers.js';

export interface CompiledGbdt {
  readonly featureCount: number;
  readonly baseScore: number;
  /** First node of each tree (`~leaf` for a single-leaf tree). */
  readonly roots: Int32Array;
  readonly feature: Int32Array;
  readonly threshold: Float64Array;
  readonly missingLeft: Uint8Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly leafValue: Float64Array;
  /** The complete-tree layout (see above), when every tree is shallow enough. */
  readonly complete?: CompleteTrees;
}

/** Every tree as a complete binary tree of `depth` levels, nodes in breadth-first order. */
interface CompleteTrees {
  readonly depth: number;
  /** Internal nodes per tree: 2^depth − 1. */
  readonly inner: number;
  /** Per internal node (tree-major): the feature it tests and the key of its float32 threshold. */
  readonly feature: Int32Array;
  readonly key: Int32Array;
  /** Per internal node: 1 where a missing value (NaN) goes right (padding nodes: 0, both sides alike). */
  readonly missingRight: Uint8Array;
  /** Per tree, 2^depth leaf values. */
  readonly leafValue: Float64Array;
  /** The features some split reads, each once: a row's keys are made for these alone. */
  readonly read: Int32Array;
}

/** Deeper ensembles keep the node-by-node walk only (a complete tree has 2^depth leaves). */
const MAX_COMPLETE_DEPTH = 10;

/** Flattens a model's trees. */
export function compileGbdt(model: GbdtModel): CompiledGbdt {
  let nodes = 0;
  let leaves = 0;
  for (const tree of model.trees) {
    nodes += tree.feature.length;
    leaves += tree.leafValue.length;
  }
  const roots = new Int32Array(model.trees.length);
  const feature = new Int32Array(nodes);
  const threshold = new Float64Array(nodes);
  const missingLeft = new Uint8Array(nodes);
  const left = new Int32Array(nodes);
  const right = new Int32Array(nodes);
  const leafValue = new Float64Array(leaves);
  let nodeBase = 0;
  let leafBase = 0;
  const relink = (child: number) => (child >= 0 ? child + nodeBase : ~(~child + leafBase));
  model.trees.forEach((tree, index) => {
    roots[index] = tree.feature.length > 0 ? nodeBase : ~leafBase;
    for (let node = 0; node < tree.feature.length; node++) {
      feature[nodeBase + node] = tree.feature[node];
      threshold[nodeBase + node] = tree.threshold[node];
      missingLeft[nodeBase + node] = tree.missingLeft[node];
      left[nodeBase + node] = relink(tree.left[node]);
      right[nodeBase + node] = relink(tree.right[node]);
    }
    leafValue.set(tree.leafValue, leafBase);
    nodeBase += tree.feature.length;
    leafBase += tree.leafValue.length;
  });
  const complete = completeTrees(model);
  return {
    featureCount: model.featureNames.length,
    baseScore: model.baseScore,
    roots,
    feature,
    threshold,
    missingLeft,
    left,
    right,
    leafValue,
    ...(complete ? { complete } : {}),
  };
}

const FLOAT = new Float32Array(1);
const FLOAT_BITS = new Int32Array(FLOAT.buffer);
const SIGN_BIT = 0x80000000 | 0;

/**
 * An int32 that orders float32 bit patterns as the floats are ordered (NaN aside):
 * negative floats have their magnitude bits flipped. −0 is read as +0 (they are equal).
 */
function orderKey(bits: number): number {
  const b = bits === SIGN_BIT ? 0 : bits;
  return b ^ ((b >> 31) & 0x7fffffff);
}

/** The key of the largest float32 ≤ t: a float32 x is > t exactly when its key is above this. */
function thresholdKey(t: number): number {
  let below = Math.fround(t);
  if (below > t) {
    FLOAT[0] = below;
    if (below === 0)
      FLOAT[0] = -1.401298464324817e-45; // the largest float32 below zero
    else FLOAT_BITS[0] += below > 0 ? -1 : 1;
    below = FLOAT[0];
  }
  FLOAT[0] = below;
  return orderKey(FLOAT_BITS[0]);
}

function treeDepth(tree: GbdtModel['trees'][number], node: number): number {
  return node < 0 ? 0 : 1 + Math.max(treeDepth(tree, tree.left[node]), treeDepth(tree, tree.right[node]));
}

function completeTrees(model: GbdtModel): CompleteTrees | undefined {
  let depth = 0;
  for (const tree of model.trees) {
    if (tree.feature.length === 0) continue;
    for (let node = 0; node < tree.threshold.length; node++) if (Number.isNaN(tree.threshold[node])) return;
    depth = Math.max(depth, treeDepth(tree, 0));
    if (depth > MAX_COMPLETE_DEPTH) return undefined;
  }
  const inner = (1 << depth) - 1;
  const trees = model.trees.length;
  const feature = new Int32Array(trees * inner);
  const key = new Int32Array(trees * inner);
  const missingRight = new Uint8Array(trees * inner);
  const leafValue = new Float64Array(trees * (inner + 1));
  const read = new Set<number>();
  model.trees.forEach((tree, index) => {
    const fill = (node: number, slot: number, level: number): void => {
      if (level === depth) {
        leafValue[index * (inner + 1) + slot - inner] = tree.leafValue[~node];
        return;
      }
      // A leaf above the bottom: a split on feature 0 whose both sides reach the same leaf.
      feature[index * inner + slot] = node < 0 ? 0 : tree.feature[node];
      key[index * inner + slot] = node < 0 ? 0 : thresholdKey(tree.threshold[node]);
      missingRight[index * inner + slot] = node < 0 || tree.missingLeft[node] ? 0 : 1;
      if (node >= 0) read.add(tree.feature[node]);
      fill(node < 0 ? node : tree.left[node], 2 * slot + 1, level + 1);
      fill(node < 0 ? node : tree.right[node], 2 * slot + 2, level + 1);
    };
    fill(tree.feature.length > 0 ? 0 : -1, 0, 0);
  });
  // A padding node reads feature 0, whichever side it takes: its key need not be made.
  const readList = Int32Array.from(read).sort();
  return { depth, inner, feature, key, missingRight, leafValue, read: readList };
}

/** The order keys of one row, in an array reused between calls. */
let rowKeys = new Int32Array(256);

/**
 * The key a NaN is given in a row's keys: below every float32's (−∞'s is −2,139,095,041), so a
 * comparison reads it as "not above" (left), and the missing-value walk knows it.
 */
const MISSING_KEY = -0x80000000;

/**
 * The order keys of the features `read` of the row at `offset` (the others are left as they were:
 * no split reads them), NaN as MISSING_KEY; whether one was NaN.
 */
function readKeys(features: Float32Array, offset: number, read: Int32Array, keys: Int32Array): boolean {
  let missing = false;
  for (let at = 0; at < read.length; at++) {
    const index = read[at];
    // The bits through a one-element array: a view of `features` kept here would keep a
    // page's whole feature matrix alive after the page.
    FLOAT[0] = features[offset + index];
    const bits = FLOAT_BITS[0];
    if ((bits & 0x7fffffff) > 0x7f800000) {
      keys[index] = MISSING_KEY;
      missing = true;
    } else keys[index] = orderKey(bits);
  }
  return missing;
}

/** 1 when key x > key k, else 0, without a branch: the sign of k − x, overflow-safe. */
function above(k: number, x: number): number {
  const difference = (k - x) | 0;
  return (difference ^ ((k ^ x) & (difference ^ k))) >>> 31;
}

function completeMargin(model: CompiledGbdt, trees: CompleteTrees, keys: Int32Array): number {
  const { depth, inner, feature, key, leafValue } = trees;
  const count = model.roots.length;
  const leaves = inner + 1;
  let margin = model.baseScore;
  let tree = 0;
  for (; tree + 8 <= count; tree += 8) {
    const b0 = tree * inner;
    const b1 = b0 + inner;
    const b2 = b1 + inner;
    const b3 = b2 + inner;
    const b4 = b3 + inner;
    const b5 = b4 + inner;
    const b6 = b5 + inner;
    const b7 = b6 + inner;
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    let n3 = 0;
    let n4 = 0;
    let n5 = 0;
    let n6 = 0;
    let n7 = 0;
    for (let level = 0; level < depth; level++) {
      n0 = 2 * n0 + 1 + above(key[b0 + n0], keys[feature[b0 + n0]]);
      n1 = 2 * n1 + 1 + above(key[b1 + n1], keys[feature[b1 + n1]]);
      n2 = 2 * n2 + 1 + above(key[b2 + n2], keys[feature[b2 + n2]]);
      n3 = 2 * n3 + 1 + above(key[b3 + n3], keys[feature[b3 + n3]]);
      n4 = 2 * n4 + 1 + above(key[b4 + n4], keys[feature[b4 + n4]]);
      n5 = 2 * n5 + 1 + above(key[b5 + n5], keys[feature[b5 + n5]]);
      n6 = 2 * n6 + 1 + above(key[b6 + n6], keys[feature[b6 + n6]]);
      n7 = 2 * n7 + 1 + above(key[b7 + n7], keys[feature[b7 + n7]]);
    }
    margin += leafValue[tree * leaves + n0 - inner];
    margin += leafValue[(tree + 1) * leaves + n1 - inner];
    margin += leafValue[(tree + 2) * leaves + n2 - inner];
    margin += leafValue[(tree + 3) * leaves + n3 - inner];
    margin += leafValue[(tree + 4) * leaves + n4 - inner];
    margin += leafValue[(tree + 5) * leaves + n5 - inner];
    margin += leafValue[(tree + 6) * leaves + n6 - inner];
    margin += leafValue[(tree + 7) * leaves + n7 - inner];
  }
  for (; tree < count; tree++) {
    const base = tree * inner;
    let node = 0;
    for (let level = 0; level < depth; level++)
      node = 2 * node + 1 + above(key[base + node], keys[feature[base + node]]);
    margin += leafValue[tree * leaves + node - inner];
  }
  return margin;
}

/**
 * `completeMargin` for a row holding a NaN (MISSING_KEY among `keys`): such a value takes its
 * split's learnt side, as `walkMargin` sends it; the others compare as there.
 */
function completeMarginMissing(model: CompiledGbdt, trees: CompleteTrees, keys: Int32Array): number {
  const { depth, inner, feature, key, missingRight, leafValue } = trees;
  const count = model.roots.length;
  const leaves = inner + 1;
  /** The side a split sends a key to (1: right). */
  const side = (at: number): number => {
    const x = keys[feature[at]];
    return x === MISSING_KEY ? missingRight[at] : above(key[at], x);
  };
  let margin = model.baseScore;
  let tree = 0;
  // Four trees side by side (independent chains of loads), as completeMargin walks eight.
  for (; tree + 4 <= count; tree += 4) {
    const b0 = tree * inner;
    const b1 = b0 + inner;
    const b2 = b1 + inner;
    const b3 = b2 + inner;
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    let n3 = 0;
    for (let level = 0; level < depth; level++) {
      n0 = 2 * n0 + 1 + side(b0 + n0);
      n1 = 2 * n1 + 1 + side(b1 + n1);
      n2 = 2 * n2 + 1 + side(b2 + n2);
      n3 = 2 * n3 + 1 + side(b3 + n3);
    }
    margin += leafValue[tree * leaves + n0 - inner];
    margin += leafValue[(tree + 1) * leaves + n1 - inner];
    margin += leafValue[(tree + 2) * leaves + n2 - inner];
    margin += leafValue[(tree + 3) * leaves + n3 - inner];
  }
  for (; tree < count; tree++) {
    const base = tree * inner;
    let node = 0;
    for (let level = 0; level < depth; level++) node = 2 * node + 1 + side(base + node);
    margin += leafValue[tree * leaves + node - inner];
  }
  return margin;
}

/**
 * `completeMargin` for trees six levels deep (the shipped block model's), as a function made once
 * per model over its arrays: four trees at a time, the six levels written out (no level counter;
 * eight trees at a time so written ran out of registers, 0.6×). While one such function exists in
 * the process V8 compiles it for its arrays (their bases and lengths constants, not values held in
 * registers): 0.65–0.7× the time of `completeMargin` on the block rows of the speed mix; with two
 * (two block models in one process) it reads them as the loop does, at about its speed. Made for
 * the block model's rows only (`compiledMargins`), so that the page-type and metadata models'
 * single rows do not make more. Leaves are added in tree order, as there.
 */
function sixLevelWalk(model: CompiledGbdt, trees: CompleteTrees): (keys: Int32Array) => number {
  const { inner, feature, key, leafValue } = trees;
  const count = model.roots.length;
  const baseScore = model.baseScore;
  const leaves = inner + 1;
  return (keys) => {
    let margin = baseScore;
    let tree = 0;
    for (; tree + 4 <= count; tree += 4) {
      const b0 = tree * inner;
      const b1 = b0 + inner;
      const b2 = b1 + inner;
      const b3 = b2 + inner;
      let n0 = 1 + above(key[b0], keys[feature[b0]]);
      let n1 = 1 + above(key[b1], keys[feature[b1]]);
      let n2 = 1 + above(key[b2], keys[feature[b2]]);
      let n3 = 1 + above(key[b3], keys[feature[b3]]);
      n0 = 2 * n0 + 1 + above(key[b0 + n0], keys[feature[b0 + n0]]);
      n1 = 2 * n1 + 1 + above(key[b1 + n1], keys[feature[b1 + n1]]);
      n2 = 2 * n2 + 1 + above(key[b2 + n2], keys[feature[b2 + n2]]);
      n3 = 2 * n3 + 1 + above(key[b3 + n3], keys[feature[b3 + n3]]);
      n0 = 2 * n0 + 1 + above(key[b0 + n0], keys[feature[b0 + n0]]);
      n1 = 2 * n1 + 1 + above(key[b1 + n1], keys[feature[b1 + n1]]);
      n2 = 2 * n2 + 1 + above(key[b2 + n2], keys[feature[b2 + n2]]);
      n3 = 2 * n3 + 1 + above(key[b3 + n3], keys[feature[b3 + n3]]);
      n0 = 2 * n0 + 1 + above(key[b0 + n0], keys[feature[b0 + n0]]);
      n1 = 2 * n1 + 1 + above(key[b1 + n1], keys[feature[b1 + n1]]);
      n2 = 2 * n2 + 1 + above(key[b2 + n2], keys[feature[b2 + n2]]);
      n3 = 2 * n3 + 1 + above(key[b3 + n3], keys[feature[b3 + n3]]);
      n0 = 2 * n0 + 1 + above(key[b0 + n0], keys[feature[b0 + n0]]);
      n1 = 2 * n1 + 1 + above(key[b1 + n1], keys[feature[b1 + n1]]);
      n2 = 2 * n2 + 1 + above(key[b2 + n2], keys[feature[b2 + n2]]);
      n3 = 2 * n3 + 1 + above(key[b3 + n3], keys[feature[b3 + n3]]);
      n0 = 2 * n0 + 1 + above(key[b0 + n0], keys[feature[b0 + n0]]);
      n1 = 2 * n1 + 1 + above(key[b1 + n1], keys[feature[b1 + n1]]);
      n2 = 2 * n2 + 1 + above(key[b2 + n2], keys[feature[b2 + n2]]);
      n3 = 2 * n3 + 1 + above(key[b3 + n3], keys[feature[b3 + n3]]);
      margin += leafValue[tree * leaves + n0 - inner];
      margin += leafValue[(tree + 1) * leaves + n1 - inner];
      margin += leafValue[(tree + 2) * leaves + n2 - inner];
      margin += leafValue[(tree + 3) * leaves + n3 - inner];
    }
    for (; tree < count; tree++) {
      const base = tree * inner;
      let node = 0;
      for (let level = 0; level < 6; level++)
        node = 2 * node + 1 + above(key[base + node], keys[feature[base + node]]);
      margin += leafValue[tree * leaves + node - inner];
    }
    return margin;
  };
}

/** Each six-level model's walk (`sixLevelWalk`), made on its first rows. */
const SIX_LEVEL_WALKS = new WeakMap<CompleteTrees, (keys: Int32Array) => number>();

/** Log-odds of the row at `features[offset …]`; NaN takes each split's learnt default direction. */
export function compiledMargin(model: CompiledGbdt, features: Float32Array, offset: number): number {
  const trees = model.complete;
  if (trees && offset + model.featureCount <= features.length) {
    if (rowKeys.length < model.featureCount) rowKeys = new Int32Array(model.featureCount);
    const keys = rowKeys;
    return readKeys(features, offset, trees.read, keys)
      ? completeMarginMissing(model, trees, keys)
      : completeMargin(model, trees, keys);
  }
  return walkMargin(model, features, offset);
}

/** The node-by-node walk (any depth, NaN to each split's learnt side). */
function walkMargin(model: CompiledGbdt, features: Float32Array, offset: number): number {
  const { roots, feature, threshold, missingLeft, left, right, leafValue } = model;
  let margin = model.baseScore;
  for (let tree = 0; tree < roots.length; tree++) {
    let node = roots[tree];
    while (node >= 0) {
      const x = features[offset + feature[node]];
      const t = threshold[node];
      node = x <= t ? left[node] : x > t ? right[node] : missingLeft[node] ? left[node] : right[node];
    }
    margin += leafValue[~node];
  }
  return margin;
}

/**
 * `compiledMargin` of the rows `from … to`, `width` values apart (`features[row * width …]`), into
 * `out[row]`, bit for bit. The rows' order keys are read through one Int32Array view of the
 * matrix made for the call (not kept), rather than value by value through a one-element array:
 * 0.72 of the keys' time over the block model's rows. Each row is then walked as `compiledMargin`
 * walks it (walking each tree over a chunk of rows, the trees read once a chunk, was 1.02× slower).
 */
export function compiledMargins(
  model: CompiledGbdt,
  features: Float32Array,
  width: number,
  from: number,
  to: number,
  out: Float64Array,
): void {
  const trees = model.complete;
  const count = model.featureCount;
  if (!trees || width < count || (to - 1) * width + count > features.length) {
    for (let row = from; row < to; row++) out[row] = compiledMargin(model, features, row * width);
    return;
  }
  let walk = SIX_LEVEL_WALKS.get(trees);
  if (walk === undefined && trees.depth === 6) {
    walk = sixLevelWalk(model, trees);
    SIX_LEVEL_WALKS.set(trees, walk);
  }
  if (rowKeys.length < count) rowKeys = new Int32Array(count);
  const keys = rowKeys;
  const bits = new Int32Array(features.buffer, features.byteOffset, features.length);
  rows: for (let row = from; row < to; row++) {
    const offset = row * width;
    for (let index = 0; index < count; index++) {
      const value = bits[offset + index];
      if ((value & 0x7fffffff) > 0x7f800000) {
        // A NaN: each split's learnt direction.
        out[row] = walkMargin(model, features, offset);
        continue rows;
      }
      keys[index] = orderKey(value);
    }
    out[row] = walk === undefined ? completeMargin(model, trees, keys) : walk(keys);
  }
}

/** Probability of the positive class for the row at `features[offset …]`. */
export function compiledProbability(model: CompiledGbdt, features: Float32Array, offset: number): number {
  return sigmoid(compiledMargin(model, features, offset));
}
