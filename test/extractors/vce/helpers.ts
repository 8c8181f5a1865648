/**
 * Hand-built layouts and blocks for the VCE unit tests: no browser, every number chosen
 * so that the expected blocks and FactorValues can be worked out by hand.
 */
import type { Doc } from '../../../packages/pith/src/dom/index.js';
import type { Block, BlockTree } from '../../../packages/pith/src/extractors/vce/index.js';
import { Display, type Layout } from '../../../packages/pith/src/layout/index.js';
import { allocateLayoutColumns } from '../../../packages/pith/src/layout/types.js';

export interface HandBox {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  fontSize?: number;
  background?: number;
  display?: Display;
  visible?: 0 | 1;
}

export function byId(doc: Doc, id: string): number {
  for (let node = 0; node < doc.size; node++) if (doc.attr(node, 'id') === id) return node;
  throw new Error(`no element #${id}`);
}

/**
 * A layout in which the elements named by id get the given box and styles, and every
 * other element copies its parent's (so it is at visual distance 0 from it).
 */
export function handLayout(
  doc: Doc,
  boxes: Record<string, HandBox>,
  page = { width: 1000, height: 2000 },
): Layout {
  const columns = allocateLayoutColumns(doc.size);
  const byNode = new Map<number, HandBox>();
  for (const [id, box] of Object.entries(boxes)) byNode.set(byId(doc, id), box);
  for (let node = 1; node < doc.size; node++) {
    if (!doc.isElement(node)) continue;
    const parent = doc.parent(node);
    const inherit = parent > 0 && doc.isElement(parent);
    const box = byNode.get(node) ?? {};
    columns.x[node] = box.x ?? (inherit ? columns.x[parent] : 0);
    columns.y[node] = box.y ?? (inherit ? columns.y[parent] : 0);
    columns.width[node] = box.width ?? (inherit ? columns.width[parent] : page.width);
    columns.height[node] = box.height ?? (inherit ? columns.height[parent] : page.height);
    columns.fontSize[node] = box.fontSize ?? (inherit ? columns.fontSize[parent] : 16);
    columns.background[node] = box.background ?? 0;
    columns.display[node] = box.display ?? Display.Block;
    columns.visible[node] = box.visible ?? (columns.display[node] === Display.None ? 0 : 1);
    columns.measured[node] = 1;
  }
  return {
    source: 'estimate',
    viewport: { width: page.width, height: 768 },
    pageWidth: page.width,
    pageHeight: page.height,
    ...columns,
    stats: { elements: 0, measured: 0, unmapped: 0, ms: 0 },
  };
}

/** A block with neutral defaults, for FindMainBlock tests. */
export function handBlock(fields: Partial<Block> & { id: number }): Block {
  return {
    root: fields.id + 1,
    parent: -1,
    children: [],
    depth: 0,
    x: 0,
    y: 0,
    width: 100,
    height: 100,
    background: 0xffffffff,
    fontSize: 16,
    textLength: 0,
    linkTextLength: 0,
    fontWeight: 16 * (fields.textLength ?? 0),
    ownTextLength: fields.textLength ?? 0,
    repeatedPatterns: 0,
    pattern: '',
    leafLink: false,
    addedToParent: false,
    ...fields,
  };
}

/** A block tree from hand-built blocks, with the general parameters summed over blocks with text. */
export function handTree(blocks: Block[], page = { width: 1000, height: 2000 }): BlockTree {
  const general = { textLength: 0, linkTextLength: 0, width: 0, height: 0, blocks: 0 };
  for (const block of blocks) {
    if (block.textLength <= 0) continue;
    general.textLength += block.textLength;
    general.linkTextLength += block.linkTextLength;
    general.width += block.width;
    general.height += block.height;
    general.blocks++;
  }
  return { blocks, blockOf: new Int32Array(0), general, pageWidth: page.width, pageHeight: page.height };
}
