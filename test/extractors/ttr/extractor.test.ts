import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { NodeKind, parseHtml } from '../../../packages/pith/src/dom/index.js';
import { analyseTtr, TTR_METHODS, ttr } from '../../../packages/pith/src/extractors/ttr/index.js';
import { formatExtraction } from '../../../packages/pith/src/format/index.js';
import { type ExtractOptions, extract, isPithError } from '../../../packages/pith/src/index.js';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the story goes on with enough plain words to carry a high text-to-tag ratio on its line, as article prose does.</p>`;

const navLines = (prefix: string) =>
  Array.from({ length: 6 }, (_, i) => `<li><a href="/${prefix}${i}">${prefix} ${i}</a></li>`).join('\n');

const page = `<!DOCTYPE html>
<html>
<head>
<title>The Story</title>
<script>var tracking = "<div>not a tag</div>";</script>
</head>
<body>
<ul class="menu">
${navLines('Menu')}
</ul>
<div class="main">
<div class="article">
<h1>The Story</h1>
${[1, 2, 3, 4, 5].map(paragraph).join('\n')}
<!-- end of the article -->
</div>
</div>
<div class="below">
<ul class="footer">
${navLines('Footer')}
</ul>
</div>
</body>
</html>`;

describe('ttr extractor', () => {
  test('through the library: extract(html, { extractor: "ttr", method: kmeans })', () => {
    const result = extract(page, {
      extractor: 'ttr',
      format: 'text',
      extractorOptions: { method: 'kmeans' },
    });
    assert.equal(result.extractor.name, 'ttr');
    for (let n = 1; n <= 5; n++) assert.match(result.content, new RegExp(`Paragraph ${n} of the story`));
    assert.doesNotMatch(result.content, /Menu|Footer|not a tag/);
  });

  for (const method of TTR_METHODS) {
    for (const reflow of [false, true]) {
      test(`${method}${reflow ? ', reflow' : ''}: keeps the article and drops the link lists`, () => {
        const result = extract(page, {
          extractor: 'ttr',
          format: 'text',
          extractorOptions: { method, reflow },
        });
        // Prediction leaves on the first drop, so it is only asked for the start of the article.
        const expected = method === 'prediction' ? [1] : [1, 2, 3, 4, 5];
        for (const n of expected) assert.match(result.content, new RegExp(`Paragraph ${n} of the story`));
        assert.doesNotMatch(result.content, /Menu \d|Footer \d/);
      });
    }
  }

  test('smoothing brings in the short title line next to the article (the paper’s motivation)', () => {
    // The selection, printed as it is (`content` leaves the headline out: it is metadata.title).
    const selected = (options: ExtractOptions) =>
      formatExtraction(extract(page, { extractor: 'ttr', format: 'text', ...options }).extraction, 'text');
    assert.match(selected({}), /^The Story\s+Paragraph 1/);
    assert.doesNotMatch(selected({ extractorOptions: { radius: 0 } }), /^The Story/);
  });

  test('every output format works (markdown keeps the heading)', () => {
    const result = extract(page, { extractor: 'ttr', format: 'markdown', titleHeading: true });
    assert.match(result.content, /^# The Story\n\nParagraph 1/);
  });

  test('diagnostics: raw and smoothed arrays, σ, threshold, chosen lines mapped to source lines', () => {
    const doc = parseHtml(page);
    const { diagnostics } = ttr.extract(doc, {}, {});
    const { raw, smoothed } = diagnostics.plot.series;
    assert.equal(raw.length, diagnostics.keptLines);
    assert.equal(smoothed.length, raw.length);
    assert.equal(diagnostics.threshold, diagnostics.sigma);
    assert.deepEqual(diagnostics.plot.thresholds, [{ label: '1·σ', value: diagnostics.sigma }]);
    // The comment line and the script's line content are gone; the script's line kept its tags only.
    const sourceLines = doc.source.split('\n');
    const commentLine = sourceLines.findIndex((line) => line.startsWith('<!--'));
    assert.ok(!diagnostics.sourceLines.includes(commentLine));
    for (const line of diagnostics.plot.chosen) {
      assert.ok(smoothed[line] >= diagnostics.sigma);
      assert.ok(diagnostics.chosenSourceLines.includes(diagnostics.sourceLines[line]));
    }
    const firstParagraph = sourceLines.findIndex((line) => line.startsWith('<p>Paragraph 1'));
    assert.ok(diagnostics.chosenSourceLines.includes(firstParagraph));
  });

  test('diagnostics of a clustering method: every run, the winning count and the labels', () => {
    const doc = parseHtml(page);
    const { diagnostics } = ttr.extract(doc, { method: 'em' }, {});
    const clustering = diagnostics.clustering;
    assert.ok(clustering);
    assert.deepEqual(
      clustering.runs.map((run) => run.clusters),
      [1, 2, 3],
    );
    assert.equal(clustering.labels.length, diagnostics.keptLines);
    const winner = clustering.runs[clustering.chosenClusters - 1];
    for (const cluster of winner.found) assert.equal(cluster.content, cluster.mean > diagnostics.sigma);
  });

  test('diagnostics of prediction: entries and exits on the raw array', () => {
    const { diagnostics } = ttr.extract(parseHtml(page), { method: 'prediction' }, {});
    assert.ok(diagnostics.prediction && diagnostics.prediction.entries.length >= 1);
    assert.deepEqual(diagnostics.plot.thresholds, [{ label: 'σ (raw)', value: diagnostics.rawSigma }]);
  });

  test('a text node counts on the line of its first word, not of its leading line break', () => {
    const html = `<div>\n<a href="/">Home</a>\n</div>\n<p>\nA long line of article words that carries the ratio of this small page well above the rest.\n</p>`;
    const result = extract(html, { extractor: 'ttr', format: 'text' });
    assert.equal(
      result.content,
      'A long line of article words that carries the ratio of this small page well above the rest.',
    );
  });

  test('bad option values are BAD_OPTION errors', () => {
    const doc = parseHtml(page);
    for (const options of [
      { k: -1 },
      { radius: 1.5 },
      { maxClusters: 0 },
      { seed: 0.5 },
      { method: 'nope' },
    ]) {
      assert.throws(
        () => ttr.extract(doc, options as never, {}),
        (error: unknown) => isPithError(error) && error.code === 'BAD_OPTION',
      );
    }
  });

  test('the same seed gives the same selection', () => {
    const doc = parseHtml(page);
    for (const method of ['kmeans', 'em', 'farthest-first'] as const) {
      const a = ttr.extract(doc, { method, seed: 5 }, {});
      const b = ttr.extract(doc, { method, seed: 5 }, {});
      assert.deepEqual(a.diagnostics.plot.chosen, b.diagnostics.plot.chosen);
    }
  });
});

// Pages made of common fragments, with and without line breaks between them.
const fragment = fc.constantFrom(
  '<p>Some words of text here.</p>',
  '<div class="x">',
  '</div>',
  '<a href="/y">link</a>',
  '<script>var s = "<p>";</script>',
  '<!-- note -->',
  '<style>.a{b:c}</style>',
  'bare text',
  '<br>',
  '<ul><li>item</li></ul>',
  '<h2>Heading</h2>',
  '<table><tr><td>cell</td></tr></table>',
  '<',
  '<p',
  '"',
  '&amp;',
  '😀',
);
const pageArbitrary = fc.oneof(
  fc
    .array(fc.tuple(fragment, fc.constantFrom('', '\n', ' ', '\r\n', '\n\n')), { maxLength: 40 })
    .map((parts) => parts.map(([f, s]) => f + s).join('')),
  fc.string({ maxLength: 300 }),
);

describe('ttr properties', () => {
  test('any input → a selection of existing lines, text nodes on chosen lines only', () => {
    fc.assert(
      fc.property(
        pageArbitrary,
        fc.constantFrom(...TTR_METHODS),
        fc.boolean(),
        fc.boolean(),
        (html, method, reflow, removeStyle) => {
          const doc = parseHtml(html);
          const extraction = ttr.extract(doc, { method, reflow, removeStyle }, {});
          const d = extraction.diagnostics;
          assert.equal(extraction.selection.kept.length, doc.size);
          for (const line of d.plot.chosen) assert.ok(line >= 0 && line < d.keptLines);
          for (const line of d.chosenSourceLines) assert.ok(line >= 0 && line < doc.lineCount);
          if (reflow) return;
          const chosen = new Set(d.chosenSourceLines);
          for (let node = 0; node < doc.size; node++) {
            if (!extraction.selection.has(node) || doc.kind(node) !== NodeKind.Text) continue;
            let at = doc.columns.sourceStart[node];
            while (/\s/.test(doc.source[at] ?? '')) at++;
            assert.ok(chosen.has(doc.lineOf(at)), `text node ${node} kept off the chosen lines`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('threshold selection is monotone in k: a larger k keeps a subset', () => {
    fc.assert(
      fc.property(
        pageArbitrary,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (html, a, b, reflow) => {
          const [low, high] = a <= b ? [a / 10, b / 10] : [b / 10, a / 10];
          const doc = parseHtml(html);
          const loose = new Set(analyseTtr(doc, { k: low, reflow }).plot.chosen);
          const strict = analyseTtr(doc, { k: high, reflow }).plot.chosen;
          for (const line of strict) assert.ok(loose.has(line));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('k = 0 keeps every line (all TTRs are ≥ 0)', () => {
    const { plot, keptLines } = analyseTtr(parseHtml(page), { k: 0 });
    assert.equal(plot.chosen.length, keptLines);
    const text = formatExtraction(ttr.extract(parseHtml(page), { k: 0 }, {}), 'text');
    assert.match(text, /Menu 0/);
  });
});
