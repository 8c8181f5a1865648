/**
 * Held-out error rates of the density extractor's boilerplate classifier, and the
 * model size / error trade-off of pruning (Markdown on stdout, progress on stderr).
 *
 *   npx tsx bench/density/errors.ts [--dataset NAME …] [--n 6] [--min-counts 2,3,5,10,20,50]
 *     [--max-chunk-chars 2000] [--min-text-chars 60] [--all-lines] [--seed 1]
 *
 * For every evaluation fold (the seeded 90/10 page split, and each leave-one-dataset-out
 * fold) the n-gram counts are taken once, pruned at the smallest min count, then pruned
 * harder for the others (`filterCounts`: the same as pruning from scratch). The size is
 * that of the model file trained on all pages with each min count (without a manifest). A last
 * table splits the errors by direction (keep chunks dropped / discard chunks kept).
 * Datasets default to every archive in ../shared/datasets, read from .cache/datasets
 * (`npm run datasets`); labelled chunks are cached in .cache/density-bench/.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  type CategoryCounts,
  countsToFile,
  countsToModel,
  type DatasetChunks,
  type ErrorCounts,
  errorCounts,
  examplesOf,
  filterCounts,
  serializeModelFile,
  splitPages,
  sumErrorCounts,
  type TrainedCounts,
  type TrainingExample,
  trainCounts,
} from '@pith/workbench/train';
import { DEFAULT_MIN_TEXT_CHARS } from 'pith/internal';
import { ALL_DATASETS, cachedChunks } from './common.js';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    n: { type: 'string', default: '6' },
    'min-counts': { type: 'string', default: '2,3,5,10,20,50' },
    'max-chunk-chars': { type: 'string', default: '2000' },
    'min-text-chars': { type: 'string', default: String(DEFAULT_MIN_TEXT_CHARS) },
    'all-lines': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
  strict: true,
});

const datasetNames = values.dataset && values.dataset.length > 0 ? values.dataset : [...ALL_DATASETS];
const n = Number(values.n);
const minCounts = values['min-counts']
  .split(',')
  .map(Number)
  .sort((x, y) => x - y);
const maxChunkChars = Number(values['max-chunk-chars']);
const minTextChars = Number(values['min-text-chars']);
const seed = Number(values.seed);
const visibleOnly = !values['all-lines'];

const log = (message: string) => process.stderr.write(`${message}\n`);
const started = performance.now();

const cached = await cachedChunks(datasetNames, { minTextChars, minShare: 0.5, visibleOnly, filter: true });
const datasets: DatasetChunks[] = cached.map((d) => ({ name: d.name, pages: d.pages }));

function pruned(trained: TrainedCounts, minCount: number): TrainedCounts {
  const category = (c: CategoryCounts): CategoryCounts => ({
    ...c,
    counts: filterCounts(c.counts, minCount),
  });
  return { ...trained, minCount, keep: category(trained.keep), discard: category(trained.discard) };
}

/** Error counts of a model trained on `training`, tested on each test set, for every min count. */
function fold(training: TrainingExample[], tests: TrainingExample[][]): Map<number, ErrorCounts[]> {
  const base = trainCounts(training, { n, minCount: minCounts[0], maxChunkChars });
  const out = new Map<number, ErrorCounts[]>();
  for (const minCount of minCounts) {
    const model = countsToModel(pruned(base, minCount), minTextChars);
    out.set(
      minCount,
      tests.map((test) => errorCounts(model, test)),
    );
  }
  return out;
}

// 90/10 split: one fold.
const splits = datasets.map((dataset) => splitPages(dataset.pages, seed));
log('90/10 split…');
const splitResults = fold(
  splits.flatMap((split) => examplesOf(split.train)),
  splits.map((split) => examplesOf(split.test)),
);

// Leave one dataset out: one fold per dataset.
const looResults = new Map<number, ErrorCounts[]>(minCounts.map((k) => [k, []]));
for (const held of datasets) {
  log(`leave out ${held.name}…`);
  const result = fold(
    datasets.filter((d) => d !== held).flatMap((d) => examplesOf(d.pages)),
    [examplesOf(held.pages)],
  );
  for (const k of minCounts) looResults.get(k)?.push(...(result.get(k) ?? []));
}

// Sizes: the model trained on everything.
log('all pages…');
const all = trainCounts(
  datasets.flatMap((d) => examplesOf(d.pages)),
  { n, minCount: minCounts[0], maxChunkChars },
);
const manifest = { datasets: [], command: '', date: '', code: { pith: '', extractor: '' }, options: {} };

const pct = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '–');
const cpus = os.cpus();
const out: string[] = [];
out.push(
  `Run ${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} · ` +
    `n = ${n}, maxChunkChars ${maxChunkChars}, minTextChars ${minTextChars}, ${visibleOnly ? 'visible lines' : 'all lines'}, seed ${seed}`,
  '',
  `Datasets: ${cached.map((d) => `${d.name} (${d.manifest.pages} pages, ${d.manifest.keep} keep / ${d.manifest.discard} discard / ${d.manifest.unlabelled} unlabelled chunks)`).join('; ')}.`,
  '',
  '| min count | model file | keep n-grams | discard n-grams | 90/10 error | 90/10 keep-all | leave-one-out error | leave-one-out keep-all |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const k of minCounts) {
  const trained = pruned(all, k);
  const bytes = Buffer.byteLength(serializeModelFile(countsToFile(trained, minTextChars, manifest)));
  const split = sumErrorCounts(splitResults.get(k) ?? []);
  const loo = sumErrorCounts(looResults.get(k) ?? []);
  out.push(
    `| ${k} | ${(bytes / 1024).toFixed(0)} KiB | ${trained.keep.counts.chars.length} | ${trained.discard.counts.chars.length} | ` +
      `${pct(split.rate)} | ${pct(split.keepAllRate)} | ${pct(loo.rate)} | ${pct(loo.keepAllRate)} |`,
  );
}
out.push(
  '',
  'Per dataset (errors / chunks; keep-all = the error of keeping every chunk, the filter alone):',
  '',
);
out.push(
  `| dataset | ${minCounts.map((k) => `90/10, k=${k}`).join(' | ')} | 90/10 keep-all | ${minCounts.map((k) => `LOO, k=${k}`).join(' | ')} | LOO keep-all |`,
  `| --- | ${[...minCounts, 0, ...minCounts, 0].map(() => '---:').join(' | ')} |`,
);
datasets.forEach((dataset, i) => {
  const splitCells = minCounts.map((k) => {
    const e = (splitResults.get(k) ?? [])[i];
    return `${pct(e.rate)} (${e.errors}/${e.chunks})`;
  });
  const looCells = minCounts.map((k) => {
    const e = (looResults.get(k) ?? [])[i];
    return `${pct(e.rate)} (${e.errors}/${e.chunks})`;
  });
  const splitBase = (splitResults.get(minCounts[0]) ?? [])[i];
  const looBase = (looResults.get(minCounts[0]) ?? [])[i];
  out.push(
    `| ${dataset.name} | ${splitCells.join(' | ')} | ${pct(splitBase.keepAllRate)} | ${looCells.join(' | ')} | ${pct(looBase.keepAllRate)} |`,
  );
});
// Which way the errors go: a keep chunk dropped (lost content) or a discard chunk kept (noise).
out.push(
  '',
  'Errors by direction (keep → discard: content dropped; discard → keep: boilerplate kept), per min count:',
  '',
  `| dataset | ${minCounts.map((k) => `90/10, k=${k}`).join(' | ')} | ${minCounts.map((k) => `LOO, k=${k}`).join(' | ')} |`,
  `| --- | ${[...minCounts, ...minCounts].map(() => '---:').join(' | ')} |`,
);
const direction = (e: ErrorCounts) => `${e.keepAsDiscard} / ${e.discardAsKeep}`;
datasets.forEach((dataset, i) => {
  const cells = [
    ...minCounts.map((k) => direction((splitResults.get(k) ?? [])[i])),
    ...minCounts.map((k) => direction((looResults.get(k) ?? [])[i])),
  ];
  out.push(`| ${dataset.name} | ${cells.join(' | ')} |`);
});
out.push('', `Wall time ${((performance.now() - started) / 1000).toFixed(0)} s (shared machine).`);
process.stdout.write(`${out.join('\n')}\n`);
