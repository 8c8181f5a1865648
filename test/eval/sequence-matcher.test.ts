import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SequenceMatcher } from '../../packages/workbench/src/eval/metrics/sequence-matcher.js';

// Inputs and Python difflib's answers, produced once by fixtures/make-difflib-fixtures.py.
interface Answer {
  blocks: [number, number, number][];
  matched: number;
  longest: [number, number, number];
}
interface Case {
  name: string;
  a: string[];
  b: string[];
  autojunk: Answer;
  noAutojunk: Answer;
}
const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/difflib-fixtures.json', import.meta.url), 'utf8'),
) as {
  python: string;
  cases: Case[];
};

describe('SequenceMatcher (port of difflib)', () => {
  for (const c of fixtures.cases) {
    for (const autojunk of [true, false]) {
      const answer = autojunk ? c.autojunk : c.noAutojunk;
      it(`${c.name} (${c.a.length}×${c.b.length}, autojunk=${autojunk}) matches Python ${fixtures.python}`, () => {
        const matcher = new SequenceMatcher(c.a, c.b, { autojunk });
        const longest = matcher.findLongestMatch();
        assert.deepEqual([longest.a, longest.b, longest.size], answer.longest);
        const blocks = matcher.getMatchingBlocks().map((m) => [m.a, m.b, m.size]);
        assert.deepEqual(blocks, answer.blocks);
        assert.equal(matcher.matchedCount(), answer.matched);
      });
    }
  }

  it('the fixtures include 200+-word cases where autojunk changes the result', () => {
    const differing = fixtures.cases.filter(
      (c) => c.b.length >= 200 && c.autojunk.matched !== c.noAutojunk.matched,
    );
    assert.ok(differing.length >= 3);
    // Below 200 items of b, autojunk never applies.
    const below = fixtures.cases.find((c) => c.b.length === 199);
    assert.ok(below);
    assert.deepEqual(below.autojunk, below.noAutojunk);
  });

  it('defaults to autojunk=true, as difflib does', () => {
    const c = fixtures.cases.find((x) => x.name.startsWith('260'));
    assert.ok(c);
    assert.equal(new SequenceMatcher(c.a, c.b).matchedCount(), c.autojunk.matched);
  });

  it('computes the ratio as difflib does', () => {
    // difflib: SequenceMatcher(None, "abcd", "bcde").ratio() == 0.75
    assert.equal(new SequenceMatcher([...'abcd'], [...'bcde']).ratio(), 0.75);
    assert.equal(new SequenceMatcher([], []).ratio(), 1);
  });

  it('scales to 1 MB of text (≈ 170,000 words) in seconds', () => {
    const vocabulary = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    let state = 12345;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    const b = Array.from({ length: 170_000 }, () => vocabulary[Math.floor(next() ** 3 * vocabulary.length)]);
    const a = b.slice(5000, 160_000);
    for (let i = 0; i < a.length; i += 97) a[i] = 'noise';
    const matched = new SequenceMatcher(a, b).matchedCount();
    assert.ok(matched > 0.95 * a.length, `matched ${matched}`);
  });
});
