/**
 * Bag-of-words precision, recall and F1 per page, and snippet rates, exactly as
 * WCXB's `evaluate.py` computes them (`tokenize`, `word_f1`, `snippet_check`,
 * `evaluate_results`):
 *
 * - tokens are the `\w+` matches of the lower-cased text. Python's `\w` on `str`
 *   is "letter, number or underscore" (`[\p{L}\p{N}_]` here; checked against
 *   Python 3.11 on every code point), and `str.lower()` agrees with JavaScript's
 *   `toLowerCase()` on every code point assigned in Python's Unicode version;
 * - overlap is the multiset intersection (`Counter & Counter`);
 * - an empty gold scores 1/1/1 for an empty prediction and 0/0/0 otherwise; an
 *   empty prediction against a non-empty gold scores 0/0/0;
 * - a snippet is found when its lower-cased form is a substring of the lower-cased
 *   text (no whitespace normalisation); the rate is found / all, and 1 when there
 *   are no snippets (for `without` too, as upstream does);
 * - scores are averaged over all pages (failures score as empty text), and per page
 *   type in upstream's order.
 *
 * Linear in the length of both texts (one pass each, hash maps).
 */

import { PAGE_TYPES } from 'pith/internal';

const WORD = /[\p{L}\p{N}_]+/gu;

/** `evaluate.py`'s `tokenize`: `re.findall(r'\w+', text.lower())`. */
export function bagOfWordsTokens(text: string): string[] {
  if (!text) return [];
  return text.toLowerCase().match(WORD) ?? [];
}

export interface BagOfWordsScore {
  precision: number;
  recall: number;
  f1: number;
  /** Predicted (extracted) tokens. */
  predicted: number;
  /** Reference (gold) tokens. */
  reference: number;
  /** Size of the multiset intersection. */
  overlap: number;
}

function counts(tokens: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1);
  return map;
}

/** The reference (gold) side of {@link scoreBagOfWords}, computed once per page. */
export interface BagOfWordsReference {
  /** Number of tokens. */
  tokens: number;
  /** Token → count. */
  counts: ReadonlyMap<string, number>;
}

export function bagOfWordsReference(reference: string): BagOfWordsReference {
  const tokens = bagOfWordsTokens(reference);
  return { tokens: tokens.length, counts: counts(tokens) };
}

/** `evaluate.py`'s `word_f1(predicted, reference)`. */
export function scoreBagOfWords(predicted: string, reference: string): BagOfWordsScore {
  return scoreBagOfWordsAgainst(predicted, bagOfWordsReference(reference));
}

/** {@link scoreBagOfWords} against a reference already tokenised. */
export function scoreBagOfWordsAgainst(predicted: string, reference: BagOfWordsReference): BagOfWordsScore {
  const predTokens = bagOfWordsTokens(predicted);
  const base = { predicted: predTokens.length, reference: reference.tokens };
  if (reference.tokens === 0) {
    const value = predTokens.length === 0 ? 1 : 0;
    return { precision: value, recall: value, f1: value, ...base, overlap: 0 };
  }
  if (predTokens.length === 0) return { precision: 0, recall: 0, f1: 0, ...base, overlap: 0 };
  const predCounts = counts(predTokens);
  const refCounts = reference.counts;
  let overlap = 0;
  // Iterate the smaller map: the intersection is symmetric.
  const [small, large] =
    predCounts.size <= refCounts.size ? [predCounts, refCounts] : [refCounts, predCounts];
  for (const [token, count] of small) {
    const other = large.get(token);
    if (other !== undefined) overlap += Math.min(count, other);
  }
  const precision = overlap / predTokens.length;
  const recall = overlap / reference.tokens;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, ...base, overlap };
}

/** `evaluate.py`'s `snippet_check`: the share of snippets found, case-insensitively (1 when there are none). */
export function snippetRate(text: string, snippets: readonly string[]): number {
  if (snippets.length === 0) return 1;
  const lower = text.toLowerCase();
  let found = 0;
  for (const snippet of snippets) if (lower.includes(snippet.toLowerCase())) found++;
  return found / snippets.length;
}

/** One page's WCXB scores. */
export interface WcxbPageScore extends BagOfWordsScore {
  /** Share of `with` snippets found (higher is better). */
  withRate: number;
  /** Share of `without` snippets found (lower is better). */
  withoutRate: number;
}

/** `evaluate.py`'s per-page result: `word_f1` plus the two snippet rates. */
export function scoreWcxbPage(
  predicted: string,
  gold: { text: string; snippets?: { with: readonly string[]; without: readonly string[] } },
): WcxbPageScore {
  return {
    ...scoreBagOfWords(predicted, gold.text),
    withRate: snippetRate(predicted, gold.snippets?.with ?? []),
    withoutRate: snippetRate(predicted, gold.snippets?.without ?? []),
  };
}

export interface BagOfWordsMeans {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  withRate: number;
  withoutRate: number;
}

export interface BagOfWordsSummary extends BagOfWordsMeans {
  /** Per page type, in `evaluate.py`'s order, then any other type alphabetically; empty types left out. */
  byType: (BagOfWordsMeans & { type: string })[];
}

/** `evaluate.py`'s report order of page types (WCXB's types). */
export const BAG_OF_WORDS_TYPE_ORDER = PAGE_TYPES;

function means(scores: readonly Partial<WcxbPageScore>[]): BagOfWordsMeans {
  const n = scores.length;
  let precision = 0;
  let recall = 0;
  let f1 = 0;
  let withRate = 0;
  let withoutRate = 0;
  for (const s of scores) {
    precision += s.precision ?? 0;
    recall += s.recall ?? 0;
    f1 += s.f1 ?? 0;
    withRate += s.withRate ?? 1;
    withoutRate += s.withoutRate ?? 1;
  }
  const mean = (sum: number) => (n ? sum / n : Number.NaN);
  return {
    pages: n,
    precision: mean(precision),
    recall: mean(recall),
    f1: mean(f1),
    withRate: mean(withRate),
    withoutRate: mean(withoutRate),
  };
}

/** `evaluate.py`'s averages over all pages, and per page type. */
export function summariseBagOfWords(
  scores: readonly (Partial<WcxbPageScore> & { pageType?: string })[],
): BagOfWordsSummary {
  const groups = new Map<string, Partial<WcxbPageScore>[]>();
  for (const score of scores) {
    if (score.pageType === undefined) continue;
    const group = groups.get(score.pageType) ?? [];
    groups.set(score.pageType, group);
    group.push(score);
  }
  const known: readonly string[] = BAG_OF_WORDS_TYPE_ORDER;
  const types = [
    ...BAG_OF_WORDS_TYPE_ORDER.filter((type) => groups.has(type)),
    ...[...groups.keys()].filter((type) => !known.includes(type)).sort(),
  ];
  return {
    ...means(scores),
    byType: types.map((type) => ({ type, ...means(groups.get(type) ?? []) })),
  };
}
