import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { isPithError } from '../../../src/errors.js';
import {
  combineMargins,
  loadPageTypeModel,
  PAGE_TYPE_FEATURE_NAMES,
  PAGE_TYPES,
  pageTypeModelFromJson,
  predictPageTypeProbabilities,
  serializePageTypeModel,
} from '../../../src/features/page-type/index.js';

const SHIPPED_FILE = new URL('../../../models/page-type.json', import.meta.url);
const shippedText = readFileSync(SHIPPED_FILE, 'utf8');
const shippedJson = () => JSON.parse(shippedText) as Record<string, unknown>;

function rejects(mutate: (json: Record<string, unknown>) => void, message: RegExp): void {
  const json = shippedJson();
  mutate(json);
  assert.throws(
    () => pageTypeModelFromJson(json),
    (error: unknown) => isPithError(error) && error.code === 'BAD_OPTION' && message.test(error.message),
  );
}

describe('page-type model file', () => {
  it('loads, validates, and is under 200 kB', () => {
    const model = loadPageTypeModel();
    assert.equal(model.models.length, PAGE_TYPES.length);
    for (const name of model.featureNames) assert.ok(PAGE_TYPE_FEATURE_NAMES.includes(name), name);
    assert.ok(statSync(SHIPPED_FILE).size < 200_000);
    const manifest = model.manifest as { data?: { pages?: number }; command?: string };
    assert.equal(manifest.data?.pages, 1497);
    assert.match(manifest.command ?? '', /bench\/page-type\/train\.ts/);
  });

  it('writes back byte for byte', () => {
    assert.equal(serializePageTypeModel(pageTypeModelFromJson(shippedJson())), shippedText);
  });

  it('rejects broken files with the field at fault', () => {
    rejects((json) => {
      json.format = 'pith-gbdt';
    }, /format/);
    rejects((json) => {
      json.version = 2;
    }, /version/);
    rejects((json) => {
      json.types = [...PAGE_TYPES].reverse();
    }, /types/);
    rejects((json) => {
      (json.featureNames as string[])[0] = 'url.nonsense';
    }, /url\.nonsense/);
    rejects((json) => {
      (json.models as unknown[]).pop();
    }, /entries/);
    rejects((json) => {
      const entry = (json.models as { model: { trees: { left: number[] }[] } }[])[2];
      entry.model.trees[0].left[0] = 0; // a node its own child
    }, /models\[2\] \(product\)/);
    rejects((json) => {
      json.combine = 'vote';
    }, /combine/);
  });

  it('gives probabilities that sum to 1, also for non-finite input', () => {
    const model = loadPageTypeModel();
    for (const fill of [0, 1, 1e9, Number.NaN, Number.POSITIVE_INFINITY]) {
      const p = predictPageTypeProbabilities(
        model,
        new Float32Array(PAGE_TYPE_FEATURE_NAMES.length).fill(fill),
      );
      assert.equal(p.length, PAGE_TYPES.length);
      assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-9);
      for (const value of p) assert.ok(value >= 0 && value <= 1);
    }
  });
});

describe('combineMargins', () => {
  it('normalises sigmoids or takes a softmax', () => {
    // σ(0) = 1/2, σ(ln 3) = 3/4 → 0.5/1.25, 0.75/1.25.
    const normalised = combineMargins([0, Math.log(3)], 'normalise');
    assert.ok(Math.abs(normalised[0] - 0.4) < 1e-12 && Math.abs(normalised[1] - 0.6) < 1e-12);
    // e^0 : e^{ln 3} = 1 : 3.
    const softmax = combineMargins([0, Math.log(3)], 'softmax');
    assert.ok(Math.abs(softmax[0] - 0.25) < 1e-12 && Math.abs(softmax[1] - 0.75) < 1e-12);
    // Every model says no: still a distribution.
    const none = combineMargins([-1000, -1000], 'normalise');
    assert.deepEqual(Array.from(none), [0.5, 0.5]);
  });
});
