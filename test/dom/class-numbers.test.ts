/**
 * `ClassNumbers` numbers a page's class values without hashing each whole (issue 38): equal values
 * get one number, different values different ones, through the probe window, its growth and the
 * overflow map that look-alike values (same length, same sampled characters) fall into.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ClassNumbers, slotHash } from '../../packages/pith/src/dom/class-numbers.js';

/** The reference: a Map in first-seen order. */
function referenceNumbers(values: readonly string[]): number[] {
  const seen = new Map<string, number>();
  return values.map((value) => {
    let number = seen.get(value);
    if (number === undefined) {
      number = seen.size + 1;
      seen.set(value, number);
    }
    return number;
  });
}

function numbered(values: readonly string[]): number[] {
  const numbers = new ClassNumbers();
  const out = values.map((value) => numbers.numberOf(value));
  numbers.release();
  for (let at = 0; at < values.length; at++) assert.equal(numbers.values[out[at]], values[at]);
  return out;
}

describe('ClassNumbers', () => {
  it('numbers as a Map in first-seen order would: real classes, look-alikes, thousands of values (property)', () => {
    // Look-alikes differ only inside ("x-aaaa-y" vs "x-abaa-y"): length and the sampled characters agree.
    const lookAlike = fc
      .array(fc.constantFrom('a', 'b', 'c'), { minLength: 3, maxLength: 3 })
      .map((middle) => `card-${middle.join('')}-x-item`);
    const real = fc.constantFrom('comment-body', 'comment-text', 'nav menu', '', ' ', 'İx', 'card', 'Card');
    const wide = fc.nat(3000).map((n) => `c${n}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(lookAlike, real, wide), { maxLength: 3000 }), (values) => {
        assert.deepEqual(numbered(values), referenceNumbers(values));
      }),
      { numRuns: 60 },
    );
  });

  it('a hostile page: 5,000 values alike in every sampled character, then each asked again', () => {
    // Length 16, the digits at 1, 2, 3 and 5: the sampled places (0, 15, 8, 4, 11, 14) are alike.
    const values = Array.from({ length: 5000 }, (_, n) => {
      const d = String(n).padStart(4, '0');
      return `a${d.slice(0, 3)}-${d[3]}--------zz`;
    });
    const twice = [...values, ...values.slice().reverse()];
    assert.deepEqual(numbered(twice), referenceNumbers(twice));
  });

  it('a value the overflow map took while its window was full is found in the grown table', () => {
    // Nine values whose windows start at one slot of the first table (1,024 slots): the ninth
    // overflows; 600 more values grow the table, where the nine's windows part.
    const byStart = new Map<number, string[]>();
    let nine: string[] = [];
    for (let n = 0; nine.length === 0; n++) {
      const value = `v${n}`;
      const start = slotHash(value) & 1023;
      const group = byStart.get(start) ?? [];
      group.push(value);
      byStart.set(start, group);
      if (group.length === 9 && (slotHash(group[8]) & 1024) !== (slotHash(group[0]) & 1024)) nine = group;
    }
    const others = Array.from({ length: 600 }, (_, n) => `other-${n}`);
    const values = [...nine, ...others, ...nine, ...others];
    assert.deepEqual(numbered(values), referenceNumbers(values));
  });

  it('the next page starts afresh', () => {
    assert.deepEqual(numbered(['b', 'a', 'b']), [1, 2, 1]);
    assert.deepEqual(numbered(['a', 'c', 'a']), [1, 2, 1]);
  });
});
