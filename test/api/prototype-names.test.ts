/**
 * Names from input never find Object.prototype's members (issue 36, item 10): every own property
 * name of Object.prototype ('constructor', 'toString', '__proto__', …) goes through each entry
 * point where a name from input indexes a table — extractor, format and option names, tag and
 * attribute names, XML entities, CSS keywords, charsets, header names — and must be treated as
 * the unknown name it is. `lint/own-keys.mjs` (npm run lint) finds new lookups of that kind.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml, TAG } from '../../src/dom/index.js';
import { extract, getExtractor, isPithError, loadShippedModels } from '../../src/index.js';
import { decodeBytes, readXml } from '../../src/input/index.js';
import { parseHttpResponseHead } from '../../src/input/warc/index.js';
import { Display, displayOf, parseCssColor } from '../../src/layout/index.js';
import { PROTOTYPE_NAMES } from '../helpers.js';

// The sync extract() reads the shipped models once they are loaded (density's and mss's included).
await loadShippedModels();

/** Function source, as a prototype member turned into text shows itself. */
const FUNCTION_TEXT = /native code|function \w*\(|\[object /;

const ARTICLE = `<html><body><article><h1>Rivers</h1>
<p>Rivers rarely run straight for long. A small bend grows because water on the outside of the curve moves faster.</p>
<p>Over decades the loop tightens until the river breaks through the narrow neck, leaving an oxbow lake behind.</p>
</article></body></html>`;

function throwsCode(run: () => unknown, code: string, name: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(isPithError(error), `${name}: ${String(error)}`);
    assert.equal(error.code, code, `${name}: ${error.message}`);
    return true;
  });
}

test('the names are the ones that matter', () => {
  for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])
    assert.ok(PROTOTYPE_NAMES.includes(name), name);
});

describe('option names of the library', () => {
  for (const name of PROTOTYPE_NAMES) {
    test(`'${name}' as an extractor, a format, an option`, () => {
      throwsCode(() => getExtractor(name), 'UNKNOWN_EXTRACTOR', name);
      throwsCode(() => extract(ARTICLE, { extractor: name }), 'UNKNOWN_EXTRACTOR', name);
      throwsCode(() => extract(ARTICLE, { format: name as 'text' }), 'UNKNOWN_FORMAT', name);
      // fromEntries makes an own key even of '__proto__' (a literal would set the prototype).
      for (const extractor of ['pith', 'ttr', 'cuter', 'vce']) {
        throwsCode(
          () => extract(ARTICLE, { extractor, extractorOptions: Object.fromEntries([[name, 1]]) }),
          'BAD_OPTION',
          `${extractor} option ${name}`,
        );
      }
    });
  }
});

describe('names in a page', () => {
  const page = (name: string) =>
    `<html><body><article><h1>Rivers</h1>
<p role="${name}" ${name}="x">Rivers rarely run straight for long. A small bend grows because water on the outside moves faster.</p>
<${name}>Over decades the loop tightens until the river breaks through the narrow neck.</${name}>
<p style="display:${name}; font-size:${name}; color:${name}">Leaving an oxbow lake behind, as geologists say.</p>
</article></body></html>`;

  for (const name of PROTOTYPE_NAMES) {
    test(`'${name}' as a tag, an attribute, a role and CSS keywords`, () => {
      for (const extractor of ['pith', 'ttr', 'cuter', 'density', 'vce', 'cetr', 'all-text']) {
        for (const format of ['html', 'markdown', 'json'] as const) {
          const { content } = extract(page(name), { extractor, format });
          assert.ok(!FUNCTION_TEXT.test(content), `${extractor} ${format}: ${content.slice(0, 300)}`);
        }
      }
    });

    test(`'${name}' as an attribute is an attribute (own key, no prototype member)`, () => {
      const doc = parseHtml(`<p ${name}="given">x</p><p>y</p>`);
      const [first, second] = doc.findAll(TAG.p);
      const attribute = name.toLowerCase(); // as HTML names attributes
      assert.equal(doc.attr(first, attribute), 'given');
      assert.equal(doc.attributes(first)[attribute], 'given');
      assert.ok(Object.hasOwn(doc.attributes(first), attribute));
      assert.equal(doc.attr(second, attribute), undefined);
      assert.equal(doc.attr(second, name), undefined);
    });

    test(`'display: ${name}' is an unknown display, not an empty layout (vce's estimate)`, () => {
      assert.equal(displayOf(name), Display.Other);
      assert.equal(parseCssColor(name), undefined);
      const styled = (value: string) =>
        `<html><body><div style="display:${value}"><p>Rivers rarely run straight for long, as every map of a valley shows. A small bend grows because water on the outside of the curve moves faster.</p><p>Over decades the loop tightens until the river breaks through the narrow neck, leaving an oxbow lake behind.</p></div></body></html>`;
      const unknown = extract(styled('no-such-display'), { extractor: 'vce', format: 'text' }).content;
      assert.match(unknown, /oxbow lake/);
      assert.equal(extract(styled(name), { extractor: 'vce', format: 'text' }).content, unknown);
    });
  }
});

describe('names in the readers', () => {
  for (const name of PROTOTYPE_NAMES) {
    test(`'&${name};' is an unknown XML entity; '${name}' an XML attribute`, () => {
      assert.throws(() => readXml(`<a>&${name};</a>`), /unknown entity/);
      const element = readXml(`<a ${name}="given"/>`);
      assert.ok(Object.hasOwn(element.attributes, name));
      assert.equal(element.attributes[name], 'given');
    });

    test(`'${name}' as a charset and as an HTTP header name`, () => {
      assert.equal(decodeBytes(new TextEncoder().encode('plain'), name), 'plain');
      const head = parseHttpResponseHead(
        Buffer.from(`HTTP/1.1 200 OK\r\n${name}: one\r\n${name}: two\r\ncontent-type: text/html\r\n\r\n`),
      );
      assert.ok(head);
      assert.equal(head.headers[name.toLowerCase()], 'one, two');
      assert.ok(Object.hasOwn(head.headers, name.toLowerCase()));
    });
  }
});
