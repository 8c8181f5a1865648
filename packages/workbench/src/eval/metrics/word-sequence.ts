/**
 * Word-sequence precision, recall and F1 (seed 002, "Evaluating Text Extraction
 * Algorithms", 2011; the same construction as CleanEval's `cleaneval.py`).
 *
 * Both texts become arrays of words (tags, punctuation and control characters
 * removed, lower-cased, split on whitespace; non-ASCII removal optional), and the
 * matched words are the matching blocks of Python difflib's `SequenceMatcher`
 * with `a` = retrieved words and `b` = relevant (gold) words, autojunk on, as
 * `SequenceMatcher(None, retrieved, gold)` does.
 *
 * Four special cases (seed 002's table) are reported separately and left out of
 * the means, as the seed did:
 *
 * | case             | when                                          | P   | R   | F1  |
 * |------------------|-----------------------------------------------|-----|-----|-----|
 * | `mismatch`       | both non-empty, nothing matches               | 0   | 0   | inf |
 * | `retrievedEmpty` | no retrieved words, some relevant words       | inf | 0   | nan |
 * | `relevantEmpty`  | some retrieved words, no relevant words       | 0   | inf | nan |
 * | `bothEmpty`      | neither has words                             | inf | inf | nan |
 *
 * (`inf` and `nan` are the seed's values for the divisions by zero, kept verbatim.)
 */
import { SequenceMatcher } from './sequence-matcher.js';

export interface NormaliseOptions {
  /** Delete every non-ASCII character (seed 002 step 4; default false). */
  removeNonAscii?: boolean;
}

export interface WordSequenceOptions extends NormaliseOptions {
  /** difflib's autojunk heuristic on the relevant words (default true, as in difflib and the seed). */
  autojunk?: boolean;
}

export type WordSequenceSpecialCase = 'mismatch' | 'retrievedEmpty' | 'relevantEmpty' | 'bothEmpty';

export const WORD_SEQUENCE_SPECIAL_CASES: readonly WordSequenceSpecialCase[] = [
  'mismatch',
  'retrievedEmpty',
  'relevantEmpty',
  'bothEmpty',
];

export interface WordSequenceScore {
  /** Number of retrieved (extracted) words. */
  retrieved: number;
  /** Number of relevant (gold) words. */
  relevant: number;
  /** Words in the difflib matching blocks. */
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  /** The seed's special case, or null for a regular ("successful") document. */
  special: WordSequenceSpecialCase | null;
}

// Tag-like markup only (`<p>`, `</div >`, `<!-- … -->`, `<!DOCTYPE …>`): a lone `<` in text stays.
// `[^<>]*` cannot run past the next `<`, so the scan is linear.
const TAG = /<\/?[A-Za-z!][^<>]*>/g;
// Punctuation and symbols, Unicode-wide (ASCII `string.punctuation` is a subset).
const PUNCTUATION = /[\p{P}\p{S}]+/gu;
// Control characters and every kind of whitespace become one separator.
const SEPARATOR = /[\p{Cc}\p{Zs}\p{Zl}\p{Zp}\u0085\ufeff]+/gu;
const NON_ASCII = /[\u0080-\uffff]+/g;
const FORMAT = /\p{Cf}+/gu;

/**
 * Seed 002's normalisation: remove tags, punctuation and control characters,
 * (optionally) non-ASCII characters, lower-case, split on whitespace.
 *
 * Tags and control characters become a space (they separate words); punctuation
 * is deleted ("don't" → "dont", "e-mail" → "email") as are invisible format
 * characters (soft hyphens, zero-width spaces). Whitespace of every kind
 * (including no-break spaces) separates words before non-ASCII removal, so that
 * removal never glues two words together.
 */
export function normaliseWords(text: string, options: NormaliseOptions = {}): string[] {
  let out = text.replace(TAG, ' ');
  out = out.replace(PUNCTUATION, '');
  out = out.replace(SEPARATOR, ' ');
  out = out.replace(FORMAT, '');
  if (options.removeNonAscii) out = out.replace(NON_ASCII, '');
  out = out.toLowerCase();
  const words = out.split(' ');
  let kept = 0;
  for (const word of words) if (word !== '') words[kept++] = word;
  words.length = kept;
  return words;
}

/** Scores two word arrays (already normalised). */
export function scoreWordArrays(
  retrieved: readonly string[],
  relevant: readonly string[],
  options: { autojunk?: boolean } = {},
): WordSequenceScore {
  const r = retrieved.length;
  const g = relevant.length;
  if (r === 0 && g === 0) return special('bothEmpty', 0, 0, 0);
  if (r === 0) return special('retrievedEmpty', 0, g, 0);
  if (g === 0) return special('relevantEmpty', r, 0, 0);
  const matched = new SequenceMatcher(retrieved, relevant, {
    autojunk: options.autojunk ?? true,
  }).matchedCount();
  if (matched === 0) return special('mismatch', r, g, 0);
  const precision = matched / r;
  const recall = matched / g;
  const f1 = (2 * precision * recall) / (precision + recall);
  return { retrieved: r, relevant: g, matched, precision, recall, f1, special: null };
}

/** Seed 002's word-sequence score of an extracted text against the gold text. */
export function scoreWordSequence(
  retrievedText: string,
  relevantText: string,
  options: WordSequenceOptions = {},
): WordSequenceScore {
  return scoreWordArrays(
    normaliseWords(retrievedText, options),
    normaliseWords(relevantText, options),
    options,
  );
}

function special(
  kind: WordSequenceSpecialCase,
  retrieved: number,
  relevant: number,
  matched: number,
): WordSequenceScore {
  switch (kind) {
    case 'mismatch':
      return {
        retrieved,
        relevant,
        matched,
        precision: 0,
        recall: 0,
        f1: Number.POSITIVE_INFINITY,
        special: kind,
      };
    case 'retrievedEmpty':
      return {
        retrieved,
        relevant,
        matched,
        precision: Number.POSITIVE_INFINITY,
        recall: 0,
        f1: Number.NaN,
        special: kind,
      };
    case 'relevantEmpty':
      return {
        retrieved,
        relevant,
        matched,
        precision: 0,
        recall: Number.POSITIVE_INFINITY,
        f1: Number.NaN,
        special: kind,
      };
    case 'bothEmpty':
      return {
        retrieved,
        relevant,
        matched,
        precision: Number.POSITIVE_INFINITY,
        recall: Number.POSITIVE_INFINITY,
        f1: Number.NaN,
        special: kind,
      };
  }
}

export interface WordSequenceSummary {
  /** All documents, special cases and failures included. */
  documents: number;
  /** Documents in the means (no special case, not failed). */
  scored: number;
  precision: number;
  recall: number;
  f1: number;
  /** Mean F1 over every document with special cases and failures counted as 0 (1 for `bothEmpty`). */
  f1AllDocuments: number;
  specialCases: Record<WordSequenceSpecialCase, number>;
  /** Documents whose extraction failed (they are scored as empty text, so they also sit in a special case). */
  failures: number;
}

/**
 * Seed 002's aggregate: arithmetic means of P, R and F1 over the "successful"
 * documents; special cases and failed documents are counted, not averaged.
 */
export function summariseWordSequence(
  scores: readonly (WordSequenceScore & { failed?: boolean })[],
): WordSequenceSummary {
  const specialCases: Record<WordSequenceSpecialCase, number> = {
    mismatch: 0,
    retrievedEmpty: 0,
    relevantEmpty: 0,
    bothEmpty: 0,
  };
  let scored = 0;
  let precision = 0;
  let recall = 0;
  let f1 = 0;
  let f1All = 0;
  let failures = 0;
  for (const score of scores) {
    if (score.failed) failures++;
    if (score.special) {
      specialCases[score.special]++;
      if (score.special === 'bothEmpty' && !score.failed) f1All += 1;
      continue;
    }
    if (score.failed) continue;
    scored++;
    precision += score.precision;
    recall += score.recall;
    f1 += score.f1;
    f1All += score.f1;
  }
  return {
    documents: scores.length,
    scored,
    precision: scored ? precision / scored : Number.NaN,
    recall: scored ? recall / scored : Number.NaN,
    f1: scored ? f1 / scored : Number.NaN,
    f1AllDocuments: scores.length ? f1All / scores.length : Number.NaN,
    specialCases,
    failures,
  };
}
