import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml, Selection } from '../../src/dom/index.js';
import { toHtml, toMarkdown, toText } from '../../src/format/index.js';

/** About `size` characters of varied article markup. */
function bigPage(size: number): string {
  const chunk =
    '<h2>Section <em>title</em></h2><p>Some <b>bold</b> text with a <a href="/link?x=1">link</a>, <code>code()</code>, ' +
    'snake_case words, 2 * 3 and a [bracket].<br>Second line &amp; more.</p>' +
    '<ul><li>one<ul><li>nested <i>item</i></li></ul></li><li>two</li></ul>' +
    '<blockquote><p>Quoted text here.</p></blockquote>' +
    '<pre class="language-js"><code>const x = `y`;\n  return x;\n</code></pre>' +
    '<table><tr><th>a</th><th>b</th></tr><tr><td>1 | 2</td><td rowspan="2">3</td></tr><tr><td>4</td></tr></table>' +
    '<figure><img data-src="/i.png" src="data:image/gif;base64,R0l" alt="img"><figcaption>Caption</figcaption></figure>' +
    '<script>var junk = "<p>no</p>";</script><div><span>deep <span>inline <span>spans</span></span></span></div>\n';
  return `<html><body><article>${chunk.repeat(Math.ceil(size / chunk.length))}</article></body></html>`;
}

/** Pathological shapes: very deep nesting, long flat runs, huge single text. */
function nastyPages(): string[] {
  return [
    `${'<blockquote><ul><li>'.repeat(300)}x${'</li></ul></blockquote>'.repeat(300)}`,
    `${'<b><i><s>'.repeat(300)}x${'</s></i></b>'.repeat(300)}`,
    `<p>${'*_[`<&|'.repeat(200_000)}</p>`,
    `<pre>${'`'.repeat(100_000)}</pre>`,
    `<table>${'<tr><td colspan="1000">x</td></tr>'.repeat(20_000)}</table>`,
    `<table><tr>${'<td>c</td>'.repeat(20_000)}</tr>${'<tr><td>r</td></tr>'.repeat(20_000)}</table>`,
    `<p>${'a<br>'.repeat(100_000)}</p>`,
    `<p>${'<b>a</b><i>b</i>'.repeat(50_000)}</p>`,
  ];
}

// Speed is measured by benchmarks, not asserted here (CI machines drift); these tests
// check that large and pathological pages format completely and without blow-up.
describe('formatters: large and pathological pages', () => {
  test('a 10 MB page formats in every format', () => {
    const html = bigPage(10 * 1024 * 1024);
    const doc = parseHtml(html, { url: 'https://example.com/' });
    const extraction = {
      extractor: 'perf',
      version: '0',
      doc,
      selection: new Selection(doc).keepSubtree(0),
      roots: [],
      diagnostics: undefined,
    };
    for (const [name, format] of [
      ['text', toText],
      ['markdown', toMarkdown],
      ['html', toHtml],
    ] as const) {
      const out = format(extraction);
      assert.ok(out.length > 1_000_000, name);
    }
  });

  test('pathological shapes give bounded output', () => {
    for (const html of nastyPages()) {
      const doc = parseHtml(html);
      const extraction = {
        extractor: 'perf',
        version: '0',
        doc,
        selection: new Selection(doc).keepSubtree(0),
        roots: [],
        diagnostics: undefined,
      };
      for (const format of [toText, toMarkdown, toHtml]) {
        const out = format(extraction);
        assert.ok(
          out.length < 40 * html.length + 1000,
          `${format.name} output blew up on ${html.slice(0, 60)}`,
        );
      }
    }
  });
});
