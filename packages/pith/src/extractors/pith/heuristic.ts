/**
 * The heuristic stage of the default extractor (pith 0.1, Readability-style):
 * clean, score blocks, pick the best region, clean inside it. Its verdict is one
 * of the learned stage's features and its fallback. See docs/algorithms/default.md.
 *
 * 1. prune: mark page furniture (hidden elements, navigation landmarks, forms,
 *    boilerplate class/id names) as removed, never a node that holds most of the text;
 * 2. measure: effective text, link text and commas per node, without removed parts;
 * 3. score: each block's own text scores as a paragraph and gives its score to its
 *    ancestors (Readability's propagation), damped by link density;
 * 4. choose: the best candidate plus the siblings that look like its continuation,
 *    and the title heading when it sits just outside;
 * 5. tidy: drop link-heavy and boilerplate blocks inside the chosen region.
 */
import { type Doc, IS_BLOCK, IS_HEADING, NodeKind, Selection, TAG, tick } from '../../dom/index.js';
import type { ExtractorContext } from '../types.js';
import { classWeight } from './cues.js';
import { HeuristicColumns, measure } from './measure.js';
import { prune } from './prune.js';

export interface HeuristicOptions {
  /** Minimum own-text length for a block to score as a paragraph (Readability: 25). */
  minParagraphLength: number;
  /** How many ancestors receive a paragraph's score (Readability: 5). */
  ancestorLevels: number;
  /** A sibling joins the winner when it scores this share of the winner's score. */
  siblingShare: number;
  /** Inside the result, blocks with a link density above this are dropped. */
  maxLinkDensity: number;
}

export interface HeuristicDiagnostics {
  /** Nodes removed before scoring, by reason. */
  pruned: Record<string, number>;
  /** The best candidates, highest first. */
  candidates: { node: number; tag: string; score: number; textLength: number; linkDensity: number }[];
  /** Blocks dropped inside the chosen region. */
  droppedInside: number;
  /** True when the first result was implausibly short and pruning was relaxed. */
  retried: boolean;
}

export const HEURISTIC_DEFAULTS: HeuristicOptions = {
  minParagraphLength: 25,
  ancestorLevels: 5,
  siblingShare: 0.2,
  maxLinkDensity: 0.5,
};

/** Text length from which a candidate's tag and class bonus count in full. */
const MIN_CANDIDATE_TEXT = 200;

/** What the heuristic stage decided, for the learned stage to build on. */
export interface HeuristicResult {
  selection: Selection;
  roots: number[];
  /** 1 for the top of each subtree pruned as furniture (by the pass that was kept). */
  removed: Uint8Array;
  diagnostics: HeuristicDiagnostics;
}

/**
 * The heuristic stage (pith 0.1): prune, score, choose the best region, tidy it;
 * retried without class/id cues when the result is implausibly short.
 */
export function runHeuristic(
  doc: Doc,
  options: Partial<HeuristicOptions>,
  context: ExtractorContext,
): HeuristicResult {
  const settings = { ...HEURISTIC_DEFAULTS, ...options };
  const first = run(doc, settings, context, true);
  let result = first;
  const root = doc.contentRoot;
  // Implausibly short: relax the class/id pruning and keep the longer result.
  if (first.textLength < 250 && doc.textLength(root) > 2 * first.textLength) {
    const second = run(doc, settings, context, false);
    if (second.textLength > first.textLength) result = { ...second, retried: true };
  }
  return {
    selection: result.selection,
    roots: result.roots,
    removed: result.removed,
    diagnostics: {
      pruned: result.pruned,
      candidates: result.candidates,
      droppedInside: result.droppedInside,
      retried: result.retried,
    },
  };
}

interface RunResult {
  selection: Selection;
  roots: number[];
  textLength: number;
  pruned: Record<string, number>;
  candidates: HeuristicDiagnostics['candidates'];
  droppedInside: number;
  retried: boolean;
  removed: Uint8Array;
}

function run(
  doc: Doc,
  settings: HeuristicOptions,
  context: ExtractorContext,
  useClassCues: boolean,
): RunResult {
  // The spare working columns, or a set of its own for a run that finds none (only a nested one could).
  const columns = spareColumns ?? new HeuristicColumns();
  spareColumns = undefined;
  try {
    return runWith(doc, settings, context, useClassCues, columns);
  } finally {
    if (columns.keepable()) spareColumns = columns;
  }
}
let spareColumns: HeuristicColumns | undefined;

function runWith(
  doc: Doc,
  settings: HeuristicOptions,
  context: ExtractorContext,
  useClassCues: boolean,
  columns: HeuristicColumns,
): RunResult {
  const root = doc.contentRoot;
  const { removed, reasons } = prune(doc, root, useClassCues);
  const counts = measure(doc, removed, columns);
  const scores = scoreCandidates(doc, root, removed, counts, columns, settings, useClassCues);
  const ranked = rankCandidates(doc, scores, counts);
  const best = ranked.length > 0 ? ranked[0].node : root;
  const roots = chooseRegion(doc, best, scores, counts, removed, settings);
  const heading = findTitleHeading(doc, root, roots, removed, context);
  if (heading >= 0) roots.unshift(heading);

  const selection = new Selection(doc);
  for (const node of roots) selection.keepSubtree(node);
  let droppedInside = 0;
  for (const node of roots) droppedInside += tidyInside(doc, node, selection, removed, counts, settings);
  for (let node = root; node < doc.size; node++) {
    tick('pith');
    if (removed[node]) {
      selection.dropSubtree(node);
      node = doc.end(node) - 1;
    }
  }
  return {
    selection,
    roots,
    textLength: selection.keptTextLength(),
    pruned: reasons,
    candidates: ranked.slice(0, 5),
    droppedInside,
    retried: false,
    removed,
  };
}

type Counts = ReturnType<typeof measure>;

/**
 * Readability's propagation: each block's own (inline) text is a paragraph scoring
 * 1 + commas + min(⌊length/100⌋, 3), given in full to its parent, half to the
 * grandparent and 1/(3·level) further up.
 */
function scoreCandidates(
  doc: Doc,
  root: number,
  removed: Uint8Array,
  counts: Counts,
  columns: HeuristicColumns,
  settings: HeuristicOptions,
  useClassCues: boolean,
): Float64Array {
  // Zeroed for the page by `measure`.
  const { scores, initialised } = columns;
  const stop = doc.end(root);
  for (let node = root + 1; node < stop; node++) {
    tick('pith');
    if (removed[node]) {
      node = doc.end(node) - 1;
      continue;
    }
    if (!doc.isElement(node) || !IS_BLOCK[doc.tag(node)]) continue;
    const length = counts.ownText[node];
    if (length < settings.minParagraphLength) continue;
    const paragraphScore = 1 + counts.ownCommas[node] + Math.min(Math.floor(length / 100), 3);
    let ancestor = doc.parent(node);
    for (let level = 0; level < settings.ancestorLevels && ancestor >= root; level++) {
      if (!initialised[ancestor]) {
        initialised[ancestor] = 1;
        // A class name is evidence about a container, not a substitute for its text:
        // the starting score counts in full only from MIN_CANDIDATE_TEXT characters on.
        const sufficiency = Math.min(1, counts.text[ancestor] / MIN_CANDIDATE_TEXT);
        scores[ancestor] += initialScore(doc, ancestor, useClassCues) * sufficiency;
      }
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores[ancestor] += paragraphScore / divider;
      ancestor = doc.parent(ancestor);
    }
  }
  for (let node = root; node < stop; node++) {
    tick('pith');
    if (initialised[node]) scores[node] *= 1 - counts.linkDensity(node);
  }
  return scores;
}

/** Readability's starting score by tag, plus the class/id weight. */
function initialScore(doc: Doc, node: number, useClassCues: boolean): number {
  const tag = doc.tag(node);
  let score = 0;
  if (tag === TAG.div || tag === TAG.article || tag === TAG.main || tag === TAG.section) score += 5;
  else if (tag === TAG.pre || tag === TAG.td || tag === TAG.blockquote) score += 3;
  else if (
    tag === TAG.address ||
    tag === TAG.ol ||
    tag === TAG.ul ||
    tag === TAG.dl ||
    tag === TAG.dd ||
    tag === TAG.dt ||
    tag === TAG.li ||
    tag === TAG.form
  )
    score -= 3;
  else if (IS_HEADING[tag] || tag === TAG.th) score -= 5;
  if (tag === TAG.article || tag === TAG.main) score += 10;
  const itemprop = doc.attr(node, 'itemprop');
  if (itemprop !== undefined && /articlebody|text/i.test(itemprop)) score += 25;
  return useClassCues ? score + classWeight(doc.classAndId(node)) : score;
}

function rankCandidates(doc: Doc, scores: Float64Array, counts: Counts): HeuristicDiagnostics['candidates'] {
  const ranked: HeuristicDiagnostics['candidates'] = [];
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    if (scores[node] === 0) continue;
    ranked.push({
      node,
      tag: doc.tagName(node),
      score: scores[node],
      textLength: counts.text[node],
      linkDensity: counts.linkDensity(node),
    });
  }
  ranked.sort((a, b) => b.score - a.score || a.node - b.node);
  return ranked.slice(0, 32);
}

/**
 * The winner, moved up to its parent when the parent scores almost as well (the
 * article is split over several children), plus siblings that read as its
 * continuation.
 */
function chooseRegion(
  doc: Doc,
  best: number,
  scores: Float64Array,
  counts: Counts,
  removed: Uint8Array,
  settings: HeuristicOptions,
): number[] {
  let top = best;
  // Climb through wrappers that hold nothing else.
  while (
    doc.parent(top) > 0 &&
    counts.text[doc.parent(top)] === counts.text[top] &&
    doc.parent(top) !== doc.body
  ) {
    top = doc.parent(top);
  }
  const parent = doc.parent(top);
  if (parent < 0) return [top];
  const threshold = Math.max(10, scores[best] * settings.siblingShare);
  const topClass = doc.attr(top, 'class') ?? '';
  const roots: number[] = [];
  for (let sibling = doc.firstChild(parent); sibling >= 0; sibling = doc.nextSibling(sibling)) {
    if (sibling === top) {
      roots.push(sibling);
      continue;
    }
    if (removed[sibling] || counts.text[sibling] === 0) continue;
    if (!doc.isElement(sibling) && !doc.isText(sibling)) continue;
    let bonus = 0;
    if (topClass !== '' && doc.attr(sibling, 'class') === topClass) bonus = scores[best] * 0.2;
    if (scores[sibling] + bonus >= threshold) {
      roots.push(sibling);
      continue;
    }
    const length = counts.text[sibling];
    const linkDensity = counts.linkDensity(sibling);
    const isParagraph = doc.tag(sibling) === TAG.p || doc.isText(sibling);
    if (isParagraph && length > 80 && linkDensity < 0.25) roots.push(sibling);
    else if (isParagraph && length > 0 && linkDensity === 0 && /\.( |$)/.test(doc.textContent(sibling)))
      roots.push(sibling);
  }
  return roots;
}

/**
 * The article's heading often sits outside the body container (in a page header).
 * Keep the last h1/h2 before the region whose text matches the page title, or the
 * last h1 before it when there is no title to compare with.
 */
function findTitleHeading(
  doc: Doc,
  root: number,
  roots: number[],
  removed: Uint8Array,
  context: ExtractorContext,
): number {
  if (roots.length === 0) return -1;
  const first = roots[0];
  const title = normaliseTitle(context.title ?? context.metadata?.title ?? '');
  let candidate = -1;
  for (let node = root; node < first; node++) {
    tick('pith');
    if (removed[node]) {
      node = doc.end(node) - 1;
      continue;
    }
    if (doc.kind(node) !== NodeKind.Element) continue;
    const tag = doc.tag(node);
    if (tag !== TAG.h1 && tag !== TAG.h2) continue;
    const text = normaliseTitle(doc.textContent(node));
    if (text === '') continue;
    if (title !== '' ? titlesMatch(text, title) : tag === TAG.h1) candidate = node;
  }
  // Inside the region already? Then nothing to add.
  if (candidate >= 0 && roots.some((region) => doc.contains(region, candidate))) return -1;
  return candidate;
}

function normaliseTitle(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function titlesMatch(heading: string, title: string): boolean {
  return heading === title || title.includes(heading) || heading.includes(title);
}

/**
 * Drops blocks inside the region that read as furniture: mostly links, or a
 * boilerplate class with little text of its own. Returns how many were dropped.
 */
function tidyInside(
  doc: Doc,
  region: number,
  selection: Selection,
  removed: Uint8Array,
  counts: Counts,
  settings: HeuristicOptions,
): number {
  let dropped = 0;
  const regionText = Math.max(1, counts.text[region]);
  const stop = doc.end(region);
  for (let node = region + 1; node < stop; node++) {
    tick('pith');
    if (removed[node] || !doc.isElement(node)) continue;
    const tag = doc.tag(node);
    if (!IS_BLOCK[tag] || IS_HEADING[tag] || tag === TAG.pre || tag === TAG.br) continue;
    const text = counts.text[node];
    if (text === 0) continue;
    const linkDensity = counts.linkDensity(node);
    const weight = classWeight(doc.classAndId(node));
    const share = text / regionText;
    const linkHeavy =
      (linkDensity > settings.maxLinkDensity && share < 0.5) ||
      (linkDensity > 0.33 && text < 200 && doc.linkCount(node) >= 2 && tag !== TAG.p);
    const furniture = weight < 0 && share < 0.25 && counts.commas[node] < 10;
    if (linkHeavy || furniture) {
      selection.dropSubtree(node);
      dropped++;
      node = doc.end(node) - 1;
    }
  }
  return dropped;
}
