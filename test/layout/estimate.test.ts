import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  backgroundColourOf,
  fontTagSize,
  parseFontSize,
  parseInlineStyle,
  parseLength,
} from '../../packages/pith/src/layout/css.js';
import {
  Display,
  displayOf,
  estimateLayout,
  type Layout,
  packRgba,
  parseCssColor,
} from '../../packages/pith/src/layout/index.js';

function byId(doc: Doc, id: string): number {
  for (let node = 0; node < doc.size; node++) if (doc.attr(node, 'id') === id) return node;
  throw new Error(`no element #${id}`);
}

function box(layout: Layout, node: number) {
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    x: round(layout.x[node]),
    y: round(layout.y[node]),
    width: round(layout.width[node]),
    height: round(layout.height[node]),
  };
}

// Metrics of the estimate (ESTIMATE_DEFAULTS): 0.45 em per character, 1.15 em per line.
const LINE_16 = 16 * 1.15; // 18.4 px
const CHAR_16 = 16 * 0.45; // 7.2 px

describe('CSS helpers', () => {
  test('colours as Chromium serialises them and as authors write them', () => {
    assert.equal(parseCssColor('rgb(238, 238, 238)'), packRgba(238, 238, 238, 255));
    assert.equal(parseCssColor('rgba(0, 0, 0, 0)'), 0);
    assert.equal(parseCssColor('rgba(255, 0, 0, 0.5)'), packRgba(255, 0, 0, 128));
    assert.equal(parseCssColor('#fff'), packRgba(255, 255, 255, 255));
    assert.equal(parseCssColor('#102030'), packRgba(16, 32, 48, 255));
    assert.equal(parseCssColor('FFCC00'), packRgba(255, 204, 0, 255), 'bgcolor without #');
    assert.equal(parseCssColor('White'), packRgba(255, 255, 255, 255));
    assert.equal(parseCssColor('transparent'), 0);
    assert.equal(parseCssColor('oklch(0.5 0.1 200)'), undefined);
    assert.equal(parseCssColor(''), undefined);
  });

  test('lengths, font sizes and <font size>', () => {
    assert.equal(parseLength('12px', 16, 100), 12);
    assert.equal(parseLength('1.5em', 20, 100), 30);
    assert.equal(parseLength('50%', 16, 800), 400);
    assert.equal(parseLength('12pt', 16, 100), 16);
    assert.equal(parseLength('300', 16, 100), 300, 'attribute widths are bare numbers');
    assert.equal(parseLength('auto', 16, 100), undefined);
    assert.equal(parseFontSize('small', 16), 13);
    assert.equal(parseFontSize('150%', 16), 24);
    assert.equal(parseFontSize('larger', 10), 12);
    assert.equal(fontTagSize('1'), 10);
    assert.equal(fontTagSize('+2'), 24);
    assert.equal(fontTagSize('-1'), 13);
    assert.equal(fontTagSize('9'), 48, 'clamped to 7');
  });

  test('inline style declarations and the background shorthand', () => {
    const style = parseInlineStyle('Display: none ; width:50% !important;;bad;color:red');
    assert.equal(style.get('display'), 'none');
    assert.equal(style.get('width'), '50%');
    assert.equal(style.get('color'), 'red');
    assert.equal(style.has('bad'), false);
    assert.equal(backgroundColourOf('url(a.png) #abc no-repeat'), '#abc');
    assert.equal(backgroundColourOf('white url(x.gif)'), 'white');
    assert.equal(backgroundColourOf('url(x.gif) repeat-x'), undefined);
  });

  test('display keywords, one and two keyword forms', () => {
    assert.equal(displayOf('block'), Display.Block);
    assert.equal(displayOf('inline-block'), Display.InlineBlock);
    assert.equal(displayOf('table-cell'), Display.TableCell);
    assert.equal(displayOf('block flex'), Display.Flex);
    assert.equal(displayOf('inline flex'), Display.InlineBlock);
    assert.equal(displayOf('contents'), Display.Other);
    assert.equal(displayOf('NONE'), Display.None);
  });

  test('parseCssColor never throws and packs into 32 bits', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const colour = parseCssColor(value);
        return colour === undefined || (Number.isInteger(colour) && colour >= 0 && colour <= 0xffffffff);
      }),
    );
    // Names of Object.prototype are not colours (fast-check found "__proto__").
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      assert.equal(parseCssColor(name), undefined, name);
    }
  });
});

describe('estimateLayout', () => {
  const paragraph = 'a'.repeat(1000);
  const doc = parseHtml(`<html><body>
<h1 id="title">Title</h1>
<p id="para">${paragraph}</p>
<ul id="list"><li id="item">item <a id="link" href="/x">link</a></li></ul>
<div id="gone" style="display:none"><p id="inside">hidden</p></div>
<table id="table" width="600"><tr id="row"><td id="c1" width="200">aa</td><td id="c2">bbb bbb</td></tr></table>
<div id="half" style="width:50%;font-size:20px;background:#eee">x</div>
</body></html>`);
  const layout = estimateLayout(doc);

  test('the body is the viewport minus its 8px margins; blocks inherit its width', () => {
    const body = box(layout, doc.body);
    assert.deepEqual([body.x, body.y, body.width], [8, 8, 1350]);
    assert.equal(layout.width[byId(doc, 'para')], 1350);
    assert.equal(layout.source, 'estimate');
    assert.equal(layout.pageWidth, 1366);
  });

  test('headings get their user-agent font size and margins', () => {
    const title = byId(doc, 'title');
    assert.equal(layout.fontSize[title], 32);
    // body content starts at 8; h1's top margin is 0.67em of 32px.
    assert.equal(box(layout, title).y, Math.round((8 + 0.67 * 32) * 100) / 100);
    assert.equal(box(layout, title).height, Math.round(32 * 1.15 * 100) / 100);
  });

  test('a paragraph is as tall as its text needs lines at the container width', () => {
    const para = byId(doc, 'para');
    // 1000 characters × 7.2 px = 7200 px of text in 1350 px lines → 6 lines.
    const lines = Math.ceil((1000 * CHAR_16) / 1350);
    assert.equal(lines, 6);
    assert.equal(box(layout, para).height, Math.round(lines * LINE_16 * 100) / 100);
  });

  test('tops follow document order, with collapsed margins between blocks', () => {
    const title = byId(doc, 'title');
    const para = byId(doc, 'para');
    const list = byId(doc, 'list');
    // h1 bottom margin 0.67em×32 = 21.44 vs p top margin 16: the larger one.
    assert.equal(
      Math.round(layout.y[para] * 100) / 100,
      Math.round((layout.y[title] + layout.height[title] + 21.44) * 100) / 100,
    );
    assert.equal(
      Math.round(layout.y[list] * 100) / 100,
      Math.round((layout.y[para] + layout.height[para] + 16) * 100) / 100,
    );
  });

  test('list items are indented by 40px; inline links sit on the line', () => {
    const item = byId(doc, 'item');
    assert.equal(layout.x[item], 48);
    assert.equal(layout.width[item], 1310);
    assert.equal(layout.display[item], Display.ListItem);
    const link = byId(doc, 'link');
    assert.equal(layout.display[link], Display.Inline);
    assert.equal(layout.y[link], layout.y[item]);
    assert.ok(layout.x[link] > layout.x[item]);
    assert.equal(Math.round(layout.width[link] * 100) / 100, Math.round(4 * CHAR_16 * 100) / 100);
  });

  test('display:none hides the element and everything in it', () => {
    for (const id of ['gone', 'inside']) {
      const node = byId(doc, id);
      assert.equal(layout.display[node], Display.None);
      assert.equal(layout.visible[node], 0);
      assert.equal(layout.width[node], 0);
    }
  });

  test('table cells share the row: explicit widths first, the rest to the other cells', () => {
    const table = byId(doc, 'table');
    const c1 = byId(doc, 'c1');
    const c2 = byId(doc, 'c2');
    assert.equal(layout.width[table], 600);
    assert.equal(layout.width[c1], 200);
    // 600 − 2px spacing at the table edge − 2×2px between/after cells − 200 = 394
    assert.equal(layout.width[c2], 394);
    assert.equal(layout.y[c1], layout.y[c2]);
    assert.equal(layout.height[c1], layout.height[c2], 'cells of a row are as tall as the row');
    assert.equal(layout.x[c2], layout.x[c1] + 200 + 2);
  });

  test('inline style width (percent), font size and background', () => {
    const half = byId(doc, 'half');
    assert.equal(layout.width[half], 675);
    assert.equal(layout.fontSize[half], 20);
    assert.equal(layout.background[half], packRgba(238, 238, 238, 255));
  });

  test('font sizes and colours inherit; <font size> and link colour apply', () => {
    const styled = parseHtml(
      '<body style="font-size:10px;color:#333"><div id="d"><span id="s">x</span><font id="f" size="5">y</font><a id="a" href="/">z</a></div></body>',
    );
    const l = estimateLayout(styled);
    assert.equal(l.fontSize[byId(styled, 's')], 10);
    assert.equal(l.color[byId(styled, 's')], packRgba(0x33, 0x33, 0x33, 255));
    assert.equal(l.fontSize[byId(styled, 'f')], 24);
    assert.equal(l.color[byId(styled, 'a')], packRgba(0, 0, 238, 255));
  });

  test('visibility:hidden keeps the box but is not visible', () => {
    const hidden = parseHtml('<body><div id="v" style="visibility:hidden">text</div></body>');
    const l = estimateLayout(hidden);
    const node = byId(hidden, 'v');
    assert.equal(l.visible[node], 0);
    assert.ok(l.height[node] > 0);
  });

  test('a viewport option changes widths; the page is at least the viewport', () => {
    const l = estimateLayout(doc, { viewport: { width: 800, height: 600 } });
    assert.equal(l.width[doc.body], 784);
    assert.ok(l.pageHeight >= 600);
    assert.equal(l.viewport.width, 800);
  });

  test('never throws and gives finite, non-negative boxes on arbitrary markup', () => {
    const tags = ['div', 'p', 'span', 'a', 'table', 'tr', 'td', 'ul', 'li', 'br', 'img', 'h2', 'b'];
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...tags),
            fc.string({ maxLength: 30 }),
            fc.constantFrom(
              '',
              ' style="width:40%"',
              ' width="120"',
              ' style="display:none"',
              ' bgcolor="#ccc"',
            ),
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const html = parts.map(([tag, text, attr]) => `<${tag}${attr}>${text}`).join('');
          const page = parseHtml(html);
          const l = estimateLayout(page);
          for (let node = 0; node < page.size; node++) {
            for (const column of [l.x, l.y, l.width, l.height]) {
              if (!Number.isFinite(column[node]) || column[node] < 0) return false;
            }
          }
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
});
