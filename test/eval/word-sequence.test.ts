import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  normaliseWords,
  scoreWordArrays,
  scoreWordSequence,
  summariseWordSequence,
} from '../../packages/workbench/src/eval/metrics/word-sequence.js';

describe('normaliseWords (seed 002)', () => {
  it('removes tags, punctuation and control characters, lower-cases, splits on whitespace', () => {
    assert.deepEqual(normaliseWords('<p>Hello, <b>World</b>!</p>\tIt\u0007s   "fine".'), [
      'hello',
      'world',
      'it',
      's',
      'fine',
    ]);
  });
  it('deletes punctuation inside words and Unicode punctuation', () => {
    assert.deepEqual(normaliseWords('Don’t e-mail — “now” 3.5%'), ['dont', 'email', 'now', '35']);
  });
  it('keeps a lone < and > that are not tags (as punctuation they go, the words stay)', () => {
    assert.deepEqual(normaliseWords('a < b and c > d'), ['a', 'b', 'and', 'c', 'd']);
  });
  it('keeps non-ASCII by default and removes it on request, without gluing words', () => {
    assert.deepEqual(normaliseWords('Café\u00a0Zürich naïve'), ['café', 'zürich', 'naïve']);
    assert.deepEqual(normaliseWords('Café\u00a0Zürich naïve', { removeNonAscii: true }), [
      'caf',
      'zrich',
      'nave',
    ]);
  });
  it('treats every whitespace and line separator as a word break and drops format characters', () => {
    assert.deepEqual(normaliseWords('a\u2028b\u3000c\r\nd\u00ade\u200bf'), ['a', 'b', 'c', 'def']);
  });
  it('returns no words for empty or punctuation-only text', () => {
    assert.deepEqual(normaliseWords(''), []);
    assert.deepEqual(normaliseWords(' ... --- <br/> '), []);
  });
});

describe('scoreWordSequence', () => {
  it('computes precision, recall and F1 from the difflib matching blocks', () => {
    const score = scoreWordSequence('The quick, brown fox!', 'quick brown fox jumps');
    assert.deepEqual(
      {
        retrieved: score.retrieved,
        relevant: score.relevant,
        matched: score.matched,
        special: score.special,
      },
      { retrieved: 4, relevant: 4, matched: 3, special: null },
    );
    assert.equal(score.precision, 0.75);
    assert.equal(score.recall, 0.75);
    assert.equal(score.f1, 0.75);
  });
  it('counts order: a swapped block matches once', () => {
    // a = [c d a b], b = [a b c d]: difflib takes "c d" (longest, earliest in a), then nothing else fits.
    const score = scoreWordArrays(['c', 'd', 'a', 'b'], ['a', 'b', 'c', 'd']);
    assert.equal(score.matched, 2);
    assert.equal(score.precision, 0.5);
  });
  it('reports the four special cases with the seed’s values', () => {
    const mismatch = scoreWordSequence('alpha beta', 'gamma');
    assert.equal(mismatch.special, 'mismatch');
    assert.deepEqual([mismatch.precision, mismatch.recall, mismatch.f1], [0, 0, Number.POSITIVE_INFINITY]);
    const retrievedEmpty = scoreWordSequence('  ', 'gamma');
    assert.equal(retrievedEmpty.special, 'retrievedEmpty');
    assert.deepEqual([retrievedEmpty.precision, retrievedEmpty.recall], [Number.POSITIVE_INFINITY, 0]);
    assert.ok(Number.isNaN(retrievedEmpty.f1));
    const relevantEmpty = scoreWordSequence('alpha', '...');
    assert.equal(relevantEmpty.special, 'relevantEmpty');
    assert.deepEqual([relevantEmpty.precision, relevantEmpty.recall], [0, Number.POSITIVE_INFINITY]);
    const bothEmpty = scoreWordSequence('', '');
    assert.equal(bothEmpty.special, 'bothEmpty');
    assert.deepEqual(
      [bothEmpty.precision, bothEmpty.recall],
      [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    );
  });
  it('passes removeNonAscii and autojunk through', () => {
    assert.equal(scoreWordSequence('café', 'caf', { removeNonAscii: true }).matched, 1);
    assert.equal(scoreWordSequence('café', 'caf').special, 'mismatch');
  });
});

describe('summariseWordSequence', () => {
  it('averages regular documents only and counts special cases and failures', () => {
    const scores = [
      scoreWordSequence('a b c d', 'a b c d'), // 1, 1, 1
      scoreWordSequence('a b', 'a b c d'), // P 1, R 0.5, F1 2/3
      scoreWordSequence('x', 'y'), // mismatch
      scoreWordSequence('', 'y'), // retrievedEmpty
      { ...scoreWordSequence('', 'y'), failed: true }, // failure, scored as empty text
      scoreWordSequence('', ''), // bothEmpty
      scoreWordSequence('x', ''), // relevantEmpty
    ];
    const summary = summariseWordSequence(scores);
    assert.equal(summary.documents, 7);
    assert.equal(summary.scored, 2);
    assert.equal(summary.precision, 1);
    assert.equal(summary.recall, 0.75);
    assert.equal(summary.f1, (1 + 2 / 3) / 2);
    assert.deepEqual(summary.specialCases, {
      mismatch: 1,
      retrievedEmpty: 2,
      relevantEmpty: 1,
      bothEmpty: 1,
    });
    assert.equal(summary.failures, 1);
    // All pages: 1 + 2/3 + 0 + 0 + 0 + 1 (both empty) + 0, over 7.
    assert.ok(Math.abs(summary.f1AllDocuments - (1 + 2 / 3 + 1) / 7) < 1e-12);
  });
  it('gives NaN means when nothing is regular', () => {
    const summary = summariseWordSequence([scoreWordSequence('', 'x')]);
    assert.equal(summary.scored, 0);
    assert.ok(Number.isNaN(summary.f1));
  });
});
