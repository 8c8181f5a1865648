/**
 * Agreement with Mozilla Readability's expected metadata on its test pages.
 * Readability's values are its own heuristics, not ground truth: the thresholds
 * are what pith measured minus a margin, to catch regressions.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type FieldScore, runCases, scoreAll } from '../../bench/metadata/readability-agreement.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sample = resolve(root, '..', 'shared', 'datasets', 'sample', 'readability-testpages');
const full = join(root, '.cache', 'datasets', 'readability-testpages');

function byField(scores: FieldScore[]): Record<string, FieldScore> {
  return Object.fromEntries(scores.map((score) => [score.field, score]));
}

describe('agreement with Readability (sample)', {
  skip: !existsSync(sample) && 'sample dataset missing',
}, () => {
  it('matches on the sample cases', () => {
    const results = runCases(sample);
    assert.equal(results.length, 5);
    const scores = byField(scoreAll(results));
    // Measured: title 4/5, byline 1/1, excerpt 3/5 (2 are Readability's first-paragraph fallback), lang 1/1, dir 1/1.
    assert.ok(scores.title.exact >= 3, `title ${scores.title.exact}`);
    assert.ok(scores.byline.loose >= 1, `byline ${scores.byline.loose}`);
    assert.ok(scores.excerpt.exact >= 2, `excerpt ${scores.excerpt.exact}`);
    assert.equal(scores.lang.exact, scores.lang.n);
    assert.equal(scores.dir.exact, scores.dir.n);
  });
});

describe('agreement with Readability (all 130 cases)', {
  skip: !existsSync(full) && 'run `npm run datasets` first',
}, () => {
  it('does not regress below the measured rates', () => {
    const results = runCases(full);
    assert.equal(results.length, 130);
    const scores = byField(scoreAll(results));
    const rate = (field: string, key: 'exact' | 'loose') => scores[field][key] / scores[field].n;
    // Measured (see docs/benchmarks-journal.md), minus about five points.
    const floors: [string, 'exact' | 'loose', number][] = [
      ['title', 'exact', 0.76],
      ['byline', 'loose', 0.75],
      ['excerpt', 'exact', 0.5],
      ['siteName', 'exact', 0.88],
      ['lang', 'exact', 0.95],
      ['publishedTime', 'exact', 0.93],
      ['dir', 'exact', 0.94],
    ];
    for (const [field, key, floor] of floors) {
      assert.ok(rate(field, key) >= floor, `${field} ${key} ${rate(field, key).toFixed(3)} < ${floor}`);
    }
  });
});
