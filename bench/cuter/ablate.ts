/**
 * What each part of CUTER contributes: the defaults against variants with one part
 * changed (the title hint off, no ad class, sizes in bytes, no formatting cue, the
 * paper's rules read literally…), and each minTP rule at its best value. Mean word F1,
 * accuracy and noise per dataset; the same scoring as tune.ts.
 *
 *   npx tsx bench/cuter/ablate.ts [--dataset …] [--limit N]
 */
import { parseArgs } from 'node:util';
import { markdownTable } from '@pith/workbench/eval';
import { CUTER_DEFAULTS, type CuterOptions, MIN_TP_RULES } from 'pith/internal';
import { DATASETS, type DatasetName, loadDataset, parseDatasetSpec } from './pages.js';
import { type PreparedPage, preparePage, scoreSettings } from './prepare.js';

const { values } = parseArgs({
  options: { dataset: { type: 'string', multiple: true }, limit: { type: 'string' } },
  strict: true,
});
const specs = values.dataset && values.dataset.length > 0 ? values.dataset : [...DATASETS];
const limit = values.limit === undefined ? undefined : Number(values.limit);

const datasets: { name: DatasetName; prepared: PreparedPage[] }[] = [];
for (const spec of specs) {
  const { name, dir } = parseDatasetSpec(spec);
  process.stderr.write(`${name}: loading ${dir}\n`);
  datasets.push({ name, prepared: (await loadDataset(name, dir, limit)).map(preparePage) });
}

const mean = (list: readonly number[]) => {
  const finite = list.filter((value) => !Number.isNaN(value));
  return finite.length > 0 ? finite.reduce((sum, value) => sum + value, 0) / finite.length : Number.NaN;
};

function measure(settings: CuterOptions) {
  return datasets.map(({ prepared }) => {
    const scores = prepared.map((page) => scoreSettings(page, settings));
    return {
      f1: mean(scores.map((score) => score.f1)),
      accuracy: mean(scores.map((score) => score.accuracy)),
      noise: mean(scores.map((score) => score.noise)),
    };
  });
}

const base: CuterOptions = { ...CUTER_DEFAULTS };
const variants: [string, Partial<CuterOptions>][] = [
  ['defaults', {}],
  ['no title hint', { titleHint: false }],
  ['no ad class (adCues false)', { adCues: false }],
  ['sizes in UTF-8 bytes', { sizeUnit: 'bytes' }],
  ['no formatting cue (weight 0)', { formattingWeight: 0 }],
  ['members only (fill false)', { fill: false }],
  ['no reach limit (maxGap 0)', { maxGap: 0 }],
  ['every link-heavy subtree dropped (dropShare 1)', { dropShare: 1 }],
  ['only text units judged by LP (dropShare 0)', { dropShare: 0 }],
  ['no minTP (fixed 0)', { minTpRule: 'fixed', minTp: 0 }],
  ['AL 1 (the longest group)', { al: 1 }],
  ['AL 0 (the first group)', { al: 0 }],
  [
    'the paper read literally (no minTP, no reach limit, no formatting weight, every link-heavy subtree, members only)',
    { minTpRule: 'fixed', minTp: 0, maxGap: 0, formattingWeight: 0, dropShare: 1, fill: false },
  ],
];

const cell = (result: { f1: number; accuracy: number; noise: number }) =>
  `${result.f1.toFixed(3)} / ${(100 * result.accuracy).toFixed(1)}% / ${(100 * result.noise).toFixed(1)}%`;
const headers = [
  'variant',
  ...datasets.map(({ name, prepared }) => `${name} (n = ${prepared.length}) F1 / acc / noise`),
];
const rows = variants.map(([label, change]) => [label, ...measure({ ...base, ...change }).map(cell)]);
process.stdout.write(
  `Ablations from the defaults ${JSON.stringify(base)}\n\n${markdownTable(headers, rows)}\n\n`,
);

const grids: Record<string, number[]> = {
  fixed: [0, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02],
  chars: [0, 5, 10, 20, 40, 80, 160],
  mean: [0.1, 0.25, 0.5, 1, 2, 4],
  max: [0.01, 0.02, 0.05, 0.1, 0.2, 0.33],
};
const ruleRows: string[][] = [];
for (const rule of MIN_TP_RULES) {
  let best: { value: number; results: ReturnType<typeof measure>; macro: number } | undefined;
  for (const value of grids[rule]) {
    const results = measure({ ...base, minTpRule: rule, minTp: value });
    const macro = mean(results.map((result) => result.f1));
    if (!best || macro > best.macro) best = { value, results, macro };
  }
  if (best) ruleRows.push([`${rule} ${best.value}`, best.macro.toFixed(4), ...best.results.map(cell)]);
}
process.stdout.write(
  `Each minTP rule at its best value (others at the defaults):\n\n${markdownTable(
    ['rule and best value', 'macro F1', ...datasets.map(({ name }) => `${name} F1 / acc / noise`)],
    ruleRows,
  )}\n`,
);
