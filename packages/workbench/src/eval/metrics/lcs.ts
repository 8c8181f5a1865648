/**
 * Seed 000's two metrics (Weninger & Hsu 2008, section 6):
 *
 * - **LCS recall** = |LCS(o, m)| / |m|: the share of the manual (gold) text `m` that
 *   the algorithm output `o` holds as a longest common subsequence;
 * - **edit distance ratio** EDR = 1 − editDistance(o, m) / max(|o|, |m|) (Eq. 2):
 *   the paper's precision-like score, higher is better.
 *
 * As in the paper, "all line breaks, special HTML characters, and extra white
 * spaces are removed from both files" first: both texts lose every whitespace
 * character, so the sequences are of non-space characters (code points). Texts
 * reach this function already decoded, so no entity is left to remove.
 *
 * Both measures run bit-parallel in linear space: the LCS length with Hyyrö's
 * recurrence (V' = (V + (V & M)) | (V & ~M)) and the Levenshtein distance
 * (insertions, deletions and substitutions, cost 1 each) with Myers' block
 * algorithm, each in O(|o|·|m| / 32) 32-bit word steps, after cutting off the
 * common prefix and suffix (which changes neither measure: a common prefix or
 * suffix is part of an optimal alignment for both). When |o|·|m| in characters
 * exceeds `maxCharCells` (default 4·10⁸, about 0.1–0.3 s per measure here) the
 * same measures are taken over words (whitespace-separated tokens) instead, and
 * the result says so in `unit`; `unit: 'word'` asks for words at any size (the
 * workbench does, for one unit on every page: words are about 36× fewer cells).
 */

export interface LcsScore {
  /** |LCS| / |gold|; NaN when the gold is empty. */
  lcsRecall: number;
  /** 1 − edit distance / max(|extracted|, |gold|); 1 when both are empty. */
  editDistanceRatio: number;
  /** What the sequences were made of. */
  unit: 'word' | 'char';
}

export interface LcsOptions {
  /** 'char' or 'word' forces the unit; 'auto' (default) uses characters up to `maxCharCells`. */
  unit?: 'auto' | 'char' | 'word';
  /** Largest |o|·|m| (in characters) scored by characters in 'auto' mode (default 4e8). */
  maxCharCells?: number;
}

export const DEFAULT_MAX_CHAR_CELLS = 4e8;

const WHITESPACE = /[\s\p{Z}\u0085\u200b\ufeff]+/gu;

/** The text's non-whitespace characters as code points. */
export function charSequence(text: string): number[] {
  const out: number[] = [];
  for (const char of text.replace(WHITESPACE, '')) out.push(char.codePointAt(0) as number);
  return out;
}

/** The text's whitespace-separated words. */
export function wordSequence(text: string): string[] {
  return text.split(WHITESPACE).filter((word) => word !== '');
}

/** Two sequences recoded as small integers (shared codes), the shorter first. */
interface Encoded {
  /** The shorter sequence (the bit-vector side), codes 0 … alphabet − 1. */
  pattern: Int32Array;
  /** The other sequence; -1 for symbols absent from `pattern`. */
  text: Int32Array;
  alphabet: number;
}

function encode<T>(x: readonly T[], y: readonly T[]): Encoded {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const codes = new Map<T, number>();
  const pattern = new Int32Array(short.length);
  for (let i = 0; i < short.length; i++) {
    let code = codes.get(short[i]);
    if (code === undefined) {
      code = codes.size;
      codes.set(short[i], code);
    }
    pattern[i] = code;
  }
  const text = new Int32Array(long.length);
  for (let j = 0; j < long.length; j++) text[j] = codes.get(long[j]) ?? -1;
  return { pattern, text, alphabet: codes.size };
}

/** Per symbol, the bit mask of its positions in the pattern: `alphabet × words` 32-bit words. */
function matchMasks(pattern: Int32Array, alphabet: number, words: number): Uint32Array {
  const masks = new Uint32Array(alphabet * words);
  for (let i = 0; i < pattern.length; i++) masks[pattern[i] * words + (i >>> 5)] |= 1 << (i & 31);
  return masks;
}

function lcsEncoded({ pattern, text, alphabet }: Encoded): number {
  const m = pattern.length;
  if (m === 0 || text.length === 0) return 0;
  const words = (m + 31) >>> 5;
  const masks = matchMasks(pattern, alphabet, words);
  const v = new Uint32Array(words).fill(0xffffffff);
  for (let j = 0; j < text.length; j++) {
    const symbol = text[j];
    if (symbol < 0) continue; // no match anywhere: the column leaves V unchanged
    const base = symbol * words;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const vw = v[w];
      const mw = masks[base + w];
      const sum = vw + ((vw & mw) >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = sum | (vw & ~mw);
    }
  }
  // LCS = number of zero bits among the first m.
  let zeros = 0;
  for (let w = 0; w < words; w++) {
    let bits = ~v[w];
    if (w === words - 1 && (m & 31) !== 0) bits &= (1 << (m & 31)) - 1;
    bits >>>= 0;
    while (bits !== 0) {
      bits &= bits - 1;
      zeros++;
    }
  }
  return zeros;
}

function editDistanceEncoded({ pattern, text, alphabet }: Encoded): number {
  const m = pattern.length;
  const n = text.length;
  if (m === 0) return n;
  if (n === 0) return m;
  const words = (m + 31) >>> 5;
  const masks = matchMasks(pattern, alphabet, words);
  const pv = new Int32Array(words).fill(-1);
  const mv = new Int32Array(words);
  const lastBit = 1 << ((m - 1) & 31);
  let score = m;
  for (let j = 0; j < n; j++) {
    const symbol = text[j];
    const base = symbol < 0 ? -1 : symbol * words;
    // The top row is D[0][j] = j, so every column enters block 0 with a +1 step.
    let hin = 1;
    for (let w = 0; w < words; w++) {
      let eq = base < 0 ? 0 : masks[base + w] | 0;
      const p = pv[w];
      const q = mv[w];
      const xv = eq | q;
      if (hin < 0) eq |= 1;
      const xh = ((((eq & p) >>> 0) + (p >>> 0)) ^ p) | eq;
      let ph = q | ~(xh | p);
      let mh = p & xh;
      const high = w === words - 1 ? lastBit : 0x80000000 | 0;
      const hout = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      else if (hin > 0) ph |= 1;
      pv[w] = mh | ~(xv | ph);
      mv[w] = ph & xv;
      hin = hout;
    }
    score += hin;
  }
  return score;
}

/** Length of a longest common subsequence of two sequences (bit-parallel, linear space). */
export function lcsLength<T>(x: readonly T[], y: readonly T[]): number {
  return lcsEncoded(encode(x, y));
}

/** Levenshtein distance of two sequences (Myers' bit-parallel algorithm, linear space). */
export function editDistance<T>(x: readonly T[], y: readonly T[]): number {
  return editDistanceEncoded(encode(x, y));
}

/** The lengths of the common prefix and of the common suffix (not overlapping it) of two sequences. */
function commonEnds<T>(x: readonly T[], y: readonly T[]): { prefix: number; suffix: number } {
  const shorter = Math.min(x.length, y.length);
  let prefix = 0;
  while (prefix < shorter && x[prefix] === y[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && x[x.length - 1 - suffix] === y[y.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

/**
 * LCS recall and EDR of two sequences (characters or words) already made: the common
 * prefix and suffix are counted as matches and cut off before the bit-parallel passes.
 */
export function scoreLcsSequences<T>(
  extracted: readonly T[],
  gold: readonly T[],
  unit: 'word' | 'char',
): LcsScore {
  const longest = Math.max(extracted.length, gold.length);
  const { prefix, suffix } = commonEnds(extracted, gold);
  const middle = encode(
    extracted.slice(prefix, extracted.length - suffix),
    gold.slice(prefix, gold.length - suffix),
  );
  const lcs = prefix + suffix + lcsEncoded(middle);
  const distance = longest === 0 ? 0 : editDistanceEncoded(middle);
  return {
    lcsRecall: gold.length === 0 ? Number.NaN : lcs / gold.length,
    editDistanceRatio: longest === 0 ? 1 : 1 - distance / longest,
    unit,
  };
}

/** Seed 000's LCS recall and edit distance ratio of an extracted text against the gold text. */
export function scoreLcs(extracted: string, gold: string, options: LcsOptions = {}): LcsScore {
  const mode = options.unit ?? 'auto';
  if (mode !== 'word') {
    const o = charSequence(extracted);
    const m = charSequence(gold);
    if (mode === 'char' || o.length * m.length <= (options.maxCharCells ?? DEFAULT_MAX_CHAR_CELLS)) {
      return scoreLcsSequences(o, m, 'char');
    }
  }
  return scoreLcsSequences(wordSequence(extracted), wordSequence(gold), 'word');
}
