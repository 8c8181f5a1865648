/**
 * Shingle precision, recall and F1 of the article-extraction benchmark
 * (scrapinghub/article-extraction-benchmark, `evaluate.py`,
 * `string_shingle_matching`):
 *
 * - tokens are the `\w+` matches of the text, case kept (Python's `\w`:
 *   `[\p{L}\p{N}_]`);
 * - shingles are the 4-token windows `tokens[i:i+4]` for i in
 *   `range(max(1, len − 3))`; a text of 1–3 tokens is one shorter shingle, an
 *   empty text has none;
 * - per document, over the multiset of shingles: TP = Σ min(gold, pred),
 *   FP = Σ max(0, pred − gold), FN = Σ max(0, gold − pred); the triple is then
 *   divided by its sum (when the sum is > 0), so that long documents do not weigh
 *   more;
 * - over documents, the normalised triples are averaged (summed), and
 *   P = TP/(TP+FP), R = TP/(TP+FN), F1 = 2PR/(P+R) are computed from the totals.
 *
 * Linear in the length of both texts (hash maps keyed by the joined shingle).
 */

const WORD = /[\p{L}\p{N}_]+/gu;
const SEPARATOR = '\u0000';

export const DEFAULT_SHINGLE_SIZE = 4;

/** The benchmark's `_tokenize`: `\w+` matches, case kept. */
export function shingleTokens(text: string): string[] {
  return text ? (text.match(WORD) ?? []) : [];
}

/** The benchmark's `_all_shingles`: shingle (tokens joined by U+0000) → count. */
export function shingleCounts(text: string, size = DEFAULT_SHINGLE_SIZE): Map<string, number> {
  const tokens = shingleTokens(text);
  const map = new Map<string, number>();
  const windows = Math.max(1, tokens.length - size + 1);
  for (let i = 0; i < windows; i++) {
    const shingle = tokens.slice(i, i + size);
    if (shingle.length === 0) continue;
    const key = shingle.join(SEPARATOR);
    map.set(key, (map.get(key) ?? 0) + 1);
  }
  return map;
}

export interface ShingleScore {
  /** Normalised true positives, false positives and false negatives (sum 1, or all 0). */
  tp: number;
  fp: number;
  fn: number;
  /** This document's own precision / recall / F1 from its triple (NaN when undefined). */
  precision: number;
  recall: number;
  f1: number;
}

function ratios(tp: number, fp: number, fn: number): { precision: number; recall: number; f1: number } {
  const precision = tp + fp > 0 ? tp / (tp + fp) : Number.NaN;
  const recall = tp + fn > 0 ? tp / (tp + fn) : Number.NaN;
  const f1 =
    Number.isNaN(precision) || Number.isNaN(recall)
      ? Number.NaN
      : precision + recall > 0
        ? (2 * precision * recall) / (precision + recall)
        : 0;
  return { precision, recall, f1 };
}

/** The benchmark's `string_shingle_matching(true=gold, pred=extracted)`. */
export function scoreShingles(extracted: string, gold: string, size = DEFAULT_SHINGLE_SIZE): ShingleScore {
  return scoreShingleCounts(shingleCounts(extracted, size), shingleCounts(gold, size));
}

/** {@link scoreShingles} on shingle counts already made (the gold's once per page). */
export function scoreShingleCounts(
  predShingles: ReadonlyMap<string, number>,
  goldShingles: ReadonlyMap<string, number>,
): ShingleScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, goldCount] of goldShingles) {
    const predCount = predShingles.get(key) ?? 0;
    tp += Math.min(goldCount, predCount);
    fn += Math.max(0, goldCount - predCount);
  }
  for (const [key, predCount] of predShingles) {
    fp += Math.max(0, predCount - (goldShingles.get(key) ?? 0));
  }
  const sum = tp + fp + fn;
  if (sum > 0) {
    tp /= sum;
    fp /= sum;
    fn /= sum;
  }
  return { tp, fp, fn, ...ratios(tp, fp, fn) };
}

export interface ShingleSummary {
  documents: number;
  /** Mean normalised triple. */
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** The benchmark's aggregate: P, R, F1 from the averaged normalised triples. */
export function summariseShingles(scores: readonly Pick<ShingleScore, 'tp' | 'fp' | 'fn'>[]): ShingleSummary {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of scores) {
    tp += s.tp;
    fp += s.fp;
    fn += s.fn;
  }
  const n = scores.length;
  const { precision, recall, f1 } = ratios(tp, fp, fn);
  return {
    documents: n,
    tp: n ? tp / n : Number.NaN,
    fp: n ? fp / n : Number.NaN,
    fn: n ? fn / n : Number.NaN,
    precision,
    recall,
    f1,
  };
}
