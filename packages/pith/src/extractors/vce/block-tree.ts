/**
 * GetBlockTree (the paper's Figure 3): one pre-order walk over the DOM that groups
 * elements into blocks by how they look, and builds each block's specification vector.
 *
 * For each element:
 * - DetectBlock: the visual distance to its DOM parent is the number of the six styles
 *   (width, height, font size, background colour, top, left) that differ; above
 *   `distanceThreshold` the element starts a new block (a child of its parent's block),
 *   otherwise it joins its parent's block;
 * - AddText: its immediate text and immediate link text go to its block;
 * when a block is complete (all its elements seen), for its parent block:
 * - PatternVerifier: its visual pattern is looked up in the parent's PatternCache; a hit
 *   counts one repeated pattern for the parent (comment lists, link lists);
 * - TextManipulation: its text and link text are added to the parent's when its link
 *   density is below `linkDensityThreshold` or it is a leaf link;
 * - ElementManipulation: its text, link text, width and height go into the general
 *   parameters, for the page averages.
 *
 * Elements without visible text never start a block (they cannot hold content), and
 * elements that are not rendered (`display: none`, `visibility: hidden`, script, style…)
 * are skipped with their subtree.
 */
import { type Doc, NodeKind, TAG, tick } from '../../dom/index.js';
import { alphaOf, Display, isBlockLevel, type Layout } from '../../layout/index.js';
import type { VceOptions } from './options.js';

/** A block and its specification vector. */
export interface Block {
  /** Index in `BlockTree.blocks` (pre-order). */
  id: number;
  /** The element that started the block ("the parent of the new block"). */
  root: number;
  /** Parent block id, -1 for the root block. */
  parent: number;
  children: number[];
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Background as seen (the nearest non-transparent one, packed RGBA). */
  background: number;
  /** Font size of the root element. */
  fontSize: number;
  /** Text length: the immediate text of its elements plus what child blocks added. */
  textLength: number;
  linkTextLength: number;
  /** Σ font size × characters, for the average font size of the block's text. */
  fontWeight: number;
  /** Immediate text of the block's own elements (child blocks not included). */
  ownTextLength: number;
  /** PatternVerifier: child blocks whose pattern repeats a sibling's. */
  repeatedPatterns: number;
  /** The visual pattern compared by PatternVerifier. */
  pattern: string;
  /** The block is a link and nothing else (an `<a>` root with no child blocks). */
  leafLink: boolean;
  /** TextManipulation gave this block's text to its parent. */
  addedToParent: boolean;
}

/** The general parameters: totals over blocks, for the averages of FindMainBlock. */
export interface GeneralParameters {
  textLength: number;
  linkTextLength: number;
  width: number;
  height: number;
  /** Blocks that hold text (the ones the totals are over). */
  blocks: number;
}

export interface BlockTree {
  blocks: Block[];
  /** Per Doc node: the block an element (or a text node's parent) belongs to, -1 outside. */
  blockOf: Int32Array;
  general: GeneralParameters;
  pageWidth: number;
  pageHeight: number;
}

/** What DetectBlock compares. */
export interface VisualStyle {
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize: number;
  background: number;
}

/** Number of the six styles that differ between `a` and `b` (the paper's visual distance). */
export function visualDistance(
  a: VisualStyle,
  b: VisualStyle,
  tolerance: { size: number; font: number },
): number {
  let distance = 0;
  if (Math.abs(a.width - b.width) > tolerance.size) distance++;
  if (Math.abs(a.height - b.height) > tolerance.size) distance++;
  if (Math.abs(a.fontSize - b.fontSize) > tolerance.font) distance++;
  if (a.background !== b.background) distance++;
  if (Math.abs(a.y - b.y) > tolerance.size) distance++;
  if (Math.abs(a.x - b.x) > tolerance.size) distance++;
  return distance;
}

/** The visual pattern of a block: what repeated siblings (comments, list items) share. */
export function blockPattern(tag: string, style: VisualStyle, sizeTolerance: number): string {
  const bucket = Math.max(1, sizeTolerance);
  return `${tag}|${Math.round(style.width / bucket)}|${Math.round(style.x / bucket)}|${Math.round(style.fontSize * 2)}|${style.background}`;
}

const WHITE = 0xffffffff;

/** GetBlockTree over the page body. */
export function getBlockTree(doc: Doc, layout: Layout, options: VceOptions): BlockTree {
  const root = doc.contentRoot;
  const blocks: Block[] = [];
  const blockOf = new Int32Array(doc.size).fill(-1);
  const background = new Uint32Array(doc.size);
  const caches: Set<string>[] = [];
  const general: GeneralParameters = { textLength: 0, linkTextLength: 0, width: 0, height: 0, blocks: 0 };
  const tolerance = { size: options.sizeTolerance, font: options.fontTolerance };
  const { kind, textLength, linkTextLength, hidden } = doc.columns;

  const styleOf = (node: number): VisualStyle => ({
    x: layout.x[node],
    y: layout.y[node],
    width: layout.width[node],
    height: layout.height[node],
    fontSize: layout.fontSize[node],
    background: background[node],
  });

  const newBlock = (node: number, parent: number): Block => {
    const style = styleOf(node);
    const block: Block = {
      id: blocks.length,
      root: node,
      parent,
      children: [],
      depth: parent < 0 ? 0 : blocks[parent].depth + 1,
      x: style.x,
      y: style.y,
      width: style.width,
      height: style.height,
      background: style.background,
      fontSize: style.fontSize,
      textLength: 0,
      linkTextLength: 0,
      fontWeight: 0,
      ownTextLength: 0,
      repeatedPatterns: 0,
      pattern: blockPattern(doc.tagName(node), style, options.sizeTolerance),
      leafLink: false,
      addedToParent: false,
    };
    blocks.push(block);
    caches.push(new Set());
    if (parent >= 0) blocks[parent].children.push(block.id);
    return block;
  };

  const closeBlock = (block: Block) => {
    block.leafLink = doc.tag(block.root) === TAG.a && block.children.length === 0;
    if (block.textLength > 0) {
      // ElementManipulation
      general.textLength += block.textLength;
      general.linkTextLength += block.linkTextLength;
      general.width += block.width;
      general.height += block.height;
      general.blocks++;
    }
    if (block.parent < 0) return;
    const parent = blocks[block.parent];
    // PatternVerifier with the parent's PatternCache
    const cache = caches[parent.id];
    if (cache.has(block.pattern)) parent.repeatedPatterns++;
    else cache.add(block.pattern);
    // TextManipulation
    const density = block.textLength > 0 ? block.linkTextLength / block.textLength : 0;
    if (block.textLength > 0 && (density < options.linkDensityThreshold || block.leafLink)) {
      parent.textLength += block.textLength;
      parent.linkTextLength += block.linkTextLength;
      parent.fontWeight += block.fontWeight;
      block.addedToParent = true;
    }
  };

  if (root < 0 || doc.size === 0) {
    return { blocks, blockOf, general, pageWidth: layout.pageWidth, pageHeight: layout.pageHeight };
  }
  background[root] = alphaOf(layout.background[root]) > 0 ? layout.background[root] : WHITE;
  const open: Block[] = [];
  const stop = doc.end(root);
  for (let node = root; node < stop; node++) {
    tick('vce');
    while (open.length > 0 && node >= doc.end(open[open.length - 1].root)) {
      closeBlock(open.pop() as Block);
    }
    const nodeKind = kind[node];
    if (nodeKind === NodeKind.Text) {
      const parent = doc.parent(node);
      const blockId = parent >= 0 ? blockOf[parent] : -1;
      if (blockId < 0 || hidden[node] || textLength[node] === 0) continue;
      blockOf[node] = blockId;
      // AddText: immediate text and immediate link text of the parent element.
      const block = blocks[blockId];
      const length = textLength[node];
      block.textLength += length;
      block.ownTextLength += length;
      block.linkTextLength += linkTextLength[node];
      block.fontWeight += length * (layout.fontSize[parent] || 16);
      continue;
    }
    if (nodeKind !== NodeKind.Element) continue;
    if (node === root) {
      const block = newBlock(node, -1);
      blockOf[node] = block.id;
      open.push(block);
      continue;
    }
    const parent = doc.parent(node);
    const parentBlock = blockOf[parent];
    if (
      parentBlock < 0 ||
      doc.isHiddenContent(node) ||
      layout.display[node] === Display.None ||
      layout.visible[node] === 0
    ) {
      node = doc.end(node) - 1;
      continue;
    }
    background[node] = alphaOf(layout.background[node]) > 0 ? layout.background[node] : background[parent];
    const mayStart =
      textLength[node] > 0 && (options.inlineBlocks || isBlockLevel(layout.display[node] as Display));
    // DetectBlock
    if (mayStart && visualDistance(styleOf(node), styleOf(parent), tolerance) > options.distanceThreshold) {
      const block = newBlock(node, parentBlock);
      blockOf[node] = block.id;
      open.push(block);
    } else {
      blockOf[node] = parentBlock;
    }
  }
  while (open.length > 0) closeBlock(open.pop() as Block);
  return { blocks, blockOf, general, pageWidth: layout.pageWidth, pageHeight: layout.pageHeight };
}
