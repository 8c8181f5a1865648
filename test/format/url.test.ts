import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml, TAG } from '../../src/dom/index.js';
import { baseUrlOf, imageSource, safeUrl } from '../../src/format/index.js';

describe('safeUrl', () => {
  // The trimming's hang guard is in test/dom/characters.test.ts (trimCodes; fuzz seed 201, page 3236:
  // a regex `[ ]+$` took 40 s on 200,000 spaces inside an href).
  test('a long run of spaces inside a URL is trimmed at the edges only and encoded inside', () => {
    const inside = `https://example.com/a?x=${' '.repeat(60_000)}\u0001b`;
    assert.equal(safeUrl(inside, undefined, 'link'), `https://example.com/a?x=${'%20'.repeat(60_000)}%01b`);
    assert.equal(
      safeUrl(`  \u0000 https://example.com/x \u001f `, undefined, 'link'),
      'https://example.com/x',
    );
  });

  test('a URL over 64 KiB is no target (a data: image up to 2 MiB is; fuzz seed 203, page 6384)', () => {
    const long = `https://example.com/${'a'.repeat(64 * 1024)}`;
    assert.equal(safeUrl(long, undefined, 'link'), undefined);
    assert.equal(safeUrl(long, 'https://example.com/', 'image'), undefined);
    const justUnder = `https://example.com/${'a'.repeat(64 * 1024 - 30)}`;
    assert.equal(safeUrl(justUnder, undefined, 'link'), justUnder);
    const image = `data:image/png;base64,${'A'.repeat(100_000)}`;
    assert.equal(safeUrl(image, undefined, 'image'), image);
    assert.equal(
      safeUrl(`data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}`, undefined, 'image'),
      undefined,
    );
  });

  const base = 'https://example.com/dir/page.html?q=1';
  test('resolves relative URLs against the base', () => {
    assert.equal(safeUrl('other.html', base, 'link'), 'https://example.com/dir/other.html');
    assert.equal(safeUrl('../up', base, 'link'), 'https://example.com/up');
    assert.equal(safeUrl('/root', base, 'link'), 'https://example.com/root');
    assert.equal(safeUrl('//cdn.example.org/x', base, 'link'), 'https://cdn.example.org/x');
    assert.equal(safeUrl('#frag', base, 'link'), 'https://example.com/dir/page.html?q=1#frag');
    assert.equal(safeUrl('?p=2', base, 'link'), 'https://example.com/dir/page.html?p=2');
    assert.equal(safeUrl('  spaced path.html ', base, 'link'), 'https://example.com/dir/spaced%20path.html');
  });

  test('keeps relative URLs as written when there is no base', () => {
    assert.equal(safeUrl('a/b.html', undefined, 'link'), 'a/b.html');
    assert.equal(safeUrl('/x.png', undefined, 'image'), '/x.png');
  });

  test('keeps only allowed schemes', () => {
    assert.equal(safeUrl('mailto:a@b.c', base, 'link'), 'mailto:a@b.c');
    assert.equal(safeUrl('tel:+123', base, 'link'), 'tel:+123');
    assert.equal(safeUrl('HTTP://EXAMPLE.COM/A', base, 'link'), 'http://example.com/A');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'about:blank',
      // Masked schemes (issue 14): `java&#0;script:` decodes to U+FFFD inside; a NUL inside.
      'java\uFFFDscript:alert(1)',
      'java\u0000script:alert(1)',
    ]) {
      assert.equal(safeUrl(bad, base, 'link'), undefined, bad);
      assert.equal(safeUrl(bad, undefined, 'link'), undefined, bad);
      assert.equal(safeUrl(bad, base, 'image'), undefined, bad);
    }
    assert.equal(safeUrl('mailto:a@b.c', base, 'image'), undefined);
    assert.equal(safeUrl('', base, 'link'), undefined);
    assert.equal(safeUrl('http://[bad', base, 'link'), undefined);
  });

  test('data: is allowed for raster images only', () => {
    assert.equal(safeUrl('data:image/png;base64,AAAA', base, 'image'), 'data:image/png;base64,AAAA');
    assert.equal(safeUrl('data:image/svg+xml,<svg onload=alert(1)>', base, 'image'), undefined);
    assert.equal(safeUrl('data:image/png;base64,AAAA', base, 'link'), undefined);
  });
});

describe('baseUrlOf', () => {
  test('options.url, then doc.url, then <base href> on top', () => {
    const doc = parseHtml('<p>x</p>', { url: 'https://doc.example/a/' });
    assert.equal(baseUrlOf(doc, undefined), 'https://doc.example/a/');
    assert.equal(baseUrlOf(doc, 'https://opt.example/b/'), 'https://opt.example/b/');
    const withBase = parseHtml('<head><base href="/assets/"></head>', { url: 'https://doc.example/a/' });
    assert.equal(baseUrlOf(withBase, undefined), 'https://doc.example/assets/');
    assert.equal(baseUrlOf(parseHtml('<p>x</p>'), 'not a url'), undefined);
    assert.equal(baseUrlOf(parseHtml('<p>x</p>'), 'file:///etc/'), undefined);
  });
});

describe('imageSource', () => {
  const source = (html: string) => {
    const doc = parseHtml(html);
    return imageSource(doc, doc.findFirst(TAG.img));
  };
  test('a lazy source, else src unless it is a placeholder and a lazy srcset exists', () => {
    // The script swaps data-src in: src is a small or blurred stand-in (issue 41).
    assert.equal(source('<img src="/a.jpg" data-src="/b.jpg">'), '/b.jpg');
    assert.equal(source('<img src="/a.jpg" data-src="data:image/gif;base64,R0l">'), '/a.jpg');
    assert.equal(source('<img src="/a.jpg" data-srcset="/b.jpg 1x">'), '/a.jpg');
    assert.equal(source('<img src="/a-blur.jpg" data-srcset="/b.jpg 1x">'), '/b.jpg');
    assert.equal(source('<img src="data:image/gif;base64,R0l" data-src="/b.jpg">'), '/b.jpg');
    assert.equal(source('<img src="/img/blank.gif" data-original="/c.jpg">'), '/c.jpg');
    assert.equal(source('<img data-srcset="/d.jpg 1x, /e.jpg 2x">'), '/d.jpg');
    assert.equal(source('<img srcset="/f.jpg, /g.jpg 2x">'), '/f.jpg');
    // A tiny data: image with nothing better is a placeholder or pixel; a real one is kept.
    assert.equal(source('<img src="data:image/png;base64,AAAA">'), undefined);
    const inline = `data:image/png;base64,${'A'.repeat(500)}`;
    assert.equal(source(`<img src="${inline}">`), inline);
    // A placeholder inside <picture>: the first candidate of its <source>s.
    assert.equal(
      source(
        '<picture><source srcset="/h.webp 2x, /s.webp 1x"><img src="data:image/gif;base64,R0l"></picture>',
      ),
      '/h.webp',
    );
    assert.equal(source('<img alt="x">'), undefined);
  });
});
