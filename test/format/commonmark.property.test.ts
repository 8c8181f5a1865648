/**
 * The Markdown output is valid CommonMark (+ GFM tables) that says what the page
 * says: hostile text stays text in every block context, and a page's structure
 * (headings, lists, code blocks, tables) comes back out of a Markdown parser.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { toMarkdown } from '../../packages/pith/src/format/index.js';
import { extraction } from './helpers.js';

const parser = new MarkdownIt('default', { html: false, linkify: false });
const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300) };

/** Characters Markdown gives meaning to, entity look-alikes, and ordinary text. */
const HOSTILE = [
  ...'abc XYZ 019 ',
  ...'`*_#|<>&[]()!-+=~\\.:;"\'',
  '1. ',
  '2) ',
  '# ',
  '## ',
  '- ',
  '* ',
  '> ',
  '```',
  '~~~',
  '---',
  '===',
  '    ',
  '\t',
  '\n',
  '&amp;',
  '&lt;b&gt;',
  '&copy;',
  '&#42;',
  '<b>',
  '<!--',
  '![x](y)',
  '[a](b)',
  'http://x.y/_z_',
  '\u00a0',
  'é',
  '中文',
  '😀',
];
const hostileText = fc
  .array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.join(''))
  .filter((text) => text.trim() !== '');
/** Hostile text, sometimes repeated into a very long line. */
const hostileLine = fc
  .tuple(hostileText, fc.constantFrom(1, 1, 1, 200))
  .map(([text, times]) => text.repeat(times));

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The text a reader sees: Markdown rendered to HTML, tags removed, entities decoded. */
const rendered = (markdown: string) => collapse(parseHtml(parser.render(markdown)).textContent(0));
const markdownOf = (html: string) => toMarkdown(extraction(html, { url: 'https://example.com/a/' }));

describe('CommonMark: hostile text stays text', () => {
  const contexts: [string, (text: string) => string][] = [
    ['paragraph', (t) => `<p>${t}</p>`],
    ['heading', (t) => `<h2>${t}</h2>`],
    ['list item', (t) => `<ul><li>${t}</li></ul>`],
    ['ordered item', (t) => `<ol start="7"><li>${t}</li></ol>`],
    ['block quote', (t) => `<blockquote><p>${t}</p></blockquote>`],
    ['emphasis', (t) => `<p>x <em>${t}</em> <strong>${t}</strong> y</p>`],
    ['link text', (t) => `<p><a href="/p?q=a b&c=(d)">${t}</a></p>`],
    ['inline code', (t) => `<p>see <code>${t}</code> here</p>`],
    [
      'figure caption',
      (t) =>
        `<figure><img src="a.png" alt="${t.replace(/"/g, '&quot;')}"><figcaption>${t}</figcaption></figure>`,
    ],
  ];
  for (const [name, wrap] of contexts) {
    test(`in a ${name}`, () => {
      fc.assert(
        fc.property(hostileLine, (text) => {
          const html = wrap(escapeHtml(text));
          const page = collapse(extraction(html).doc.textContent(0));
          const markdown = markdownOf(html);
          assert.equal(rendered(markdown), page, `markdown:\n${markdown}`);
        }),
        RUNS,
      );
    });
  }

  test('in a table cell: the table keeps its cells, each with its text', () => {
    fc.assert(
      fc.property(hostileText, hostileText, (a, b) => {
        const html = `<table><tr><th>${escapeHtml(a)}</th><th>h</th></tr><tr><td>c</td><td>${escapeHtml(b)}</td></tr></table>`;
        const markdown = markdownOf(html);
        const cells = inlineTexts(markdown, ['th_open', 'td_open']);
        assert.deepEqual(cells, [collapse(a), 'h', 'c', collapse(b)], `markdown:\n${markdown}`);
      }),
      RUNS,
    );
  });

  test('in a code block: every character and line, under a fence that outgrows the backticks inside', () => {
    fc.assert(
      fc.property(
        fc.array(hostileLine, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', 'js', 'c++'),
        (lines, language) => {
          const code = lines.join('\n').replace(/\r/g, '');
          const cls = language === '' ? '' : ` class="language-${language}"`;
          const markdown = markdownOf(`<pre><code${cls}>${escapeHtml(code)}</code></pre>`);
          const fences = parser.parse(markdown, {}).filter((token) => token.type === 'fence');
          const expected = code.replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
          if (expected === '') {
            assert.equal(fences.length, 0);
            return;
          }
          assert.equal(fences.length, 1, markdown);
          assert.equal(fences[0].info, language);
          assert.equal(fences[0].content, `${expected}\n`);
        },
      ),
      RUNS,
    );
  });
});

/** The text of the inline content after each opening token of the given types. */
function inlineTexts(markdown: string, openers: readonly string[]): string[] {
  const tokens = parser.parse(markdown, {});
  const out: string[] = [];
  tokens.forEach((token, index) => {
    if (!openers.includes(token.type)) return;
    const inline = tokens[index + 1];
    const html = inline?.type === 'inline' ? parser.renderInline(inline.content) : '';
    out.push(collapse(parseHtml(html).textContent(0)));
  });
  return out;
}

// ── structure round trip ───────────────────────────────────────────────────

interface Shape {
  headings: number[];
  items: number;
  fences: string[];
  cells: number;
}

/** A random page body: headings, paragraphs, nested lists, code blocks and tables, with hostile text. */
const blockArbitrary: fc.Arbitrary<{ html: string; shape: Shape }> = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), hostileText).map(([level, text]) => ({
    html: `<h${level}>${escapeHtml(text)}</h${level}>`,
    // A body's <h1> is written `##` (the title is the one `#`).
    shape: { headings: [Math.max(2, level)], items: 0, fences: [], cells: 0 },
  })),
  hostileText.map((text) => ({
    html: `<p>${escapeHtml(text)}</p>`,
    shape: { headings: [], items: 0, fences: [], cells: 0 },
  })),
  fc
    .tuple(
      fc.boolean(),
      fc.array(fc.tuple(hostileText, fc.array(hostileText, { maxLength: 2 })), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([ordered, items]) => {
      const tag = ordered ? 'ol' : 'ul';
      let count = 0;
      const body = items
        .map(([text, children]) => {
          count += 1 + children.length;
          const nested =
            children.length > 0
              ? `<ul>${children.map((child) => `<li>${escapeHtml(child)}</li>`).join('')}</ul>`
              : '';
          return `<li>${escapeHtml(text)}${nested}</li>`;
        })
        .join('');
      return {
        html: `<${tag}>${body}</${tag}>`,
        shape: { headings: [], items: count, fences: [], cells: 0 },
      };
    }),
  fc.tuple(fc.constantFrom('', 'python', 'rust'), hostileText).map(([language, code]) => ({
    html: `<pre${language ? ` class="lang-${language}"` : ''}>x${escapeHtml(code)}</pre>`,
    shape: { headings: [], items: 0, fences: [language], cells: 0 },
  })),
  fc
    .tuple(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 3 }), hostileText)
    .map(([columns, rows, text]) => {
      const row = (cell: string) =>
        `<tr>${Array.from({ length: columns }, (_, i) => `<td>${cell}${i}</td>`).join('')}</tr>`;
      const html = `<table>${Array.from({ length: rows + 1 }, () => row(escapeHtml(text))).join('')}</table>`;
      return { html, shape: { headings: [], items: 0, fences: [], cells: columns * (rows + 1) } };
    }),
);

/**
 * The blocks written: headings with nothing after them go, the last and those before it of its
 * level or deeper (blocks.ts, `dropTrailingHeadings`); the first block stays.
 */
function writtenBlocks<Block extends { shape: Shape }>(blocks: Block[]): Block[] {
  let end = blocks.length;
  let deepest = 0;
  while (end > 1) {
    const level = blocks[end - 1].shape.headings[0];
    if (level === undefined || level < deepest) break;
    deepest = level;
    end--;
  }
  return blocks.slice(0, end);
}

describe('CommonMark: structure comes back out of a Markdown parser', () => {
  test('headings (count and levels), list items, code fences with their language, table cells', () => {
    fc.assert(
      fc.property(fc.array(blockArbitrary, { minLength: 1, maxLength: 6 }), (blocks) => {
        const html = blocks.map((block) => block.html).join('');
        const markdown = markdownOf(html);
        const tokens = parser.parse(markdown, {});
        const expected = writtenBlocks(blocks).reduce<Shape>(
          (all, { shape }) => ({
            headings: [...all.headings, ...shape.headings],
            items: all.items + shape.items,
            fences: [...all.fences, ...shape.fences],
            cells: all.cells + shape.cells,
          }),
          { headings: [], items: 0, fences: [], cells: 0 },
        );
        const message = `html:\n${html}\nmarkdown:\n${markdown}`;
        assert.deepEqual(
          tokens.filter((t) => t.type === 'heading_open').map((t) => Number(t.tag.slice(1))),
          expected.headings,
          message,
        );
        assert.equal(tokens.filter((t) => t.type === 'list_item_open').length, expected.items, message);
        assert.deepEqual(
          tokens.filter((t) => t.type === 'fence').map((t) => t.info),
          expected.fences,
          message,
        );
        assert.equal(
          tokens.filter((t) => t.type === 'td_open' || t.type === 'th_open').length,
          expected.cells,
          message,
        );
      }),
      RUNS,
    );
  });
});
