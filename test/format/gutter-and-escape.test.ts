/**
 * The writers' cheaper reads (issue 38, s52-features): the gutter test answered once per class
 * value of a page (`GutterTest`), and `escapeMarkdown` answering a text with nothing to escape
 * from one regular-expression test. The output is what the per-element and per-character reads
 * wrote.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { escapeMarkdown } from '../../packages/pith/src/format/inline.js';
import { extraction } from './helpers.js';

/** NintendoLife's footer (L3S-GN1 693c707d): a layout `<div class="gutter">` that holds words. */
const FOOTER =
  '<div class="gutter">\n\t<div id="footer">\n\t\t<ul class="development">\n\t\t\t<li>Copyright &copy; 2005-2008 ' +
  '<a href="about" title="NintendoLife.com">NintendoLife.com</a></li>\n\t\t\t<li>Site developed by ' +
  '<a href="http://www.cuttlefish.com">Cuttlefish</a></li></ul></div></div>';
/** A listing's line numbers under the same class. */
const NUMBERS = '<pre><span class="gutter">1\n2\n3</span><code>a = 1\nb = 2\nc = 3</code></pre>';

describe('GutterTest: the class read once per class value, the text per element', () => {
  for (const [name, html] of [
    ['numbers first, then the footer', `<body>${NUMBERS}${FOOTER}</body>`],
    ['the footer first, then numbers', `<body>${FOOTER}${NUMBERS}</body>`],
  ] as const) {
    test(name, () => {
      const page = extraction(html);
      for (const out of [toMarkdown(page), toText(page), toHtml(page)]) {
        assert.match(out, /Site developed by/);
        assert.match(out, /a = 1/);
        assert.doesNotMatch(out, /1\n2\n3/);
      }
    });
  }

  test('an unselectable style without a class: numbers dropped, words kept', () => {
    const html =
      '<body><pre><span style="user-select: none">1\n2</span><code>x\ny</code></pre>' +
      '<p><span style="-webkit-user-select:none">Note</span> well</p></body>';
    const out = toMarkdown(extraction(html));
    assert.match(out, /Note well/);
    assert.doesNotMatch(out, /1\n2/);
  });
});

/** `escapeMarkdown` as it was written before the regular-expression test (main 0344611). */
function escapedByLoop(text: string, cell: boolean): string {
  const isSpaceAt = (index: number) => index >= 0 && index < text.length && text.charCodeAt(index) === 32;
  const isWordAt = (index: number) => index >= 0 && index < text.length && /[\p{L}\p{N}]/u.test(text[index]);
  const entityLike = /&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[a-zA-Z][a-zA-Z0-9]{0,40});/y;
  let out = '';
  let last = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    let needed = false;
    if ('\\`[]<~'.includes(char)) needed = true;
    else if (char === '*') needed = !(isSpaceAt(index - 1) && isSpaceAt(index + 1));
    else if (char === '_') needed = !(isWordAt(index - 1) && isWordAt(index + 1));
    else if (char === '&') {
      entityLike.lastIndex = index;
      needed = entityLike.test(text);
    } else if (char === '|') needed = cell;
    if (needed) {
      out += `${text.slice(last, index)}\\`;
      last = index;
    }
  }
  return out + text.slice(last);
}

test('escapeMarkdown writes what the character loop wrote, and a plain text is returned as it is', () => {
  const piece = fc.constantFrom(
    'a',
    'Z',
    '1',
    ' ',
    '\\',
    '`',
    '[',
    ']',
    '<',
    '~',
    '*',
    '_',
    '&',
    '|',
    'amp;',
    '#12;',
    'é',
    '中',
    '\n',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 24 }), fc.boolean(), (pieces, cell) => {
      const text = pieces.join('');
      const escaped = escapeMarkdown(text, cell);
      assert.equal(escaped, escapedByLoop(text, cell));
      if (escaped === text) assert.equal(escapeMarkdown(text, cell), text);
    }),
    { numRuns: 2000 },
  );
});
