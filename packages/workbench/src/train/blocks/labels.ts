/**
 * Block labels from a page's gold, one labeller per kind of gold:
 *
 * - `text` (a main-content text: WCXB, L3S-GN1, CleanEval, newspaper-fulltext…): the share of
 *   a block's words covered by 4-grams found in the gold (labelBlocks, src/features/blocks);
 * - `snippets` (must / must-not snippets: trafilatura-eval): a block holding part of a `with`
 *   snippet is main content, one holding part of a `without` snippet is not, a block with both
 *   or neither has no label and is left out of training.
 *
 * Every labeller gives per block a share in [0, 1] (NaN: no label) and its word count (the
 * block's weight: the metrics count words).
 */

import { type Blocks, blockText, labelBlocks, wordTokens } from 'pith/internal';
import { applyRetrievedTransform, type DatasetPage, normaliseSnippetText } from '../../eval/index.js';

export interface BlockTargets {
  /** Per block: share of main content (0–1), NaN when the gold says nothing about the block. */
  share: Float32Array;
  /** Per block: word tokens. */
  tokens: Float32Array;
}

export interface BlockLabeller {
  readonly name: string;
  /** What the labeller needs of a page's gold. */
  readonly needs: string;
  accepts(page: DatasetPage): boolean;
  label(blocks: Blocks, page: DatasetPage): BlockTargets;
}

export const TEXT_LABELLER: BlockLabeller = {
  name: 'text',
  needs: 'a gold text',
  accepts: (page) => page.gold.text !== undefined,
  label(blocks, page) {
    return labelBlocks(blocks, page.gold.text ?? '', (text) =>
      applyRetrievedTransform(text, page.retrievedTransform),
    );
  },
};

/** Start offsets of every occurrence of `needle` in `haystack`. */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

export const SNIPPET_LABELLER: BlockLabeller = {
  name: 'snippets',
  needs: 'gold snippets',
  accepts: (page) => page.gold.snippets !== undefined,
  label(blocks, page) {
    // The page's text as the snippet metric reads an output: blocks in order, whitespace collapsed.
    const starts = new Int32Array(blocks.count + 1);
    const parts: string[] = [];
    const tokens = new Float32Array(blocks.count);
    let length = 0;
    for (let block = 0; block < blocks.count; block++) {
      const text = normaliseSnippetText(blockText(blocks, block));
      tokens[block] = wordTokens(text).length;
      starts[block] = length;
      parts.push(text);
      length += text.length + 1;
    }
    starts[blocks.count] = length;
    const stream = parts.join(' ');
    const positive = new Uint8Array(blocks.count);
    const negative = new Uint8Array(blocks.count);
    const mark = (snippets: readonly string[], marks: Uint8Array) => {
      for (const snippet of snippets) {
        const needle = normaliseSnippetText(snippet);
        for (const start of occurrences(stream, needle)) {
          // Blocks overlapping [start, start + length): found by bisection, then walked.
          let low = 0;
          let high = blocks.count - 1;
          while (low < high) {
            const middle = (low + high + 1) >> 1;
            if (starts[middle] <= start) low = middle;
            else high = middle - 1;
          }
          for (let block = low; block < blocks.count && starts[block] < start + needle.length; block++)
            marks[block] = 1;
        }
      }
    };
    mark(page.gold.snippets?.with ?? [], positive);
    mark(page.gold.snippets?.without ?? [], negative);
    const share = new Float32Array(blocks.count).fill(Number.NaN);
    for (let block = 0; block < blocks.count; block++) {
      if (positive[block] && !negative[block]) share[block] = 1;
      else if (negative[block] && !positive[block]) share[block] = 0;
    }
    return { share, tokens };
  },
};

export const BLOCK_LABELLERS: Readonly<Record<string, BlockLabeller>> = {
  text: TEXT_LABELLER,
  snippets: SNIPPET_LABELLER,
};

/** The labeller for a page when none is named: a gold text first, else snippets. */
export function defaultLabeller(page: DatasetPage): BlockLabeller | undefined {
  return [TEXT_LABELLER, SNIPPET_LABELLER].find((labeller) => labeller.accepts(page));
}
