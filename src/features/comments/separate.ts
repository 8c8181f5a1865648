/**
 * The comments step of the pipeline, before formatting: which comment sections leave the body
 * and are output apart, and the body without them.
 */
import { type Extraction, NodeKind, Selection } from '../../dom/index.js';
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
  minConfidence = MIN_COMMENT_CONFIDENCE,
  forumOutsideShare = FORUM_OUTSIDE_SHARE,
): SeparatedComments {
  const { doc, selection } = extraction;
  const kept = selection.kept;
  const { kind, textLength } = doc.columns;
  const keptIn = (start: number, stop: number) => {
    let total = 0;
    for (let node = start; node < stop; node++)
      if (kept[node] && kind[node] === NodeKind.Text) total += textLength[node];
    return total;
  };
  const totalKept = keptIn(0, doc.size);
  const isThread = (inside: number) => inside > 0 && totalKept - inside < forumOutsideShare * inside;
  let insideAll = 0;
  const sections = findComments(doc).filter((section) => {
    if (section.confidence < minConfidence) return false;
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
