/**
 * Word F1 of the density extractor on every dataset: the filter alone, the filter
 * plus the shipped classifier (trained on all datasets, so in-sample here), the
 * filter plus a classifier trained without the dataset it is scored on (the honest
 * figure), beside `pith` and `all-text`, in one run on the same pages.
 *
 *   npx tsx bench/density/run.ts [--dataset NAME …] [--limit N] [--resamples 1000] [--min-count 64]
 *
 * Metrics: CleanEval, CleanPortalEval, L3S-GN1 word-sequence P/R/F1 (seed 002; non-ASCII
 * removed for CleanEval and L3S-GN1 as the seed did); trafilatura-eval the snippet
 * metric (micro-averaged); WCXB bag-of-words F1 (its evaluate.py), mean over pages.
 * Speed: pages/s of `extract()` (decode, parse, metadata, extraction, text output) on
 * one thread; reading and scoring are not timed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type DatasetPage,
  datasetScoring,
  listDataset,
  type RunResult,
  resolveDatasetSpec,
  runExtractor,
  scoreBagOfWords,
  snippetTable,
  summariseSnippetRun,
  summariseWordRun,
  wordSequenceTable,
} from '../../src/eval/index.js';
import { extract } from '../../src/index.js';
import {
  countsToFile,
  DEFAULT_MAX_CHUNK_CHARS,
  examplesOf,
  serializeModelFile,
  trainCounts,
} from '../../src/train/index.js';
import { ALL_DATASETS, cachedChunks, SHIPPED_MIN_COUNT } from './common.js';

const SCORED = ['cleaneval', 'cleanportaleval', 'l3s-gn1', 'trafilatura-eval', 'wcxb-dev'];

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    limit: { type: 'string' },
    resamples: { type: 'string', default: '1000' },
    'min-count': { type: 'string', default: String(SHIPPED_MIN_COUNT) },
    'max-chunk-chars': { type: 'string', default: String(DEFAULT_MAX_CHUNK_CHARS) },
  },
  strict: true,
});
const scored = values.dataset && values.dataset.length > 0 ? values.dataset : SCORED;
const limit = values.limit === undefined ? undefined : Number(values.limit);
const bootstrap = { resamples: Number(values.resamples), seed: 1 };
const minCount = Number(values['min-count']);
const maxChunkChars = Number(values['max-chunk-chars']);
const log = (message: string) => process.stderr.write(`${message}\n`);

// Leave-one-dataset-out models: trained on every other dataset of the shared archives.
const modelDir = path.join('.cache', 'density-bench', 'models');
mkdirSync(modelDir, { recursive: true });
const chunks = await cachedChunks(ALL_DATASETS);
const manifest = { datasets: [], command: '', date: '', code: { pith: '', extractor: '' }, options: {} };
function leaveOutModel(name: string): string {
  const file = path.join(modelDir, `without-${name}-k${minCount}-c${maxChunkChars}.json`);
  const training = chunks.filter((d) => d.name !== name).flatMap((d) => examplesOf(d.pages));
  log(`training without ${name} (${training.length} chunks)…`);
  const trained = trainCounts(training, { n: 6, minCount, maxChunkChars });
  writeFileSync(file, serializeModelFile(countsToFile(trained, 60, manifest)));
  return file;
}

type Variant = { label: string; text: (page: DatasetPage) => string };

function variants(name: string): Variant[] {
  const viaApi =
    (extractor: string, extractorOptions: Record<string, unknown> = {}) =>
    (page: DatasetPage) =>
      extract(page.html, { url: page.url, format: 'text', extractor, extractorOptions }).content;
  const withoutThis = leaveOutModel(name);
  return [
    { label: 'all-text', text: viaApi('all-text') },
    { label: 'pith', text: viaApi('pith') },
    { label: 'density: filter alone', text: viaApi('density', { classifier: false }) },
    { label: 'density: filter + classifier (shipped model, in-sample)', text: viaApi('density') },
    {
      label: `density: filter + classifier (model trained without ${name})`,
      text: viaApi('density', { model: withoutThis }),
    },
  ];
}

const cpus = os.cpus();
const out: string[] = [
  `Run ${new Date().toISOString()} · Node ${process.version} · ${os.platform()} ${os.arch()} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} · bootstrap ${bootstrap.resamples} resamples, seed 1 · leave-out models n = 6, min count ${minCount}, max chunk chars ${maxChunkChars}`,
  '',
];

for (const argument of scored) {
  const spec = await resolveDatasetSpec(argument);
  const scoring = await datasetScoring(spec);
  let refs = await listDataset(spec);
  if (limit !== undefined) refs = refs.slice(0, limit);
  const pages: DatasetPage[] = [];
  for (const ref of refs) pages.push(await ref.load());
  const runs: RunResult[] = [];
  const bagF1: { label: string; f1: number; precision: number; recall: number; pagesPerSecond: number }[] =
    [];
  for (const variant of variants(spec.name)) {
    log(`${spec.name} × ${variant.label}…`);
    const run = runExtractor(variant.label, pages, variant.text, {
      word: { removeNonAscii: scoring.removeNonAscii },
    });
    runs.push(run);
    if (scoring.primary === 'bag-of-words') {
      // WCXB: bag-of-words F1 per page, mean over pages (failures as empty text); re-extracts, untimed.
      const scores = pages.map((page) => {
        let text = '';
        try {
          text = variant.text(page);
        } catch {
          text = '';
        }
        return scoreBagOfWords(text, page.gold.text ?? '');
      });
      const mean = (key: 'f1' | 'precision' | 'recall') =>
        scores.reduce((s, x) => s + x[key], 0) / scores.length;
      bagF1.push({
        label: variant.label,
        f1: mean('f1'),
        precision: mean('precision'),
        recall: mean('recall'),
        pagesPerSecond: pages.length / (run.extractMs / 1000),
      });
    }
  }
  out.push(`### ${spec.name} (n = ${pages.length}, metric: ${scoring.primary})`, '');
  if (scoring.primary === 'snippets') {
    out.push(snippetTable(runs.map((run) => summariseSnippetRun(run, bootstrap))));
  } else if (scoring.primary === 'bag-of-words') {
    out.push('| extractor | precision | recall | F1 | pages/s |', '| --- | ---: | ---: | ---: | ---: |');
    for (const row of bagF1) {
      out.push(
        `| ${row.label} | ${row.precision.toFixed(3)} | ${row.recall.toFixed(3)} | ${row.f1.toFixed(3)} | ${row.pagesPerSecond.toFixed(0)} |`,
      );
    }
  } else {
    out.push(wordSequenceTable(runs.map((run) => summariseWordRun(run, bootstrap))));
  }
  out.push('');
  process.stdout.write(`${out.splice(0).join('\n')}\n`);
}
