import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { runHeuristic } from '../../../packages/pith/src/extractors/pith/heuristic.js';
import {
  blockFeatures,
  ScratchMatrix,
  segmentBlocks,
} from '../../../packages/pith/src/features/blocks/index.js';
import { extract } from '../../../packages/pith/src/index.js';

/** A page of random blocks: headings, paragraphs, menu links, cards, with a title for the overlaps. */
const page = fc
  .array(
    fc.record({
      kind: fc.constantFrom('h2', 'p', 'li', 'td', 'nav', 'card', 'pre'),
      words: fc.array(fc.constantFrom('river', 'Rivers', 'meander', 'home', 'menu', '42,', 'slowly.'), {
        minLength: 1,
        maxLength: 12,
      }),
      linked: fc.boolean(),
    }),
    { minLength: 0, maxLength: 40 },
  )
  .map((blocks) => {
    const body = blocks
      .map(({ kind, words, linked }) => {
        const text = linked ? `<a href="/x">${words.join(' ')}</a>` : words.join(' ');
        if (kind === 'li') return `<ul><li>${text}</li></ul>`;
        if (kind === 'td') return `<table><tr><td>${text}</td></tr></table>`;
        if (kind === 'nav') return `<nav><a href="/">${text}</a></nav>`;
        if (kind === 'card') return `<div class="card"><p>${text}</p></div>`;
        return `<${kind}>${text}</${kind}>`;
      })
      .join('\n');
    return `<html><head><title>Rivers meander</title></head><body><article>${body}</article></body></html>`;
  });

const rowsOf = (html: string, matrix?: ScratchMatrix) =>
  Array.from(blockFeatures(segmentBlocks(parseHtml(html)), {}, { title: 'Rivers meander' }, matrix).values);

describe('the block rows lent from page to page (ScratchMatrix)', () => {
  test('one holder at a time: a second borrow gets nothing until the matrix is given back', () => {
    const matrix = new ScratchMatrix();
    const held = matrix.borrow();
    assert.ok(held);
    assert.equal(matrix.borrow(), undefined);
    held.giveBack();
    assert.ok(matrix.borrow());
  });

  test('each page gets zeros where it writes nothing, however large the page before it', () => {
    const matrix = new ScratchMatrix();
    matrix.zeroed(5000).fill(7);
    assert.deepEqual(Array.from(matrix.zeroed(3000)), new Array(3000).fill(0));
    // Past the bound a page's matrix is its own: filling it leaves the kept store alone.
    matrix.zeroed(2 ** 21).fill(7);
    assert.equal(matrix.zeroed(10)[0], 0);
  });

  test('two pages in either order through one matrix give the rows each has alone', () => {
    fc.assert(
      fc.property(page, page, (first, second) => {
        const matrix = new ScratchMatrix();
        const alone = [rowsOf(first), rowsOf(second)];
        assert.deepEqual(rowsOf(first, matrix), alone[0]);
        assert.deepEqual(rowsOf(second, matrix), alone[1]);
        assert.deepEqual(rowsOf(first, matrix), alone[0]);
      }),
      { numRuns: 60 },
    );
  });

  test('the extractor: two pages in either order give the output each gives alone', () => {
    fc.assert(
      fc.property(page, page, (first, second) => {
        const alone = extract(first, { format: 'markdown' }).content;
        extract(second, { format: 'markdown' });
        assert.equal(extract(first, { format: 'markdown' }).content, alone);
        extract(first, { format: 'markdown' });
        const secondAlone = extract(second, { format: 'markdown' }).content;
        extract(first, { format: 'markdown' });
        assert.equal(extract(second, { format: 'markdown' }).content, secondAlone);
      }),
      { numRuns: 25 },
    );
  });
});

/** Everything `segmentBlocks` gives a page, as plain values. */
const segmentsOf = (html: string) => {
  const blocks = segmentBlocks(parseHtml(html));
  const { doc: _doc, ...columns } = blocks;
  return Object.fromEntries(
    Object.entries(columns).map(([name, value]) => [
      name,
      ArrayBuffer.isView(value) ? Array.from(value as Float64Array) : value,
    ]),
  );
};

describe("segmentation's working columns, reused from page to page", () => {
  test('a page is cut the same after a larger page, a smaller one, or itself', () => {
    const large = `<html><body>${'<div class="card"><p>Rivers meander slowly, 42 of them. <a href="/x">More</a></p></div>'.repeat(150)}</body></html>`;
    fc.assert(
      fc.property(page, page, (first, second) => {
        segmentsOf('<p>x</p>');
        const alone = [segmentsOf(first), segmentsOf(second)];
        segmentsOf(large);
        assert.deepEqual(segmentsOf(first), alone[0]);
        assert.deepEqual(segmentsOf(second), alone[1]);
        assert.deepEqual(segmentsOf(first), alone[0]);
        segmentsOf(large);
        assert.deepEqual(segmentsOf(second), alone[1]);
      }),
      { numRuns: 60 },
    );
  });
});

/** What the heuristic stage gives a page: its region, what it pruned, its ranked candidates. */
const heuristicOf = (html: string) => {
  const result = runHeuristic(parseHtml(html), {}, {});
  return {
    kept: Array.from(result.selection.kept),
    removed: Array.from(result.removed),
    roots: result.roots,
    diagnostics: result.diagnostics,
  };
};

describe("the heuristic stage's working columns, reused from page to page", () => {
  test('a page scores the same after a larger page, a smaller one, or itself', () => {
    const large = `<html><body>${'<div class="post"><p>Rivers meander slowly, and they erode their banks, year after year, as we see. <a href="/x">More</a></p></div>'.repeat(150)}</body></html>`;
    fc.assert(
      fc.property(page, page, (first, second) => {
        heuristicOf('<p>x</p>');
        const alone = [heuristicOf(first), heuristicOf(second)];
        heuristicOf(large);
        assert.deepEqual(heuristicOf(first), alone[0]);
        assert.deepEqual(heuristicOf(second), alone[1]);
        heuristicOf(large);
        assert.deepEqual(heuristicOf(second), alone[1]);
      }),
      { numRuns: 60 },
    );
  });
});
