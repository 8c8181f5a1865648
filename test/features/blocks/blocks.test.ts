import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { tokenBits } from '../../../packages/pith/src/features/blocks/cues.js';
import {
  BLOCK_FEATURE_NAMES,
  blockFeatures,
  blockText,
  CUE_GROUPS,
  cueBit,
  cueBits,
  GoldNgrams,
  goldShare,
  LANDMARK,
  labelBlocks,
  segmentBlocks,
} from '../../../packages/pith/src/features/blocks/index.js';

const PAGE = `<html><head><title>Rivers</title></head><body>
<nav class="site-menu"><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="post-content">Intro text <p>Rivers meander, slowly. They erode banks.</p> tail</div>
<footer>Copyright 2026</footer>
<script>var hidden = "never a block";</script>
</body></html>`;

describe('segmentBlocks', () => {
  const doc = parseHtml(PAGE);
  const blocks = segmentBlocks(doc);
  const texts = Array.from({ length: blocks.count }, (_, block) => blockText(blocks, block));

  test('cuts visible text at block-level elements, in document order', () => {
    assert.deepEqual(texts, [
      'Home News',
      'Intro text tail',
      'Rivers meander, slowly. They erode banks.',
      'Copyright 2026',
    ]);
  });

  test('counts characters, link characters, words and links per block', () => {
    // "Home" + "News" are two link text nodes (4 + 4 chars); the space between them is whitespace-only.
    assert.equal(blocks.chars[0], 8);
    assert.equal(blocks.linkChars[0], 8);
    assert.equal(blocks.links[0], 2);
    assert.equal(blocks.words[0], 2);
    // "Rivers meander, slowly. They erode banks.": 6 words, 1 comma, 2 sentence ends, 3 short words? none ≤ 3 chars.
    assert.equal(blocks.words[2], 6);
    assert.equal(blocks.commas[2], 1);
    assert.equal(blocks.sentenceEnds[2], 2);
    assert.equal(blocks.shortWords[2], 0);
    assert.equal(blocks.capitalisedWords[2], 2);
    assert.equal(blocks.endsSentence[2], 1);
    assert.equal(blocks.digits[3], 4);
  });

  test('text in a div around a paragraph goes to the div, the paragraph keeps its own', () => {
    assert.equal(doc.tagName(blocks.owner[1]), 'div');
    assert.equal(doc.tagName(blocks.owner[2]), 'p');
  });

  test('landmarks and class cues are inherited', () => {
    const first = blocks.textNodes[blocks.textStart[0]];
    assert.ok(blocks.landmarks[first] & LANDMARK.nav);
    assert.ok(blocks.landmarks[first] & LANDMARK.link);
    assert.ok(blocks.inheritedCues[first] & cueBit('nav'));
    const paragraph = blocks.textNodes[blocks.textStart[2]];
    assert.ok(blocks.inheritedCues[paragraph] & cueBit('content'));
    assert.ok(blocks.inheritedCues[paragraph] & cueBit('post'));
    const footer = blocks.textNodes[blocks.textStart[3]];
    assert.ok(blocks.landmarks[footer] & LANDMARK.footer);
  });

  test("each element's own cues are cueBits of its classAndId, read once per class number (property)", () => {
    // segmentBlocks keeps the bits by the page's class numbers; ids give each element its own.
    const value = fc.constantFrom('comment', 'comment-body', 'nav menu', 'Share', '', 'post_content', 'x1');
    const element = fc
      .tuple(
        fc.constantFrom('div', 'p', 'li', 'section'),
        fc.array(fc.tuple(fc.constantFrom('class', 'id'), value), { maxLength: 2 }),
        fc.nat(2),
      )
      .map(
        ([tag, attributes, depth]) =>
          `${'<div class="wrap">'.repeat(depth)}<${tag}${attributes.map(([name, text]) => ` ${name}="${text}"`).join('')}>words here</${tag}>${'</div>'.repeat(depth)}`,
      );
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 12 }), (elements) => {
        const doc = parseHtml(`<!doctype html><body>${elements.join('')}</body>`);
        const blocks = segmentBlocks(doc);
        for (let node = doc.body; node < doc.end(doc.body); node++)
          if (doc.isElement(node))
            assert.equal(blocks.ownCues[node], cueBits(doc.classAndId(node)), `node ${node}`);
      }),
      { numRuns: 500 },
    );
  });
  test('noscript content is visible (what a browser without scripts shows)', () => {
    const shell = segmentBlocks(
      parseHtml('<body><div id="app"></div><noscript><p>Crawler view of the thread</p></noscript></body>'),
    );
    assert.equal(shell.count, 1);
    assert.ok(shell.landmarks[shell.textNodes[0]] & LANDMARK.noscript);
  });
});

describe('cueBits', () => {
  test('splits class and id into tokens and matches each group', () => {
    const bits = cueBits('sidebar__widget related-posts');
    assert.ok(bits & cueBit('sidebar'));
    assert.ok(bits & cueBit('related'));
    assert.ok(bits & cueBit('post'));
    assert.equal(bits & cueBit('comment'), 0);
  });
  test('a bare "ad" token is an ad, "read" or "header" are not', () => {
    assert.ok(cueBits('ad') & cueBit('ad'));
    assert.equal(cueBits('header') & cueBit('ad'), 0);
    assert.equal(cueBits('shadow') & cueBit('ad'), 0);
  });
  test('a class of megabytes is read no further than a real one runs (fuzz seed 211, page 2811)', () => {
    const flood = Array.from({ length: 300_000 }, (_, n) => `x${n}`).join(' ');
    assert.ok(cueBits(`sidebar ${flood}`) & cueBit('sidebar'));
    assert.equal(
      cueBits(`${flood} sidebar`) & cueBit('sidebar'),
      0,
      'the tail of a 2.4 MB class is not read',
    );
  });
  test('every group has a bit', () => {
    assert.equal(new Set(CUE_GROUPS.map((group) => cueBit(group))).size, CUE_GROUPS.length);
  });
  test('the one-scan reading gives the bits of the split reading it replaced (property)', () => {
    // The reading before issue 38: tokens by splitting on non-[a-z0-9], compound words on \s+.
    const splitReading = (classAndId: string): number => {
      let bits = 0;
      for (const token of classAndId.split(/[^a-z0-9]+/))
        if (token.length > 0 && token.length <= 40 && !/^[0-9]+$/.test(token)) bits |= tokenBits(token);
      for (const word of classAndId.split(/\s+/))
        if (word.includes('-') || word.includes('_')) bits |= tokenBits(word.slice(0, 60));
      return bits;
    };
    const pieces = fc.constantFrom(
      'nav',
      'post',
      'content',
      'ad',
      'ad-slot',
      'post_body',
      'sidebar__widget',
      '12345',
      'x9',
      '-',
      '_',
      ' ',
      '  ',
      '\u00a0',
      '\u3000',
      '\t',
      'é',
      'a'.repeat(45),
      `w-${'b'.repeat(70)}`,
      'related',
      'share',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const classAndId = parts.join('');
        assert.equal(cueBits(classAndId), splitReading(classAndId), JSON.stringify(classAndId));
      }),
      { numRuns: 2000 },
    );
  });
  test('a string long or short reads as its first 16,000 characters, met in any order (property)', () => {
    // Issue 38 (s38-seg2): whatever replaces the memo of whole strings (tried: none, scanned in
    // place to the cut) must read as the cut string split into tokens and compounds. Strings near
    // the cut (a token or compound across it) and strings met again or in any order.
    const MAX = 16_000;
    const before = (whole: string): number => {
      const cut = whole.length > MAX ? whole.slice(0, MAX) : whole;
      let bits = 0;
      for (const token of cut.split(/[^a-z0-9]+/))
        if (token.length > 0 && token.length <= 40 && !/^[0-9]+$/.test(token)) bits |= tokenBits(token);
      for (const word of cut.split(/\s+/))
        if (word.includes('-') || word.includes('_')) bits |= tokenBits(word.slice(0, 60));
      return bits;
    };
    const piece = fc.oneof(
      fc.constantFrom('sidebar', 'ad-slot', 'post_body', 'cookie-banner', 'share', ' ', '-', '_', 'é', '\t'),
      fc.string({ maxLength: 8 }),
    );
    const classString = fc
      .tuple(fc.nat({ max: 40 }), fc.array(piece, { maxLength: 10 }), fc.boolean())
      .map(([offset, parts, long]) => (long ? ' '.repeat(MAX - offset) : '') + parts.join(''));
    fc.assert(
      fc.property(fc.array(classString, { minLength: 1, maxLength: 4 }), (strings) => {
        for (const whole of [...strings, ...strings.toReversed()])
          assert.equal(cueBits(whole), before(whole), JSON.stringify(whole.slice(-60)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('blockFeatures', () => {
  const doc = parseHtml(PAGE);
  const blocks = segmentBlocks(doc);
  const features = blockFeatures(blocks, {}, { title: 'Rivers', structuredBody: 'Rivers meander slowly' });
  const value = (block: number, name: string) =>
    features.values[block * features.width + features.names.indexOf(name)];

  test('one row per block, one column per named feature', () => {
    assert.equal(features.rows, 4);
    assert.equal(features.width, BLOCK_FEATURE_NAMES.length);
    assert.equal(new Set(features.names).size, features.names.length);
  });
  test('link density, text density and one-hot owner tag', () => {
    assert.equal(value(0, 'linkDensity'), 1);
    assert.equal(value(2, 'linkDensity'), 0);
    // 41 characters → one 80-character line holding 6 words.
    assert.equal(value(2, 'textDensity'), 6);
    assert.equal(value(2, 'owner:p'), 1);
    assert.equal(value(2, 'owner:div'), 0);
    assert.equal(value(1, 'owner:div'), 1);
  });
  test('neighbours and position', () => {
    assert.equal(value(0, 'relativeIndex'), 0);
    assert.equal(value(3, 'relativeIndex'), 1);
    assert.ok(Math.abs(value(2, 'prevLogWords') - Math.log1p(3)) < 1e-6);
    assert.equal(value(0, 'prevLogWords'), 0);
  });
  test('repeats among siblings: the same tag and class, counted past 16 distinct ones too', () => {
    // 20 distinct classes once each, then "card" three times and "card" on a <div> once.
    for (const distinct of [3, 20]) {
      const items = Array.from({ length: distinct }, (_, n) => `<p class="c${n}">Only item ${n} here.</p>`);
      const cards = '<p class="card">A card.</p>'.repeat(3);
      const repeats = parseHtml(
        `<html><body><div>${items.join('')}${cards}<div class="card">A box.</div></div></body></html>`,
      );
      const rows = blockFeatures(segmentBlocks(repeats), {}, {});
      // The feature is log(1 + count), in Float32.
      const repeat = (block: number) =>
        Math.round(Math.expm1(rows.values[block * rows.width + rows.names.indexOf('ownerRepeat')]));
      assert.equal(rows.rows, distinct + 4);
      for (let block = 0; block < distinct; block++) assert.equal(repeat(block), 1);
      for (let block = distinct; block < distinct + 3; block++) assert.equal(repeat(block), 3);
      assert.equal(repeat(distinct + 3), 1, 'another tag, same class');
    }
  });
  test('overlap with the structured body and the title', () => {
    // Tokens: rivers meander slowly they erode banks → 3 of 6 in the JSON-LD body.
    assert.ok(Math.abs(value(2, 'structuredBodyOverlap') - 0.5) < 1e-6);
    assert.equal(value(2, 'hasStructuredBody'), 1);
    // 1 of 6 tokens is in the title, and it covers the whole title: (1/6) · 1.
    assert.ok(Math.abs(value(2, 'titleOverlap') - 1 / 6) < 1e-6);
  });
  test('hostile HTML never throws and gives finite features', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (html) => {
        const result = blockFeatures(segmentBlocks(parseHtml(html)));
        for (const x of result.values) if (!Number.isFinite(x)) return false;
        return result.values.length === result.rows * result.width;
      }),
      { numRuns: 200 },
    );
  });
});

describe('labels', () => {
  test('goldShare counts shingles found in the gold', () => {
    const gold = new GoldNgrams('a b c d e f');
    // 4-grams of "a b c d x": "a b c d" (in gold), "b c d x" (not) → 1/2.
    assert.equal(goldShare(['a', 'b', 'c', 'd', 'x'], gold), 0.5);
    assert.equal(goldShare(['c', 'd'], gold), 1);
    assert.equal(goldShare(['d', 'c'], gold), 0);
  });
  test('a one-word menu item is not gold because the word occurs in the article', () => {
    const doc = parseHtml(
      '<body><ul><li><a href="/">Rivers</a></li><li><a href="/a">About</a></li></ul><p>Rivers meander across wide plains.</p></body>',
    );
    const labels = labelBlocks(segmentBlocks(doc), 'Rivers meander across wide plains.');
    assert.deepEqual(Array.from(labels.share), [0, 0, 1]);
    assert.deepEqual(Array.from(labels.tokens), [1, 1, 5]);
  });
  test('a heading followed by its paragraph is gold', () => {
    const doc = parseHtml('<body><h2>Floods</h2><p>Rivers flood in spring.</p></body>');
    const labels = labelBlocks(segmentBlocks(doc), 'Floods\nRivers flood in spring.');
    assert.deepEqual(Array.from(labels.share), [1, 1]);
  });
});
