/**
 * Direction (a) of issue 37's second session: a relative choice. Per page, one row per candidate
 * other than 'balanced': the candidate's features, the same features minus the balanced
 * candidate's (what it adds or removes), and the page's; the label is whether the candidate
 * beats the balanced answer by more than `--eps` ('win', logistic loss) or its gain mapped to
 * [0, 1] ('gain': 0.5 + ΔF1 / 2). The page switches to the highest-scoring candidate only when
 * its score clears a threshold tuned by inner cross-validation inside the training folds (never
 * on the evaluated fold). Held out by site in the choice's folds (the block model's).
 * Writes held-out choices in the format bench/choice/oracle.ts --choice reads.
 *
 *   npx tsx bench/choice/relative.ts --pages … [--label win|gain] [--only loose,paragraphs] --out FILE
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
  type GbdtModel,
  predictProbability,
  trainGbdt,
} from '../../src/internal.js';
import { type ChoicePageLine, choiceFolds, readChoicePages, usablePage } from '../../src/train/index.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', multiple: true, default: [] },
    label: { type: 'string', default: 'win' },
    eps: { type: 'string', default: '0.005' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '200' },
    depth: { type: 'string', default: '4' },
    leaf: { type: 'string', default: '30' },
    out: { type: 'string', default: '.cache/choice/relative-choices.json' },
  },
});

const lines = readChoicePages(values.pages ?? []).filter(usablePage);
const folds = choiceFolds(lines, 5);
const only = values.only ? new Set(values.only.split(',')) : undefined;
const eps = Number(values.eps);
const params = {
  rounds: Number(values.rounds),
  learningRate: 0.05,
  maxDepth: Number(values.depth),
  minSamplesLeaf: Number(values.leaf),
  seed: 1,
};
/** Candidate columns that differ from the balanced row (all but the candidate's index). */
const CANDIDATE_WIDTH = CHOICE_FEATURE_NAMES.findIndex((name) => name.startsWith('p:'));
const names = [
  ...CHOICE_FEATURE_NAMES,
  ...CHOICE_FEATURE_NAMES.slice(1, CANDIDATE_WIDTH).map((name) => `d:${name.slice(2)}`),
];
const WIDTH = names.length;
const f1 = (line: ChoicePageLine, name: string) => line.scores[name]?.f1 ?? 0;

interface PageRows {
  /** Candidate index in the line per row. */
  candidates: number[];
  values: Float32Array;
}

function pageRows(line: ChoicePageLine): PageRows {
  const raw = Float32Array.from(line.features, (value) => (value === null ? Number.NaN : value));
  const candidates: number[] = [];
  for (let index = 1; index < line.candidates.length; index++)
    if (!only || only.has(line.candidates[index])) candidates.push(index);
  const values = new Float32Array(candidates.length * WIDTH);
  candidates.forEach((index, row) => {
    const at = row * WIDTH;
    values.set(raw.subarray(index * CHOICE_WIDTH, (index + 1) * CHOICE_WIDTH), at);
    for (let column = 1; column < CANDIDATE_WIDTH; column++)
      values[at + CHOICE_WIDTH + column - 1] = raw[index * CHOICE_WIDTH + column] - raw[column];
  });
  return { candidates, values };
}

const rowsByPage = lines.map(pageRows);

function train(pages: readonly number[]): GbdtModel {
  const count = pages.reduce((sum, page) => sum + rowsByPage[page].candidates.length, 0);
  const features = new Float32Array(count * WIDTH);
  const labels = new Float64Array(count);
  const weights = new Float64Array(count);
  let row = 0;
  for (const page of pages) {
    const line = lines[page];
    const rows = rowsByPage[page];
    features.set(rows.values, row * WIDTH);
    const base = f1(line, 'balanced');
    for (const index of rows.candidates) {
      const gain = f1(line, line.candidates[index]) - base;
      labels[row] = values.label === 'gain' ? Math.min(1, Math.max(0, 0.5 + gain / 2)) : gain > eps ? 1 : 0;
      weights[row] = 1;
      row++;
    }
  }
  return trainGbdt({ features, labels, weights, featureNames: names }, params).model;
}

/** Per page: the best-scoring candidate (index in the line) and its score. */
function predict(model: GbdtModel, pages: readonly number[]): Map<number, { index: number; score: number }> {
  const out = new Map<number, { index: number; score: number }>();
  for (const page of pages) {
    const rows = rowsByPage[page];
    let best = { index: 0, score: Number.NEGATIVE_INFINITY };
    rows.candidates.forEach((index, row) => {
      const score = predictProbability(model, rows.values, row * WIDTH);
      if (score > best.score) best = { index, score };
    });
    out.set(page, best);
  }
  return out;
}

/** The threshold that maximizes the mean F1 of `pages` given their held-out best candidates. */
function tuneThreshold(best: Map<number, { index: number; score: number }>): number {
  const entries = [...best.entries()].sort((a, b) => b[1].score - a[1].score);
  // Switching every page with score ≥ t: sweep t down the sorted scores.
  let gain = 0;
  let bestGain = 0;
  let threshold = Number.POSITIVE_INFINITY;
  for (const [page, { index, score }] of entries) {
    const line = lines[page];
    gain += f1(line, line.candidates[index]) - f1(line, 'balanced');
    if (gain > bestGain + 1e-9) {
      bestGain = gain;
      threshold = score;
    }
  }
  return threshold;
}

const chosen = new Int32Array(lines.length);
const scoreOf = new Float64Array(lines.length);
const thresholds: number[] = [];
for (let fold = 0; fold < 5; fold++) {
  const trainPages = lines.map((_, page) => page).filter((page) => folds[page] !== fold);
  const testPages = lines.map((_, page) => page).filter((page) => folds[page] === fold);
  // Inner cross-validation over the other four folds: each one's predictions from a model of the other three.
  const inner = new Map<number, { index: number; score: number }>();
  for (const held of [0, 1, 2, 3, 4]) {
    if (held === fold) continue;
    const innerTrain = trainPages.filter((page) => folds[page] !== held);
    const innerTest = trainPages.filter((page) => folds[page] === held);
    for (const [page, best] of predict(train(innerTrain), innerTest)) inner.set(page, best);
  }
  const threshold = tuneThreshold(inner);
  thresholds.push(threshold);
  const model = train(trainPages);
  for (const [page, best] of predict(model, testPages)) {
    chosen[page] = best.score >= threshold ? best.index : 0;
    scoreOf[page] = best.score;
  }
  console.error(`fold ${fold + 1}: threshold ${threshold.toFixed(3)}`);
}

// In sample, beside it: one model on every page, its threshold tuned on the same pages.
const everyPage = lines.map((_, page) => page);
const inSampleBest = predict(train(everyPage), everyPage);
const inSampleThreshold = tuneThreshold(inSampleBest);
const inSample = new Int32Array(lines.length);
for (const [page, best] of inSampleBest) inSample[page] = best.score >= inSampleThreshold ? best.index : 0;

const pages: Record<string, { candidate: string; score: number }> = {};
lines.forEach((line, page) => {
  pages[`${line.dataset}/${line.id}`] = { candidate: line.candidates[chosen[page]], score: scoreOf[page] };
});
writeFileSync(values.out, JSON.stringify({ thresholds, pages }));
const datasets = [...new Set(lines.map((line) => line.dataset))];
for (const dataset of datasets) {
  const of = lines.map((line, page) => [line, page] as const).filter(([line]) => line.dataset === dataset);
  const mean = (pick: (line: ChoicePageLine, page: number) => number) =>
    of.reduce((sum, [line, page]) => sum + pick(line, page), 0) / of.length;
  const base = mean((line) => f1(line, 'balanced'));
  const oracle = mean((line) => Math.max(...line.candidates.map((name) => f1(line, name))));
  const choice = mean((line, page) => f1(line, line.candidates[chosen[page]]));
  const fitted = mean((line, page) => f1(line, line.candidates[inSample[page]]));
  const switched = of.filter(([, page]) => chosen[page] !== 0).length;
  console.log(
    `${dataset.padEnd(22)} ${of.length} pages  default ${base.toFixed(4)}  oracle ${oracle.toFixed(4)}  choice ${choice.toFixed(4)} (in sample ${fitted.toFixed(4)})  share ${((choice - base) / (oracle - base)).toFixed(3)}  switched ${switched}`,
  );
}
