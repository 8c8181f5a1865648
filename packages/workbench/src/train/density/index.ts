/**
 * train/density: the density extractor's boilerplate classifier (`models/density.json`,
 * `pith train density`). Labelling chunks from gold standards, n-gram counting, held-out
 * error rates and the model file.
 */
import type { DensityModelFile, TextMap, TrainingManifest } from 'pith/internal';
import { TRAINING_ROOM_CODE } from '../code.js';
import { DEFAULT_CHUNK_OPTIONS } from './chunks.js';
import { type LoadedDataset, type LoadOptions, loadDatasets } from './datasets.js';
import {
  evaluateLeaveOneOut,
  evaluateSplit,
  examplesOf,
  type LeaveOneOutReport,
  type SplitReport,
} from './evaluate.js';
import {
  countsToFile,
  DEFAULT_MAX_CHUNK_CHARS,
  DEFAULT_MIN_COUNT,
  DEFAULT_N,
  serializeModelFile,
  trainCounts,
} from './train.js';

export {
  type ChunkOptions,
  DEFAULT_CHUNK_OPTIONS,
  type LabelledChunk,
  type LabelSource,
  type PageChunks,
  pageChunks,
} from './chunks.js';
export { filterCounts, NgramCounter, pruneCounts } from './counts.js';
export { type LoadedDataset, type LoadOptions, loadDataset, loadDatasets } from './datasets.js';
export {
  type DatasetChunks,
  type DatasetError,
  type ErrorCounts,
  type EvaluationOptions,
  errorCounts,
  evaluateLeaveOneOut,
  evaluateSplit,
  examplesOf,
  type LeaveOneOutReport,
  type SplitReport,
  splitPages,
  sumErrorCounts,
} from './evaluate.js';
export {
  DEFAULT_MIN_SHARE,
  type GoldIndex,
  goldShare,
  hasContentMarkers,
  type Label,
  labelChunk,
  markerStates,
  snippetGoldIndex,
  textGoldIndex,
  wordGrams,
  words,
} from './labels.js';
export {
  type CategoryCounts,
  countsToFile,
  countsToModel,
  DEFAULT_MAX_CHUNK_CHARS,
  DEFAULT_MIN_COUNT,
  DEFAULT_N,
  serializeModelFile,
  type TrainedCounts,
  type TrainingExample,
  type TrainOptions,
  trainCounts,
} from './train.js';

/**
 * The code a density model depends on (repository paths): everything src/train/density imports,
 * directly or not (reading and decoding pages, parsing, the density filter, labelling,
 * counting), and the lock file (the parser's and decoder's dependencies).
 * test/train/code-paths.test.ts checks that this list covers the import graph.
 */
export const DENSITY_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/density',
  'packages/pith/src/extractors/density',
  'packages/pith/src/extractors/types.ts',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/pith/src/layout',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
  // metadata/ runs its learned choice with learn/ (issue 42)
  'packages/pith/src/learn',
  'packages/workbench/src/eval/datasets',
  'packages/pith/src/features/page-type/types.ts',
  'packages/workbench/src/eval/metrics/snippets.ts',
  'packages/pith/src/errors.ts',
  'packages/pith/src/base64.ts',
  'packages/pith/src/model-files.ts',
  'packages/pith/src/model-packing.ts',
  'packages/pith/src/random.ts',
  'packages/pith/src/version.ts',
  'package-lock.json',
];

export interface TrainDensityOptions {
  /** `--dataset` arguments (FORMAT:PATH, PATH or NAME). */
  datasets: readonly string[];
  n?: number;
  minCount?: number;
  maxChunkChars?: number;
  minTextChars?: number;
  minShare?: number;
  visibleOnly?: boolean;
  /** Chunks are the lines the density filter keeps (false: every measured line, as NCleaner). */
  filter?: boolean;
  /** What the language models read (`non-lexical`: NCleaner's language-independent model). */
  textMap?: TextMap;
  /** Seed of the 90/10 split. */
  seed?: number;
  /** Measure the held-out error rates (90/10 split, leave one dataset out) before training. */
  evaluate?: boolean;
  /** At most this many pages per dataset. */
  limit?: number;
  list?: LoadOptions['list'];
  /** Recorded in the manifest. */
  command: string;
  date: string;
  code: TrainingManifest['code'];
  onPage?: LoadOptions['onPage'];
  /** Progress messages. */
  log?: (message: string) => void;
}

export interface TrainDensityResult {
  file: DensityModelFile;
  /** The file's bytes as text (`serializeModelFile`). */
  text: string;
  datasets: LoadedDataset[];
  split: SplitReport | null;
  leaveOneOut: LeaveOneOutReport | null;
}

function rounded(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : Number.NaN;
}

/** The evaluation as the manifest records it (rates rounded to 6 decimals). */
function evaluationSummary(split: SplitReport | null, leaveOneOut: LeaveOneOutReport | null) {
  const row = (r: { chunks: number; errors: number; rate: number; keepAllRate: number }) => ({
    chunks: r.chunks,
    errors: r.errors,
    errorRate: rounded(r.rate),
    keepAllErrorRate: rounded(r.keepAllRate),
  });
  return {
    ...(split
      ? {
          split: {
            seed: split.seed,
            trainShare: split.trainShare,
            overall: row(split.overall),
            datasets: split.datasets.map((d) => ({ dataset: d.dataset, testPages: d.testPages, ...row(d) })),
          },
        }
      : {}),
    ...(leaveOneOut
      ? {
          leaveOneDatasetOut: {
            overall: row(leaveOneOut.overall),
            datasets: leaveOneOut.datasets.map((d) => ({
              dataset: d.dataset,
              testPages: d.testPages,
              ...row(d),
            })),
          },
        }
      : {}),
  };
}

/** Loads the datasets, measures held-out error rates, trains on everything, returns the model file. */
export async function trainDensity(options: TrainDensityOptions): Promise<TrainDensityResult> {
  const log = options.log ?? (() => {});
  const n = options.n ?? DEFAULT_N;
  const minCount = options.minCount ?? DEFAULT_MIN_COUNT;
  const maxChunkChars = options.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS;
  const minTextChars = options.minTextChars ?? DEFAULT_CHUNK_OPTIONS.minTextChars;
  const minShare = options.minShare ?? DEFAULT_CHUNK_OPTIONS.minShare;
  const visibleOnly = options.visibleOnly ?? DEFAULT_CHUNK_OPTIONS.visibleOnly;
  const filter = options.filter ?? DEFAULT_CHUNK_OPTIONS.filter;
  const textMap = options.textMap ?? 'none';
  const seed = options.seed ?? 1;
  const datasets = await loadDatasets(options.datasets, {
    minTextChars,
    minShare,
    visibleOnly,
    filter,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.list ? { list: options.list } : {}),
    ...(options.onPage ? { onPage: options.onPage } : {}),
  });
  for (const dataset of datasets) {
    const m = dataset.manifest;
    log(
      `${m.name} (${m.format}): ${m.pages} pages, ${m.chunks} chunks: ${m.keep} keep, ${m.discard} discard, ${m.unlabelled} unlabelled` +
        (dataset.failures.length ? `; ${dataset.failures.length} pages failed to parse` : ''),
    );
  }
  const all = datasets.map((dataset) => dataset.chunks);
  const evaluationOptions = { n, minCount, maxChunkChars, minTextChars, seed, textMap };
  let split: SplitReport | null = null;
  let leaveOneOut: LeaveOneOutReport | null = null;
  if (options.evaluate ?? true) {
    split = evaluateSplit(all, evaluationOptions);
    leaveOneOut = evaluateLeaveOneOut(all, evaluationOptions);
  }
  const trained = trainCounts(
    all.flatMap((dataset) => examplesOf(dataset.pages)),
    { n, minCount, maxChunkChars, textMap },
  );
  const manifest: TrainingManifest = {
    datasets: datasets.map((dataset) => dataset.manifest),
    command: options.command,
    date: options.date,
    code: options.code,
    options: {
      n,
      minCount,
      maxChunkChars,
      minTextChars,
      minShare,
      visibleOnly,
      // Recorded only when not the defaults, so the shipped density model's manifest stays as it was.
      ...(filter ? {} : { filter }),
      ...(textMap === 'none' ? {} : { textMap }),
      seed,
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    },
    ...(split || leaveOneOut ? { evaluation: evaluationSummary(split, leaveOneOut) } : {}),
  };
  const file = countsToFile(trained, minTextChars, manifest);
  return { file, text: serializeModelFile(file), datasets, split, leaveOneOut };
}
