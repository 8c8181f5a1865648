import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import {
  type Article,
  type ArticleMedia,
  articleOf,
  toXml,
  writeArticlesXml,
} from '../../packages/pith/src/format/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { childElements, readXml, readXmlPages, textOf } from '../../packages/pith/src/input/index.js';
import { REPO_ROOT } from '../helpers.js';
import { XsdSubset } from './xsd-subset.js';

const ARTICLE_XSD = join(REPO_ROOT, 'schemas', 'article.xsd');
const PAGES_XSD = join(REPO_ROOT, 'schemas', 'pages.xsd');
const articleSchema = new XsdSubset(readFileSync(ARTICLE_XSD, 'utf8'));
const pagesSchema = new XsdSubset(readFileSync(PAGES_XSD, 'utf8'));

const sample: Article = {
  id: 'p1',
  url: 'https://example.com/a?b=1&c="2"',
  title: 'A <title> & more',
  extractor: { name: 'cuter', version: '1.0.0' },
  blocks: [
    { kind: 'heading', level: 1, text: 'Heading' },
    { kind: 'paragraph', text: 'Text with ]]> and <tags> & "quotes"\u0001' },
    { kind: 'preformatted', text: 'line 1\n  line 2' },
  ],
  media: [
    {
      type: 'image',
      src: 'https://example.com/a.jpg',
      alt: 'Alt',
      caption: 'Caption',
      width: 640,
      height: 480,
    },
    { type: 'video', src: 'v.mp4', poster: 'p.jpg' },
    { type: 'embed', src: 'https://www.youtube.com/embed/x' },
  ],
};

const html = `<html><head><title>Story</title></head><body><nav><a href="/">Home</a> <a href="/a">A</a></nav>
  <h1>Story</h1><p>${'word '.repeat(60)}</p><figure><img src="/p.jpg" alt="Photo" width="10" height="20"><figcaption>Cap</figcaption></figure>
  <ul><li>${'item '.repeat(30)}</li></ul><p>${'more '.repeat(60)}</p></body></html>`;

const validPages = [
  '<pages version="1"><page id="1" url="https://e.com/"><title>T</title><html><![CDATA[<p>x</p>]]></html></page><page><html encoding="base64" charset="utf-8">PHA+PC9wPg==</html></page></pages>',
  '<page><html>&lt;p&gt;x</html></page>',
  '<pages/>',
];

const invalidArticles = [
  '<article extractor="cuter"><text/><media/></article>', // extractor-version missing
  '<article extractor="c" extractor-version="1"><media/><text/></article>', // wrong order
  '<article extractor="c" extractor-version="1"><text><block kind="poem">x</block></text><media/></article>',
  '<article extractor="c" extractor-version="1"><text><block kind="heading" level="7">x</block></text><media/></article>',
  '<article extractor="c" extractor-version="1"><text/><media><item type="image"/></media></article>', // src missing
  '<article extractor="c" extractor-version="1"><text/><media><item type="image" src="x" width="-1"/></media></article>',
  '<articles schema="3"/>',
  '<articles schema="2"><page/></articles>',
  '<article extractor="c" extractor-version="1"><text/><metadata/><media/></article>', // metadata after text
  '<article extractor="c" extractor-version="1"><text/><media/><comments><comment reply-to="-1">x</comment></comments></article>',
  '<article extractor="c" extractor-version="1" colour="red"><text/><media/></article>',
];

const invalidPages = [
  '<pages><page><title>t</title></page></pages>', // html missing
  '<pages><page><html encoding="hex">x</html></page></pages>',
  '<page><html>x</html><title>t</title></page>',
  '<pages version="2"/>',
];

describe('article XML against schemas/article.xsd', () => {
  test('a written article and a written batch are valid', () => {
    assert.deepEqual(articleSchema.validate(toXml(sample)), []);
    assert.deepEqual(articleSchema.validate(toXml(sample, { pretty: false })), []);
    const batch = writeArticlesXml([
      sample,
      { url: 'u', code: 'TIMEOUT', message: 'too slow <' },
      { ...sample, media: [] },
    ]);
    assert.deepEqual(articleSchema.validate(batch), []);
  });

  test('the validator rejects documents that break the schema', () => {
    for (const xml of invalidArticles) assert.notDeepEqual(articleSchema.validate(xml), [], xml);
  });

  test('an extraction through the public API is valid, and its text and media read back', () => {
    const result = extract(html, { extractor: 'cuter', url: 'https://example.com/s', format: 'text' });
    const article = articleOf(result.extraction, {
      url: 'https://example.com/s',
      title: result.metadata.title,
    });
    const xml = toXml(article);
    assert.deepEqual(articleSchema.validate(xml), []);
    const root = readXml(xml);
    const [, text, media] = childElements(root);
    const blocks = childElements(text).map((block) => [block.attributes.kind, textOf(block)]);
    assert.deepEqual(blocks[0], ['heading', 'Story']);
    assert.deepEqual(
      blocks.map(([kind]) => kind),
      ['heading', 'paragraph', 'caption', 'list-item', 'paragraph'],
    );
    const item = childElements(media)[0];
    assert.deepEqual(
      { ...item.attributes },
      { type: 'image', src: 'https://example.com/p.jpg', width: '10', height: '20' },
    );
    assert.deepEqual(
      childElements(item).map((child) => [child.name, textOf(child)]),
      [
        ['alt', 'Photo'],
        ['caption', 'Cap'],
      ],
    );
  });

  test('property: any article the writer gets is valid and reads back to the same text', () => {
    const xmlText = fc.string({ unit: 'grapheme', maxLength: 30 });
    const block = fc.record({
      kind: fc.constantFrom(
        'heading',
        'paragraph',
        'list-item',
        'quote',
        'preformatted',
        'caption',
        'cell' as const,
      ),
      level: fc.integer({ min: 1, max: 6 }),
      text: xmlText,
    });
    const media = fc.record(
      {
        type: fc.constantFrom('image', 'video', 'audio', 'embed' as const),
        src: xmlText,
        alt: xmlText,
        caption: xmlText,
        width: fc.integer({ min: 0, max: 5000 }),
      },
      { requiredKeys: ['type', 'src'] },
    );
    fc.assert(
      fc.property(
        fc.array(block, { maxLength: 6 }),
        fc.array(media, { maxLength: 3 }),
        fc.option(xmlText, { nil: undefined }),
        (blocks, items, title) => {
          const article: Article = {
            url: title,
            extractor: { name: 'cuter', version: '1' },
            blocks: blocks.map((b) => (b.kind === 'heading' ? b : { kind: b.kind, text: b.text })),
            media: items as ArticleMedia[],
          };
          if (title !== undefined) article.title = title;
          const xml = toXml(article);
          assert.deepEqual(articleSchema.validate(xml), []);
          const texts = childElements(
            childElements(readXml(xml)).find((child) => child.name === 'text') ?? readXml('<x/>'),
          ).map((element) => textOf(element));
          assert.deepEqual(
            texts,
            article.blocks.map((b) => b.text),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('page XML against schemas/pages.xsd', () => {
  test('the documented forms are valid and readXmlPages reads them', () => {
    for (const xml of validPages) {
      assert.deepEqual(pagesSchema.validate(xml), [], xml);
      readXmlPages(xml);
    }
  });

  test('the validator and readXmlPages both reject what breaks the schema', () => {
    for (const xml of invalidPages) {
      assert.notDeepEqual(pagesSchema.validate(xml), [], xml);
      assert.throws(() => readXmlPages(xml), xml);
    }
  });
});

// xmllint (Debian: libxml2-utils) validates the same documents with a full XSD processor.
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
describe('xmllint agrees', {
  skip: hasXmllint ? false : 'xmllint is not installed (apt-get install libxml2-utils)',
}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-xsd-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const lint = (schema: string, xml: string) => {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    return spawnSync('xmllint', ['--noout', '--schema', schema, file], { encoding: 'utf8' });
  };

  test('the schemas are valid XSD and our output validates', () => {
    const result = extract(html, { extractor: 'cuter', url: 'https://example.com/s' });
    const article = articleOf(result.extraction, {
      url: 'https://example.com/s',
      title: result.metadata.title,
    });
    for (const xml of [
      toXml(sample),
      toXml(article),
      writeArticlesXml([sample, { code: 'X', message: 'm' }]),
    ]) {
      const outcome = lint(ARTICLE_XSD, xml);
      assert.equal(outcome.status, 0, outcome.stderr);
    }
    for (const xml of validPages) assert.equal(lint(PAGES_XSD, xml).status, 0, xml);
  });

  test('xmllint rejects what the subset validator rejects', () => {
    for (const xml of invalidArticles) assert.notEqual(lint(ARTICLE_XSD, xml).status, 0, xml);
    for (const xml of invalidPages) assert.notEqual(lint(PAGES_XSD, xml).status, 0, xml);
  });
});
