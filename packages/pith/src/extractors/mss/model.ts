/**
 * MSS's local classifier: naive Bayes over two features of each token (seed 002's summary of
 * Pasternack & Roth): the token trigram (the token and its two successors, `</s>` past the end)
 * and the tag of the innermost element the token is in. It gives P(content | token), which the
 * extractor turns into the score `p − 0.5`.
 *
 * P(f | c) is add-one smoothed over the feature's vocabulary (plus one unseen value). A value the
 * model does not hold, never seen or pruned for size (seen fewer than `minCount` times), counts as
 * unseen: (0 + 1) / (N_c + V + 1) in each class. That is evidence for the class with fewer
 * tokens, content: article text is mostly new wording, boilerplate repeats ("Share this", menus),
 * and this is the signal naive Bayes on sparse trigrams carries. Pruning only moves values seen a
 * handful of times into the unseen case, which changes their ratio little.
 *
 * File (JSON, `format: 'pith-mss-model'`): the class token counts, and per feature its vocabulary
 * size before pruning and the kept values with their counts in each class (`[content, other]`),
 * plus the training manifest (as density's).
 */
import { tick } from '../../dom/index.js';
import type { TrainingManifest } from '../../model-files.js';
import type { MssTokens } from './tokens.js';

export const MSS_MODEL_FORMAT = 'pith-mss-model';
export const MSS_MODEL_FORMAT_VERSION = 1;

/** What pads the trigrams of the last two tokens. */
export const END_TOKEN = '</s>';

export interface MssFeatureFile {
  /** Distinct values seen in training (before pruning): the add-one denominator's vocabulary. */
  vocabulary: number;
  /** Kept values (seen at least `minCount` times), sorted. */
  values: string[];
  /** Their counts in the content class, then in the other class, in `values`' order. */
  content: number[];
  other: number[];
}

export interface MssModelFile {
  format: typeof MSS_MODEL_FORMAT;
  formatVersion: number;
  /** Training tokens of each class. */
  contentTokens: number;
  otherTokens: number;
  /** Values seen fewer times than this (both classes together) were pruned. */
  minCount: number;
  trigram: MssFeatureFile;
  parent: MssFeatureFile;
  manifest: TrainingManifest;
}

interface Feature {
  vocabulary: number;
  counts: Map<string, readonly [number, number]>;
}

/** A loaded model. */
export interface MssModel {
  contentTokens: number;
  otherTokens: number;
  minCount: number;
  trigram: Feature;
  parent: Feature;
  manifest: TrainingManifest;
}

function feature(file: MssFeatureFile, what: string): Feature {
  if (
    !Array.isArray(file?.values) ||
    !Array.isArray(file.content) ||
    !Array.isArray(file.other) ||
    file.values.length !== file.content.length ||
    file.values.length !== file.other.length ||
    !(Number.isInteger(file.vocabulary) && file.vocabulary >= file.values.length)
  ) {
    throw new Error(`mss model: feature ${what} is malformed`);
  }
  const counts = new Map<string, readonly [number, number]>();
  file.values.forEach((value, i) => {
    counts.set(String(value), [Number(file.content[i]), Number(file.other[i])]);
  });
  return { vocabulary: file.vocabulary, counts };
}

/** Checks a parsed file and builds the model; throws an Error saying what is wrong. */
export function parseMssModel(value: unknown): MssModel {
  const file = value as MssModelFile;
  if (file?.format !== MSS_MODEL_FORMAT) throw new Error(`mss model: not a ${MSS_MODEL_FORMAT} file`);
  if (file.formatVersion !== MSS_MODEL_FORMAT_VERSION) {
    throw new Error(
      `mss model: format version ${String(file.formatVersion)}, expected ${MSS_MODEL_FORMAT_VERSION}`,
    );
  }
  if (!(file.contentTokens > 0 && file.otherTokens > 0)) {
    throw new Error('mss model: needs training tokens of both classes');
  }
  return {
    contentTokens: file.contentTokens,
    otherTokens: file.otherTokens,
    minCount: file.minCount,
    trigram: feature(file.trigram, 'trigram'),
    parent: feature(file.parent, 'parent'),
    manifest: file.manifest ?? {
      datasets: [],
      command: '',
      date: '',
      code: { pith: '', extractor: '' },
      options: {},
    },
  };
}

/** The trigram feature of token `i`: it and its two successors. */
export function trigramAt(forms: readonly string[], i: number): string {
  const second = i + 1 < forms.length ? forms[i + 1] : END_TOKEN;
  const third = i + 2 < forms.length ? forms[i + 2] : END_TOKEN;
  return `${forms[i]} ${second} ${third}`;
}

/** log P(value | content) − log P(value | other), add-one smoothed (unseen and pruned: count 0). */
function logRatio(model: MssModel, feature: Feature, value: string): number {
  const counts = feature.counts.get(value) ?? UNSEEN;
  const denominator = feature.vocabulary + 1;
  return (
    Math.log((counts[0] + 1) / (model.contentTokens + denominator)) -
    Math.log((counts[1] + 1) / (model.otherTokens + denominator))
  );
}

const UNSEEN: readonly [number, number] = [0, 0];

/** P(content | token) for every token of a page. */
export function contentProbabilities(model: MssModel, tokens: MssTokens): Float64Array {
  const out = new Float64Array(tokens.length);
  const prior = Math.log(model.contentTokens / model.otherTokens);
  for (let i = 0; i < tokens.length; i++) {
    tick('mss');
    const logOdds =
      prior +
      logRatio(model, model.trigram, trigramAt(tokens.form, i)) +
      logRatio(model, model.parent, tokens.parent[i]);
    out[i] = 1 / (1 + Math.exp(-logOdds));
  }
  return out;
}
