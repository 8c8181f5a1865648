import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonLd, repairJson } from '../../packages/pith/src/metadata/jsonld.js';
import { stagesChecked } from '../helpers.js';
import { ld, metadataOf, page } from './helpers.js';

describe('JSON-LD: choosing the main entity', () => {
  it('walks @graph, resolves @id references and prefers the article', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': 'https://ex.com/#website', name: 'Example Site' },
        {
          '@type': 'WebPage',
          '@id': 'https://ex.com/a#webpage',
          name: 'Page name',
          datePublished: '2020-01-01',
        },
        {
          '@type': 'NewsArticle',
          headline: 'The headline',
          author: { '@id': 'https://ex.com/#/person/1' },
          publisher: { '@id': 'https://ex.com/#org' },
          datePublished: '2023-05-01T10:00:00+02:00',
        },
        { '@type': 'Person', '@id': 'https://ex.com/#/person/1', name: 'Jane Roe' },
        { '@type': 'Organization', '@id': 'https://ex.com/#org', name: 'Example Media' },
      ],
    };
    const metadata = metadataOf(page(ld(graph)));
    assert.equal(metadata.title, 'The headline');
    assert.deepEqual(metadata.authors, ['Jane Roe']);
    assert.equal(metadata.siteName, 'Example Media');
    assert.equal(metadata.published, '2023-05-01T10:00:00+02:00');
    assert.equal(metadata.pageType, 'NewsArticle');
  });

  it('falls back to the WebSite name for the site when there is no publisher', () => {
    const metadata = metadataOf(
      page(
        ld({
          '@graph': [
            { '@type': 'WebSite', name: 'Site' },
            { '@type': 'Article', headline: 'H' },
          ],
        }),
      ),
    );
    assert.equal(metadata.siteName, 'Site');
  });

  it('prefers an Article over a WebPage that comes first, in top-level and nested arrays', () => {
    const blocks = [[{ '@type': 'WebPage', name: 'Page' }], [[{ '@type': 'BlogPosting', headline: 'Post' }]]];
    const metadata = metadataOf(page(ld(blocks)));
    assert.equal(metadata.title, 'Post');
    assert.equal(metadata.pageType, 'BlogPosting');
  });

  it('reads entities across several blocks', () => {
    const metadata = metadataOf(
      page(
        ld({ '@type': 'Organization', name: 'Org' }) + ld({ '@type': 'Report', headline: 'Annual report' }),
      ),
    );
    assert.equal(metadata.title, 'Annual report');
    assert.equal(metadata.pageType, 'Report');
  });

  it('takes a WebPage, Product, Recipe or forum post when there is no article', () => {
    assert.equal(metadataOf(page(ld({ '@type': 'WebPage', name: 'Just a page' }))).pageType, 'WebPage');
    const forum = metadataOf(
      page(
        ld([
          { '@type': 'WebPage', name: 'Thread page' },
          { '@type': 'DiscussionForumPosting', headline: 'Q?' },
        ]),
      ),
    );
    assert.equal(forum.pageType, 'DiscussionForumPosting');
    assert.equal(forum.title, 'Q?');
    assert.equal(metadataOf(page(ld({ '@type': 'Recipe', name: 'Soup' }))).title, 'Soup');
  });

  it('reads types written as schema.org URLs and type arrays', () => {
    assert.equal(
      metadataOf(page(ld({ '@type': 'http://schema.org/BlogPosting', headline: 'x' }))).pageType,
      'BlogPosting',
    );
    assert.equal(
      metadataOf(page(ld({ '@type': ['CreativeWork', 'ScholarlyArticle'], headline: 'x' }))).pageType,
      'ScholarlyArticle',
    );
  });

  it('finds the main entity under mainEntity', () => {
    const metadata = metadataOf(
      page(ld({ '@type': 'QAPage', mainEntity: { '@type': 'Question', name: 'How?', text: 'Asking how.' } })),
    );
    assert.equal(metadata.title, 'How?');
    assert.equal(metadata.structuredBody, 'Asking how.');
  });

  it('chooses between name and headline by the document title (Wikipedia)', () => {
    const html = page(
      `<title>New Zealand - Wikipedia</title>${ld({
        '@type': 'Article',
        name: 'New Zealand',
        headline: 'constitutional monarchy in Oceania',
      })}`,
    );
    assert.equal(metadataOf(html).title, 'New Zealand');
  });
});

describe('JSON-LD: authors', () => {
  const authorsOf = (author: unknown) =>
    metadataOf(page(ld({ '@type': 'Article', headline: 'h', author }))).authors;

  it('reads a string', () => assert.deepEqual(authorsOf('Jane Roe'), ['Jane Roe']));
  it('reads a Person', () =>
    assert.deepEqual(authorsOf({ '@type': 'Person', name: 'Jane Roe' }), ['Jane Roe']));
  it('reads an Organization', () =>
    assert.deepEqual(authorsOf({ '@type': 'Organization', name: 'BBC News' }), ['BBC News']));
  it('reads a mixed array, in order, without duplicates', () =>
    assert.deepEqual(
      authorsOf([
        { '@type': 'Person', name: 'A Person' },
        'B Person',
        { name: 'a person' },
        { url: 'https://x' },
      ]),
      ['A Person', 'B Person'],
    ));
  it('reads a nested name', () => {
    assert.deepEqual(authorsOf({ '@type': 'Person', name: { '@value': 'Nested Name' } }), ['Nested Name']);
    assert.deepEqual(authorsOf({ '@type': 'Person', name: ['First Name', 'Other'] }), ['First Name']);
  });
  it('reads givenName and familyName', () =>
    assert.deepEqual(authorsOf({ '@type': 'Person', givenName: 'Ada', familyName: 'Lovelace' }), [
      'Ada Lovelace',
    ]));
  it('splits "A and B" in a string', () =>
    assert.deepEqual(authorsOf('Ann Lee and Bo Chan'), ['Ann Lee', 'Bo Chan']));
  it('ignores weird types', () => {
    assert.deepEqual(authorsOf(42), []);
    assert.deepEqual(authorsOf(null), []);
    assert.deepEqual(authorsOf({ name: { name: { name: { name: { name: { name: 'too deep' } } } } } }), []);
  });
});

describe('JSON-LD: other fields', () => {
  it('reads keywords (string or array) and articleSection as tags', () => {
    const a = metadataOf(page(ld({ '@type': 'Article', keywords: 'one, two,Two', articleSection: 'World' })));
    assert.deepEqual(a.tags, ['one', 'two', 'World']);
    const b = metadataOf(
      page(ld({ '@type': 'Article', keywords: ['x', 'y, z'], articleSection: ['World', 'x'] })),
    );
    assert.deepEqual(b.tags, ['x', 'y', 'z', 'World']);
  });

  it('reads articleBody, text, reviewBody and a product description as structuredBody', () => {
    const body = (entity: object) => metadataOf(page(ld(entity))).structuredBody;
    assert.equal(
      body({ '@type': 'Article', articleBody: '<p>First.</p><p>Second &amp; last.</p>' }),
      'First.\n\nSecond & last.',
    );
    assert.equal(body({ '@type': 'SocialMediaPosting', text: 'Post text' }), 'Post text');
    assert.equal(body({ '@type': 'Review', reviewBody: 'Great.' }), 'Great.');
    assert.equal(body({ '@type': 'Product', name: 'Lamp', description: 'A lamp.' }), 'A lamp.');
    assert.equal(body({ '@type': 'Article', description: 'Only a summary' }), undefined);
  });

  it('reads description, image, language and url', () => {
    const metadata = metadataOf(
      page(
        ld({
          '@type': 'Article',
          description: 'Summary &#8217;quoted&#8217;',
          image: [{ '@type': 'ImageObject', url: '/img/a.jpg' }, 'https://cdn.example.com/b.jpg'],
          inLanguage: 'pt_BR',
          url: 'https://example.com/canonical',
        }),
      ),
    );
    assert.equal(metadata.description, 'Summary ’quoted’');
    assert.equal(metadata.image, 'https://example.com/img/a.jpg');
    assert.equal(metadata.language, 'pt-BR');
    assert.equal(metadata.canonicalUrl, 'https://example.com/canonical');
  });

  it('reads dates from the WebPage when the article has none', () => {
    const metadata = metadataOf(
      page(
        ld({
          '@graph': [
            { '@type': 'WebPage', datePublished: '2021-02-03' },
            { '@type': 'Article', headline: 'h' },
          ],
        }),
      ),
    );
    assert.equal(metadata.published, '2021-02-03');
  });
});

describe('JSON-LD: lenient parsing', () => {
  it('skips an invalid block and still reads the valid ones', () => {
    const metadata = metadataOf(
      page(ld('{"@type": "Article", "headline": ') + ld({ '@type': 'Article', headline: 'OK' })),
    );
    assert.equal(metadata.title, 'OK');
  });

  it('accepts trailing commas, comment and CDATA wrappers, raw newlines and bad escapes', () => {
    const cases = [
      '{"@type": "Article", "headline": "Trailing",}',
      '<!-- {"@type": "Article", "headline": "Trailing", "keywords": ["a", "b",],} -->',
      '//<![CDATA[\n{"@type": "Article", "headline": "Trailing"}\n//]]>',
      '{"@type": "Article", "headline": "Trail\ning"}',
      '{"@type": "Article", "headline": "Trailing\\\'s"}',
      '{"@type": "Article", "headline": "Trailing"};',
      '{"@type": "Article", /* note */ "headline": "Trailing"}',
    ];
    for (const text of cases) {
      const metadata = metadataOf(page(ld(text)));
      assert.match(metadata.title ?? '', /^Trail/, text);
    }
  });

  it('reads several top-level objects in a row', () => {
    const parsed = parseJsonLd('{"@type": "WebPage"}\n{"@type": "Article", "headline": "Second"}');
    assert.ok(Array.isArray(parsed));
    assert.equal((parsed as unknown[]).length, 2);
    assert.equal(
      metadataOf(page(ld('{"@type":"WebPage"} {"@type":"Article","headline":"Second"}'))).title,
      'Second',
    );
  });

  it('repairs without touching string contents', () => {
    assert.deepEqual(JSON.parse(repairJson('{"a": "x, }", "b": [1, 2,,],}')), { a: 'x, }', b: [1, 2] });
    assert.deepEqual(JSON.parse(repairJson('{"url": "http://a//b"}')), { url: 'http://a//b' });
  });

  it('returns undefined for hopeless input and never throws', () => {
    for (const text of ['', 'not json', '{{{{', '"\\', ']]]', '\u0000', '{"a": undefined}']) {
      assert.doesNotThrow(() => parseJsonLd(text));
    }
    assert.equal(parseJsonLd('not json'), undefined);
  });

  it('ignores scripts of other types', () => {
    const metadata = metadataOf(
      page(
        '<script type="application/json">{"@type": "Article", "headline": "No"}</script><title>Yes</title>',
      ),
    );
    assert.equal(metadata.title, 'Yes');
  });
});

describe('a JSON-LD block of megabytes that needs repair', () => {
  it('checks the deadline while repairing it (fuzz seed 203, page 3409)', () => {
    // Broken (a trailing comma, a raw newline in a string), so the repair pass runs over all of it.
    const block = `{"@type":"Article","articleBody":"${'body\n'.repeat(300_000)}",}`;
    const checks = stagesChecked(() => parseJsonLd(block)).get('metadata') ?? 0;
    assert.ok(checks >= 10, `${checks} checks`);
    assert.equal((parseJsonLd(block) as { '@type': string })['@type'], 'Article');
  });
});
