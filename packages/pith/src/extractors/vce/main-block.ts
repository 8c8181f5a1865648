/**
 * FindMainBlock (the paper's Figure 7): a pre-order pass over the block tree. A block
 * that meets the minimum conditions against the page averages is a candidate; its
 * FactorValue is
 *
 *   TextLength × Width × AvgFontSize × Bottom / (LinkDensity + RepeatedPatterns × Top)
 *
 * and the candidate with the highest value is the main block (the first one in
 * pre-order on a tie). Bottom is the block's distance from the bottom of the page,
 * Top its distance from the top.
 *
 * Zero denominator: a block with no link text and no repeated child pattern (or one at
 * the very top of the page) has a denominator of 0. We add `denominatorEpsilon` to every
 * denominator, which keeps the order among blocks with a positive denominator nearly as
 * it was and makes "no links" worth a large but finite factor (1/ε) instead of infinity,
 * so such blocks are still compared by their numerators.
 */
import type { Block, BlockTree, GeneralParameters } from './block-tree.js';
import type { VceOptions } from './options.js';

/** Page averages over the blocks that hold text (the paper's "general parameters" averaged). */
export interface Averages {
  textLength: number;
  /** Link text over text, over all blocks. */
  linkDensity: number;
  width: number;
  height: number;
  blocks: number;
}

export function averagesOf(general: GeneralParameters): Averages {
  const n = general.blocks;
  return {
    textLength: n > 0 ? general.textLength / n : 0,
    linkDensity: general.textLength > 0 ? general.linkTextLength / general.textLength : 0,
    width: n > 0 ? general.width / n : 0,
    height: n > 0 ? general.height / n : 0,
    blocks: n,
  };
}

export function linkDensityOf(block: Block): number {
  return block.textLength > 0 ? block.linkTextLength / block.textLength : 0;
}

/** Average font size of the block's text (by characters), else its root's font size. */
export function averageFontSize(block: Block): number {
  return block.textLength > 0 && block.fontWeight > 0 ? block.fontWeight / block.textLength : block.fontSize;
}

/** Whether a block meets the minimum conditions to be a candidate. */
export function meetsMinimumConditions(
  block: Block,
  averages: Averages,
  options: Pick<VceOptions, 'minTextRatio' | 'minWidthRatio' | 'minHeightRatio' | 'maxLinkDensityRatio'>,
): boolean {
  if (block.textLength <= 0) return false;
  if (block.textLength < options.minTextRatio * averages.textLength) return false;
  if (block.width < options.minWidthRatio * averages.width) return false;
  if (block.height < options.minHeightRatio * averages.height) return false;
  if (
    options.maxLinkDensityRatio > 0 &&
    linkDensityOf(block) > options.maxLinkDensityRatio * averages.linkDensity
  ) {
    return false;
  }
  return true;
}

/** The paper's formula (1), with the zero-denominator rule above. */
export function factorValue(
  block: Block,
  pageHeight: number,
  options: Pick<VceOptions, 'denominatorEpsilon' | 'relativeTop'>,
): number {
  const bottom = Math.max(0, pageHeight - (block.y + block.height));
  const top = Math.max(0, options.relativeTop ? block.y / Math.max(1, pageHeight) : block.y);
  const numerator = block.textLength * Math.max(0, block.width) * averageFontSize(block) * bottom;
  const denominator = linkDensityOf(block) + block.repeatedPatterns * top + options.denominatorEpsilon;
  if (numerator === 0) return 0;
  return denominator > 0 ? numerator / denominator : Number.MAX_VALUE;
}

export interface MainBlockResult {
  /** The main block's id, -1 when the page has no text. */
  main: number;
  /** Candidate block ids (met the minimum conditions), in pre-order. */
  candidates: number[];
  /** FactorValue per block id (0 for blocks that are not candidates, unless `fallback`). */
  factors: Float64Array;
  averages: Averages;
  /** No block met the minimum conditions: the best FactorValue over all blocks with text won. */
  fallback: boolean;
}

/** FindMainBlock over a block tree. */
export function findMainBlock(tree: BlockTree, options: VceOptions): MainBlockResult {
  const averages = averagesOf(tree.general);
  const factors = new Float64Array(tree.blocks.length);
  const candidates: number[] = [];
  let main = -1;
  for (const block of tree.blocks) {
    if (!meetsMinimumConditions(block, averages, options)) continue;
    candidates.push(block.id);
    factors[block.id] = factorValue(block, tree.pageHeight, options);
    if (main < 0 || factors[block.id] > factors[main]) main = block.id;
  }
  let fallback = false;
  if (main < 0) {
    for (const block of tree.blocks) {
      if (block.textLength <= 0) continue;
      factors[block.id] = factorValue(block, tree.pageHeight, options);
      if (main < 0 || factors[block.id] > factors[main]) main = block.id;
    }
    fallback = main >= 0;
  }
  return { main, candidates, factors, averages, fallback };
}
