import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { extract, formatResult, QUALITY_REASONS, RESULT_PAGE_TYPES } from '../../packages/pith/src/index.js';
import { isotonicFit } from '../../packages/pith/src/learn/index.js';
import {
  calibrate,
  QUALITY_FEATURES,
  qualityModelFromJson,
  qualityReasons,
} from '../../packages/pith/src/quality/index.js';
import {
  expectedCalibrationError,
  keepCurve,
  reliabilityBins,
  reliabilityDiagram,
  spearman,
} from '../../packages/workbench/src/eval/index.js';

const ARTICLE = readFileSync(
  new URL('../../../shared/datasets/sample/readability-testpages/001/source.html', import.meta.url),
);
const TINY = '<html><body><p>Only a few words on this page.</p></body></html>';

describe('isotonic calibration', () => {
  test('pools violators into a non-decreasing map', () => {
    const fit = isotonicFit([1, 2, 3, 4], [0.2, 0.6, 0.4, 0.9]);
    assert.deepEqual(
      fit.y.map((y) => Math.round(y * 100) / 100),
      [0.2, 0.5, 0.9],
    );
    assert.deepEqual(fit.x, [1, 2.5, 4]);
    assert.equal(calibrate(fit, 0), 0.2);
    assert.equal(calibrate(fit, 5), 0.9);
    assert.ok(Math.abs(calibrate(fit, 3.25) - 0.7) < 1e-9);
  });

  test('property: the fitted values never decrease, and their weighted mean is the mean of y', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
          {
            minLength: 1,
            maxLength: 60,
          },
        ),
        (pairs) => {
          const fit = isotonicFit(
            pairs.map(([x]) => x),
            pairs.map(([, y]) => y),
          );
          for (let k = 1; k < fit.y.length; k++) assert.ok(fit.y[k] >= fit.y[k - 1] - 1e-12);
          const total = fit.y.reduce((sum, y, k) => sum + y * fit.weight[k], 0);
          const mean = pairs.reduce((sum, [, y]) => sum + y, 0);
          assert.ok(Math.abs(total - mean) < 1e-9);
        },
      ),
    );
  });
});

describe('calibration metrics', () => {
  test('Spearman: 1 for the same order, −1 reversed, ties averaged', () => {
    assert.equal(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 1);
    assert.equal(spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1);
    assert.ok(Math.abs(spearman([1, 1, 2, 3], [1, 2, 3, 4]) - 0.9487) < 1e-3);
  });

  test('ECE of a calibrated score is 0; of a score off by 0.2, 0.2', () => {
    const predicted = [0.15, 0.15, 0.85, 0.85];
    assert.ok(expectedCalibrationError(reliabilityBins(predicted, [0.1, 0.2, 0.8, 0.9])) < 1e-12);
    const bins = reliabilityBins(predicted, [0.35, 0.35, 0.65, 0.65]);
    assert.ok(Math.abs(expectedCalibrationError(bins) - 0.2) < 1e-9);
    assert.match(
      reliabilityDiagram({ bins, title: 'test <calibration>' }),
      /^<svg[\s\S]*&lt;calibration&gt;[\s\S]*<\/svg>$/,
    );
  });

  test('keep curve: keeping the best-scored half keeps the best pages', () => {
    const curve = keepCurve([0.9, 0.1, 0.8, 0.2], [1, 0, 0.8, 0.2], [1, 0.5]);
    assert.equal(curve[0].meanKept, 0.5);
    assert.equal(curve[1].kept, 2);
    assert.equal(curve[1].meanKept, 0.9);
    assert.equal(curve[1].threshold, 0.8);
  });
});

describe('extract(): quality, page type and reasons', () => {
  test('an article: a quality in [0, 1], the article type, no reason to worry', () => {
    const result = extract(ARTICLE, { url: 'https://example.com/a', format: 'text' });
    assert.ok(result.quality !== null && result.quality >= 0 && result.quality <= 1, String(result.quality));
    assert.ok(result.quality > 0.7, `quality ${result.quality}`);
    assert.equal(result.pageType.type, 'article');
    assert.ok(result.pageType.probability > 0.5 && result.pageType.probability <= 1);
    assert.deepEqual(result.reasons, []);
  });

  test('a page of a few words: TOO_SHORT (its one sentence may well be all there is: the score says how likely)', () => {
    const result = extract(TINY, { format: 'text' });
    assert.ok(result.reasons.includes('TOO_SHORT'), result.reasons.join());
    assert.ok(result.quality !== null && result.quality < 1, String(result.quality));
  });

  test('an empty page: EMPTY', () => {
    const result = extract('<html><body><nav><a href="/">Home</a></nav></body></html>', { format: 'text' });
    assert.equal(result.content.trim(), '');
    assert.ok(result.reasons.includes('EMPTY'), result.reasons.join());
  });

  test('a script application shell: SCRIPT_RENDERED', () => {
    const shell = `<html><head><title>App</title></head><body><div id="root"></div><script>${'var a=1;'.repeat(2000)}</script></body></html>`;
    const result = extract(shell, { format: 'text' });
    assert.ok(result.reasons.includes('SCRIPT_RENDERED'), result.reasons.join());
  });

  test('a paywall marked in JSON-LD: PAYWALL', () => {
    const html = String(ARTICLE).replace(
      '</head>',
      '<script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree": false}</script></head>',
    );
    assert.ok(extract(html, { format: 'text' }).reasons.includes('PAYWALL'));
  });

  test('a paywall class marks it; the bare word in a script or in the text does not', () => {
    const marked = String(ARTICLE).replace(
      /<body[^>]*>/,
      (tag) => `${tag}<div class="article-Paywall-gate"></div>`,
    );
    assert.ok(extract(marked, { format: 'text' }).reasons.includes('PAYWALL'));
    const mentioned = String(ARTICLE).replace(
      '</head>',
      '<script>var paywall = {"isAccessibleForFree": true};</script></head>',
    );
    assert.ok(!extract(mentioned, { format: 'text' }).reasons.includes('PAYWALL'));
  });

  test('another extractor: no estimate, but the page type and the reasons', () => {
    const result = extract(ARTICLE, { format: 'text', extractor: 'ttr' });
    assert.equal(result.quality, null);
    assert.ok(RESULT_PAGE_TYPES.includes(result.pageType.type));
    for (const reason of result.reasons) assert.ok(QUALITY_REASONS.includes(reason));
  });

  test('the same page gives the same quality (a pure function of the page)', () => {
    assert.equal(extract(ARTICLE).quality, extract(ARTICLE, { format: 'json' }).quality);
  });

  test('computed when first read, yet an ordinary field: enumerable, in JSON, in a spread, stable', () => {
    const result = extract(ARTICLE, { format: 'text' });
    const json = JSON.parse(JSON.stringify({ ...result, extraction: undefined }));
    assert.equal(json.quality, result.quality);
    assert.deepEqual(json.pageType, result.pageType);
    assert.deepEqual(json.reasons, result.reasons);
    assert.ok(Object.keys(result).includes('quality'));
    assert.equal(result.pageType, result.pageType, 'one assessment, read many times');
    assert.equal(JSON.parse(formatResult(result, { format: 'json' })).quality, result.quality);
  });
});

describe('quality in every output format', () => {
  test('JSON: quality, the detected page type and reasons beside the metadata', () => {
    const result = extract(TINY, { format: 'json' });
    const json = JSON.parse(result.content);
    assert.equal(json.quality, result.quality);
    // The page record's fields (issue 40): `pageType` is the type the page declares (metadata).
    assert.equal(json.detectedPageType, result.pageType.type);
    assert.equal(json.pageTypeProbability, result.pageType.probability);
    assert.deepEqual(json.reasons, result.reasons);
    assert.ok(json.reasons.includes('TOO_SHORT'));
  });

  test('XML: a <quality> element with the score, the page type and one <reason> per code', () => {
    const result = extract(TINY, { format: 'xml' });
    assert.match(
      result.content,
      new RegExp(
        `<quality score="${result.quality}" page-type="${result.pageType.type}" page-type-probability="[\\d.]+">`,
      ),
    );
    assert.match(result.content, /<reason>TOO_SHORT<\/reason>/);
  });

  test('Markdown and text front matter: quality, page-type, reasons', () => {
    for (const format of ['markdown', 'text'] as const) {
      const result = extract(TINY, { format, frontMatter: true });
      assert.match(result.content, new RegExp(`^quality: ${result.quality}$`, 'm'));
      assert.match(result.content, /^page-type: "\w+"$/m);
      assert.match(result.content, /^reasons: \[.*"TOO_SHORT".*\]$/m);
    }
  });
});

describe('reasons and the model file', () => {
  test('reasons read the feature row; a missing feature (NaN) gives none', () => {
    const row = new Float32Array(QUALITY_FEATURES.length).fill(Number.NaN);
    assert.deepEqual(qualityReasons(row), []);
    row[QUALITY_FEATURES.indexOf('kept.words')] = 0;
    assert.deepEqual(qualityReasons(row), ['EMPTY']);
  });

  test('a model file of another kind or for other features is refused with BAD_OPTION', () => {
    assert.throws(() => qualityModelFromJson({ format: 'x' }), { code: 'BAD_OPTION' });
    const shipped = JSON.parse(
      readFileSync(new URL('../../packages/pith/models/quality.json', import.meta.url), 'utf8'),
    );
    assert.doesNotThrow(() => qualityModelFromJson(shipped));
    assert.throws(() => qualityModelFromJson({ ...shipped, features: ['other'] }), /other features/);
  });
});
