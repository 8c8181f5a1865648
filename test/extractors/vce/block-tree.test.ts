import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import {
  blockPattern,
  findMainBlock,
  getBlockTree,
  resolveOptions,
  selectMainBlock,
  visualDistance,
} from '../../../packages/pith/src/extractors/vce/index.js';
import { Display } from '../../../packages/pith/src/layout/index.js';
import { byId, handLayout } from './helpers.js';

const WHITE = 0xffffffff;
const GREY = 0xeeeeeeff;
const PALE = 0xf5f5f5ff;

// The paper's thresholds are set explicitly so that these tests do not move with the tuned defaults.
const OPTIONS = resolveOptions({
  distanceThreshold: 2,
  sizeTolerance: 2,
  fontTolerance: 0.5,
  linkDensityThreshold: 0.5,
  inlineBlocks: true,
  minTextRatio: 1,
  minWidthRatio: 1,
  minHeightRatio: 0,
  maxLinkDensityRatio: 0,
  denominatorEpsilon: 0.05,
  relativeTop: true,
});

const page = parseHtml(`<html><body id="body">
<div id="header">Site name</div>
<div id="article"><h1 id="title">A title here</h1>
<p>First paragraph text.</p>
<p>Second with <a href="/x">a link</a> inside.</p>
<a id="solo" href="/y">Read more</a>
</div>
<div id="comments"><div id="c1">Comment one</div><div id="c2">Comment two</div><div id="c3">Comment three!</div></div>
<div id="nav"><a href="/1">Home</a> <a href="/2">News</a></div>
<div id="hidden" style="display:none">Invisible</div>
</body></html>`);

// body 1000×2000; header differs in height and background only (2 styles: joins the body);
// article, comments and nav differ in 3+ styles (new blocks); each comment differs in
// x, width, height and background from the list (new blocks, one shared pattern).
const layout = handLayout(page, {
  body: { x: 0, y: 0, width: 1000, height: 2000, background: WHITE },
  header: { x: 0, y: 0, width: 1000, height: 100, background: GREY },
  article: { x: 0, y: 100, width: 700, height: 1400 },
  title: { x: 0, y: 100, width: 700, height: 40, fontSize: 32 },
  solo: { x: 0, y: 400, width: 80, height: 20, display: Display.Inline },
  comments: { x: 0, y: 1500, width: 700, height: 300 },
  c1: { x: 20, y: 1500, width: 660, height: 90, background: PALE },
  c2: { x: 20, y: 1600, width: 660, height: 90, background: PALE },
  c3: { x: 20, y: 1700, width: 660, height: 90, background: PALE },
  nav: { x: 700, y: 100, width: 300, height: 800 },
  hidden: { display: Display.None },
});

describe('visual distance (DetectBlock)', () => {
  const base = { x: 0, y: 0, width: 100, height: 50, fontSize: 16, background: WHITE };
  const tolerance = { size: 2, font: 0.5 };

  test('counts the differing styles among width, height, font size, background, top, left', () => {
    assert.equal(visualDistance(base, base, tolerance), 0);
    assert.equal(visualDistance(base, { ...base, width: 90 }, tolerance), 1);
    assert.equal(visualDistance(base, { ...base, y: 10, height: 20 }, tolerance), 2);
    assert.equal(
      visualDistance(base, { x: 5, y: 5, width: 50, height: 10, fontSize: 20, background: GREY }, tolerance),
      6,
    );
  });

  test('differences within the tolerances do not count', () => {
    assert.equal(visualDistance(base, { ...base, width: 102, x: 1.5, fontSize: 16.4 }, tolerance), 0);
    assert.equal(visualDistance(base, { ...base, width: 102.5 }, tolerance), 1);
  });

  test('is symmetric and between 0 and 6', () => {
    const style = fc.record({
      x: fc.integer({ min: 0, max: 50 }),
      y: fc.integer({ min: 0, max: 50 }),
      width: fc.integer({ min: 0, max: 50 }),
      height: fc.integer({ min: 0, max: 50 }),
      fontSize: fc.integer({ min: 8, max: 12 }),
      background: fc.constantFrom(WHITE, GREY),
    });
    fc.assert(
      fc.property(style, style, (a, b) => {
        const d = visualDistance(a, b, tolerance);
        return d === visualDistance(b, a, tolerance) && d >= 0 && d <= 6;
      }),
    );
  });

  test('patterns: same tag, width, left, font and background repeat; height and top do not matter', () => {
    const a = blockPattern('div', { ...base, y: 0, height: 10 }, 2);
    assert.equal(a, blockPattern('div', { ...base, y: 500, height: 90 }, 2));
    assert.notEqual(a, blockPattern('li', base, 2));
    assert.notEqual(a, blockPattern('div', { ...base, width: 150 }, 2));
    assert.notEqual(a, blockPattern('div', { ...base, background: GREY }, 2));
  });
});

describe('GetBlockTree on a hand-built page', () => {
  const tree = getBlockTree(page, layout, OPTIONS);
  const rootOf = (id: number) => tree.blocks[id].root;

  test('blocks in pre-order: body, article, solo link, comments, three comments, nav', () => {
    assert.deepEqual(
      tree.blocks.map((block) => page.attr(block.root, 'id')),
      ['body', 'article', 'solo', 'comments', 'c1', 'c2', 'c3', 'nav'],
    );
    assert.deepEqual(
      tree.blocks.map((block) => block.parent),
      [-1, 0, 1, 0, 3, 3, 3, 0],
    );
    assert.deepEqual(tree.blocks[0].children, [1, 3, 7]);
    assert.equal(tree.blocks[4].depth, 2);
  });

  test('elements at a small distance join their parent block (header, title, paragraphs)', () => {
    assert.equal(tree.blockOf[byId(page, 'header')], 0);
    assert.equal(tree.blockOf[byId(page, 'title')], 1);
    assert.equal(rootOf(tree.blockOf[byId(page, 'title')]), byId(page, 'article'));
  });

  test('AddText: immediate text and immediate link text go to the element’s block', () => {
    const article = tree.blocks[1];
    // "A title here" 12 + "First paragraph text." 21 + "Second with" 11 + "a link" 6 + "inside." 7
    assert.equal(article.ownTextLength, 57);
    assert.equal(tree.blocks[0].ownTextLength, 9, '"Site name" of the header that joined the body');
    assert.equal(tree.blocks[2].ownTextLength, 9, '"Read more"');
  });

  test('TextManipulation: a leaf link and low-link-density children give their text to the parent', () => {
    const [body, article, solo, comments, , , , nav] = tree.blocks;
    assert.equal(solo.leafLink, true);
    assert.equal(solo.addedToParent, true, 'link density 1, but a leaf link');
    assert.equal(article.textLength, 57 + 9);
    assert.equal(article.linkTextLength, 6 + 9);
    assert.equal(comments.textLength, 11 + 11 + 14);
    assert.equal(nav.linkTextLength, nav.textLength);
    assert.equal(nav.addedToParent, false, 'link density 1 ≥ 0.5 and not a leaf link');
    assert.equal(body.textLength, 9 + 66 + 36);
    assert.equal(body.linkTextLength, 15);
  });

  test('AvgFontSize weighs each character by its font size', () => {
    // title: 12 chars at 32px; the other 54 characters at 16px.
    assert.equal(tree.blocks[1].fontWeight, 12 * 32 + 54 * 16);
  });

  test('PatternVerifier: the three comments share one pattern, so the list has 2 repeats', () => {
    assert.equal(tree.blocks[3].repeatedPatterns, 2);
    // The article and the comment list look alike to PatternVerifier (div, 700px wide at x 0).
    assert.equal(tree.blocks[0].repeatedPatterns, 1);
    assert.equal(tree.blocks[1].repeatedPatterns, 0);
  });

  test('ElementManipulation: totals over the blocks that hold text', () => {
    assert.deepEqual(tree.general, {
      blocks: 8,
      textLength: 111 + 66 + 9 + 36 + 11 + 11 + 14 + 8,
      linkTextLength: 15 + 15 + 9 + 8,
      width: 1000 + 700 + 80 + 700 + 3 * 660 + 300,
      height: 2000 + 1400 + 20 + 300 + 3 * 90 + 800,
    });
  });

  test('elements that are not rendered are left out with their text', () => {
    assert.equal(tree.blockOf[byId(page, 'hidden')], -1);
  });

  test('a lower threshold splits more: the header becomes a block', () => {
    const finer = getBlockTree(page, layout, { ...OPTIONS, distanceThreshold: 1 });
    assert.notEqual(finer.blockOf[byId(page, 'header')], 0);
    assert.equal(finer.blocks[finer.blockOf[byId(page, 'header')]].root, byId(page, 'header'));
  });

  test('inline elements start no block when inlineBlocks is off', () => {
    const coarser = getBlockTree(page, layout, { ...OPTIONS, inlineBlocks: false });
    assert.equal(coarser.blockOf[byId(page, 'solo')], 1);
    assert.equal(coarser.blocks[1].ownTextLength, 66);
    assert.equal(coarser.blocks[1].linkTextLength, 15);
  });

  test('a higher link-density threshold lets the navigation text into the body', () => {
    const lenient = getBlockTree(page, layout, { ...OPTIONS, linkDensityThreshold: 1.01 });
    assert.equal(lenient.blocks[7].addedToParent, true);
    assert.equal(lenient.blocks[0].textLength, 111 + 8);
  });
});

describe('FindMainBlock and the selection on the hand-built page', () => {
  const tree = getBlockTree(page, layout, OPTIONS);
  const found = findMainBlock(tree, OPTIONS);

  test('candidates meet the averages (text ≥ 266/8, width ≥ 4760/8)', () => {
    assert.equal(found.averages.textLength, 266 / 8);
    assert.equal(found.averages.width, 4760 / 8);
    assert.deepEqual(found.candidates, [0, 1, 3]);
  });

  test('FactorValues by hand: the article wins, the body (touching the page bottom) scores 0', () => {
    assert.equal(found.factors[0], 0);
    // article: 66 × 700 × (1248/66) × (2000 − 1500) / (15/66 + 0 × … + 0.05)
    const article = (66 * 700 * (1248 / 66) * 500) / (15 / 66 + 0.05);
    assert.ok(Math.abs(found.factors[1] - article) / article < 1e-12);
    // comments: 36 × 700 × 16 × (2000 − 1800) / (0 + 2 × 1500/2000 + 0.05)
    const comments = (36 * 700 * 16 * 200) / (2 * 0.75 + 0.05);
    assert.ok(Math.abs(found.factors[3] - comments) / comments < 1e-12);
    assert.equal(found.main, 1);
    assert.equal(found.fallback, false);
  });

  test('the selection is the main block with its added child blocks', () => {
    const selection = selectMainBlock(page, layout, tree, found.main);
    assert.equal(selection.keptTextLength(), 66);
    assert.ok(selection.has(byId(page, 'solo')));
    assert.ok(!selection.has(byId(page, 'c1')));
  });

  test('a selection drops child blocks whose text was not added, and unrendered elements', () => {
    const selection = selectMainBlock(page, layout, tree, 0);
    assert.ok(!selection.has(byId(page, 'nav')));
    assert.ok(!selection.has(byId(page, 'hidden')));
    assert.ok(selection.has(byId(page, 'c2')));
    assert.equal(selection.keptTextLength(), 111);
  });

  test('no block: an empty selection', () => {
    assert.equal(selectMainBlock(page, layout, tree, -1).keptTextLength(), 0);
  });
});
