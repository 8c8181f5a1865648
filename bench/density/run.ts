/**
 * Word F1 of the density extractor, measured with `pith bench`. This script builds
 * what the bench needs and prints the commands:
 *
 *   npx tsx bench/density/run.ts [--dataset NAME …] [--min-count 64] [--max-chunk-chars 2000]
 *
 * 1. One bench run over every dataset: `pith` (the default extractor), `density` (filter +
 *    the shipped classifier, trained on all datasets, so in-sample here) and
 *    `density:classifier=false` (the filter alone), on the same pages.
 * 2. The held-out figure: per dataset, `density:model=…` with a model trained on every
 *    *other* dataset (same options as the shipped model). The models are written to
 *    `.cache/density-bench/models/without-NAME-HASH.json` (HASH of the file's bytes, so a
 *    retrained model never hits outputs the bench cached for an older one).
 *
 * Datasets are read from .cache/datasets (`npm run datasets`); labelled chunks are cached in
 * .cache/density-bench/ (see common.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  countsToFile,
  DEFAULT_MAX_CHUNK_CHARS,
  DEFAULT_N,
  examplesOf,
  serializeModelFile,
  trainCounts,
} from '@pith/workbench/train';
import { DEFAULT_MIN_TEXT_CHARS } from 'pith/internal';
import { ALL_DATASETS, cachedChunks, SHIPPED_MIN_COUNT } from './common.js';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    'min-count': { type: 'string', default: String(SHIPPED_MIN_COUNT) },
    'max-chunk-chars': { type: 'string', default: String(DEFAULT_MAX_CHUNK_CHARS) },
  },
  strict: true,
});
const scored = values.dataset && values.dataset.length > 0 ? values.dataset : [...ALL_DATASETS];
const minCount = Number(values['min-count']);
const maxChunkChars = Number(values['max-chunk-chars']);
const log = (message: string) => process.stderr.write(`${message}\n`);

const modelDir = path.join('.cache', 'density-bench', 'models');
mkdirSync(modelDir, { recursive: true });
const chunks = await cachedChunks(ALL_DATASETS);

/** Trains the model that never saw `name`; returns its path. */
function leaveOutModel(name: string): string {
  const training = chunks.filter((d) => d.name !== name).flatMap((d) => examplesOf(d.pages));
  log(`training without ${name} (${training.length} chunks)…`);
  const trained = trainCounts(training, { n: DEFAULT_N, minCount, maxChunkChars });
  const manifest = {
    datasets: chunks.filter((d) => d.name !== name).map((d) => d.manifest),
    command: `npx tsx bench/density/run.ts --min-count ${minCount} --max-chunk-chars ${maxChunkChars}`,
    date: '',
    code: { pith: '', extractor: '' },
    options: { n: DEFAULT_N, minCount, maxChunkChars, minTextChars: DEFAULT_MIN_TEXT_CHARS },
  };
  const text = serializeModelFile(countsToFile(trained, DEFAULT_MIN_TEXT_CHARS, manifest));
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  const file = path.join(modelDir, `without-${name}-${hash}.json`);
  writeFileSync(file, text);
  return file;
}

const commands: string[] = [
  '# 1. filter alone, filter + shipped classifier (in-sample), pith, on every dataset',
  `nice -n 10 npx tsx packages/cli/src/main.ts bench ${scored.map((d) => `-d ${d}`).join(' ')} ` +
    '-e pith -e density -e density:classifier=false --speed --out .cache/bench/density-all',
  '# 2. filter + a classifier trained without the dataset it is scored on',
];
for (const name of scored) {
  const model = leaveOutModel(name);
  commands.push(
    `nice -n 10 npx tsx packages/cli/src/main.ts bench -d ${name} -e density:model=${model} --out .cache/bench/density-without-${name}`,
  );
}
process.stdout.write(`${commands.join('\n')}\n`);
