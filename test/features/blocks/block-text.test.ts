import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { blockText, segmentBlocks } from '../../../packages/pith/src/features/blocks/index.js';
import { inlineParagraphPages } from '../../helpers.js';

/** `blockText` as it was written before (issue 38, s44-alloc): every block's nodes joined, then collapsed and trimmed. */
function joinedText(html: string): { now: string; before: string }[] {
  const blocks = segmentBlocks(parseHtml(html));
  const out: { now: string; before: string }[] = [];
  for (let block = 0; block < blocks.count; block++) {
    const parts: string[] = [];
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
      parts.push(blocks.doc.text(blocks.textNodes[k]));
    out.push({ now: blockText(blocks, block), before: parts.join(' ').replace(/\s+/g, ' ').trim() });
  }
  return out;
}

describe('blockText reads a clean one-node block as it is and collapses only where it changes something', () => {
  test('an indented paragraph, a clean one, and one of three nodes', () => {
    const rows = joinedText(
      '<body><p>\n    Subscribe now\tto our edition.\n  </p><p>A clean line.</p><p>Two <b>bold</b>  words</p></body>',
    );
    assert.deepEqual(
      rows.map((row) => row.now),
      ['Subscribe now to our edition.', 'A clean line.', 'Two bold words'],
    );
    for (const row of rows) assert.equal(row.now, row.before);
  });

  test('property: the text is what the join, collapse and trim made, for nodes of any white space', () => {
    const piece = fc.constantFrom(
      'word',
      'x',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2003',
      '\u200b',
      '\ufeff',
      '\u000b',
      '.',
      'é',
      '中',
    );
    const pages = inlineParagraphPages(piece, { pieces: 6, runs: 4, inlines: ['b', 'i', 'a', 'span'] });
    fc.assert(
      fc.property(pages, (html) => {
        for (const row of joinedText(html)) assert.equal(row.now, row.before);
      }),
      { numRuns: 500 },
    );
  });
});
