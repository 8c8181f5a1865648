/**
 * The "what was kept" view: the original page made inert, with the selection painted on
 * it. The inertness is checked by parsing the output the way a browser does (parse5),
 * on hand-written hostile pages and on random token soup.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { type Extraction, extract, parseHtml } from '../../src/index.js';
import { Selection } from '../../src/internal.js';
import {
  keptView,
  VIEW_FIRST_KEPT_ID,
  VIEW_NODE_ATTRIBUTE,
  VIEW_STATE_ATTRIBUTE,
  VIEW_WHY_ATTRIBUTE,
} from '../../src/server/index.js';
import { XSS_VECTORS } from '../format/xss-vectors.js';
import { ACTIVE_ELEMENTS, parse5Elements } from '../helpers.js';
import { ARTICLE_HTML } from './helpers.js';

type Element = DefaultTreeAdapterMap['element'];

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** An extraction keeping exactly the nodes `keep` says (by id), for tests that pick the selection. */
function extractionOf(
  html: string,
  keep: (node: number, doc: ReturnType<typeof parseHtml>) => boolean,
): Extraction {
  const doc = parseHtml(html);
  const selection = new Selection(doc);
  for (let node = 1; node < doc.size; node++) if (keep(node, doc)) selection.keepNode(node);
  return { extractor: 'test', version: '0', doc, selection, roots: [], diagnostics: undefined };
}

const LOADING_ATTRIBUTES = [
  'src',
  'srcset',
  'srcdoc',
  'href',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'poster',
  'data',
  'ping',
];

/** What must never be in the view, as a browser would parse it. */
function assertInert(html: string): void {
  const parsed = parse(html);
  const all = parse5Elements(parsed);
  const head = all.find((element) => element.tagName === 'head');
  const firstInHead = head?.childNodes.find((node) => 'tagName' in node) as Element | undefined;
  assert.equal(firstInHead?.tagName, 'meta', 'the CSP comes first');
  assert.equal(attribute(firstInHead as Element, 'http-equiv'), 'Content-Security-Policy');
  assert.match(attribute(firstInHead as Element, 'content') ?? '', /default-src 'none'/);
  for (const element of all) {
    assert.ok(!ACTIVE_ELEMENTS.includes(element.tagName), `no <${element.tagName}>`);
    if (element.tagName === 'meta') {
      const equiv = attribute(element, 'http-equiv')?.toLowerCase();
      assert.ok(equiv === undefined || equiv === 'content-security-policy', `no meta http-equiv=${equiv}`);
    }
    for (const { name } of element.attrs) {
      assert.ok(!/^on/i.test(name), `no event handler (${name} on <${element.tagName}>)`);
      assert.ok(
        !LOADING_ATTRIBUTES.includes(name.toLowerCase()),
        `no loading attribute (${name} on <${element.tagName}>)`,
      );
    }
  }
}

describe('keptView', () => {
  test('kept subtrees are marked kept, removed ones dropped, at their roots only', () => {
    const extraction = extract(ARTICLE_HTML).extraction;
    const view = keptView(extraction);
    const all = parse5Elements(parse(view.html));
    const stateOf = (tag: string) =>
      attribute(all.find((element) => element.tagName === tag) as Element, VIEW_STATE_ATTRIBUTE);
    assert.equal(stateOf('article'), 'kept');
    assert.equal(stateOf('p'), undefined, 'inside a kept root: no mark of its own');
    assert.equal(stateOf('nav'), 'dropped');
    assert.equal(stateOf('footer'), 'dropped');
    assert.equal(stateOf('body'), undefined, 'partly kept');
    assert.equal(stateOf('head'), undefined, 'never shown');
    assert.equal(view.totalText, extraction.doc.columns.textLength[0]);
    assert.equal(view.keptText, extraction.selection.keptTextLength());
    assert.equal(
      view.keptBlocks,
      all.filter((element) => attribute(element, VIEW_STATE_ATTRIBUTE) === 'kept').length,
    );
  });

  test('text directly inside a partly kept element gets its own mark', () => {
    const extraction = extractionOf('<body><div>kept words<p>removed words</p></div></body>', (node, doc) =>
      doc.isText(node) ? doc.text(node) === 'kept words' : false,
    );
    const view = keptView(extraction);
    assert.match(
      view.html,
      /<div data-pith-node="\d+"><span data-pith-state="kept">kept words<\/span><p data-pith-node="\d+" data-pith-state="dropped" data-pith-why="removed by test: &lt;p&gt; · 2 words" tabindex="0">removed words<\/p><\/div>/,
    );
    assert.equal(view.keptText, 'kept words'.length);
    assert.equal(view.totalText, 'kept words'.length + 'removed words'.length);
  });

  test('the first kept block has the id the web page opens the view at; a page cannot take that id', () => {
    const html = `<div id="${VIEW_FIRST_KEPT_ID}"><a href="/">menu</a></div><p id="lead">kept words</p><p>more kept</p>`;
    const extraction = extractionOf(html, (node, doc) => doc.isText(node) && doc.text(node).includes('kept'));
    const elements = parse5Elements(parse(keptView(extraction).html));
    const withId = elements.filter((element) => attribute(element, 'id') === VIEW_FIRST_KEPT_ID);
    assert.equal(withId.length, 1);
    assert.equal(withId[0]?.tagName, 'p');
    assert.equal(attribute(withId[0] as Element, VIEW_STATE_ATTRIBUTE), 'kept');
    // The removed menu says what it is, and can be focused (a tap shows it).
    const menu = elements.find((element) => element.tagName === 'div') as Element;
    assert.equal(attribute(menu, VIEW_WHY_ATTRIBUTE), 'removed by test: <div> · 1 word · 100% link text');
    assert.equal(attribute(menu, 'tabindex'), '0');
  });

  test('every element keeps its node id, so the view maps back onto the Doc', () => {
    const extraction = extract(ARTICLE_HTML).extraction;
    const { doc } = extraction;
    const all = parse5Elements(parse(keptView(extraction).html)).filter((element) =>
      attribute(element, VIEW_NODE_ATTRIBUTE),
    );
    assert.ok(all.length > 10);
    for (const element of all)
      assert.equal(doc.tagName(Number(attribute(element, VIEW_NODE_ATTRIBUTE))), element.tagName);
  });

  test('a hostile page comes out inert, with its text and its styles', () => {
    const hostile = `<!DOCTYPE html><html><head><title>t</title>
<script>steal()</script><link rel="stylesheet" href="https://evil.example/a.css">
<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">
<style>p { color: green }</style></head>
<body onload="steal()"><nav><a href="javascript:steal()" onclick="steal()" target="_top">Home</a></nav>
<article style="background:url(https://evil.example/bg.png)"><p>Readable text stays.</p>
<img src="https://evil.example/x.png" srcset="https://evil.example/y.png 2x" onerror="steal()" alt="a picture" width="10">
<iframe src="https://evil.example/" srcdoc="<script>steal()</script>"></iframe><object data="x.swf"></object><embed src="x.swf">
<svg><style>&lt;script&gt;steal()&lt;/script&gt;</style><script>steal()</script><a xlink:href="javascript:steal()"><text>svg text</text></a><animate attributeName="href" to="javascript:steal()"/></svg>
<form action="https://evil.example/"><button formaction="https://evil.example/">Go</button></form>
<noscript><img src="https://evil.example/pixel.gif"></noscript><template><script>steal()</script></template>
<video poster="https://evil.example/p.png" src="https://evil.example/v.mp4"></video>
<div data-pith-state="kept">a page's own attribute is not ours</div></article></body></html>`;
    const view = keptView(extract(hostile).extraction);
    assertInert(view.html);
    // CSS is kept as it is (a <style> is text to a browser, url() in it is blocked by the CSP);
    // outside it, no script text and no URL pointing at the network.
    const outsideCss = view.html.replace(/ style="[^"]*"/g, '').replace(/<style[^>]*>[^<]*<\/style>/g, '');
    assert.ok(!outsideCss.includes('steal()'), 'no script text');
    assert.ok(!outsideCss.includes('evil.example'), 'no attribute points at the network, not even inert');
    assert.match(view.html, /img-src data:;/);
    assert.match(view.html, /Readable text stays\./);
    assert.match(view.html, /svg text/);
    assert.match(view.html, /alt="a picture" width="10"/);
    assert.match(view.html, /p \{ color: green \}/, 'the page CSS is kept');
    assert.match(view.html, /\\3c script>steal\(\)\\3c \/script>/, "'<' in SVG style text is a CSS escape");
  });

  test('every vector of the XSS corpus comes out inert (issue 14)', () => {
    for (const vector of XSS_VECTORS) {
      const page = `<html><head><title>t</title></head><body><article><p>Readable text of the article, long enough to keep.</p>${vector}</article></body></html>`;
      assertInert(keptView(extract(page).extraction).html);
    }
  });

  test('property: any token soup comes out inert, and its counts are consistent', () => {
    const tokens = fc.constantFrom(
      '<script>',
      '</script>',
      '<style>',
      '</style>',
      '<svg>',
      '</svg>',
      '<math>',
      '<foreignObject>',
      '&lt;script&gt;',
      '&lt;/style&gt;',
      '<img src=x onerror=steal()>',
      '<a href="javascript:steal()">',
      '</a>',
      '<iframe srcdoc="<script>steal()</script>">',
      '<!--',
      '-->',
      '<noscript>',
      '</noscript>',
      '<template>',
      '<textarea>',
      '</textarea>',
      '<title>',
      '</title>',
      '<plaintext>',
      '<xmp>',
      '</xmp>',
      '<p>',
      '</p>',
      '<div onclick=steal()>',
      '</div>',
      '<base href=//evil>',
      '<meta http-equiv=refresh content=0>',
      '<form action=x>',
      '<button formaction=x>',
      '<object data=x>',
      '<embed src=x>',
      '<frameset>',
      '<table>',
      '<td>',
      '<select>',
      '<option>',
      '<![CDATA[',
      ']]>',
      '<image src=x>',
      '<body onload=steal()>',
      '<html onclick=x>',
      '<head>',
      ' words and text ',
      '&lt;script&gt;',
      '"',
      "'",
      '<',
      '>',
      '/',
      '=',
    );
    fc.assert(
      fc.property(
        fc.array(tokens, { maxLength: 40 }),
        fc.array(fc.boolean(), { maxLength: 64 }),
        (soup, flags) => {
          const extraction = extractionOf(
            soup.join(''),
            (node) => flags[node % Math.max(1, flags.length)] === true,
          );
          const view = keptView(extraction);
          assertInert(view.html);
          assert.ok(view.keptText >= 0 && view.keptText <= view.totalText);
        },
      ),
      { numRuns: 300 },
    );
  });
});
