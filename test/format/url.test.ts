import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml, TAG } from '../../packages/pith/src/dom/index.js';
import {
  baseUrlOf,
  imageSource,
  largestSrcsetCandidate,
  parseSrcset,
  safeUrl,
} from '../../packages/pith/src/format/index.js';
import { srcsetTokens } from '../../packages/pith/src/format/url.js';

/** A srcset to try: any string, or up to `maxLength` of the given pieces joined. */
/** Pieces of a srcset: URLs, descriptors, the separators and the HTML white space around them. */
const SRCSET_PIECES = fc.constantFrom(
  ' ',
  ',',
  ',,',
  '(',
  ')',
  'a.jpg',
  'x y',
  'data:image/gif;base64,R0l',
  'javascript:x',
  '2x',
  '1.5x',
  '-1x',
  '300w',
  '0w',
  'h',
  '10h',
  '\t',
  '\n',
  '\f',
  '\r',
);

function srcsetStrings(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.array(SRCSET_PIECES, { maxLength }).map((parts) => parts.join('')),
  );
}

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
  test('a lazy srcset, a lazy source, srcset, the <picture>, then src', () => {
    // The script swaps data-src in: src is a small or blurred stand-in (issue 41).
    assert.equal(source('<img src="/a.jpg" data-src="/b.jpg">'), '/b.jpg');
    assert.equal(source('<img src="/a.jpg" data-src="data:image/gif;base64,R0l">'), '/a.jpg');
    assert.equal(source('<img src="/a.jpg" data-srcset="/b.jpg 1x">'), '/b.jpg');
    assert.equal(source('<img src="/a-blur.jpg" data-srcset="/b.jpg 1x">'), '/b.jpg');
    assert.equal(source('<img src="data:image/gif;base64,R0l" data-src="/b.jpg">'), '/b.jpg');
    assert.equal(source('<img src="/img/blank.gif" data-original="/c.jpg">'), '/c.jpg');
    assert.equal(source('<img data-srcset="/d.jpg 1x, /e.jpg 2x">'), '/e.jpg');
    assert.equal(source('<img srcset="/f.jpg, /g.jpg 2x">'), '/g.jpg');
    // A tiny data: image with nothing better is a placeholder or pixel; a real one is kept.
    assert.equal(source('<img src="data:image/png;base64,AAAA">'), undefined);
    const inline = `data:image/png;base64,${'A'.repeat(500)}`;
    assert.equal(source(`<img src="${inline}">`), inline);
    // A placeholder inside <picture>: the largest candidate of its <source>s.
    assert.equal(
      source(
        '<picture><source srcset="/h.webp 2x, /s.webp 1x"><img src="data:image/gif;base64,R0l"></picture>',
      ),
      '/h.webp',
    );
    assert.equal(source('<img alt="x">'), undefined);
  });

  test('a lazy source that is a JSON record is no URL: the src names the image', () => {
    // Readability's msn (cut: one of its three layouts): MSN's script reads a file per layout from
    // data-src; pith wrote the record as a relative URL (`/test/%7B%22default%22…`).
    const msn =
      '<img alt="Nintendo/Apple" data-src="{&quot;default&quot;:{&quot;load&quot;:&quot;default&quot;,&quot;w&quot;:&quot;73&quot;,&quot;h&quot;:&quot;41&quot;,&quot;src&quot;:&quot;//img-s-msn-com.akamaized.net/tenant/amp/entityid/AAkk5fh.img?h=410&amp;w=728&amp;m=6&amp;q=60&amp;o=f&amp;l=f&amp;x=1162&amp;y=540&quot;}}" src="http://img-s-msn-com.akamaized.net/tenant/amp/entityid/AAkk5fh.img?h=820&amp;w=1456&amp;m=6&amp;q=60&amp;o=f&amp;l=f&amp;x=1162&amp;y=540" style="width:73rem;height:41rem;" class="loaded" data-initial-set="true" />';
    assert.equal(
      source(msn),
      'http://img-s-msn-com.akamaized.net/tenant/amp/entityid/AAkk5fh.img?h=820&w=1456&m=6&q=60&o=f&l=f&x=1162&y=540',
    );
    // A lazy source that is a URL still wins over src.
    assert.equal(source('<img src="/a.jpg" data-src="/%7Bb%7D.jpg">'), '/%7Bb%7D.jpg');
  });
});

describe('srcset', () => {
  const source = (html: string) => {
    const doc = parseHtml(html);
    return imageSource(doc, doc.findFirst(TAG.img));
  };
  const figma =
    // Defuddle's general--www.figma.com-blog-introducing-codex-to-figma (dev half): src is the 1x
    // rendering; the expected file names the 1536w candidate.
    '<img width="1632" height="2176" loading="eager" alt="Abstract geometric illustration" ' +
    'src="https://cdn.sanity.io/images/599r6htc/regionalized/c93d4cf38afc223b52c3f1e2a63810e666971bc0-1536x2048.png?w=1632&amp;h=2176&amp;q=75&amp;fit=max&amp;auto=format" ' +
    'srcset="https://cdn.sanity.io/images/599r6htc/regionalized/c93d4cf38afc223b52c3f1e2a63810e666971bc0-1536x2048.png?w=1632&amp;q=75&amp;fit=max&amp;auto=format&amp;dpr=0.5 816w, ' +
    'https://cdn.sanity.io/images/599r6htc/regionalized/c93d4cf38afc223b52c3f1e2a63810e666971bc0-1536x2048.png?w=1632&amp;q=75&amp;fit=max&amp;auto=format&amp;dpr=0.75 1224w, ' +
    'https://cdn.sanity.io/images/599r6htc/regionalized/c93d4cf38afc223b52c3f1e2a63810e666971bc0-1536x2048.png?w=1632&amp;q=75&amp;fit=max&amp;auto=format&amp;dpr=2 1536w">';

  test('an image is named by the widest candidate of its srcset, not by src; densities when src is a placeholder', () => {
    assert.equal(
      source(figma),
      'https://cdn.sanity.io/images/599r6htc/regionalized/c93d4cf38afc223b52c3f1e2a63810e666971bc0-1536x2048.png?w=1632&q=75&fit=max&auto=format&dpr=2',
    );
    // Density: Defuddle's elements--srcset-normalization (a <picture>, the <img> a placeholder GIF).
    assert.equal(
      source(
        '<picture><source type="image/webp" media="(min-width: 1000px)" srcSet="https://www.example.com/images/hero-small.webp 1x, https://www.example.com/images/hero.webp 2x ">' +
          '<img src="data:image/gif;base64,R0lGODlhAQABAPAAAPLy8gAAACH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==" alt="Hero"></picture>',
      ),
      'https://www.example.com/images/hero.webp',
    );
    // A <picture>'s sources when the <img> is a placeholder, the largest of all (a phone's crop and
    // a desktop's); a real src stays (Readability's guardian-1 keeps the <img> alone).
    const condeNast =
      '<picture><source media="(max-width: 767px)" srcset="/1:1/w_120,c_limit/a.jpg 120w, /1:1/w_640,c_limit/a.jpg 640w">' +
      '<source media="(min-width: 768px)" srcset="/16:9/w_960,c_limit/a.jpg 960w, /16:9/w_1920,c_limit/a.jpg 1920w">';
    assert.equal(
      source(`${condeNast}<img src="data:image/gif;base64,R0l"></picture>`),
      '/16:9/w_1920,c_limit/a.jpg',
    );
    assert.equal(source(`${condeNast}<img src="/16:9/w_640/a.jpg"></picture>`), '/16:9/w_640/a.jpg');
    assert.equal(
      source(
        '<picture><source media="(prefers-color-scheme: dark)" srcset="/logo-dark.png 2x"><img src="/img/blank.gif"></picture>',
      ),
      '/img/blank.gif',
    );
    // Densities only do not outrank a real src (computerbase.de, our corpus's fig-computerbase-noscript:
    // src 1080 px wide, the 1x and 2x candidates 280 and 560); they do a placeholder.
    assert.equal(
      source(
        '<img decoding="async" src="https://pics.computerbase.de/1/8/3/0/6/2-1080.3633442364.jpg" srcset="https://pics.computerbase.de/1/8/3/0/6/2-280.3633442364.jpg 1x, https://pics.computerbase.de/1/8/3/0/6/2-560.jpg 2x" width="280" height="187" alt="HTC Touch">',
      ),
      'https://pics.computerbase.de/1/8/3/0/6/2-1080.3633442364.jpg',
    );
    assert.equal(source('<img src="/img/lazy.gif" srcset="/a.jpg 1x, /b.jpg 2x">'), '/b.jpg');
    // Placeholders and unsafe schemes in srcset are no candidates: src stays.
    assert.equal(
      source('<img src="/a.jpg" srcset="data:image/gif;base64,R0lGOD,AAA 2x, javascript:x 3x">'),
      '/a.jpg',
    );
  });

  test('a lazy source that is src itself swaps nothing in: the widest srcset candidate names the image', () => {
    // Squarespace, cut from wcxb-dev 0230 (a list of HR firms' screenshots): data-src = src beside
    // a srcset of widths. Defuddle's Markdown names the 2500w candidate, as for any srcset.
    const base =
      'https://images.squarespace-cdn.com/content/v1/65bd0965904e7e695a70ed54/652c01c3-9238-4043-9927-cc08b69854e4/AAG+new.webp';
    const squarespace =
      `<img data-stretch="false" data-src="${base}" data-image="${base}" data-image-dimensions="1898x1199" alt="AAG new" data-load="false" ` +
      `src="${base}" width="1898" height="1199" sizes="(max-width: 640px) 100vw, (max-width: 767px) 100vw, 100vw" ` +
      `srcset="${base}?format=100w 100w, ${base}?format=300w 300w, ${base}?format=750w 750w, ${base}?format=1500w 1500w, ${base}?format=2500w 2500w" loading="lazy" decoding="async" data-loader="sqs">`;
    assert.equal(source(squarespace), `${base}?format=2500w`);
    // A lazy source that differs from src is still what the script swaps in (src and srcset stand-ins).
    assert.equal(
      source('<img src="/small.jpg" data-src="/large.jpg" srcset="/small-300.jpg 300w">'),
      '/large.jpg',
    );
    // The same with no widths in srcset: the lazy source (= src).
    assert.equal(source('<img src="/a.jpg" data-src="/a.jpg" srcset="/a.jpg 1x, /a-2.jpg 2x">'), '/a.jpg');
  });

  test('parsed by the HTML spec: commas inside URLs, trailing commas, bad descriptors', () => {
    // Substack's Cloudinary URLs hold commas (w_424,c_limit,f_webp).
    assert.deepEqual(
      parseSrcset(
        'https://substackcdn.com/image/fetch/w_424,c_limit,f_webp,q_auto:good/https%3A%2F%2Fa.png 424w, https://substackcdn.com/image/fetch/w_848,c_limit,f_webp,q_auto:good/https%3A%2F%2Fa.png 848w',
      ),
      [
        {
          url: 'https://substackcdn.com/image/fetch/w_424,c_limit,f_webp,q_auto:good/https%3A%2F%2Fa.png',
          width: 424,
        },
        {
          url: 'https://substackcdn.com/image/fetch/w_848,c_limit,f_webp,q_auto:good/https%3A%2F%2Fa.png',
          width: 848,
        },
      ],
    );
    assert.deepEqual(parseSrcset('a.jpg,b.jpg 2x'), [{ url: 'a.jpg,b.jpg', density: 2 }]);
    assert.deepEqual(parseSrcset('a.jpg,, b.jpg 2x'), [
      { url: 'a.jpg', density: 1 },
      { url: 'b.jpg', density: 2 },
    ]);
    // A bad candidate is left out, the others kept; a descriptor in parentheses is one word.
    assert.deepEqual(
      parseSrcset('a.jpg 100w 2x, b.jpg 0w, c.jpg 1.5x, d.jpg 300w 200h, e.jpg 10h, f.jpg (x, y) 2x'),
      [
        { url: 'c.jpg', density: 1.5 },
        { url: 'd.jpg', width: 300 },
      ],
    );
    assert.deepEqual(parseSrcset(' , ,, '), []);
    assert.equal(largestSrcsetCandidate('a.jpg 300w, b.jpg 2x, c.jpg 600w, d.jpg 600w'), 'c.jpg');
  });

  test('property: any srcset never throws, and the chosen URL is one of its candidates or the src', () => {
    const srcset = srcsetStrings(12);
    fc.assert(
      fc.property(srcset, (value) => {
        const candidates = parseSrcset(value).map((candidate) => candidate.url);
        const largest = largestSrcsetCandidate(value);
        assert.ok(largest === undefined || candidates.includes(largest));
        const doc = parseHtml(
          `<img src="/src.jpg" srcset="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`,
        );
        const chosen = imageSource(doc, doc.findFirst(TAG.img));
        const attribute = doc.attr(doc.findFirst(TAG.img), 'srcset') ?? '';
        assert.ok(
          chosen === '/src.jpg' || parseSrcset(attribute).some((candidate) => candidate.url === chosen),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('srcsetTokens', () => {
  /** The tokenizer as it was written first: a regex test and a string append per character. */
  function referenceTokens(srcset: string): { url: string; descriptors: string[] }[] {
    const space = /[\t\n\f\r ]/;
    const tokens: { url: string; descriptors: string[] }[] = [];
    let at = 0;
    while (true) {
      while (at < srcset.length && (srcset[at] === ',' || space.test(srcset[at]))) at++;
      if (at >= srcset.length) return tokens;
      const start = at;
      while (at < srcset.length && !space.test(srcset[at])) at++;
      let url = srcset.slice(start, at);
      const descriptors: string[] = [];
      if (url.endsWith(',')) {
        url = url.replace(/,+$/, '');
      } else {
        while (at < srcset.length && space.test(srcset[at])) at++;
        let current = '';
        let inParens = false;
        for (; at < srcset.length; at++) {
          const c = srcset[at];
          if (inParens) {
            current += c;
            if (c === ')') inParens = false;
          } else if (space.test(c)) {
            if (current !== '') descriptors.push(current);
            current = '';
          } else if (c === ',') {
            at++;
            break;
          } else {
            current += c;
            if (c === '(') inParens = true;
          }
        }
        if (current !== '') descriptors.push(current);
      }
      tokens.push({ url, descriptors });
    }
  }

  test('property: the same words as a regex test and an append per character', () => {
    const srcset = srcsetStrings(16);
    fc.assert(
      fc.property(srcset, (value) => assert.deepEqual(srcsetTokens(value), referenceTokens(value))),
      { numRuns: 2000 },
    );
  });
});
