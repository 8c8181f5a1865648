import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml, Selection, SpareArray } from '../../packages/pith/src/dom/index.js';
import {
  applyPostRules,
  dropRepeatedBlocks,
  keepFigureCaptions,
  keepImagesBetweenKeptText,
  keepLeadImage,
  keepStructuresOfKeptContainers,
} from '../../packages/pith/src/extractors/pith/post-rules.js';
import { blockText, LANDMARK, segmentBlocks } from '../../packages/pith/src/features/blocks/index.js';

/** Pieces of a page that reach every post-rule's working columns: headings, figures, image rows, teasers, tables, lists. */
const piece = fc.constantFrom(
  '<h2>Related posts</h2>',
  '<h3 class="card-title">Story</h3>',
  '<p>Rivers meander slowly across the plain, and they erode their banks year after year.</p>',
  '<p>The delta grows as the river drops its silt, one season after another, for centuries.</p>',
  '<figure><img src="/a.jpg" width="600"><figcaption>The river at dawn, seen from the old bridge.</figcaption></figure>',
  '<div class="row"><img src="/b.jpg"><img src="/c.jpg"><span>Left</span></div>',
  '<img src="/d.jpg" width="800">',
  '<div class="box"><h4>Read also</h4><a href="/one">A first story about the river</a><a href="/two">A second story about the sea</a></div>',
  '<table><tr><th>Year</th><th>Flow</th></tr><tr><td>2020</td><td>42</td></tr></table>',
  '<p>The sources are these:</p><ul><li><a href="/x">One source</a></li><li>Another one</li></ul>',
  '<pre><code>let flow = 42;</code></pre>',
  '<p>© 2026 River News</p>',
);
const page = fc
  .array(piece, { minLength: 1, maxLength: 24 })
  .map((pieces) => `<html><body><article>${pieces.join('\n')}</article></body></html>`);

/** Every post-rule on a page, with blocks chosen by `pattern` (repeated over the blocks). */
function postRulesOf(html: string, pattern: boolean[]) {
  const doc = parseHtml(html, { url: 'https://example.org/news/river' });
  const blocks = segmentBlocks(doc);
  const chosen = new Uint8Array(doc.size);
  for (let block = 0; block < blocks.count; block++) {
    if (!pattern[block % pattern.length]) continue;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
      chosen[blocks.textNodes[k]] = 1;
  }
  keepStructuresOfKeptContainers(doc, chosen, { figures: true });
  const captions = keepFigureCaptions(doc, chosen);
  const counts = applyPostRules(blocks, chosen);
  const selection = Selection.fromTextNodes(doc, chosen, true);
  keepImagesBetweenKeptText(doc, selection);
  const lead = keepLeadImage(doc, selection);
  return { chosen: Array.from(chosen), kept: Array.from(selection.kept), captions, counts, lead };
}

describe("the post-rules' working columns, lent from page to page", () => {
  test('a page gives the same after a larger page, a smaller one, or itself', () => {
    const large = `<html><body>${'<figure><img src="/a.jpg"><img src="/b.jpg"><figcaption>A caption of five words here.</figcaption></figure><h2>Heading</h2><p>Rivers meander slowly across the plain, year after year.</p>'.repeat(300)}</body></html>`;
    const pattern = fc.array(fc.boolean(), { minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(page, pattern, page, pattern, (first, firstPattern, second, secondPattern) => {
        postRulesOf('<p>x</p>', [true]);
        const alone = [postRulesOf(first, firstPattern), postRulesOf(second, secondPattern)];
        postRulesOf(large, [true, false]);
        assert.deepEqual(postRulesOf(first, firstPattern), alone[0]);
        assert.deepEqual(postRulesOf(second, secondPattern), alone[1]);
        assert.deepEqual(postRulesOf(first, firstPattern), alone[0]);
        postRulesOf(large, [false, true]);
        assert.deepEqual(postRulesOf(second, secondPattern), alone[1]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('SpareArray', () => {
  test('what it lends is zeros up to the length asked, whatever the last holder wrote', () => {
    const spare = new SpareArray((length) => new Int32Array(length));
    const first = spare.take(3000);
    first.fill(7);
    spare.giveBack(first);
    const second = spare.take(2000);
    assert.equal(second.length, 2000);
    assert.deepEqual(Array.from(second), new Array(2000).fill(0));
    spare.giveBack(second);
  });

  test('a nested taker gets an array of its own, and handing that back frees nothing', () => {
    const spare = new SpareArray((length) => new Uint8Array(length));
    const outer = spare.take(100);
    const inner = spare.take(100);
    assert.notEqual(inner.buffer, outer.buffer);
    outer.fill(1);
    spare.giveBack(inner);
    // Still lent to the outer caller: a third taker must not get (and zero) its array.
    const third = spare.take(100);
    assert.notEqual(third.buffer, outer.buffer);
    assert.equal(outer[0], 1);
    spare.giveBack(outer);
    assert.equal(spare.take(10).buffer, outer.buffer);
  });

  test('an array past the bound is its own and is not kept', () => {
    const spare = new SpareArray((length) => new Int32Array(length));
    const huge = spare.take(2 ** 19);
    spare.giveBack(huge);
    const small = spare.take(10);
    assert.notEqual(small.buffer, huge.buffer);
  });
});

/** `dropRepeatedBlocks` as it read before its key: every candidate's text built and compared. */
function repeatsByText(html: string): number[] {
  const doc = parseHtml(html);
  const blocks = segmentBlocks(doc);
  const dropped: number[] = [];
  const firstParent = new Map<string, number>();
  for (let block = 0; block < blocks.count; block++) {
    if (blocks.chars[block] < 12) continue;
    const firstText = blocks.textNodes[blocks.textStart[block]];
    if (blocks.landmarks[firstText] & (LANDMARK.table | LANDMARK.pre)) continue;
    const text = blockText(blocks, block).toLowerCase();
    const parent = doc.parent(blocks.owner[block]);
    const first = firstParent.get(text);
    if (first === undefined) firstParent.set(text, parent);
    else if (first !== parent) dropped.push(block);
  }
  return dropped;
}

/** The blocks `dropRepeatedBlocks` drops when every block is chosen. */
function repeatsDropped(html: string): number[] {
  const doc = parseHtml(html);
  const blocks = segmentBlocks(doc);
  const chosen = new Uint8Array(doc.size);
  for (let k = 0; k < blocks.textStart[blocks.count]; k++) chosen[blocks.textNodes[k]] = 1;
  dropRepeatedBlocks(blocks, chosen);
  const dropped: number[] = [];
  for (let block = 0; block < blocks.count; block++)
    if (!chosen[blocks.textNodes[blocks.textStart[block]]]) dropped.push(block);
  return dropped;
}

describe("dropRepeatedBlocks' key", () => {
  test('drops what comparing every text drops: case, white space, İ, final sigma, astral letters', () => {
    // Each group's forms lower-case alike in a text (ΟΔΟΣ ends in a final sigma: οδος).
    const groups = [
      ['Rivers', 'RIVERS', 'rivers'],
      ['İstanbul', 'i\u0307stanbul', 'I\u0307STANBUL'],
      ['ΟΔΟΣ', 'οδος', 'Οδος'],
      ['\u{10400}bc', '\u{10428}bc', '\u{10428}BC'],
      ['x\u00a0y', 'x \n y', 'X y'],
      ['\ud800z', '\ud800Z'],
      ['meander', 'Meander'],
    ];
    const block = fc.record({
      sentence: fc.array(fc.integer({ min: 0, max: groups.length - 1 }), { minLength: 1, maxLength: 2 }),
      forms: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: groups.length - 1 }), { minLength: 3, maxLength: 5 }),
        fc.array(block, { minLength: 1, maxLength: 12 }),
        (base, blocks) => {
          const html = `<html><body>${blocks
            .map(({ sentence, forms }, index) => {
              // Half the blocks say the base sentence in forms of their own, the others their own words.
              const words = index % 2 === 0 ? base : [...base.slice(0, 2), ...sentence];
              const text = words
                .map((group, at) => groups[group][(forms[at % 2] + at) % groups[group].length])
                .join(' ');
              return `<div><p>${text}</p></div>`;
            })
            .join('')}</body></html>`;
          assert.deepEqual(repeatsDropped(html), repeatsByText(html));
        },
      ),
      { numRuns: 400 },
    );
  });
});
