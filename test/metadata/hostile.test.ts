import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { extractMetadata } from '../../packages/pith/src/metadata/index.js';
import { MAX_BLOCK_LENGTH } from '../../packages/pith/src/metadata/jsonld.js';
import { ld, NOW, page } from './helpers.js';

// Speed is measured by benchmarks, not asserted here: these tests check that hostile
// input is survived and still read.
function timed(html: string) {
  const doc = parseHtml(html, { maxInputLength: 64 * 1024 * 1024 });
  return { metadata: extractMetadata(doc, { url: 'https://example.com/', now: NOW }) };
}

describe('hostile input', () => {
  it('survives deeply nested JSON-LD', () => {
    const depth = 500_000;
    for (const json of [
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`,
    ]) {
      const { metadata } = timed(page(ld(json) + ld({ '@type': 'Article', headline: 'Still read' })));
      assert.equal(metadata.title, 'Still read');
    }
  });

  it('skips JSON-LD blocks over the size cap', () => {
    const padding = 'x'.repeat(MAX_BLOCK_LENGTH);
    const { metadata } = timed(
      page(`${ld({ '@type': 'Article', headline: 'Too big', padding })}<title>Small</title>`),
    );
    assert.equal(metadata.title, 'Small');
  });

  it('stays fast on broken JSON-LD, many entities and many tags', () => {
    const broken = `{"a":[${'{"b":"\\x",'.repeat(100_000)}`;
    const entities = {
      '@graph': Array.from({ length: 10_000 }, (_, index) => ({
        '@type': 'Article',
        '@id': `#${index}`,
        headline: `h${index}`,
        author: { '@id': `#${index + 1}` },
      })),
    };
    const metas = '<meta name="author" content="Ann Lee, Bo Chan">'.repeat(50_000);
    const tags = `<meta name="keywords" content="${Array.from({ length: 50_000 }, (_, i) => `t${i}`).join(',')}">`;
    const { metadata } = timed(page(ld(broken) + ld(entities) + metas + tags));
    assert.equal(metadata.title, 'h0');
    assert.deepEqual(metadata.authors, ['Ann Lee', 'Bo Chan']);
    assert.ok(metadata.tags.length <= 100);
  });

  it('stays fast on pathological titles, classes, itemprops and attribute values', () => {
    const parts = [
      `<title>${'a | '.repeat(200_000)}</title>`,
      `<div class="${'author'.repeat(200_000)}">x</div>`,
      '<span class="byline">By Ann Lee</span>'.repeat(20_000),
      `<div itemscope itemtype="http://schema.org/Article">${'<div itemprop="author" itemscope>'.repeat(900)}${'</div>'.repeat(900)}</div>`,
      `<meta name="description" content="${'<a'.repeat(200_000)}">`,
      `<meta name="date" content="${'May '.repeat(100_000)}">`,
      `<meta name="author" content="${'a.'.repeat(200_000)}">`,
    ];
    const { metadata } = timed(page(parts.join('')));
    assert.ok(Array.isArray(metadata.authors));
    assert.ok((metadata.title ?? '').length <= 2_000);
    assert.ok((metadata.description ?? '').length <= 10_000);
  });

  it('handles weird JSON-LD types without throwing', () => {
    const values: unknown[] = [
      null,
      42,
      'string',
      [],
      [null, 1, 'x'],
      { '@type': 42 },
      { '@type': [null, {}] },
      { '@type': 'Article', author: { '@id': 'self', author: { '@id': 'self' } }, '@id': 'self' },
      { '@type': 'Article', headline: { '@value': { '@value': {} } }, keywords: 12, image: { url: 5 } },
      {
        '@type': 'Article',
        datePublished: 1682935200,
        dateModified: {},
        inLanguage: ['xx-invalid-tag-here'],
      },
      { '@graph': { '@type': 'Article', headline: 'graph as object' } },
      { __proto__: { polluted: true }, constructor: 'x', '@type': 'Article', headline: 'proto' },
    ];
    for (const value of values) {
      assert.doesNotThrow(() => timed(page(ld(value))), JSON.stringify(value));
    }
    assert.equal(
      timed(page(ld({ '@graph': { '@type': 'Article', headline: 'graph as object' } }))).metadata.title,
      'graph as object',
    );
    assert.equal(
      timed(page(ld({ '@type': 'Article', datePublished: 1682935200 }))).metadata.published,
      '2023-05-01T10:00:00Z',
    );
  });
});
