/**
 * Tunes CUTER's parameters that the paper leaves open (minTP rule and value, AL, the
 * neighbourhood reach, the formatting weight, the subtree-drop share, fill), by
 * coordinate descent on mean word F1, with leave-one-dataset-out figures: tune on all
 * datasets but one, score the held-out one. maxLP (0.5) and the merge divisor (3) are
 * the paper's and stay fixed; so do the title hint and the ad class (the paper's cues,
 * measured apart by evaluate.ts's ablations).
 *
 *   npx tsx bench/cuter/tune.ts [--dataset cleaneval --dataset l3s-gn1 --dataset cleanportaleval]
 *     [--limit N] [--rounds 4] [--out .cache/cuter/tune.json]
 *
 * Objective: the mean over the training datasets of each dataset's mean page F1
 * (seed 002's word-sequence F1; a page whose output or gold is empty scores 0, both
 * empty 1), so each dataset weighs the same whatever its size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CUTER_DEFAULTS, type CuterOptions, MIN_TP_RULES, type MinTpRule } from 'pith/internal';
import { DATASETS, type DatasetName, loadDataset, parseDatasetSpec } from './pages.js';
import { type PreparedPage, preparePage, scoreSettings } from './prepare.js';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    limit: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    out: { type: 'string', default: path.join('.cache', 'cuter', 'tune.json') },
  },
  strict: true,
});

const specs = values.dataset && values.dataset.length > 0 ? values.dataset : [...DATASETS];
const limit = values.limit === undefined ? undefined : Number(values.limit);
const rounds = Number(values.rounds);

/** The grid each coordinate moves on. */
const MIN_TP_GRID: Record<MinTpRule, readonly number[]> = {
  fixed: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02],
  chars: [5, 10, 20, 40, 80, 160],
  mean: [0.1, 0.25, 0.5, 1, 2, 4],
  max: [0.01, 0.02, 0.05, 0.1, 0.2, 0.33],
};
type Settings = CuterOptions;
const COORDINATES: { name: string; options: (current: Settings) => Settings[] }[] = [
  {
    name: 'minTp',
    options: (current) =>
      MIN_TP_RULES.flatMap((minTpRule) =>
        MIN_TP_GRID[minTpRule].map((minTp) => ({ ...current, minTpRule, minTp })),
      ),
  },
  { name: 'al', options: (current) => [0.1, 0.25, 0.5, 0.75, 1].map((al) => ({ ...current, al })) },
  {
    name: 'maxGap',
    options: (current) => [0, 2, 4, 8, 16, 32, 64].map((maxGap) => ({ ...current, maxGap })),
  },
  {
    name: 'formattingWeight',
    options: (current) =>
      [0, 0.5, 1, 2, 4, 8, 16].map((formattingWeight) => ({ ...current, formattingWeight })),
  },
  {
    name: 'dropShare',
    options: (current) => [0, 0.1, 0.25, 0.5, 1].map((dropShare) => ({ ...current, dropShare })),
  },
  { name: 'fill', options: (current) => [true, false].map((fill) => ({ ...current, fill })) },
];

/** The starting point: the paper's values where it has them, a middle value elsewhere. */
const START: Settings = {
  ...CUTER_DEFAULTS,
  maxLp: 0.5,
  mergeDivisor: 3,
  minTpRule: 'mean',
  minTp: 0.5,
  al: 0.5,
  maxGap: 8,
  formattingWeight: 0,
  dropShare: 0.5,
  fill: true,
  adCues: true,
  titleHint: true,
  sizeUnit: 'characters',
};

const keyOf = (settings: Settings) => JSON.stringify(settings);

const datasets: { name: DatasetName; prepared: PreparedPage[] }[] = [];
for (const spec of specs) {
  const { name, dir } = parseDatasetSpec(spec);
  process.stderr.write(`${name}: loading ${dir}\n`);
  const pages = await loadDataset(name, dir, limit);
  datasets.push({ name, prepared: pages.map(preparePage) });
}

/** Per-dataset page scores of each evaluated setting. */
const evaluated = new Map<string, Map<DatasetName, { f1: number[]; accuracy: number[]; noise: number[] }>>();
let evaluations = 0;
function scores(settings: Settings) {
  const key = keyOf(settings);
  let result = evaluated.get(key);
  if (!result) {
    result = new Map();
    for (const { name, prepared } of datasets) {
      const f1: number[] = [];
      const accuracy: number[] = [];
      const noise: number[] = [];
      for (const page of prepared) {
        const score = scoreSettings(page, settings);
        f1.push(score.f1);
        accuracy.push(score.accuracy);
        noise.push(score.noise);
      }
      result.set(name, { f1, accuracy, noise });
    }
    evaluated.set(key, result);
    evaluations++;
    if (evaluations % 20 === 0) process.stderr.write(`  ${evaluations} settings evaluated\n`);
  }
  return result;
}

const mean = (values: readonly number[]) => {
  const finite = values.filter((value) => !Number.isNaN(value));
  return finite.length > 0 ? finite.reduce((sum, value) => sum + value, 0) / finite.length : Number.NaN;
};

/** Macro mean F1 over the given datasets. */
function objective(settings: Settings, names: readonly DatasetName[]): number {
  const result = scores(settings);
  return mean(names.map((name) => mean(result.get(name)?.f1 ?? [])));
}

function tune(names: readonly DatasetName[]): { settings: Settings; objective: number; path: string[] } {
  let current = START;
  let best = objective(current, names);
  const trail: string[] = [];
  for (let round = 0; round < rounds; round++) {
    let changed = false;
    for (const coordinate of COORDINATES) {
      for (const candidate of coordinate.options(current)) {
        const value = objective(candidate, names);
        // Strictly better only: ties keep the current (earlier, simpler) setting.
        if (value > best + 1e-9) {
          best = value;
          current = candidate;
          changed = true;
          trail.push(`round ${round + 1} ${coordinate.name}: ${describe(candidate)} → ${value.toFixed(4)}`);
        }
      }
    }
    if (!changed) break;
  }
  return { settings: current, objective: best, path: trail };
}

function describe(settings: Settings): string {
  return `minTP ${settings.minTpRule} ${settings.minTp}, AL ${settings.al}, maxGap ${settings.maxGap}, formatting ${settings.formattingWeight}, dropShare ${settings.dropShare}, fill ${settings.fill}`;
}

function heldOut(settings: Settings, name: DatasetName) {
  const result = scores(settings).get(name);
  if (!result) throw new Error(`no scores for ${name}`);
  return { f1: mean(result.f1), accuracy: mean(result.accuracy), noise: mean(result.noise) };
}

const names = datasets.map((dataset) => dataset.name);
const started = Date.now();
const all = tune(names);
process.stderr.write(`all datasets: ${describe(all.settings)} (${all.objective.toFixed(4)})\n`);
const folds = names.map((held) => {
  const training = names.filter((name) => name !== held);
  const tuned = tune(training);
  process.stderr.write(`without ${held}: ${describe(tuned.settings)}\n`);
  return {
    heldOut: held,
    training,
    settings: tuned.settings,
    trainingObjective: tuned.objective,
    path: tuned.path,
    scoreTuned: heldOut(tuned.settings, held),
    scoreAll: heldOut(all.settings, held),
    scoreStart: heldOut(START, held),
  };
});

const cpus = os.cpus();
const report = {
  date: new Date().toISOString(),
  node: process.version,
  machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
  pages: Object.fromEntries(datasets.map((dataset) => [dataset.name, dataset.prepared.length])),
  evaluations,
  seconds: (Date.now() - started) / 1000,
  start: START,
  all: { settings: all.settings, objective: all.objective, path: all.path },
  folds,
};
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);

const f = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3));
const lines = [
  `Run ${report.date} · Node ${report.node} · ${report.machine} · ${evaluations} settings evaluated in ${report.seconds.toFixed(0)} s`,
  `pages: ${Object.entries(report.pages)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ')}`,
  '',
  `Tuned on all: ${describe(all.settings)} (objective ${all.objective.toFixed(4)})`,
  '',
  '| held out | tuned on | settings tuned without it | F1 held out (tuned without) | accuracy | noise | F1 (tuned on all, in-sample) | F1 (start) |',
  '|---|---|---|---:|---:|---:|---:|---:|',
  ...folds.map(
    (fold) =>
      `| ${fold.heldOut} | ${fold.training.join(' + ')} | ${describe(fold.settings)} | ${f(fold.scoreTuned.f1)} | ${f(fold.scoreTuned.accuracy)} | ${f(fold.scoreTuned.noise)} | ${f(fold.scoreAll.f1)} | ${f(fold.scoreStart.f1)} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
