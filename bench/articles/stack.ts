/**
 * Experiment (issue 16): a second pass of the block classifier that reads the first pass's
 * probabilities of the blocks around each block (stacking). Offline, on the training rows:
 *
 * 1. stage 1 = the shipped configuration, 5-fold by site: each block's out-of-fold probability;
 * 2. context features from those probabilities, in block order (neighbours, windows, where the
 *    page's kept text lies relative to the block, the page's kept share);
 * 3. stage 2 = the same trees over features + context, 5-fold by site with the same folds;
 * 4. both scored per page with a word-weighted proxy of the bench's F1 (kept blocks' words
 *    against the gold share of each block's words), mean over pages per dataset.
 *
 *   npx tsx bench/articles/stack.ts [--rounds 200] [--limit N]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolveDatasetSpec } from '@pith/workbench/eval';
import {
  BLOCK_ROWS_CODE,
  BLOCK_TRAINING_DATASETS,
  BLOCK_TRAINING_PARAMS,
  type DatasetRows,
  datasetRows,
  foldItems,
  groupedFolds,
  trainBlockModel,
  trainingListOptions,
} from '@pith/workbench/train';
import { compiledProbability, compileGbdt, type GbdtModel, parseModel, serializeModel } from 'pith/internal';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '200' },
    limit: { type: 'string' },
    cache: { type: 'string', default: '.cache/stack' },
    variant: { type: 'string', default: 'all' },
  },
});
const params = { ...BLOCK_TRAINING_PARAMS, rounds: Number(args.rounds) };
const K = 5;
const log = (message: string) => process.stderr.write(`${message}\n`);

const datasets: DatasetRows[] = [];
for (const name of BLOCK_TRAINING_DATASETS) {
  const spec = await resolveDatasetSpec(name);
  datasets.push(
    await datasetRows(spec, {
      code: BLOCK_ROWS_CODE,
      list: trainingListOptions(undefined),
      cacheDir: '.cache/train/blocks/rows',
      ...(args.limit ? { limit: Number(args.limit) } : {}),
      log,
    }),
  );
}
const fold = groupedFolds(foldItems(datasets, 'site'), K, 1);
const offsets = datasets.map((_, d) => datasets.slice(0, d).reduce((sum, x) => sum + x.pages.length, 0));
const foldOf = (d: number, p: number) => fold[offsets[d] + p];

interface Table {
  width: number;
  names: string[];
  /** Per dataset, its rows' values. */
  values: Float32Array[];
}

/** The training of the shipped model (rows, labels, weights, trees) over the table's columns. */
function train(table: Table, choose: (d: number, p: number) => boolean): GbdtModel {
  const columns = datasets.map((ds, d) => ({
    ...ds,
    width: table.width,
    names: table.names,
    features: table.values[d],
  }));
  return trainBlockModel(columns, choose, params, log);
}

/** Out-of-fold probabilities of every row, one Float64Array per dataset. */
function outOfFold(table: Table, tag: string): Float64Array[] {
  const out = datasets.map((ds) => new Float64Array(ds.rows));
  for (let f = 0; f < K; f++) {
    const file = `${args.cache}/${tag}-fold-${f}.json`;
    // Stage 1 is `pith train blocks --folds 5`'s fold models when that has run (same folds, rows, trees).
    const trained = `.cache/train/blocks/folds-${K}-by-site-fold-${f + 1}-of-${K}.json`;
    let model: GbdtModel;
    if (tag === 'stage1' && existsSync(trained))
      model = parseModel(readFileSync(trained, 'utf8')) as GbdtModel;
    else if (existsSync(file)) model = parseModel(readFileSync(file, 'utf8')) as GbdtModel;
    else {
      log(`${tag}: fold ${f + 1} of ${K}`);
      model = train(table, (d, p) => foldOf(d, p) !== f);
      writeFileSync(file, serializeModel(model, { binEdges: false }));
    }
    const compiled = compileGbdt(model);
    datasets.forEach((ds, d) => {
      ds.pages.forEach((page, p) => {
        if (foldOf(d, p) !== f) return;
        for (let r = page.start; r < page.end; r++)
          out[d][r] = compiledProbability(compiled, table.values[d], r * table.width);
      });
    });
  }
  return out;
}

/** Word-weighted page F1 of keeping blocks with probability ≥ 0.5, mean over pages. */
function proxyF1(prob: Float64Array[]): Record<string, number> {
  const result: Record<string, number> = {};
  datasets.forEach((ds, d) => {
    let sum = 0;
    let pages = 0;
    for (const page of ds.pages) {
      let tp = 0;
      let kept = 0;
      let gold = 0;
      for (let r = page.start; r < page.end; r++) {
        const share = Number.isNaN(ds.share[r]) ? 0 : ds.share[r];
        const words = ds.tokens[r];
        gold += share * words;
        if (prob[d][r] >= 0.5) {
          kept += words;
          tp += share * words;
        }
      }
      let f1: number;
      if (gold === 0) f1 = kept === 0 ? 1 : 0;
      else if (kept === 0) f1 = 0;
      else {
        const precision = tp / kept;
        const recall = tp / gold;
        f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
      }
      sum += f1;
      pages++;
    }
    result[ds.name] = sum / Math.max(1, pages);
  });
  return result;
}

const CONTEXT = [
  'ctx:p',
  'ctx:pPrev1',
  'ctx:pNext1',
  'ctx:pPrev2',
  'ctx:pNext2',
  'ctx:maxWindow3',
  'ctx:meanWindow5',
  'ctx:keptBefore',
  'ctx:keptAfter',
  'ctx:sandwiched',
  'ctx:distKept',
  'ctx:pageKeptShare',
  'ctx:pageMeanP',
  'ctx:pageUnsure',
  'ctx:inMainRun',
  'ctx:runDistance',
  'ctx:wordsToRunEnd',
];

const wordsColumn = datasets[0].names.indexOf('logWords');

/** Context features from the stage-1 probabilities `p` of a page's blocks `start … end`. */
function contextRows(ds: DatasetRows, p: Float64Array, out: Float32Array, width: number, column: number) {
  for (const page of ds.pages) {
    const n = page.end - page.start;
    const prob = (i: number) => (i < 0 || i >= n ? -1 : p[page.start + i]);
    // The block's words as extraction sees them (its `logWords` feature), not the labeller's tokens.
    const words = (i: number) =>
      Math.round(Math.expm1(ds.features[(page.start + i) * ds.width + wordsColumn]));
    let keptTotal = 0;
    let total = 0;
    let sumP = 0;
    let unsure = 0;
    for (let i = 0; i < n; i++) {
      total += words(i);
      sumP += prob(i);
      if (prob(i) >= 0.5) keptTotal += words(i);
      if (prob(i) > 0.2 && prob(i) < 0.8) unsure++;
    }
    // The main run: the stretch of blocks, gaps of at most 3 unkept blocks allowed, holding the
    // most kept words.
    let bestStart = -1;
    let bestEnd = -1;
    let bestWords = 0;
    let runStart = -1;
    let runWords = 0;
    let gap = 0;
    let lastKept = -1;
    for (let i = 0; i < n; i++) {
      if (prob(i) >= 0.5) {
        if (runStart < 0 || gap > 3) {
          runStart = i;
          runWords = 0;
        }
        runWords += words(i);
        lastKept = i;
        gap = 0;
        if (runWords > bestWords) {
          bestWords = runWords;
          bestStart = runStart;
          bestEnd = lastKept;
        }
      } else gap++;
    }
    let before = 0;
    for (let i = 0; i < n; i++) {
      const row = (page.start + i) * width + column;
      let maxW = -1;
      for (let j = i - 3; j <= i + 3; j++) if (j !== i && j >= 0 && j < n) maxW = Math.max(maxW, prob(j));
      let meanW = 0;
      let count = 0;
      for (let j = i - 5; j <= i + 5; j++)
        if (j !== i && j >= 0 && j < n) {
          meanW += prob(j);
          count++;
        }
      let dist = 99;
      for (let k = 1; k < 20 && dist === 99; k++) if (prob(i - k) >= 0.5 || prob(i + k) >= 0.5) dist = k;
      let prevKept = false;
      let nextKept = false;
      for (let k = 1; k <= 3; k++) {
        if (prob(i - k) >= 0.5) prevKept = true;
        if (prob(i + k) >= 0.5) nextKept = true;
      }
      const inRun = bestStart >= 0 && i >= bestStart && i <= bestEnd;
      const runDistance = bestStart < 0 ? 99 : inRun ? 0 : i < bestStart ? bestStart - i : i - bestEnd;
      let wordsToEnd = 0;
      if (bestStart >= 0 && i > bestEnd) for (let j = bestEnd + 1; j < i; j++) wordsToEnd += words(j);
      const values = [
        prob(i),
        prob(i - 1),
        prob(i + 1),
        prob(i - 2),
        prob(i + 2),
        maxW,
        count ? meanW / count : -1,
        keptTotal ? before / keptTotal : 0,
        keptTotal ? (keptTotal - before - (prob(i) >= 0.5 ? words(i) : 0)) / keptTotal : 0,
        prevKept && nextKept ? 1 : 0,
        dist,
        total ? keptTotal / total : 0,
        n ? sumP / n : 0,
        n ? unsure / n : 0,
        inRun ? 1 : 0,
        Math.min(runDistance, 99),
        Math.log1p(wordsToEnd),
      ];
      for (let k = 0; k < values.length; k++) out[row + k] = values[k];
      if (prob(i) >= 0.5) before += words(i);
    }
  }
}

mkdirSync(args.cache, { recursive: true });
const base: Table = {
  width: datasets[0].width,
  names: datasets[0].names,
  values: datasets.map((ds) => ds.features),
};
const p1 = outOfFold(base, 'stage1');
log(`stage 1 (out of fold): ${JSON.stringify(proxyF1(p1))}`);

const width = base.width + CONTEXT.length;
const stacked: Table = {
  width,
  names: [...base.names, ...CONTEXT],
  values: datasets.map((ds, d) => {
    const values = new Float32Array(ds.rows * width);
    for (let r = 0; r < ds.rows; r++)
      values.set(ds.features.subarray(r * base.width, (r + 1) * base.width), r * width);
    contextRows(ds, p1[d], values, width, base.width);
    return values;
  }),
};
const p2 = outOfFold(stacked, `stage2-${args.variant}`);
const f1 = proxyF1(p1);
const f2 = proxyF1(p2);
for (const name of Object.keys(f1))
  log(
    `${name}: stage 1 ${f1[name].toFixed(4)}  stage 2 ${f2[name].toFixed(4)}  Δ ${(f2[name] - f1[name]).toFixed(4)}`,
  );
