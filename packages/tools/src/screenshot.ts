/**
 * A picture of what a visual algorithm saw: the page rendered in Chromium with every
 * block outlined (by `data-pith-id`, pure CSS: outlines and inset shadows never move
 * anything), written as a PNG:
 * - the main block: thick red outline, red tint, label `Bn MAIN`;
 * - candidates (met the minimum conditions): dashed outline;
 * - blocks whose text was not added to their parent (link-heavy): dotted grey, grey tint;
 * - other blocks: thin solid outline, colour by depth in the block tree.
 * Labels are small floats at each block's start (they shift the first line a little).
 */
import type { Doc, Extraction, Layout } from 'pith/internal';
import { NODE_ID_ATTRIBUTE, pageDocOf, parseHtml } from 'pith/internal';
import { type BrowserEngineOptions, BrowserLayoutEngine, type ScreenshotOptions } from './browser.js';

/** One block to outline. */
export interface OutlinedBlock {
  /** The block's root element (a `Doc` node id). */
  node: number;
  /** Shown in the picture next to the block (e.g. `B12`). */
  label?: string;
  /** The main block: thick red outline and a tint. */
  main?: boolean;
  /** A candidate that met the minimum conditions: dashed outline. */
  candidate?: boolean;
  /** Nesting depth in the block tree (picks the colour). */
  depth?: number;
  /** Its text does not count for the block around it (VCE: link-heavy): dotted and greyed. */
  excluded?: boolean;
}

export interface BlocksScreenshotOptions extends ScreenshotOptions, BrowserEngineOptions {
  /** An engine to reuse (it stays open); by default one is launched and closed. */
  engine?: BrowserLayoutEngine;
  /** Label the outlined blocks with their names (default true). */
  labels?: boolean;
  /**
   * For an extraction: outline only blocks with at least this much text (default 25
   * characters), so that single links and names do not bury the picture. The main block
   * is always outlined.
   */
  minTextLength?: number;
}

export interface BlocksScreenshot {
  file: string;
  /** How many blocks were outlined. */
  outlined: number;
  /** The browser layout of the page as rendered for the picture. */
  layout: Layout;
}

/** Colours for block depths (Tableau 10 minus red, which marks the main block). */
const PALETTE = [
  '#1f77b4',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#17becf',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
];
const MAIN_COLOUR = '#d62728';

interface BlockDiagnostics {
  blocks?: {
    root?: unknown;
    id?: unknown;
    parent?: unknown;
    depth?: unknown;
    candidate?: unknown;
    textLength?: unknown;
    addedToParent?: unknown;
  }[];
  mainBlock?: unknown;
}

/**
 * The outlines an extraction asks for: the blocks listed in its diagnostics (`blocks`
 * with `root`, as the vce extractor reports them), else its roots as main blocks.
 */
export function outlinesOf(extraction: Extraction, minTextLength = 25): OutlinedBlock[] {
  const main = new Set(extraction.roots);
  const diagnostics = extraction.diagnostics as BlockDiagnostics | undefined;
  const listed = Array.isArray(diagnostics?.blocks) ? diagnostics.blocks : [];
  const outlines: OutlinedBlock[] = [];
  const seen = new Set<number>();
  for (const block of listed) {
    if (typeof block.root !== 'number' || seen.has(block.root)) continue;
    const text = typeof block.textLength === 'number' ? block.textLength : minTextLength;
    if (text < minTextLength && !main.has(block.root)) continue;
    seen.add(block.root);
    outlines.push({
      node: block.root,
      label: typeof block.id === 'number' ? `B${block.id}` : undefined,
      depth: typeof block.depth === 'number' ? block.depth : 0,
      main: main.has(block.root),
      candidate: block.candidate === true,
      excluded: block.addedToParent === false && typeof block.parent === 'number' && block.parent >= 0,
    });
  }
  for (const root of main) if (!seen.has(root)) outlines.push({ node: root, main: true, label: 'main' });
  return outlines;
}

/** The CSS that draws the outlines (exported for tests). */
export function outlineCss(outlines: readonly OutlinedBlock[], labels = true): string {
  const rules: string[] = [];
  for (const block of outlines) {
    if (!Number.isInteger(block.node) || block.node <= 0) continue;
    const selector = `[${NODE_ID_ATTRIBUTE}="${block.node}"]`;
    if (block.main) {
      rules.push(
        `${selector}{outline:5px solid ${MAIN_COLOUR}!important;outline-offset:-5px!important;` +
          'box-shadow:inset 0 0 0 100000px rgba(214,39,40,0.12)!important}',
      );
    } else {
      const colour = block.excluded ? '#555' : PALETTE[(block.depth ?? 0) % PALETTE.length];
      const style = block.excluded ? 'dotted' : block.candidate ? 'dashed' : 'solid';
      const tint = block.excluded ? ';box-shadow:inset 0 0 0 100000px rgba(0,0,0,0.10)!important' : '';
      rules.push(
        `${selector}{outline:2px ${style} ${colour}!important;outline-offset:-2px!important${tint}}`,
      );
    }
    if (labels && block.label) {
      const colour = block.main ? MAIN_COLOUR : PALETTE[(block.depth ?? 0) % PALETTE.length];
      // A float at the block's start: it takes a label's width of the first line only.
      rules.push(
        `${selector}::before{content:${JSON.stringify(block.main ? `${block.label} MAIN` : block.label)};` +
          `float:left;font:bold 11px/13px monospace;color:#fff;background:${colour};padding:0 3px;` +
          'margin:0 3px 0 0;opacity:0.9}',
      );
    }
  }
  return rules.join('\n');
}

/**
 * Renders `input` in Chromium with `blocks` outlined and writes a PNG to `file`.
 * `blocks` is an extraction (its diagnostics' blocks and its roots are used, and its
 * page's `doc`, so node ids match: not an embedded body's that answered) or a list of blocks over `input`.
 */
export async function renderBlocksScreenshot(
  input: Doc | string,
  blocks: Extraction | readonly OutlinedBlock[],
  file: string,
  options: BlocksScreenshotOptions = {},
): Promise<BlocksScreenshot> {
  const isExtraction = !Array.isArray(blocks);
  const doc = isExtraction
    ? pageDocOf(blocks as Extraction)
    : typeof input === 'string'
      ? parseHtml(input)
      : input;
  const outlines = isExtraction
    ? outlinesOf(blocks as Extraction, options.minTextLength)
    : (blocks as readonly OutlinedBlock[]);
  const css = outlineCss(outlines, options.labels ?? true);
  const engine = options.engine ?? (await BrowserLayoutEngine.launch({ ...options, concurrency: 1 }));
  try {
    const layout = await engine.screenshot(doc, file, { ...options, css });
    return { file, outlined: outlines.length, layout };
  } finally {
    if (!options.engine) await engine.close();
  }
}
