/**
 * Trains the default extractor's block classifier from the rows that
 * bench/default/export.ts wrote, and the cross-validation models.
 *
 *   npx tsx bench/default/train.ts                 # all datasets → models/pith-blocks.json
 *   npx tsx bench/default/train.ts --folds 5       # + 5-fold models (pages pooled) in .cache/default-models
 *   npx tsx bench/default/train.ts --lodo          # + one model per left-out dataset
 *
 * Rows are weighted by their share of the page's words, so every page counts the
 * same (the metrics average over pages) and, within a page, a block counts by its
 * words (the metrics count words). A block is labelled main content when at least
 * half of its words are covered by gold shingles (see src/features/blocks/labels.ts).
 * Deterministic: same rows, parameters and seed ⇒ the same file.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type GbdtParams, seededRandom, serializeModel, trainGbdt } from '../../src/internal.js';
import { TEXT_GOLD_DATASETS } from './datasets.js';

export interface ExportedPage {
  id: string;
  start: number;
  end: number;
  pageType?: string;
}

export interface ExportedDataset {
  name: string;
  names: string[];
  width: number;
  rows: number;
  pages: ExportedPage[];
  share: number[];
  tokens: number[];
  features: Float32Array;
}

export function readExport(dir: string, name: string): ExportedDataset {
  const meta = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
  const bytes = readFileSync(path.join(dir, `${name}.f32`));
  const features = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return { name, ...meta, features };
}

export const TRAINING_PARAMS: Partial<GbdtParams> = {
  rounds: 200,
  learningRate: 0.1,
  maxDepth: 6,
  minSamplesLeaf: 100,
  minChildWeight: 0.5,
  lambda: 1,
  subsample: 0.7,
  colsampleByTree: 0.6,
  seed: 1,
};

/** Rows of the chosen pages as training data. */
export function assemble(
  datasets: readonly ExportedDataset[],
  choose: (dataset: string, page: number) => boolean,
) {
  const width = datasets[0].width;
  let rows = 0;
  for (const dataset of datasets) {
    dataset.pages.forEach((page, index) => {
      if (choose(dataset.name, index)) rows += page.end - page.start;
    });
  }
  const features = new Float32Array(rows * width);
  const labels = new Float32Array(rows);
  const weights = new Float32Array(rows);
  let at = 0;
  for (const dataset of datasets) {
    dataset.pages.forEach((page, index) => {
      if (!choose(dataset.name, index)) return;
      features.set(dataset.features.subarray(page.start * width, page.end * width), at * width);
      let pageTokens = 0;
      for (let row = page.start; row < page.end; row++) pageTokens += dataset.tokens[row];
      for (let row = page.start; row < page.end; row++) {
        labels[at] = dataset.share[row] >= 0.5 ? 1 : 0;
        weights[at] = (100 * dataset.tokens[row]) / Math.max(1, pageTokens);
        at++;
      }
    });
  }
  return { features, labels, weights, featureNames: datasets[0].names };
}

function train(datasets: readonly ExportedDataset[], choose: (dataset: string, page: number) => boolean) {
  const data = assemble(datasets, choose);
  const started = Date.now();
  const { model } = trainGbdt(data, TRAINING_PARAMS);
  process.stderr.write(
    `  trained on ${data.labels.length} rows in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return model;
}

/** Page → fold, seeded, pooled over datasets. */
export function foldOf(datasets: readonly ExportedDataset[], folds: number, seed = 1): Map<string, number> {
  const keys: string[] = [];
  for (const dataset of datasets) for (const page of dataset.pages) keys.push(`${dataset.name}/${page.id}`);
  const random = seededRandom(seed);
  const order = keys.map((key) => ({ key, r: random() })).sort((a, b) => a.r - b.r);
  return new Map(order.map(({ key }, index) => [key, index % folds]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      in: { type: 'string', default: '.cache/default-train' },
      out: { type: 'string', default: 'models/pith-blocks.json' },
      'cv-dir': { type: 'string', default: '.cache/default-models' },
      folds: { type: 'string' },
      lodo: { type: 'boolean', default: false },
      'no-final': { type: 'boolean', default: false },
    },
  });
  const datasets = TEXT_GOLD_DATASETS.map((name) => readExport(values.in, name));
  await mkdir(values['cv-dir'], { recursive: true });
  const assignments: Record<string, string> = {};
  if (values.folds) {
    const folds = Number(values.folds);
    const fold = foldOf(datasets, folds);
    for (let k = 0; k < folds; k++) {
      process.stderr.write(`fold ${k + 1}/${folds}\n`);
      const model = train(
        datasets,
        (name, index) => fold.get(`${name}/${datasets.find((d) => d.name === name)?.pages[index].id}`) !== k,
      );
      const file = path.join(values['cv-dir'], `fold-${k}.json`);
      await writeFile(file, serializeModel(model));
      for (const [key, value] of fold) if (value === k) assignments[key] = file;
    }
    await writeFile(path.join(values['cv-dir'], 'folds.json'), JSON.stringify(assignments));
  }
  if (values.lodo) {
    const lodo: Record<string, string> = {};
    for (const left of datasets) {
      process.stderr.write(`leave out ${left.name}\n`);
      const model = train(datasets, (name) => name !== left.name);
      const file = path.join(values['cv-dir'], `lodo-${left.name}.json`);
      await writeFile(file, serializeModel(model));
      lodo[left.name] = file;
    }
    await writeFile(path.join(values['cv-dir'], 'lodo.json'), JSON.stringify(lodo));
  }
  if (!values['no-final']) {
    process.stderr.write('final model, all datasets\n');
    const model = train(datasets, () => true);
    // Written aside and renamed into place: an extraction running meanwhile never reads half a model.
    await writeFile(`${values.out}.tmp`, serializeModel(model, { binEdges: false }));
    await rename(`${values.out}.tmp`, values.out);
    process.stderr.write(`wrote ${values.out}\n`);
  }
}
