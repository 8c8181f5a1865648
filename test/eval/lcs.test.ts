import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  charSequence,
  editDistance,
  lcsLength,
  scoreLcs,
  wordSequence,
} from '../../packages/workbench/src/eval/metrics/lcs.js';

// Reference values from a plain O(n·m) dynamic programme in Python (whitespace removed
// with re.sub(r'\s+', '', s) for characters, s.split() for words), copied here as numbers.
const REFERENCE = [
  {
    extracted: 'The quick brown fox jumps',
    gold: 'the quick brown dog jumps over',
    char: { lengths: [21, 25], lcs: 18, distance: 7, recall: 0.72, edr: 0.72 },
    word: { lengths: [5, 6], lcs: 3, distance: 3, recall: 0.5, edr: 0.5 },
  },
  {
    extracted: 'Café crème\n brûlée',
    gold: 'Cafe creme brulee',
    char: { lengths: [15, 15], lcs: 11, distance: 4, recall: 0.7333333333333333, edr: 0.7333333333333334 },
    word: { lengths: [3, 3], lcs: 0, distance: 3, recall: 0, edr: 0 },
  },
  {
    extracted: 'Home | News | Sport\nThe article text is here. Copyright 2008',
    gold: 'The article text is here.',
    char: { lengths: [49, 21], lcs: 21, distance: 28, recall: 1, edr: 0.4285714285714286 },
    word: { lengths: [12, 5], lcs: 5, distance: 7, recall: 1, edr: 0.41666666666666663 },
  },
];

function naiveLcs(a: readonly number[], b: readonly number[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const current = [0];
    for (let j = 0; j < b.length; j++)
      current.push(x === b[j] ? previous[j] + 1 : Math.max(previous[j + 1], current[j]));
    previous = current;
  }
  return previous[b.length];
}

function naiveDistance(a: readonly number[], b: readonly number[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  a.forEach((x, i) => {
    const current = [i + 1];
    for (let j = 0; j < b.length; j++) {
      current.push(Math.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x === b[j] ? 0 : 1)));
    }
    previous = current;
  });
  return previous[b.length];
}

describe('LCS recall and edit distance ratio (seed 000)', () => {
  for (const { extracted, gold, char, word } of REFERENCE) {
    test(`characters: ${JSON.stringify(extracted).slice(0, 30)}…`, () => {
      const o = charSequence(extracted);
      const m = charSequence(gold);
      assert.deepEqual([o.length, m.length], char.lengths);
      assert.equal(lcsLength(o, m), char.lcs);
      assert.equal(editDistance(o, m), char.distance);
      const score = scoreLcs(extracted, gold);
      assert.equal(score.unit, 'char');
      assert.ok(Math.abs(score.lcsRecall - char.recall) < 1e-12);
      assert.ok(Math.abs(score.editDistanceRatio - char.edr) < 1e-12);
    });
    test(`words: ${JSON.stringify(extracted).slice(0, 30)}…`, () => {
      const o = wordSequence(extracted);
      const m = wordSequence(gold);
      assert.deepEqual([o.length, m.length], word.lengths);
      assert.equal(lcsLength(o, m), word.lcs);
      assert.equal(editDistance(o, m), word.distance);
      const score = scoreLcs(extracted, gold, { unit: 'word' });
      assert.equal(score.unit, 'word');
      assert.ok(Math.abs(score.lcsRecall - word.recall) < 1e-12);
      assert.ok(Math.abs(score.editDistanceRatio - word.edr) < 1e-12);
    });
  }

  test('textbook cases', () => {
    assert.equal(lcsLength([...'ABCBDAB'], [...'BDCABA']), 4);
    assert.equal(editDistance([...'kitten'], [...'sitting']), 3);
    assert.equal(editDistance([], [...'abc']), 3);
    assert.equal(lcsLength([], [...'abc']), 0);
  });

  test('empty texts: recall is NaN without gold; EDR is 1 when both are empty, else 0 for an empty side', () => {
    assert.ok(Number.isNaN(scoreLcs('abc', '').lcsRecall));
    assert.equal(scoreLcs('abc', '').editDistanceRatio, 0);
    assert.equal(scoreLcs('', 'some gold').lcsRecall, 0);
    assert.equal(scoreLcs('', 'some gold').editDistanceRatio, 0);
    assert.equal(scoreLcs(' \n', '').editDistanceRatio, 1);
  });

  test('whitespace of every kind is removed before comparing', () => {
    const score = scoreLcs('The\u00a0art-\nicle  text', 'The art- icle text');
    assert.equal(score.lcsRecall, 1);
    assert.equal(score.editDistanceRatio, 1);
  });

  test('auto mode switches to words above maxCharCells', () => {
    assert.equal(scoreLcs('a b c', 'a b c', { maxCharCells: 8 }).unit, 'word');
    assert.equal(scoreLcs('a b c', 'a b c', { maxCharCells: 9 }).unit, 'char');
  });

  test('property: the bit-parallel LCS and distance equal the plain dynamic programme (across word boundaries)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 140 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 140 }),
        (a, b) => {
          assert.equal(lcsLength(a, b), naiveLcs(a, b));
          assert.equal(editDistance(a, b), naiveDistance(a, b));
        },
      ),
      { numRuns: 400 },
    );
  });

  test('property: scores lie in [0, 1] and a text scores 1, 1 against itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (o, m) => {
        const score = scoreLcs(o, m);
        if (!Number.isNaN(score.lcsRecall)) assert.ok(score.lcsRecall >= 0 && score.lcsRecall <= 1);
        assert.ok(score.editDistanceRatio >= 0 && score.editDistanceRatio <= 1);
        const self = scoreLcs(m, m);
        if (charSequence(m).length > 0) assert.equal(self.lcsRecall, 1);
        assert.equal(self.editDistanceRatio, 1);
      }),
    );
  });
});
