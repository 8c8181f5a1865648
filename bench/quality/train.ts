/**
 * Trains and evaluates the quality model (models/quality.json) from the held-out rows of
 * bench/quality/rows.ts: gradient-boosted trees over QUALITY_FEATURES predicting each page's
 * held-out F1 (logistic loss, F1 as a soft label), then isotonic calibration.
 *
 * Evaluation, on pages the model did not see: 5 folds by site over the rows (a site's pages in
 * one fold, pooled over the datasets); each fold's pages get the trees trained on the other
 * folds, and the isotonic map fitted on the other folds' out-of-fold scores. Reports, per
 * dataset and pooled: Spearman(quality, F1), ECE (10 bins), the mean F1 after dropping the 5 %
 * lowest-quality pages, the keep-share curve, and the mean F1 of the pages with each reason code.
 * Then the shipped model: trees on every row, isotonic map on every out-of-fold score.
 *
 *   nice -n 10 npx tsx bench/quality/train.ts --rows .cache/quality/rows-0.jsonl --rows … \
 *        [--out models/quality.json] [--report .cache/quality/report.json] [--svg DIR] [--no-write]
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  expectedCalibrationError,
  keepCurve,
  ranks,
  reliabilityBins,
  reliabilityDiagram,
  spearman,
} from '@pith/workbench/eval';
import { groupedFolds } from '@pith/workbench/train';
import {
  calibrate,
  compiledProbability,
  compileGbdt,
  type GbdtParams,
  isotonicFit,
  QUALITY_FEATURES,
  QUALITY_MODEL_FORMAT,
  QUALITY_MODEL_VERSION,
  QUALITY_REASONS,
  type QualityModelFile,
  qualityReasons,
  serializeModel,
  trainGbdt,
  VERSION,
} from 'pith/internal';
import type { QualityRow } from './rows.js';

export const QUALITY_GBDT_PARAMS: Partial<GbdtParams> = {
  rounds: 150,
  learningRate: 0.05,
  maxDepth: 4,
  minSamplesLeaf: 20,
  minChildWeight: 0.5,
  subsample: 0.8,
  colsampleByTree: 0.8,
  seed: 1,
};

const { values } = parseArgs({
  options: {
    rows: { type: 'string', multiple: true },
    out: { type: 'string', default: 'packages/pith/models/quality.json' },
    report: { type: 'string', default: '.cache/quality/report.json' },
    svg: { type: 'string' },
    folds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    'no-write': { type: 'boolean', default: false },
    param: { type: 'string', multiple: true },
    target: { type: 'string', default: 'blend' },
    extra: { type: 'string' },
  },
});
/**
 * `--extra a,b`: experiments with candidate features that rows.ts records beside the row
 * (`row.extra`) but the library does not compute yet; the model is evaluated, never written.
 */
const extraNames = values.extra ? values.extra.split(',').filter((name) => name !== '') : [];
if (extraNames.length > 0 && !values['no-write'])
  throw new Error('--extra needs --no-write: the library does not compute them');

const params: Partial<GbdtParams> = { ...QUALITY_GBDT_PARAMS };
for (const pair of values.param ?? []) {
  const [key, value] = pair.split('=');
  (params as Record<string, number>)[key] = Number(value);
}

const rows: QualityRow[] = [];
const seen = new Set<string>();
for (const file of values.rows ?? ['.cache/quality/rows.jsonl']) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as QualityRow;
    const key = `${row.dataset}/${row.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
}
rows.sort((a, b) =>
  a.dataset === b.dataset ? a.id.localeCompare(b.id) : a.dataset.localeCompare(b.dataset),
);
for (const row of rows) {
  if (row.features.length !== QUALITY_FEATURES.length)
    throw new Error(
      `${row.dataset}/${row.id}: ${row.features.length} features, expected ${QUALITY_FEATURES.length}`,
    );
}
const featureNames = [...QUALITY_FEATURES, ...extraNames.map((name) => `extra.${name}`)];
const width = featureNames.length;
const matrix = (subset: readonly number[]) => {
  const out = new Float32Array(subset.length * width);
  subset.forEach((index, r) => {
    const row = rows[index];
    const values = [...row.features, ...extraNames.map((name) => row.extra?.[name] ?? null)];
    values.forEach((value, j) => {
      out[r * width + j] = value === null ? Number.NaN : value;
    });
  });
  return out;
};
const k = Number(values.folds);
const seed = Number(values.seed);
const fold = groupedFolds(
  rows.map((row) => ({ keys: [`site:${row.site}`], stratum: row.dataset })),
  k,
  seed,
);
const all = rows.map((_, index) => index);
const labels = rows.map((row) => Math.min(1, Math.max(0, row.f1)));
/**
 * What the trees learn: the F1 itself, or (`--target rank`) its percentile among all pages, which
 * weighs every step of the order alike (Spearman's view) instead of the few large errors; the
 * isotonic map then turns the trees' score into F1 either way.
 */
const percentiles = Array.from(ranks(labels), (rank) => (rank - 0.5) / labels.length);
const treeLabels =
  values.target === 'rank'
    ? percentiles
    : values.target === 'blend'
      ? labels.map((f1, i) => (f1 + percentiles[i]) / 2)
      : labels;

function train(subset: readonly number[]) {
  return trainGbdt(
    {
      features: matrix(subset),
      featureNames,
      labels: subset.map((i) => treeLabels[i]),
    },
    params,
  ).model;
}
function predictRaw(model: ReturnType<typeof train>, subset: readonly number[]): Float64Array {
  const features = matrix(subset);
  const compiled = compileGbdt(model);
  return Float64Array.from(subset, (_, r) => compiledProbability(compiled, features, r * width));
}

// Out-of-fold raw scores.
const raw = new Float64Array(rows.length);
for (let f = 0; f < k; f++) {
  const trainSet = all.filter((i) => fold[i] !== f);
  const testSet = all.filter((i) => fold[i] === f);
  const model = train(trainSet);
  predictRaw(model, testSet).forEach((value, r) => {
    raw[testSet[r]] = value;
  });
  process.stderr.write(`fold ${f}: ${trainSet.length} train, ${testSet.length} held out\n`);
}
// Calibrated out-of-fold: each fold's map fitted on the other folds' out-of-fold scores.
const calibrated = new Float64Array(rows.length);
for (let f = 0; f < k; f++) {
  const others = all.filter((i) => fold[i] !== f);
  const map = isotonicFit(
    others.map((i) => raw[i]),
    others.map((i) => labels[i]),
  );
  for (const i of all) if (fold[i] === f) calibrated[i] = Math.min(1, Math.max(0, calibrate(map, raw[i])));
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (list: readonly number[]) => list.reduce((sum, v) => sum + v, 0) / Math.max(1, list.length);

function figures(subset: readonly number[], scores: Float64Array) {
  const predicted = subset.map((i) => scores[i]);
  const observed = subset.map((i) => labels[i]);
  const bins = reliabilityBins(predicted, observed, 10);
  const curve = keepCurve(predicted, observed);
  const all = curve[0].meanKept;
  const drop5 = curve.find((point) => point.share === 0.95)?.meanKept ?? Number.NaN;
  return {
    n: subset.length,
    meanF1: round(mean(observed)),
    meanQuality: round(mean(predicted)),
    spearman: round(spearman(predicted, observed)),
    ece: round(expectedCalibrationError(bins)),
    meanF1Kept95: round(drop5),
    gainDrop5: round(drop5 - all),
    curve: curve.map((point) => ({
      ...point,
      threshold: round(point.threshold),
      meanKept: round(point.meanKept),
    })),
    bins: bins.map((bin) => ({ ...bin, predicted: round(bin.predicted), observed: round(bin.observed) })),
  };
}

const datasets = [...new Set(rows.map((row) => row.dataset))];
const report: Record<string, unknown> = {};
const summary: Record<string, unknown> = {};
for (const [name, scores] of [
  ['calibrated', calibrated],
  ['raw', raw],
] as const) {
  const section: Record<string, ReturnType<typeof figures>> = { pooled: figures(all, scores) };
  for (const dataset of datasets)
    section[dataset] = figures(
      all.filter((i) => rows[i].dataset === dataset),
      scores,
    );
  report[name] = section;
}
// The reasons as the current rules give them (they read the feature row only).
const reasonsOf = rows.map((row) =>
  qualityReasons(Float32Array.from(row.features, (value) => (value === null ? Number.NaN : value))),
);
const reasons: Record<string, { n: number; meanF1: number; meanQuality: number }> = {};
for (const reason of QUALITY_REASONS) {
  const subset = all.filter((i) => reasonsOf[i].includes(reason));
  reasons[reason] = {
    n: subset.length,
    meanF1: round(mean(subset.map((i) => labels[i]))),
    meanQuality: round(mean(subset.map((i) => calibrated[i]))),
  };
}
const none = all.filter((i) => reasonsOf[i].length === 0);
reasons.none = {
  n: none.length,
  meanF1: round(mean(none.map((i) => labels[i]))),
  meanQuality: round(mean(none.map((i) => calibrated[i]))),
};
report.reasons = reasons;

for (const [name, section] of Object.entries(report)) {
  if (name === 'reasons') continue;
  for (const [dataset, line] of Object.entries(section as Record<string, ReturnType<typeof figures>>)) {
    const { curve, bins, ...rest } = line;
    summary[`${name} ${dataset}`] = rest;
  }
}
console.table(summary);
console.table(reasons);

mkdirSync('.cache/quality', { recursive: true });
writeFileSync(values.report ?? '.cache/quality/report.json', JSON.stringify(report, null, 1));
if (values.svg) {
  mkdirSync(values.svg, { recursive: true });
  const section = report.calibrated as Record<string, ReturnType<typeof figures>>;
  for (const [dataset, line] of Object.entries(section)) {
    writeFileSync(
      `${values.svg}/quality-reliability-${dataset}.svg`,
      reliabilityDiagram({
        bins: line.bins,
        title: `Quality calibration, ${dataset} (n = ${line.n}, held out): ECE ${line.ece}, Spearman ${line.spearman}`,
      }),
    );
  }
}

if (!values['no-write']) {
  const model = train(all);
  const map = isotonicFit(
    all.map((i) => raw[i]),
    all.map((i) => labels[i]),
  );
  const pooled = (report.calibrated as Record<string, ReturnType<typeof figures>>).pooled;
  const file: QualityModelFile = {
    format: QUALITY_MODEL_FORMAT,
    version: QUALITY_MODEL_VERSION,
    manifest: {
      command: `npx tsx bench/quality/train.ts ${process.argv.slice(2).join(' ')}`,
      date: new Date().toISOString().slice(0, 10),
      pith: VERSION,
      data: Object.fromEntries(datasets.map((d) => [d, rows.filter((row) => row.dataset === d).length])),
      rows: 'bench/quality/rows.ts: every page extracted with a block model that did not see it (5 folds by site; the shipped model for trafilatura-eval and newspaper-fulltext, never trained on)',
      gbdt: params,
      target: values.target,
      calibration: 'isotonic (pool adjacent violators) on the 5-fold out-of-fold scores',
      heldOut: {
        folds: `${k} by site, seed ${seed}`,
        pooled: { spearman: pooled.spearman, ece: pooled.ece, gainDrop5: pooled.gainDrop5 },
        ...Object.fromEntries(
          datasets.map((d) => {
            const line = (report.calibrated as Record<string, ReturnType<typeof figures>>)[d];
            return [d, { n: line.n, spearman: line.spearman, ece: line.ece, gainDrop5: line.gainDrop5 }];
          }),
        ),
      },
    },
    features: [...QUALITY_FEATURES],
    model: JSON.parse(serializeModel(model, { binEdges: false })),
    calibration: { x: map.x.map((v) => round(v, 5)), y: map.y.map((v) => round(v, 4)) },
  };
  const out = values.out ?? 'packages/pith/models/quality.json';
  writeFileSync(`${out}.tmp`, `${JSON.stringify(file)}\n`);
  renameSync(`${out}.tmp`, out);
  process.stderr.write(`wrote ${out}\n`);
}
