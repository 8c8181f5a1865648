import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import {
  classifyPageType,
  classifyPageTypeFeatures,
  decide,
  decidePageType,
  loadPageTypeModel,
  PAGE_TYPE_FEATURE_NAMES,
  PAGE_TYPES,
  type PageTypeResult,
  pageTypeFeatures,
} from '../../../packages/pith/src/features/page-type/index.js';
import { HAS_SAMPLE, samplePath } from '../../helpers.js';

function checkResult(result: PageTypeResult): void {
  assert.ok(PAGE_TYPES.includes(result.type));
  assert.deepEqual(Object.keys(result.probabilities).sort(), [...PAGE_TYPES].sort());
  let sum = 0;
  for (const p of Object.values(result.probabilities)) {
    assert.ok(p >= 0 && p <= 1);
    sum += p;
  }
  assert.ok(Math.abs(sum - 1) < 1e-9, `probabilities sum to ${sum}`);
  assert.ok(result.reasons.length > 0 && result.reasons.some((reason) => reason.startsWith('model: ')));
}

/** One page of each type (WCXB dev, in the training data: these check the wiring, not accuracy). */
const SAMPLES = ['0479', '0556', '2833', '2855', '2962', '2981', '3068'];

describe('classifyPageType on WCXB sample pages', {
  skip: !HAS_SAMPLE && 'no ../shared/datasets/sample',
}, () => {
  const pages = SAMPLES.map((id) => {
    const truth = JSON.parse(
      readFileSync(samplePath('wcxb-dev', 'dev', 'ground-truth', `${id}.json`), 'utf8'),
    );
    const html = gunzipSync(readFileSync(samplePath('wcxb-dev', 'dev', 'html', `${id}.html.gz`))).toString(
      'utf8',
    );
    return { id, url: truth.url as string, type: truth._internal.page_type.primary as string, html };
  });

  it('returns a type, probabilities summing to 1, and reasons', () => {
    for (const page of pages) checkResult(classifyPageType(parseHtml(page.html), page.url));
  });

  it('recognises the forum from its software and the product from its schema.org data', () => {
    const byType = new Map(pages.map((page) => [page.type, page]));
    for (const type of ['forum', 'product'] as const) {
      const page = byType.get(type);
      assert.ok(page);
      const result = classifyPageType(parseHtml(page.html), page.url);
      assert.equal(result.type, type, `${page.url}: ${result.reasons.join('; ')}`);
    }
  });
});

describe('decision policy', () => {
  const model = loadPageTypeModel();
  it('picks the most probable type by default, and article under a floor', () => {
    const probabilities = [0.2, 0.1, 0.45, 0.05, 0.05, 0.05, 0.1];
    assert.equal(
      decide(probabilities, [], { overrideMinProbability: undefined, nonArticleMinProbability: 0 }),
      2,
    );
    assert.equal(
      decide(probabilities, [], { overrideMinProbability: undefined, nonArticleMinProbability: 0.5 }),
      0,
    );
    const strongForum = [{ type: 'forum' as const, strength: 'strong' as const, reason: 'x' }];
    assert.equal(
      decide(probabilities, strongForum, { overrideMinProbability: 0.1, nonArticleMinProbability: 0 }),
      1,
    );
    assert.equal(
      decide(probabilities, strongForum, { overrideMinProbability: 0.2, nonArticleMinProbability: 0 }),
      2,
    );
  });
  it('classifies a bare vector', () => {
    checkResult(classifyPageTypeFeatures(new Float32Array(PAGE_TYPE_FEATURE_NAMES.length), model));
  });
});

const fragment = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '<p>',
    '</p>',
    '<div class="card product-card">',
    '</div>',
    '<li class="post">',
    '<a href="/x">',
    '</a>',
    '<pre><code class="language-js">',
    '<table><tr><td>',
    '<h2>',
    '<time>',
    '<button>Add to cart</button>',
    '$19.99',
    '€ 5',
    '<meta name="generator" content="Discourse">',
    '<meta property="og:type" content="product">',
    '<link rel="next" href="/2">',
    '<script src="https://cdn.shopify.com/x.js"></script>',
    '<div itemscope itemtype="http://schema.org/Product">',
    '<nav aria-label="breadcrumb">',
    '<svg><text>x</text></svg>',
    '<!--',
    '<![CDATA[',
  ),
  fc.json({ maxDepth: 4 }).map((json) => `<script type="application/ld+json">${json}</script>`),
  fc
    .jsonValue({ maxDepth: 3 })
    .map(
      (value) =>
        `<script type="application/ld+json">${JSON.stringify({ '@type': value, itemListElement: value })}</script>`,
    ),
);
const url = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ maxLength: 40 }),
  fc.constant(undefined),
);

describe('classifyPageType properties', () => {
  const model = loadPageTypeModel();
  it('never throws, and always gives finite features and a valid result', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), url, (parts, pageUrl) => {
        const doc = parseHtml(parts.join(''));
        const vector = pageTypeFeatures(doc, pageUrl);
        assert.equal(vector.length, PAGE_TYPE_FEATURE_NAMES.length);
        for (const value of vector) assert.ok(Number.isFinite(value));
        checkResult(classifyPageType(doc, pageUrl, { model }));
      }),
      { numRuns: 300 },
    );
  });

  it("decidePageType gives classifyPageTypeFeatures' type and probabilities (what the extractor reads once a page)", () => {
    // Pages of the fragments above, and raw vectors: zeros, NaN, ±Infinity, huge values, the cue
    // columns of platform software and schema types set (the cues can override the model).
    const vector = fc.float32Array({
      minLength: PAGE_TYPE_FEATURE_NAMES.length,
      maxLength: PAGE_TYPE_FEATURE_NAMES.length,
    });
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), url, vector, (parts, pageUrl, raw) => {
        for (const features of [pageTypeFeatures(parseHtml(parts.join('')), pageUrl), raw]) {
          const full = classifyPageTypeFeatures(features, model);
          const decided = decidePageType(features, model);
          assert.equal(decided.type, full.type);
          assert.deepEqual(decided.probabilities, full.probabilities);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (html) => {
        checkResult(classifyPageType(parseHtml(html), undefined, { model }));
      }),
      { numRuns: 300 },
    );
  });
});
