/**
 * Counting character n-grams for one category, and pruning the counts into the
 * form a model stores (`NgramCounts`: per context key, its children and counts).
 *
 * Counting keeps only key → count (8 bytes a slot, no strings): tens of millions of
 * distinct n-grams fit. Which context and character an n-gram key stands for is
 * recovered afterwards by reading the texts again (`pruneCounts`), only for the
 * n-grams that survive pruning.
 */
import { EMPTY_KEY, extendKey, KeyTable, type NgramCounts } from 'pith/internal';

export class NgramCounter {
  readonly n: number;
  readonly table: KeyTable<[Uint32Array]>;
  chunks = 0;
  characters = 0;

  constructor(n: number, expected = 1 << 16) {
    if (!Number.isInteger(n) || n < 1 || n > 32)
      throw new RangeError(`n must be an integer from 1 to 32, got ${n}`);
    this.n = n;
    this.table = new KeyTable((capacity) => [new Uint32Array(capacity)], expected);
  }

  /** Counts every k-gram (k = 1 … n) ending at each character of the text. */
  add(text: string): void {
    const n = this.n;
    const table = this.table;
    const keys = new Uint32Array(n);
    keys[0] = EMPTY_KEY;
    let longest = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      for (let m = 0; m <= longest; m++) {
        const slot = table.slot(extendKey(keys[m], code));
        table.columns[0][slot]++;
      }
      const top = Math.min(n - 1, longest + 1);
      for (let k = top; k >= 1; k--) keys[k] = extendKey(keys[k - 1], code);
      longest = top;
    }
    this.chunks++;
    this.characters += text.length;
  }

  count(key: number): number {
    const slot = this.table.find(key);
    return slot < 0 ? 0 : this.table.columns[0][slot];
  }
}

/**
 * The counts a model keeps: every unigram, and each longer n-gram seen at least
 * `minCount` times. `texts` must be the texts the counter was fed (read again to
 * learn each surviving key's context and character).
 */
export function pruneCounts(counter: NgramCounter, texts: Iterable<string>, minCount: number): NgramCounts {
  const n = counter.n;
  // Surviving n-gram key → its context key and character.
  const kept = new KeyTable((capacity) => [new Uint32Array(capacity), new Uint16Array(capacity)], 1 << 14);
  const keys = new Uint32Array(n);
  for (const text of texts) {
    keys[0] = EMPTY_KEY;
    let longest = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      for (let m = 0; m <= longest; m++) {
        const key = extendKey(keys[m], code);
        if (m > 0 && counter.count(key) < minCount) break; // longer ones are rarer still
        const before = kept.size;
        const slot = kept.slot(key);
        if (kept.size > before) {
          kept.columns[0][slot] = keys[m];
          kept.columns[1][slot] = code;
        }
      }
      const top = Math.min(n - 1, longest + 1);
      for (let k = top; k >= 1; k--) keys[k] = extendKey(keys[k - 1], code);
      longest = top;
    }
  }
  // Sort the survivors by (context, character): context · 2¹⁶ + character is exact in a double.
  const order = new Float64Array(kept.size);
  let at = 0;
  for (let slot = 0; slot < kept.capacity; slot++) {
    if (kept.keys[slot] !== 0) order[at++] = kept.columns[0][slot] * 65536 + kept.columns[1][slot];
  }
  order.sort();
  return groupCounts(order, (context, code) => counter.count(extendKey(context, code)));
}

/** Builds grouped counts from sorted (context · 2¹⁶ + character) entries. */
function groupCounts(order: Float64Array, countOf: (context: number, code: number) => number): NgramCounts {
  const contexts: number[] = [];
  const childStart: number[] = [];
  const chars = new Uint16Array(order.length);
  const counts = new Uint32Array(order.length);
  let previous = -1;
  for (let i = 0; i < order.length; i++) {
    const context = Math.floor(order[i] / 65536);
    const code = order[i] - context * 65536;
    if (context !== previous) {
      contexts.push(context);
      childStart.push(i);
      previous = context;
    }
    chars[i] = code;
    counts[i] = countOf(context, code);
  }
  childStart.push(order.length);
  return {
    contexts: Uint32Array.from(contexts),
    childStart: Uint32Array.from(childStart),
    chars,
    counts,
  };
}

/**
 * Counts pruned harder: unigrams (children of the empty context) stay, longer n-grams
 * need `minCount`. Pruning is monotone, so this equals pruning the raw counts.
 */
export function filterCounts(counts: NgramCounts, minCount: number): NgramCounts {
  const order: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < counts.contexts.length; i++) {
    const context = counts.contexts[i];
    for (let child = counts.childStart[i]; child < counts.childStart[i + 1]; child++) {
      if (context !== EMPTY_KEY && counts.counts[child] < minCount) continue;
      order.push(context * 65536 + counts.chars[child]);
      values.push(counts.counts[child]);
    }
  }
  let index = 0;
  return groupCounts(Float64Array.from(order), () => values[index++]);
}
