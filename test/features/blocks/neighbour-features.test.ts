import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { blockFeatures, segmentBlocks } from '../../../packages/pith/src/features/blocks/index.js';

// Blocks cut from the shared datasets' pages (an L3S-GN1 news story, a WCXB shop and forum): a
// headline, prose, a menu, a price, a byline, an empty-link icon, a table cell.
const PIECES = [
  '<h1>Council approves new river crossing</h1>',
  '<p>The council voted on Tuesday to approve the crossing, which will link the two halves of the town for the first time since 1962.</p>',
  '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>',
  '<div class="price">£24.99</div>',
  '<p class="byline">By <a href="/ann">Ann Smith</a></p>',
  '<a href="/share"><img src="x.png"></a>',
  '<table><tr><td>Posts: 1,204</td></tr></table>',
  '<p>Reply</p>',
  '<ul><li><a href="/a">Older posts</a></li></ul>',
];

describe('block features: the neighbours', () => {
  test("each row's previous and next words and link density are the neighbour's own columns, 0 past the ends", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 25 }), (pieces) => {
        const blocks = segmentBlocks(parseHtml(`<html><body>${pieces.join('\n')}</body></html>`));
        const { names, width, rows, values } = blockFeatures(blocks, {}, { title: 'River crossing' });
        const column = (name: string) => names.indexOf(name);
        const own = (block: number, name: string) =>
          block >= 0 && block < rows ? values[block * width + column(name)] : 0;
        for (let block = 0; block < rows; block++) {
          const words = (at: number) =>
            at >= 0 && at < rows ? Math.fround(Math.log1p(blocks.words[at])) : 0;
          const density = (at: number) =>
            at >= 0 && at < rows ? Math.fround(blocks.linkChars[at] / Math.max(1, blocks.chars[at])) : 0;
          assert.equal(own(block, 'logWords'), words(block));
          assert.equal(own(block, 'prevLogWords'), words(block - 1));
          assert.equal(own(block, 'prev2LogWords'), words(block - 2));
          assert.equal(own(block, 'nextLogWords'), words(block + 1));
          assert.equal(own(block, 'next2LogWords'), words(block + 2));
          assert.equal(own(block, 'prevLinkDensity'), density(block - 1));
          assert.equal(own(block, 'nextLinkDensity'), density(block + 1));
          assert.equal(own(block, 'pageLogBlocks'), Math.fround(Math.log1p(rows)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
