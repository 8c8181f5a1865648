/**
 * The page classes of CUTER's evaluation (seed 001, section V): single-body,
 * multi-body (the article's text is interrupted by other content), and with user
 * comments. Our datasets are not labelled by class; these rules derive the class
 * from the gold standard (docs/algorithms/cuter.md, "Page classes").
 */

import { normaliseWords, SequenceMatcher } from '@pith/workbench/eval';
import { NodeKind, parseHtml, TAG } from 'pith/internal';

export type PageClass = 'single-body' | 'multi-body' | 'with-comments';
export const PAGE_CLASSES: readonly PageClass[] = ['single-body', 'multi-body', 'with-comments'];

/** Fewest words of other content that count as an interruption of the article. */
export const MIN_INTERRUPTION_WORDS = 5;
/** Fewest words of comments that make a page one "with comments". */
export const MIN_COMMENT_WORDS = 3;

const LABEL = /(?:^|\s)(x-nc-sel\d)(?:\s|$)/;

/** One run of text of an annotated L3S-GN1 page: its label (or '' when unlabelled) and its words. */
export interface LabelledRun {
  label: string;
  words: number;
}

/**
 * The text of an annotated L3S-GN1 page as runs of words under one label, in document
 * order, by the nearest-labelled-ancestor rule the reader uses (src/eval/datasets/l3s-gn1.ts).
 * Text in script, style, title and in elements marked `x-nc-invisible` is left out.
 */
export function l3sLabelledRuns(annotatedHtml: string): LabelledRun[] {
  const doc = parseHtml(annotatedHtml);
  const { kind, tag, end } = doc.columns;
  const labels: { end: number; label: string }[] = [];
  const runs: LabelledRun[] = [];
  for (let node = 0; node < doc.size; node++) {
    while (labels.length > 0 && node >= labels[labels.length - 1].end) labels.pop();
    if (kind[node] === NodeKind.Element) {
      const t = tag[node];
      const cls = doc.attr(node, 'class') ?? '';
      if (t === TAG.script || t === TAG.style || t === TAG.title || /\bx-nc-invisible\b/.test(cls)) {
        node = end[node] - 1;
        continue;
      }
      const match = LABEL.exec(cls);
      if (match) labels.push({ end: end[node], label: match[1] });
      continue;
    }
    if (kind[node] !== NodeKind.Text) continue;
    const words = normaliseWords(doc.text(node)).length;
    if (words === 0) continue;
    const label = labels.length > 0 ? labels[labels.length - 1].label : '';
    const last = runs[runs.length - 1];
    if (last && last.label === label) last.words += words;
    else runs.push({ label, words });
  }
  return runs;
}

/**
 * L3S-GN1 rule, from the annotation:
 * - with comments: at least MIN_COMMENT_WORDS words labelled comments (x-nc-sel5);
 * - multi-body: between the first and the last full-text run (x-nc-sel2) there is a run
 *   of at least MIN_INTERRUPTION_WORDS words that is neither full text nor headline
 *   (unlabelled, not content, supplemental such as captions, related content, comments);
 * - otherwise single-body.
 */
export function l3sPageClass(runs: readonly LabelledRun[]): PageClass {
  let commentWords = 0;
  for (const run of runs) if (run.label === 'x-nc-sel5') commentWords += run.words;
  if (commentWords >= MIN_COMMENT_WORDS) return 'with-comments';
  return l3sInterrupted(runs) ? 'multi-body' : 'single-body';
}

/** True when the full text (x-nc-sel2) is interrupted by other text (see `l3sPageClass`). */
export function l3sInterrupted(runs: readonly LabelledRun[]): boolean {
  let first = -1;
  let last = -1;
  runs.forEach((run, index) => {
    if (run.label === 'x-nc-sel2') {
      if (first < 0) first = index;
      last = index;
    }
  });
  for (let index = first + 1; index < last; index++) {
    const { label, words } = runs[index];
    if (label !== 'x-nc-sel2' && label !== 'x-nc-sel1' && words >= MIN_INTERRUPTION_WORDS) return true;
  }
  return false;
}

/** Fewest words of a matching block that anchors the gold text in the page. */
const ANCHOR_WORDS = 3;
/** The article body starts at the first anchor this long (headline, byline and date come before it). */
const BODY_START_WORDS = 20;

/**
 * Rule for gold standards that are plain text (CleanEval, CleanPortalEval), by aligning
 * the page's visible text with the gold text (difflib matching blocks, autojunk off):
 * the gold is interrupted when, after the first matching block of at least
 * BODY_START_WORDS words, two consecutive matching blocks of at least ANCHOR_WORDS
 * words that follow each other in the gold (at most 2 gold words apart) lie at least
 * MIN_INTERRUPTION_WORDS page words apart. Comments cannot be told from the text
 * alone, so these pages are single-body or multi-body only.
 */
export function alignedInterrupted(
  pageText: string,
  goldText: string,
  options: { bodyStartWords?: number; minInterruptionWords?: number } = {},
): boolean {
  const bodyStartWords = options.bodyStartWords ?? BODY_START_WORDS;
  const minInterruption = options.minInterruptionWords ?? MIN_INTERRUPTION_WORDS;
  const page = normaliseWords(pageText);
  const gold = normaliseWords(goldText);
  if (page.length === 0 || gold.length === 0) return false;
  const blocks = new SequenceMatcher(page, gold, { autojunk: false })
    .getMatchingBlocks()
    .filter((block) => block.size >= ANCHOR_WORDS);
  const start = blocks.findIndex((block) => block.size >= bodyStartWords);
  if (start < 0) return false;
  for (let index = start + 1; index < blocks.length; index++) {
    const previous = blocks[index - 1];
    const block = blocks[index];
    const pageGap = block.a - (previous.a + previous.size);
    const goldGap = block.b - (previous.b + previous.size);
    if (pageGap >= minInterruption && goldGap <= 2) return true;
  }
  return false;
}
