import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, NodeKind, parseHtml, TAG } from '../../packages/pith/src/dom/index.js';
import { type PithDiagnostics, pageRows } from '../../packages/pith/src/extractors/pith/index.js';
import {
  anchoredGroup,
  answerGroups,
  cardTemplateTextNodes,
  groupTextNodes,
  groupWordsAtMost,
  keptItems,
  LISTING_CARD_GATE,
  LISTING_GATE,
  LISTING_SHARE,
  type ListingPageType,
  listingAnswer,
  listingGateFeatures,
  POST_WORDS,
  POSTS_GROWTH,
  postsAnswer,
  REGION_BODY_WORDS,
  REGION_GROUP_SHARE,
  type RepeatedGroup,
  regionBesideGroup,
  repeatedGroup,
  repeatedGroups,
  screenReaderOnlyText,
  templateTextNodes,
} from '../../packages/pith/src/extractors/pith/repeated.js';
import { PAGE_TYPES, type PageType } from '../../packages/pith/src/features/page-type/index.js';
import { extract } from '../../packages/pith/src/index.js';

/** The page type as the profile asks for it: `type` read, with all its probability. */
const readAs = (type: string) => () => ({
  type,
  probabilities: Object.fromEntries(PAGE_TYPES.map((name) => [name, name === type ? 1 : 0])) as Record<
    PageType,
    number
  >,
});

function chosenText(doc: Doc, chosen: Uint8Array): string {
  const parts: string[] = [];
  for (let node = 0; node < doc.size; node++)
    if (chosen[node] && doc.kind(node) === NodeKind.Text) parts.push(doc.text(node));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const card = (n: number) =>
  `<div class="card card--${n % 2 ? 'odd' : 'even'}"><h3><a href="/recipes/${n}">Recipe number ${n}</a></h3>` +
  `<p class="teaser">A short teaser for recipe ${n} that says what is in it and how long it takes to cook.</p></div>`;

/** A listing shaped like WCXB's: a menu, a heading and intro, a grid of cards (title link + teaser), a footer. */
const listingPage = `<html><body>
<nav><ul>${[1, 2, 3, 4, 5, 6].map((n) => `<li class="menu-item"><a href="/s/${n}">Section ${n} of the site menu</a></li>`).join('')}</ul></nav>
<main><h1>Weeknight recipes</h1><p>Our favourite quick dinners, tested in our kitchen.</p>
<div class="grid">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div></main>
<footer><ul>${[1, 2, 3, 4].map((n) => `<li class="foot"><a href="/f/${n}">Footer link number ${n} about us</a></li>`).join('')}</ul></footer>
</body></html>`;

describe('repeated siblings (a listing profile)', () => {
  test("a listing's cards are the group: every title and teaser, not the menu or the footer", () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const group = repeatedGroup(blocks);
    assert.ok(group, 'the cards are found');
    assert.equal(group.items.length, 8, 'cards with two shapes of modifier class are one group');
    const text = chosenText(doc, groupTextNodes(blocks, group));
    for (const n of [1, 8]) {
      assert.match(text, new RegExp(`Recipe number ${n}\\b`));
      assert.match(text, new RegExp(`teaser for recipe ${n}\\b`));
    }
    assert.doesNotMatch(text, /site menu|Footer link|Weeknight/);
  });

  test('the template completes the cards the way the answer kept the ones it holds: title and teaser, not the price', () => {
    const shop = (n: number) =>
      `<li class="product"><h3><a href="/p/${n}">Walnut desk model ${n}</a></h3>` +
      `<p class="blurb">Solid walnut top, steel legs, and a cable tray for model ${n} of the range.</p>` +
      `<div class="price">$ ${100 + n} add to cart now</div></li>`;
    const doc = parseHtml(
      `<html><body><main><h1>Desks</h1><ul class="products">${[1, 2, 3, 4, 5, 6].map(shop).join('')}</ul></main></body></html>`,
    );
    const { blocks } = pageRows(doc, {}, {});
    // The answer as the block model gave it on such pages: the first two cards' title and blurb.
    const answer = new Uint8Array(doc.size);
    for (let node = 0; node < doc.size; node++) {
      if (doc.kind(node) !== NodeKind.Text) continue;
      if (/model [12]\b/.test(doc.text(node)) || /^Desks$/.test(doc.text(node).trim())) answer[node] = 1;
    }
    const group = anchoredGroup(blocks, answer);
    assert.ok(group);
    assert.equal(keptItems(blocks, group, answer), 2);
    const text = chosenText(doc, templateTextNodes(blocks, group, answer));
    for (const n of [1, 6]) {
      assert.match(text, new RegExp(`Walnut desk model ${n}\\b`));
      assert.match(text, new RegExp(`model ${n} of the range`));
    }
    assert.doesNotMatch(text, /add to cart/);
  });

  test('the listing answer joins the group only on a page read as a listing or collection', () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = new Uint8Array(doc.size);
    for (let node = 0; node < doc.size; node++)
      if (
        doc.kind(node) === NodeKind.Text &&
        /Weeknight|Recipe number 1\b|teaser for recipe 1\b/.test(doc.text(node))
      )
        answer[node] = 1;
    // The loose mode as the block model gives it on such pages: every card's title and teaser.
    const loose = () => {
      const kept = new Uint8Array(doc.size);
      for (let node = 0; node < doc.size; node++)
        if (doc.kind(node) === NodeKind.Text && /Recipe number|teaser for recipe/.test(doc.text(node)))
          kept[node] = 1;
      return kept;
    };
    const listed = listingAnswer(blocks, answer, 25, readAs('listing'), loose);
    assert.ok(listed);
    const text = chosenText(doc, listed.chosen);
    assert.match(text, /Weeknight.*Recipe number 8/);
    assert.doesNotMatch(text, /site menu|Footer link/);
    assert.equal(listingAnswer(blocks, answer, 25, readAs('article'), loose), undefined);
    // An answer far larger than the cards stays as it is.
    assert.equal(listingAnswer(blocks, answer, 10_000, readAs('listing'), loose), undefined);
  });

  test("the kept cards' attribute lines join where half or more of the kept cards keep them (WCXB 4264's grid)", () => {
    // Cut from WCXB dev 4264 (projectorscreenstore.com, a category grid; styles and images left out):
    // each card's name, then "Manufacturer:", "Item Number:" and "Price:" lines.
    const products: [string, string, string, string][] = [
      ['BenQ LK936ST 4K Short Throw Laser Projector 5100 lumens', 'BenQ', 'BenQ-LK936ST', '$4,899.00'],
      [
        'Samsung LSP9T Premiere 4K Ultra Short Throw Laser Projector',
        'Samsung',
        'Samsung-LSP9T',
        '$6,496.00',
      ],
      [
        'Optoma ZU820T WUXGA Professional Installation Laser Projector with 8800 Lumens',
        'Optoma',
        'Optoma-ZU820T',
        '$5,719.00',
      ],
      [
        'Optoma ZU920TST WUXGA Professional Installation Short Throw Laser Projector',
        'Optoma',
        'Optoma-ZU920TST',
        '$11,439.00',
      ],
      [
        'XGIMI Horizon Ultra 4K Portable Lifestyle Projector Hybrid Laser/LED',
        'XGIMI',
        'XGIMI-Horizon-Ultra',
        '$1,699.00',
      ],
      [
        'Optoma ZU607T WUXGA Professional Installation Laser Projector with 6500 Lumens',
        'Optoma',
        'Optoma-ZU607T',
        '$4,399.00',
      ],
    ];
    const product = ([name, maker, sku, price]: [string, string, string, string]) =>
      `<div class="col-xs-6 col-md-4 category-product grid-view"><div class="catlist1"><a class="plbox" href="/p">` +
      `<div class="caption center lh-15"><div><div class="cat-grid-product-name">${name}</div>` +
      `<div>Manufacturer: <span>${maker}</span></div>` +
      `<h3 class="cat-grid-product-sku"><span>Item Number:</span> ${sku}</h3><div class="reviewscat"></div>` +
      `<div><span class="CategoryProductPriceArea"><span class="CategoryProductPriceLabel">Price: </span>` +
      `<span class="CategoryProductPrice">${price}</span></span></div></div></div></a></div></div>`;
    const doc = parseHtml(
      `<html><body><main><h1>Native 4K Projectors</h1><p>Products 1-30 of 37</p>` +
        `<div class="product-list row">${products.map(product).join('')}</div></main></body></html>`,
    );
    const { blocks } = pageRows(doc, {}, {});
    // The block model kept the first two names; the loose mode every name, and the maker and price
    // lines of four cards of six (the shape of what the fold models keep on such grids).
    const answer = new Uint8Array(doc.size);
    const loose = new Uint8Array(doc.size);
    let index = -1;
    for (let node = 0; node < doc.size; node++) {
      if (doc.kind(node) !== NodeKind.Text) continue;
      const text = doc.text(node).trim();
      if (/Projector/.test(text)) index = products.findIndex(([name]) => name === text);
      if (/Native 4K|^Products/.test(text)) answer[node] = 1;
      if (/Projector/.test(text)) {
        loose[node] = 1;
        if (index < 2) answer[node] = 1;
      } else if (index >= 0 && index < 4 && /Manufacturer|Price|^[A-Z][a-zA-Z]+$|^\$/.test(text))
        loose[node] = 1;
    }
    const listed = listingAnswer(blocks, answer, 30, readAs('collection'), () => loose, undefined, true);
    assert.ok(listed);
    const text = chosenText(doc, listed.chosen);
    for (const [, maker, , price] of products) {
      assert.ok(text.includes(`Manufacturer: ${maker}`), maker);
      assert.ok(text.includes(`Price: ${price}`), price);
    }
    // No card kept its item number: a place no kept card holds stays out.
    assert.doesNotMatch(text, /Item Number/);
    // Without the template, the cards the loose mode read short stay short.
    const plain = chosenText(
      doc,
      listingAnswer(blocks, answer, 30, readAs('collection'), () => loose)?.chosen ?? answer,
    );
    assert.doesNotMatch(plain, /Manufacturer: Optoma Price: \$4,399/);
  });

  test("a page-wide <form> (ASP.NET's MainForm) is the page's frame: its grid is a group; a search form's list is not", () => {
    // Cut from WCXB dev 4264 (projectorscreenstore.com): the whole page inside <form id="MainForm">.
    const product = (name: string, maker: string, price: string) =>
      `<div class="col-xs-6 col-md-4 category-product grid-view"><div class="catlist1"><a class="plbox" href="/p">` +
      `<div class="cat-grid-product-name">${name}</div><div>Manufacturer: <span>${maker}</span></div>` +
      `<div><span class="CategoryProductPriceLabel">Price: </span><span class="CategoryProductPrice">${price}</span></div></a></div></div>`;
    const grid =
      `<div class="product-list row">` +
      product('BenQ LK936ST 4K Short Throw Laser Projector 5100 lumens', 'BenQ', '$4,899.00') +
      product('Samsung LSP9T Premiere 4K Ultra Short Throw Laser Projector', 'Samsung', '$6,496.00') +
      product(
        'Optoma ZU820T WUXGA Professional Installation Laser Projector with 8800 Lumens',
        'Optoma',
        '$5,719.00',
      ) +
      product('XGIMI Horizon Ultra 4K Portable Lifestyle Projector Hybrid Laser/LED', 'XGIMI', '$1,699.00') +
      product(
        'Optoma ZU607T WUXGA Professional Installation Laser Projector with 6500 Lumens',
        'Optoma',
        '$4,399.00',
      ) +
      product(
        'Optoma ZU920TST WUXGA Professional Installation Short Throw Laser Projector',
        'Optoma',
        '$11,439.00',
      ) +
      `</div>`;
    const framed = parseHtml(
      `<html><body><form method="post" action="/native-4k-projectors" id="MainForm"><h1>Native 4K Projectors</h1>${grid}</form></body></html>`,
    );
    const group = repeatedGroup(pageRows(framed, {}, {}).blocks);
    assert.ok(group, 'the grid inside the page-wide form is found');
    assert.equal(group.items.length, 6);
    // A form that holds a small part of the page (a search box with its suggestions) stays furniture.
    const search = parseHtml(
      `<html><body><main><h1>Native 4K Projectors</h1><p>${'Our guide to projectors and screens for every room. '.repeat(12)}</p>` +
        `<form role="search"><ul>${[1, 2, 3, 4].map((n) => `<li class="suggest">Suggested search number ${n} for projectors</li>`).join('')}</ul></form>` +
        `</main></body></html>`,
    );
    assert.equal(repeatedGroup(pageRows(search, {}, {}).blocks), undefined);
  });

  test('property: the card template only adds, and only text in the items the answer keeps', () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const group = repeatedGroup(blocks);
    assert.ok(group);
    const texts: number[] = [];
    for (let node = 0; node < doc.size; node++) if (doc.kind(node) === NodeKind.Text) texts.push(node);
    const { end } = doc.columns;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: texts.length, maxLength: texts.length }), (keeps) => {
        const chosen = new Uint8Array(doc.size);
        texts.forEach((node, k) => {
          if (keeps[k]) chosen[node] = 1;
        });
        const out = cardTemplateTextNodes(blocks, group, chosen);
        const keptItem = (node: number) =>
          group.items.some(
            (item) =>
              item < node &&
              node < end[item] &&
              texts.some((inner) => chosen[inner] && item < inner && inner < end[item]),
          );
        for (let node = 0; node < doc.size; node++) {
          if (chosen[node]) assert.equal(out[node], 1);
          else if (out[node]) assert.ok(keptItem(node), doc.text(node));
        }
      }),
      { numRuns: 200 },
    );
  });

  test('on a page read as an article the page type answers before any group is searched', () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = new Uint8Array(doc.size);
    // The blocks as the search would read them: any field read throws.
    const unread = new Proxy(blocks, {
      get(_target, key) {
        if (key === 'then') return undefined;
        throw new Error(`the blocks' ${String(key)} were read`);
      },
    });
    const loose = () => answer;
    for (const type of ['article', 'product', 'service'])
      assert.equal(listingAnswer(unread, answer, 25, readAs(type), loose), undefined, type);
    assert.throws(() => listingAnswer(unread, answer, 25, readAs('listing'), loose), /were read/);
  });

  test('sibling paragraphs of one body are prose, not a group', () => {
    const paragraphs = [1, 2, 3, 4, 5, 6]
      .map((n) => `<p>Paragraph ${n} of an article body, long enough to carry a sentence or two of text.</p>`)
      .join('');
    const doc = parseHtml(`<html><body><article><h1>A story</h1>${paragraphs}</article></body></html>`);
    assert.equal(repeatedGroup(pageRows(doc, {}, {}).blocks), undefined);
  });

  test('property: a page with no three text-carrying siblings of one shape has no group', () => {
    const shapes = ['div', 'section', 'article', 'span', 'figure'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            tag: fc.constantFrom(...shapes),
            cls: fc.constantFrom('a', 'b', ''),
            words: fc.integer({ min: 0, max: 30 }),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 2 }),
        (children, prose) => {
          // At most two children of each shape carry MIN_ITEM_WORDS words; the rest are short.
          const seen = new Map<string, number>();
          const html = children
            .map(({ tag, cls, words }) => {
              const key = `${tag}.${cls}`;
              const carrying = (seen.get(key) ?? 0) < 2 ? words : Math.min(words, 3);
              if (carrying >= 4) seen.set(key, (seen.get(key) ?? 0) + 1);
              const body = Array.from({ length: carrying }, (_, k) => `word${k}`).join(' ');
              return `<${tag}${cls ? ` class="${cls}"` : ''}>${body}</${tag}>`;
            })
            .join('');
          const paragraphs = Array.from(
            { length: prose },
            () => '<p>Some prose words in a paragraph here.</p>',
          ).join('');
          const doc = parseHtml(`<html><body><div>${html}${paragraphs}</div></body></html>`);
          assert.equal(repeatedGroup(pageRows(doc, {}, {}).blocks), undefined);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('property: an answer on a page not read as a listing or collection is never replaced', () => {
    const piece = fc.oneof(
      fc.integer({ min: 1, max: 9 }).map(card),
      fc
        .integer({ min: 1, max: 9 })
        .map((n) => `<p>Paragraph ${n} of the story, with a sentence of plain prose in it.</p>`),
      fc.constant('<h2>A subheading</h2>'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), fc.func(fc.boolean()), (pieces, keeps) => {
        const html = `<html><body><article><h1>Title of the page</h1>${pieces.join('')}</article></body></html>`;
        const doc = parseHtml(html);
        const { blocks } = pageRows(doc, {}, {});
        const answer = new Uint8Array(doc.size);
        for (let node = 0; node < doc.size; node++)
          if (doc.kind(node) === NodeKind.Text && keeps(node)) answer[node] = 1;
        for (const type of ['article', 'forum', 'product', 'documentation', 'service'])
          assert.equal(
            listingAnswer(blocks, answer, 0, readAs(type), () => answer),
            undefined,
          );
        const off = extract(html, { format: 'text', extractorOptions: { listingProfile: false } });
        const on = extract(html, { format: 'text', extractorOptions: { listingProfile: true } });
        const read = (on.extraction.diagnostics as PithDiagnostics).pageType.type;
        if (read !== 'listing' && read !== 'collection') assert.equal(on.content, off.content);
      }),
      { numRuns: 60 },
    );
  });
});

/** A page type read with these probabilities (the rest of the mass on service). */
const readWith =
  (type: string, article: number, listing: number, collection: number) => (): ListingPageType => {
    const probabilities = Object.fromEntries(PAGE_TYPES.map((name) => [name, 0])) as Record<PageType, number>;
    Object.assign(probabilities, {
      article,
      listing,
      collection,
      service: 1 - article - listing - collection,
    });
    return { type, probabilities };
  };

/** The text nodes whose text matches a pattern, as a selection. */
function textMatching(doc: Doc, pattern: RegExp): Uint8Array {
  const chosen = new Uint8Array(doc.size);
  for (let node = 0; node < doc.size; node++)
    if (doc.kind(node) === NodeKind.Text && pattern.test(doc.text(node))) chosen[node] = 1;
  return chosen;
}

const column = (n: number) =>
  `<div class="col"><h2>Part ${n}</h2><span>Column ${n} of the story: the minister said on Tuesday that the plan ` +
  `would go ahead. Officials in part ${n} of the country expect the work to take two years. Critics say ` +
  `the cost will rise, and residents have asked for a public meeting before the end of the month.</span></div>`;

/**
 * An old news page shaped like L3S-GN1's that the page-type model reads as a listing (no <h1>,
 * the story set in three columns of one shape, the block model keeping the first): the columns are
 * the anchored group, and the loose mode's text in them is the rail beside the story.
 */
const newsColumnsPage = `<html><head><title>Plan for the new road goes ahead</title></head><body>
<div class="story">${[1, 2, 3].map(column).join('')}</div>
<div class="rail"><a href="/a">Most read: a story about something else entirely today</a></div></body></html>`;

const gateOf = (doc: Doc) => ({
  gates: [LISTING_GATE],
  pageTypeFeatures: pageRows(doc, {}, {}).pageTypeFeatures,
});

describe('the listing gate (learned on the five block sets)', () => {
  test('a news page read as a listing, its columns the group: the gate keeps the answer; without it the answer switches', () => {
    const doc = parseHtml(newsColumnsPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = textMatching(doc, /Column 1 /);
    const loose = () => textMatching(doc, /Column [23] /);
    // The probabilities of two real L3S-GN1 pages of this shape (70325065…, b16f4a95…): an article
    // probability above the bound, or a listing probability above it.
    for (const read of [readWith('listing', 0.294, 0.53, 0.007), readWith('listing', 0.028, 0.896, 0.007)]) {
      assert.ok(listingAnswer(blocks, answer, 40, read, loose), 'without the gate the columns join');
      assert.equal(listingAnswer(blocks, answer, 40, read, loose, gateOf(doc)), undefined);
    }
  });

  test('a listing read as a collection: the gate lets the cards join', () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = textMatching(doc, /Weeknight|Recipe number 1\b|teaser for recipe 1\b/);
    const loose = () => textMatching(doc, /Recipe number|teaser for recipe/);
    // A real WCXB listing's probabilities (4112: the profile took it from 0.43 to 0.86 F1).
    const listed = listingAnswer(
      blocks,
      answer,
      25,
      readWith('collection', 0.002, 0.144, 0.741),
      loose,
      gateOf(doc),
    );
    assert.ok(listed);
    assert.match(chosenText(doc, listed.chosen), /Weeknight.*Recipe number 8/);
  });

  test('the gate features of the news page: three items, its sentences, no article schema, the heading absent', () => {
    const doc = parseHtml(newsColumnsPage);
    const { blocks, pageTypeFeatures } = pageRows(doc, {}, {});
    const answer = textMatching(doc, /Column 1 /);
    const group = anchoredGroup(blocks, answer);
    assert.ok(group);
    const features = listingGateFeatures(
      blocks,
      group,
      answer,
      40,
      readWith('listing', 0.3, 0.5, 0)().probabilities,
      pageTypeFeatures,
    );
    assert.equal(features.items, 3);
    assert.equal(features.keptItemShare, 1 / 3);
    assert.equal(features.headingInTitle, -1);
    assert.equal(features.articleSchema, 0);
    assert.ok(features.groupSentenceShare > 0.8, `sentences: ${features.groupSentenceShare}`);
  });

  test('the gate is the one its script chose (bench/choice/listing-gate-manifest.json)', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../bench/choice/listing-gate-manifest.json', import.meta.url), 'utf8'),
    ) as { gate: unknown };
    assert.deepEqual(LISTING_GATE, manifest.gate);
  });

  test('property: the gate only ever withholds the profile, and always where the article or listing probability is above its bound', () => {
    const articleBound = LISTING_GATE.find((c) => c.feature === 'articleProbability')?.atMost ?? 1;
    const listingBound = LISTING_GATE.find((c) => c.feature === 'listingProbability')?.atMost ?? 1;
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const gate = gateOf(doc);
    const loose = () => textMatching(doc, /Recipe number|teaser for recipe/);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('listing', 'collection'),
        (article, share, kept, type) => {
          const listing = (1 - article) * share;
          const read = readWith(type, article, listing, 1 - article - listing);
          const answer = textMatching(doc, new RegExp(`Recipe number [1-${kept}]\\b`));
          const open = listingAnswer(blocks, answer, 10, read, loose);
          const gated = listingAnswer(blocks, answer, 10, read, loose, gate);
          if (gated) assert.deepEqual(gated.chosen, open?.chosen);
          if (article > articleBound || listing > listingBound) assert.equal(gated, undefined);
          else assert.deepEqual(gated?.chosen, open?.chosen);
        },
      ),
      { numRuns: 150 },
    );
  });
  test('property: the word bound keeps exactly the groups that can answer (groupWordsAtMost)', () => {
    fc.assert(
      // Group sizes near the bound, where rounding could put it one off.
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -3, max: 3 }), (answer, step) => {
        const words = Math.max(0, Math.round(answer / LISTING_SHARE) + step);
        assert.equal(words <= groupWordsAtMost(answer), answer >= LISTING_SHARE * words);
      }),
    );
  });

  test('property: the listing answer with the word bound is the one every group gave (nested grids, any answer)', () => {
    // Grids of 3–8 cards inside each other's columns, so that parents of many sizes hold groups.
    const grid = (cls: string, cards: number, words: number) =>
      `<div class="${cls}">${Array.from(
        { length: cards },
        (_, n) =>
          `<div class="item"><a href="/${cls}/${n}">Item ${n}</a> <span>${'word '.repeat(words)}</span></div>`,
      ).join('')}</div>`;
    const doc = parseHtml(
      `<html><body>${listingPage}<main><section>${grid('small', 3, 18)}${grid('mid', 5, 30)}</section>` +
        `<section>${grid('large', 8, 60)}<p>${'text '.repeat(120)}</p></section></main></body></html>`,
    );
    const { blocks } = pageRows(doc, {}, {});
    const texts: number[] = [];
    for (let node = 0; node < doc.size; node++) if (doc.kind(node) === NodeKind.Text) texts.push(node);
    const loose = () => new Uint8Array(doc.size).fill(1);
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: texts.length, maxLength: texts.length }),
        fc.integer({ min: 0, max: 2_500 }),
        (keep, answerWords) => {
          const answer = new Uint8Array(doc.size);
          texts.forEach((node, index) => {
            if (keep[index]) answer[node] = 1;
          });
          // Before the bound: every group built, the largest anchored one tested against the answer.
          const every = anchoredGroup(blocks, answer);
          const expected = every && answerWords < LISTING_SHARE * every.words ? every : undefined;
          const listed = listingAnswer(blocks, answer, answerWords, readAs('listing'), loose);
          assert.deepEqual(listed?.group, expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * A listing's cards cut from WCXB 2909 (GitHub's trending repositories, attributes and icons
 * trimmed): each card a heading that links to the repository, a description, a line of language
 * and counts. The block model kept the first cards and dropped the rest; the page reads as a sure
 * listing (held out: listing 0.952, article 0.014), which LISTING_GATE's listing bound shuts.
 */
const trendingCard = (owner: string, name: string, about: string, language: string, stars: string) =>
  `<article class="Box-row"><div class="float-right d-flex"><div class="BtnGroup d-flex">` +
  `<a href="/login?return_to=%2F${owner}%2F${name}" class="tooltipped btn-sm btn"><span class="d-none d-md-inline"> Star </span></a></div></div>` +
  `<h2 class="h3 lh-condensed"><a href="/${owner}/${name}" class="Link"><span class="text-normal"> ${owner} / </span> ${name}</a></h2>` +
  `<p class="col-9 color-fg-muted my-1 tmp-pr-4"> ${about} </p>` +
  `<div class="f6 color-fg-muted mt-2"><span class="tmp-mr-3 d-inline-block ml-0"><span itemprop="programmingLanguage">${language}</span></span>` +
  `<a href="/${owner}/${name}/stargazers" class="tmp-mr-3 Link Link--muted d-inline-block"> ${stars}</a></div></article>`;
const trendingPage = `<html><head><title>Trending repositories on GitHub today · GitHub</title></head><body>
<main><div class="Box"><div class="Box-header"><h1>Trending</h1><p>See what the GitHub community is most excited about today.</p></div><div>
${trendingCard('666ghj', 'MiroFish', 'A Simple and Universal Swarm Intelligence Engine, Predicting Anything.', 'Python', '6,223')}
${trendingCard('openai', 'skills', 'Skills Catalog for Codex, the skills an agent can load and use in a session', 'Python', '12,944')}
${trendingCard('msitarzewski', 'agency-agents', 'A complete AI agency at your fingertips - From frontend wizards to Reddit community ninjas, from whimsy injectors to reality checkers.', 'Shell', '11,099')}
${trendingCard('GoogleCloudPlatform', 'generative-ai', 'Sample code and notebooks for Generative AI on Google Cloud, with Gemini on Vertex AI', 'Jupyter Notebook', '13,698')}
</div></div></main></body></html>`;

const cardGateOf = (doc: Doc) => ({ ...gateOf(doc), gates: [LISTING_GATE, LISTING_CARD_GATE] });

describe('the card gate (a second way through: headed cards the answer kept in part)', () => {
  const sureListing = readWith('listing', 0.014, 0.952, 0.009);
  const firstTwo = /MiroFish|Swarm Intelligence|openai \/|skills$|Skills Catalog/;
  const loose = (doc: Doc) => () =>
    textMatching(doc, /\/|MiroFish|skills|agency-agents|generative-ai|Swarm|Catalog|agency at|Sample code/);

  test('WCXB 2909: the listing gate shuts a sure listing; the card gate lets the dropped cards join', () => {
    const doc = parseHtml(trendingPage, { url: 'https://github.com/trending' });
    const { blocks } = pageRows(doc, {}, {});
    const answer = textMatching(doc, firstTwo);
    assert.equal(listingAnswer(blocks, answer, 20, sureListing, loose(doc), gateOf(doc)), undefined);
    const listed = listingAnswer(blocks, answer, 20, sureListing, loose(doc), cardGateOf(doc));
    assert.ok(listed, 'the card gate opens');
    assert.match(chosenText(doc, listed.chosen), /MiroFish.*agency-agents.*generative-ai/);
  });

  test('the card gate stays shut on a story URL (a number in the path), or where the answer holds every card', () => {
    const story = parseHtml(trendingPage, {
      url: 'https://news.example.com/2019/05/14/trending-repositories',
    });
    const storyBlocks = pageRows(story, {}, {}).blocks;
    const answer = textMatching(story, firstTwo);
    assert.equal(
      listingAnswer(storyBlocks, answer, 20, sureListing, loose(story), cardGateOf(story)),
      undefined,
    );
    const doc = parseHtml(trendingPage, { url: 'https://github.com/trending' });
    const { blocks } = pageRows(doc, {}, {});
    const every = textMatching(doc, /MiroFish|skills|agency-agents|generative-ai/);
    assert.equal(listingAnswer(blocks, every, 20, sureListing, loose(doc), cardGateOf(doc)), undefined);
  });

  test('the card features of 2909: every card headed, words per kept card near a card', () => {
    const doc = parseHtml(trendingPage, { url: 'https://github.com/trending' });
    const { blocks, pageTypeFeatures } = pageRows(doc, {}, {});
    const answer = textMatching(doc, firstTwo);
    const group = anchoredGroup(blocks, answer);
    assert.ok(group);
    const features = listingGateFeatures(
      blocks,
      group,
      answer,
      20,
      sureListing().probabilities,
      pageTypeFeatures,
    );
    assert.equal(features.items, 4);
    assert.equal(features.itemHeadingShare, 1);
    assert.equal(features.keptItemShare, 0.5);
    assert.equal(features.urlNumbered, 0);
    assert.ok(features.answerPerKeptItem <= 2, `per kept card: ${features.answerPerKeptItem}`);
  });

  test('property: the card gate only ever adds pages to the listing gate, never changes what it answers', () => {
    const doc = parseHtml(trendingPage, { url: 'https://github.com/trending' });
    const { blocks } = pageRows(doc, {}, {});
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.6, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.subarray(['MiroFish', 'skills', 'agency-agents', 'generative-ai'], { minLength: 1 }),
        fc.integer({ min: 1, max: 200 }),
        (article, share, kept, words) => {
          const listing = (1 - article) * share;
          const read = readWith('listing', article, listing, 1 - article - listing);
          const answer = textMatching(doc, new RegExp(kept.join('|')));
          const gated = listingAnswer(blocks, answer, words, read, loose(doc), gateOf(doc));
          const either = listingAnswer(blocks, answer, words, read, loose(doc), cardGateOf(doc));
          if (gated) assert.deepEqual(either?.chosen, gated.chosen);
          if (either)
            assert.deepEqual(either.chosen, listingAnswer(blocks, answer, words, read, loose(doc))?.chosen);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/**
 * A product grid cut from WCXB dev 3000 (REI's running shoes, a collection): each card's title, price,
 * rating and attributes, and a compare button whose label is `sr-only` ("Add … to Compare": the gold
 * keeps the title, not the label). The image carousels and colour swatches are left out; the markup of
 * what is kept is the page's.
 */
const reiShoes: [string, string, string, number, string, string, string][] = [
  ['HOKA', "Clifton 10 Road-Running Shoes - Women's", '124.93', 133, '4.6', '7.2', 'Maximum'],
  ['Brooks', "Launch 11 Road-Running Shoes - Women's", '140.00', 16, '4.8', '10', 'Moderate'],
  ['HOKA', "Clifton 10 Road-Running Shoes - Men's", '155.00', 140, '4.5', '7.2', 'Maximum'],
  ['HOKA', "Bondi 9 Road-Running Shoes - Men's", '175.00', 187, '4.6', '5', 'Maximum'],
  ['HOKA', "Bondi 9 Road-Running Shoes - Women's", '175.00', 191, '4.2', '5', 'Maximum'],
  ['HOKA', "Speedgoat 7 Trail-Running Shoes - Men's", '155.00', 3, '4.7', '5', 'Moderate'],
  ['Brooks', "Adrenaline GTS 25 Road-Running Shoes - Women's", '150.00', 44, '4.4', '10', 'Moderate'],
  ['On', "Cloudsurfer 2 Road-Running Shoes - Men's", '160.00', 12, '4.3', '9', 'Moderate'],
];
const reiCard = (
  [brand, title, price, reviews, rating, drop, cushion]: (typeof reiShoes)[number],
  n: number,
) =>
  `<li class="VcGDfKKy_dvNbxUqm29K"><a class="O8aFd2MOq4cf8b3yUR2p" href="/product/${n}/shoe"><img src="/media/${n}.jpg" alt="${brand} ${title}"></a>` +
  '<div class="UgLX7TmYU6vCz9ovpPnR"><div class="S3vAnwPfugG_kHWvBihG"><span>Top Rated</span></div></div>' +
  `<a class="O8aFd2MOq4cf8b3yUR2p tS6GbfEJ9cTyCftpIpEO" href="/product/${n}/shoe"><span role="heading" aria-level="2" class="dBj29YaudGjV80UCeSh_"><span class="nL0nEPe34KFncpRNS29I" data-ui="product-brand">${brand}</span><span class="Xpx0MUGhB7jSm5UvK2EY" data-ui="product-title">${title}</span></span></a>` +
  `<div class="xcohaj_BKDtz4S2pdvEo"><span data-ui="sale-price"> $${price}</span></div>` +
  `<div class="ZmACqPt8e3cKV7yXToKQ"><div class="cdr-rating_15-1-0 cdr-rating--small_15-1-0"><span aria-hidden="true" class="cdr-rating__count_15-1-0"><span>(${reviews})</span></span><span class="cdr-rating__caption-sr_15-1-0">${reviews} reviews with an average rating of ${rating} out of 5 stars</span></div></div>` +
  `<div data-ui="tile-attributes" class="Scuv2kplaAmjDThtpvqP"><div class="PbkM8qMJIiUeqTHrk9pC"><div class="vqpFbveePz3fEwqff254">Heel to Toe Drop: <div class="Qw6mvRoX0xm5QsSku4hy"> ${drop} mm </div></div></div><div class="PbkM8qMJIiUeqTHrk9pC"><div class="vqpFbveePz3fEwqff254">Cushioning: <div class="Qw6mvRoX0xm5QsSku4hy"> ${cushion} </div></div></div></div>` +
  `<div class="jDiZE8eCrxqy4rNligbN"><div class="be3aadkpPaFffy1m9bIb"><button type="button" data-ui="compare-product-button"><span class="sr-only">Add ${title} to &nbsp; </span> Compare </button></div></div></li>`;
const reiPage = `<html><head><title>Running Shoes | REI Co-op</title></head><body>
<header><nav><ul>${['Camp & Hike', 'Climb', 'Cycle', 'Water', 'Run', 'Snow', 'Travel'].map((s) => `<li><a href="/c/${s}">${s}</a></li>`).join('')}</ul></nav></header>
<main><h1>Running Shoes</h1><p>672 results</p>
<ul class="cdr-grid_15-1-0 SQl1R_4uesMb2NImbkgK">${reiShoes.map(reiCard).join('')}</ul></main>
<footer><p>REI Co-op. All rights reserved.</p><a href="/help">Help</a> <a href="/stores">Stores</a></footer></body></html>`;
const REI_URL = 'https://www.rei.com/c/running-shoes';

describe("screen-reader-only text on a listing's or collection's cards", () => {
  test("WCXB 3000: the compare buttons' sr-only labels leave the answer; the cards stay", () => {
    const result = extract(reiPage, { format: 'text', url: REI_URL });
    const diagnostics = result.extraction.diagnostics as PithDiagnostics;
    assert.ok(['listing', 'collection'].includes(diagnostics.pageType.type), diagnostics.pageType.type);
    assert.doesNotMatch(result.content, /Add Clifton 10/);
    assert.match(result.content, /Clifton 10 Road-Running Shoes - Women's/);
    assert.match(result.content, /Bondi 9 Road-Running Shoes - Men's/);
    assert.match(result.content, /\$124\.93/);
    assert.equal(diagnostics.screenReaderText, reiShoes.length);
    const kept = extract(reiPage, {
      format: 'text',
      url: REI_URL,
      extractorOptions: { screenReaderText: false },
    });
    assert.match(kept.content, /Add Clifton 10 Road-Running Shoes - Women's to/, 'off, the labels are read');
    assert.equal((kept.extraction.diagnostics as PithDiagnostics).screenReaderText, undefined);
  });

  test('the labels are the only text marked: every sr-only span, nothing else', () => {
    const doc = parseHtml(reiPage, { url: REI_URL });
    const hidden = screenReaderOnlyText(doc);
    assert.ok(hidden);
    const text = chosenText(doc, hidden);
    assert.equal((text.match(/Add /g) ?? []).length, reiShoes.length);
    assert.doesNotMatch(text, /reviews with|Heel to Toe|\$|Compare/);
    assert.equal(screenReaderOnlyText(parseHtml(listingPage)), undefined, 'a page without such classes');
  });

  test('property: text is marked exactly when an element around it has a screen-reader-only class token', () => {
    const spoken = ['sr-only', 'visually-hidden', 'visuallyhidden', 'screen-reader-text', 'a-offscreen'];
    const shown = [
      'card',
      'price',
      'sr',
      'srt',
      'hidden',
      'item__title',
      'only',
      'visually',
      'screen-reader-textual',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...spoken, ...shown), { maxLength: 3 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (classes) => {
          // nested elements, one class list each, the innermost holding the text
          const open = classes.map((tokens) => `<span class="${tokens.join(' ')}">`).join('');
          const close = '</span>'.repeat(classes.length);
          const doc = parseHtml(
            `<html><body><p>Shown before. ${open}Marked words${close} Shown after.</p></body></html>`,
          );
          const hidden = screenReaderOnlyText(doc);
          const expected = classes.some((tokens) => tokens.some((token) => spoken.includes(token)));
          const text = hidden ? chosenText(doc, hidden) : '';
          assert.equal(text, expected ? 'Marked words' : '');
        },
      ),
      { numRuns: 200 },
    );
  });
});

/**
 * A blog's day page, cut from CleanEval 149 (radio.weblogs.com, 2005-01-20; images, scripts and
 * links' targets left out): three posts in sibling `<table>`s, two of them set between `<br>`s. The
 * block model kept the middle one (the one with `<p>`s) and dropped the others.
 */
const dayPosts = `<a name="a331"></a> <table width="100%" cellpadding="1"> <tr> <td valign="top"> <br><div class="itemTitle"><b><a href="#" class="weblogItemTitle">Group Calls 2004 Most Deadly Year for Journalists</a></b></div>Last year 129 media employees were killed in the line of duty, according to the <a href="#">International Federation of Journalists</a>, which is calling on governments to do more to investigate news workers' deaths.<br> <br>"Behind each tragic death is a story of widespread intimidation and violence against journalists being carried out on a scale never seen before," said Aidan White, IFJ General Secretary. "We honour each of those who have died, from the dedicated and courageous correspondents to the support staff who make up the media team."<br> <br> The federation said new international rules are needed to force independent investigations of media killings. Its report covers incidents in 34 countries, including the war in Iraq. It plans a worldwide protest April 8, the second anniversary of the killing of two journalists at the Palestine Hotel in Baghdad. <br> <br> <div style="margin-left: 40px; font-style: italic;">Thanks to <a href="#">J's Scratchpad</a> and the <a href="#">Guardian</a> for pointing out the <a href="#">IFJ</a> story. For other information about the risks of international journalism, see the <a href="#">News Safety Institute</a>.</div><br> <font class="small" size="-1" color="gray">8:20:38 PM&nbsp;&nbsp;<a href="#"></a>&nbsp;&nbsp;<a href="#" class="commentLink">comment&nbsp;[]</a></font> </td> <td valign="top" align="right" nowrap> </td> </tr> </table><a name="a330"></a> <table width="100%" cellpadding="1"> <tr> <td valign="top"> <br><div class="itemTitle"><b><a href="#" class="weblogItemTitle">Knox Media Gossip</a></b></div><a href="#">SouthKnoxBubba</a> points to media-business gossip in <a href="#">Betty Bean</a>'s <span style="font-style: italic;">Halls Shopper News</span> column, including rumors of the <a href="#">Metro Pulse</a> being for sale and the <span style="font-style: italic;">Knoxville Journal</span> having its own problems. <br> <br> In response, <span style="font-style: italic;">Metro Pulse</span> owner/publisher Brian Conley (or someone impersonating him) joined the discussion thread at Bubba's site, posting several responses to comments on his downtown redevelopment connections and their relationship to the paper, as well as the <span style="font-style: italic;">Shopper News</span> item:<br> <br> <div style="margin-left: 40px;"><span class="postbody"><span style="font-style: italic;">I'm not "peddling" MP, which is exactly what I would have told Betty Bean if she'd bothered to ask me. And while I may be relatively new at the newspaper business, we at MP do at least make an effort to report accurate information.</span></span> <br> </div> <br> As of this writing, there's no response from Betty Bean -- but I'm learning something about local media history, animosities and attitudes from the conversation... reading some of it in the papers, some of it in the blog and some of it between the lines. <br> <br> I hadn't visited <span style="font-style: italic;">Halls Shopper News</span> before, but found other pieces in it about the <a href="#">Knoxville Journal </a>and local TV stations, both in <a href="#">Betty's column</a> and <a href="#">elsewhere</a>. (I do keep a large salt shaker handy when reading opinion columns and business gossip, regardless of source -- especially when I'm new in town, don't have a scorecard and don't know the players.) <br> <p>However, while I was at it, I also found this piece about back when the Journal was a <a href="#">daily paper</a>, in the online edition of the <span style="font-style: italic;">Tennessee Encyclopedia of History &amp; Culture</span> at <a href="#">tennesseeencyclopedia.net</a>/, which looks like a fine resource for a newcomer to browse when there's no breaking news.<br> </p> <p>(The irony is that all of this Web browsing went on while I skipped a <a href="#">Society of Professional Journalists</a> meeting to wait for a UPS delivery -- at least I didn't miss out entirely on opportunities to learn a little more about the local media.)<br><br><br></p><br> <font class="small" size="-1" color="gray">7:57:16 PM&nbsp;&nbsp;<a href="#"></a>&nbsp;&nbsp;<a href="#" class="commentLink">comment&nbsp;[]</a></font> </td> <td valign="top" align="right" nowrap> </td> </tr> </table><a name="a329"></a> <table width="100%" cellpadding="1"> <tr> <td valign="top"> <br><div class="itemTitle"><b><a href="#" class="weblogItemTitle">Blogger Conference Being Planned in Nashville</a></b></div>The <a href="#">Media Bloggers Association</a> is organizing a conference at Belmont University in Nashville for May 5-7. <br> <br> Unfortunately, the conference dates are exam (and exam-grading) week for me at UT in Knoxville, but students or faculty who wrap-up early will be able to go.<br> <br> The "placeholder" website, <a href="#">BlogNashville</a>, lists Glenn Reynolds, the UT law professor known online as <a href="#">Instapundit</a>, as chairman of the conference committee building the agenda. <br> <br> Blogger, Belmont U public relations guy and journalist <a href="#">Bill Hobbs</a> is on the committee, along with the media bloggers group organizer, Bob Cox, whose blog is <a href="#">The National Debate</a>, blogging journalist <a href="#">Ed Cone</a> of Greensboro, N.C., and Sybril Bennett of <a href="#">Belmont's journalism program</a>.<br> <br> Cone and Cox, and maybe others from the group, are scheduled to be at Harvard's <a href="#">Blogging, Journalism &amp; Credibility</a> conference this week, so they should come back full of ideas. The Nashville event plans to borrow the "unconference" group-discussion centered <a href="#">BloggerCon</a> concept that <a href="#">Dave Winer</a> evolved at Harvard and Stanford events.<br> <br> Speaking of the Harvard conference... a <a href="#">New York Times story</a> has kicked off quite a discussion of the quality of its reporting about Iraqi bloggers. See <a href="#">Cone</a> and <a href="#">Jarvis</a>, and many others in their "comment" streams. <br><br> <font class="small" size="-1" color="gray">12:47:28 PM&nbsp;&nbsp;<a href="#"></a>&nbsp;&nbsp;<a href="#" class="commentLink">comment&nbsp;[]</a></font> </td> <td valign="top" align="right" nowrap> </td> </tr> </table>`;
const dayPage = `<html><body><table><tr><td><div class="small"><a href="#">Weblog front page</a></div></td>
<td><table><tr><td><b>Thursday, January 20, 2005</b></td></tr></table>
<table><tr><td>${dayPosts}</td></tr></table>
<table><tr><td>&copy; Copyright 2005 Bob Stepno. Last update: 1/20/2005</td></tr></table></td></tr></table></body></html>`;

/** Per node: 1 for the text nodes under the element whose text starts with `start` (the innermost such table). */
function textUnder(doc: Doc, start: string): Uint8Array {
  const chosen = new Uint8Array(doc.size);
  let item = -1;
  for (let node = 0; node < doc.size; node++)
    if (
      doc.kind(node) === NodeKind.Element &&
      doc.tagName(node) === 'table' &&
      doc.textContent(node).trim().startsWith(start)
    )
      item = node;
  assert.ok(item >= 0, `a table starting "${start}"`);
  for (let node = item + 1; node < doc.end(item); node++)
    if (doc.kind(node) === NodeKind.Text) chosen[node] = 1;
  return chosen;
}
const wordsIn = (doc: Doc, chosen: Uint8Array) => chosenText(doc, chosen).split(' ').filter(Boolean).length;

describe("a blog's day page (the answer one post of several)", () => {
  test('CleanEval 149: the posts the block model dropped join the one it kept', () => {
    const doc = parseHtml(dayPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = textUnder(doc, 'Knox Media Gossip');
    const joined = postsAnswer(blocks, answer, wordsIn(doc, answer));
    assert.ok(joined, 'the posts join');
    assert.equal(joined.group.items.length, 3);
    const text = chosenText(doc, joined.chosen);
    assert.match(text, /Last year 129 media employees were killed/);
    assert.match(text, /Knox Media Gossip/);
    assert.match(text, /Blogger Conference Being Planned in Nashville/);
    assert.doesNotMatch(text, /Copyright|Weblog front page/, 'not the page furniture');
  });

  test("a listing's cards are no posts: one card kept stays one card", () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const group = repeatedGroup(blocks);
    assert.ok(group);
    const answer = new Uint8Array(doc.size);
    const item = group.items[0];
    for (let node = item + 1; node < doc.end(item); node++)
      if (doc.kind(node) === NodeKind.Text) answer[node] = 1;
    assert.equal(postsAnswer(blocks, answer, Math.max(60, wordsIn(doc, answer))), undefined);
  });

  test('one post repeated for each screen size is no day of posts (WCXB dev 0355)', () => {
    const post = dayPosts.slice(0, dayPosts.indexOf('<a name="a330">'));
    const doc = parseHtml(dayPage.replace(dayPosts, post + post + post));
    const { blocks } = pageRows(doc, {}, {});
    const answer = textUnder(doc, 'Group Calls 2004');
    assert.equal(postsAnswer(blocks, answer, wordsIn(doc, answer)), undefined);
  });

  test('the answer keeping two posts of three is no one post: left alone', () => {
    const doc = parseHtml(dayPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = textUnder(doc, 'Knox Media Gossip');
    const first = textUnder(doc, 'Group Calls 2004');
    for (let node = 0; node < doc.size; node++) answer[node] |= first[node];
    assert.equal(postsAnswer(blocks, answer, wordsIn(doc, answer)), undefined);
  });

  test('property: the joined answer holds the answer, and only adds text of the posts', () => {
    const doc = parseHtml(dayPage);
    const { blocks } = pageRows(doc, {}, {});
    const texts: number[] = [];
    for (let node = 0; node < doc.size; node++) if (doc.kind(node) === NodeKind.Text) texts.push(node);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: texts.length, maxLength: texts.length }), (picks) => {
        const answer = new Uint8Array(doc.size);
        texts.forEach((node, k) => {
          if (picks[k]) answer[node] = 1;
        });
        const joined = postsAnswer(blocks, answer, wordsIn(doc, answer));
        if (!joined) return;
        const posts = groupTextNodes(blocks, joined.group);
        for (let node = 0; node < doc.size; node++) {
          if (answer[node]) assert.equal(joined.chosen[node], 1);
          else if (joined.chosen[node]) assert.equal(posts[node], 1);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** A group as `parent: items`, to compare two searches' finds. */
const groupKey = (group: RepeatedGroup) => `${group.parent}:${group.items.join(',')}`;

describe("the posts profile's search: the answer's middle word's ancestors only (s37-clean5)", () => {
  // CleanEval 149's day page with a rail of 30 recipe cards beside the posts (more words than the
  // posts): a repeated group whose parent holds none of the answer.
  const withRail = dayPage.replace(
    '</td></tr></table></body></html>',
    `</td><td><div class="rail">${Array.from({ length: 30 }, (_, n) => card(n + 1)).join('')}</div></td></tr></table></body></html>`,
  );

  test('lets through: the posts, whose container holds the answer (CleanEval 149)', () => {
    const doc = parseHtml(withRail);
    const { blocks } = pageRows(doc, {}, {});
    const answer = textUnder(doc, 'Knox Media Gossip');
    const above = Math.floor(POSTS_GROWTH * wordsIn(doc, answer));
    const found = answerGroups(blocks, answer, above);
    assert.ok(
      found.some(
        (group) => group.items.length === 3 && doc.textContent(group.items[1]).includes('Knox Media Gossip'),
      ),
      'the three posts are a group of the search',
    );
    assert.ok(postsAnswer(blocks, answer, wordsIn(doc, answer)), 'and they join');
  });

  test("stops: a rail's cards beside the answer are not searched (repeatedGroups finds them)", () => {
    const doc = parseHtml(withRail);
    const { blocks } = pageRows(doc, {}, {});
    const answer = textUnder(doc, 'Knox Media Gossip');
    const above = Math.floor(POSTS_GROWTH * wordsIn(doc, answer));
    const isRail = (group: RepeatedGroup) => doc.attr(group.parent, 'class') === 'rail';
    assert.ok(repeatedGroups(blocks, above).some(isRail), 'the whole-page search reads the rail');
    assert.ok(!answerGroups(blocks, answer, above).some(isRail), "the answer's search does not");
  });

  test("stops: no group where the page's content holds no more than 1.5 × the answer's words", () => {
    const doc = parseHtml(dayPage);
    const { blocks } = pageRows(doc, {}, {});
    const answer = new Uint8Array(doc.size);
    for (let node = 0; node < doc.size; node++) if (doc.kind(node) === NodeKind.Text) answer[node] = 1;
    const above = Math.floor(POSTS_GROWTH * wordsIn(doc, answer));
    assert.deepEqual(answerGroups(blocks, answer, above), []);
    assert.ok(repeatedGroups(blocks).length > 0, 'the page has groups');
  });

  test("property: every group whose items hold over half the answer's words is found, and only groups of the page", () => {
    const doc = parseHtml(withRail);
    const { blocks } = pageRows(doc, {}, {});
    const texts: number[] = [];
    for (let node = 0; node < doc.size; node++) if (doc.kind(node) === NodeKind.Text) texts.push(node);
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: texts.length, maxLength: texts.length }),
        fc.integer({ min: -1, max: 400 }),
        (picks, above) => {
          const answer = new Uint8Array(doc.size);
          texts.forEach((node, k) => {
            if (picks[k]) answer[node] = 1;
          });
          let total = 0;
          for (const node of texts) if (answer[node]) total += doc.columns.wordCount[node];
          const all = repeatedGroups(blocks, above);
          const found = new Set(answerGroups(blocks, answer, above).map(groupKey));
          // With the posts' item floor, only groups whose every item has POST_WORDS are promised.
          const posts = new Set(answerGroups(blocks, answer, above, POST_WORDS).map(groupKey));
          const everyKey = new Set(all.map(groupKey));
          for (const key of found) assert.ok(everyKey.has(key), 'a group repeatedGroups finds');
          for (const group of all) {
            const inItems = groupTextNodes(blocks, group);
            let words = 0;
            for (const node of texts) if (answer[node] && inItems[node]) words += doc.columns.wordCount[node];
            if (total > 0 && 2 * words > total) {
              assert.ok(found.has(groupKey(group)), 'a group holding most of the answer');
              if (group.items.every((item) => doc.columns.wordCount[item] >= POST_WORDS))
                assert.ok(posts.has(groupKey(group)), 'a group of posts holding most of the answer');
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the heuristic region beside a few repeated items (s46-listing, WCXB dev 0655 and 4071 in sample)', () => {
  /** A collection page shaped like WCXB dev 4071: a short prose body, and beside it `count` long teasers of other pages. */
  const teaser = (n: number) =>
    `<div class="teaser"><h3><a href="/other/${n}">Another story number ${n}</a></h3>` +
    `<p>${'A long teaser for another story on this site, with more words than a card has. '.repeat(10)}${n}</p></div>`;
  const page = (count: number) =>
    `<html><body><main><div id="body"><h1>The spring fair</h1>` +
    `<p>${'The village holds its spring fair on the green each May, with stalls, music and a cake contest. '.repeat(4)}</p>` +
    `</div><div class="more">${Array.from({ length: count }, (_, k) => teaser(k + 1)).join('')}</div></main></body></html>`;
  /** The masks of the page: the region (the body's text), the model's answer (the first teaser's text). */
  function masks(doc: Doc): { region: Uint8Array; answer: Uint8Array; regionWords: number } {
    const region = new Uint8Array(doc.size);
    const answer = new Uint8Array(doc.size);
    const body = doc.findFirst(TAG.div);
    let regionWords = 0;
    for (let node = body + 1; node < doc.end(body); node++)
      if (doc.kind(node) === NodeKind.Text) {
        region[node] = 1;
        regionWords += doc.wordCount(node);
      }
    let first = -1;
    for (let node = 0; node < doc.size && first < 0; node++)
      if (doc.kind(node) === NodeKind.Element && doc.attr(node, 'class') === 'teaser') first = node;
    for (let node = first + 1; node < doc.end(first); node++)
      if (doc.kind(node) === NodeKind.Text) answer[node] = 1;
    return { region, answer, regionWords };
  }

  test('the model answering in the teasers, the region holding the body: the region answers', () => {
    const doc = parseHtml(page(4));
    const { blocks } = pageRows(doc, {}, {});
    const { region, answer, regionWords } = masks(doc);
    assert.ok(regionWords >= REGION_BODY_WORDS, `the body has ${regionWords} words`);
    const group = anchoredGroup(blocks, answer);
    assert.ok(group, 'the teasers are the group the answer started');
    assert.equal(group.items.length, 4);
    assert.equal(regionBesideGroup(doc, group, answer, region, regionWords), true);
  });

  test('the answer holding a word of the region, many items, a short region or a long one: the profile stays', () => {
    const doc = parseHtml(page(4));
    const { blocks } = pageRows(doc, {}, {});
    const { region, answer, regionWords } = masks(doc);
    const group = anchoredGroup(blocks, answer);
    assert.ok(group);
    assert.equal(regionBesideGroup(doc, group, answer, region, REGION_BODY_WORDS - 1), false);
    const longRegion = Math.ceil(REGION_GROUP_SHARE * group.words) + 1;
    assert.equal(
      regionBesideGroup(doc, group, answer, region, longRegion),
      false,
      'a second long part of the page',
    );
    const touching = answer.slice();
    touching[region.indexOf(1)] = 1;
    assert.equal(regionBesideGroup(doc, group, touching, region, regionWords), false);
    const many = parseHtml(page(8));
    const rows = pageRows(many, {}, {});
    const manyMasks = masks(many);
    const manyGroup = anchoredGroup(rows.blocks, manyMasks.answer);
    assert.ok(manyGroup);
    assert.equal(manyGroup.items.length, 8);
    assert.equal(
      regionBesideGroup(many, manyGroup, manyMasks.answer, manyMasks.region, manyMasks.regionWords),
      false,
    );
  });
});
