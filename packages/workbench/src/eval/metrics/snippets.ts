/**
 * Snippet scoring of trafilatura's benchmark, as upstream `eval_common.py` does it
 * (`norm`, `count_item`, `ConfusionMatrix`):
 *
 * - the extracted text and every snippet are whitespace-normalised: runs of
 *   Python-`\s` whitespace become one space, then the string is trimmed;
 * - a snippet is present when it is a case-sensitive substring of the text;
 * - `with` present → TP, missing → FN; `without` present → FP, missing → TN;
 * - a failed extraction (`null`) contains nothing: TP = FP = 0;
 * - counts are summed over all documents (micro-average).
 */

/** Python 3's `\s` for `str` patterns (= `str.isspace()`), which differs from JavaScript's `\s`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: Python's \s includes \t-\r and \x1c-\x1f.
const PY_WHITESPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

/** `re.sub(r"\s+", " ", text).strip()` with Python's definition of whitespace. */
export function normaliseSnippetText(text: string): string {
  const collapsed = text.replace(PY_WHITESPACE, ' ');
  const start = collapsed.startsWith(' ') ? 1 : 0;
  const end = collapsed.length > start && collapsed.endsWith(' ') ? collapsed.length - 1 : collapsed.length;
  return collapsed.slice(start, end);
}

export interface SnippetGold {
  /** Snippets that must appear in the main text. */
  with: readonly string[];
  /** Snippets that must not appear in the main text. */
  without: readonly string[];
}

export interface SnippetCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** Per-document counts (upstream `count_item`); `null` is a failed extraction. */
export function countSnippets(gold: SnippetGold, text: string | null): SnippetCounts {
  let tp = 0;
  let fp = 0;
  if (typeof text === 'string') {
    const normalised = normaliseSnippetText(text);
    for (const snippet of gold.with) if (normalised.includes(normaliseSnippetText(snippet))) tp++;
    for (const snippet of gold.without) if (normalised.includes(normaliseSnippetText(snippet))) fp++;
  }
  return { tp, fp, fn: gold.with.length - tp, tn: gold.without.length - fp };
}

export interface SnippetScores extends SnippetCounts {
  precision: number;
  recall: number;
  accuracy: number;
  f1: number;
}

/** Adds per-document counts (micro-average). */
export function sumSnippetCounts(counts: Iterable<SnippetCounts>): SnippetCounts {
  const total = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const c of counts) {
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    total.tn += c.tn;
  }
  return total;
}

/** Upstream `ConfusionMatrix.scores()`: each score is 0 when its denominator is 0. */
export function snippetScores(counts: SnippetCounts): SnippetScores {
  const { tp, fp, fn, tn } = counts;
  const total = tp + fp + fn + tn;
  return {
    tp,
    fp,
    fn,
    tn,
    precision: tp + fp ? tp / (tp + fp) : 0,
    recall: tp + fn ? tp / (tp + fn) : 0,
    accuracy: total ? (tp + tn) / total : 0,
    f1: 2 * tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : 0,
  };
}
