/**
 * Numbers the distinct `class` values of one page, 1, 2, … in the order first seen, without a
 * `Map` keyed by the value: every element's value is a string of its own (sliced from the page),
 * so a `Map` hashed each one whole before comparing it (on the speed mix, numbering a page's
 * classes that way was as dear as the lookups it replaced). Here a value's slot comes from its
 * length and six of its characters, and a value found in a slot is compared whole (`===`); a
 * value whose probe window is full of other values (a hostile page of look-alike classes) goes to
 * a `Map`, so no page costs more than a bounded probe and a hash per value.
 */

/** Slots probed before a value goes to the overflow map. */
const MAX_PROBES = 8;
/** A table grown beyond this many slots is not kept for the next page (each page clears it whole). */
const KEEP_SLOTS = 4096;
/** The slots (a number, 0 empty), lent from page to page and cleared for each. */
let sharedSlots: Int32Array = new Int32Array(1024);

/** @internal A cheap hash: the length and six characters (two at each end, the quarter and the middle). */
export function slotHash(value: string): number {
  const length = value.length;
  if (length === 0) return 0;
  let hash = Math.imul(length, 0x9e3779b1);
  hash = Math.imul(hash ^ value.charCodeAt(0), 0x85ebca6b);
  hash = Math.imul(hash ^ value.charCodeAt(length - 1), 0xc2b2ae35);
  hash = Math.imul(hash ^ value.charCodeAt(length >> 1), 0x27d4eb2f);
  hash = Math.imul(hash ^ value.charCodeAt(length >> 2), 0x165667b1);
  hash = Math.imul(hash ^ value.charCodeAt(length - 1 - (length >> 2)), 0x9e3779b1);
  hash = Math.imul(hash ^ value.charCodeAt(length > 1 ? length - 2 : 0), 0x85ebca6b);
  return hash ^ (hash >>> 15);
}

export class ClassNumbers {
  /** The values by number; [0] is unused (0 stands for "no class"). */
  readonly values: string[] = [''];
  #slots: Int32Array;
  #mask: number;
  #overflow: Map<string, number> | undefined;

  constructor() {
    this.#slots = sharedSlots;
    this.#slots.fill(0);
    this.#mask = this.#slots.length - 1;
  }

  /** The number of `value`, a new one when the page has not had it. */
  numberOf(value: string): number {
    const slots = this.#slots;
    const mask = this.#mask;
    let at = slotHash(value) & mask;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      const number = slots[at];
      if (number === 0) {
        const fresh = this.#add(value);
        // The table may have been rebuilt (grown) in #add: place the value there.
        if (this.#slots === slots) slots[at] = fresh;
        else this.#place(value, fresh);
        return fresh;
      }
      if (this.values[number] === value) return number;
      at = (at + 1) & mask;
    }
    let number = this.#overflow?.get(value);
    if (number === undefined) {
      number = this.#add(value);
      // The overflow map, unless the table grew and has room now.
      this.#place(value, number);
    }
    return number;
  }

  /** Gives the slots back for the next page (a table grown past `KEEP_SLOTS` is dropped). */
  release(): void {
    if (this.#slots.length <= KEEP_SLOTS) sharedSlots = this.#slots;
  }

  /** A new number for `value`; grows the table when half of it is taken. */
  #add(value: string): number {
    const number = this.values.length;
    this.values.push(value);
    if (2 * number > this.#slots.length) this.#grow();
    return number;
  }

  /**
   * Doubles the table and places every number again, those of the overflow map too (a value stays
   * in the map only while its window is full, so that a lookup that meets an empty slot may stop).
   */
  #grow(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    this.#mask = this.#slots.length - 1;
    this.#overflow = undefined;
    // The newest value is placed by the caller.
    for (let number = 1; number < this.values.length - 1; number++) this.#place(this.values[number], number);
  }

  /** Puts `number` in the first free slot of `value`'s window, or in the overflow map. */
  #place(value: string, number: number): void {
    const slots = this.#slots;
    const mask = this.#mask;
    let at = slotHash(value) & mask;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      if (slots[at] === 0) {
        slots[at] = number;
        return;
      }
      at = (at + 1) & mask;
    }
    this.#overflow ??= new Map();
    this.#overflow.set(value, number);
  }
}
