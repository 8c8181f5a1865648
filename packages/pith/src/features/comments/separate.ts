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
  /**
   * Whether the page reads as a forum (the page-type model's type). Where sections would leave
   * the body and this says forum, they stay — a discussion's replies are its content (WCXB's gold
   * keeps a forum's posts) — unless the kept text outside them is a post apart by markup over more
   * comments than a forum's page holds ({@link MIN_COMMENTS_APART}, `postApartByMarkup`: a blog
   * post over its readers' comments read as a forum, L3S-GN1 e906b620). Called at most once, and
   * only where a section would leave.
   */
  readsAsForum?: () => boolean;
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
  let apart: boolean | undefined;
  const isStory = (outside: number) => {
    if (!options.readsAsArticle || outside < MIN_STORY_TEXT) return false;
    // One long authored text over many short replies (the replies' median is the page's), on a
    // page that reads as an article; each read once.
    median ??= medianComment(doc, found);
    if (median === 0 || outside < STORY_OVER_REPLY * median) return false;
    article ??= options.readsAsArticle();
    if (article) return true;
    // Or the markup says so, whatever the page type reads: the story is one post of its own.
    apart ??= commentCount(found) >= MIN_COMMENTS_APART && postApartByMarkup(doc, kept, found, outside);
    return apart;
  };
  // `outside` is read only for the story test, when the share says thread.
  const isThread = (inside: number, outside: () => number = () => totalKept - inside) =>
    inside > 0 && totalKept - inside < forumOutsideShare * inside && !isStory(outside());
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
  // The share sums the sections as found: the finder can return the same comments twice, and
  // counting them once took two forum threads apart (CleanEval 279 0.985 → 0.827, WCXB 0550
  // 0.853 → 0.626; docs/benchmarks-journal.md, s37-l3s3). The story test reads the text outside
  // them all, each node once: summed twice, a post under its thread read as nothing (L3S-GN1
  // e906b620, the same 138 comments found at 0.85 and at 0.65).
  const outsideAll = () => totalKept - keptInSections(sections, doc, keptIn);
  if (sections.length === 0 || isThread(insideAll, outsideAll)) return { body: extraction, sections: [] };
  // A discussion keeps its replies: on a page read as a forum no section leaves, unless what is
  // kept outside them is a story apart by markup (the same reading as the story test's).
  if (options.readsAsForum?.()) {
    apart ??= commentCount(found) >= MIN_COMMENTS_APART && postApartByMarkup(doc, kept, found, outsideAll());
    if (!apart) return { body: extraction, sections: [] };
  }
  const body = new Selection(doc);
  body.kept.set(kept);
  for (const section of sections) for (const node of section.nodes) body.dropSubtree(node);
  return { body: { ...extraction, selection: body }, sections };
}

/** The kept text inside any of the sections, each node counted once (sections may overlap). */
function keptInSections(
  sections: readonly CommentSection[],
  doc: Doc,
  keptIn: (start: number, stop: number) => number,
): number {
  const ranges = sections.flatMap((section) => section.nodes.map((node) => [node, doc.end(node)] as const));
  ranges.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = 0;
  for (const [start, stop] of ranges) {
    const from = Math.max(start, reached);
    if (stop > from) total += keptIn(from, stop);
    reached = Math.max(reached, stop);
  }
  return total;
}

/**
 * Comments (of the largest section) a post apart by markup needs under it: more than a forum's page
 * holds (forums paginate at 10–40 posts: phpBB 15, vBulletin 10–20, XenForo and Discourse 20),
 * where a blog post's readers' comments are all on its page. Below it the comments stay with the
 * post: CleanEval's gold keeps a blog's comments (CleanEval 152, the same Movable Type markup as
 * L3S-GN1 e906b620, under 10 comments: 0.959 → 0.598 without this floor).
 */
export const MIN_COMMENTS_APART = 50;

/** The comments of the largest section (the finder may return the same comments twice). */
function commentCount(sections: readonly CommentSection[]): number {
  let most = 0;
  for (const section of sections) most = Math.max(most, section.comments.length);
  return most;
}

/**
 * Share of the kept text outside the sections that one element must hold for
 * {@link postApartByMarkup}: the post's title and byline may sit just outside its body.
 */
export const POST_APART_SHARE = 0.6;

/**
 * Whether the kept text outside the comment sections is one post in markup of its own: most of
 * it (at least {@link POST_APART_SHARE}) has as nearest classed element one element whose class
 * no other element of the page has, beside the sections (holding none of them). A blog post over
 * its readers' comments: L3S-GN1 e906b620, a Movable Type post in `div.blogbody` over 138
 * comments in `div.comments-body`, read as a forum at 0.686 by the page type. A forum's first post
 * shares its container's class with the replies (`div.postbody`, `div.post-text`), or its
 * nearest classed element is the thread's table that holds the replies too: neither is apart.
 */
function postApartByMarkup(
  doc: Doc,
  kept: Uint8Array,
  sections: readonly CommentSection[],
  outside: number,
): boolean {
  const { kind, textLength } = doc.columns;
  const inSection = new Uint8Array(doc.size);
  for (const section of sections) for (const node of section.nodes) inSection.fill(1, node, doc.end(node));
  // The kept text outside, by the nearest ancestor that has a class.
  const byHolder = new Map<number, number>();
  for (let node = 0; node < doc.size; node++) {
    if (inSection[node] || !kept[node] || kind[node] !== NodeKind.Text) continue;
    let holder = doc.parent(node);
    while (holder > 0 && doc.classValueNumber(holder) === 0) holder = doc.parent(holder);
    byHolder.set(holder, (byHolder.get(holder) ?? 0) + textLength[node]);
  }
  let post = -1;
  let most = 0;
  for (const [holder, length] of byHolder) {
    if (length > most) [post, most] = [holder, length];
  }
  if (post <= 0 || most < POST_APART_SHARE * outside) return false;
  for (const section of sections) if (doc.contains(post, section.root)) return false;
  // No other element shares a class word with the post (XenForo's first post in `block-body …`,
  // vBulletin's in `threadview-post main-post`: their replies and blocks share those words).
  const words = new Set(classWords(doc.attr(post, 'class') ?? ''));
  const seen = new Uint8Array(doc.classCount);
  for (let node = 0; node < doc.size; node++) {
    if (node === post || kind[node] !== NodeKind.Element) continue;
    const value = doc.classValueNumber(node);
    if (value === 0 || seen[value]) continue;
    seen[value] = 1;
    for (const word of classWords(doc.attr(node, 'class') ?? '')) if (words.has(word)) return false;
  }
  return true;
}

/** The words of a class attribute, lower-cased. */
function classWords(value: string): string[] {
  return value.toLowerCase().split(/\s+/).filter(Boolean);
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
