import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  countSnippets,
  normaliseSnippetText,
  snippetScores,
  sumSnippetCounts,
} from '../../packages/workbench/src/eval/metrics/snippets.js';

describe('snippet scoring (trafilatura eval_common.py)', () => {
  it('normalises whitespace like Python re.sub(r"\\s+", " ", t).strip()', () => {
    assert.equal(normaliseSnippetText('  a\n\tb\u00a0\u00a0c \u2003'), 'a b c');
    // Python's \s includes \x1c-\x1f and \x85 but not U+FEFF.
    assert.equal(normaliseSnippetText('a\x1fb\x85c\ufeffd'), 'a b c\ufeffd');
    assert.equal(normaliseSnippetText(' \n '), '');
  });

  it('counts with/without snippets as TP/FN/FP/TN, case-sensitively', () => {
    const gold = {
      with: ['The main  text', 'second\nparagraph', 'missing part'],
      without: ['Cookie banner', 'menu'],
    };
    const text = 'Header Menu\nThe main text, then a second   paragraph.\nCookie banner';
    // with: "The main text" found, "second paragraph" found, "missing part" not → TP 2, FN 1.
    // without: "Cookie banner" found → FP 1; "menu" not found (text has "Menu") → TN 1.
    assert.deepEqual(countSnippets(gold, text), { tp: 2, fp: 1, fn: 1, tn: 1 });
  });

  it('scores a failed extraction as no text', () => {
    assert.deepEqual(countSnippets({ with: ['a', 'b'], without: ['c'] }, null), {
      tp: 0,
      fp: 0,
      fn: 2,
      tn: 1,
    });
    assert.deepEqual(countSnippets({ with: ['a', 'b'], without: ['c'] }, ''), { tp: 0, fp: 0, fn: 2, tn: 1 });
  });

  it('micro-averages over documents', () => {
    const total = sumSnippetCounts([
      { tp: 2, fp: 1, fn: 1, tn: 1 },
      { tp: 3, fp: 0, fn: 0, tn: 2 },
      { tp: 0, fp: 2, fn: 3, tn: 0 },
    ]);
    assert.deepEqual(total, { tp: 5, fp: 3, fn: 4, tn: 3 });
    const scores = snippetScores(total);
    assert.equal(scores.precision, 5 / 8);
    assert.equal(scores.recall, 5 / 9);
    assert.equal(scores.accuracy, 8 / 15);
    assert.equal(scores.f1, 10 / 17);
  });

  it('gives 0 for empty denominators, as upstream', () => {
    assert.deepEqual(snippetScores({ tp: 0, fp: 0, fn: 0, tn: 0 }), {
      tp: 0,
      fp: 0,
      fn: 0,
      tn: 0,
      precision: 0,
      recall: 0,
      accuracy: 0,
      f1: 0,
    });
  });
});
