/**
 * The shipped models' compact encoding (scripts/pack-model.mjs packs, src/model-packing.ts unpacks):
 * what the library loads is the model the trainer wrote, to the last bit.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { packModelText } from '../../packages/pith/scripts/pack-model.mjs';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { blockFeatures, segmentBlocks } from '../../packages/pith/src/features/blocks/index.js';
import {
  compiledMargin,
  compileGbdt,
  type GbdtModel,
  modelFromJson,
  predictMargin,
} from '../../packages/pith/src/learn/index.js';
import { unpackModelText } from '../../packages/pith/src/model-packing.js';
import { REPO_ROOT, SAMPLE_DIR } from '../helpers.js';

const MODELS = join(REPO_ROOT, 'packages/pith/models');
const SHIPPED = readdirSync(MODELS)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
/** The minified JSON text the library loaded before packing (and must load now). */
const minified = (text: string) => JSON.stringify(JSON.parse(text));
const jsonOf = (name: string) => readFileSync(join(MODELS, `${name}.json`), 'utf8');

/**
 * Every GBDT model in a model file's JSON (the blocks' own, page-type's seven, metadata's three…);
 * page-type's share the file's feature names and have no bin edges.
 */
function gbdtModels(value: unknown, found: GbdtModel[] = [], featureNames?: unknown): GbdtModel[] {
  if (typeof value !== 'object' || value === null) return found;
  const record = value as { format?: unknown; featureNames?: unknown };
  const names = record.featureNames ?? featureNames;
  if (record.format === 'pith-gbdt')
    found.push(modelFromJson({ binEdges: null, ...record, featureNames: names }) as GbdtModel);
  else for (const child of Object.values(value)) gbdtModels(child, found, names);
  return found;
}

/** Rows that take every branch: each feature at, just below and just above its thresholds, and missing. */
function rowsAroundThresholds(model: GbdtModel, count: number, seed: number): Float64Array[] {
  const thresholds = model.featureNames.map(() => [] as number[]);
  for (const tree of model.trees)
    tree.feature.forEach((feature, i) => {
      thresholds[feature].push(tree.threshold[i]);
    });
  let state = seed;
  const random = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: count }, () =>
    Float64Array.from(thresholds, (values) => {
      if (values.length === 0 || random(8) === 0) return Number.NaN;
      const threshold = values[random(values.length)];
      return threshold + [-1e-9, 0, 1e-9][random(3)] * Math.max(1, Math.abs(threshold));
    }),
  );
}

/** The HTML pages of the sample datasets (sources, not their gold files), and the example. */
function samplePages(): string[] {
  const pages = [join(REPO_ROOT, 'examples/article.html')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!['gold', 'annotated'].includes(name)) walk(path);
      } else if (name.endsWith('.html') && !name.startsWith('expected')) pages.push(path);
    }
  };
  try {
    walk(SAMPLE_DIR);
  } catch {
    // No sample datasets here: the example alone.
  }
  return pages;
}

describe('packed models', () => {
  for (const name of SHIPPED) {
    it(`${name}: unpacks to the JSON text it was packed from, byte for byte`, () => {
      const text = jsonOf(name);
      assert.equal(unpackModelText(packModelText(text)), minified(text));
    });
  }

  it('the built modules (models/*.js) hold the current JSON files, packed', async () => {
    for (const name of SHIPPED) {
      const module = (await import(join(MODELS, `${name}.js`))) as { default: string };
      assert.equal(module.default, packModelText(jsonOf(name)), `${name}.js is stale: npm run build`);
      assert.equal(unpackModelText(module.default), minified(jsonOf(name)), name);
    }
  });

  it('packs the trees of every GBDT model shipped (none left as objects)', () => {
    for (const name of SHIPPED) {
      const packed = packModelText(jsonOf(name));
      assert.equal(packed.includes('"missingLeft"'), false, name);
      if (gbdtModels(JSON.parse(jsonOf(name))).length > 0) assert.match(packed, /"trees":\{"shape":/, name);
    }
  });

  it('a packed model predicts what the JSON one does: block rows of the sample pages, rows at every threshold', () => {
    const pages = samplePages();
    for (const name of SHIPPED) {
      const original = gbdtModels(JSON.parse(jsonOf(name)));
      const unpacked = gbdtModels(JSON.parse(unpackModelText(packModelText(jsonOf(name)))));
      assert.equal(unpacked.length, original.length, name);
      original.forEach((model, m) => {
        const rows = rowsAroundThresholds(model, 300, m + 1);
        if (name === 'pith-blocks') {
          for (const page of pages) {
            const features = blockFeatures(segmentBlocks(parseHtml(readFileSync(page, 'utf8'))));
            const columns = model.featureNames.map((feature) => features.names.indexOf(feature));
            for (let block = 0; block < features.rows; block++) {
              const at = block * features.width;
              rows.push(Float64Array.from(columns, (c) => (c < 0 ? Number.NaN : features.values[at + c])));
            }
          }
          assert.ok(rows.length > 300 + pages.length, 'the pages give block rows');
        }
        const [compiled, compiledBack] = [compileGbdt(model), compileGbdt(unpacked[m])];
        for (const row of rows) {
          assert.ok(
            Object.is(predictMargin(unpacked[m], row), predictMargin(model, row)),
            `${name} model ${m}`,
          );
          const row32 = Float32Array.from(row);
          assert.ok(Object.is(compiledMargin(compiledBack, row32, 0), compiledMargin(compiled, row32, 0)));
        }
      });
    }
  });

  it('any canonical trees and any finite doubles survive to the bit; other trees stay as they are', () => {
    // A random binary tree numbered the trainer's way (pre-order), or not (children swapped).
    const tree = fc
      .record({
        shape: fc.array(fc.boolean(), { maxLength: 40 }),
        number: fc.double({ noNaN: true, noDefaultInfinity: true }),
        canonical: fc.boolean(),
      })
      .map(({ shape, number, canonical }) => {
        const t = {
          feature: [] as number[],
          threshold: [] as number[],
          missingLeft: [] as number[],
          left: [] as number[],
          right: [] as number[],
          gain: [] as number[],
          leaf: [] as number[],
        };
        let bits = 0;
        let leaves = 0;
        const visit = (depth: number): number => {
          if (depth > 0 && (bits >= shape.length || !shape[bits++])) {
            t.leaf.push(number * (leaves + 1));
            return ~leaves++;
          }
          const node = t.feature.length;
          t.feature.push(node % 7);
          t.threshold.push(number / (node + 3));
          t.missingLeft.push(node % 2);
          t.gain.push(-number * node);
          t.left.push(0);
          t.right.push(0);
          t.left[node] = visit(depth + 1);
          t.right[node] = visit(depth + 1);
          return node;
        };
        if (shape.length > 0) visit(0);
        else t.leaf.push(number);
        if (!canonical && t.feature.length > 0) [t.left[0], t.right[0]] = [t.right[0], t.left[0]];
        return t;
      });
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 6 }), fc.double(), (trees, baseScore) => {
        const text = JSON.stringify({
          format: 'pith-page-type',
          models: [{ type: 'a', model: { format: 'pith-gbdt', version: 1, baseScore, trees } }],
        });
        assert.equal(unpackModelText(packModelText(text)), minified(text));
      }),
    );
  });
});
