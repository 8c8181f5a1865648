import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { CLASS_CUES } from '../../../packages/pith/src/features/page-type/cues.js';
import {
  KeywordMatcher,
  PAGE_TYPE_FEATURE_INDEX,
  PAGE_TYPE_FEATURE_NAMES,
  type PageTypeFeatureName,
  pageTypeCues,
  pageTypeFeatures,
} from '../../../packages/pith/src/features/page-type/index.js';

function features(html: string, url?: string, metadata?: Parameters<typeof pageTypeFeatures>[2]) {
  const vector = pageTypeFeatures(parseHtml(html), url, metadata);
  return (name: PageTypeFeatureName) => vector[PAGE_TYPE_FEATURE_INDEX[name]];
}

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `expected ${expected}, got ${actual}`);

// A Discourse topic, written by hand; every expected value below is counted by hand.
const FORUM = `<html><head>
<title>Plugin recommendations</title>
<meta name="generator" content="Discourse 3.2.0 - https://github.com/discourse/discourse">
<meta property="og:type" content="website">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"x","comment":[{"@type":"Comment","text":"a"}]}</script>
</head><body>
<h1>Plugin recommendations</h1>
<div class="topic-post"><div class="avatar"></div><p>one two three four five</p></div>
<div class="topic-post"><p>six seven eight</p><a href="/u/x">reply</a></div>
<div class="topic-post"><p>nine ten</p></div>
</body></html>`;
const FORUM_URL = 'https://forum.example.org/t/plugin-recommendations/88771';

describe('pageTypeFeatures', () => {
  it('names every position once', () => {
    assert.equal(new Set(PAGE_TYPE_FEATURE_NAMES).size, PAGE_TYPE_FEATURE_NAMES.length);
    assert.equal(pageTypeFeatures(parseHtml('<p>x</p>')).length, PAGE_TYPE_FEATURE_NAMES.length);
    PAGE_TYPE_FEATURE_NAMES.forEach((name, index) => {
      assert.equal(PAGE_TYPE_FEATURE_INDEX[name], index);
    });
  });

  it('reads URL cues', () => {
    const f = features(FORUM, FORUM_URL);
    assert.equal(f('url.present'), 1);
    assert.equal(f('url.forumHost'), 1); // forum.
    assert.equal(f('url.forumPath'), 1); // /t/<slug>/<id>
    assert.equal(f('url.depth'), 3);
    assert.equal(f('url.lastSegmentWords'), 0); // "88771" has no letters
    assert.equal(f('url.lastSegmentHasId'), 1);
    assert.equal(f('url.itemId'), 1);
    assert.equal(f('url.docsHost'), 0);
    assert.equal(f('url.productPath'), 0);

    const product = features('<p>x</p>', 'https://shop.example.com/products/blue-mug');
    assert.equal(product('url.productPath'), 1);
    assert.equal(product('url.collectionPath'), 0); // /products/<slug> is one product
    assert.equal(product('url.shopHost'), 1);
    assert.equal(product('url.lastSegmentWords'), 2);
    const collection = features('<p>x</p>', 'https://example.com/collections/mugs?page=2');
    assert.equal(collection('url.collectionPath'), 1);
    assert.equal(collection('url.hasQuery'), 1);
    const docs = features('<p>x</p>', 'https://docs.example.com/en/stable/api/index.html');
    assert.equal(docs('url.docsHost'), 1);
    assert.equal(docs('url.docsPath'), 1);
    assert.equal(docs('url.scriptExtension'), 1);
    const dated = features('<p>x</p>', 'https://example.com/2024/05/a-long-story-about-mugs/');
    assert.equal(dated('url.datePath'), 1);
    assert.equal(dated('url.articlePath'), 1);
    assert.equal(dated('url.endsWithSlash'), 1);
    assert.equal(dated('url.lastSegmentWords'), 5);
    const root = features('<p>x</p>', 'https://example.com/');
    assert.equal(root('url.isRoot'), 1);
    for (const bad of [undefined, 'not a url', 'ftp://example.com/t/x/1']) {
      assert.equal(features('<p>x</p>', bad)('url.present'), 0);
    }
  });

  it('reads head signals: generator, og:type, JSON-LD types, title', () => {
    const f = features(FORUM, FORUM_URL);
    assert.equal(f('gen.discourse'), 1);
    assert.equal(f('gen.docs'), 0);
    assert.equal(f('head.ogWebsite'), 1);
    assert.equal(f('head.ogArticle'), 0);
    assert.equal(f('schema.forum'), 1);
    assert.equal(f('schema.comment'), 1);
    assert.equal(f('schema.article'), 0);
    close(f('head.titleWords'), Math.log1p(2));
    close(f('head.jsonLdBlocks'), Math.log1p(1));
    close(f('head.schemaArticleBody'), Math.log1p(1) / 10); // the Comment's "text": "a"
  });

  it('matches platform names as whole words', () => {
    const analytics = features(
      '<script src="https://mybbc-analytics.files.bbci.co.uk/echo.js"></script><p>x</p>',
    );
    assert.equal(analytics('gen.forum'), 0);
    const mybb = features('<meta name="generator" content="MyBB 1.8"><p>x</p>');
    assert.equal(mybb('gen.forum'), 1);
    const shop = features('<link rel="stylesheet" href="/wp-content/plugins/woocommerce/style.css"><p>x</p>');
    assert.equal(shop('gen.shop'), 1);
    assert.equal(shop('gen.wordpress'), 1);
  });

  it('counts the DOM, normalised by page size', () => {
    const f = features(FORUM, FORUM_URL);
    // Words: h1 2 + 5 + 3 + "reply" 1 + 2 = 13; characters: 22 + 23 + 15 + 5 + 8 = 73, 5 in a link.
    close(f('dom.words'), Math.log1p(13));
    close(f('dom.linkDensity'), 5 / 73);
    close(f('dom.linksPerWord'), 1 / 13);
    close(f('dom.pCount'), Math.log1p(3));
    close(f('dom.pShare'), 10 / 13);
    assert.equal(f('dom.longP'), 0); // no paragraph reaches 25 words
    close(f('dom.h1'), Math.log1p(1));
    assert.equal(f('dom.h2'), 0);
    // Text containers: h1, three p, one a → 13 / 5 words each.
    close(f('dom.wordsPerContainer'), Math.log1p(13 / 5));
    // Prose blocks: each p's div holds 5, 3, 2 words; the h1 holds 2; the link is not prose.
    close(f('dom.topBlockWords'), Math.log1p(5));
    close(f('dom.topBlockShare'), 5 / 13);
    close(f('dom.secondBlockRatio'), 3 / 5);
    assert.equal(f('dom.proseBlocks'), 0);
    assert.equal(f('dom.linkedHeadings'), 0);
  });

  it('finds runs of repeated siblings', () => {
    const f = features(FORUM, FORUM_URL);
    // Three div.topic-post in a row under <body>: one run of 3 items, 11 words, 51 characters (5 in links).
    close(f('rep.maxRun'), Math.log1p(3));
    close(f('rep.runs'), Math.log1p(1));
    assert.equal(f('rep.richRuns'), 0); // 11 words < 5 per item
    assert.equal(f('rep.cardItems'), 0); // only the second item has a link
    close(f('rep.topRunItems'), Math.log1p(3));
    close(f('rep.topRunWordsPerItem'), Math.log1p(11 / 3));
    close(f('rep.topRunTextShare'), 51 / 73);
    close(f('rep.topRunLinkDensity'), 5 / 51);

    const cards = features(
      `<ul>${'<li class="card"><a href="/x">A short teaser title here</a></li>'.repeat(4)}</ul>`,
    );
    close(cards('rep.maxRun'), Math.log1p(4));
    close(cards('rep.cardItems'), Math.log1p(4)); // each: a link and 5 words
    close(cards('cls.card'), Math.log1p(4));
    // Table rows and paragraphs are not items.
    const rows = features(
      `<table>${'<tr><td>cell text</td></tr>'.repeat(5)}</table>${'<p>para</p>'.repeat(5)}`,
    );
    assert.equal(rows('rep.maxRun'), 0);
  });

  it('counts class/id cues and short English texts', () => {
    const f = features(FORUM, FORUM_URL);
    close(f('cls.thread'), Math.log1p(3)); // topic-post ×3
    close(f('cls.user'), Math.log1p(1)); // avatar
    close(f('txt.forum'), Math.log1p(1)); // "reply"
    assert.equal(f('cls.cart'), 0);

    const product = features(
      `<html><head><meta property="og:type" content="product"><meta property="product:price:amount" content="19.99">
      <script type="application/ld+json">{"@type":"Product","name":"Mug","offers":{"@type":"Offer","price":"19.99"}}</script>
      </head><body><div class="product-info"><h1>Mug</h1><span class="price">$19.99</span>
      <button class="add_to_cart">Add to cart</button></div></body></html>`,
      'https://shop.example.com/products/mug',
    );
    assert.equal(product('head.ogProduct'), 1);
    assert.equal(product('head.productPriceMeta'), 1);
    assert.equal(product('schema.product'), 1);
    assert.equal(product('schema.offer'), 1);
    close(product('head.schemaProducts'), Math.log1p(1));
    close(product('dom.prices'), Math.log1p(1)); // "$19.99"
    close(product('cls.product'), Math.log1p(1)); // product-info
    close(product('cls.price'), Math.log1p(1));
    close(product('cls.cart'), Math.log1p(1)); // add_to_cart reads as add-to-cart
    close(product('txt.cart'), Math.log1p(1)); // "Add to cart"
    close(product('dom.buttons'), Math.log1p(1));
  });

  it('uses the metadata: declared type, canonical URL as fallback', () => {
    const f = features('<p>x</p>', undefined, {
      pageType: 'NewsArticle',
      canonicalUrl: 'https://docs.example.com/api/x',
    });
    assert.equal(f('head.metadataArticleType'), 1);
    assert.equal(f('schema.article'), 1);
    assert.equal(f('url.docsHost'), 1);
    assert.equal(f('url.docsPath'), 1);
  });

  it('gives the rule stage its cues', () => {
    const vector = pageTypeFeatures(parseHtml(FORUM), FORUM_URL);
    const cues = pageTypeCues(vector);
    assert.equal(cues[0].type, 'forum');
    assert.equal(cues[0].strength, 'strong');
    assert.ok(cues.every((cue) => cue.type === 'forum'));
    assert.deepEqual(pageTypeCues(pageTypeFeatures(parseHtml('<p>plain</p>'))), []);
  });
});

describe('KeywordMatcher', () => {
  const matcher = new KeywordMatcher([
    ['a', ['cart', '^nav$']],
    ['b', ['^language-!select|switch']],
  ]);
  it('finds keywords anywhere, and at word boundaries when anchored', () => {
    assert.equal(matcher.mask('mini-cart'), 1);
    assert.equal(matcher.mask('minicart'), 1);
    assert.equal(matcher.mask('site-nav main'), 1);
    assert.equal(matcher.mask('navbar'), 0);
    assert.equal(matcher.mask('canvas'), 0);
    assert.equal(matcher.mask('nav_top'), 1);
  });
  it('honours "not followed by"', () => {
    assert.equal(matcher.mask('language-python'), 2);
    assert.equal(matcher.mask('language-selector'), 0);
    assert.equal(matcher.mask('x language-js cart'), 3);
    assert.equal(matcher.mask('mylanguage-js'), 0);
  });
});

/**
 * The matcher before the Aho–Corasick automaton (s38-class2): the keywords' trie walked from every
 * position of the lower-cased string. Kept here as the reference the automaton must agree with.
 */
function trieWalkMask(entries: readonly (readonly [string, readonly string[]])[], raw: string): number {
  const text = raw.toLowerCase();
  const sep = (code: number) =>
    code === 32 || code === 45 || code === 95 || code === 9 || code === 10 || code === 12 || code === 13;
  const norm = (code: number) => (code === 95 ? 45 : code);
  let mask = 0;
  entries.forEach(([, words], bit) => {
    for (const spec of words) {
      const [pattern, not] = spec.split('!');
      const start = pattern.startsWith('^');
      const end = pattern.endsWith('$');
      const word = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
      for (let index = 0; index + word.length <= text.length; index++) {
        let k = 0;
        while (k < word.length && norm(text.charCodeAt(index + k)) === norm(word.charCodeAt(k))) k++;
        if (k < word.length) continue;
        if (start && index > 0 && !sep(text.charCodeAt(index - 1))) continue;
        const after = index + word.length;
        if (end && after < text.length && !sep(text.charCodeAt(after))) continue;
        if (not?.split('|').some((w) => text.startsWith(w, after))) continue;
        mask |= 1 << bit;
      }
    }
  });
  return mask;
}

describe('KeywordMatcher as an automaton', () => {
  const matcher = new KeywordMatcher(CLASS_CUES);
  // Pieces of real class strings (cut from shared dataset pages: WordPress, Shopify, Discourse,
  // Sphinx, Bootstrap), keyword fragments that overlap (failure links), case and separators.
  const pieces = [
    'product',
    'products',
    'product-card',
    'card',
    'ard',
    'cart',
    'add-to-',
    'add_to_cart',
    'mini',
    'language-',
    'lang-',
    'select',
    'switch',
    'nav',
    'navbar',
    'menu',
    'like',
    'likes',
    'list',
    'listing',
    'post-',
    'entry-',
    'meta',
    'content',
    'comment',
    'wp-block-',
    'col-md-6',
    'is-active',
    'toc',
    'doc',
    'docs',
    'mw-',
    'wy-',
    'rst-',
    'sidebar',
    'widget',
    'price',
    'qty',
    'paginat',
    'item',
    'grid-item',
    'user',
    'avatar',
    'share',
    'Product',
    'CART',
    'Nav',
    'Language-',
    'İ',
    'K',
    'ǅ',
    'é',
    'ß',
    ' ',
    ' ',
    '-',
    '_',
    '\t',
    '\n',
    ':',
    '.',
    '0',
    '9',
  ];
  const classString = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));
  it("gives the trie walk's mask on class strings of keyword pieces, any case (fast-check)", () => {
    fc.assert(
      fc.property(classString, (value) => matcher.mask(value) === trieWalkMask(CLASS_CUES, value)),
      { numRuns: 2000 },
    );
  });
  it("gives the trie walk's mask on arbitrary strings (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        (value) => matcher.mask(value) === trieWalkMask(CLASS_CUES, value),
      ),
      { numRuns: 500 },
    );
  });
  it('finds keywords that overlap a longer partial match (failure links)', () => {
    // `product-list` is matched up to its end, then `i` leaves it: `listing` began inside it.
    const small = new KeywordMatcher([
      ['a', ['product-list', 'product-card']],
      ['b', ['^listing$', 'cart']],
      ['c', ['^item$']],
    ]);
    assert.equal(small.mask('product-listing'), 3);
    assert.equal(small.mask('product-cart'), 2);
    assert.equal(small.mask('griditem'), 0);
    assert.equal(small.mask('grid-item'), 4);
    assert.equal(small.mask('Product-Card ITEM'), 5);
  });
  it('lower-cases first when the string holds a non-ASCII character', () => {
    const small = new KeywordMatcher([['a', ['kart']]]);
    // U+212A KELVIN SIGN lower-cases to an ASCII `k`.
    assert.equal(small.mask('\u212Aart'), 1);
    assert.equal(small.mask('KART'), 1);
    assert.equal(small.mask('k\u00e4rt'), 0);
  });
});
