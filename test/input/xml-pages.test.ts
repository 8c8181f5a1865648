import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isPithError } from '../../packages/pith/src/errors.js';
import { extract } from '../../packages/pith/src/index.js';
import { readXmlPages } from '../../packages/pith/src/input/index.js';

describe('readXmlPages', () => {
  test('a batch: url, id, title, HTML in CDATA and escaped', () => {
    const pages = readXmlPages(`<?xml version="1.0" encoding="UTF-8"?>
<pages version="1">
  <page id="a1" url=" https://example.com/a ">
    <title>First &amp; foremost</title>
    <html><![CDATA[<p>One ]]]]><![CDATA[> two</p>]]></html>
  </page>
  <page>
    <html>&lt;p&gt;Escaped&lt;/p&gt;</html>
  </page>
</pages>`);
    assert.deepEqual(pages, [
      { id: 'a1', url: 'https://example.com/a', title: 'First & foremost', html: '<p>One ]]> two</p>' },
      { html: '<p>Escaped</p>' },
    ]);
  });

  test('a single page as the root', () => {
    assert.deepEqual(readXmlPages('<page url="u"><html>x</html></page>'), [{ url: 'u', html: 'x' }]);
  });

  test('base64 bytes with a charset: bytes plus a content type for the decoder', () => {
    const bytes = Buffer.from('<p>caf\xe9 \x93quoted\x94</p>', 'latin1');
    const [page] = readXmlPages(`<pages><page><html encoding="base64" charset="windows-1252">
      ${bytes.toString('base64').replace(/(.{20})/g, '$1\n      ')}
    </html></page></pages>`);
    assert.deepEqual(page.html, new Uint8Array(bytes));
    assert.equal(page.contentType, 'text/html; charset=windows-1252');
    const text = extract(page.html, {
      contentType: page.contentType,
      extractor: 'all-text',
      format: 'text',
    }).content;
    assert.equal(text, 'café “quoted”');
  });

  test('bytes input: UTF-8 by default, the declared encoding otherwise', () => {
    const utf8 = new TextEncoder().encode('<page><title>Ωmega</title><html>x</html></page>');
    assert.equal(readXmlPages(utf8)[0].title, 'Ωmega');
    const latin = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><page><title>caf\xe9</title><html>x</html></page>',
      'latin1',
    );
    assert.equal(readXmlPages(new Uint8Array(latin))[0].title, 'café');
  });

  test('an empty batch is no pages', () => {
    assert.deepEqual(readXmlPages('<pages/>'), []);
  });

  for (const [xml, pattern] of [
    ['<pages><article/></pages>', /expected <page> in <pages>, found <article>/],
    ['<page><title>t</title></page>', /expected <html> in <page>, found nothing/],
    ['<page><html>x</html><html>y</html></page>', /unexpected <html> in <page>/],
    ['<page><html>x</html><title>t</title></page>', /unexpected <title>/],
    ['<page><html><p>x</p></html></page>', /CDATA section or escape it/],
    ['<page lang="en"><html>x</html></page>', /<page> has no attribute 'lang'/],
    ['<page><html encoding="hex">00</html></page>', /encoding must be "text" or "base64"/],
    ['<page><html encoding="base64">**</html></page>', /not valid base64/],
    ['<page><html charset="utf-8">x</html></page>', /only meaningful with encoding="base64"/],
    ['<pages version="2"/>', /unsupported version "2"/],
    ['<pages>stray<page><html>x</html></page></pages>', /holds text outside its elements/],
    ['<document/>', /the root must be <pages> or <page>/],
  ] as const) {
    test(`refuses ${xml}`, () => {
      assert.throws(
        () => readXmlPages(xml),
        (error: unknown) => isPithError(error) && error.code === 'READ_FAILED' && pattern.test(error.message),
      );
    });
  }
});
