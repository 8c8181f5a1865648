import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type PeriodicSpan, periodicSpans } from '../../../packages/pith/src/features/comments/periodic.js';

/** The definition, restarting one step after every rejected start (the quadratic original). */
function byDefinition(shapes: readonly string[], usable: readonly boolean[]): PeriodicSpan[] {
  const spans: PeriodicSpan[] = [];
  for (let period = 1; period <= 3; period++) {
    let index = 0;
    while (index + 2 * period <= shapes.length) {
      let length = 0;
      while (
        index + length + period < shapes.length &&
        shapes[index + length] === shapes[index + length + period] &&
        usable[index + length]
      )
        length++;
      const periods = Math.floor((length + period) / period);
      const first = shapes.slice(index, index + period);
      const qualifies = new Set(first).size === period && usable.slice(index, index + period).every(Boolean);
      if (periods >= 2 && qualifies) {
        spans.push({ start: index, period, periods });
        index += periods * period;
      } else index++;
    }
  }
  return spans;
}

/** Counts the reads of `shapes` a call makes. */
function readsOf(shapes: string[], usable: boolean[]): number {
  let reads = 0;
  const counted = new Proxy(shapes, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  periodicSpans(counted, usable);
  return reads;
}

describe('periodicSpans (comments written as repeated sibling blocks)', () => {
  test('hand-worked: a text block then "Posted by" twice, after a heading', () => {
    const shapes = ['h2:', 'div:text', 'p:by', 'div:text', 'p:by', 'div:text'];
    const usable = [false, true, true, true, true, true];
    assert.deepEqual(periodicSpans(shapes, usable), [{ start: 1, period: 2, periods: 2 }]);
  });

  test('agrees with the definition on any run of shapes', () => {
    const shapesAndUsable = fc
      .array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.boolean()), {
        maxLength: 60,
      })
      .map((pairs) => [pairs.map(([shape]) => shape), pairs.map(([, use]) => use)] as const);
    fc.assert(
      fc.property(shapesAndUsable, ([shapes, usable]) => {
        assert.deepEqual(periodicSpans(shapes, usable), byDefinition(shapes, usable));
      }),
      { numRuns: 2_000 },
    );
  });

  test('thousands of identical siblings are read a few times each, not once per start (fuzz seed 205, page 1845)', () => {
    for (const count of [1_000, 20_000]) {
      const shapes = Array.from({ length: count }, () => 'li:');
      const usable = shapes.map(() => true);
      assert.deepEqual(periodicSpans(shapes, usable), [{ start: 0, period: 1, periods: count }]);
      const reads = readsOf(shapes, usable);
      assert.ok(reads <= 12 * count, `${reads} reads of ${count} shapes`);
    }
  });
});
