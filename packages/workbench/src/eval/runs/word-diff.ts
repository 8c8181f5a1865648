/**
 * A word-level diff of an extracted text against the gold (`pith bench --only`),
 * in the style of `git diff --word-diff`: `[-gold only-]`, `{+extracted only+}`.
 * Words are compared after seed 002's normalisation (punctuation and case
 * ignored), but shown as written; the alignment is difflib's matching blocks
 * (autojunk off, so frequent words align too).
 */
import { SequenceMatcher } from '../metrics/sequence-matcher.js';
import { normaliseWords } from '../metrics/word-sequence.js';

export interface WordDiffOptions {
  /** ANSI colours (red for missing, green for extra). */
  colour?: boolean;
  /** Runs of matching words longer than this are shortened to their ends (default 12). */
  context?: number;
}

interface Token {
  shown: string;
  key: string;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    const key = normaliseWords(word).join(' ');
    if (key) out.push({ shown: word, key });
  }
  return out;
}

export interface WordDiff {
  text: string;
  /** Gold words missing from the extraction. */
  missing: number;
  /** Extracted words not in the gold. */
  extra: number;
  common: number;
}

/** The diff of `extracted` against `gold`. */
export function wordDiff(extracted: string, gold: string, options: WordDiffOptions = {}): WordDiff {
  const context = options.context ?? 12;
  const a = tokens(extracted);
  const b = tokens(gold);
  const blocks = new SequenceMatcher(
    a.map((t) => t.key),
    b.map((t) => t.key),
    { autojunk: false },
  ).getMatchingBlocks();
  const red = (s: string) => (options.colour ? `\u001b[31m${s}\u001b[0m` : s);
  const green = (s: string) => (options.colour ? `\u001b[32m${s}\u001b[0m` : s);
  const parts: string[] = [];
  let ai = 0;
  let bi = 0;
  let missing = 0;
  let extra = 0;
  let common = 0;
  for (const block of blocks) {
    if (bi < block.b) {
      parts.push(
        red(
          `[-${b
            .slice(bi, block.b)
            .map((t) => t.shown)
            .join(' ')}-]`,
        ),
      );
      missing += block.b - bi;
    }
    if (ai < block.a) {
      parts.push(
        green(
          `{+${a
            .slice(ai, block.a)
            .map((t) => t.shown)
            .join(' ')}+}`,
        ),
      );
      extra += block.a - ai;
    }
    if (block.size > 0) {
      const same = a.slice(block.a, block.a + block.size).map((t) => t.shown);
      common += block.size;
      parts.push(
        same.length > 2 * context
          ? `${same.slice(0, context).join(' ')} … (${same.length - 2 * context} words) … ${same.slice(-context).join(' ')}`
          : same.join(' '),
      );
    }
    ai = block.a + block.size;
    bi = block.b + block.size;
  }
  return { text: parts.join(' '), missing, extra, common };
}
