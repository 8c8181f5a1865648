/**
 * The parameter-dependent half of CUTER (seed 001): link-percentage drops, valid
 * nodes, neighbour merging, the AL choice and the title anchor. Reads a
 * `CuterAnalysis`; writes nothing into the Doc.
 */
import { IS_HEADING, TAG, tick } from '../../dom/index.js';
import type { CuterAnalysis } from './analyse.js';
import { hasAdName, isAdLabel, normaliseTitle, titleMatch } from './cues.js';

/** How the page-dependent minimum text percentage (minTP) is set; `minTp` is its value. */
export type MinTpRule = 'fixed' | 'chars' | 'mean' | 'max';
export const MIN_TP_RULES: readonly MinTpRule[] = ['fixed', 'chars', 'mean', 'max'];

export interface CuterSettings {
  /** maxLP: nodes whose link percentage SAx/SLx is at least this are dropped with their children. */
  maxLp: number;
  /**
   * A subtree with LP ≥ maxLP is dropped whole only when its non-link text is at most
   * this share of the page's non-link text: 1 drops every such subtree (the paper read
   * literally, which drops the whole body of a link-heavy page), 0 none (only text
   * units, with their inline children, are judged by their LP).
   */
  dropShare: number;
  /** How minTP is computed (see `minTpThreshold`). */
  minTpRule: MinTpRule;
  /** The value the minTP rule uses. */
  minTp: number;
  /** AL: the article is the first group at least AL × the longest group's length. */
  al: number;
  /** A neighbour joins a group when its TP is above TP(nk) / mergeDivisor (the paper: 3). */
  mergeDivisor: number;
  /** Neighbours are "near" when at most this many IX apart (0: no limit). */
  maxGap: number;
  /** A unit's TP counts × (1 + formattingWeight × formatting density) when compared in merging. */
  formattingWeight: number;
  /** Anchor the article at the title (caller's title, else the page metadata's). */
  titleHint: boolean;
  /** Keep everything between the group's first and last member (not only the members). */
  fill: boolean;
  /** Characterise nodes named like ad slots, or labelled "Advertisement", as advertisements. */
  adCues: boolean;
}

/** The node classes of the paper, plus "empty". */
export type NodeClass =
  | 'empty'
  | 'navigation'
  | 'advertisement'
  | 'information-text'
  | 'information-multimedia';

export const DROP_NAVIGATION = 1;
export const DROP_ADVERTISEMENT = 2;

/** A group of neighbouring valid units. */
export interface CuterGroup {
  /** The unit the group grew from (nk, the highest TP when the group started). */
  seed: number;
  /** Member units in document order. */
  members: number[];
  /** Sum of the members' SLx. */
  length: number;
}

export interface CuterDecision {
  /** The minTP this page gets under the chosen rule. */
  minTp: number;
  /** Per node: 0, or DROP_NAVIGATION / DROP_ADVERTISEMENT for nodes in a dropped subtree. */
  dropped: Uint8Array;
  /** The roots of the dropped subtrees, in document order. */
  droppedRoots: number[];
  /** Units whose own link percentage is at least maxLP (their own text is dropped, nested blocks are not). */
  unitDropped: Uint8Array;
  /** Valid units (LP < maxLP, TP > minTP), in document order. */
  valid: number[];
  /** Groups in the order they were formed (highest seed TP first). */
  groups: CuterGroup[];
  /** Index in `groups` of the article, or -1. */
  article: number;
  /** The element that matched the title, or -1. */
  titleNode: number;
  /** How well it matched (0–1.2: 1 for the same text, +0.2 for an h1, +0.1 for another heading). */
  titleScore: number;
  /** The article's node range `[spanStart, spanEnd)`; both -1 when nothing was chosen. */
  spanStart: number;
  spanEnd: number;
}

/** TP of a unit: SLx / SH. */
export function textPercentage(analysis: CuterAnalysis, unit: number): number {
  return analysis.sh > 0 ? analysis.unitText[unit] / analysis.sh : 0;
}

/**
 * minTP for this page:
 * - `fixed`: minTP = value;
 * - `chars`: minTP = value / SH (a unit needs more than `value` characters or bytes);
 * - `mean`: minTP = value × the mean TP of the page's units (1 / number of units);
 * - `max`: minTP = value × the highest TP of a unit that is not dropped.
 */
export function minTpThreshold(
  analysis: CuterAnalysis,
  settings: Pick<CuterSettings, 'minTpRule' | 'minTp'>,
  candidates: readonly number[],
): number {
  const { minTpRule, minTp } = settings;
  if (analysis.sh === 0) return 0;
  switch (minTpRule) {
    case 'fixed':
      return minTp;
    case 'chars':
      return minTp / analysis.sh;
    case 'mean':
      return analysis.units.length > 0 ? minTp / analysis.units.length : 0;
    case 'max': {
      let highest = 0;
      for (const unit of candidates) highest = Math.max(highest, textPercentage(analysis, unit));
      return minTp * highest;
    }
  }
}

/** Form controls: their text is choices and labels of a control (a select menu of sections…), navigation. */
const CONTROLS = new Set<number>([TAG.select, TAG.option, TAG.optgroup, TAG.textarea, TAG.button]);

/**
 * Top-down: drops advertisement slots, form controls and block-level nodes with
 * LP ≥ maxLP, each with its whole subtree.
 */
function dropSubtrees(
  analysis: CuterAnalysis,
  settings: CuterSettings,
): { dropped: Uint8Array; droppedRoots: number[] } {
  const { doc, root, owner, empty, subtreeText, subtreeLinkText, sh } = analysis;
  const pagePlainText = sh - subtreeLinkText[root];
  const dropped = new Uint8Array(doc.size);
  const droppedRoots: number[] = [];
  const stop = doc.end(root);
  for (let node = root; node < stop; node++) {
    tick('cuter');
    if (owner[node] < 0 || empty[node] || !doc.isElement(node)) continue;
    let reason = 0;
    if (CONTROLS.has(doc.tag(node))) reason = DROP_NAVIGATION;
    // An ad-named wrapper around most of the page is a misnamed page wrapper, not an ad.
    else if (
      settings.adCues &&
      subtreeText[node] <= 0.5 * sh &&
      (hasAdName(doc, node) || isAdLabel(doc, node))
    ) {
      reason = DROP_ADVERTISEMENT;
    } else if (
      // Inline elements (a link inside a paragraph) are judged with their unit, not alone.
      owner[node] === node &&
      subtreeText[node] > 0 &&
      subtreeLinkText[node] / subtreeText[node] >= settings.maxLp &&
      subtreeText[node] - subtreeLinkText[node] <= settings.dropShare * pagePlainText
    ) {
      reason = DROP_NAVIGATION;
    }
    if (reason === 0) continue;
    droppedRoots.push(node);
    const end = doc.end(node);
    dropped.fill(reason, node, end);
    node = end - 1;
  }
  return { dropped, droppedRoots };
}

/** Distance in IX from unit `a` (its last inline descendant) to the later unit `b`. */
function gap(analysis: CuterAnalysis, a: number, b: number): number {
  return analysis.ix[b] - analysis.unitLastIx[a];
}

/**
 * Neighbour merging: take the valid unit nk with the highest TP; walk outwards from
 * it through the valid units by IX, nearest first, and unite each whose (formatting-
 * weighted) TP is above TP(nk)/divisor, as long as it is near (within maxGap of the
 * group's edge); units it passes over stay out. Repeat with the highest TP left.
 * Groups never overlap: a later group stops at an earlier group's range.
 */
function mergeNeighbours(analysis: CuterAnalysis, settings: CuterSettings, valid: number[]): CuterGroup[] {
  const count = valid.length;
  const tp = valid.map((unit) => textPercentage(analysis, unit));
  const weighted = valid.map((unit, index) => {
    const text = analysis.unitText[unit];
    const density = text > 0 ? analysis.unitFormattedText[unit] / text : 0;
    return tp[index] * (1 + settings.formattingWeight * density);
  });
  const order = valid.map((_, index) => index).sort((a, b) => tp[b] - tp[a] || a - b);
  const taken = new Uint8Array(count);
  const maxGap = settings.maxGap > 0 ? settings.maxGap : Number.POSITIVE_INFINITY;
  const groups: CuterGroup[] = [];
  for (const seed of order) {
    tick('cuter');
    if (taken[seed]) continue;
    const threshold = tp[seed] / settings.mergeDivisor;
    let first = seed;
    let last = seed;
    const members = [seed];
    // Left, then right: each side scans outwards until it is too far or meets another group.
    for (let at = seed - 1; at >= 0 && !taken[at]; at--) {
      tick('cuter');
      if (gap(analysis, valid[at], valid[first]) > maxGap) break;
      if (weighted[at] > threshold) {
        members.push(at);
        first = at;
      }
    }
    for (let at = seed + 1; at < count && !taken[at]; at++) {
      tick('cuter');
      if (gap(analysis, valid[last], valid[at]) > maxGap) break;
      if (weighted[at] > threshold) {
        members.push(at);
        last = at;
      }
    }
    taken.fill(1, first, last + 1);
    members.sort((a, b) => a - b);
    let length = 0;
    for (const member of members) length += analysis.unitText[valid[member]];
    groups.push({ seed: valid[seed], members: members.map((member) => valid[member]), length });
  }
  return groups;
}

/** The largest IX inside a node's subtree (its own IX when it has no non-empty descendant). */
function lastIxWithin(analysis: CuterAnalysis, node: number): number {
  const stop = analysis.doc.end(node);
  for (let at = stop - 1; at >= node; at--) if (analysis.ix[at] > 0) return analysis.ix[at];
  return analysis.ix[node];
}

/**
 * The element whose text matches the title best: headings score +0.2 (h1) or +0.1,
 * then the earliest. Candidates are headings and text units not much longer than the
 * title, outside dropped subtrees; a heading dropped for its own links (a headline
 * that links to its own page) still counts.
 */
function findTitleNode(
  analysis: CuterAnalysis,
  title: string,
  dropped: Uint8Array,
  droppedRoots: readonly number[],
): { node: number; score: number } {
  const wanted = normaliseTitle(title);
  if (wanted === '') return { node: -1, score: 0 };
  const { doc, root, owner, empty } = analysis;
  const limit = 4 * title.length;
  let best = -1;
  let bestScore = 0;
  const stop = doc.end(root);
  let rootIndex = 0;
  for (let node = root; node < stop; node++) {
    tick('cuter');
    if (owner[node] < 0 || empty[node] || !doc.isElement(node)) continue;
    const heading = IS_HEADING[doc.tag(node)] === 1;
    const isUnit = owner[node] === node && analysis.unitText[node] > 0;
    if (!heading && !isUnit) continue;
    if (doc.textLength(node) > limit) continue;
    if (dropped[node]) {
      if (!heading || dropped[node] !== DROP_NAVIGATION) continue;
      while (rootIndex + 1 < droppedRoots.length && droppedRoots[rootIndex + 1] <= node) rootIndex++;
      const droppedRoot = droppedRoots[rootIndex];
      // Only when the drop was about this heading's own links (the root holds little else).
      if (doc.textLength(droppedRoot) > 2 * doc.textLength(node)) continue;
    }
    const match = titleMatch(normaliseTitle(doc.textContent(node)), wanted);
    if (match === 0) continue;
    const score = match + (heading ? (doc.tagName(node) === 'h1' ? 0.2 : 0.1) : 0);
    if (score > bestScore) {
      bestScore = score;
      best = node;
    }
  }
  return { node: best, score: bestScore };
}

/** Runs CUTER's decisions on an analysed page. `title` is the caller's or the metadata's. */
export function decide(
  analysis: CuterAnalysis,
  settings: CuterSettings,
  title: string | undefined,
): CuterDecision {
  const { doc, units, unitText, unitLinkText } = analysis;
  const { dropped, droppedRoots } = dropSubtrees(analysis, settings);
  const unitDropped = new Uint8Array(doc.size);
  const candidates: number[] = [];
  for (const unit of units) {
    if (dropped[unit]) continue;
    if (unitLinkText[unit] / unitText[unit] >= settings.maxLp) unitDropped[unit] = 1;
    else candidates.push(unit);
  }
  const minTp = minTpThreshold(analysis, settings, candidates);
  const valid = candidates.filter((unit) => textPercentage(analysis, unit) > minTp);
  const groups = mergeNeighbours(analysis, settings, valid);

  let titleNode = -1;
  let titleScore = 0;
  if (settings.titleHint && title) {
    const found = findTitleNode(analysis, title, dropped, droppedRoots);
    titleNode = found.node;
    titleScore = found.score;
  }

  // AL: the first group (in document order) at least AL × the longest. The title is the
  // fourth cue: among those long enough, the first that reaches past the title wins.
  const byPosition = groups
    .map((_, index) => index)
    .sort((a, b) => groups[a].members[0] - groups[b].members[0]);
  let longest = 0;
  for (const group of groups) longest = Math.max(longest, group.length);
  const acceptable = byPosition.filter(
    (index) => groups[index].length > 0 && groups[index].length >= settings.al * longest,
  );
  let article = acceptable.length > 0 ? acceptable[0] : -1;
  if (titleNode >= 0) {
    // A member may hold the title (a cell with the headline and the text), so compare ends.
    const afterTitle = acceptable.find((index) =>
      groups[index].members.some((member) => doc.end(member) > titleNode),
    );
    if (afterTitle !== undefined) article = afterTitle;
  }

  let spanStart = -1;
  let spanEnd = -1;
  if (article >= 0) {
    const members = groups[article].members;
    spanStart = members[0];
    for (const member of members) spanEnd = Math.max(spanEnd, doc.end(member));
    if (titleNode >= 0 && titleNode < spanStart) {
      const distance = analysis.ix[spanStart] - lastIxWithin(analysis, titleNode);
      const maxGap = settings.maxGap > 0 ? settings.maxGap : Number.POSITIVE_INFINITY;
      if (distance <= maxGap) spanStart = titleNode;
    } else if (titleNode >= spanEnd) {
      titleNode = -1; // a title after the article anchors nothing
    }
  } else {
    titleNode = -1;
  }

  return {
    minTp,
    dropped,
    droppedRoots,
    unitDropped,
    valid,
    groups,
    article,
    titleNode,
    titleScore,
    spanStart,
    spanEnd,
  };
}

/** The node class of every element (undefined for containers, which hold no text of their own). */
export function classOf(
  analysis: CuterAnalysis,
  decision: CuterDecision,
  isMedia: (node: number) => boolean,
  node: number,
): NodeClass | undefined {
  if (analysis.empty[node]) return 'empty';
  const drop = decision.dropped[node];
  if (drop === DROP_ADVERTISEMENT) return 'advertisement';
  if (drop === DROP_NAVIGATION) return 'navigation';
  if (isMedia(node)) return 'information-multimedia';
  if (analysis.owner[node] === node && analysis.unitText[node] > 0) {
    return decision.unitDropped[node] ? 'navigation' : 'information-text';
  }
  return undefined;
}

/** True when a node is outside every dropped part and not own content of a dropped unit. */
export function isKeepable(analysis: CuterAnalysis, decision: CuterDecision, node: number): boolean {
  if (decision.dropped[node]) return false;
  const owner = analysis.owner[node];
  return owner >= 0 && !decision.unitDropped[owner];
}
