/**
 * One page's score in its dataset's primary metric alone, for scoring many texts of one page
 * (the default extractor's candidates, issue 37): the gold side is prepared once, and only the
 * primary metric is computed (`scorePrepared` computes every metric, LCS included).
 */
import type { DatasetScoring } from '../datasets/registry.js';
import { applyRetrievedTransform, type Gold, type RetrievedTransform } from '../datasets/types.js';
import {
  type BagOfWordsReference,
  bagOfWordsReference,
  scoreBagOfWordsAgainst,
} from '../metrics/bag-of-words.js';
import { scoreShingleCounts, shingleCounts } from '../metrics/shingles.js';
import { countSnippets } from '../metrics/snippets.js';
import { normaliseWords, scoreWordArrays } from '../metrics/word-sequence.js';

/** A text's primary score on one page: precision, recall, F1 (per page), and the counts behind them. */
export interface PrimaryScore {
  p: number;
  r: number;
  f1: number;
  /** Snippets: true and false positives, false negatives (the dataset's F1 sums them). */
  tp?: number;
  fp?: number;
  fn?: number;
  /** Word sequence: seed 002's special case, when one applies (the dataset's mean leaves it out). */
  special?: string;
}

export interface PreparedPrimary {
  primary: DatasetScoring['primary'];
  removeNonAscii: boolean;
  gold: Gold;
  retrievedTransform?: RetrievedTransform;
  /** Words of the gold text (0 for snippet gold). */
  goldWords: number;
  sequenceWords?: readonly string[];
  bag?: BagOfWordsReference;
  shingles?: ReadonlyMap<string, number>;
}

/** The gold side of a page's primary metric. */
export function preparePrimary(
  page: { gold: Gold; retrievedTransform?: RetrievedTransform },
  scoring: Pick<DatasetScoring, 'primary' | 'removeNonAscii'>,
): PreparedPrimary {
  const text = page.gold.text;
  const base: PreparedPrimary = {
    primary: scoring.primary,
    removeNonAscii: scoring.removeNonAscii,
    gold: page.gold,
    ...(page.retrievedTransform ? { retrievedTransform: page.retrievedTransform } : {}),
    goldWords: text === undefined ? 0 : normaliseWords(text).length,
  };
  if (text === undefined) return base;
  if (scoring.primary === 'word-sequence')
    base.sequenceWords = normaliseWords(text, { removeNonAscii: scoring.removeNonAscii });
  else if (scoring.primary === 'bag-of-words') base.bag = bagOfWordsReference(text);
  else if (scoring.primary === 'shingles') base.shingles = shingleCounts(text);
  return base;
}

/**
 * The text's primary score (null = failed extraction, scored as empty), or null when the gold
 * gives none (no gold of the primary kind, or no snippets at all).
 */
export function scorePrimary(prepared: PreparedPrimary, text: string | null): PrimaryScore | null {
  const extracted = applyRetrievedTransform(text ?? '', prepared.retrievedTransform);
  switch (prepared.primary) {
    case 'snippets': {
      const snippets = prepared.gold.snippets;
      if (!snippets) return null;
      const c = countSnippets(snippets, text);
      const p = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 1;
      const r = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 1;
      const denominator = 2 * c.tp + c.fp + c.fn;
      return { p, r, f1: denominator === 0 ? 1 : (2 * c.tp) / denominator, tp: c.tp, fp: c.fp, fn: c.fn };
    }
    case 'word-sequence': {
      if (!prepared.sequenceWords) return null;
      const s = scoreWordArrays(
        normaliseWords(extracted, { removeNonAscii: prepared.removeNonAscii }),
        prepared.sequenceWords,
      );
      if (s.special) return { p: 0, r: 0, f1: s.special === 'bothEmpty' ? 1 : 0, special: s.special };
      return { p: s.precision, r: s.recall, f1: s.f1 };
    }
    case 'bag-of-words': {
      if (!prepared.bag) return null;
      const s = scoreBagOfWordsAgainst(extracted, prepared.bag);
      return { p: s.precision, r: s.recall, f1: s.f1 };
    }
    case 'shingles': {
      if (!prepared.shingles) return null;
      const s = scoreShingleCounts(shingleCounts(extracted), prepared.shingles);
      const empty = s.tp + s.fp + s.fn === 0;
      return {
        p: empty ? 1 : Number.isFinite(s.precision) ? s.precision : 0,
        r: empty ? 1 : Number.isFinite(s.recall) ? s.recall : 0,
        f1: empty ? 1 : Number.isFinite(s.f1) ? s.f1 : 0,
      };
    }
  }
}
