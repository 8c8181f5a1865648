/**
 * A character n-gram language model with Witten–Bell smoothing, the model behind
 * each category of the boilerplate classifier (seed 003 used LingPipe's
 * `DynamicLMClassifier.createNGramProcess`, whose process models are character
 * n-gram models with Witten–Bell interpolation).
 *
 * The text is a process: P(text) = Π P(cᵢ | the up to n − 1 characters before cᵢ),
 * with shorter contexts at the start (no padding). For a context h (h′ = h without
 * its first character, and P₋₁(c) = 1 / alphabetSize the uniform base):
 *
 *     P(c | h) = (C(h·c) + T(h) · P(c | h′)) / (C(h) + T(h))
 *
 * C(h·c) is the count of the n-gram, C(h) = Σ_c C(h·c) the count of the context as a
 * context, T(h) the number of distinct characters seen after h. A context never seen
 * passes the lower order through unchanged. This is interpolated Witten–Bell: the
 * weight T/(C+T) given to the lower order is the estimated chance that h is followed
 * by something new.
 *
 * Counts are stored per context (key of h, then its children c → C(h·c)); the
 * context statistics C(h) and T(h) are derived from the stored children, so a model
 * whose rare n-grams were pruned is exactly the Witten–Bell model of the counts it keeps.
 */
import { tickAt } from '../../dom/index.js';
import { EMPTY_KEY, extendKey, mixKey } from './hash-table.js';

/** N-gram counts grouped by context, contexts by ascending key, children by ascending code. */
export interface NgramCounts {
  /** Context keys, ascending. */
  contexts: Uint32Array;
  /** Children of context i are `childStart[i] … childStart[i + 1] - 1`. */
  childStart: Uint32Array;
  /** UTF-16 code unit of each child. */
  chars: Uint16Array;
  /** C(h·c) of each child. */
  counts: Uint32Array;
}

/** Smallest power of two holding `entries` at a load of at most one half. */
function tableCapacity(entries: number): number {
  let capacity = 16;
  while (capacity < entries * 2) capacity *= 2;
  return capacity;
}

export class CharLanguageModel {
  readonly n: number;
  readonly alphabetSize: number;
  readonly ngramCount: number;
  /**
   * key(h·c) → C(h·c), open addressing with linear probing, key and count side by side
   * (stride 2) so that a lookup touches one cache line.
   */
  readonly #ngrams: Uint32Array;
  readonly #ngramMask: number;
  /** key(h) → C(h) + T(h), T(h); stride 4 (key, denominator, types, unused): 16 bytes a slot. */
  readonly #contexts: Uint32Array;
  readonly #contextMask: number;

  constructor(n: number, alphabetSize: number, counts: NgramCounts) {
    this.n = n;
    this.alphabetSize = alphabetSize;
    const { contexts, childStart, chars } = counts;
    this.ngramCount = chars.length;
    const ngramCapacity = tableCapacity(chars.length);
    const ngrams = new Uint32Array(ngramCapacity * 2);
    const ngramMask = ngramCapacity - 1;
    const contextCapacity = tableCapacity(contexts.length);
    const table = new Uint32Array(contextCapacity * 4);
    const contextMask = contextCapacity - 1;
    for (let i = 0; i < contexts.length; i++) {
      const context = contexts[i];
      let total = 0;
      for (let child = childStart[i]; child < childStart[i + 1]; child++) {
        const count = counts.counts[child];
        total += count;
        const key = extendKey(context, chars[child]);
        let slot = mixKey(key) & ngramMask;
        // Two (context, character) pairs can share a key (a 32-bit collision): their counts add up.
        while (ngrams[slot * 2] !== 0 && ngrams[slot * 2] !== key) slot = (slot + 1) & ngramMask;
        ngrams[slot * 2] = key;
        ngrams[slot * 2 + 1] += count;
      }
      const types = childStart[i + 1] - childStart[i];
      if (types === 0) continue;
      if (total + types > 0xffffffff) throw new RangeError('n-gram counts over 2³² − 1');
      let slot = mixKey(context) & contextMask;
      while (table[slot * 4] !== 0 && table[slot * 4] !== context) slot = (slot + 1) & contextMask;
      table[slot * 4] = context;
      table[slot * 4 + 1] += total + types;
      table[slot * 4 + 2] += types;
    }
    this.#ngrams = ngrams;
    this.#ngramMask = ngramMask;
    this.#contexts = table;
    this.#contextMask = contextMask;
  }

  /** P(code | context): the smoothed probability of one character after a context string. */
  probability(context: string, code: number): number {
    const usable = Math.min(context.length, this.n - 1);
    const keys = new Uint32Array(usable + 1);
    keys[0] = EMPTY_KEY;
    // keys[m] = key of the last m characters of the context.
    for (let m = 1; m <= usable; m++) {
      let key = EMPTY_KEY;
      for (let i = context.length - m; i < context.length; i++) key = extendKey(key, context.charCodeAt(i));
      keys[m] = key;
    }
    return this.#probability(keys, usable, code);
  }

  #probability(contextKeys: Uint32Array, longest: number, code: number): number {
    const ngrams = this.#ngrams;
    const ngramMask = this.#ngramMask;
    const contexts = this.#contexts;
    const contextMask = this.#contextMask;
    let p = 1 / this.alphabetSize;
    for (let m = 0; m <= longest; m++) {
      const context = contextKeys[m];
      let slot = mixKey(context) & contextMask;
      let found = contexts[slot * 4];
      while (found !== context && found !== 0) {
        slot = (slot + 1) & contextMask;
        found = contexts[slot * 4];
      }
      // A context never seen: neither is any longer one ending with it.
      if (found === 0) break;
      const key = extendKey(context, code);
      let at = mixKey(key) & ngramMask;
      let stored = ngrams[at * 2];
      while (stored !== key && stored !== 0) {
        at = (at + 1) & ngramMask;
        stored = ngrams[at * 2];
      }
      const count = stored === 0 ? 0 : ngrams[at * 2 + 1];
      p = (count + contexts[slot * 4 + 2] * p) / contexts[slot * 4 + 1];
    }
    return p;
  }

  /** log₂ P(text) under the model (the text as a process, no padding). */
  log2Probability(text: string): number {
    const n = this.n;
    const keys = new Uint32Array(n);
    keys[0] = EMPTY_KEY;
    let longest = 0;
    let sum = 0;
    for (let i = 0; i < text.length; i++) {
      tickAt(i, 'density');
      const code = text.charCodeAt(i);
      sum += Math.log2(this.#probability(keys, longest, code));
      const top = Math.min(n - 1, longest + 1);
      for (let k = top; k >= 1; k--) keys[k] = extendKey(keys[k - 1], code);
      longest = top;
    }
    return sum;
  }
}

// ── storage: a varint stream, base64 in the model file ──────────────────────

class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  varint(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2);
      bigger.set(this.bytes);
      this.bytes = bigger;
    }
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }
}

/**
 * Serialises counts: number of contexts, then per context the key delta from the
 * previous context, the number of children, and per child the code delta from the
 * previous child and the count, all as LEB128 varints.
 */
export function encodeCounts(counts: NgramCounts): Uint8Array {
  const writer = new ByteWriter();
  const { contexts, childStart, chars } = counts;
  writer.varint(contexts.length);
  let previousContext = 0;
  for (let i = 0; i < contexts.length; i++) {
    writer.varint(contexts[i] - previousContext);
    previousContext = contexts[i];
    writer.varint(childStart[i + 1] - childStart[i]);
    let previousChar = 0;
    for (let child = childStart[i]; child < childStart[i + 1]; child++) {
      writer.varint(chars[child] - previousChar);
      previousChar = chars[child];
      writer.varint(counts.counts[child]);
    }
  }
  return writer.bytes.slice(0, writer.length);
}

/** Reads what `encodeCounts` wrote; throws on a truncated or inconsistent stream. */
export function decodeCounts(bytes: Uint8Array): NgramCounts {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (at >= bytes.length) throw new Error('truncated n-gram counts');
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
      if (shift > 28) throw new Error('bad varint in n-gram counts');
    }
  };
  const contextCount = varint();
  const contexts = new Uint32Array(contextCount);
  const childStart = new Uint32Array(contextCount + 1);
  let chars = new Uint16Array(Math.max(16, contextCount * 2));
  let counts = new Uint32Array(chars.length);
  let children = 0;
  let context = 0;
  for (let i = 0; i < contextCount; i++) {
    context += varint();
    if (context > 0xffffffff) throw new Error('context key out of range in n-gram counts');
    contexts[i] = context;
    childStart[i] = children;
    const childCount = varint();
    if (children + childCount > chars.length) {
      const capacity = Math.max(chars.length * 2, children + childCount);
      const moreChars = new Uint16Array(capacity);
      moreChars.set(chars);
      chars = moreChars;
      const moreCounts = new Uint32Array(capacity);
      moreCounts.set(counts);
      counts = moreCounts;
    }
    let code = 0;
    for (let k = 0; k < childCount; k++) {
      code += varint();
      if (code > 0xffff) throw new Error('character out of range in n-gram counts');
      chars[children] = code;
      counts[children] = varint();
      children++;
    }
  }
  childStart[contextCount] = children;
  if (at !== bytes.length) throw new Error('trailing bytes after n-gram counts');
  return { contexts, childStart, chars: chars.slice(0, children), counts: counts.slice(0, children) };
}
