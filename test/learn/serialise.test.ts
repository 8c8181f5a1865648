import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type GbdtModel,
  ModelFormatError,
  modelFromJson,
  parseModel,
  predictProbabilities,
  serializeModel,
  trainGbdt,
  trainLogistic,
} from '../../packages/pith/src/learn/index.js';
import { randomRows, table } from './helpers.js';

const random = randomRows(400, 3, 21);
const data = table(random.rows, random.labels, random.weights);
const model = trainGbdt(data, { rounds: 4, maxDepth: 3, minSamplesLeaf: 5 }).model;
const text = serializeModel(model);

/** The parts of the model JSON the cases below edit. */
interface ModelJson {
  format: unknown;
  version: unknown;
  baseScore: unknown;
  params: Record<string, unknown>;
  binEdges: unknown[][];
  trees: Record<string, unknown[]>[];
}

/** The model's JSON with one change made by `edit`. */
function edited(edit: (json: ModelJson) => void): unknown {
  const json = JSON.parse(text);
  edit(json);
  return json;
}

describe('model JSON', () => {
  it('round-trips to the same bytes and the same predictions', () => {
    const back = parseModel(text);
    assert.equal(serializeModel(back), text);
    assert.deepEqual(predictProbabilities(back, data.features), predictProbabilities(model, data.features));
  });

  it('writes one line per tree and per feature’s bin edges', () => {
    const lines = text.split('\n');
    assert.equal(lines.filter((line) => line.startsWith('{"feature":')).length, model.trees.length);
    assert.equal(lines.filter((line) => line.startsWith('[')).length, 3);
    assert.match(text, /^\{"format":"pith-gbdt","version":1,/);
  });

  it('refuses broken files, naming the field', () => {
    const refused: [unknown, RegExp][] = [
      [
        edited((j) => (j.format = 'xgboost')),
        /^format: expected "pith-gbdt" or "pith-logistic", got "xgboost"/,
      ],
      [edited((j) => (j.version = 2)), /^version: this pith reads version 1 of pith-gbdt, the file has 2/],
      [edited((j) => (j.params.foo = 1)), /^params\.foo: unknown parameter/],
      [edited((j) => delete j.params.lambda), /^params\.lambda: expected a finite number, got undefined/],
      [edited((j) => (j.baseScore = null)), /^baseScore: expected a finite number, got null/],
      [edited((j) => (j.binEdges[0] = [2, 1])), /^binEdges\[0\]\[1\]: edges must increase strictly/],
      [
        edited((j) => (j.trees[0].feature[0] = 3)),
        /^trees\[0\]\.feature\[0\]: expected an integer in 0 … 2, got 3/,
      ],
      [
        edited((j) => (j.trees[0].threshold[0] = '0.5')),
        /^trees\[0\]\.threshold\[0\]: expected a finite number/,
      ],
      [edited((j) => j.trees[1].leaf.pop()), /^trees\[1\]\.leaf: expected \d+ values, got \d+/],
      [
        edited((j) => (j.trees[0].left[1] = 0)),
        /^trees\[0\]\.left\[1\]: internal child 0 must come after its parent 1/,
      ],
      [
        edited((j) => (j.trees[0].right[0] = j.trees[0].left[0])),
        /^trees\[0\]\.right\[0\]: internal node 1 has two parents/,
      ],
      [
        edited((j) => (j.trees[0].missingLeft[0] = 2)),
        /^trees\[0\]\.missingLeft\[0\]: expected an integer in 0 … 1/,
      ],
    ];
    for (const [json, message] of refused) {
      assert.throws(
        () => modelFromJson(json),
        (error: unknown) => {
          assert.ok(error instanceof ModelFormatError);
          assert.match(error.message, message);
          return true;
        },
      );
    }
    assert.throws(() => parseModel('{"format":'), /^ModelFormatError: not JSON/);
  });

  it('refuses a logistic model with a zero scale', () => {
    const logistic = JSON.parse(serializeModel(trainLogistic(data).model));
    logistic.scale[1] = 0;
    assert.throws(
      () => modelFromJson(logistic),
      /^ModelFormatError: scale\[1\]: expected a positive number, got 0/,
    );
  });

  it('can leave the bin edges out: a smaller file with the same predictions', () => {
    const lean = serializeModel(model, { binEdges: false });
    assert.ok(lean.length < text.length);
    const back = parseModel(lean) as GbdtModel;
    assert.equal(back.binEdges, null);
    assert.equal(serializeModel(back), lean);
    assert.deepEqual(predictProbabilities(back, data.features), predictProbabilities(model, data.features));
  });

  it('a tree without splits reads back', () => {
    const constant = trainGbdt(table([[1], [2]], [1, 1]), { rounds: 1 }).model;
    const back = parseModel(serializeModel(constant)) as GbdtModel;
    assert.deepEqual(back.trees[0].leafValue, constant.trees[0].leafValue);
  });
});
