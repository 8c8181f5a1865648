/**
 * The sanitiser proven (issue 14): every vector of xss-vectors.ts, inside an article, through the
 * HTML output and the Markdown output (rendered by markdown-it with raw HTML on and its own link
 * check off, the most trusting renderer), parsed the way a browser parses (parse5): no script, no
 * active element, no event handler, no URL with a scheme other than http(s), mailto, tel, ftp and
 * raster data: images. The service's view of the same pages is checked in test/server/view.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { extract } from '../../packages/pith/src/index.js';
import { unsafePartsOf } from './xss-check.js';
import { XSS_VECTORS, xssPage } from './xss-vectors.js';

function assertSafeHtml(html: string, where: string): void {
  const findings = unsafePartsOf(html).map((finding) => finding.what);
  assert.deepEqual(findings, [], `${where}: ${findings.join('; ')} in ${JSON.stringify(html)}`);
}

const markdownRenderer = new MarkdownIt({ html: true, linkify: false });
// Its own link check would hide what we emit: the test must see every destination we write.
markdownRenderer.validateLink = () => true;

describe('XSS vectors through the outputs', () => {
  test('the corpus has at least 60 vectors', () => {
    assert.ok(XSS_VECTORS.length >= 60, String(XSS_VECTORS.length));
  });

  for (const [index, vector] of XSS_VECTORS.entries()) {
    test(`vector ${index + 1}: ${vector.slice(0, 70)}`, () => {
      const html = xssPage(vector);
      for (const extractor of ['all-text', 'pith'] as const) {
        for (const url of [undefined, 'https://site.example/dir/page.html']) {
          const options = { extractor, url, images: true, links: true } as const;
          const where = `${extractor}${url ? ' with a base URL' : ''}`;
          assertSafeHtml(extract(html, { ...options, format: 'html' }).content, `html, ${where}`);
          const markdown = extract(html, { ...options, format: 'markdown' }).content;
          assertSafeHtml(markdownRenderer.render(markdown), `markdown, ${where}`);
        }
      }
    });
  }
});
