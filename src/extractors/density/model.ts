/**
 * The boilerplate classifier's model: one Witten–Bell character n-gram language
 * model per category (keep, discard) plus the category prior, and its file format.
 *
 * A chunk goes to the category with the higher joint log-probability
 * log P(category) + log P(text | category); a tie keeps the chunk. The prior is the
 * share of training chunks in the category, add-one smoothed so that a category
 * without chunks is not −∞. LingPipe's DynamicLMClassifier, which the post used,
 * classifies by the same joint probability.
 *
 * File (JSON, `format: 'pith-density-model'`): `formatVersion`, `n`, `smoothing`,
 * `alphabetSize`, `hash`, `minCount` (pruning), `maxChunkChars` (how much of a chunk was
 * counted, and is read when classifying), `minTextChars` (the filter setting the chunks
 * were cut with), per category its training chunk/character counts and the
 * n-gram counts (`encodeCounts` bytes in base64), and a training manifest.
 */

import { base64ToBytes, bytesToBase64 } from '../../base64.js';
import { checkDeadline, mapPieces } from '../../dom/index.js';
import type { TrainingManifest } from '../../model-files.js';
import { CharLanguageModel, decodeCounts, encodeCounts, type NgramCounts } from './language-model.js';

export const DENSITY_MODEL_FORMAT = 'pith-density-model';
/** 2: `maxChunkChars` (version 1 files lack it, and their classifier read whole chunks). */
export const DENSITY_MODEL_FORMAT_VERSION = 2;
/**
 * 3: a model over mapped text (`textMap` other than 'none'); lexical models stay version 2, so
 * that a pith which does not know text maps refuses these instead of misreading them.
 */
export const DENSITY_MODEL_FORMAT_VERSION_MAPPED = 3;

/**
 * What the language models read of a chunk. `none`: the text itself (NCleaner's lexical, e.g.
 * English, models). `non-lexical`: every letter written as `a` (or `A` when upper-case), every
 * digit as `0`, everything else as it is, so the model sees the shape of a text (word lengths,
 * capitals, punctuation) and not its language (NCleaner's language-independent model).
 */
export type TextMap = 'none' | 'non-lexical';
export const TEXT_MAPS: readonly TextMap[] = ['none', 'non-lexical'];

const LETTER = /\p{L}/gu;
const DIGIT = /\p{Nd}/gu;

/** A chunk's text as a model of this text map reads it. */
export function mapText(text: string, textMap: TextMap): string {
  if (textMap === 'none') return text;
  return text.replace(LETTER, (letter) => (letter !== letter.toLowerCase() ? 'A' : 'a')).replace(DIGIT, '0');
}
/**
 * `mapText` in pieces with a deadline check between them (`eachPiece`): a minified page is one
 * line of megabytes, and the letter mapping calls back once per letter (a 6.7 MB line: ~150 ms).
 * The mapping is character by character, so pieces cut anywhere but inside a surrogate pair map
 * as the whole does.
 */
export function mapTextInPieces(text: string, textMap: TextMap): string {
  if (textMap === 'none') return text;
  const outsidePair = (from: number) => {
    const last = text.charCodeAt(from - 1);
    const next = text.charCodeAt(from);
    return last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? from + 1 : from;
  };
  return mapPieces(text, outsidePair, (piece) => mapText(piece, textMap), 'density');
}
export const DENSITY_MODEL_HASH = 'fnv-1a-32 over UTF-16 code units';
/** Uniform base distribution of the smoothing: every UTF-16 code unit. */
export const DEFAULT_ALPHABET_SIZE = 65536;

export const CATEGORIES = ['keep', 'discard'] as const;
export type Category = (typeof CATEGORIES)[number];

export type { ManifestDataset, TrainingManifest } from '../../model-files.js';

export interface DensityModelCategoryFile {
  name: Category;
  /** Training chunks of this category. */
  chunks: number;
  /** Training characters of this category. */
  characters: number;
  contexts: number;
  ngrams: number;
  /** `encodeCounts()` bytes, base64. */
  counts: string;
}

export interface DensityModelFile {
  format: typeof DENSITY_MODEL_FORMAT;
  formatVersion: number;
  n: number;
  smoothing: 'witten-bell';
  alphabetSize: number;
  hash: string;
  /** N-grams of order ≥ 2 seen fewer times than this were pruned. */
  minCount: number;
  /**
   * Training counted at most the first this many characters of a chunk, and the
   * classifier reads no more of one (0 = whole chunks).
   */
  maxChunkChars: number;
  /** The density filter's `minTextChars` the training chunks were cut with. */
  minTextChars: number;
  /** What the language models read (absent: 'none'; version 3 files only). */
  textMap?: TextMap;
  categories: DensityModelCategoryFile[];
  manifest: TrainingManifest;
}

export interface CategoryModel {
  chunks: number;
  characters: number;
  language: CharLanguageModel;
}

/** A loaded model, ready to classify. */
export interface DensityModel {
  n: number;
  alphabetSize: number;
  minCount: number;
  /** The classifier reads at most this many characters of a chunk (0 = all), as training counted. */
  maxChunkChars: number;
  minTextChars: number;
  textMap: TextMap;
  keep: CategoryModel;
  discard: CategoryModel;
  manifest: TrainingManifest;
}

export interface ChunkClassification {
  category: Category;
  /** log₂ P(keep) + log₂ P(text | keep). */
  keepBits: number;
  /** log₂ P(discard) + log₂ P(text | discard). */
  discardBits: number;
}

/** The text the classifier reads: whitespace runs collapsed to one space, trimmed. */
export function classifierText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * `classifierText(text).slice(0, max)` (`max` 0: all of it), reading only as much of the text as
 * that needs: a minified page is one line of megabytes, of which the shipped model reads 2,000
 * characters (collapsing all of a 6.7 MB line took 170 ms and most of the garbage collector's
 * work). Collapsing a prefix of the text gives a prefix of the collapsed whole (a whitespace run
 * cut at the end still becomes one space), and trimming the end of the whole cannot reach the
 * first `max` characters once the prefix holds more.
 */
export function classifierPrefix(text: string, max: number): string {
  if (max <= 0) return classifierText(text);
  for (let end = Math.min(text.length, 4 * max); ; end = Math.min(text.length, end * 4)) {
    const collapsed = text.slice(0, end).replace(/\s+/g, ' ').trimStart();
    if (end === text.length) return collapsed.trimEnd().slice(0, max);
    if (collapsed.length > max) return collapsed.slice(0, max);
    checkDeadline('density');
  }
}

/** log₂ of the add-one smoothed prior of each category. */
export function logPriors(model: Pick<DensityModel, 'keep' | 'discard'>): { keep: number; discard: number } {
  const total = model.keep.chunks + model.discard.chunks + 2;
  return {
    keep: Math.log2((model.keep.chunks + 1) / total),
    discard: Math.log2((model.discard.chunks + 1) / total),
  };
}

/**
 * Classifies one chunk (its text as the density filter cut it). Only its first
 * `model.maxChunkChars` characters are read: what training counted of each chunk,
 * and a bound on the cost of a minified page's one long line.
 */
export function classifyChunk(model: DensityModel, text: string): ChunkClassification {
  const cut = classifierPrefix(text, model.maxChunkChars);
  const normalised = mapTextInPieces(cut, model.textMap);
  const priors = logPriors(model);
  const keepBits = priors.keep + model.keep.language.log2Probability(normalised);
  const discardBits = priors.discard + model.discard.language.log2Probability(normalised);
  return { category: keepBits >= discardBits ? 'keep' : 'discard', keepBits, discardBits };
}

function fail(message: string): never {
  throw new Error(`density model: ${message}`);
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Builds the in-memory model from counts (training uses this directly, no file). */
export function modelFromCounts(init: {
  n: number;
  alphabetSize?: number;
  minCount: number;
  maxChunkChars: number;
  minTextChars: number;
  textMap?: TextMap;
  keep: { chunks: number; characters: number; counts: NgramCounts };
  discard: { chunks: number; characters: number; counts: NgramCounts };
  manifest: TrainingManifest;
}): DensityModel {
  const alphabetSize = init.alphabetSize ?? DEFAULT_ALPHABET_SIZE;
  const category = (c: { chunks: number; characters: number; counts: NgramCounts }): CategoryModel => ({
    chunks: c.chunks,
    characters: c.characters,
    language: new CharLanguageModel(init.n, alphabetSize, c.counts),
  });
  return {
    n: init.n,
    alphabetSize,
    minCount: init.minCount,
    maxChunkChars: init.maxChunkChars,
    minTextChars: init.minTextChars,
    textMap: init.textMap ?? 'none',
    keep: category(init.keep),
    discard: category(init.discard),
    manifest: init.manifest,
  };
}

/** The model file for counts (pure: the caller writes it). */
export function modelFile(init: {
  n: number;
  alphabetSize?: number;
  minCount: number;
  maxChunkChars: number;
  minTextChars: number;
  textMap?: TextMap;
  keep: { chunks: number; characters: number; counts: NgramCounts };
  discard: { chunks: number; characters: number; counts: NgramCounts };
  manifest: TrainingManifest;
}): DensityModelFile {
  const category = (
    name: Category,
    c: { chunks: number; characters: number; counts: NgramCounts },
  ): DensityModelCategoryFile => ({
    name,
    chunks: c.chunks,
    characters: c.characters,
    contexts: c.counts.contexts.length,
    ngrams: c.counts.chars.length,
    counts: bytesToBase64(encodeCounts(c.counts)),
  });
  const mapped = init.textMap !== undefined && init.textMap !== 'none';
  return {
    format: DENSITY_MODEL_FORMAT,
    formatVersion: mapped ? DENSITY_MODEL_FORMAT_VERSION_MAPPED : DENSITY_MODEL_FORMAT_VERSION,
    n: init.n,
    smoothing: 'witten-bell',
    alphabetSize: init.alphabetSize ?? DEFAULT_ALPHABET_SIZE,
    hash: DENSITY_MODEL_HASH,
    minCount: init.minCount,
    maxChunkChars: init.maxChunkChars,
    minTextChars: init.minTextChars,
    ...(mapped ? { textMap: init.textMap } : {}),
    categories: [category('keep', init.keep), category('discard', init.discard)],
    manifest: init.manifest,
  };
}

/** Checks and loads a parsed model file; throws an Error saying what is wrong. */
export function parseDensityModel(json: unknown): DensityModel {
  if (!json || typeof json !== 'object') fail('not a JSON object');
  const file = json as Partial<DensityModelFile>;
  if (file.format !== DENSITY_MODEL_FORMAT) fail(`format is not '${DENSITY_MODEL_FORMAT}'`);
  if (
    file.formatVersion !== DENSITY_MODEL_FORMAT_VERSION &&
    file.formatVersion !== DENSITY_MODEL_FORMAT_VERSION_MAPPED
  ) {
    fail(
      `format version ${String(file.formatVersion)} is not supported (this pith reads versions ${DENSITY_MODEL_FORMAT_VERSION} and ${DENSITY_MODEL_FORMAT_VERSION_MAPPED})`,
    );
  }
  const textMap = file.formatVersion === DENSITY_MODEL_FORMAT_VERSION_MAPPED ? file.textMap : 'none';
  if (
    !TEXT_MAPS.includes(textMap as TextMap) ||
    (file.formatVersion === DENSITY_MODEL_FORMAT_VERSION_MAPPED && textMap === 'none')
  ) {
    fail(`textMap '${String(file.textMap)}' is not supported`);
  }
  if (file.smoothing !== 'witten-bell') fail(`smoothing '${String(file.smoothing)}' is not supported`);
  if (file.hash !== DENSITY_MODEL_HASH) fail(`hash '${String(file.hash)}' is not supported`);
  if (!isPositiveInteger(file.n) || file.n > 32) fail('n must be an integer from 1 to 32');
  if (!isPositiveInteger(file.alphabetSize)) fail('alphabetSize must be a positive integer');
  if (!isPositiveInteger(file.minCount)) fail('minCount must be a positive integer');
  if (!isCount(file.maxChunkChars)) fail('maxChunkChars must be a whole number');
  if (!isCount(file.minTextChars)) fail('minTextChars must be a whole number');
  if (!Array.isArray(file.categories)) fail('categories missing');
  const byName = new Map<string, DensityModelCategoryFile>();
  for (const category of file.categories) byName.set(category?.name, category);
  const load = (name: Category) => {
    const category = byName.get(name);
    if (!category) fail(`category '${name}' missing`);
    if (!isCount(category.chunks) || !isCount(category.characters)) fail(`${name}: bad chunk counts`);
    if (typeof category.counts !== 'string') fail(`${name}: counts missing`);
    let counts: NgramCounts;
    try {
      counts = decodeCounts(base64ToBytes(category.counts));
    } catch (error) {
      fail(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { chunks: category.chunks, characters: category.characters, counts };
  };
  const manifest = (file.manifest ?? {}) as TrainingManifest;
  return modelFromCounts({
    n: file.n,
    alphabetSize: file.alphabetSize,
    minCount: file.minCount,
    maxChunkChars: file.maxChunkChars,
    minTextChars: file.minTextChars,
    textMap: textMap as TextMap,
    keep: load('keep'),
    discard: load('discard'),
    manifest,
  });
}
