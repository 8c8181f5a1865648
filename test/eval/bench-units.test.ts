import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PUBLISHED } from '../../packages/workbench/src/eval/published.js';
import {
  renderMarkdownReport,
  seed002Table,
  speedTable,
} from '../../packages/workbench/src/eval/report-bench.js';
import { markdownToHtml, renderHtmlReport } from '../../packages/workbench/src/eval/report-html.js';
import {
  bars,
  binCounts,
  escapeXml,
  histogram,
  lineChart,
  scatter,
  stackedBars,
} from '../../packages/workbench/src/eval/report-svg.js';
import {
  cacheKey,
  readCache,
  readScores,
  scoreKey,
  writeCache,
  writeScores,
} from '../../packages/workbench/src/eval/runs/cache.js';
import type { ExtractorRef } from '../../packages/workbench/src/eval/runs/extractors.js';
import { pithExtractorRef } from '../../packages/workbench/src/eval/runs/extractors.js';
import { parseResult, serialiseResult } from '../../packages/workbench/src/eval/runs/results-io.js';
import { scorePage } from '../../packages/workbench/src/eval/runs/scoring.js';
import type { SpeedRow } from '../../packages/workbench/src/eval/runs/speed-types.js';
import {
  comparePaired,
  pagePrf,
  pagePrimaryScore,
  qualityCalibrations,
  summariseBench,
  worstPages,
} from '../../packages/workbench/src/eval/runs/summary.js';
import type { BenchPageResult, BenchResult } from '../../packages/workbench/src/eval/runs/types.js';
import { wordDiff } from '../../packages/workbench/src/eval/runs/word-diff.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('cache', () => {
  const ref: ExtractorRef = { kind: 'pith', name: 'pith', label: 'pith', version: '1', options: {} };
  it('keys on page hash, extractor, version and options (options order-insensitive)', () => {
    const key = cacheKey('abc', ref);
    assert.notEqual(key, cacheKey('abd', ref));
    assert.notEqual(key, cacheKey('abc', { ...ref, version: '2' }));
    assert.notEqual(key, cacheKey('abc', { ...ref, name: 'all-text' }));
    assert.equal(
      cacheKey('abc', { ...ref, options: { a: 1, b: 2 } }),
      cacheKey('abc', { ...ref, options: { b: 2, a: 1 } }),
    );
    assert.notEqual(cacheKey('abc', { ...ref, options: { a: 1 } }), key);
  });
  it('round-trips outputs and errors; a miss is undefined', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pith-cache-'));
    assert.equal(readCache(dir, 'ff00'), undefined);
    writeCache(dir, 'ff00', { text: 'héllo', ms: 1.5 });
    writeCache(dir, 'ff01', { text: null, error: 'Error: boom', ms: 0 });
    assert.deepEqual(readCache(dir, 'ff00'), { text: 'héllo', ms: 1.5 });
    assert.deepEqual(readCache(dir, 'ff01'), { text: null, error: 'Error: boom', ms: 0 });
  });
  it('keys scores on the output, the gold, the options and the metric code; keeps Infinity and NaN', () => {
    const base = { outputKey: 'k', gold: { text: 'a' }, scoring: { removeNonAscii: false } };
    const key = scoreKey(base);
    assert.notEqual(key, scoreKey({ ...base, outputKey: 'j' }));
    assert.notEqual(key, scoreKey({ ...base, gold: { text: 'b' } }));
    assert.notEqual(key, scoreKey({ ...base, scoring: { removeNonAscii: true } }));
    assert.notEqual(key, scoreKey({ ...base, retrievedTransform: 'above-latin1-to-question-mark' }));
    const dir = mkdtempSync(path.join(tmpdir(), 'pith-scores-'));
    const scores = {
      wordSequence: {
        retrieved: 0,
        relevant: 3,
        matched: 0,
        precision: Number.POSITIVE_INFINITY,
        recall: 0,
        f1: Number.NaN,
        special: 'retrievedEmpty' as const,
      },
    };
    writeScores(dir, key, { scores, scoreMs: 2 });
    const back = readScores(dir, key);
    assert.equal(back?.scores.wordSequence?.precision, Number.POSITIVE_INFINITY);
    assert.ok(Number.isNaN(back?.scores.wordSequence?.f1));
    assert.equal(readScores(dir, 'other'), undefined);
  });
  it('versions pith extractors with the code hash, and parses NAME:key=value variants', () => {
    const ref = pithExtractorRef('pith');
    assert.match(ref.version, /\+pith[\d.]+\+[0-9a-f]{16}$/);
    const variant = pithExtractorRef('all-text:flag=true,n=3,mode=x');
    assert.equal(variant.name, 'all-text');
    assert.equal(variant.label, 'all-text:flag=true,n=3,mode=x');
    assert.deepEqual({ ...variant.options }, { flag: true, n: 3, mode: 'x' });
    assert.throws(() => pithExtractorRef('nope'), /unknown extractor 'nope'/);
    assert.throws(() => pithExtractorRef('pith:novalue'), /not key=value/);
  });
});

describe('scorePage', () => {
  it('scores text gold with every text metric and snippet gold with both snippet metrics', () => {
    const page = {
      gold: { text: 'alpha beta gamma delta', snippets: { with: ['ALPHA beta'], without: ['menu'] } },
      html: bytes('<p>alpha beta gamma delta</p><nav>menu</nav>'),
    };
    const scores = scorePage(page, 'Alpha beta gamma delta menu', { removeNonAscii: false });
    assert.equal(scores.wordSequence?.precision, 4 / 5);
    assert.equal(scores.bagOfWords?.recall, 1);
    assert.equal(scores.bagOfWords?.withRate, 1); // WCXB: case-insensitive
    assert.equal(scores.bagOfWords?.withoutRate, 1);
    assert.deepEqual(scores.snippets, { tp: 0, fp: 1, fn: 1, tn: 0 }); // trafilatura: case-sensitive
    assert.ok(scores.shingles && scores.lcs && scores.cuter && scores.spaceSavings);
  });
  it('scores a failure as empty text', () => {
    const scores = scorePage({ gold: { text: 'a b' }, html: bytes('x') }, null, { removeNonAscii: false });
    assert.equal(scores.wordSequence?.special, 'retrievedEmpty');
    assert.equal(scores.bagOfWords?.f1, 0);
  });
  it('applies the retrieved transform (L3S-GN1)', () => {
    const scores = scorePage(
      {
        gold: { text: 'Kosovo?s future' },
        html: bytes('x'),
        retrievedTransform: 'above-latin1-to-question-mark',
      },
      'Kosovo’s future',
      { removeNonAscii: false },
    );
    assert.equal(scores.wordSequence?.f1, 1);
  });
});

function page(
  id: string,
  extractor: string,
  scores: BenchPageResult['scores'],
  extra: Partial<BenchPageResult> = {},
): BenchPageResult {
  return { dataset: 'd', id, extractor, failed: false, ms: 10, bytes: 1000, cached: false, scores, ...extra };
}

function word(precision: number, recall: number, special: null | 'mismatch' | 'relevantEmpty' = null) {
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { retrieved: 10, relevant: 10, matched: 5, precision, recall, f1, special };
}

function result(
  pages: BenchPageResult[],
  primary: 'word-sequence' | 'snippets' = 'word-sequence',
): BenchResult {
  return {
    schema: 1,
    startedAt: '2026-01-02T03:04:05.000Z',
    wallMs: 1000,
    qualityWallMs: 900,
    machine: { node: 'v20', platform: 'linux', arch: 'x64', cpus: 2, cpuModel: 'CPU', memoryGb: 8 },
    jobs: 2,
    timeoutMs: 60000,
    datasets: [
      {
        name: 'd',
        format: 'cleaneval',
        dir: '/x/cleaneval',
        pages: 3,
        scoring: { primary, removeNonAscii: true, published: 'cleaneval' },
      },
    ],
    extractors: [
      { name: 'pith', kind: 'pith', version: '1' },
      { name: 'peer-x', kind: 'peer', version: 'x@2' },
    ],
    skippedPeers: [{ name: 'stub-missing', reason: 'not installed' }],
    workerReplacements: 0,
    pages,
  };
}

const PAGES = [
  page('1', 'pith', { wordSequence: word(1, 0.5) }),
  page('2', 'pith', { wordSequence: word(0.8, 1) }),
  page('3', 'pith', { wordSequence: word(0, 0, 'relevantEmpty') }),
  page('1', 'peer-x', { wordSequence: word(0.5, 0.5) }),
  page('2', 'peer-x', { wordSequence: word(0, 0, 'mismatch') }),
  page(
    '3',
    'peer-x',
    { wordSequence: { ...word(0, 0), special: 'retrievedEmpty' } },
    { failed: true, error: 'E' },
  ),
];

describe('summaries', () => {
  it("averages seed 002's regular pages and counts special cases and failures (hand-computed)", () => {
    const [summary] = summariseBench(result(PAGES), { resamples: 200 });
    const [pith, peer] = summary.rows;
    assert.equal(pith.wordSequence?.summary.scored, 2);
    assert.equal(pith.primary.precision.estimate, 0.9);
    assert.equal(pith.primary.recall.estimate, 0.75);
    assert.equal(pith.wordSequence?.summary.specialCases.relevantEmpty, 1);
    assert.equal(peer.failures, 1);
    assert.equal(peer.wordSequence?.summary.scored, 1);
    // Seed 002's categories are exclusive: the failed page is not also a "retrieved empty" one.
    assert.deepEqual(peer.wordSequence?.specialNotFailed, {
      mismatch: 1,
      retrievedEmpty: 0,
      relevantEmpty: 0,
      bothEmpty: 0,
    });
    assert.equal(peer.docsPerSecond, 100); // 3 pages in 30 ms
    // The paired difference is over the pages regular for both (page 1 only): F1 2/3 − 1/2.
    assert.equal(summary.comparisons.length, 1);
    assert.equal(summary.comparisons[0].pages, 1);
    assert.ok(Math.abs(summary.comparisons[0].difference.estimate - (2 / 3 - 1 / 2)) < 1e-12);
  });

  it('ranks the worst pages by the primary per-page score (special cases 0, both empty 1)', () => {
    assert.equal(pagePrimaryScore(PAGES[2], 'word-sequence'), 0);
    assert.equal(
      pagePrimaryScore(
        page('z', 'p', { wordSequence: { ...word(0, 0), special: 'bothEmpty' } }),
        'word-sequence',
      ),
      1,
    );
    const worst = worstPages(result(PAGES), 'd', 2);
    assert.deepEqual(
      worst.get('pith')?.map((w) => w.id),
      ['3', '1'],
    );
    assert.deepEqual(pagePrf(PAGES[0], 'word-sequence'), { p: 1, r: 0.5, f1: 2 / 3 });
    assert.equal(pagePrf(PAGES[2], 'word-sequence'), undefined);
  });

  it('compares micro-averaged snippet F1 by paired bootstrap', () => {
    const a = [
      page('1', 'a', { snippets: { tp: 2, fp: 0, fn: 0, tn: 1 } }),
      page('2', 'a', { snippets: { tp: 1, fp: 1, fn: 1, tn: 0 } }),
    ];
    const b = [
      page('1', 'b', { snippets: { tp: 1, fp: 0, fn: 1, tn: 1 } }),
      page('2', 'b', { snippets: { tp: 0, fp: 1, fn: 2, tn: 0 } }),
    ];
    const { difference, pages } = comparePaired(a, b, 'snippets', { resamples: 100 });
    assert.equal(pages, 2);
    // a: tp 3, fp 1, fn 1 → F1 6/8; b: tp 1, fp 1, fn 3 → 2/6.
    assert.ok(Math.abs(difference.estimate - (6 / 8 - 2 / 6)) < 1e-12);
  });
});

describe('results.json', () => {
  it("round-trips seed 002's Infinity and NaN", () => {
    const original = result(PAGES);
    original.pages[2].scores.wordSequence = {
      ...word(0, 0),
      precision: 0,
      recall: Number.POSITIVE_INFINITY,
      f1: Number.NaN,
      special: 'relevantEmpty',
    };
    const back = parseResult(serialiseResult(original));
    assert.equal(back.pages[2].scores.wordSequence?.recall, Number.POSITIVE_INFINITY);
    assert.ok(Number.isNaN(back.pages[2].scores.wordSequence?.f1));
    assert.equal(back.pages[0].id, '1');
    assert.throws(() => parseResult('{"schema": 2}'), /not a pith bench/);
  });
});

describe('word diff', () => {
  it('marks missing gold words and extra words, comparing normalised words', () => {
    const diff = wordDiff('Menu Home. The quick brown fox', 'the quick, brown fox jumps');
    assert.equal(diff.text, '{+Menu Home.+} The quick brown fox [-jumps-]');
    assert.deepEqual([diff.missing, diff.extra, diff.common], [1, 2, 4]);
    assert.equal(
      wordDiff('a', 'b', { colour: true }).text,
      '\u001b[31m[-b-]\u001b[0m \u001b[32m{+a+}\u001b[0m',
    );
  });
  it('shortens long runs of common words', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    assert.match(wordDiff(words, words, { context: 3 }).text, /^w0 w1 w2 … \(34 words\) … w37 w38 w39$/);
  });
});

describe('SVG charts', () => {
  it('bins values in 20 equal bins over [0, 1], 1 in the last', () => {
    const counts = binCounts([0, 0.049, 0.05, 0.5, 0.999, 1, Number.NaN, 1.2, -0.1]);
    assert.equal(counts.length, 20);
    assert.deepEqual([counts[0], counts[1], counts[10], counts[19]], [2, 1, 1, 2]);
    assert.equal(
      counts.reduce((s, c) => s + c, 0),
      6,
    );
  });
  it('draws one bar per non-empty bin and escapes text', () => {
    const svg = histogram({ values: [0.1, 0.1, 0.95], title: 'a <b> & "c"' });
    assert.equal((svg.match(/<rect /g) ?? []).length, 2);
    assert.match(svg, /a &lt;b&gt; &amp; &quot;c&quot;/);
    assert.doesNotMatch(svg, /<script/);
    assert.equal(escapeXml('<&>"'), '&lt;&amp;&gt;&quot;');
  });
  it('draws stacked bars, scatter points and bars', () => {
    const stacked = stackedBars({
      categories: ['x', 'y'],
      series: [
        { label: 'ok', colour: '#0f0', values: [3, 0] },
        { label: 'bad', colour: '#f00', values: [1, 2] },
      ],
      title: 't',
    });
    assert.equal((stacked.match(/<rect x="150"/g) ?? []).length, 2); // each bar starts at the axis
    const plot = scatter({
      points: [
        { x: 0.9, y: 0.8, label: 'p', colour: '#000' },
        { x: 0.7, y: 0.6, label: 'q', colour: '#000', hollow: true },
      ],
      title: 't',
      xLabel: 'recall',
      yLabel: 'precision',
    });
    assert.equal((plot.match(/<circle/g) ?? []).length, 2);
    assert.equal(
      (
        bars({
          bars: [
            { label: 'a', value: 10 },
            { label: 'b', value: 100 },
          ],
          title: 't',
          unit: 'x',
          log: true,
        }).match(/<rect/g) ?? []
      ).length,
      2,
    );
  });
});

describe('line charts', () => {
  it('draws each series as one line through its points, guides dashed, text escaped', () => {
    const svg = lineChart({
      title: 'RSS <over> time',
      xLabel: 's',
      yLabel: 'MB',
      series: [
        { label: 'a', colour: '#000', points: [0, 5, 10].map((x) => ({ x, y: 100 + x })) },
        {
          label: 'b',
          colour: '#f00',
          points: [
            { x: 0, y: 1 },
            { x: 10, y: 2 },
          ],
        },
      ],
      guides: [{ y: 121, label: '+10 %' }],
      caption: 'npx tsx bench/load/soak.ts',
    });
    const lines = [...svg.matchAll(/<polyline[^>]*points="([^"]*)"/g)].map((match) => match[1].split(' '));
    assert.deepEqual(
      lines.map((points) => points.length),
      [3, 2],
    );
    // x grows left to right; a larger y is higher up (a smaller SVG y).
    const [first, , last] = lines[0].map((point) => point.split(',').map(Number));
    assert.ok(last[0] > first[0] && last[1] < first[1]);
    assert.match(svg, /stroke-dasharray="6 4"/);
    assert.match(svg, /RSS &lt;over&gt; time/);
    assert.match(svg, /bench\/load\/soak\.ts/);
    assert.match(svg, /^<svg [^>]*viewBox="0 0 720 360"/);
  });
});

describe('reports', () => {
  it("prints seed 002's table shape with the published rows first, then ours", () => {
    const [summary] = summariseBench(result(PAGES), { resamples: 50 });
    const table = seed002Table(summary) ?? '';
    const lines = table.split('\n');
    assert.equal(lines[0], '| CleanEval | precision | recall | F1 |');
    assert.equal(lines[2], '| Boilerpipe DEF *(published)* | 0.931 | 0.856 | 0.872 |');
    assert.equal(lines.length, 2 + PUBLISHED.cleaneval.rows.length + 2);
    assert.equal(lines.at(-2), '| **pith** | 0.900 | 0.750 | 0.778 |');
  });

  it('renders the Markdown report: run description, tables, published rows, skipped peers', () => {
    const md = renderMarkdownReport(result(PAGES), { bootstrap: { resamples: 50 }, worst: 1 });
    assert.match(md, /^# Benchmark results\n/);
    assert.match(md, /2 × CPU, 8 GB RAM/);
    assert.match(md, /\| \*published:\* NCleaner NonLex \| 681 \| 0\.882 \| 0\.927 \| 0\.892 \|/);
    assert.match(md, /\| peer-x \(peer\) \| 1 \/ 3 \|/);
    assert.match(md, /Peers skipped: stub-missing \(not installed\)/);
    assert.match(md, /- pith − peer-x: ΔF1 = \+0\.167/);
    assert.match(md, /The 1 worst pages per extractor/);
    assert.equal(speedTable(result(PAGES)), undefined);
  });

  it("gives pith's CPU docs/s as a multiple of each peer's (hand-computed: 50 / 8 = 6.25, 50 / 20 = 2.50)", () => {
    const row = (name: string, kind: SpeedRow['kind'], cpuDocsPerSecond: number): SpeedRow => ({
      name,
      kind,
      version: '1',
      pages: 10,
      bytes: 1000,
      failures: 0,
      totalMs: 100,
      docsPerSecond: 100,
      cpuDocsPerSecond,
      megabytesPerSecond: 1,
      p50Ms: 1,
      p95Ms: 2,
      maxMs: 3,
      baselineRssMb: 10,
      peakRssMb: 20,
    });
    const rows = [
      row('parse-only', 'parse-only', 400),
      row('pith', 'pith', 50),
      row('t', 'peer', 8),
      row('r', 'peer', 20),
    ];
    const table = speedTable({
      ...result(PAGES),
      speed: { pages: 10, bytes: 1000, sample: 's', rows, reference: null, wallMs: 1 },
    });
    assert.match(
      table ?? '',
      /pith's CPU docs\/s is 6\.25× t's, 2\.50× r's \(one core each, the same turns\)\./,
    );
    assert.match(table ?? '', /\| pith \| 100 \| 50\.0 \|/);
  });

  it('renders a self-contained HTML report with inline SVG and no script', () => {
    const html = renderHtmlReport(result(PAGES), { bootstrap: { resamples: 50 } });
    assert.match(html, /^<!doctype html>/);
    assert.ok((html.match(/<svg /g) ?? []).length >= 4); // scatter, 2 special-case charts, histograms
    assert.doesNotMatch(html, /<script|<link |src="http/);
    assert.match(html, /<tr class="published">/);
  });

  it('converts the report Markdown subset to HTML', () => {
    assert.equal(
      markdownToHtml(
        '## A `b`\n\n- x **y**\n- z\n\n| h | i |\n| --- | --- |\n| 1 \\| 2 | *e* |\n\npara\ngraph',
      ),
      '<h2>A <code>b</code></h2>\n<ul><li>x <strong>y</strong></li><li>z</li></ul>\n<table><thead><tr><th>h</th><th>i</th></tr></thead><tbody><tr><td>1 | 2</td><td><em>e</em></td></tr></tbody></table>\n<p>para graph</p>',
    );
  });
});

describe('quality section', () => {
  it('compares pith’s quality with the pages’ scores: Spearman, ECE, keep curve, and the SVG in the HTML report', () => {
    const pages: BenchPageResult[] = [];
    for (let k = 0; k < 20; k++) {
      const f1 = k / 19;
      pages.push(page(`p${k}`, 'pith', { wordSequence: word(f1, f1) }, { quality: f1 }));
      pages.push(page(`p${k}`, 'peer-x', { wordSequence: word(f1, f1) }));
    }
    const bench = result(pages);
    const [calibration, ...others] = qualityCalibrations(bench, 'd');
    assert.equal(others.length, 0, 'only the extractor that gave a quality');
    assert.equal(calibration.extractor, 'pith');
    assert.equal(calibration.n, 20);
    assert.ok(Math.abs(calibration.spearman - 1) < 1e-9);
    assert.ok(calibration.ece < 1e-9);
    assert.equal(calibration.curve[0].share, 1);
    assert.ok(calibration.curve[2].meanKept > calibration.curve[0].meanKept);
    const markdown = renderMarkdownReport(bench);
    assert.match(markdown, /\| pith \| 20 \| 0\.500 \| 0\.500 \| 1\.000 \| 0\.000 \|/);
    assert.match(renderHtmlReport(bench), /<figure><svg[^>]*aria-label="pith: quality calibration on d/);
  });
});
