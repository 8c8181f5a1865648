import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  accuracy,
  auc,
  featureImportance,
  predictProbabilities,
  predictProbability,
  serializeModel,
  sigmoid,
  trainGbdt,
} from '../../packages/pith/src/learn/index.js';
import { assertClose, randomRows, table, UNCONSTRAINED } from './helpers.js';

describe('trainGbdt: one split by hand', () => {
  it('balanced labels: base score 0, best threshold 2.5, gain G²/(H+λ) sums, leaves −G/(H+λ)', () => {
    // x = 1,2,3,4, y = 0,0,1,1. Base score logit(0.5) = 0, so p = 0.5 for every row:
    // g = p − y = (.5, .5, −.5, −.5), h = p(1 − p) = .25. λ = 1, parent G = 0, H = 1.
    // Edges are midpoints 1.5, 2.5, 3.5. Gain = G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ):
    //   x ≤ 1.5: .5²/1.25 + .5²/1.75 = .2 + .142857 = .342857
    //   x ≤ 2.5: 1²/1.5 + 1²/1.5 = 1.333333  ← best
    //   x ≤ 3.5: .342857 (mirror of 1.5)
    // Leaves: −G/(H+λ) = −1/1.5 = −.666667 (left), +.666667 (right), learning rate 1.
    const { model } = trainGbdt(table([[1], [2], [3], [4]], [0, 0, 1, 1]), {
      rounds: 1,
      maxDepth: 1,
      learningRate: 1,
      lambda: 1,
      ...UNCONSTRAINED,
    });
    assert.equal(model.baseScore, 0);
    const [tree] = model.trees;
    assert.deepEqual(Array.from(tree.threshold), [2.5]);
    assert.deepEqual(Array.from(tree.gain), [1.33333]);
    assert.deepEqual(Array.from(tree.leafValue), [-0.666667, 0.666667]);
    assert.deepEqual([tree.left[0], tree.right[0]], [-1, -2]);
    assertClose(predictProbability(model, [1]), sigmoid(-0.666667));
    assertClose(predictProbability(model, [4]), sigmoid(0.666667));
  });

  it('one boosting round from a non-zero base score, with shrinkage', () => {
    // y = 0,1,1,1: weighted mean .75, base score ln(.75/.25) = ln 3, p = .75 everywhere:
    // g = (.75, −.25, −.25, −.25), h = .75·.25 = .1875; parent G = 0, H = .75, λ = 1.
    //   x ≤ 1.5: .75²/1.1875 + .75²/1.5625 = .473684 + .36 = .833684  ← best
    //   x ≤ 2.5: .5²/1.375 · 2 = .363636
    //   x ≤ 3.5: .25²/1.5625 + .25²/1.1875 = .04 + .052632 = .092632
    // Leaves: −.75/1.1875 = −.631579 and .75/1.5625 = .48, times learning rate .5.
    const { model } = trainGbdt(table([[1], [2], [3], [4]], [0, 1, 1, 1]), {
      rounds: 1,
      maxDepth: 1,
      learningRate: 0.5,
      ...UNCONSTRAINED,
    });
    assertClose(model.baseScore, Math.log(3), 1e-15);
    const [tree] = model.trees;
    assert.deepEqual(Array.from(tree.threshold), [1.5]);
    assert.deepEqual(Array.from(tree.gain), [0.833684]);
    assert.deepEqual(Array.from(tree.leafValue), [-0.315789, 0.24]);
    assertClose(predictProbability(model, [1]), sigmoid(Math.log(3) - 0.315789));
    assertClose(predictProbability(model, [3]), sigmoid(Math.log(3) + 0.24));
  });

  it('minSamplesLeaf and minChildWeight rule out the 1-row split of the case above', () => {
    // x ≤ 1.5 leaves 1 row (hessian .1875) on the left; the next best is x ≤ 2.5 (gain .363636).
    const data = table([[1], [2], [3], [4]], [0, 1, 1, 1]);
    const base = { rounds: 1, maxDepth: 1, ...UNCONSTRAINED };
    for (const limit of [{ minSamplesLeaf: 2 }, { minChildWeight: 0.2 }]) {
      const [tree] = trainGbdt(data, { ...base, ...limit }).model.trees;
      assert.deepEqual(Array.from(tree.threshold), [2.5]);
      assert.deepEqual(Array.from(tree.gain), [0.363636]);
    }
  });

  it('a node where no split gains stays a leaf: constant labels give a tree without splits', () => {
    const { model } = trainGbdt(table([[1], [2], [3], [4]], [1, 1, 1, 1]), { rounds: 2, ...UNCONSTRAINED });
    for (const tree of model.trees) {
      assert.equal(tree.feature.length, 0);
      assert.equal(tree.leafValue.length, 1);
    }
    assert.ok(predictProbability(model, [2]) > 0.99);
  });
});

describe('trainGbdt: a ranking within groups, one split by hand', () => {
  // One group of three rows, x = 1, 2, 3, labels 0, 1, 1; every margin starts at the base score,
  // so the group's rows are alike to start with. λ = 1, depth 1, learning rate 1.
  const data = table([[1], [2], [3]], [0, 1, 1]);
  const oneSplit = { rounds: 1, maxDepth: 1, learningRate: 1, lambda: 1, ...UNCONSTRAINED };

  it('softmax: p = 1/3 each, the two positives share the target: g = (1/3, −1/6, −1/6), h = 2/9', () => {
    // x ≤ 1.5: (1/3)²/(2/9 + 1) + (1/3)²/(4/9 + 1) = 1/11 + 1/13 = 0.167832, better than x ≤ 2.5
    // (0.041958). Leaves −G/(H + λ): −(1/3)/(11/9) = −3/11, (1/3)/(13/9) = 3/13.
    const { model } = trainGbdt(data, oneSplit, { groups: [0] });
    const [tree] = model.trees;
    assert.deepEqual(Array.from(tree.threshold), [1.5]);
    assertClose(tree.gain[0], 0.167832, 1e-5);
    assertClose(tree.leafValue[0], -3 / 11, 1e-5);
    assertClose(tree.leafValue[1], 3 / 13, 1e-5);
  });

  it('pairs: each positive against the negative, ρ = 1/2, weighed 1/2 (two positives)', () => {
    // g = (+1/2, −1/4, −1/4), h = (1/4, 1/8, 1/8): x ≤ 1.5 gains .5²/1.25 + .5²/1.25 = 0.4,
    // leaves ∓0.5/1.25 = ∓0.4.
    const { model } = trainGbdt(data, oneSplit, { groups: [0], ranking: 'pairs' });
    const [tree] = model.trees;
    assert.deepEqual(Array.from(tree.threshold), [1.5]);
    assertClose(tree.gain[0], 0.4, 1e-5);
    assertClose(tree.leafValue[0], -0.4, 1e-5);
    assertClose(tree.leafValue[1], 0.4, 1e-5);
  });

  it('a group with no positive row teaches nothing', () => {
    // Two groups of the same rows: the second has no positive, so its rows get no gradient and
    // the tree's gradient sums are the first group's alone (the hessians' floor aside).
    const twice = table([[1], [2], [3], [1], [2], [3]], [0, 1, 1, 0, 0, 0]);
    const { model } = trainGbdt(twice, oneSplit, { groups: [0, 3] });
    const [tree] = model.trees;
    assert.deepEqual(Array.from(tree.threshold), [1.5]);
    assertClose(tree.leafValue[0], -(1 / 3) / (2 / 9 + 1), 1e-5);
  });

  it('refuses groups that do not start at 0 or do not ascend', () => {
    assert.throws(() => trainGbdt(data, oneSplit, { groups: [1] }), /groups: start 0 is 1/);
    assert.throws(() => trainGbdt(data, oneSplit, { groups: [0, 2, 2] }), /groups: start 2 is 2/);
  });
});

describe('trainGbdt: structure', () => {
  // XOR with unequal cell counts (so the first split has some gain): 00→0 ×40, 01→1 ×30,
  // 10→1 ×20, 11→0 ×10. A sum of single-feature functions cannot order the cells this way.
  const cells = [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ];
  const cellLabels = [0, 1, 1, 0];
  const counts = [40, 30, 20, 10];
  const rows = cells.flatMap((cell, i) => Array.from({ length: counts[i] }, () => cell));
  const labels = cellLabels.flatMap((y, i) => Array.from({ length: counts[i] }, () => y));
  const xor = table(rows, labels);

  it('the first XOR tree by hand (the larger child’s histogram comes from the subtraction)', () => {
    // Base score logit(50/100) = 0, so g = .5 − y, h = .25. Per cell (G, H): 00 (20, 10), 01 (−15, 7.5),
    // 10 (−10, 5), 11 (5, 2.5); root G = 0, H = 25, λ = 1.
    //   root on x1: 5²/18.5 + 5²/8.5 = 4.292528;  on x2: 10²/16 + 10²/11 = 15.340909  ← best
    //   x2 = 0 (cells 00, 10; 60 rows, the larger: parent − sibling): 20²/11 + 10²/6 − 10²/16 = 46.780303
    //   x2 = 1 (cells 01, 11; 40 rows, built from its rows): 15²/8.5 + 5²/3.5 − 10²/11 = 24.522536
    // Leaves −G/(H+λ)·.5: 00 −.909091, 10 .833333, 01 .882353, 11 −.714286 (pre-order).
    const [tree] = trainGbdt(xor, { rounds: 1, maxDepth: 2, learningRate: 0.5, ...UNCONSTRAINED }).model
      .trees;
    assert.deepEqual(Array.from(tree.feature), [1, 0, 0]);
    assert.deepEqual(Array.from(tree.threshold), [0.5, 0.5, 0.5]);
    assert.deepEqual(Array.from(tree.gain), [15.3409, 46.7803, 24.5225]);
    assert.deepEqual(
      [Array.from(tree.left), Array.from(tree.right)],
      [
        [1, -1, -3],
        [2, -2, -4],
      ],
    );
    assert.deepEqual(Array.from(tree.leafValue), [-0.909091, 0.833333, 0.882353, -0.714286]);
  });

  it('XOR needs depth 2', () => {
    const params = { rounds: 30, learningRate: 0.5, ...UNCONSTRAINED };
    const deep = trainGbdt(xor, { ...params, maxDepth: 2 }).model;
    const stumps = trainGbdt(xor, { ...params, maxDepth: 1 }).model;
    const cellsMatrix = Float32Array.from(cells.flat());
    const deepCells = predictProbabilities(deep, cellsMatrix);
    assert.equal(accuracy(cellLabels, deepCells), 1);
    assert.ok(deepCells.every((p, i) => Math.abs(p - cellLabels[i]) < 0.1));
    assert.ok(accuracy(cellLabels, predictProbabilities(stumps, cellsMatrix)) < 1);
    assert.equal(auc(labels, predictProbabilities(deep, xor.features)), 1);
  });

  it('maxLeaves bounds the leaves; without it growth is level-wise up to maxDepth', () => {
    const random = randomRows(400, 3, 7);
    const data = table(random.rows, random.labels);
    const params = { rounds: 3, maxDepth: 3, ...UNCONSTRAINED };
    const capped = trainGbdt(data, { ...params, maxLeaves: 3 }).model;
    assert.ok(capped.trees.every((t) => t.leafValue.length <= 3));
    // Best-first growth with room for 2^depth leaves splits every node a level-wise grower would.
    const open = trainGbdt(data, { ...params, maxLeaves: 0 }).model;
    const roomy = trainGbdt(data, { ...params, maxLeaves: 8 }).model;
    assert.deepEqual(open.trees, roomy.trees);
    assert.ok(open.trees.every((t) => t.leafValue.length <= 8));
  });

  it('featureImportance sums gains and counts splits per feature', () => {
    const { model } = trainGbdt(
      table(
        [
          [1, 5],
          [2, 5],
          [3, 5],
          [4, 5],
        ],
        [0, 0, 1, 1],
      ),
      {
        rounds: 1,
        maxDepth: 1,
        learningRate: 1,
        ...UNCONSTRAINED,
      },
    );
    assert.deepEqual(featureImportance(model), [
      { feature: 'x0', index: 0, gain: 1.33333, splits: 1 },
      { feature: 'x1', index: 1, gain: 0, splits: 0 },
    ]);
  });
});

describe('trainGbdt: missing values', () => {
  // x = 1,2 → 0; x = 3,4 → 1; the NaN rows carry the label given: the split x ≤ 2.5 is the same,
  // and NaN must learn to follow the rows whose label it shares.
  for (const [nanLabel, missingLeft] of [
    [1, 0],
    [0, 1],
  ]) {
    it(`NaN rows labelled ${nanLabel} go ${missingLeft ? 'left' : 'right'}`, () => {
      const rows = [[1], [2], [3], [4], [Number.NaN], [Number.NaN]];
      const { model } = trainGbdt(table(rows, [0, 0, 1, 1, nanLabel, nanLabel]), {
        rounds: 5,
        maxDepth: 1,
        learningRate: 1,
        ...UNCONSTRAINED,
      });
      assert.equal(model.trees[0].threshold[0], 2.5);
      assert.equal(model.trees[0].missingLeft[0], missingLeft);
      const p = predictProbability(model, [Number.NaN]);
      assert.ok(nanLabel === 1 ? p > 0.8 : p < 0.2, `p(NaN) = ${p}`);
    });
  }

  it('without NaN in training, NaN follows the child with the larger hessian sum', () => {
    // 3 rows left of the split (x ≤ 3.5, labels 0) and 1 right: the left side has more weight.
    const { model } = trainGbdt(table([[1], [2], [3], [4]], [0, 0, 0, 1]), {
      rounds: 1,
      maxDepth: 1,
      ...UNCONSTRAINED,
    });
    assert.equal(model.trees[0].threshold[0], 3.5);
    assert.equal(model.trees[0].missingLeft[0], 1);
    assert.equal(predictProbability(model, [Number.NaN]), predictProbability(model, [1]));
  });
});

describe('trainGbdt: weights and determinism', () => {
  it('weight 2 gives the same model as a duplicated row', () => {
    const rows = [
      [1, 0.5],
      [2, 0.1],
      [3, 0.9],
      [4, 0.3],
      [5, 0.7],
      [6, 0.2],
    ];
    const labels = [0, 1, 0, 1, 1, 0];
    const weighted = table(rows, labels, [1, 2, 1, 1, 2, 1]);
    const duplicated = table([...rows, rows[1], rows[4]], [...labels, labels[1], labels[4]]);
    const params = { rounds: 4, maxDepth: 2, learningRate: 0.3, ...UNCONSTRAINED };
    const a = trainGbdt(weighted, params).model;
    const b = trainGbdt(duplicated, params).model;
    assertClose(a.baseScore, b.baseScore, 1e-15);
    assert.equal(a.trees.length, b.trees.length);
    a.trees.forEach((tree, t) => {
      const other = b.trees[t];
      assert.deepEqual(
        [tree.feature, tree.threshold, tree.left, tree.right],
        [other.feature, other.threshold, other.left, other.right],
      );
      // Sums in another order may differ in the last bits before rounding to 6 digits.
      tree.leafValue.forEach((v, i) => {
        assertClose(v, other.leafValue[i], 1e-5 * Math.abs(v));
      });
    });
  });

  it('same data, parameters and seed give byte-identical models; another seed another model', () => {
    const random = randomRows(3000, 6, 11);
    const data = table(random.rows, random.labels, random.weights);
    const params = { rounds: 8, maxDepth: 4, subsample: 0.7, colsampleByTree: 0.5, seed: 42 };
    const first = serializeModel(trainGbdt(data, params).model);
    assert.equal(serializeModel(trainGbdt(data, params).model), first);
    assert.notEqual(serializeModel(trainGbdt(data, { ...params, seed: 43 }).model), first);
  });
});

describe('trainGbdt: validation and early stopping', () => {
  it('stops when validation loss has not improved for earlyStoppingRounds, keeping the best trees', () => {
    // Labels are pure noise: every tree fits noise, so validation loss soon rises.
    const train = randomRows(300, 3, 5, true);
    const valid = randomRows(300, 3, 6, true);
    const { model, history, bestRound } = trainGbdt(
      table(train.rows, train.labels),
      { rounds: 200, maxDepth: 4, learningRate: 0.5, earlyStoppingRounds: 5, ...UNCONSTRAINED },
      { validation: table(valid.rows, valid.labels) },
    );
    assert.ok(history.length < 200);
    assert.equal(history.length, bestRound + 5);
    assert.equal(model.trees.length, bestRound);
    const losses = history.map((h) => h.validationLoss!);
    assert.equal(Math.min(...losses), losses[bestRound - 1]);
  });

  it('the training loss it reports is the loss of its own predictions (binned walk = raw walk)', () => {
    const random = randomRows(500, 4, 9);
    const data = table(random.rows, random.labels, random.weights);
    const { model, history } = trainGbdt(data, { rounds: 5, maxDepth: 3, maxBins: 16 });
    const p = predictProbabilities(model, data.features);
    let loss = 0;
    let total = 0;
    for (let i = 0; i < p.length; i++) {
      const w = data.weights![i];
      const y = data.labels[i];
      loss -= w * (y * Math.log(p[i]) + (1 - y) * Math.log(1 - p[i]));
      total += w;
    }
    assertClose(loss / total, history.at(-1)!.trainLoss, 1e-12);
  });

  it('refuses bad input with a clear message', () => {
    const data = table([[1], [2]], [0, 1]);
    assert.throws(() => trainGbdt(data, { maxDepth: 0 }), /maxDepth must be an integer ≥ 1/);
    assert.throws(() => trainGbdt(table([[1], [2]], [0, 2])), /label of row 1 is 2/);
    assert.throws(() => trainGbdt(table([[1], [2]], [0, 1], [1, -1])), /weight of row 1 is -1/);
    assert.throws(
      () => trainGbdt(table([[1], [Number.POSITIVE_INFINITY]], [0, 1])),
      /row 1, feature 0: Infinity/,
    );
    assert.throws(() => trainGbdt({ ...data, featureNames: ['a', 'b'] }), /expected rows × features = 2 × 2/);
    assert.throws(() => trainGbdt(data, { earlyStoppingRounds: 3 }), /needs a validation set/);
  });
});
