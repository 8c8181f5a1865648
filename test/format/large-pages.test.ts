import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  mapStablePieces,
  outputText,
  parseHtml,
  Selection,
  TAG,
  TEXT_PIECE,
  withoutControls,
} from '../../packages/pith/src/dom/index.js';
import { writeText } from '../../packages/pith/src/format/blocks.js';
import {
  collapseWhitespace,
  eachTextPiece,
  keptText,
  mapTextPieces,
  WHITESPACE_RUN,
} from '../../packages/pith/src/format/common.js';
import {
  articleOf,
  escapeHtmlText,
  toHtml,
  toMarkdown,
  toText,
  toXml,
} from '../../packages/pith/src/format/index.js';
import { MarkdownInline } from '../../packages/pith/src/format/inline.js';
import { TextInline } from '../../packages/pith/src/format/text.js';
import { escapeXmlText } from '../../packages/pith/src/format/xml.js';
import { extract } from '../../packages/pith/src/index.js';
import { longTexts, stagesChecked } from '../helpers.js';

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

/** An extraction that keeps the whole page. */
function wholePage(html: string) {
  const doc = parseHtml(html, { url: 'https://example.com/' });
  return {
    extractor: 'perf',
    version: '0',
    doc,
    selection: new Selection(doc).keepSubtree(0),
    roots: [],
    diagnostics: undefined,
  };
}

/** The writers that take a text node in pieces: Markdown, text, HTML and the XML article. */
const WRITERS = [toMarkdown, toText, toHtml, (e: ReturnType<typeof wholePage>) => toXml(articleOf(e))];

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
    const extraction = wholePage(bigPage(10 * 1024 * 1024));
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
      const extraction = wholePage(html);
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

describe('one text node of megabytes', () => {
  /** Words, spaces and what Markdown escapes by its neighbours (`*`, `_`, `&…;`), repeated past a piece. */
  const texts = longTexts([
    'word',
    'Z9',
    ' ',
    '  \n ',
    '\u00a0',
    '*',
    ' * ',
    '_',
    'snake_case',
    '&amp;',
    '&',
    '#',
    '[x]',
    '`',
    '|',
    'é',
    '1.',
    '\u00ad',
  ]);
  /**
   * The same without a space (one word of megabytes, CJK): cut between two word characters, never
   * within reach of an `&`, next to a `*` or `_`, or before a combining mark.
   */
  const unspaced = longTexts([
    'word',
    'Z9',
    '*',
    '_',
    'snake_case',
    '&amp;',
    '&',
    '&#x263a;',
    '#',
    '[x]',
    '`',
    '|',
    'é',
    'e\u0301',
    '1.',
    '\u00ad',
    '漢字',
    '한국',
    '\u1100\u1161',
  ]);
  /** Punctuation without a word character (an entity flood decoded: `&`, `&ampxx`, `<`), with what reads across it. */
  const punctuated = longTexts([
    '&',
    '&&',
    '&#',
    '&#65;',
    '&ampxx',
    '&amp;',
    '<',
    '>',
    '*',
    '_',
    '#',
    ';',
    ' ',
    '\u00ad',
    '|',
    '\\',
    '`',
  ]);
  const anyLong = fc.oneof(texts, unspaced, punctuated);

  test('reaches the inline buffers in pieces that come out as the whole would (Markdown, text)', () => {
    fc.assert(
      fc.property(anyLong, fc.boolean(), (text, cell) => {
        for (const make of [() => new MarkdownInline(), () => new TextInline()]) {
          const whole = make();
          const pieces = make();
          whole.cell = cell;
          pieces.cell = cell;
          whole.text(text);
          writeText(pieces, text);
          assert.equal(pieces.flush(), whole.flush());
        }
      }),
      { numRuns: 25 },
    );
  });

  test('HTML and XML escaping and whitespace collapsing over its pieces equal the same over the whole', () => {
    fc.assert(
      fc.property(anyLong, (text) => {
        for (const transform of [
          escapeXmlText,
          escapeHtmlText,
          (piece: string) => piece.replace(WHITESPACE_RUN, ' '),
          (piece: string) => piece.replace(/[\t\n\f\r ]+/g, ' '),
        ]) {
          assert.equal(mapTextPieces(text, transform), transform(text));
        }
      }),
      { numRuns: 25 },
    );
  });

  test('collapsing whitespace skips the replace only where it would change nothing', () => {
    const spaced = fc.array(fc.constantFrom('a', ' ', '  ', '\n', '\t', '\u00a0', '\u2003', 'é'), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(spaced, (parts) => {
        const text = parts.join('');
        assert.equal(collapseWhitespace(text), text.replace(WHITESPACE_RUN, ' '));
      }),
      { numRuns: 1000 },
    );
  });

  test('NFC and the control rule over pieces cut before a stable character equal the same over the whole', () => {
    const marked = longTexts([
      'e\u0301',
      '\u0301',
      'a',
      ' ',
      '\u1100',
      '\u1161',
      '\u11a8',
      '가',
      '漢',
      '\u0000',
      '\ud83d\ude00',
      '\ud83d',
      '\u3099',
      'か',
      '\udc00',
      '\u0001',
      '\u007f',
      '\uf900',
      '<\u0338',
    ]);
    fc.assert(
      fc.property(marked, (text) => {
        assert.equal(
          mapStablePieces(text, (piece) => piece.normalize('NFC'), 'output'),
          text.normalize('NFC'),
        );
        const cleaned = withoutControls(text) as unknown as { toWellFormed(): string };
        assert.equal(outputText(text), cleaned.toWellFormed());
      }),
      { numRuns: 25 },
    );
  });

  test('a surrogate pair split around a control the rule removes joins as in the whole (review of session 12)', () => {
    const text = `${'x'.repeat(65_536)}\ud800\u0001\udc00y`;
    assert.equal(outputText(text), `${'x'.repeat(65_536)}\u{10000}y`);
  });

  test('no cut where removed soft hyphens bring an entity together across it (review of session 12)', () => {
    const text = `${'x'.repeat(65_530)}&a${'\u00ad'.repeat(60)}mp;${'x'.repeat(70_000)}`;
    const whole = new MarkdownInline();
    const pieces = new MarkdownInline();
    whole.text(text);
    writeText(pieces, text);
    const written = pieces.flush();
    assert.equal(written, whole.flush());
    assert.ok(written.includes('\\&amp;'), 'the entity-like run is escaped');
  });

  test('a text in any script is cut after its spaces (9 MB of Cyrillic words)', () => {
    const pieces: number[] = [];
    eachTextPiece('слово '.repeat(1_500_000), (piece) => pieces.push(piece.length));
    assert.ok(pieces.length >= 100 && Math.max(...pieces) <= 2 * TEXT_PIECE, `${pieces.length} pieces`);
  });

  test('a word of megabytes is still written in pieces, with the deadline checked between them (fuzz seed 204, page 5367)', () => {
    const word = 'x'.repeat(1_000_000);
    for (const text of [word, '漢字'.repeat(500_000), `&amp;${word}`]) {
      const pieces: number[] = [];
      eachTextPiece(text, (piece) => pieces.push(piece.length));
      assert.ok(
        pieces.length >= 10 && Math.max(...pieces) <= 2 * TEXT_PIECE,
        `pieces of ${pieces.join(', ')}`,
      );
    }
    const checks = stagesChecked(() => writeText(new MarkdownInline(), word)).get('output') ?? 0;
    assert.ok(checks >= 10, `${checks} checks while writing`);
    const extracting = stagesChecked(() =>
      extract(`<html><body><p>${word}</p></body></html>`, { format: 'markdown' }),
    );
    for (const stage of ['parsing', 'output']) {
      assert.ok((extracting.get(stage) ?? 0) >= 10, `${stage}: ${extracting.get(stage) ?? 0} checks`);
    }
  });

  test('a flood of `&` or `<` is written in pieces, with the deadline checked between them (fuzz seed 19, page 1904)', () => {
    for (const text of ['&'.repeat(1_200_000), '&ampxx'.repeat(200_000), '<'.repeat(1_200_000)]) {
      const pieces: number[] = [];
      eachTextPiece(text, (piece) => pieces.push(piece.length));
      assert.ok(
        pieces.length >= 10 && Math.max(...pieces) <= 2 * TEXT_PIECE,
        `pieces of ${pieces.join(', ')}`,
      );
    }
    const extraction = wholePage(`<html><body><p>${'&amp;'.repeat(1_200_000)}</p></body></html>`);
    for (const format of WRITERS) {
      const output = stagesChecked(() => format(extraction)).get('output') ?? 0;
      assert.ok(output >= 10, `${format.name}: ${output} checks while writing`);
    }
  });

  test('the deadline is checked between its pieces', () => {
    const text = 'lorem ipsum dolor '.repeat(60_000); // ~1 MB, one text node
    const checks = stagesChecked(() => writeText(new MarkdownInline(), text)).get('output') ?? 0;
    assert.ok(checks >= 15, `${checks} checks`);
  });

  test('every writer and the default extractor check the deadline inside it', () => {
    const html = `<html><body><p>${'lorem ipsum, dolor &amp; sit\n'.repeat(40_000)}</p></body></html>`; // ~1.1 MB, one node
    const extraction = wholePage(html);
    for (const format of WRITERS) {
      const output = stagesChecked(() => format(extraction)).get('output') ?? 0;
      assert.ok(output >= 10, `${format.name}: ${output} checks while writing`);
    }
    const extracting = stagesChecked(() => extract(html, { format: 'text' }));
    for (const stage of ['blocks', 'pith', 'output']) {
      assert.ok((extracting.get(stage) ?? 0) >= 10, `${stage}: ${extracting.get(stage) ?? 0} checks`);
    }
  });

  test('the title search reads no more of a first paragraph than a title could be (fuzz seed 203, page 3039)', () => {
    const extraction = wholePage(
      `<html><body><p>  Title  of it </p><p>${'word '.repeat(5_000)}</p></body></html>`,
    );
    const { doc } = extraction;
    const [first, second] = doc.findAll(TAG.p);
    const kept = extraction.selection.kept;
    assert.equal(keptText(doc, kept, first, 50), 'Title of it');
    assert.equal(keptText(doc, kept, second, 1_000), '', 'past the bound: not read');
    assert.equal(keptText(doc, kept, second).length, 'word '.repeat(5_000).trim().length);
    // The repeated title still goes; the long paragraph stays.
    const markdown = toMarkdown(extraction, { title: 'Title of it', dropTitle: true });
    assert.ok(!markdown.includes('Title of it') && markdown.includes('word word'));
  });

  test('a heading of one such node: Markdown, text, HTML and XML hold every word once', () => {
    const words = 200_000;
    const extraction = wholePage(`<html><body><h2>${'lorem '.repeat(words)}</h2></body></html>`);
    for (const format of WRITERS) {
      assert.equal(format(extraction).match(/lorem/g)?.length, words, format.name);
    }
  });
});
