/**
 * A faithful port of Python's `difflib.SequenceMatcher` (Ratcliff–Obershelp
 * "gestalt pattern matching") for sequences of strings, as used by seed 002 and
 * by CleanEval's `cleaneval.py` (`SequenceMatcher(None, retrieved, gold)`).
 *
 * What is ported, behaviour for behaviour:
 * - `__chain_b`: the `b2j` index (positions of each element of `b`, ascending);
 *   `isjunk` is always `None` here, so there is no junk set;
 * - the "autojunk" popularity heuristic: when `len(b) >= 200`, every element that
 *   occurs more than `len(b) // 100 + 1` times in `b` is dropped from `b2j`
 *   (it can still be matched by the extension step, exactly as in difflib);
 * - `find_longest_match` (longest junk-free match, earliest in `a`, then earliest
 *   in `b`; then extended over non-junk equal elements on both sides);
 * - `get_matching_blocks` (queue-driven recursion, sort, collapse adjacent blocks,
 *   trailing dummy block).
 *
 * Differences that cannot change a result: elements are interned to integers;
 * `j2len` is two typed-array rows with generation stamps instead of dicts; the
 * `j < blo` skip is a binary search instead of a linear `continue`. Memory is
 * O(len(a) + len(b)); time is difflib's.
 */

/** A matching block: `a[a … a+size) == b[b … b+size)`. */
export interface MatchBlock {
  readonly a: number;
  readonly b: number;
  readonly size: number;
}

export interface SequenceMatcherOptions {
  /** difflib's `autojunk` (default true, as in difflib): drop popular elements of `b` when `len(b) >= 200`. */
  autojunk?: boolean;
}

export class SequenceMatcher {
  readonly lengthA: number;
  readonly lengthB: number;
  readonly #a: Int32Array;
  readonly #b: Int32Array;
  /** CSR index: positions of element `e` in `b` are `#positions[#offsets[e] … #offsets[e + 1])`. */
  readonly #offsets: Int32Array;
  readonly #positions: Int32Array;
  /** 1 for elements dropped from `b2j` by the autojunk heuristic. */
  readonly #popular: Uint8Array;
  #matchingBlocks: MatchBlock[] | undefined;
  // j2len rows (double-buffered) and their generation stamps.
  #lengths: [Int32Array, Int32Array] | undefined;
  #stamps: [Float64Array, Float64Array] | undefined;
  #generation = 0;

  constructor(a: readonly string[], b: readonly string[], options: SequenceMatcherOptions = {}) {
    const autojunk = options.autojunk ?? true;
    const ids = new Map<string, number>();
    const intern = (word: string): number => {
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
      }
      return id;
    };
    // Intern b first so that ids of elements of b are dense in [0, distinctB).
    this.#b = Int32Array.from(b, intern);
    const distinctB = ids.size;
    this.#a = Int32Array.from(a, intern);
    this.lengthA = a.length;
    this.lengthB = b.length;

    const counts = new Int32Array(distinctB + 1);
    for (let j = 0; j < this.#b.length; j++) counts[this.#b[j]]++;
    const popular = new Uint8Array(ids.size);
    const n = this.#b.length;
    if (autojunk && n >= 200) {
      const ntest = Math.floor(n / 100) + 1;
      for (let e = 0; e < distinctB; e++) if (counts[e] > ntest) popular[e] = 1;
    }
    // Offsets for all interned ids (elements only in `a` get empty ranges).
    const offsets = new Int32Array(ids.size + 1);
    for (let e = 0; e < distinctB; e++) offsets[e + 1] = offsets[e] + (popular[e] ? 0 : counts[e]);
    for (let e = distinctB; e < ids.size; e++) offsets[e + 1] = offsets[e];
    const positions = new Int32Array(offsets[ids.size]);
    const fill = offsets.slice(0, ids.size);
    for (let j = 0; j < n; j++) {
      const e = this.#b[j];
      if (!popular[e]) positions[fill[e]++] = j;
    }
    this.#offsets = offsets;
    this.#positions = positions;
    this.#popular = popular;
  }

  /** Number of distinct elements of `b` that autojunk dropped from the index. */
  get popularCount(): number {
    let count = 0;
    for (const flag of this.#popular) count += flag;
    return count;
  }

  /**
   * difflib's `find_longest_match(alo, ahi, blo, bhi)`: of all maximal matching
   * blocks, the one that starts earliest in `a`, then earliest in `b`.
   * Returns `{ a: alo, b: blo, size: 0 }` when nothing matches.
   */
  findLongestMatch(alo = 0, ahi = this.lengthA, blo = 0, bhi = this.lengthB): MatchBlock {
    const a = this.#a;
    const b = this.#b;
    const offsets = this.#offsets;
    const positions = this.#positions;
    if (!this.#lengths || !this.#stamps) {
      const size = this.lengthB + 1;
      this.#lengths = [new Int32Array(size), new Int32Array(size)];
      this.#stamps = [new Float64Array(size), new Float64Array(size)];
    }
    const lengths = this.#lengths;
    const stamps = this.#stamps;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    // Row of the previous i: its entries are valid where stamp === previousStamp.
    let previousStamp = -1;
    let parity = 0;
    for (let i = alo; i < ahi; i++) {
      const stamp = ++this.#generation;
      const currentLengths = lengths[parity];
      const currentStamps = stamps[parity];
      const previousLengths = lengths[parity ^ 1];
      const previousStamps = stamps[parity ^ 1];
      const element = a[i];
      let from = offsets[element];
      const to = offsets[element + 1];
      if (from < to && positions[from] < blo) {
        // First position >= blo (positions are ascending).
        let low = from;
        let high = to;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (positions[middle] < blo) low = middle + 1;
          else high = middle;
        }
        from = low;
      }
      for (let p = from; p < to; p++) {
        const j = positions[p];
        if (j >= bhi) break;
        // j2len.get(j - 1, 0) + 1; j - 1 >= blo - 1 >= -1, and index j (= (j-1)+1) is used for j-1.
        const k = j > 0 && previousStamps[j - 1] === previousStamp ? previousLengths[j - 1] + 1 : 1;
        currentLengths[j] = k;
        currentStamps[j] = stamp;
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      previousStamp = stamp;
      parity ^= 1;
    }
    // Extend by equal non-junk elements (no junk here; popular elements are not junk).
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) {
      bestsize++;
    }
    // (difflib then sucks up adjacent junk; with isjunk=None the junk set is empty.)
    return { a: besti, b: bestj, size: bestsize };
  }

  /** difflib's `get_matching_blocks()`, including the trailing `(len(a), len(b), 0)` dummy. */
  getMatchingBlocks(): readonly MatchBlock[] {
    if (this.#matchingBlocks) return this.#matchingBlocks;
    const queue: [number, number, number, number][] = [[0, this.lengthA, 0, this.lengthB]];
    const blocks: MatchBlock[] = [];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop()!;
      const match = this.findLongestMatch(alo, ahi, blo, bhi);
      const { a: i, b: j, size: k } = match;
      if (k) {
        blocks.push(match);
        if (alo < i && blo < j) queue.push([alo, i, blo, j]);
        if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
      }
    }
    blocks.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
    const collapsed: MatchBlock[] = [];
    let i1 = 0;
    let j1 = 0;
    let k1 = 0;
    for (const { a: i2, b: j2, size: k2 } of blocks) {
      if (i1 + k1 === i2 && j1 + k1 === j2) {
        k1 += k2;
      } else {
        if (k1) collapsed.push({ a: i1, b: j1, size: k1 });
        i1 = i2;
        j1 = j2;
        k1 = k2;
      }
    }
    if (k1) collapsed.push({ a: i1, b: j1, size: k1 });
    collapsed.push({ a: this.lengthA, b: this.lengthB, size: 0 });
    // Free the work rows: the blocks are all a caller needs from now on.
    this.#lengths = undefined;
    this.#stamps = undefined;
    this.#matchingBlocks = collapsed;
    return collapsed;
  }

  /** Number of matched elements: the sum of the matching blocks' sizes. */
  matchedCount(): number {
    let total = 0;
    for (const block of this.getMatchingBlocks()) total += block.size;
    return total;
  }

  /** difflib's `ratio()`: 2·M / (len(a) + len(b)), 1 when both are empty. */
  ratio(): number {
    const total = this.lengthA + this.lengthB;
    return total === 0 ? 1 : (2 * this.matchedCount()) / total;
  }
}
