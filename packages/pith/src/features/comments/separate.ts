/**
 * The comments step of the pipeline, before formatting: which comment sections leave the body
 * and are output apart, and the body without them.
 */
import { type Doc, type Extraction, NodeKind, Selection } from '../../dom/index.js';
import { type CommentSection, findComments } from './find.js';

/** Default confidence a section needs to be output as comments. */
export const MIN_COMMENT_CONFIDENCE = 0.5;
/** A section is the content when the kept text outside it is under this share of the kept text inside. */
export const FORUM_OUTSIDE_SHARE = 0.15;
/**
 * The same share when comments are only left out of the body, not output (the default): a
 * section stays unless the kept text outside it is larger. Forum threads whose first post sits
 * outside the replies' section lost their replies with 0.15 (WCXB dev forum pages,
 * cross-validated bag-of-words F1 0.779 → 0.608).
 */
export const FORUM_OUTSIDE_SHARE_UNASKED = 1;
/**
 * A story with readers' comments, not a thread: the kept text outside the sections is at least
 * this many times the median comment's own text. A forum's first post is about as long as its
 * replies (WCXB 0570, a Slashdot story: 1,160 characters kept outside over a median reply of 440,
 * 2.6×; the WordPress-markup thread of test/format/comments.test.ts, 1.4×); a news item is one long
 * authored text over many short replies (L3S-GN1 51070347: 1,135 characters over a median of 85).
 * Not sharp alone: WCXB forum pages where a question sits over short answers reach 4–10× (the
 * page type tells them apart; docs/benchmarks-journal.md, "Readers' comments in a news body").
 */
export const STORY_OVER_REPLY = 4;
/** …and at least this long (characters): a few lines over one-line replies are not a story. */
export const MIN_STORY_TEXT = 600;

/** How the comments step runs. */
export interface SeparateCommentsOptions {
  /** Confidence a section needs to leave the body (default {@link MIN_COMMENT_CONFIDENCE}). */
  minConfidence?: number;
  /** Share of kept text outside a section under which it is the content (default {@link FORUM_OUTSIDE_SHARE}). */
  forumOutsideShare?: number;
  /**
   * Look for sections only in the smallest subtree holding everything kept. Right when the
   * sections are only taken out of the body and not output: one wholly outside what was kept
   * changes nothing, and the step costs half as much (0.94 → 0.46 ms/page CPU on 200 pages of
   * L3S-GN1 and WCXB dev, of about 16 for the whole extraction).
   */
  keptSubtreeOnly?: boolean;
  /**
   * Whether the page reads as an article (the page-type model). Where a section would stay as a
   * thread by `forumOutsideShare` but what was kept outside it reads as a story with replies
   * ({@link STORY_OVER_REPLY}, {@link MIN_STORY_TEXT}) and this says article, the section leaves
   * the body, whatever its share (L3S-GN1 f5a46a81: a story of 1,700 characters under 13,000 of
   * comments). Called at most once, and only there
   * (the page type costs the quality step, which the text formats do not otherwise pay).
   */
  readsAsArticle?: () => boolean;
}

/** A body without its comments, and the comment sections taken out of it. */
export interface SeparatedComments {
  /** The extraction with the comment sections' nodes no longer kept. */
  body: Extraction;
  /** The sections output as comments (at or above the confidence). */
  sections: CommentSection[];
}

/**
 * Finds the page's comments and takes them out of an extraction's body.
 * A section that is nearly all the extractor kept (what it kept outside the
 * section is under 15% of what it kept inside: a forum thread, whose posts are
 * the content) stays in the body and is not output as comments; so do sections
 * under `minConfidence`.
 */
export function separateComments(
  extraction: Extraction,
  options: SeparateCommentsOptions = {},
): SeparatedComments {
  const minConfidence = options.minConfidence ?? MIN_COMMENT_CONFIDENCE;
  const forumOutsideShare = options.forumOutsideShare ?? FORUM_OUTSIDE_SHARE;
  const { doc, selection } = extraction;
  const kept = selection.kept;
  const { kind, textLength } = doc.columns;
  // The first and last kept node (what holds both holds it all), found from the ends.
  let first = 0;
  while (first < doc.size && !kept[first]) first++;
  if (first === doc.size) first = -1;
  let last = doc.size - 1;
  while (last > first && !kept[last]) last--;
  // Nothing kept: no body to take sections out of (when they are output, they are still found).
  if (first < 0 && options.keptSubtreeOnly) return { body: extraction, sections: [] };
  const within = options.keptSubtreeOnly && first >= 0 ? searchRoot(doc, first, last) : 0;
  const found = findComments(doc, { within }).filter((section) => section.confidence >= minConfidence);
  if (found.length === 0) return { body: extraction, sections: [] };
  // The kept text before each node, in one pass (a section's share is then two reads, not a walk
  // of its subtree per section); only on the few pages with a section to weigh.
  const keptBefore = new Float64Array(doc.size + 1);
  let totalKept = 0;
  for (let node = 0; node < doc.size; node++) {
    keptBefore[node] = totalKept;
    if (kept[node] && kind[node] === NodeKind.Text) totalKept += textLength[node];
  }
  keptBefore[doc.size] = totalKept;
  const keptIn = (start: number, stop: number) => keptBefore[stop] - keptBefore[start];
  let median: number | undefined;
  let article: boolean | undefined;
  const isStory = (inside: number) => {
    const outside = totalKept - inside;
    if (!options.readsAsArticle || outside < MIN_STORY_TEXT) return false;
    // One long authored text over many short replies (the replies' median is the page's), on a
    // page that reads as an article; each read once.
    median ??= medianComment(doc, found);
    if (median === 0 || outside < STORY_OVER_REPLY * median) return false;
    article ??= options.readsAsArticle();
    return article;
  };
  const isThread = (inside: number) =>
    inside > 0 && totalKept - inside < forumOutsideShare * inside && !isStory(inside);
  let insideAll = 0;
  const sections = found.filter((section) => {
    let inside = 0;
    for (const node of section.nodes) inside += keptIn(node, doc.end(node));
    if (isThread(inside)) return false;
    insideAll += inside;
    return true;
  });
  // Sections that together are nearly all that was kept are a thread too (a forum whose
  // posts are found as several sections: each alone is a minority, all of them the page).
  if (sections.length === 0 || isThread(insideAll)) return { body: extraction, sections: [] };
  const body = new Selection(doc);
  body.kept.set(kept);
  for (const section of sections) for (const node of section.nodes) body.dropSubtree(node);
  return { body: { ...extraction, selection: body }, sections };
}

/** The median of the comments' own text (characters; replies and signatures left out), 0 without any. */
function medianComment(doc: Doc, sections: readonly CommentSection[]): number {
  const lengths: number[] = [];
  for (const section of sections) {
    for (const comment of section.comments) {
      let length = 0;
      for (const part of comment.text) length += doc.textLength(part);
      for (const part of comment.skip) length -= doc.textLength(part);
      lengths.push(Math.max(0, length));
    }
  }
  if (lengths.length === 0) return 0;
  lengths.sort((a, b) => a - b);
  return lengths[lengths.length >> 1];
}

/**
 * Levels above the smallest element holding everything kept where the search starts: a
 * thread's marked container and its heading sit just outside the posts the extractor kept,
 * and without them the posts were found as sections of their own and left the body (one
 * WCXB forum page of 1,285 checked with bench/speed/identical.ts; none with two levels).
 */
const KEPT_SUBTREE_MARGIN = 2;

/** The smallest element holding `first` and `last`, {@link KEPT_SUBTREE_MARGIN} levels up. */
function searchRoot(doc: Doc, first: number, last: number): number {
  let root = doc.parent(first);
  while (root > 0 && !doc.contains(root, last)) root = doc.parent(root);
  for (let up = 0; up < KEPT_SUBTREE_MARGIN && root > 0; up++) root = doc.parent(root);
  return Math.max(root, 0);
}
