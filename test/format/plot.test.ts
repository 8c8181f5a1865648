import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { pith } from '../../packages/pith/src/extractors/pith/index.js';
import { ttr } from '../../packages/pith/src/extractors/ttr/index.js';
import {
  isLinePlotDiagnostics,
  plotExtraction,
  renderLinePlot,
} from '../../packages/pith/src/format/index.js';
import { niceTicks } from '../../packages/pith/src/format/plot.js';

function count(haystack: string, needle: RegExp): number {
  return haystack.match(needle)?.length ?? 0;
}

describe('renderLinePlot', () => {
  const svg = renderLinePlot({
    series: [
      { name: 'raw', values: [0, 10, 4, 8, 2, 6, 0, 9] },
      { name: 'smoothed <s>', values: [1, 5, 6, 5, 4, 3, 4, 5], dashed: true },
    ],
    thresholds: [{ label: 'σ', value: 5 }],
    shaded: [3, 1, 2, 7],
    title: 'A & B',
    width: 400,
    height: 248,
  });

  test('is one standalone SVG document with a path per series', () => {
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="400" height="248"/);
    assert.match(svg, /<\/svg>\n$/);
    assert.equal(count(svg, /<path /g), 2);
    assert.equal(count(svg, /stroke-dasharray="5 3"/g), 2); // the dashed series and its legend entry
  });

  test('escapes text', () => {
    assert.match(svg, />A &amp; B</);
    assert.match(svg, />smoothed &lt;s&gt;</);
  });

  test('draws the threshold where its value falls', () => {
    // Plot area: top 56 (title), height 248 − 56 − 48 = 144; y range 0 … 10 × 1.05.
    const y = 56 + 144 - (5 / 10.5) * 144;
    assert.match(
      svg,
      new RegExp(`y1="${Math.round(y * 100) / 100}" y2="${Math.round(y * 100) / 100}" stroke="#d62728"`),
    );
    assert.match(svg, />σ = 5</);
  });

  test('shades each run of chosen points once', () => {
    const shade = svg.slice(
      svg.indexOf('fill-opacity="0.18"'),
      svg.indexOf('</g>', svg.indexOf('fill-opacity="0.18"')),
    );
    assert.equal(count(shade, /<rect /g), 2); // runs 1–3 and 7
  });

  test('keeps long series small but their peaks visible', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i === 54_321 ? 1000 : i % 7));
    const big = renderLinePlot({ series: [{ name: 'ttr', values }], width: 500, height: 200 });
    const points = count(big, /[ML][\d.]+ [\d.]+/g);
    assert.ok(points <= 4 * 500, `${points} points`);
    // The peak reaches the top of the plot area (y = top margin 36 + (1 − 1/1.05) × height).
    const top = 36 + (1 - 1 / 1.05) * (200 - 36 - 48);
    assert.ok(big.includes(` ${Math.round(top * 100) / 100}`), 'the peak is drawn');
  });

  test('custom x values and markers (for parameter sweeps)', () => {
    const sweep = renderLinePlot({
      series: [{ name: 'LCS', values: [0.9, 0.8, 0.7], markers: true }],
      x: [0, 0.1, 0.2],
      yMin: 0,
      yMax: 1,
    });
    assert.equal(count(sweep, /<circle /g), 3);
    assert.match(sweep, />0\.1</);
  });

  test('empty and non-finite input still gives a document', () => {
    const empty = renderLinePlot({ series: [{ name: 'none', values: [] }] });
    assert.match(empty, /<\/svg>/);
    const gaps = renderLinePlot({ series: [{ name: 'gaps', values: [1, Number.NaN, 3] }] });
    assert.doesNotMatch(gaps, /NaN/);
  });

  test('nice ticks step by 1, 2 or 5 × 10ⁿ', () => {
    assert.deepEqual(niceTicks(0, 10), [0, 2, 4, 6, 8, 10]);
    assert.deepEqual(niceTicks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
    assert.deepEqual(niceTicks(0, 300), [0, 100, 200, 300]); // a step of 60 rounds up to 100
  });
});

describe('plotExtraction', () => {
  const html = `<ul>\n<li><a href="/">a</a></li>\n</ul>\n<p>A long line of article text that stands well above the rest of this page.</p>\n<div>x</div>`;

  test('draws the per-line diagnostics of ttr', () => {
    const svg = plotExtraction(ttr.extract(parseHtml(html), {}, {}));
    assert.ok(svg);
    assert.match(svg, />raw</);
    assert.match(svg, />smoothed</);
    assert.match(svg, />1·σ = /);
    assert.match(svg, />chosen</);
  });

  test('draws any extraction that carries the shared shape (e.g. density)', () => {
    const plot = {
      series: { density: [0.1, 0.9, 0.8] },
      thresholds: [{ label: 'threshold', value: 0.5 }],
      chosen: [1, 2],
    };
    assert.ok(isLinePlotDiagnostics(plot));
    const svg = plotExtraction({ extractor: 'density', diagnostics: { plot } });
    assert.ok(svg?.includes('>density: values per line<'));
  });

  test('returns undefined for extractions without a per-line plot', () => {
    assert.equal(plotExtraction(pith.extract(parseHtml(html), {}, {})), undefined);
    assert.equal(
      plotExtraction({ extractor: 'x', diagnostics: { plot: { series: { a: ['1'] } } } }),
      undefined,
    );
    assert.equal(plotExtraction({ extractor: 'x', diagnostics: null }), undefined);
  });
});
