/**
 * End to end on the shared sample pages (../shared/datasets/sample): the
 * Markdown of real pages is CommonMark that a Markdown parser reads back to the
 * same words and the same structure as pith's own HTML output of the same
 * selection; links and images are absolute; the title is there once.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import MarkdownIt from 'markdown-it';
import { type Extraction, parseHtml, Selection } from '../../packages/pith/src/dom/index.js';
import { formatExtraction, toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { HAS_SAMPLE, samplePath } from '../helpers.js';

const parser = new MarkdownIt('default', { html: false, linkify: false });
const URL_ = 'https://example.org/news/2024/story.html';

/** Every sample page: [name, bytes]. */
function samplePages(): [string, Uint8Array][] {
  const pages: [string, Uint8Array][] = [];
  const add = (name: string, path: string, gz = false) => {
    const raw = readFileSync(path);
    pages.push([name, new Uint8Array(gz ? gunzipSync(raw) : raw)]);
  };
  const dir = (...parts: string[]) => readdirSync(samplePath(...parts)).sort();
  for (const name of dir('readability-testpages')) {
    const source = samplePath('readability-testpages', name, 'source.html');
    if (existsSync(source)) add(`readability/${name}`, source);
  }
  for (const name of dir('trafilatura-eval', 'html'))
    add(`trafilatura/${name}`, samplePath('trafilatura-eval', 'html', name));
  for (const name of dir('wcxb-dev', 'dev', 'html'))
    add(`wcxb/${name}`, samplePath('wcxb-dev', 'dev', 'html', name), true);
  for (const name of dir('l3s-gn1', 'input')) add(`l3s/${name}`, samplePath('l3s-gn1', 'input', name));
  for (const name of dir('cleaneval', 'final', 'input'))
    add(`cleaneval/${name}`, samplePath('cleaneval', 'final', 'input', name));
  return pages;
}

/**
 * A GFM table row's cell layout as spaces: `<br>` between a cell's blocks, and the `-`/`1.` the
 * writer puts before a list's items there (unescaped: text that starts so is written `\-`, `1\.`).
 */
const cellLayoutAsSpaces = (markdown: string) =>
  markdown.replace(/^\|.*\|$/gm, (row) =>
    row.replace(/(^\||\s\||<br>)(?: *(?:-|\d{1,9}\.) +)?/g, (_, before: string) =>
      before === '<br>' ? ' ' : `${before} `,
    ),
  );
const words = (text: string) => text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
/** Levels of the headings of an HTML output that hold text. */
const headingsOfHtml = (html: string) =>
  [...html.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)]
    .filter((match) => match[2].replace(/<[^>]*>/g, '').trim() !== '')
    .map((match) => Number(match[1]));

describe('sample pages: Markdown round trip', { skip: !HAS_SAMPLE && 'no ../shared/datasets/sample' }, () => {
  const pages = HAS_SAMPLE ? samplePages() : [];

  test('there are sample pages of every dataset', () => {
    assert.ok(pages.length >= 25, `${pages.length} pages`);
  });

  for (const [name, bytes] of pages) {
    test(name, () => {
      const { extraction, metadata } = extract(bytes, { url: URL_, format: 'text' }) as ReturnType<
        typeof extract
      > & {
        extraction: Extraction;
      };
      const checks = [extraction, keepAllOf(extraction)];
      for (const ex of checks) {
        const markdown = toMarkdown(ex, { url: URL_ });
        const tokens = parser.parse(markdown, {});
        const html = toHtml(ex, { url: URL_ });
        const label = `${name} (${ex === extraction ? 'pith' : 'all text'})`;

        // Words: the Markdown rendered by a CommonMark parser reads as the text output (a table
        // cell's line breaks and item markers are its layout: the text runs a cell's blocks on).
        const renderedText = parseHtml(parser.render(cellLayoutAsSpaces(markdown))).textContent(0);
        // The Markdown leaves out empty trailing headings, which the text keeps (docs/decisions.md): the
        // text may run on past the Markdown's last word, by headings only.
        const markdownWords = words(renderedText);
        const textWords = words(toText(ex));
        assert.deepEqual(markdownWords, textWords.slice(0, markdownWords.length), `${label}: words differ`);

        // Headings: the same levels, in the same order, as pith's HTML of the same selection
        // (a heading inside a table cell or a list marker line is text in both).
        const mdHeadings = tokens
          .filter(
            (t, index) => t.type === 'heading_open' && textOfInline(tokens[index + 1]?.content ?? '') !== '',
          )
          .map((t) => Number(t.tag.slice(1)));
        const htmlHeadings = headingsOfHtml(html);
        assert.ok(mdHeadings.length <= htmlHeadings.length, `${label}: more headings than the page has`);
        assert.ok(
          htmlHeadings.length - mdHeadings.length <= Math.max(1, htmlHeadings.length / 5),
          `${label}: headings ${mdHeadings} vs ${htmlHeadings}`,
        );

        // Code blocks: one fence per non-empty <pre>, with its language.
        const fences = tokens.filter((t) => t.type === 'fence');
        const pres = [
          ...html.matchAll(/<pre>(?:<code(?: class="language-([^"]+)")?>)?([\s\S]*?)<\/pre>/g),
        ].filter((match) => match[2].replace(/<[^>]+>/g, '').trim() !== '');
        assert.equal(fences.length, pres.length, `${label}: code blocks`);
        fences.forEach((fence, index) => {
          assert.equal(fence.info, pres[index][1] ?? '', `${label}: language`);
        });

        // Links and images are absolute (the page URL is given).
        for (const token of tokens) {
          for (const child of token.children ?? []) {
            const target = child.attrGet(child.type === 'image' ? 'src' : 'href');
            if ((child.type === 'link_open' || child.type === 'image') && target !== null) {
              assert.match(target, /^(?:https?:|mailto:|tel:|ftp:|data:image\/)/, `${label}: ${target}`);
            }
          }
        }
      }

      // The title once, first: Markdown with `titleHeading` prints it and leaves the body's copy out.
      const markdown = extract(bytes, { url: URL_, format: 'markdown', titleHeading: true }).content;
      if (metadata.title) {
        const tokens = parser.parse(markdown, {});
        assert.equal(tokens[0]?.type, 'heading_open', name);
        assert.equal(tokens[0].tag, 'h1');
        const titleText = tokens[1].content;
        const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
        // Not again as a heading, nor as the first block of the body.
        const again = tokens.filter(
          (token, index) =>
            index > 1 &&
            token.type === 'inline' &&
            key(token.content) === key(titleText) &&
            (tokens[index - 1].type === 'heading_open' || index === 4),
        );
        assert.equal(again.length, 0, `${name}: the title is repeated:\n${markdown.slice(0, 500)}`);
      }
    });
  }
});

/** The text an inline Markdown fragment renders to. */
function textOfInline(markdown: string): string {
  return parseHtml(parser.renderInline(markdown)).textContent(0);
}

/** The same page with all its text kept (every structure the formatter knows gets exercised). */
function keepAllOf(extraction: Extraction): Extraction {
  const selection = new Selection(extraction.doc).keepSubtree(0);
  return { ...extraction, selection };
}

describe('formatExtraction on a sample page with keep-all: formats agree', {
  skip: !HAS_SAMPLE && 'no sample',
}, () => {
  test('text and Markdown of readability/001 carry the same words', () => {
    const bytes = readFileSync(join(samplePath('readability-testpages', '001'), 'source.html'));
    const ex = keepAllOf(extract(new Uint8Array(bytes), { format: 'text' }).extraction);
    const markdown = formatExtraction(ex, 'markdown', { url: URL_ });
    assert.deepEqual(
      words(parseHtml(parser.render(markdown)).textContent(0)),
      words(formatExtraction(ex, 'text')),
    );
  });
});
