import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  DEFAULT_DENSITY_MODEL,
  type DensityDiagnostics,
  density,
  loadDensityModel,
} from '../../../src/extractors/density/index.js';
import { EXTRACTORS, extract, formatExtraction, isPithError, parseHtml } from '../../../src/index.js';
import { useModelFiles } from '../../../src/tools/index.js';
import { countsToFile, countsToModel, serializeModelFile, trainCounts } from '../../../src/train/index.js';

// Models named by path, as the CLI reads them; the shipped density model loaded.
await useModelFiles();

const STORY = [
  'The river bends slowly through the valley, carving a wide loop in the soft clay bank.',
  'Water on the outside of each bend runs faster and wears the bank away over many years.',
  'Sediment settles on the inside of the bend, where the current is slow, and builds a beach.',
];
const LEGAL = 'Copyright 2024 Example Corporation. All rights reserved. Terms of use and privacy apply.';

const PAGE = [
  '<html><head><title>Rivers</title></head><body>',
  '<ul class="nav"><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul>',
  '<div class="menu"><a href="/a" class="menu-link">Sport</a> <a href="/b" class="menu-link">Weather</a></div>',
  ...STORY.map((text) => `<p>${text}</p>`),
  `<div class="footer">${LEGAL}</div>`,
  '</body></html>',
].join('\n');

const MANIFEST = { datasets: [], command: 'test', date: '', code: { pith: '', extractor: '' }, options: {} };

function tinyCounts() {
  return trainCounts(
    [
      ...STORY.map((text) => ({ text: text.toLowerCase(), label: 'keep' as const })),
      { text: 'The bank of a river wears away where the water runs fast.', label: 'keep' as const },
      { text: LEGAL, label: 'discard' as const },
      {
        text: 'Copyright 2023 Other Corporation. All rights reserved. Terms of use apply.',
        label: 'discard' as const,
      },
    ],
    { n: 4, minCount: 1 },
  );
}

describe('density extractor', () => {
  test('is registered, with its parameters and defaults', () => {
    const extractor = EXTRACTORS.density;
    assert.equal(extractor.name, 'density');
    assert.deepEqual(
      extractor.parameters.map((p) => [p.name, p.default]),
      [
        ['minTextChars', 60],
        ['filter', true],
        ['classifier', true],
        ['model', ''],
      ],
    );
  });

  test('the filter alone keeps the long text lines, not the short or markup-heavy ones', () => {
    const { content } = extract(PAGE, {
      extractor: 'density',
      format: 'text',
      extractorOptions: { classifier: false },
    });
    for (const text of STORY) assert.ok(content.includes(text), text);
    assert.ok(content.includes(LEGAL));
    assert.ok(!content.includes('Home'));
    assert.ok(!content.includes('Weather'));
  });

  test('the classifier drops the chunks its model calls discard (model file given by path)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-density-'));
    const path = join(dir, 'tiny.json');
    writeFileSync(path, serializeModelFile(countsToFile(tinyCounts(), 60, MANIFEST)));
    const { content, diagnostics } = extract(PAGE, {
      extractor: 'density',
      format: 'text',
      diagnostics: true,
      extractorOptions: { model: path },
    });
    for (const text of STORY) assert.ok(content.includes(text), text);
    assert.ok(!content.includes('Copyright'));
    const d = diagnostics as DensityDiagnostics;
    assert.equal(d.passedLines, 4);
    assert.equal(d.keptLines, 3);
    assert.deepEqual(
      d.lines.category.filter((c) => c !== null),
      ['keep', 'keep', 'keep', 'discard'],
    );
    assert.equal(d.model?.path, path);
  });

  test('a loaded model can be passed to the extractor directly', () => {
    const doc = parseHtml(PAGE);
    const extraction = density.extract(doc, { model: countsToModel(tinyCounts(), 60) }, {});
    assert.equal(extraction.diagnostics.keptLines, 3);
    assert.equal(extraction.diagnostics.model?.path, null);
    const text = formatExtraction(extraction, 'text', {});
    assert.ok(!text.includes('Copyright') && text.includes(STORY[0]));
  });

  test('diagnostics carry every line: numbers, threshold, and the shared plot shape', () => {
    const { diagnostics } = extract(PAGE, {
      extractor: 'density',
      format: 'json',
      diagnostics: true,
      extractorOptions: { classifier: false },
    });
    const d = diagnostics as DensityDiagnostics;
    // Every line of the page is non-empty: 8 lines, 0 … 7.
    assert.deepEqual(d.lines.line, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(d.lines.measured, [false, false, false, true, true, true, true, false]);
    // Line 1: the nav list, text "HomeNews" (8), markup 'ul class="nav"' 14 + 'li' 2 + 'a href="/"' 10 + '/a' 2 +
    // '/li' 3 + 'li' 2 + 'a href="/news"' 14 + '/a' 2 + '/li' 3 + '/ul' 3 = 55.
    assert.equal(d.lines.textChars[1], 8);
    assert.equal(d.lines.markupChars[1], 55);
    assert.equal(d.lines.density[1], 9 / 64);
    assert.equal(d.model, null);
    assert.equal(d.measuredLines, 4);
    assert.ok(d.threshold !== null && d.sigma !== null && Math.abs(d.threshold - (0.5 - d.sigma)) < 1e-12);
    assert.deepEqual(d.plot.series.density, d.lines.density);
    assert.deepEqual(d.plot.x, d.lines.line);
    assert.deepEqual(d.plot.chosen, [3, 4, 5, 6]);
    assert.equal(d.plot.thresholds[0].value, d.threshold);
  });

  test('minTextChars is a parameter: 0 measures every line', () => {
    const { diagnostics } = extract(PAGE, {
      extractor: 'density',
      diagnostics: true,
      extractorOptions: { classifier: false, minTextChars: 0 },
    });
    assert.ok((diagnostics as DensityDiagnostics).lines.measured.every(Boolean));
  });

  test('the shipped model loads and is used by default', () => {
    assert.equal(DEFAULT_DENSITY_MODEL, 'density');
    const model = loadDensityModel();
    assert.equal(model.n, 6);
    assert.ok(model.manifest.datasets.length >= 4);
    const { diagnostics } = extract(PAGE, { extractor: 'density', diagnostics: true });
    const d = diagnostics as DensityDiagnostics;
    assert.equal(d.model?.path, DEFAULT_DENSITY_MODEL);
    assert.equal(d.lines.category.filter((c) => c !== null).length, d.passedLines);
  });

  test('the classifier respects the time budget', () => {
    const doc = parseHtml(PAGE);
    assert.throws(
      () => density.extract(doc, { model: countsToModel(tinyCounts(), 60) }, { deadline: Date.now() - 1 }),
      (error: unknown) => isPithError(error) && error.code === 'TIMEOUT',
    );
  });

  test('bad options are usage errors', () => {
    const bad = (extractorOptions: Record<string, unknown>, pattern: RegExp) =>
      assert.throws(
        () => extract(PAGE, { extractor: 'density', extractorOptions }),
        (error: unknown) => isPithError(error) && error.code === 'BAD_OPTION' && pattern.test(error.message),
      );
    bad({ minTextChars: -1 }, /minTextChars/);
    bad({ classifier: 'yes' }, /classifier/);
    bad({ model: '/nonexistent/model.json' }, /cannot read model/);
  });

  test('with the classifier on: every passed line gets a verdict, kept = passed and keep (property)', () => {
    // A short cap, so long generated lines exercise it; any UTF-16 (lone surrogates too) must score.
    const model = { ...countsToModel(tinyCounts(), 60), maxChunkChars: 50 };
    const piece = fc.oneof(
      fc.constantFrom('<p>', '</p>', '<div class="x">', '\n', '\r\n', '<script>var a = 1;</script>'),
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constant(STORY[0]),
      fc.constant(LEGAL),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.integer({ min: 0, max: 80 }),
        (pieces, minTextChars) => {
          const doc = parseHtml(pieces.join(''));
          const { diagnostics: d } = density.extract(doc, { model, minTextChars }, {});
          let kept = 0;
          for (let i = 0; i < d.lines.line.length; i++) {
            assert.equal(d.lines.category[i] !== null, d.lines.passed[i]);
            assert.equal(d.lines.kept[i], d.lines.passed[i] && d.lines.category[i] === 'keep');
            if (d.lines.passed[i]) {
              assert.ok(Number.isFinite(d.lines.keepBits[i]) && Number.isFinite(d.lines.discardBits[i]));
            }
            if (d.lines.kept[i]) kept++;
          }
          assert.equal(d.keptLines, kept);
          assert.ok(d.keptLines <= d.passedLines && d.passedLines <= d.measuredLines);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('never throws on arbitrary markup, and keeps only text of chosen lines (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('<p>', '</p>', '<div>', '</div>', '<script>x</script>', '\n', '\r\n', '<a href="#">'),
      fc.string({ maxLength: 90 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        fc.pre(html.trim() !== ''); // a blank page is NOT_HTML
        const result = extract(html, {
          extractor: 'density',
          format: 'text',
          diagnostics: true,
          extractorOptions: { classifier: false },
        });
        const d = result.diagnostics as DensityDiagnostics;
        if (d.keptLines === 0) assert.equal(result.content.trim(), '');
      }),
      { numRuns: 200 },
    );
  });
});
