/**
 * Held-out error rates of the boilerplate classifier, as seed 003 measured them:
 * errors / chunks, an error being a keep chunk classified discard or a discard chunk
 * classified keep.
 *
 * - **90/10 split**: each dataset's pages are shuffled with a seeded generator
 *   (src/random.ts) and the first ⌊0.9·n⌋ train (the post trained on the first 90% of
 *   its files), the rest test; one model is trained on the training pages of all
 *   datasets and tested on each dataset's test pages. Splitting by page, not by
 *   chunk, keeps a page's template out of its own test.
 * - **Leave one dataset out**: for each dataset, a model trained on all the others
 *   is tested on all of its pages.
 *
 * Beside each error rate, `keepAllRate` is the error of keeping every chunk (the
 * density filter alone): the classifier is only useful where it beats that.
 */
import { classifyChunk, type DensityModel } from 'pith/internal';
import { shuffled } from '../folds.js';
import type { PageChunks } from './chunks.js';
import { countsToModel, type TrainingExample, type TrainOptions, trainCounts } from './train.js';

export interface ErrorCounts {
  chunks: number;
  errors: number;
  /** errors / chunks (NaN without chunks). */
  rate: number;
  /** Keep chunks classified discard. */
  keepAsDiscard: number;
  /** Discard chunks classified keep. */
  discardAsKeep: number;
  keep: number;
  discard: number;
  /** discard / chunks: the error of keeping everything. */
  keepAllRate: number;
}

function finish(counts: Omit<ErrorCounts, 'rate' | 'keepAllRate'>): ErrorCounts {
  return {
    ...counts,
    rate: counts.chunks > 0 ? counts.errors / counts.chunks : Number.NaN,
    keepAllRate: counts.chunks > 0 ? counts.discard / counts.chunks : Number.NaN,
  };
}

/** Classifies every chunk and counts the errors. */
export function errorCounts(model: DensityModel, examples: readonly TrainingExample[]): ErrorCounts {
  let keepAsDiscard = 0;
  let discardAsKeep = 0;
  let keep = 0;
  for (const example of examples) {
    const predicted = classifyChunk(model, example.text).category;
    if (example.label === 'keep') {
      keep++;
      if (predicted !== 'keep') keepAsDiscard++;
    } else if (predicted !== 'discard') {
      discardAsKeep++;
    }
  }
  return finish({
    chunks: examples.length,
    errors: keepAsDiscard + discardAsKeep,
    keepAsDiscard,
    discardAsKeep,
    keep,
    discard: examples.length - keep,
  });
}

/** Sums error counts (pooled over chunks). */
export function sumErrorCounts(parts: readonly ErrorCounts[]): ErrorCounts {
  const total = { chunks: 0, errors: 0, keepAsDiscard: 0, discardAsKeep: 0, keep: 0, discard: 0 };
  for (const part of parts) {
    total.chunks += part.chunks;
    total.errors += part.errors;
    total.keepAsDiscard += part.keepAsDiscard;
    total.discardAsKeep += part.discardAsKeep;
    total.keep += part.keep;
    total.discard += part.discard;
  }
  return finish(total);
}

/** Shuffles with the seed; the first ⌊trainShare·n⌋ train, the rest test. */
export function splitPages<T>(
  pages: readonly T[],
  seed: number,
  trainShare = 0.9,
): { train: T[]; test: T[] } {
  const order = shuffled(pages, seed);
  const cut = Math.floor(order.length * trainShare);
  return { train: order.slice(0, cut), test: order.slice(cut) };
}

/** The labelled chunks of one dataset, page by page. */
export interface DatasetChunks {
  name: string;
  pages: PageChunks[];
}

export function examplesOf(pages: readonly PageChunks[]): TrainingExample[] {
  const out: TrainingExample[] = [];
  for (const page of pages) for (const chunk of page.chunks) out.push(chunk);
  return out;
}

export interface DatasetError extends ErrorCounts {
  dataset: string;
  trainPages: number;
  testPages: number;
}

export interface EvaluationOptions extends Partial<TrainOptions> {
  /** The filter setting the chunks were cut with (recorded in the models). */
  minTextChars: number;
  /** Seed of the 90/10 split. */
  seed: number;
}

export interface SplitReport {
  seed: number;
  trainShare: number;
  datasets: DatasetError[];
  /** Pooled over every dataset's test chunks. */
  overall: ErrorCounts;
}

/** The seeded 90/10 split (see the module comment). */
export function evaluateSplit(datasets: readonly DatasetChunks[], options: EvaluationOptions): SplitReport {
  const trainShare = 0.9;
  const splits = datasets.map((dataset) => ({
    dataset,
    ...splitPages(dataset.pages, options.seed, trainShare),
  }));
  const training = splits.flatMap((split) => examplesOf(split.train));
  const model = countsToModel(trainCounts(training, options), options.minTextChars);
  const results = splits.map((split) => ({
    dataset: split.dataset.name,
    trainPages: split.train.length,
    testPages: split.test.length,
    ...errorCounts(model, examplesOf(split.test)),
  }));
  return { seed: options.seed, trainShare, datasets: results, overall: sumErrorCounts(results) };
}

export interface LeaveOneOutReport {
  datasets: DatasetError[];
  /** Pooled: every chunk of every dataset, each tested by the model that never saw its dataset. */
  overall: ErrorCounts;
}

/** Leave one dataset out (needs at least two datasets; null otherwise). */
export function evaluateLeaveOneOut(
  datasets: readonly DatasetChunks[],
  options: EvaluationOptions,
): LeaveOneOutReport | null {
  if (datasets.length < 2) return null;
  const results: DatasetError[] = [];
  for (const held of datasets) {
    const others = datasets.filter((dataset) => dataset !== held);
    const training = others.flatMap((dataset) => examplesOf(dataset.pages));
    const model = countsToModel(trainCounts(training, options), options.minTextChars);
    results.push({
      dataset: held.name,
      trainPages: others.reduce((sum, dataset) => sum + dataset.pages.length, 0),
      testPages: held.pages.length,
      ...errorCounts(model, examplesOf(held.pages)),
    });
  }
  return { datasets: results, overall: sumErrorCounts(results) };
}
