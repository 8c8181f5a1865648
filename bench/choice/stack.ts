/**
 * Issue 37 (a): a second-stage block model (stacking), measured on the block model's cached
 * training rows. Per page, the first stage's probabilities come from the block model of the fold
 * that held the page's site out (`pith train blocks --folds 5`), so stage two never sees
 * in-sample stage-one outputs; stage two (src/extractors/pith/stack-features.ts) is then trained
 * and evaluated in the same folds (fold k's stage two learns from the other folds' pages only).
 * The figure is a block-level proxy of each dataset's metric: per page, the F1 of the words of the
 * kept blocks against the words the gold covers (the rows' labels), averaged over pages.
 * Writes the stage-two fold models (and the model on every page) for the extractor's check.
 *
 *   node --import tsx bench/choice/stack.ts [--rows .cache/train/blocks/rows]
 *     [--folds .cache/train/blocks/folds-5-by-site.json] [--out .cache/choice/stack]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  compiledProbability,
  compileGbdt,
  type GbdtModel,
  parseModel,
  STACK_FEATURE_NAMES,
  STACK_WIDTH,
  serializeModel,
  stackRows,
  trainGbdt,
} from '../../src/internal.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '.cache/train/blocks/rows' },
    folds: { type: 'string', default: '.cache/train/blocks/folds-5-by-site.json' },
    out: { type: 'string', default: '.cache/choice/stack' },
    rounds: { type: 'string', default: '150' },
    depth: { type: 'string', default: '5' },
    leaf: { type: 'string', default: '100' },
    'in-sample': { type: 'boolean', default: true },
  },
});

interface HeldOutFile {
  datasets: string[];
  models: string[];
  pages: Record<string, number>;
}
interface Page {
  dataset: string;
  /** The fold that held the page's site out (0-based, the held-out file's). */
  fold: number;
  share: Float64Array;
  tokens: Float64Array;
  p: Float64Array;
  stack: Float32Array;
}

const held = JSON.parse(readFileSync(args.folds, 'utf8')) as HeldOutFile;
const foldModels = held.models.map((file) => {
  const model = parseModel(readFileSync(path.join(path.dirname(args.folds), file), 'utf8'));
  if (model.kind !== 'gbdt') throw new Error(`${file}: not a GBDT`);
  return compileGbdt(model);
});
const k = held.models.length;

const pages: Page[] = [];
for (const dataset of held.datasets) {
  const base = readdirSync(args.rows).find(
    (file) => file.startsWith(`${dataset}.`) && file.endsWith('.json'),
  );
  if (!base) throw new Error(`${dataset}: no rows in ${args.rows}`);
  const meta = JSON.parse(readFileSync(path.join(args.rows, base), 'utf8')) as {
    names: string[];
    width: number;
    pages: { start: number; end: number; digest: string }[];
    share: (number | null)[];
    tokens: number[];
  };
  const bytes = readFileSync(path.join(args.rows, base.replace(/\.json$/, '.f32')));
  const features = new Float32Array(Uint8Array.from(bytes).buffer);
  const { width } = meta;
  for (const page of meta.pages) {
    const fold = held.pages[page.digest];
    if (fold === undefined) continue;
    const count = page.end - page.start;
    const values = features.subarray(page.start * width, page.end * width);
    const model = foldModels[fold];
    const p = new Float64Array(count);
    for (let block = 0; block < count; block++) p[block] = compiledProbability(model, values, block * width);
    pages.push({
      dataset,
      fold,
      share: Float64Array.from(meta.share.slice(page.start, page.end), (v) => (v === null ? Number.NaN : v)),
      tokens: Float64Array.from(meta.tokens.slice(page.start, page.end)),
      p,
      stack: stackRows({ probabilities: p, values, names: meta.names, count }),
    });
  }
  console.error(`${dataset}: ${meta.pages.length} pages`);
}

/** Stage two's training data from the pages `choose` admits (weights as the block trainer's). */
function assemble(choose: (page: Page) => boolean) {
  let rows = 0;
  for (const page of pages)
    if (choose(page)) for (const share of page.share) if (!Number.isNaN(share)) rows++;
  const features = new Float32Array(rows * STACK_WIDTH);
  const labels = new Float32Array(rows);
  const weights = new Float32Array(rows);
  let at = 0;
  for (const page of pages) {
    if (!choose(page)) continue;
    let pageTokens = 0;
    page.share.forEach((share, block) => {
      if (!Number.isNaN(share)) pageTokens += page.tokens[block];
    });
    page.share.forEach((share, block) => {
      if (Number.isNaN(share)) return;
      features.set(page.stack.subarray(block * STACK_WIDTH, (block + 1) * STACK_WIDTH), at * STACK_WIDTH);
      labels[at] = share >= 0.5 ? 1 : 0;
      weights[at] = (100 * page.tokens[block]) / Math.max(1, pageTokens);
      at++;
    });
  }
  return { features, labels, weights, featureNames: STACK_FEATURE_NAMES };
}

const params = {
  rounds: Number(args.rounds),
  learningRate: 0.1,
  maxDepth: Number(args.depth),
  minSamplesLeaf: Number(args.leaf),
  minChildWeight: 0.5,
  lambda: 1,
  subsample: 0.7,
  colsampleByTree: 0.8,
  seed: 1,
};

function train(choose: (page: Page) => boolean): GbdtModel {
  const started = process.cpuUsage();
  const { model } = trainGbdt(assemble(choose), params);
  const cpu = process.cpuUsage(started);
  console.error(`  trained in ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s of CPU`);
  return model;
}

function predict(model: GbdtModel, page: Page): Float64Array {
  const compiled = compileGbdt(model);
  const out = new Float64Array(page.p.length);
  for (let block = 0; block < out.length; block++)
    out[block] = compiledProbability(compiled, page.stack, block * STACK_WIDTH);
  return out;
}

/** Per page: the word F1 of the blocks at or above 0.5 against the gold's words. */
function pageF1(page: Page, p: ArrayLike<number>): number | undefined {
  let gold = 0;
  let kept = 0;
  let both = 0;
  page.share.forEach((share, block) => {
    if (Number.isNaN(share)) return;
    const words = page.tokens[block];
    gold += share * words;
    if (p[block] >= 0.5) {
      kept += words;
      both += share * words;
    }
  });
  if (gold === 0) return undefined;
  if (both === 0) return 0;
  const precision = both / kept;
  const recall = both / gold;
  return (2 * precision * recall) / (precision + recall);
}

mkdirSync(args.out, { recursive: true });
const heldOut = new Map<Page, Float64Array>();
for (let fold = 0; fold < k; fold++) {
  console.error(`stage two, fold ${fold + 1} of ${k}`);
  const model = train((page) => page.fold !== fold);
  writeFileSync(
    path.join(args.out, `stack-fold-${fold + 1}-of-${k}.json`),
    serializeModel(model, { binEdges: false }),
  );
  for (const page of pages) if (page.fold === fold) heldOut.set(page, predict(model, page));
}
const inSample = new Map<Page, Float64Array>();
if (args['in-sample']) {
  console.error('stage two on every page');
  const model = train(() => true);
  writeFileSync(path.join(args.out, 'stack-all.json'), serializeModel(model, { binEdges: false }));
  for (const page of pages) inSample.set(page, predict(model, page));
}

const table = new Map<
  string,
  { pages: number; stage1: number; stage2: number; inSample: number; up: number; down: number }
>();
for (const page of pages) {
  const one = pageF1(page, page.p);
  const two = pageF1(page, heldOut.get(page) as Float64Array);
  if (one === undefined || two === undefined) continue;
  const entry = table.get(page.dataset) ?? { pages: 0, stage1: 0, stage2: 0, inSample: 0, up: 0, down: 0 };
  entry.pages++;
  entry.stage1 += one;
  entry.stage2 += two;
  entry.inSample += inSample.has(page) ? (pageF1(page, inSample.get(page) as Float64Array) ?? 0) : 0;
  if (two > one + 0.001) entry.up++;
  if (two < one - 0.001) entry.down++;
  table.set(page.dataset, entry);
}
const f = (value: number) => value.toFixed(4);
console.log(
  `Block-word F1 per page (proxy), ${k}-fold by site; stage one = the held-out block model at 0.5\n`,
);
console.log(
  '| dataset | pages | stage one | stage two (held out) | stage two (in sample) | pages up / down |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name, e] of table)
  console.log(
    `| ${name} | ${e.pages} | ${f(e.stage1 / e.pages)} | ${f(e.stage2 / e.pages)} | ${args['in-sample'] ? f(e.inSample / e.pages) : '–'} | ${e.up} / ${e.down} |`,
  );
