import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { listWcxb } from '../../packages/workbench/src/eval/datasets/index.js';
import {
  bagOfWordsTokens,
  pairedBootstrap,
  pairedBootstrapMeanDifference,
  scoreBagOfWords,
  scoreShingles,
  scoreWcxbPage,
  seededRandom,
  shingleCounts,
  snippetRate,
  summariseBagOfWords,
  summariseShingles,
} from '../../packages/workbench/src/eval/metrics/index.js';
import { HAS_SAMPLE, samplePath } from '../helpers.js';

// Reference answers from Python (fixtures/make-metric-fixtures.py): WCXB's evaluate.py itself,
// the article-extraction benchmark's shingle matching, and bootstrap.ts's generator in Python.
const here = path.dirname(fileURLToPath(import.meta.url));
interface Fixtures {
  cases: { name: string; predicted: string; reference: string }[];
  bagOfWords: { precision: number; recall: number; f1: number; tokens?: string[] }[];
  snippetRate: { name: string; text: string; snippets: string[]; rate: number }[];
  wcxbEvaluate: {
    recipes: Record<string, { words: number; without: number }>;
    pages: {
      file_id: string;
      page_type: string;
      precision: number;
      recall: number;
      f1: number;
      with_rate: number;
      without_rate: number;
    }[];
    overall: { precision: number; recall: number; f1: number; with_rate: number; without_rate: number };
    byType: Record<string, { n: number; f1: number }>;
  };
  shingles: [number, number, number][];
  shinglesSize2: { predicted: string; reference: string; size: number; triple: [number, number, number] }[];
  shingleSummary: { documents: number; precision: number; recall: number; f1: number };
  pairedBootstrap: {
    a: number[];
    b: number[];
    resamples: number;
    seed: number;
    result: { estimate: number; low: number; high: number; shareNotAbove: number };
  };
  mulberry32Seed1: number[];
}
const fixtures = JSON.parse(
  readFileSync(path.join(here, 'fixtures', 'metric-fixtures.json'), 'utf8'),
) as Fixtures;

/** Equal up to floating-point summation order (1e-12 relative). */
function close(actual: number, expected: number, label: string): void {
  assert.ok(
    Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)),
    `${label}: ${actual} ≠ ${expected}`,
  );
}

describe('bag-of-words (WCXB evaluate.py)', () => {
  it('matches evaluate.py word_f1 and tokenize on every reference case', () => {
    fixtures.cases.forEach((c, i) => {
      const expected = fixtures.bagOfWords[i];
      const score = scoreBagOfWords(c.predicted, c.reference);
      close(score.precision, expected.precision, `${c.name} P`);
      close(score.recall, expected.recall, `${c.name} R`);
      close(score.f1, expected.f1, `${c.name} F1`);
      if (expected.tokens) assert.deepEqual(bagOfWordsTokens(c.predicted), expected.tokens, c.name);
    });
  });

  it('applies the empty rules: empty gold is 1 only for an empty prediction; empty prediction is 0', () => {
    assert.equal(scoreBagOfWords('', '').f1, 1);
    assert.equal(scoreBagOfWords('...', '!!!').f1, 1); // no \w tokens on either side
    assert.equal(scoreBagOfWords('words', '').f1, 0);
    assert.equal(scoreBagOfWords('', 'words').f1, 0);
  });

  it('counts the multiset intersection (hand-computed)', () => {
    // pred a a a b b c (6), ref a b b b d (5): overlap min(3,1)+min(2,3) = 3.
    const s = scoreBagOfWords('a a a b b c', 'a b b b d');
    assert.equal(s.overlap, 3);
    assert.equal(s.precision, 3 / 6);
    assert.equal(s.recall, 3 / 5);
  });

  it('matches evaluate.py snippet_check (case-insensitive, no whitespace normalisation)', () => {
    for (const c of fixtures.snippetRate) close(snippetRate(c.text, c.snippets), c.rate, c.name);
  });

  it('is symmetric in the overlap and bounded in [0, 1]', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (x, y) => {
        const a = scoreBagOfWords(x, y);
        const b = scoreBagOfWords(y, x);
        assert.equal(a.overlap, b.overlap);
        for (const v of [a.precision, a.recall, a.f1]) assert.ok(v >= 0 && v <= 1);
      }),
    );
  });

  it('reproduces evaluate_results on the WCXB sample: per page, overall and per page type', {
    skip: !HAS_SAMPLE,
  }, async () => {
    const refs = await listWcxb(samplePath('wcxb-dev'));
    const reference = fixtures.wcxbEvaluate;
    assert.deepEqual(
      refs.map((r) => r.id),
      reference.pages.map((p) => p.file_id),
    );
    const scores = [];
    for (const ref of refs) {
      const page = await ref.load();
      const recipe = reference.recipes[page.id];
      const predicted = `${page.gold.text.split(' ').slice(0, recipe.words).join(' ')} ${page.gold.snippets.without.slice(0, recipe.without).join(' ')}`;
      const score = scoreWcxbPage(predicted, page.gold);
      const expected = reference.pages.find((p) => p.file_id === page.id)!;
      assert.equal(page.gold.pageType, expected.page_type);
      close(score.f1, expected.f1, `${page.id} F1`);
      close(score.precision, expected.precision, `${page.id} P`);
      close(score.recall, expected.recall, `${page.id} R`);
      close(score.withRate, expected.with_rate, `${page.id} with`);
      close(score.withoutRate, expected.without_rate, `${page.id} without`);
      scores.push({ ...score, pageType: page.gold.pageType });
    }
    const summary = summariseBagOfWords(scores);
    close(summary.f1, reference.overall.f1, 'overall F1');
    close(summary.precision, reference.overall.precision, 'overall P');
    close(summary.withRate, reference.overall.with_rate, 'overall with');
    close(summary.withoutRate, reference.overall.without_rate, 'overall without');
    for (const row of summary.byType) {
      assert.equal(row.pages, reference.byType[row.type].n, row.type);
      close(row.f1, reference.byType[row.type].f1, `${row.type} F1`);
    }
    // evaluate.py's order: article, forum, product, collection, listing, documentation, service.
    assert.deepEqual(
      summary.byType.map((r) => r.type),
      ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'].filter(
        (t) => t in reference.byType,
      ),
    );
  });
});

describe('4-token shingles (article-extraction benchmark)', () => {
  it('matches string_shingle_matching on every reference case', () => {
    fixtures.cases.forEach((c, i) => {
      const [tp, fp, fn] = fixtures.shingles[i];
      const score = scoreShingles(c.predicted, c.reference);
      close(score.tp, tp, `${c.name} tp`);
      close(score.fp, fp, `${c.name} fp`);
      close(score.fn, fn, `${c.name} fn`);
    });
    for (const c of fixtures.shinglesSize2) {
      const score = scoreShingles(c.predicted, c.reference, c.size);
      assert.deepEqual([score.tp, score.fp, score.fn], c.triple);
    }
  });

  it('averages the normalised triples over documents, as the benchmark does', () => {
    const triples = fixtures.cases
      .map((c) => scoreShingles(c.predicted, c.reference))
      .filter((s) => s.tp + s.fp + s.fn > 0);
    const summary = summariseShingles(triples);
    assert.equal(summary.documents, fixtures.shingleSummary.documents);
    close(summary.precision, fixtures.shingleSummary.precision, 'P');
    close(summary.recall, fixtures.shingleSummary.recall, 'R');
    close(summary.f1, fixtures.shingleSummary.f1, 'F1');
  });

  it('makes one short shingle of a 1–3 token text, none of an empty one (hand-computed)', () => {
    assert.deepEqual([...shingleCounts('a b')], [['a\u0000b', 1]]);
    assert.equal(shingleCounts('').size, 0);
    assert.deepEqual([...shingleCounts('a b c d a b c d').values()], [2, 1, 1, 1]);
    // gold "a b c d e" (2 shingles), extracted "a b c d" (1): tp 1, fn 1 → (0.5, 0, 0.5).
    const s = scoreShingles('a b c d', 'a b c d e');
    assert.deepEqual([s.tp, s.fp, s.fn], [0.5, 0, 0.5]);
    assert.equal(s.precision, 1);
    assert.equal(s.recall, 0.5);
  });

  it('keeps case (unlike the bag of words)', () => {
    assert.equal(scoreShingles('A b c d', 'a b c d').tp, 0);
  });
});

describe('paired bootstrap', () => {
  it('uses the same generator as the Python reference', () => {
    const random = seededRandom(1);
    for (const expected of fixtures.mulberry32Seed1) assert.equal(random(), expected);
  });

  it('matches the Python reference interval and share to the last bit', () => {
    const { a, b, resamples, seed, result } = fixtures.pairedBootstrap;
    const diff = pairedBootstrapMeanDifference(a, b, { resamples, seed });
    assert.equal(diff.estimate, result.estimate);
    assert.equal(diff.low, result.low);
    assert.equal(diff.high, result.high);
    assert.equal(diff.shareNotAbove, result.shareNotAbove);
  });

  it('is zero-centred for identical extractors and flips sign with the order', () => {
    const a = [0.1, 0.5, 0.9, 0.3];
    const same = pairedBootstrapMeanDifference(a, a, { resamples: 200 });
    assert.deepEqual([same.estimate, same.low, same.high, same.shareNotAbove], [0, 0, 0, 1]);
    const b = [0.2, 0.4, 0.7, 0.1];
    const ab = pairedBootstrapMeanDifference(a, b, { resamples: 200, seed: 3 });
    const ba = pairedBootstrapMeanDifference(b, a, { resamples: 200, seed: 3 });
    assert.ok(Math.abs(ab.estimate + ba.estimate) < 1e-15);
    assert.ok(Math.abs(ab.low + ba.high) < 1e-12);
  });

  it('takes any statistic of the pairs (a micro-averaged difference)', () => {
    const pairs = [
      { a: { tp: 2, all: 4 }, b: { tp: 1, all: 4 } },
      { a: { tp: 3, all: 3 }, b: { tp: 3, all: 3 } },
    ];
    type Pair = (typeof pairs)[number];
    const micro = (sample: readonly Pair[], key: 'a' | 'b') =>
      sample.reduce((s, p) => s + p[key].tp, 0) / sample.reduce((s, p) => s + p[key].all, 0);
    const diff = pairedBootstrap(pairs, (s) => micro(s, 'a') - micro(s, 'b'), { resamples: 100 });
    assert.equal(diff.estimate, 5 / 7 - 4 / 7);
    assert.ok(diff.low >= 0 && diff.high <= 0.25);
  });
});
