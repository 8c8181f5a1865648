/**
 * `pith`, the default extractor: a heuristic stage (Readability-style pruning,
 * scoring and region choice) followed by a learned block classifier that
 * decides, for every text block of the page, whether it is main content — from
 * the block's text statistics, tags, landmarks, class/id cues, neighbours,
 * container, page context and the heuristic stage's verdict.
 * See docs/algorithms/default.md.
 */
import { type Doc, type Extraction, NodeKind, Selection, TAG } from '../../dom/index.js';
import type { Extractor, ExtractorContext } from '../types.js';
import { HEURISTIC_DEFAULTS, type HeuristicDiagnostics, type HeuristicOptions } from './heuristic.js';
import { loadBlockModel } from './model.js';
import { pageRows } from './rows.js';

export interface PithOptions extends HeuristicOptions {
  /** What to favour when a block is in doubt. */
  favor: 'balanced' | 'precision' | 'recall';
  /** Block classifier model file ('' = the shipped models/pith-blocks.json; 'none' = heuristic only). */
  model: string;
  /** When the classifier keeps no block, answer with the heuristic stage's region instead of nothing. */
  fallback: boolean;
}

export interface PithDiagnostics {
  heuristic: HeuristicDiagnostics;
  /** 'model' when the block classifier decided, 'heuristic' when it did not run or kept nothing. */
  decidedBy: 'model' | 'heuristic';
  /** Blocks on the page and how many were kept. */
  blocks: number;
  keptBlocks: number;
  /** The probability threshold used. */
  threshold: number;
}

const DEFAULTS: PithOptions = { ...HEURISTIC_DEFAULTS, favor: 'balanced', model: '', fallback: true };

const VERSION = '0.2.0';

/** Probability thresholds per `favor` mode. */
const THRESHOLDS: Record<PithOptions['favor'], number> = { balanced: 0.5, precision: 0.65, recall: 0.35 };

/** The default extractor. */
export const pith: Extractor<PithOptions, PithDiagnostics> = {
  name: 'pith',
  version: VERSION,
  description:
    'Default: a heuristic stage finds the likely article region, then a learned classifier keeps or drops every text block.',
  parameters: [
    {
      name: 'favor',
      type: 'string',
      default: DEFAULTS.favor,
      choices: ['balanced', 'precision', 'recall'],
      description: 'precision keeps only blocks the model is sure of; recall keeps blocks in doubt too.',
    },
    {
      name: 'model',
      type: 'string',
      default: DEFAULTS.model,
      description: "Block classifier model file ('' = the shipped one; 'none' = heuristic stage only).",
    },
    {
      name: 'fallback',
      type: 'boolean',
      default: DEFAULTS.fallback,
      description:
        "When the classifier keeps nothing, answer with the heuristic stage's region (false: an empty result).",
    },
    {
      name: 'minParagraphLength',
      type: 'number',
      default: DEFAULTS.minParagraphLength,
      description: 'Heuristic stage: minimum own-text length for a block to score as a paragraph.',
    },
    {
      name: 'ancestorLevels',
      type: 'number',
      default: DEFAULTS.ancestorLevels,
      description: 'Heuristic stage: how many ancestors receive a paragraph score.',
    },
    {
      name: 'siblingShare',
      type: 'number',
      default: DEFAULTS.siblingShare,
      description:
        "Heuristic stage: a sibling joins the region when it scores this share of the winner's score.",
    },
    {
      name: 'maxLinkDensity',
      type: 'number',
      default: DEFAULTS.maxLinkDensity,
      description: 'Heuristic stage: blocks inside the region whose link density is above this are dropped.',
    },
  ],
  extract(doc: Doc, options: Partial<PithOptions>, context: ExtractorContext): Extraction<PithDiagnostics> {
    const settings = { ...DEFAULTS, ...options };
    const threshold = THRESHOLDS[settings.favor] ?? THRESHOLDS.balanced;
    const { heuristic, blocks, features } = pageRows(doc, settings, context);
    const model = settings.model === 'none' ? undefined : loadBlockModel(settings.model);
    let selection: Selection = heuristic.selection;
    let decidedBy: PithDiagnostics['decidedBy'] = 'heuristic';
    let keptBlocks = 0;
    if (model && blocks.count > 0) {
      model.checkFeatures(features.names);
      const chosen = new Uint8Array(doc.size);
      for (let block = 0; block < blocks.count; block++) {
        if (model.predict(features.values, block * features.width) < threshold) continue;
        keptBlocks++;
        for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
          chosen[blocks.textNodes[k]] = 1;
      }
      if (keptBlocks > 0 || !settings.fallback) {
        keepStructuresOfKeptContainers(doc, chosen);
        selection = Selection.fromTextNodes(doc, chosen, true);
        keepImagesBetweenKeptText(doc, selection);
        decidedBy = 'model';
      }
    }
    return {
      extractor: 'pith',
      version: VERSION,
      doc,
      selection,
      roots: heuristic.roots,
      diagnostics: {
        heuristic: heuristic.diagnostics,
        decidedBy,
        blocks: blocks.count,
        keptBlocks,
        threshold,
      },
    };
  },
};

/**
 * For every node, whether the nearest visible text before it (`before`) and after
 * its subtree (`after`) was chosen: an image or figure between two chosen
 * paragraphs belongs to the article even though the classifier, which reads
 * text, never saw it.
 */
function chosenAround(doc: Doc, chosen: Uint8Array): { before: Uint8Array; after: Uint8Array } {
  const { kind, textLength, hidden } = doc.columns;
  const before = new Uint8Array(doc.size);
  const after = new Uint8Array(doc.size);
  let last = 0;
  for (let node = 0; node < doc.size; node++) {
    before[node] = last;
    if (kind[node] === NodeKind.Text && textLength[node] > 0 && !hidden[node]) last = chosen[node];
  }
  last = 0;
  for (let node = doc.size - 1; node >= 0; node--) {
    if (kind[node] === NodeKind.Text && textLength[node] > 0 && !hidden[node]) last = chosen[node];
    after[node] = last;
  }
  return { before, after };
}

/**
 * Structures the classifier reads poorly (a figure's caption, code, a data table)
 * and that belong to the article. Tables count only as data tables (a caption or
 * header cells, no table inside): on older sites whole page layouts are tables,
 * and keeping one because most of its parent was kept kept the page's furniture
 * (L3S-GN1 cross-validated F1 0.959 → 0.942 when every table counted).
 */
const STRUCTURES = [TAG.figure, TAG.pre, TAG.table];

function isDataTable(doc: Doc, table: number): boolean {
  const stop = doc.end(table);
  let header = false;
  for (let node = table + 1; node < stop; node++) {
    const tag = doc.columns.tag[node];
    if (tag === TAG.table) return false;
    if (tag === TAG.th || tag === TAG.caption) header = true;
  }
  return header;
}
/** At most this many structures are looked at: a bound on hostile pages with thousands of tables. */
const MAX_STRUCTURES = 256;

/**
 * A figure, code block or table is chosen whole when it sits between chosen text,
 * or when most of the rest of its parent's text is chosen (the code sample that
 * ends an article, the table in its middle).
 */
function keepStructuresOfKeptContainers(doc: Doc, chosen: Uint8Array): void {
  const candidates: number[] = [];
  for (const tag of STRUCTURES) for (const node of doc.findAll(tag)) candidates.push(node);
  if (candidates.length === 0) return;
  candidates.sort((a, b) => a - b);
  const { before, after } = chosenAround(doc, chosen);
  const { kind, textLength, hidden } = doc.columns;
  let looked = 0;
  for (let index = 0; index < candidates.length && looked < MAX_STRUCTURES; index++) {
    const structure = candidates[index];
    const stop = doc.end(structure);
    if (index > 0 && doc.contains(candidates[index - 1], structure)) continue;
    if (doc.tag(structure) === TAG.table && !isDataTable(doc, structure)) continue;
    looked++;
    let keep = before[structure] === 1 && stop < doc.size && after[stop] === 1;
    const parent = doc.parent(structure);
    if (!keep && parent > 0 && parent !== doc.body) {
      let text = 0;
      let kept = 0;
      const parentStop = doc.end(parent);
      for (let node = parent + 1; node < parentStop; node++) {
        if (node === structure) {
          node = stop - 1;
          continue;
        }
        if (kind[node] !== NodeKind.Text || hidden[node]) continue;
        text += textLength[node];
        if (chosen[node]) kept += textLength[node];
      }
      keep = text > 0 && kept >= 0.6 * text;
    }
    if (!keep) continue;
    for (let node = structure; node < stop; node++) if (kind[node] === NodeKind.Text) chosen[node] = 1;
  }
}

/** An image between kept text is kept (with its `<picture>` sources). */
function keepImagesBetweenKeptText(doc: Doc, selection: Selection): void {
  const images = doc.findAll(TAG.img);
  if (images.length === 0) return;
  const { before, after } = chosenAround(doc, selection.kept);
  for (const image of images) {
    if (selection.has(image) || doc.columns.hidden[image]) continue;
    const stop = doc.end(image);
    if (before[image] && stop < doc.size && after[stop]) selection.keepNode(image);
  }
}
