import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseModel,
  predictProbability,
  serializeModel,
  sigmoid,
  trainLogistic,
} from '../../packages/pith/src/learn/index.js';
import { assertClose, repeat, table } from './helpers.js';

// One binary feature, 5 rows with x = 0 (1 positive) and 5 with x = 1 (4 positive).
// Standardisation: mean .5, population std .5, so z = −1 and +1.
const rows = [...Array(5).fill([0]), ...Array(5).fill([1])];
const labels = [1, 0, 0, 0, 0, 1, 1, 1, 1, 0];

describe('trainLogistic', () => {
  it('without penalty reproduces the group rates (closed form: logit p = b + βz)', () => {
    // The MLE matches each group's rate: σ(b − β) = .2 and σ(b + β) = .8, so b = 0, β = logit(.8) = ln 4.
    const { model, converged } = trainLogistic(table(rows, labels), { lambda: 0 });
    assert.ok(converged);
    assert.deepEqual([model.mean[0], model.scale[0]], [0.5, 0.5]);
    assertClose(model.intercept, 0, 1e-6);
    assertClose(model.coefficients[0], Math.log(4), 1e-5);
    assertClose(predictProbability(model, [0]), 0.2, 1e-6);
    assertClose(predictProbability(model, [1]), 0.8, 1e-6);
  });

  it('with an L2 penalty solves σ(β) − .8 + λβ = 0 (the symmetric case derived by hand)', () => {
    // J = ½[ℓ(y, b − β)] + ½[ℓ(y, b + β)] averaged per group + (λ/2)β². By the symmetry of the
    // groups (rates .2 and .8), b = 0; dJ/dβ = ½(σ(β) − .8) − ½(σ(−β) − .2) + λβ = σ(β) − .8 + λβ.
    const lambda = 0.1;
    let low = 0;
    let high = 2;
    for (let i = 0; i < 100; i++) {
      const mid = (low + high) / 2;
      if (sigmoid(mid) - 0.8 + lambda * mid > 0) high = mid;
      else low = mid;
    }
    const { model } = trainLogistic(table(rows, labels), { lambda });
    assertClose(model.intercept, 0, 1e-6);
    assertClose(model.coefficients[0], low, 1e-5);
    assert.ok(model.coefficients[0] < Math.log(4)); // shrunk towards 0
  });

  it('a constant feature leaves only the intercept: the weighted label mean', () => {
    const data = table([[3], [3], [3], [3]], [1, 0, 0, 1], [3, 1, 1, 0]);
    const { model } = trainLogistic(data);
    assert.equal(model.scale[0], 1);
    assert.equal(model.coefficients[0], 0);
    assertClose(predictProbability(model, [3]), 3 / 5, 1e-6);
  });

  it('a missing value counts as the mean (z = 0)', () => {
    const data = table([[0], [1], [2], [Number.NaN]], [0, 1, 1, 0]);
    const { model } = trainLogistic(data, { lambda: 0.01 });
    assert.equal(model.mean[0], 1);
    assert.equal(predictProbability(model, [Number.NaN]), predictProbability(model, [1]));
  });

  it('weight 2 is a duplicated row', () => {
    const r = [
      [0, 1],
      [1, 3],
      [2, 2],
      [3, 5],
      [4, 4],
    ];
    const y = [0, 1, 0, 1, 1];
    const weighted = trainLogistic(table(r, y, [1, 2, 1, 3, 1]), { lambda: 0.05 }).model;
    const duplicated = trainLogistic(repeat(r, y, [1, 2, 1, 3, 1]), { lambda: 0.05 }).model;
    assertClose(weighted.intercept, duplicated.intercept, 1e-5);
    weighted.coefficients.forEach((c, j) => {
      assertClose(c, duplicated.coefficients[j], 1e-5);
    });
  });

  it('serialises and reads back exactly', () => {
    const { model } = trainLogistic(table(rows, labels));
    const text = serializeModel(model);
    const back = parseModel(text);
    assert.equal(serializeModel(back), text);
    assert.equal(predictProbability(back, [1]), predictProbability(model, [1]));
  });
});
