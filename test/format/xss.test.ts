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
import { parseFragment } from 'parse5';
import { extract } from '../../src/index.js';
import { ACTIVE_ELEMENTS, parse5Elements } from '../helpers.js';
import { XSS_VECTORS } from './xss-vectors.js';

// Beyond the active elements: what a content output has no business writing (the view keeps
// some of these, inert, for the page's look).
const ACTIVE = new Set([
  ...ACTIVE_ELEMENTS,
  'meta',
  'style',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'isindex',
]);
const UNSAFE_ATTRIBUTES = new Set([
  'srcdoc',
  'formaction',
  'action',
  'style',
  'background',
  'ping',
  'xlink:href',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'data']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);
const RASTER = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp|x-icon)[;,]/;

/** A URL as a browser reads its scheme: tabs, newlines and controls gone, U+FFFD too, lower case. */
function schemeOf(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what browsers (and attackers) hide in a scheme.
  return SCHEME.exec(url.replace(/[\u0000-\u0020\uFFFD]/g, '').toLowerCase())?.[1];
}

function assertSafeUrl(url: string, where: string): void {
  const scheme = schemeOf(url);
  if (scheme === undefined) return;
  const ok = ALLOWED_SCHEMES.has(scheme) || (scheme === 'data' && RASTER.test(url.toLowerCase()));
  assert.ok(ok, `${where}: URL with scheme ${scheme}: ${JSON.stringify(url)}`);
}

function assertSafeHtml(html: string, where: string): void {
  for (const element of parse5Elements(parseFragment(html))) {
    assert.ok(!ACTIVE.has(element.tagName), `${where}: <${element.tagName}> in ${JSON.stringify(html)}`);
    for (const { name, value } of element.attrs) {
      const lower = name.toLowerCase();
      assert.ok(!lower.startsWith('on'), `${where}: event handler ${name} on <${element.tagName}>`);
      assert.ok(!UNSAFE_ATTRIBUTES.has(lower), `${where}: ${name} on <${element.tagName}>`);
      if (URL_ATTRIBUTES.has(lower)) assertSafeUrl(value, `${where} ${name}`);
      if (lower === 'srcset') {
        for (const candidate of value.split(','))
          assertSafeUrl(candidate.trim().split(/\s+/)[0], `${where} srcset`);
      }
    }
  }
}

const markdownRenderer = new MarkdownIt({ html: true, linkify: false });
// Its own link check would hide what we emit: the test must see every destination we write.
markdownRenderer.validateLink = () => true;

function page(vector: string): string {
  const words =
    'The river bends, and the water on the outside of the bend moves faster than on the inside, so the bank erodes.';
  return `<html><head><title>Rivers</title></head><body><article><h1>Rivers</h1><p>${words}</p>${vector}<p>${words}</p></article></body></html>`;
}

describe('XSS vectors through the outputs', () => {
  test('the corpus has at least 60 vectors', () => {
    assert.ok(XSS_VECTORS.length >= 60, String(XSS_VECTORS.length));
  });

  for (const [index, vector] of XSS_VECTORS.entries()) {
    test(`vector ${index + 1}: ${vector.slice(0, 70)}`, () => {
      const html = page(vector);
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
