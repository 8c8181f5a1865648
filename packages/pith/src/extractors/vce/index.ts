/**
 * `vce`: the Visual Clustering Extractor (seed 004; Asfia, Pedram, Rahmani). It groups
 * the page into a tree of visually coherent blocks (GetBlockTree, block-tree.ts), then
 * picks the block with the highest FactorValue among those that meet the page averages
 * (FindMainBlock, main-block.ts). The selection is the main block's subtree, without the
 * child blocks whose text TextManipulation did not add to it (link-heavy ones) and
 * without elements that are not rendered.
 *
 * It needs a layout: the caller's (`context.layout`: the browser's, from `extractAsync`)
 * or, when there is none, the estimated one. See docs/algorithms/vce.md.
 */
import { type Doc, type Extraction, Selection, tick } from '../../dom/index.js';
import { Display, estimateLayout, type Layout, type LayoutSource, rgbaHex } from '../../layout/index.js';
import type { Extractor, ExtractorContext } from '../types.js';
import { type BlockTree, getBlockTree } from './block-tree.js';
import {
  type Averages,
  averageFontSize,
  findMainBlock,
  linkDensityOf,
  type MainBlockResult,
} from './main-block.js';
import { resolveOptions, VCE_PARAMETERS, type VceOptions } from './options.js';

export {
  type Block,
  type BlockTree,
  blockPattern,
  getBlockTree,
  type VisualStyle,
  visualDistance,
} from './block-tree.js';
export {
  type Averages,
  averageFontSize,
  averagesOf,
  factorValue,
  findMainBlock,
  linkDensityOf,
  type MainBlockResult,
  meetsMinimumConditions,
} from './main-block.js';
export {
  resolveOptions,
  VCE_DEFAULTS,
  VCE_PAPER_READING,
  VCE_PARAMETERS,
  type VceOptions,
} from './options.js';

const VERSION = '0.1.0';

/** A block as the diagnostics show it. */
export interface VceBlockSummary {
  id: number;
  root: number;
  tag: string;
  parent: number;
  depth: number;
  box: { x: number; y: number; width: number; height: number };
  background: string;
  textLength: number;
  linkDensity: number;
  avgFontSize: number;
  repeatedPatterns: number;
  addedToParent: boolean;
  candidate: boolean;
  factor: number;
}

export interface VceDiagnostics {
  layout: {
    source: LayoutSource;
    viewport: { width: number; height: number };
    pageWidth: number;
    pageHeight: number;
    /** Elements measured by the source, and those filled in (browser: no matching element). */
    measured: number;
    unmapped: number;
  };
  averages: Averages;
  blockCount: number;
  candidateCount: number;
  /** The main block's id (see `blocks`), or null when the page has no text. */
  mainBlock: number | null;
  /** No block met the minimum conditions; the best of all blocks was taken. */
  fallback: boolean;
  /**
   * The main block, its ancestors and the most interesting other blocks (best candidates,
   * then longest texts), at most `DIAGNOSTIC_BLOCKS`, in pre-order.
   */
  blocks: VceBlockSummary[];
}

/** Most blocks listed in the diagnostics (pages can have thousands). */
export const DIAGNOSTIC_BLOCKS = 150;

/** Everything VCE computed on one page: for the workbench, tests and the screenshot. */
export interface VceResult {
  layout: Layout;
  tree: BlockTree;
  found: MainBlockResult;
  selection: Selection;
}

/** Runs VCE on `doc` with `layout` (estimated when absent) and returns every intermediate. */
export function runVce(doc: Doc, options: Partial<VceOptions> = {}, layout?: Layout): VceResult {
  const settings = resolveOptions(options);
  const used = layout ?? estimateLayout(doc);
  const tree = getBlockTree(doc, used, settings);
  const found = findMainBlock(tree, settings);
  const selection = selectMainBlock(doc, used, tree, found.main);
  return { layout: used, tree, found, selection };
}

/**
 * The main block's content: its root's subtree, minus child blocks (at any depth) whose
 * text was not added to their parent, minus elements that are not rendered.
 */
export function selectMainBlock(doc: Doc, layout: Layout, tree: BlockTree, main: number): Selection {
  const selection = new Selection(doc);
  if (main < 0) return selection;
  const root = tree.blocks[main].root;
  selection.keepSubtree(root);
  const stop = doc.end(root);
  for (let node = root + 1; node < stop; node++) {
    tick('vce');
    if (!doc.isElement(node)) continue;
    const blockId = tree.blockOf[node];
    const startsBlock = blockId >= 0 && tree.blocks[blockId].root === node;
    const rendered = layout.display[node] !== Display.None && layout.visible[node] !== 0;
    if ((startsBlock && !tree.blocks[blockId].addedToParent) || (!rendered && !doc.isHiddenContent(node))) {
      selection.dropSubtree(node);
      node = doc.end(node) - 1;
    }
  }
  return selection;
}

function summarise(doc: Doc, result: VceResult): VceBlockSummary[] {
  const { tree, found } = result;
  const chosen = new Set<number>();
  for (let id = found.main; id >= 0; id = tree.blocks[id].parent) chosen.add(id);
  const candidateSet = new Set(found.candidates);
  const byFactor = [...found.candidates].sort((a, b) => found.factors[b] - found.factors[a]);
  for (const id of byFactor) {
    if (chosen.size >= DIAGNOSTIC_BLOCKS) break;
    chosen.add(id);
  }
  if (chosen.size < DIAGNOSTIC_BLOCKS) {
    const byText = tree.blocks
      .filter((block) => block.textLength > 0 && !chosen.has(block.id))
      .sort((a, b) => b.textLength - a.textLength);
    for (const block of byText) {
      if (chosen.size >= DIAGNOSTIC_BLOCKS) break;
      chosen.add(block.id);
    }
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return [...chosen]
    .sort((a, b) => a - b)
    .map((id) => {
      const block = tree.blocks[id];
      return {
        id,
        root: block.root,
        tag: doc.tagName(block.root),
        parent: block.parent,
        depth: block.depth,
        box: { x: round(block.x), y: round(block.y), width: round(block.width), height: round(block.height) },
        background: rgbaHex(block.background),
        textLength: block.textLength,
        linkDensity: Math.round(linkDensityOf(block) * 1000) / 1000,
        avgFontSize: round(averageFontSize(block)),
        repeatedPatterns: block.repeatedPatterns,
        addedToParent: block.addedToParent,
        candidate: candidateSet.has(id),
        factor: found.factors[id],
      };
    });
}

/** The Visual Clustering Extractor. */
export const vce: Extractor<VceOptions, VceDiagnostics> = {
  name: 'vce',
  version: VERSION,
  description:
    'Visual Clustering Extractor (Asfia, Pedram & Rahmani): blocks by visual distance, main block by FactorValue; uses browser layout when given, else an estimate.',
  parameters: VCE_PARAMETERS,
  needsLayout: true,
  extract(doc: Doc, options: Partial<VceOptions>, context: ExtractorContext): Extraction<VceDiagnostics> {
    const result = runVce(doc, options, context.layout);
    const { layout, tree, found } = result;
    const mainBlock = found.main >= 0 ? found.main : null;
    return {
      extractor: 'vce',
      version: VERSION,
      doc,
      selection: result.selection,
      roots: found.main >= 0 ? [tree.blocks[found.main].root] : [],
      diagnostics: {
        layout: {
          source: layout.source,
          viewport: { ...layout.viewport },
          pageWidth: layout.pageWidth,
          pageHeight: layout.pageHeight,
          measured: layout.stats.measured,
          unmapped: layout.stats.unmapped,
        },
        averages: found.averages,
        blockCount: tree.blocks.length,
        candidateCount: found.candidates.length,
        mainBlock,
        fallback: found.fallback,
        blocks: summarise(doc, result),
      },
    };
  },
};
