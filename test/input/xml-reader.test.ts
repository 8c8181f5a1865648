import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isPithError } from '../../packages/pith/src/errors.js';
import { childElements, readXml, textOf } from '../../packages/pith/src/input/index.js';

function fails(xml: string, pattern: RegExp): void {
  assert.throws(
    () => readXml(xml),
    (error: unknown) => isPithError(error) && error.code === 'READ_FAILED' && pattern.test(error.message),
  );
}

describe('readXml', () => {
  test('elements, attributes, text, CDATA, entities and character references', () => {
    const root = readXml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment --><a x="1" y='two &amp; &#x33;'>` +
        `text &lt;b&gt; &#233;<b/><![CDATA[<p>raw & ]]>tail<?pi ignored?></a>\n`,
    );
    assert.equal(root.name, 'a');
    assert.deepEqual({ ...root.attributes }, { x: '1', y: 'two & 3' });
    assert.equal(textOf(root), 'text <b> é<p>raw & tail');
    assert.equal(childElements(root)[0].name, 'b');
  });

  test('attribute values: literal newlines and tabs become spaces, references keep them', () => {
    const root = readXml('<a v="one\ntwo\tthree&#10;four"/>');
    assert.equal(root.attributes.v, 'one two three\nfour');
  });

  test('a BOM and a DOCTYPE without internal subset are accepted', () => {
    assert.equal(readXml('\ufeff<!DOCTYPE pages SYSTEM "pages.dtd"><pages/>').name, 'pages');
  });

  test('line numbers of elements', () => {
    const root = readXml('<a>\n  <b/>\n\n  <c/>\n</a>');
    assert.deepEqual(
      childElements(root).map((child) => child.line),
      [2, 4],
    );
  });

  for (const [xml, pattern] of [
    ['<a><b></a>', /line 1, column 7: end tag <\/a> does not match <b>/],
    ['<a>\n<b>', /unclosed element <b>/],
    ['<a>x &nbsp; y</a>', /unknown entity '&nbsp;'/],
    ['<a>x & y</a>', /'&' must start a reference/],
    ['<a b=1/>', /attribute values must be quoted/],
    ['<a b="1" b="2"/>', /duplicate attribute b/],
    ['<a b="<"/>', /'<' is not allowed in an attribute value/],
    ['<a/><b/>', /content after the root element/],
    ['text<a/>', /expected the root element/],
    ['', /no root element/],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', /DTD internal subsets are not supported/],
    ['<a>]]></a>', /']]>' is not allowed/],
    ['<a>\u0001</a>', /character U\+0001 is not allowed/],
    ['<a>&#0;</a>', /not an XML character/],
    ['<a><!-- x -- y --></a>', /'--' is not allowed inside a comment/],
    ['<a><![CDATA[x</a>', /unterminated CDATA section/],
    ['<?xml version="2.0"?><a/>', /version="1.x"/],
    ['<a b="1"c="2"/>', /whitespace before an attribute/],
  ] as const) {
    test(`refuses ${JSON.stringify(xml)}`, () => fails(xml, pattern));
  }

  test('depth is bounded, and deep documents do not overflow the stack', () => {
    const deep = (n: number) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`;
    assert.equal(readXml(deep(200)).name, 'a');
    fails(deep(300), /nested deeper than 256/);
    assert.equal(readXml(deep(100_000), { maxDepth: 200_000 }).name, 'a');
  });

  test('property: any text survives escaping and reading', () => {
    const escapeXml = (value: string) =>
      value.replace(
        /[&<>"]/g,
        (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string,
      );
    // XML 1.0 characters only (the writer strips the others).
    const xmlChar = fc
      .string({ unit: 'binary', maxLength: 40 })
      .map((value) => value.replace(/[^\t\n\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ''));
    fc.assert(
      fc.property(xmlChar, xmlChar, (text, value) => {
        const root = readXml(
          `<a v="${escapeXml(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;')}">${escapeXml(text)}</a>`,
        );
        assert.equal(textOf(root), text);
        assert.equal(root.attributes.v, value);
      }),
    );
  });
});
