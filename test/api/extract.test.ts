import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { withoutControls } from '../../packages/pith/src/dom/index.js';
import {
  EXTRACTORS,
  extract,
  isPithError,
  loadShippedModels,
  PithError,
  parseHtml,
  VERSION,
} from '../../packages/pith/src/index.js';
import { REPO_ROOT } from '../helpers.js';

// Every extractor runs here, density's and mss's models too.
await loadShippedModels();

const EXAMPLE = readFileSync(join(REPO_ROOT, 'examples/article.html'));

/** Lower-cased word tokens, for "extracted words ⊆ page words". */
function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

describe('extract()', () => {
  test('bytes in, Markdown out by default, with metadata and extractor version', () => {
    const result = extract(EXAMPLE, { url: 'https://fieldnotes.example/science/why-rivers-meander' });
    assert.equal(result.format, 'markdown');
    assert.equal(result.encoding, 'utf-8');
    // The content is the body: the headline is metadata.title (issue 16), unless asked for.
    assert.match(result.content, /^Look at any river from the air/);
    assert.doesNotMatch(result.content, /Why Rivers Meander/);
    assert.equal(result.metadata.title, 'Why Rivers Meander');
    assert.equal(result.metadata.published, '2024-03-18T09:30:00+01:00');
    assert.equal(result.metadata.siteName, 'The Field Notes');
    assert.equal(result.metadata.language, 'en');
    assert.deepEqual(result.extractor, { name: 'pith', version: EXTRACTORS.pith.version });
    assert.match(result.content, /\(https:\/\/fieldnotes\.example\/images\/meander\.jpg\)/);
  });

  test('the title convention: content is the body in every format; titleHeading and frontMatter put it on top', () => {
    const html = EXAMPLE.toString('utf8');
    for (const format of ['text', 'markdown', 'html'] as const) {
      const { content } = extract(html, { format });
      assert.doesNotMatch(content, /Why Rivers Meander/, format);
      const headed = extract(html, { format, titleHeading: true }).content;
      assert.equal(headed.match(/Why Rivers Meander/g)?.length, 1, `${format}: the title once`);
    }
    const json = JSON.parse(extract(html, { format: 'json', contentFormat: 'markdown' }).content);
    assert.doesNotMatch(json.markdown, /Why Rivers Meander/);
    assert.equal(json.title, 'Why Rivers Meander');
    const xml = extract(html, { format: 'xml', contentFormat: 'markdown' }).content;
    assert.ok(xml.includes('<text>'), xml.slice(0, 300));
    assert.doesNotMatch(xml.slice(xml.indexOf('<text>')), /Why Rivers Meander/);
    assert.match(extract(html, { titleHeading: true }).content, /^# Why Rivers Meander\n\nLook at any river/);
    assert.match(
      extract(html, { format: 'html', titleHeading: true }).content,
      /^<h1>Why Rivers Meander<\/h1>/,
    );
    const fronted = extract(html, { frontMatter: true, url: 'https://fieldnotes.example/a' }).content;
    assert.match(fronted, /^---\ntitle: "Why Rivers Meander"\nauthors: \["Ada R[ií]os"\]\n/);
    assert.match(fronted, /\n---\n\nLook at any river/);
    assert.match(extract(html, { format: 'text', frontMatter: true }).content, /^---\ntitle: /);
    assert.doesNotMatch(extract(html, { format: 'html', frontMatter: true }).content, /^---/);
  });

  test('string input, every format', () => {
    const html = EXAMPLE.toString('utf8');
    for (const format of ['text', 'markdown', 'html', 'json', 'xml'] as const) {
      const { content } = extract(html, { format });
      assert.match(content, /oxbow lake/, format);
    }
  });

  test('diagnostics on request', () => {
    const result = extract(EXAMPLE, { diagnostics: true, format: 'json' });
    assert.ok(result.diagnostics);
    assert.ok(JSON.parse(result.content).diagnostics);
    assert.equal(extract(EXAMPLE).diagnostics, undefined);
  });

  test('unknown extractor and format are PithErrors', () => {
    assert.throws(
      () => extract('<p>x</p>', { extractor: 'nope' }),
      (error: unknown) => isPithError(error) && error.code === 'UNKNOWN_EXTRACTOR',
    );
    // A wrong value from an untyped caller.
    const format = 'pdf' as unknown as 'text';
    assert.throws(
      () => extract('<p>x</p>', { format }),
      (error: unknown) => isPithError(error) && error.code === 'UNKNOWN_FORMAT',
    );
  });

  test('a 50 MB page fails fast with INPUT_TOO_LARGE under the default limit', () => {
    const big = `<html><body>${'<p>lorem ipsum dolor sit amet</p>'.repeat(1_600_000)}</body></html>`;
    assert.ok(big.length > 50_000_000);
    assert.throws(
      () => extract(big),
      (error: unknown) => isPithError(error) && error.code === 'INPUT_TOO_LARGE',
    );
  });

  test('a 10 MB page extracts', () => {
    const paragraph = '<p>The river bends, and the water on the outside moves faster than on the inside.</p>';
    const html = `<html><body><nav><a href="/">Home</a></nav><article>${paragraph.repeat(110_000)}</article></body></html>`;
    assert.ok(html.length > 9_000_000);
    // A generous budget: this is about size, and the test machine may be busy.
    const result = extract(html, { format: 'text', limits: { timeoutMs: 600_000 } });
    assert.ok(result.content.length > 8_000_000);
    assert.ok(!result.content.includes('Home'));
  });

  test('the time budget is enforced', () => {
    const html = '<p>x</p>'.repeat(100_000);
    assert.throws(
      () => extract(html, { limits: { timeoutMs: -1 } }),
      (error: unknown) => isPithError(error) && error.code === 'TIMEOUT',
    );
  });

  test('VERSION matches package.json', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    assert.equal(VERSION, pkg.version);
  });
});

describe('extract(): properties', () => {
  const htmlish = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<p>',
          '</p>',
          '<div class="content">',
          '</div>',
          '<a href="/x">',
          '</a>',
          '<nav>',
          '</nav>',
          '<li>',
          '<ul>',
          '<h1>',
          '<br>',
          '<script>x<y</script>',
          '<!-- c -->',
          '&amp;',
          '&#0;',
          '<table><tr><td>',
        ),
        fc.string({ maxLength: 30 }),
        fc.lorem({ maxCount: 12 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));

  test('any string: a result or a PithError, never another throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 500 }), htmlish), (html) => {
        for (const extractor of Object.keys(EXTRACTORS)) {
          try {
            const result = extract(html, { extractor, format: 'text' });
            assert.equal(typeof result.content, 'string');
          } catch (error) {
            assert.ok(error instanceof PithError, String(error));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test('any bytes: a result or a PithError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        try {
          assert.equal(typeof extract(bytes, { format: 'markdown' }).content, 'string');
        } catch (error) {
          assert.ok(error instanceof PithError, String(error));
        }
      }),
      { numRuns: 200 },
    );
  });

  test('the words of the extracted text are words of the page text', () => {
    fc.assert(
      fc.property(htmlish, (html) => {
        fc.pre(html.trim() !== ''); // a blank page is NOT_HTML
        // Substring, not set membership: a kept text node may be a part of a page word
        // ("0<x>egestas" reads "0egestas" on the page, and an extractor may keep only "egestas").
        // Read as the outputs write it: control characters leave the text (`0&#1semper` shows, and
        // prints, "0semper"; fast-check found it).
        const pageText = withoutControls(parseHtml(html).textContent(0)).toLowerCase();
        for (const extractor of Object.keys(EXTRACTORS)) {
          const extracted = words(extract(html, { extractor, format: 'text' }).content);
          for (const word of extracted) assert.ok(pageText.includes(word), `"${word}" is not on the page`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
