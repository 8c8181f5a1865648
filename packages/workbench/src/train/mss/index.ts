/**
 * train/mss: MSS's token classifier (`models/mss.json`, `pith train mss`; Pasternack & Roth,
 * WWW 2009). Every token of every page is labelled against the page's gold text (labels.ts);
 * the naive Bayes model is the count of each feature value (token trigram, parent tag) per
 * class, trigrams seen fewer than `minCount` times pruned. Held out: one model per fold by site
 * and one per dataset left out, each written with a held-out file the bench scores
 * (`pith bench -e mss:held-out=FILE`), so every page of a training dataset gets a figure from a
 * model that never saw its site (or its dataset).
 */
import path from 'node:path';
import {
  MSS_MODEL_FORMAT,
  MSS_MODEL_FORMAT_VERSION,
  type MssFeatureFile,
  type MssModelFile,
  mss,
  type TrainingManifest,
  trigramAt,
} from 'pith/internal';
import { type DatasetSpec, listDataset, pageDigest, siteOf } from '../../eval/index.js';
import { SCORED_EXTRACTION_CODE, TRAINING_ROOM_CODE } from '../code.js';
import { resolveDatasets, trainingListOptions } from '../datasets.js';
import { type GroupedItem, groupedFolds } from '../folds.js';
import { type HeldOutFigure, scoreHeldOut, writeHeldOut } from '../held-out.js';
import { manifestCode } from '../manifest.js';
import { writeModelFile } from '../model-file.js';
import { DEFAULT_MSS_MIN_BLOCK, labelTokens } from './labels.js';

export { DEFAULT_MSS_MIN_BLOCK, goldPieces, type LabelledTokens, labelTokens } from './labels.js';

export const DEFAULT_MSS_MIN_COUNT = 8;
/** The datasets the shipped model is trained on: seed 002's two. */
export const MSS_TRAINING_DATASETS: readonly string[] = ['cleaneval', 'l3s-gn1'];

/**
 * The code an MSS model depends on (repository paths): everything src/train/mss imports,
 * directly or not (the bench included: it scores the held-out models, whose figures the manifest
 * records), and the lock file (the parser's, decoder's and stemmer's packages).
 * test/train/code-paths.test.ts checks that this list covers the import graph.
 */
export const MSS_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/mss',
  ...SCORED_EXTRACTION_CODE,
];

/** One page's tokens as feature ids (interned over the whole run) and labels. */
interface PageTokens {
  trigrams: Int32Array;
  parents: Int32Array;
  labels: Uint8Array;
  site: string | undefined;
  digest: string;
}

interface DatasetTokens {
  name: string;
  argument: string;
  format: string;
  pages: PageTokens[];
  skipped: number;
}

class Interner {
  readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
}

/** Counts per class of each value of one feature, over the chosen pages. */
function featureFile(
  values: readonly string[],
  pages: readonly PageTokens[],
  of: (page: PageTokens) => Int32Array,
  minCount: number,
): MssFeatureFile {
  const content = new Int32Array(values.length);
  const other = new Int32Array(values.length);
  for (const page of pages) {
    const ids = of(page);
    for (let i = 0; i < ids.length; i++) {
      if (page.labels[i] === 1) content[ids[i]]++;
      else other[ids[i]]++;
    }
  }
  let vocabulary = 0;
  const kept: number[] = [];
  for (let id = 0; id < values.length; id++) {
    const total = content[id] + other[id];
    if (total === 0) continue;
    vocabulary++;
    if (total >= minCount) kept.push(id);
  }
  // Sorted by value, for a deterministic file whatever order the pages came in.
  kept.sort((a, b) => (values[a] < values[b] ? -1 : values[a] > values[b] ? 1 : 0));
  return {
    vocabulary,
    values: kept.map((id) => values[id]),
    content: kept.map((id) => content[id]),
    other: kept.map((id) => other[id]),
  };
}

function modelOf(
  pages: readonly PageTokens[],
  interned: { trigrams: Interner; parents: Interner },
  minCount: number,
  manifest: TrainingManifest,
): MssModelFile {
  let contentTokens = 0;
  let otherTokens = 0;
  for (const page of pages)
    for (const label of page.labels) {
      if (label === 1) contentTokens++;
      else otherTokens++;
    }
  return {
    format: MSS_MODEL_FORMAT,
    formatVersion: MSS_MODEL_FORMAT_VERSION,
    contentTokens,
    otherTokens,
    minCount,
    trigram: featureFile(interned.trigrams.values, pages, (page) => page.trigrams, minCount),
    parent: featureFile(interned.parents.values, pages, (page) => page.parents, 1),
    manifest,
  };
}

export interface TrainMssOptions {
  /** `--dataset` arguments (FORMAT:PATH, PATH or NAME); default MSS_TRAINING_DATASETS. */
  datasets?: readonly string[];
  minCount?: number;
  minBlock?: number;
  /** Cross-validation folds by site (0: none). */
  folds?: number;
  foldSeed?: number;
  leaveOneDatasetOut?: boolean;
  /** Train the model on every page (default true). */
  final?: boolean;
  /** Score the held-out models with the bench (default true). */
  evaluate?: boolean;
  jobs?: number;
  heldOutDir: string;
  limit?: number;
  command: string;
  log?: (message: string) => void;
  onPage?: (dataset: string, done: number, total: number) => void;
}

export interface TrainMssResult {
  file?: MssModelFile;
  text?: string;
  manifest: TrainingManifest;
  heldOut: { folds?: string; leaveOneDatasetOut?: string };
  figures: { folds?: Record<string, HeldOutFigure>; leaveOneDatasetOut?: Record<string, HeldOutFigure> };
}

/** Labels every page, writes the held-out models and scores them, then trains on every page. */
export async function trainMss(options: TrainMssOptions): Promise<TrainMssResult> {
  const log = options.log ?? (() => {});
  const argumentsList = options.datasets?.length ? options.datasets : MSS_TRAINING_DATASETS;
  const minCount = options.minCount ?? DEFAULT_MSS_MIN_COUNT;
  const minBlock = options.minBlock ?? DEFAULT_MSS_MIN_BLOCK;
  const foldSeed = options.foldSeed ?? 1;
  const list = trainingListOptions();
  const specs: DatasetSpec[] = await resolveDatasets(argumentsList);
  const interned = { trigrams: new Interner(), parents: new Interner() };
  const datasets: DatasetTokens[] = [];
  for (const [d, spec] of specs.entries()) {
    let refs = await listDataset(spec, list);
    if (options.limit !== undefined) refs = refs.slice(0, options.limit);
    const dataset: DatasetTokens = {
      name: spec.name,
      argument: argumentsList[d],
      format: spec.format,
      pages: [],
      skipped: 0,
    };
    for (const [done, ref] of refs.entries()) {
      const page = await ref.load();
      let labelled: ReturnType<typeof labelTokens> = null;
      try {
        labelled = labelTokens(page, minBlock);
      } catch {
        labelled = null;
      }
      if (!labelled) {
        dataset.skipped++;
        continue;
      }
      const { forms, parents, labels } = labelled;
      dataset.pages.push({
        trigrams: Int32Array.from(forms, (_, i) => interned.trigrams.id(trigramAt(forms, i))),
        parents: Int32Array.from(parents, (parent) => interned.parents.id(parent)),
        labels,
        site: page.url === undefined ? undefined : siteOf(page.url),
        digest: pageDigest(page.html),
      });
      options.onPage?.(spec.name, done + 1, refs.length);
    }
    const tokens = dataset.pages.reduce((sum, p) => sum + p.labels.length, 0);
    const content = dataset.pages.reduce((sum, p) => sum + p.labels.reduce((a, b) => a + b, 0), 0);
    log(
      `${spec.name}: ${dataset.pages.length} pages, ${tokens} tokens (${content} content)` +
        (dataset.skipped ? `; ${dataset.skipped} pages skipped (no gold text or unparsable)` : ''),
    );
    datasets.push(dataset);
  }
  const code = manifestCode(MSS_MODEL_CODE, mss.version);
  const manifestOptions = {
    minCount,
    minBlock,
    ...(options.folds ? { folds: options.folds, foldSeed } : {}),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  };
  const datasetEntries = datasets.map((dataset) => {
    let content = 0;
    let tokens = 0;
    for (const page of dataset.pages) {
      tokens += page.labels.length;
      for (const label of page.labels) content += label;
    }
    return {
      name: dataset.name,
      format: dataset.format,
      path: dataset.argument,
      pages: dataset.pages.length,
      chunks: tokens,
      keep: content,
      discard: tokens - content,
      unlabelled: 0,
    };
  });
  const manifestOf = (datasetsUsed: typeof datasetEntries, extra: Record<string, unknown> = {}) => ({
    datasets: datasetsUsed,
    command: options.command,
    date: code.date,
    code: { pith: code.code.pith, extractor: mss.version, ...(code.code.git ? { git: code.code.git } : {}) },
    options: { ...manifestOptions, ...extra } as TrainingManifest['options'],
  });
  const names = datasets.map((dataset) => dataset.name);
  const result: TrainMssResult = { manifest: manifestOf(datasetEntries), heldOut: {}, figures: {} };

  const heldOutModels = async (
    scheme: string,
    fileName: string,
    parts: readonly string[],
    partOf: (dataset: number, page: number) => number,
  ) => {
    const models: string[] = [];
    for (const [index, part] of parts.entries()) {
      const training = datasets.flatMap((dataset, d) =>
        dataset.pages.filter((_, p) => partOf(d, p) !== index),
      );
      log(`${part} (${scheme}): training on ${training.length} pages`);
      const model = modelOf(training, interned, minCount, manifestOf(datasetEntries, { heldOut: part }));
      const file = path.join(options.heldOutDir, `${fileName}-${part.replace(/[^\w.-]+/g, '-')}.json`);
      await writeModelFile(file, `${JSON.stringify(model)}\n`);
      models.push(file);
    }
    const pages = new Map<string, number>();
    datasets.forEach((dataset, d) => {
      dataset.pages.forEach((page, p) => {
        pages.set(page.digest, partOf(d, p));
      });
    });
    const file = path.join(options.heldOutDir, `${fileName}.json`);
    await writeHeldOut(file, { extractor: 'mss', option: 'model', scheme, datasets: names, models, pages });
    log(`held-out file ${file}`);
    const figures =
      options.evaluate === false
        ? undefined
        : await scoreHeldOut(file, specs, {
            extractor: 'mss',
            jobs: options.jobs ?? 1,
            list,
            ...(options.limit === undefined ? {} : { limit: options.limit }),
            log,
          });
    return { file, figures };
  };

  const evaluation: Record<string, unknown> = {};
  if (options.folds) {
    const k = options.folds;
    const scheme = `${k}-fold by site`;
    const items: GroupedItem[] = datasets.flatMap((dataset) =>
      dataset.pages.map((page) => ({
        keys: [`bytes:${page.digest}`, ...(page.site === undefined ? [] : [`site:${page.site}`])],
        stratum: dataset.name,
      })),
    );
    const fold = groupedFolds(items, k, foldSeed);
    const offsets = datasets.map((_, d) => datasets.slice(0, d).reduce((sum, x) => sum + x.pages.length, 0));
    const parts = Array.from({ length: k }, (_, f) => `fold ${f + 1} of ${k}`);
    const { file, figures } = await heldOutModels(
      scheme,
      `folds-${k}-by-site`,
      parts,
      (d, p) => fold[offsets[d] + p],
    );
    result.heldOut.folds = file;
    if (figures) {
      result.figures.folds = figures;
      evaluation.folds = { scheme, datasets: figures };
    }
  }
  if (options.leaveOneDatasetOut && datasets.length > 1) {
    const parts = names.map((name) => `without ${name}`);
    const { file, figures } = await heldOutModels(
      'leave one dataset out',
      'leave-one-dataset-out',
      parts,
      (d) => d,
    );
    result.heldOut.leaveOneDatasetOut = file;
    if (figures) {
      result.figures.leaveOneDatasetOut = figures;
      evaluation.leaveOneDatasetOut = { datasets: figures };
    }
  }
  result.manifest = {
    ...manifestOf(datasetEntries),
    ...(Object.keys(evaluation).length > 0 ? { evaluation } : {}),
  };
  if (options.final !== false) {
    log('the model on every page');
    const file = modelOf(
      datasets.flatMap((dataset) => dataset.pages),
      interned,
      minCount,
      result.manifest,
    );
    result.file = file;
    result.text = `${JSON.stringify(file)}\n`;
  }
  return result;
}
