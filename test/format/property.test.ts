import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { parseFragment } from 'parse5';
import {
  type Doc,
  IS_BLOCK,
  outputText,
  parseHtml,
  Selection,
  TAG,
} from '../../packages/pith/src/dom/index.js';
import { isCodeButton } from '../../packages/pith/src/features/code/index.js';
import {
  articleOf,
  formatExtraction,
  toHtml,
  toJson,
  toMarkdown,
  toText,
  toXml,
} from '../../packages/pith/src/format/index.js';
import { asRead } from './helpers.js';

const TAGS = [
  'p',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'a',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'table',
  'tr',
  'td',
  'th',
  'thead',
  'img',
  'br',
  'hr',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'script',
  'style',
  'svg',
  'iframe',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'button',
  'form',
  'input',
  'del',
  's',
  'kbd',
  'section',
  'article',
  'nav',
  'details',
  'summary',
  'sup',
  'sub',
  'object',
  'my-el',
];
const ATTRIBUTES = [
  'href="/x"',
  'href="javascript:alert(1)"',
  'href=" JaVaScRiPt:x"',
  'href="https://e.com/a_(b)"',
  'src="a.png"',
  'src="javascript:x"',
  'data-src="/lazy.png"',
  'srcset="/s.png 1x"',
  'onerror="alert(1)"',
  'onclick=x',
  'style="x:expression(alert(1))"',
  'class="language-js"',
  'class="brush: py"',
  'colspan="2"',
  'rowspan="3"',
  'colspan="999999"',
  'alt="a *b* [c]"',
  'title="t onx=y"',
  'start="5"',
  'srcdoc="<script>x</script>"',
  'formaction="javascript:x"',
  'lang="en"',
  'dir="rtl"',
  'width="10"',
  'id="x"',
];
const TEXT_CHARS = [
  ...'abcdefghij XYZ 0123456789 ',
  ...'*_`[]()<>&#|\\~!-+=.:;\'"',
  '\n',
  '\t',
  '\u00a0',
  'é',
  '中',
  '\u0000',
  '\u0001',
  ']]>',
  '&amp;',
  '&lt;',
  '&copy;',
  '```',
  '    ',
  '1. ',
  '- ',
  '# ',
];

const textArbitrary = fc
  .array(fc.constantFrom(...TEXT_CHARS), { maxLength: 12 })
  .map((chars) => chars.join(''));
const tagArbitrary = fc.constantFrom(...TAGS);
const attributesArbitrary = fc
  .array(fc.constantFrom(...ATTRIBUTES), { maxLength: 3 })
  .map((list) => list.map((a) => ` ${a}`).join(''));

/** Random HTML-ish markup: nested elements, text with Markdown and HTML specials, and now and then broken tags. */
const htmlArbitrary: fc.Arbitrary<string> = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    textArbitrary.map((text) => text.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))),
    textArbitrary,
    fc
      .tuple(tagArbitrary, attributesArbitrary, tie('nodes'), fc.boolean())
      .map(([tag, attributes, inner, close]) => `<${tag}${attributes}>${inner}${close ? `</${tag}>` : ''}`),
  ),
  nodes: fc.array(tie('node'), { maxLength: 5 }).map((nodes) => nodes.join('')),
})).nodes;

/** Anything at all, including garbage. */
const anyString = fc.oneof(
  htmlArbitrary,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

function randomSelection(doc: Doc, seed: number): Selection {
  const selection = new Selection(doc);
  let state = seed >>> 0 || 1;
  for (let node = 0; node < doc.size; node++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    if ((state >>> 0) % 3 !== 0) selection.kept[node] = 1;
  }
  return selection;
}

function extractionOf(html: string, selection: (doc: Doc) => Selection) {
  const doc = parseHtml(html, { url: 'https://example.com/p/' });
  return {
    extractor: 'prop',
    version: '0',
    doc,
    selection: selection(doc),
    roots: [],
    diagnostics: undefined,
  };
}
const keepAll = (doc: Doc) => new Selection(doc).keepSubtree(0);
const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/**
 * The page text read without its toolbar: the outputs drop a button inside a listing or one that
 * copies code (src/features/code/detect.ts), so `<pre>a<button>b</button>c` reads "ac", a word of this reading and not of
 * textContent's "abc". Blocks and hidden content as textContent treats them.
 */
function textWithoutButtons(doc: Doc, node = 0): string {
  if (doc.isHiddenContent(node)) return '';
  if (doc.isText(node)) return doc.text(node);
  const tag = doc.tag(node);
  if (isCodeButton(doc, node, doc.closest(node, TAG.pre) >= 0)) return '';
  const inner = doc
    .children(node)
    .map((child) => textWithoutButtons(doc, child))
    .join('');
  return IS_BLOCK[tag] ? ` ${inner} ` : inner;
}
/** Words of the page under either reading (with or without its code buttons). */
const pageWords = (doc: Doc) => {
  // As every output writes text: control characters gone (dom/characters.ts), soft hyphens too.
  const read = (text: string) => words(asRead(outputText(text)));
  return new Set([...read(doc.textContent(0)), ...read(textWithoutButtons(doc))]);
};

interface P5Node {
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
}
function realAttributes(markup: string): { tag: string; name: string; value: string }[] {
  const out: { tag: string; name: string; value: string }[] = [];
  const visit = (node: P5Node) => {
    for (const attribute of node.attrs ?? []) out.push({ tag: node.tagName ?? '', ...attribute });
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parseFragment(markup) as unknown as P5Node);
  return out;
}

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 400) };

describe('formatters: properties', () => {
  test('every formatter returns a string for any input and any selection', () => {
    fc.assert(
      fc.property(anyString, fc.integer(), (html, seed) => {
        for (const ex of [
          extractionOf(html, keepAll),
          extractionOf(html, (doc) => randomSelection(doc, seed)),
        ]) {
          for (const out of [
            toText(ex),
            toMarkdown(ex),
            toHtml(ex),
            toMarkdown(ex, { images: false, links: false }),
          ]) {
            assert.equal(typeof out, 'string');
            assert.equal(out, out.trim());
          }
          const content = toMarkdown(ex);
          const result = {
            content,
            contentFormat: 'markdown' as const,
            metadata: { authors: [], tags: [] },
            extractor: { name: 'prop', version: '0' },
          };
          JSON.parse(toJson(result));
          assert.match(toXml(articleOf(ex)), /<\/article>\n$/);
        }
      }),
      RUNS,
    );
  });

  test('toHtml never outputs a script element, an event handler or a script URL', () => {
    fc.assert(
      fc.property(anyString, fc.integer(), (html, seed) => {
        for (const ex of [
          extractionOf(html, keepAll),
          extractionOf(html, (doc) => randomSelection(doc, seed)),
        ]) {
          const out = toHtml(ex);
          assert.doesNotMatch(out, /<script/i);
          // No ` on…=` inside any tag (attribute values are quoted and cannot hold '<' or '>').
          const tagsWithoutValues = (out.match(/<[a-z][^>]*>/g) ?? []).map((tag) =>
            tag.replace(/="[^"]*"/g, '=""'),
          );
          for (const tag of tagsWithoutValues) assert.doesNotMatch(tag, /\son[a-z]*=/i, out);
          for (const { name, value } of realAttributes(out)) {
            assert.doesNotMatch(name, /^on/i, out);
            if (name === 'href' || name === 'src')
              assert.match(value, /^(https?:|mailto:|tel:|ftp:|data:image\/)/, out);
          }
        }
      }),
      RUNS,
    );
  });

  test('the words of toText are words of the page text', () => {
    fc.assert(
      fc.property(anyString, (html) => {
        const ex = extractionOf(html, keepAll);
        const page = pageWords(ex.doc);
        for (const word of words(toText(ex))) assert.ok(page.has(word), `"${word}" not in page text`);
      }),
      RUNS,
    );
  });

  test('Markdown renders (CommonMark + GFM) to the words of the page text', () => {
    // Raw HTML on: a table cell's blocks are joined with `<br>`, GFM's only line break in a cell
    // (format/inline.ts). Text that merely looks like a tag is escaped by pith, so a missed escape
    // still shows here as a tag swallowed into markup, and its words go missing or change.
    const parser = new MarkdownIt('default', { html: true, linkify: false });
    fc.assert(
      fc.property(htmlArbitrary, (html) => {
        const ex = extractionOf(html, keepAll);
        // Through the format door, which applies the control-character rule (dom/characters.ts).
        const markdown = formatExtraction(ex, 'markdown', { images: false });
        const rendered = parseHtml(parser.render(markdown)).textContent(0);
        const page = pageWords(ex.doc);
        for (const word of words(rendered)) {
          assert.ok(
            page.has(word),
            `"${word}" not in page text\nmarkdown:\n${markdown}\nrendered: ${rendered}`,
          );
        }
      }),
      RUNS,
    );
  });
});
