/**
 * Training labels for text blocks from a page's gold text: a block is main
 * content to the degree its words are covered by 4-grams (the shingles of the
 * article-extraction benchmark) that occur in the gold. Order-insensitive beyond
 * four words on purpose: gold texts re-order blocks (captions, headings) and the
 * metrics that matter most here (bag of words, shingles) are too.
 */

import { wordTokens } from './features.js';
import { type Blocks, blockText } from './segment.js';

const SHINGLE = 4;

/** The gold's n-gram sets for n = 1…4, built once per page. */
export class GoldNgrams {
  readonly #sets: Set<string>[] = [];
  readonly tokenCount: number;
  constructor(goldText: string) {
    const tokens = wordTokens(goldText);
    this.tokenCount = tokens.length;
    for (let n = 1; n <= SHINGLE; n++) {
      const set = new Set<string>();
      for (let start = 0; start + n <= tokens.length; start++)
        set.add(tokens.slice(start, start + n).join(' '));
      this.#sets[n] = set;
    }
  }
  has(ngram: readonly string[]): boolean {
    return this.#sets[ngram.length]?.has(ngram.join(' ')) ?? false;
  }
}

/** Share (0–1) of a token sequence's shingles found in the gold. */
export function goldShare(tokens: readonly string[], gold: GoldNgrams): number {
  if (tokens.length === 0) return 0;
  if (tokens.length < SHINGLE) return gold.has(tokens) ? 1 : 0;
  let found = 0;
  const total = tokens.length - SHINGLE + 1;
  for (let start = 0; start < total; start++) if (gold.has(tokens.slice(start, start + SHINGLE))) found++;
  return found / total;
}

export interface BlockLabels {
  /** Per block: share of its shingles in the gold (0–1). */
  share: Float32Array;
  /** Per block: number of word tokens (a natural training weight: metrics count words). */
  tokens: Float32Array;
}

/**
 * Labels every block of a page against its gold text. The page's words are read
 * as one stream in block order and a word counts as gold when a 4-gram holding it
 * (across block boundaries) occurs in the gold: a one-word menu item ("Home")
 * is not gold just because the word occurs in the article, but a heading
 * followed by its paragraph is.
 */
export function labelBlocks(
  blocks: Blocks,
  goldText: string,
  /** Applied to each block's text first, when the gold went through a lossy channel. */
  transform: (text: string) => string = (text) => text,
): BlockLabels {
  const gold = new GoldNgrams(goldText);
  const share = new Float32Array(blocks.count);
  const tokens = new Float32Array(blocks.count);
  const stream: string[] = [];
  const blockOfToken: number[] = [];
  for (let block = 0; block < blocks.count; block++) {
    const words = wordTokens(transform(blockText(blocks, block)));
    tokens[block] = words.length;
    for (const word of words) {
      stream.push(word);
      blockOfToken.push(block);
    }
  }
  const n = Math.max(1, Math.min(SHINGLE, gold.tokenCount));
  const covered = new Uint8Array(stream.length);
  for (let start = 0; start + n <= stream.length; start++) {
    if (gold.has(stream.slice(start, start + n))) covered.fill(1, start, start + n);
  }
  for (let index = 0; index < stream.length; index++) if (covered[index]) share[blockOfToken[index]]++;
  for (let block = 0; block < blocks.count; block++) if (tokens[block] > 0) share[block] /= tokens[block];
  return { share, tokens };
}
