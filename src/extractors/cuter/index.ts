/**
 * `cuter`: CUTER (seed 001, Adam, Bouras & Poulopoulos), the useful-text extractor
 * of the peRSSonal news system. See docs/algorithms/cuter.md.
 *
 * 1. the DOM (our parser's tree repair stands in for HTML Tidy); empty nodes deleted;
 * 2. every node measured: SLx, SAx, LP = SAx/SLx, TP = SLx/SH, IX (analyse.ts);
 * 3. nodes with LP ≥ maxLP dropped with their children, ad slots characterised;
 *    valid text units: LP < maxLP and TP > minTP (page-dependent rule);
 * 4. neighbour merging from the highest TP, TP > TP(nk)/3 (formatting-weighted);
 * 5. the article: the first group at least AL × the longest, after the title;
 * 6. multimedia inside the article (class c2) listed with source, alt, caption, size.
 */
import { type Doc, type Extraction, Selection, tick } from '../../dom/index.js';
import { PithError } from '../../errors.js';
import type { Extractor, ExtractorContext, ExtractorParameter } from '../types.js';
import { analysePage, type CuterAnalysis, type SizeUnit } from './analyse.js';
import { baseUrl, describeMedia, isMediaElement, type MediaItem } from './media.js';
import {
  type CuterDecision,
  type CuterSettings,
  classOf,
  decide,
  isKeepable,
  MIN_TP_RULES,
  type NodeClass,
  textPercentage,
} from './select.js';

export type { CuterAnalysis, SizeUnit } from './analyse.js';
export { analysePage } from './analyse.js';
export type { MediaItem, MediaType } from './media.js';
export type { CuterDecision, CuterGroup, CuterSettings, MinTpRule, NodeClass } from './select.js';
export { decide, MIN_TP_RULES, minTpThreshold } from './select.js';

export interface CuterOptions extends CuterSettings {
  /** Unit of SLx, SAx and SH: characters (default) or UTF-8 bytes as the paper's wording. */
  sizeUnit: SizeUnit;
}

/** The defaults: the paper's where it gives one (maxLP 0.5, divisor 3), tuned elsewhere (docs/algorithms/cuter.md). */
export const CUTER_DEFAULTS: Readonly<CuterOptions> = Object.freeze({
  // The paper's.
  maxLp: 0.5,
  mergeDivisor: 3,
  titleHint: true,
  adCues: true,
  // Ours, tuned on CleanEval, L3S-GN1 and CleanPortalEval (bench/cuter/tune.ts).
  dropShare: 0.25,
  minTpRule: 'chars',
  minTp: 40,
  al: 0.5,
  maxGap: 32,
  formattingWeight: 16,
  fill: true,
  sizeUnit: 'characters',
});

/** One characterised node in the diagnostics. */
export interface CuterNodeInfo {
  node: number;
  tag: string;
  /** IX: depth-first number after empty nodes are deleted. */
  ix: number;
  class: NodeClass;
  /** SLx: the unit's own text size (for dropped subtree roots and media: the subtree's). */
  sl: number;
  /** SAx: the part of it inside links. */
  sa: number;
  /** LP = SAx / SLx. */
  lp: number;
  /** TP = SLx / SH. */
  tp: number;
  /** Formatting density: share of the unit's text inside b/strong/i/em/p. */
  formatting: number;
  /** LP < maxLP and TP > minTP. */
  valid: boolean;
  /** Index of its group in `groups`, or -1. */
  group: number;
  /** Part of the extracted article. */
  selected: boolean;
}

export interface CuterDiagnostics {
  /** The settings used (defaults filled in). */
  settings: CuterOptions;
  /** SH, in `settings.sizeUnit`. */
  sh: number;
  /** The minTP this page got from the rule. */
  minTp: number;
  /** Number of elements of each class (containers, which have no text of their own, are not counted). */
  classCounts: Record<NodeClass, number>;
  /** Text units, dropped subtree roots and media elements, in document order. */
  nodes: CuterNodeInfo[];
  /** Groups of neighbouring valid units, in the order they were formed. */
  groups: { seed: number; members: number[]; length: number; chosen: boolean }[];
  /** Index in `groups` of the article, or -1. */
  article: number;
  /** The title that was looked for, and the element that matched it (-1: none). */
  title: { text: string | null; source: 'context' | 'metadata' | null; node: number; score: number };
  /** The article's node range [start, end), or [-1, -1]. */
  span: [number, number];
  /** Multimedia inside the article (class c2). */
  media: MediaItem[];
}

const VERSION = '1.0.0';

const PARAMETERS: readonly ExtractorParameter[] = [
  {
    name: 'maxLp',
    type: 'number',
    default: CUTER_DEFAULTS.maxLp,
    description:
      'maxLP: nodes whose link percentage SAx/SLx is at least this are dropped with their children.',
  },
  {
    name: 'dropShare',
    type: 'number',
    default: CUTER_DEFAULTS.dropShare,
    description:
      "A subtree with LP ≥ maxLP is dropped whole only when its non-link text is at most this share of the page's (1: always, 0: judge text units only).",
  },
  {
    name: 'minTpRule',
    type: 'string',
    default: CUTER_DEFAULTS.minTpRule,
    choices: MIN_TP_RULES,
    description:
      'How minTP is set per page: fixed (minTP = value), chars (more than value characters), mean (value × mean unit TP), max (value × highest TP)',
  },
  {
    name: 'minTp',
    type: 'number',
    default: CUTER_DEFAULTS.minTp,
    description: 'The value of the minTP rule.',
  },
  {
    name: 'al',
    type: 'number',
    default: CUTER_DEFAULTS.al,
    description:
      'AL: the article is the first group at least AL × the longest group (guards against comments).',
  },
  {
    name: 'mergeDivisor',
    type: 'number',
    default: CUTER_DEFAULTS.mergeDivisor,
    description: 'A neighbour joins a group when its TP is above TP(nk) divided by this.',
  },
  {
    name: 'maxGap',
    type: 'number',
    default: CUTER_DEFAULTS.maxGap,
    description: 'Neighbours are near when at most this many node ids (IX) apart; 0 means no limit.',
  },
  {
    name: 'formattingWeight',
    type: 'number',
    default: CUTER_DEFAULTS.formattingWeight,
    description: 'In merging, TP counts × (1 + weight × share of the text inside b/strong/i/em/p).',
  },
  {
    name: 'titleHint',
    type: 'boolean',
    default: CUTER_DEFAULTS.titleHint,
    description: 'Anchor the article start at the title (--title, else the page metadata title).',
  },
  {
    name: 'fill',
    type: 'boolean',
    default: CUTER_DEFAULTS.fill,
    description: "Keep everything between the article group's first and last member, not only the members.",
  },
  {
    name: 'adCues',
    type: 'boolean',
    default: CUTER_DEFAULTS.adCues,
    description:
      'Characterise nodes with ad-slot class/id names or an "Advertisement" label as advertisements.',
  },
  {
    name: 'sizeUnit',
    type: 'string',
    default: CUTER_DEFAULTS.sizeUnit,
    choices: ['characters', 'bytes'],
    description: 'Unit of the text sizes SLx, SAx and SH',
  },
];

function badOption(message: string): never {
  throw new PithError('BAD_OPTION', `cuter: ${message}`);
}

/** The options with defaults filled in, each checked; throws PithError('BAD_OPTION'). */
export function resolveCuterOptions(options: Partial<Record<keyof CuterOptions, unknown>>): CuterOptions {
  const settings = { ...CUTER_DEFAULTS } as CuterOptions;
  const known = new Set(PARAMETERS.map((parameter) => parameter.name));
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!known.has(name)) badOption(`unknown option '${name}' (known: ${[...known].join(', ')})`);
    const parameter = PARAMETERS.find((candidate) => candidate.name === name) as ExtractorParameter;
    if (parameter.type === 'number') {
      if (typeof value !== 'number' || Number.isNaN(value)) badOption(`${name} must be a number`);
    } else if (parameter.type === 'boolean') {
      if (typeof value !== 'boolean') badOption(`${name} must be true or false`);
    } else if (typeof value !== 'string' || !parameter.choices?.includes(value)) {
      badOption(`${name} must be one of ${parameter.choices?.join(', ')}`);
    }
    // own-keys: a parameter's name (unknown names were refused above)
    (settings as unknown as Record<string, unknown>)[name] = value;
  }
  if (!(settings.maxLp > 0)) badOption('maxLp must be above 0');
  if (!(settings.dropShare >= 0 && settings.dropShare <= 1)) badOption('dropShare must be between 0 and 1');
  if (!(settings.minTp >= 0)) badOption('minTp must be 0 or more');
  if (!(settings.al >= 0 && settings.al <= 1)) badOption('al must be between 0 and 1');
  if (!(settings.mergeDivisor > 0)) badOption('mergeDivisor must be above 0');
  if (!(settings.maxGap >= 0)) badOption('maxGap must be 0 (no limit) or more');
  if (!(settings.formattingWeight >= 0)) badOption('formattingWeight must be 0 or more');
  return settings;
}

/** Where the title hint comes from: the caller's title, else the page metadata's. */
export function titleHintOf(context: ExtractorContext): {
  text: string | null;
  source: 'context' | 'metadata' | null;
} {
  const given = context.title?.trim();
  if (given) return { text: given, source: 'context' };
  const fromMetadata = context.metadata?.title?.trim();
  if (fromMetadata) return { text: fromMetadata, source: 'metadata' };
  return { text: null, source: null };
}

/**
 * The selection of a decision: the article's span (or, without `fill`, its member
 * units' own content), the title element, and the media inside the span; never a
 * node of a dropped subtree or the own content of a dropped unit.
 */
export function buildSelection(
  analysis: CuterAnalysis,
  decision: CuterDecision,
  settings: Pick<CuterSettings, 'fill'>,
): Selection {
  const { doc, owner } = analysis;
  const selection = new Selection(doc);
  if (decision.article < 0) return selection;
  const { spanStart, spanEnd } = decision;
  if (settings.fill) {
    for (let node = spanStart; node < spanEnd; node++) {
      tick('cuter');
      if (decision.dropped[node]) {
        node = doc.end(node) - 1;
        continue;
      }
      // Empty nodes were deleted first (a spacer or tracking image is not content).
      if (owner[node] < 0 || analysis.empty[node]) continue;
      if (isKeepable(analysis, decision, node)) selection.keepNode(node);
    }
  } else {
    for (const member of decision.groups[decision.article].members) {
      const stop = doc.end(member);
      for (let node = member; node < stop; node++) {
        tick('cuter');
        if (owner[node] === member && !analysis.empty[node]) selection.keepNode(node);
      }
    }
    for (let node = spanStart; node < spanEnd; node++) {
      tick('cuter');
      if (decision.dropped[node]) {
        node = doc.end(node) - 1;
        continue;
      }
      if (owner[node] >= 0 && analysis.subtreeMedia[node] > 0 && isMediaElement(doc, node))
        selection.keepNode(node);
    }
  }
  if (decision.titleNode >= 0) {
    // The title is kept whole even when its own links dropped it (a headline linking to itself).
    const stop = doc.end(decision.titleNode);
    for (let node = decision.titleNode; node < stop; node++) {
      if (owner[node] >= 0 && !analysis.empty[node]) selection.keepNode(node);
    }
  }
  return selection;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function diagnosticsOf(
  analysis: CuterAnalysis,
  decision: CuterDecision,
  settings: CuterOptions,
  selection: Selection,
  title: { text: string | null; source: 'context' | 'metadata' | null },
): CuterDiagnostics {
  const { doc, root } = analysis;
  const isMedia = (node: number) => analysis.subtreeMedia[node] > 0 && isMediaElement(doc, node);
  const classCounts: Record<NodeClass, number> = {
    empty: 0,
    navigation: 0,
    advertisement: 0,
    'information-text': 0,
    'information-multimedia': 0,
  };
  const groupOf = new Map<number, number>();
  decision.groups.forEach((group, index) => {
    for (const member of group.members) groupOf.set(member, index);
  });
  const valid = new Set(decision.valid);
  const droppedRoots = new Set(decision.droppedRoots);
  const nodes: CuterNodeInfo[] = [];
  const media: MediaItem[] = [];
  const base = baseUrl(doc);
  const stop = doc.end(root);
  for (let node = root; node < stop; node++) {
    tick('cuter');
    if (!doc.isElement(node) || (analysis.owner[node] < 0 && !analysis.empty[node])) continue;
    const nodeClass = classOf(analysis, decision, isMedia, node);
    if (nodeClass === undefined) continue;
    classCounts[nodeClass]++;
    const isUnit = analysis.owner[node] === node && analysis.unitText[node] > 0;
    if (
      nodeClass === 'empty' ||
      !(isUnit || droppedRoots.has(node) || nodeClass === 'information-multimedia')
    )
      continue;
    const sl = isUnit ? analysis.unitText[node] : analysis.subtreeText[node];
    const sa = isUnit ? analysis.unitLinkText[node] : analysis.subtreeLinkText[node];
    const selected = selection.has(node);
    nodes.push({
      node,
      tag: doc.tagName(node),
      ix: analysis.ix[node],
      class: nodeClass,
      sl,
      sa,
      lp: sl > 0 ? round(sa / sl) : 0,
      tp: isUnit ? round(textPercentage(analysis, node)) : analysis.sh > 0 ? round(sl / analysis.sh) : 0,
      formatting: isUnit && sl > 0 ? round(analysis.unitFormattedText[node] / sl) : 0,
      valid: valid.has(node),
      group: groupOf.get(node) ?? -1,
      selected,
    });
    if (nodeClass === 'information-multimedia' && selected) {
      const item = describeMedia(doc, node, base);
      if (item) media.push(item);
    }
  }
  return {
    settings,
    sh: analysis.sh,
    minTp: decision.minTp,
    classCounts,
    nodes,
    groups: decision.groups.map((group, index) => ({ ...group, chosen: index === decision.article })),
    article: decision.article,
    title: { ...title, node: decision.titleNode, score: round(decision.titleScore) },
    span: [decision.spanStart, decision.spanEnd],
    media,
  };
}

/** Runs CUTER on a parsed page (the pure core of the extractor). */
export function runCuter(
  doc: Doc,
  options: Partial<CuterOptions>,
  context: ExtractorContext,
): Extraction<CuterDiagnostics> {
  const settings = resolveCuterOptions(options);
  const analysis = analysePage(doc, settings.sizeUnit);
  const title = titleHintOf(context);
  const decision = decide(analysis, settings, title.text ?? undefined);
  const selection = buildSelection(analysis, decision, settings);
  const roots: number[] = [];
  if (decision.article >= 0) {
    if (decision.titleNode >= 0 && decision.titleNode < decision.spanStart) roots.push(decision.titleNode);
    for (const member of decision.groups[decision.article].members) roots.push(member);
  }
  return {
    extractor: 'cuter',
    version: VERSION,
    doc,
    selection,
    roots,
    diagnostics: diagnosticsOf(analysis, decision, settings, selection, title),
  };
}

/** The CUTER extractor. */
export const cuter: Extractor<CuterOptions, CuterDiagnostics> = {
  name: 'cuter',
  version: VERSION,
  description:
    'CUTER (Adam, Bouras & Poulopoulos): link/text percentages per node, neighbour merging, AL factor, title anchor, multimedia.',
  parameters: PARAMETERS,
  extract: runCuter,
};
