import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { extractMetadata, type Metadata, parseDate } from '../../packages/pith/src/metadata/index.js';
import { NOW } from './helpers.js';

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** The invariants every result keeps, whatever the input. */
function checkInvariants(metadata: Metadata): void {
  assert.ok(Array.isArray(metadata.authors));
  assert.ok(Array.isArray(metadata.tags));
  for (const list of [metadata.authors, metadata.tags]) {
    for (const item of list) assert.ok(typeof item === 'string' && item.length > 0 && item === item.trim());
    assert.equal(new Set(list.map((item) => item.toLowerCase())).size, list.length);
  }
  for (const date of [metadata.published, metadata.modified]) {
    if (date !== undefined) assert.match(date, ISO);
  }
  for (const url of [metadata.canonicalUrl, metadata.image]) {
    if (url !== undefined) assert.match(url, /^https?:\/\//);
  }
  if (metadata.direction !== undefined)
    assert.ok(metadata.direction === 'ltr' || metadata.direction === 'rtl');
  for (const text of [
    metadata.title,
    metadata.description,
    metadata.siteName,
    metadata.language,
    metadata.pageType,
  ]) {
    if (text !== undefined) assert.ok(typeof text === 'string' && text.length > 0);
  }
  assert.doesNotThrow(() => JSON.stringify(metadata));
}

const run = (html: string, url?: string) => extractMetadata(parseHtml(html, { url }), { now: NOW });

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'By A and B',
    'May 1, 2023',
    '2023-05-01T10:00:00Z',
    '1682935200',
    'en_US',
    'rtl',
    '/rel/path',
    'https://x.example/a',
    'javascript:alert(1)',
    '&amp;amp;',
    '<b>x</b>',
    'a | b | c',
    'null',
    '@handle',
  ),
);
const metaKey = fc.constantFrom(
  'og:title',
  'og:description',
  'og:site_name',
  'og:image',
  'og:locale',
  'og:type',
  'og:url',
  'twitter:title',
  'article:published_time',
  'article:tag',
  'article:author',
  'author',
  'description',
  'keywords',
  'date',
  'DC.creator',
  'dcterms.date',
  'parsely-pub-date',
  'sailthru.tags',
  'citation_author',
  'content-language',
);
const jsonLdText = fc.oneof(
  fc.json({ maxDepth: 6 }),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => JSON.stringify({ '@type': 'Article', author: value, headline: value })),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => JSON.stringify({ '@graph': [value, { '@type': 'NewsArticle', keywords: value }] })),
  fc.string({ maxLength: 80 }),
);
const fragment = fc.oneof(
  fc.tuple(metaKey, text).map(([key, value]) => `<meta property="${key}" content="${value}">`),
  fc.tuple(metaKey, text).map(([key, value]) => `<meta name="${key}" content="${value}">`),
  jsonLdText.map((json) => `<script type="application/ld+json">${json}</script>`),
  text.map((value) => `<title>${value}</title>`),
  text.map((value) => `<h1>${value}</h1>`),
  text.map((value) => `<time datetime="${value}">t</time>`),
  text.map((value) => `<span class="byline">${value}</span>`),
  text.map((value) => `<link rel="canonical" href="${value}">`),
  text.map((value) => `<base href="${value}">`),
  fc.tuple(text, text).map(([lang, dir]) => `<html lang="${lang}" dir="${dir}">`),
  fc
    .tuple(text, text)
    .map(
      ([prop, value]) =>
        `<div itemscope itemtype="http://schema.org/Article"><span itemprop="${prop}">${value}</span></div>`,
    ),
  fc
    .tuple(text, text)
    .map(
      ([prop, value]) => `<span itemprop="author" itemscope><b itemprop="name">${value}</b>${prop}</span>`,
    ),
  text,
);

describe('extractMetadata properties', () => {
  it('never throws on any string and always returns authors and tags arrays', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (html) => {
        checkInvariants(run(html));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps its invariants on pages built from metadata fragments', () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 12 }),
        fc.option(fc.constantFrom('https://example.com/a/b', 'http://fakehost/test/page.html', 'not a url')),
        (fragments, url) => {
          checkInvariants(run(fragments.join('\n'), url ?? undefined));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('parseDate returns ISO 8601 or undefined for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 60 }), fc.integer(), fc.double(), fc.anything()),
        (value) => {
          const date = parseDate(value, NOW);
          if (date !== undefined) {
            assert.match(date, ISO);
            assert.ok(Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) <= NOW + 2 * 86_400_000);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
