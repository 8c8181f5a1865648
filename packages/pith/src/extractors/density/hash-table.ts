/**
 * Hashing of character n-grams to 32-bit keys, and a compact open-addressing table
 * over such keys (typed arrays: no per-entry objects, no Map size limit).
 *
 * The key of a string is its FNV-1a hash over UTF-16 code units, so the key of
 * `h·c` is computed from the key of `h` in one step (`extendKey`): a scorer keeps
 * the keys of the last n − 1 characters and extends them as it reads.
 * Distinct n-grams can share a key (a 32-bit collision); with the model sizes used
 * here (≤ 10⁶ keys) that merges a few hundred rare n-grams, which changes nothing
 * measurable, and it is what keeps the model small.
 */

/** The key of the empty string: the context of a unigram. */
export const EMPTY_KEY = 0x811c9dc5;

/** The key of `s·c` from the key of `s` (FNV-1a step; 0 is reserved as the empty slot). */
export function extendKey(key: number, code: number): number {
  const next = Math.imul(key ^ code, 0x01000193) >>> 0;
  return next === 0 ? 1 : next;
}

/** The key of a whole string. */
export function keyOf(text: string): number {
  let key = EMPTY_KEY;
  for (let i = 0; i < text.length; i++) key = extendKey(key, text.charCodeAt(i));
  return key;
}

/** MurmurHash3's finaliser: spreads FNV's weak low bits before masking to a slot. */
export function mixKey(key: number): number {
  let h = key;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

type Column = Uint32Array | Uint16Array | Float64Array;

/**
 * Open addressing with linear probing over non-zero 32-bit keys. Each slot has one
 * value in every column (typed arrays given at construction); the table doubles
 * when half full.
 */
export class KeyTable<Columns extends Column[]> {
  keys: Uint32Array;
  columns: Columns;
  size = 0;
  #mask: number;

  constructor(
    private readonly makeColumns: (capacity: number) => Columns,
    expected = 1024,
  ) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Uint32Array(capacity);
    this.columns = makeColumns(capacity);
    this.#mask = capacity - 1;
  }

  get capacity(): number {
    return this.keys.length;
  }

  /** The slot holding `key`, or -1. */
  find(key: number): number {
    const keys = this.keys;
    const mask = this.#mask;
    let slot = mixKey(key) & mask;
    for (;;) {
      const at = keys[slot];
      if (at === key) return slot;
      if (at === 0) return -1;
      slot = (slot + 1) & mask;
    }
  }

  /** The slot holding `key`, inserting it (with zero values) when absent. */
  slot(key: number): number {
    let keys = this.keys;
    let mask = this.#mask;
    let slot = mixKey(key) & mask;
    for (;;) {
      const at = keys[slot];
      if (at === key) return slot;
      if (at === 0) break;
      slot = (slot + 1) & mask;
    }
    if ((this.size + 1) * 2 > keys.length) {
      this.#grow();
      keys = this.keys;
      mask = this.#mask;
      slot = mixKey(key) & mask;
      while (keys[slot] !== 0) slot = (slot + 1) & mask;
    }
    keys[slot] = key;
    this.size++;
    return slot;
  }

  #grow(): void {
    const oldKeys = this.keys;
    const oldColumns = this.columns;
    const capacity = oldKeys.length * 2;
    const mask = capacity - 1;
    const keys = new Uint32Array(capacity);
    const columns = this.makeColumns(capacity);
    for (let old = 0; old < oldKeys.length; old++) {
      const key = oldKeys[old];
      if (key === 0) continue;
      let slot = mixKey(key) & mask;
      while (keys[slot] !== 0) slot = (slot + 1) & mask;
      keys[slot] = key;
      for (let c = 0; c < columns.length; c++) columns[c][slot] = oldColumns[c][old];
    }
    this.keys = keys;
    this.columns = columns;
    this.#mask = mask;
  }
}
