/**
 * The bench's fast scoring path: gold prepared once per page, metrics on prepared
 * gold, LCS with common ends cut off, the shared bootstrap resamples, per-language
 * summaries, the speed warm-up and the cost accounting. Each fast path must give
 * exactly what the plain metric functions give.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  bagOfWordsReference,
  scoreBagOfWords,
  scoreBagOfWordsAgainst,
  snippetRate,
} from '../../packages/workbench/src/eval/metrics/bag-of-words.js';
import {
  bootstrap,
  bootstrapMeans,
  bootstrapShingleScores,
} from '../../packages/workbench/src/eval/metrics/bootstrap.js';
import {
  cuterAccuracyDetails,
  cuterAccuracyOfWords,
} from '../../packages/workbench/src/eval/metrics/cuter-accuracy.js';
import {
  editDistance,
  lcsLength,
  scoreLcs,
  scoreLcsSequences,
} from '../../packages/workbench/src/eval/metrics/lcs.js';
import {
  scoreShingleCounts,
  scoreShingles,
  shingleCounts,
  summariseShingles,
} from '../../packages/workbench/src/eval/metrics/shingles.js';
import { countSnippets } from '../../packages/workbench/src/eval/metrics/snippets.js';
import { gzipSize, spaceSavings } from '../../packages/workbench/src/eval/metrics/space-savings.js';
import {
  normaliseWords,
  scoreWordSequence,
} from '../../packages/workbench/src/eval/metrics/word-sequence.js';
import { costTable } from '../../packages/workbench/src/eval/report-bench.js';
import {
  prepareGold,
  scorePage,
  scorePrepared,
  withHeadline,
} from '../../packages/workbench/src/eval/runs/scoring.js';
import { warmUpPages } from '../../packages/workbench/src/eval/runs/speed-types.js';
import {
  LANGUAGE_GROUP_MIN_PAGES,
  primaryF1,
  summariseByLanguage,
} from '../../packages/workbench/src/eval/runs/summary.js';
import { threadCpuMs } from '../../packages/workbench/src/eval/runs/thread-cpu.js';
import type { BenchPageResult, BenchResult } from '../../packages/workbench/src/eval/runs/types.js';

const bytes = (s: string) => new TextEncoder().encode(s);

// Texts of a few words from a small vocabulary, so that matches, repeats and common ends occur.
const WORDS = ['the', 'cat', 'Sat', 'on', 'mat', 'élan', 'menu', '—', 'don’t', '2012'];
const text = fc
  .array(fc.constantFrom(...WORDS), { maxLength: 40 })
  .chain((words) =>
    fc
      .array(fc.constantFrom(' ', '\n', '  ', '. '), { minLength: words.length, maxLength: words.length })
      .map((gaps) => words.map((w, i) => w + gaps[i]).join('')),
  );

describe('metrics on prepared gold', () => {
  it('property: every prepared-gold metric equals its plain function', () => {
    fc.assert(
      fc.property(text, text, (extracted, gold) => {
        assert.deepEqual(
          scoreBagOfWordsAgainst(extracted, bagOfWordsReference(gold)),
          scoreBagOfWords(extracted, gold),
        );
        assert.deepEqual(
          scoreShingleCounts(shingleCounts(extracted), shingleCounts(gold)),
          scoreShingles(extracted, gold),
        );
        assert.deepEqual(
          cuterAccuracyOfWords(normaliseWords(extracted), normaliseWords(gold)),
          cuterAccuracyDetails(extracted, gold),
        );
        assert.equal(
          spaceSavings(bytes(gold), extracted, gzipSize(bytes(gold))).gzip,
          spaceSavings(bytes(gold), extracted).gzip,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('property: the bench scores a page exactly as the metric functions do (LCS over words)', () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), (extracted, gold, removeNonAscii) => {
        const page = {
          gold: { text: gold, snippets: { with: ['the cat'], without: ['menu'] } },
          html: bytes(`<p>${gold}</p><nav>menu</nav>`),
        };
        const scores = scorePage(page, extracted, { removeNonAscii });
        assert.deepEqual(scores.wordSequence, scoreWordSequence(extracted, gold, { removeNonAscii }));
        assert.deepEqual(scores.bagOfWords, {
          ...scoreBagOfWords(extracted, gold),
          withRate: snippetRate(extracted, ['the cat']),
          withoutRate: snippetRate(extracted, ['menu']),
        });
        assert.deepEqual(scores.shingles, scoreShingles(extracted, gold));
        assert.deepEqual(scores.lcs, scoreLcs(extracted, gold, { unit: 'word' }));
        const { accuracy, noise } = cuterAccuracyDetails(extracted, gold);
        assert.deepEqual(scores.cuter, { accuracy, noise });
        assert.deepEqual(scores.snippets, countSnippets(page.gold.snippets, extracted));
        assert.deepEqual(scores.spaceSavings, spaceSavings(page.html, extracted));
      }),
      { numRuns: 200 },
    );
  });

  it('reuses one prepared gold for many texts with the same results, and times each metric', () => {
    const page = { gold: { text: 'alpha beta gamma delta' }, html: bytes('<p>alpha beta gamma delta</p>') };
    const prepared = prepareGold(page, { removeNonAscii: true });
    const timed = new Set<string>();
    for (const extracted of ['alpha beta', 'gamma delta epsilon', '', 'alpha beta gamma delta']) {
      assert.deepEqual(
        scorePrepared(prepared, extracted, { time: (metric) => timed.add(metric) }),
        scorePage(page, extracted, { removeNonAscii: true }),
      );
    }
    assert.deepEqual([...timed].sort(), [
      'CUTER',
      'LCS + EDR',
      'bag of words',
      'shingles',
      'space savings',
      'word sequence',
    ]);
  });
});

describe('LCS with the common ends cut off', () => {
  it('property: equals the bit-parallel LCS and distance of the whole sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 10 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 10 }),
        (a, b, prefix, suffix) => {
          // Shared ends make the cut matter.
          const x = [...prefix, ...a, ...suffix];
          const y = [...prefix, ...b, ...suffix];
          const score = scoreLcsSequences(x, y, 'word');
          const longest = Math.max(x.length, y.length);
          if (y.length > 0) assert.equal(score.lcsRecall, lcsLength(x, y) / y.length);
          else assert.ok(Number.isNaN(score.lcsRecall));
          assert.equal(score.editDistanceRatio, longest === 0 ? 1 : 1 - editDistance(x, y) / longest);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('hand-computed: identical ends around one substitution', () => {
    // a b X c d vs a b Y c d: LCS 4 of 5, one substitution.
    const score = scoreLcsSequences(['a', 'b', 'X', 'c', 'd'], ['a', 'b', 'Y', 'c', 'd'], 'word');
    assert.equal(score.lcsRecall, 4 / 5);
    assert.equal(score.editDistanceRatio, 1 - 1 / 5);
  });
});

describe('bootstrap resamples shared across intervals', () => {
  it('gives the same interval for a column whatever was bootstrapped before', () => {
    const column = Array.from({ length: 57 }, (_, i) => (i * 37) % 11);
    const first = bootstrapMeans([column], { resamples: 300, seed: 7 });
    bootstrapMeans([Array.from({ length: 23 }, (_, i) => i)], { resamples: 300, seed: 7 });
    bootstrapMeans([column.slice(1)], { resamples: 300, seed: 3 });
    assert.deepEqual(bootstrapMeans([column], { resamples: 300, seed: 7 }), first);
  });

  it('shingle intervals equal the generic bootstrap of summariseShingles', () => {
    const scores = Array.from({ length: 31 }, (_, i) => {
      const tp = (i % 5) + 1;
      const fp = i % 3;
      const fn = (i * 7) % 4;
      const sum = tp + fp + fn;
      return { tp: tp / sum, fp: fp / sum, fn: fn / sum };
    });
    const options = { resamples: 200, seed: 5 };
    const fast = bootstrapShingleScores(scores, options);
    for (const key of ['precision', 'recall', 'f1'] as const) {
      const slow = bootstrap(scores, (sample) => summariseShingles(sample)[key], options);
      for (const field of ['estimate', 'low', 'high'] as const)
        assert.ok(Math.abs(fast[key][field] - slow[field]) < 1e-12, `${key}.${field}`);
    }
  });
});

function snippetPage(
  id: string,
  extractor: string,
  language: string | undefined,
  tp: number,
): BenchPageResult {
  return {
    dataset: 't',
    id,
    extractor,
    failed: false,
    ms: 1,
    bytes: 1,
    cached: false,
    ...(language ? { language } : {}),
    scores: { snippets: { tp, fp: 1 - tp, fn: 1 - tp, tn: tp } },
  };
}

describe('per-language summaries', () => {
  it('groups large languages, pools the small ones as other, keeps undeclared pages apart', () => {
    const pages = (extractor: string, hit: (i: number) => number) => {
      const out: BenchPageResult[] = [];
      let i = 0;
      for (const [language, n] of [
        ['de', 12],
        ['en', LANGUAGE_GROUP_MIN_PAGES],
        ['fr', 3],
        ['ja', 1],
        [undefined, 2],
      ] as const) {
        for (let k = 0; k < n; k++, i++) out.push(snippetPage(String(i), extractor, language, hit(i)));
      }
      return out;
    };
    const byExtractor = new Map([
      ['pith', pages('pith', () => 1)],
      ['peer', pages('peer', (i) => (i < 12 ? 0 : 1))],
    ]);
    const groups = summariseByLanguage(byExtractor, 'snippets');
    assert.deepEqual(
      groups?.map((g) => [g.language, g.pages, g.members]),
      [
        ['de', 12, undefined],
        ['en', 10, undefined],
        [
          'other',
          4,
          [
            { language: 'fr', pages: 3 },
            { language: 'ja', pages: 1 },
          ],
        ],
        ['undeclared', 2, undefined],
      ],
    );
    // pith finds every snippet: F1 1 everywhere; the peer none on the German pages, all elsewhere.
    assert.deepEqual(
      groups?.map((g) => [g.f1.pith, g.f1.peer]),
      [
        [1, 0],
        [1, 1],
        [1, 1],
        [1, 1],
      ],
    );
  });

  it('is undefined when no page has a language', () => {
    const byExtractor = new Map([['pith', [snippetPage('1', 'pith', undefined, 1)]]]);
    assert.equal(summariseByLanguage(byExtractor, 'snippets'), undefined);
  });

  it("computes each metric's F1 as over the whole dataset (hand-computed)", () => {
    const base = { dataset: 'd', extractor: 'x', failed: false, ms: 1, bytes: 1, cached: false };
    const word = (f1: number, special: 'mismatch' | null = null) => ({
      retrieved: 1,
      relevant: 1,
      matched: 1,
      precision: f1,
      recall: f1,
      f1,
      special,
    });
    const pages: BenchPageResult[] = [
      { ...base, id: '1', scores: { wordSequence: word(0.5), bagOfWords: { ...bag(0.2) } } },
      { ...base, id: '2', scores: { wordSequence: word(1), bagOfWords: { ...bag(0.6) } } },
      { ...base, id: '3', scores: { wordSequence: word(0, 'mismatch'), bagOfWords: { ...bag(0.1) } } },
    ];
    assert.equal(primaryF1(pages, 'word-sequence'), 0.75); // regular pages only (seed 002)
    assert.ok(Math.abs(primaryF1(pages, 'bag-of-words') - 0.3) < 1e-12); // every page
    assert.ok(Number.isNaN(primaryF1([], 'snippets')));
  });
});

function bag(f1: number) {
  return { precision: f1, recall: f1, f1, predicted: 1, reference: 1, overlap: 1 };
}

describe('speed warm-up', () => {
  it('runs a tenth of the pages, at least 10, never more than there are', () => {
    assert.deepEqual([1, 4, 10, 50, 100, 101, 300, 1000].map(warmUpPages), [1, 4, 10, 10, 10, 11, 30, 100]);
  });
});

describe('cost accounting', () => {
  it("reads the thread's CPU time on Linux, which grows while the thread computes", {
    skip: process.platform === 'linux' ? false : 'Linux only',
  }, () => {
    const start = threadCpuMs() as number;
    assert.ok(start >= 0);
    let now = start;
    let spin = 0;
    // Compute until the kernel has charged two ticks (20 ms) to this thread.
    for (let i = 0; i < 5e9 && now - start < 20; i++) {
      spin += Math.sqrt(i);
      if (i % 100_000 === 0) now = threadCpuMs() as number;
    }
    assert.ok(spin > 0 && now - start >= 20);
  });

  it('sums wall and CPU time per extractor, with a total row (hand-computed)', () => {
    const run = (extractor: string, ms: number, cpuMs?: number): BenchPageResult => ({
      dataset: 'd',
      id: String(ms),
      extractor,
      failed: false,
      ms,
      scoreMs: 100,
      ...(cpuMs === undefined ? {} : { cpuMs, scoreCpuMs: 50 }),
      bytes: 1,
      cached: false,
      scores: {},
    });
    const result = {
      jobs: 2,
      qualityWallMs: 1,
      extractors: [
        { name: 'pith', kind: 'pith', version: '1' },
        { name: 'x', kind: 'peer', version: '2' },
      ],
      pages: [run('pith', 1000, 800), run('pith', 3000, 2000), run('x', 500)],
    } as unknown as BenchResult;
    assert.deepEqual(costTable(result).split('\n').slice(2), [
      '| pith | 2 | 4.0 | 0.2 | 2.8 | 0.1 |',
      '| x (peer) | 1 | 0.5 | 0.1 | – | – |',
      '| all | 3 | 4.5 | 0.3 | – | – |',
    ]);
  });
});

describe('withHeadline: the title put back for a gold that holds the headline', () => {
  it('puts the title on top of a body that left it out', () => {
    assert.equal(
      withHeadline('The river bends.', 'Why Rivers Meander'),
      'Why Rivers Meander\n\nThe river bends.',
    );
    assert.equal(withHeadline('', 'Why Rivers Meander'), 'Why Rivers Meander');
  });
  it('leaves a text alone that starts with the title (case, spacing and punctuation aside)', () => {
    const text = 'WHY rivers — meander\n\nThe river bends.';
    assert.equal(withHeadline(text, 'Why Rivers Meander'), text);
  });
  it('leaves a text alone whose first line is the headline within a longer <title>', () => {
    const first = 'Nine hurt after jet hits turbulence\n\nCALGARY (AP) - Six people are stable.';
    assert.equal(withHeadline(first, 'KMPH Fox 26 News | Nine hurt after jet hits turbulence'), first);
    const last = 'Judge sets example in sentence\n\nThe court said.';
    assert.equal(withHeadline(last, 'Judge sets example in sentence (Free Press) var s = 1;'), last);
  });
  it('a short first line is not taken for the headline', () => {
    assert.equal(withHeadline('News\n\nBody.', 'Site News Today'), 'Site News Today\n\nNews\n\nBody.');
  });
  it('no title or no text: nothing to do', () => {
    assert.equal(withHeadline(null, 'T'), null);
    assert.equal(withHeadline('Body.', undefined), 'Body.');
  });
});
