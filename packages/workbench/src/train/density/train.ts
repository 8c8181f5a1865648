/**
 * Training the boilerplate classifier: one character n-gram count table per
 * category from labelled chunks, pruned, then a model (in memory) or a model file.
 * Deterministic: the same chunks in the same order give the same counts and bytes.
 */
import {
  type DensityModel,
  type DensityModelFile,
  mapText,
  modelFile,
  modelFromCounts,
  type NgramCounts,
  type TextMap,
  type TrainingManifest,
} from 'pith/internal';
import { NgramCounter, pruneCounts } from './counts.js';
import type { Label } from './labels.js';

export interface TrainOptions {
  /** Longest n-gram (the post: 6). */
  n: number;
  /** N-grams of order ≥ 2 seen fewer times are pruned (1 = keep all). */
  minCount: number;
  /**
   * Each chunk adds at most its first this many characters to the counts (0 = all).
   * Minified pages are one source line: a few such chunks (inline scripts and JSON
   * included) would otherwise outweigh every other chunk of their category.
   */
  maxChunkChars: number;
  /** What the language models read of a chunk (`none`: its text; `non-lexical`: its shape). */
  textMap: TextMap;
}

export const DEFAULT_N = 6;
export const DEFAULT_MIN_COUNT = 3;
export const DEFAULT_MAX_CHUNK_CHARS = 2000;

export interface CategoryCounts {
  chunks: number;
  characters: number;
  counts: NgramCounts;
}

export interface TrainedCounts {
  n: number;
  minCount: number;
  maxChunkChars: number;
  textMap: TextMap;
  keep: CategoryCounts;
  discard: CategoryCounts;
}

/** Anything with a text and a label. */
export interface TrainingExample {
  text: string;
  label: Label;
}

function countCategory(
  examples: readonly TrainingExample[],
  label: Label,
  n: number,
  minCount: number,
  maxChunkChars: number,
  textMap: TextMap,
): CategoryCounts {
  const texts = examples
    .filter((example) => example.label === label)
    .map((example) =>
      mapText(maxChunkChars > 0 ? example.text.slice(0, maxChunkChars) : example.text, textMap),
    );
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  const counter = new NgramCounter(n, Math.max(1 << 12, Math.min(1 << 22, characters)));
  for (const text of texts) counter.add(text);
  return { chunks: texts.length, characters, counts: pruneCounts(counter, texts, minCount) };
}

/** Counts both categories (one after the other, so only one raw table is alive at a time). */
export function trainCounts(
  examples: readonly TrainingExample[],
  options: Partial<TrainOptions> = {},
): TrainedCounts {
  const n = options.n ?? DEFAULT_N;
  const minCount = options.minCount ?? DEFAULT_MIN_COUNT;
  const maxChunkChars = options.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS;
  if (!Number.isInteger(maxChunkChars) || maxChunkChars < 0) {
    throw new RangeError(`maxChunkChars must be a whole number, got ${maxChunkChars}`);
  }
  if (!Number.isInteger(n) || n < 1 || n > 32)
    throw new RangeError(`n must be an integer from 1 to 32, got ${n}`);
  if (!Number.isInteger(minCount) || minCount < 1) {
    throw new RangeError(`minCount must be a positive integer, got ${minCount}`);
  }
  const textMap = options.textMap ?? 'none';
  const keep = countCategory(examples, 'keep', n, minCount, maxChunkChars, textMap);
  const discard = countCategory(examples, 'discard', n, minCount, maxChunkChars, textMap);
  return { n, minCount, maxChunkChars, textMap, keep, discard };
}

const EMPTY_MANIFEST: TrainingManifest = {
  datasets: [],
  command: '',
  date: '',
  code: { pith: '', extractor: '' },
  options: {},
};

/** A model in memory from trained counts (for evaluation: no file round trip). */
export function countsToModel(
  trained: TrainedCounts,
  minTextChars: number,
  manifest: TrainingManifest = EMPTY_MANIFEST,
): DensityModel {
  return modelFromCounts({ ...trained, minTextChars, manifest });
}

/** The model file of trained counts. */
export function countsToFile(
  trained: TrainedCounts,
  minTextChars: number,
  manifest: TrainingManifest,
): DensityModelFile {
  return modelFile({ ...trained, minTextChars, manifest });
}

/**
 * The model file as text: JSON with two-space indentation and a final newline.
 * Key order is fixed by construction, so equal models serialise to equal bytes.
 */
export function serializeModelFile(file: DensityModelFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
