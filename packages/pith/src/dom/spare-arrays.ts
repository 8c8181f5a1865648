/** Longest store kept for the next page (1 MB of Int32): a huge page's arrays are its own. */
const KEPT_LENGTH = 1 << 18;

/**
 * One typed array lent from page to page, for a per-node working column that a synchronous call
 * uses and keeps nothing of (made per call, such columns were tens of KB of a page's stores). The
 * call takes it (zeroed up to the length it asks for) and gives it back when it returns, however it
 * ends (`try … finally`); a call that finds it lent (only a nested call could) gets one of its own.
 * Module state is per realm, so browser and Node workers each have theirs.
 */
export class SpareArray<T extends Uint8Array | Int32Array> {
  #store: T | undefined;
  #lent = false;
  readonly #make: (length: number) => T;

  constructor(make: (length: number) => T) {
    this.#make = make;
  }

  /** `length` zeros: a view of the kept store (grown by doubling), or an array of its own. */
  take(length: number): T {
    if (this.#lent || length > KEPT_LENGTH) return this.#make(length);
    let store = this.#store;
    if (store === undefined || store.length < length) {
      let capacity = Math.max(1024, store?.length ?? 0);
      while (capacity < length) capacity *= 2;
      store = this.#make(capacity);
      this.#store = store;
    } else store.fill(0, 0, length);
    this.#lent = true;
    return store.subarray(0, length) as T;
  }

  /** Hands back what `take` gave (an array of its own is left to the collector). */
  giveBack(array: T): void {
    if (this.#store !== undefined && array.buffer === this.#store.buffer) this.#lent = false;
  }
}
