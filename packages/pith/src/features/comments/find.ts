/**
 * The comment finder: where a page's comment sections are, and the individual
 * comments in them (extent, author, date, text), as node ids. Pure; a few
 * linear passes over the document, and walks inside candidate sections that
 * are bounded by their size.
 */

import {
  type Doc,
  IS_BLOCK,
  IS_HEADING,
  IS_HIDDEN_CONTENT,
  NodeKind,
  TAG,
  tick,
  trimCodes,
} from '../../dom/index.js';
import {
  ACTION_CLASS,
  AUTHOR_CLASS,
  BY_LABEL,
  COMMENT_CLASS,
  COMMENT_HEADING,
  COMMENT_LABEL,
  COMMENT_LABEL_STEM,
  COMMENT_WIDGET,
  CONTENT_CLASS,
  DATE_CLASS,
  DATE_TEXT,
  ITEM_REMAINDER,
  NOT_COMMENT,
  PART_REMAINDER,
  POSTED_BY,
  POSTED_BY_STEM,
  REPLY_TEXT,
  SECTION_REMAINDER,
  WORDPRESS_ITEM,
} from './cues.js';
import { periodicSpans } from './periodic.js';

/** One comment. Node ids refer to the `Doc` the finder ran on. */
export interface FoundComment {
  /** The first element of the comment (its replies, when the page nests them, are inside it). */
  readonly node: number;
  /**
   * One past its last node: the comment is the nodes `node … end - 1`. Usually
   * `doc.end(node)`; more when a page writes a comment as sibling blocks
   * (text, then "Posted by … at …") with no element around them.
   */
  readonly end: number;
  /** The elements holding the comment's own text, in order (a marked part such as `comment-content`, or the comment). */
  readonly text: readonly number[];
  /** The element naming the author, or -1 (its text may carry a label: "Posted by: Ann | 5 May"). */
  readonly author: number;
  /** The element giving the date (a `<time>` when there is one), or -1. */
  readonly date: number;
  /** Index in `CommentSection.comments` of the comment this one replies to, or -1. */
  readonly replyTo: number;
  /**
   * Elements inside `text` that are not the comment's text: nested replies,
   * reply links and other actions, forms, and the author and date when they sit
   * inside `text`.
   */
  readonly skip: readonly number[];
}

/** One comment section. */
export interface CommentSection {
  /** The element holding the section (its heading and reply form too, when they are close). */
  readonly root: number;
  /**
   * Every subtree that belongs to the section, `root` first; a heading ("3
   * Comments") just outside `root` is listed after it.
   */
  readonly nodes: readonly number[];
  /**
   * The comments, in document order (a reply after the comment it answers).
   * Empty for a section that holds only a heading, a notice and a reply form.
   */
  readonly comments: readonly FoundComment[];
  /**
   * 0–1: how sure the finder is that this is a comment section (class/id and
   * schema.org cues, a heading, authors, dates, reply links, how many comments).
   * Forums have the same structure: whether comments are the page's content is
   * for the extractor to decide (see `textShare`).
   */
  readonly confidence: number;
  /**
   * The cues that were found: `item-class`, `item-markup` (schema.org,
   * `itemprop=comment`, WordPress classes), `part-class` (repeated
   * `comment-text` parts), `section-class`, `heading`, `authors`, `dates`,
   * `reply` (reply links or a form with a text area), `structure` (comments found
   * only as repeated blocks).
   */
  readonly cues: readonly string[];
  /** Share of the page's visible text (of the `<body>`) inside the section, 0–1. */
  readonly textShare: number;
}

export interface FindCommentsOptions {
  /** Look only inside this element (default: the whole document). */
  within?: number;
}

/** Tags a comment is never written as (`<span>`/`<font>` only when they hold blocks). */
const NEVER_ITEM = new Set<number>([
  TAG.a,
  TAG.time,
  TAG.b,
  TAG.strong,
  TAG.em,
  TAG.i,
  TAG.small,
  TAG.img,
  TAG.abbr,
  TAG.cite,
  TAG.label,
  TAG.u,
  TAG.sup,
  TAG.sub,
  TAG.button,
  TAG.input,
  TAG.textarea,
  TAG.select,
  TAG.form,
  TAG.h1,
  TAG.h2,
  TAG.h3,
  TAG.h4,
  TAG.h5,
  TAG.h6,
  TAG.body,
  TAG.html,
  TAG.main,
]);
const INLINE_WRAPPER = new Set<number>([TAG.span, TAG.font]);

const SCHEMA_COMMENT = /schema\.org\/(?:User)?Comments?\b/i;
const DIGITS = /\d/;
/** Longest author or date text taken, in characters. */
const MAX_LABEL_TEXT = 80;
/** Most levels a section root climbs above its comments to take in a heading or form. */
const MAX_CLIMB = 5;
/** Regions (sections without marked comments) looked into, at most, per page. */
const MAX_REGIONS = 40;
/** Longest text of a comment label that is not a heading ("Reader comments (12)"). */
const MAX_LABEL_TEXT_LENGTH = 40;
/**
 * Most such labels a page may have for any to count: a label repeated down a page is a teaser's
 * comment counter ("3 Comments" under each story of a listing), not the head of this page's comments.
 */
const MAX_LABELS = 2;
/** Tags a comment label that is not a heading is written as. */
const LABEL_TAGS = new Set<number>([
  TAG.div,
  TAG.p,
  TAG.span,
  TAG.td,
  TAG.th,
  TAG.dt,
  TAG.b,
  TAG.strong,
  TAG.font,
]);

type CueKind = 'item' | 'section' | 'part' | 'widget';

interface Cue {
  kind: CueKind;
  /** Tag plus the cue token with digits dropped: elements of one kind of comment share it. */
  signature: string;
  /** The cue came from schema.org, `itemprop` or WordPress item classes (surer than a class word). */
  strong: boolean;
  /** What the token adds to "comment": 'text', 'meta', 'list'… */
  remainder: string;
}

/** What a class/id token with a comment word names: a comment, a section, or a part of one comment. */
function tokenKind(token: string, match: RegExpExecArray): { kind: CueKind; remainder: string } {
  const after = token.slice(match.index + match[0].length);
  const plural = match[0] === 'comment' && /^s(?![a-z])|^s(?:item|entry|box)/.test(after);
  const joined = (token.slice(0, match.index) + (plural ? after.slice(1) : after))
    .replace(/\d+/g, '')
    .replace(/^(?:li|div|article|js|wp|c|the|my|user)[-_]+/, '');
  // Dashes and underscores off both ends by a scan (a regex is quadratic on a long run inside: trimCodes).
  const remainder = trimCodes(joined, (code) => code === 0x2d || code === 0x5f);
  if (remainder === '' || ITEM_REMAINDER.test(remainder))
    return { kind: plural && remainder === '' ? 'section' : 'item', remainder };
  if (plural || SECTION_REMAINDER.test(remainder)) return { kind: 'section', remainder };
  if (PART_REMAINDER.test(remainder)) return { kind: 'part', remainder };
  return { kind: 'item', remainder };
}

/**
 * A cheap first test (most elements have none): a comment word in the class or id (the
 * lower-cased string the document caches for every class/id cue), or microdata. `microdata`
 * is false on a page where no element has an `itemtype` or `itemprop` (most pages: two scans of
 * the attribute store, not two lookups per element, each hashing the name).
 */
function mayHaveCue(doc: Doc, node: number, microdata: boolean, commentClass: Uint8Array): boolean {
  return (
    hasCommentClass(doc, node, commentClass) ||
    (microdata && (doc.attr(node, 'itemtype') !== undefined || doc.attr(node, 'itemprop') !== undefined))
  );
}

/**
 * `COMMENT_CLASS` tested on the element's class and id, the answer kept by the page's class number
 * (`Doc.classNumber`; `answers`: 0 not tested yet, 1 no, 2 yes): a card grid's elements share a
 * class, and the test ran on every visible element.
 */
function hasCommentClass(doc: Doc, node: number, answers: Uint8Array): boolean {
  const number = doc.classNumber(node);
  if (number === 0) return false;
  if (number < 0) return COMMENT_CLASS.test(doc.classAndId(node));
  const known = answers[number];
  if (known !== 0) return known === 2;
  const answer = COMMENT_CLASS.test(doc.classAndId(node));
  answers[number] = answer ? 2 : 1;
  return answer;
}

/** Whether any element of the page has an `itemtype` or `itemprop` attribute. */
function hasMicrodata(doc: Doc): boolean {
  return doc.hasAttributeContaining('itemtype', '') || doc.hasAttributeContaining('itemprop', '');
}

/** Reads the comment cue of an element from its class, id, itemtype and itemprop. */
function cueOf(doc: Doc, node: number): Cue | undefined {
  const itemtype = doc.attr(node, 'itemtype');
  const tag = doc.tagName(node);
  if (itemtype !== undefined && SCHEMA_COMMENT.test(itemtype)) {
    return { kind: 'item', signature: `${tag}:schema`, strong: true, remainder: '' };
  }
  const itemprop = doc.attr(node, 'itemprop');
  if (itemprop !== undefined && /(?:^|\s)comment(?:\s|$)/i.test(itemprop)) {
    return { kind: 'item', signature: `${tag}:itemprop`, strong: true, remainder: '' };
  }
  const cues = doc.classAndId(node);
  if (cues === '') return undefined;
  if (COMMENT_WIDGET.test(cues) || NOT_COMMENT.test(cues))
    return { kind: 'widget', signature: '', strong: false, remainder: '' };
  let best: Cue | undefined;
  for (const token of cues.split(/\s+/, 40)) {
    const match = COMMENT_CLASS.exec(token);
    if (!match) continue;
    const { kind, remainder } = tokenKind(token, match);
    // An item cue beats a section cue, which beats a part cue.
    if (!best || rankOf(kind) > rankOf(best.kind)) {
      best = { kind, signature: `${tag}:${token.replace(/\d+/g, '#')}`, strong: false, remainder };
    }
  }
  if (WORDPRESS_ITEM.test(cues)) {
    if (best?.kind !== 'item')
      return { kind: 'item', signature: `${tag}:wordpress`, strong: true, remainder: '' };
    best.strong = true;
  }
  return best;
}

function rankOf(kind: CueKind): number {
  return kind === 'item' ? 3 : kind === 'section' ? 2 : kind === 'part' ? 1 : 0;
}

/** A comment candidate: the sibling elements `nodes` (usually one). */
type Item = readonly number[];

/**
 * Finds the comment sections of a page and the comments in them.
 *
 * 1. Comments marked as such: elements whose class/id holds a comment word
 *    naming a whole comment (`comment`, `comment-123`, `single-comment` — not
 *    `comment-content` or `comments-area`), schema.org `Comment` items,
 *    `itemprop=comment`, WordPress item classes. Elements of one kind (same tag
 *    and class word) holding two or more of another kind are containers, one
 *    nested in another of a different kind is a part, and one nested in another
 *    of the same kind is a reply.
 * 2. Regions without marked comments: elements marked as a comment section
 *    (`#comments`, `.commentlist`, `#disqus_thread`), parents of repeated
 *    `comment-text`-like parts, and what follows a heading with a comment word
 *    ("Kommentare", "Leave a Reply"). Their comments are the largest run of
 *    repeated sibling blocks inside: one block each, or a repeating pair or
 *    triple (text, then "Posted by …"). A marked region with a heading or a
 *    reply form and no comments is a section with none.
 * 3. A section's root climbs from its comments to take in a close heading and
 *    reply form, never past an element that adds much other text or an `<h1>`.
 *
 * Widgets listing other pages' comments ("Recent comments") are never sections.
 * Sections come in document order and do not overlap.
 */
export function findComments(doc: Doc, options: FindCommentsOptions = {}): CommentSection[] {
  const within = options.within ?? 0;
  const stop = doc.end(within);
  const { kind, tag, end, hidden } = doc.columns;

  // ── pass 1: cues ─────────────────────────────────────────────────────────
  const cues = new Map<number, Cue>();
  const headings: number[] = [];
  const labels: number[] = [];
  const labelStems = new StemScan(doc, COMMENT_LABEL_STEM);
  const microdata = hasMicrodata(doc);
  const commentClass = new Uint8Array(doc.classCount);
  for (let node = within; node < stop; node++) {
    tick('comments');
    if (kind[node] !== NodeKind.Element) continue;
    const t = tag[node];
    if (hidden[node] || IS_HIDDEN_CONTENT[t] || doc.textLength(node) === 0) {
      node = end[node] - 1;
      continue;
    }
    if (IS_HEADING[t]) headings.push(node);
    else if (
      LABEL_TAGS.has(t) &&
      doc.textLength(node) <= MAX_LABEL_TEXT_LENGTH &&
      !(labels.length > 0 && doc.contains(labels[labels.length - 1], node)) &&
      isCommentLabel(doc, node, labelStems)
    )
      labels.push(node);
    if (!mayHaveCue(doc, node, microdata, commentClass)) continue;
    const cue = cueOf(doc, node);
    if (!cue) continue;
    if (cue.kind === 'widget') {
      // Everything inside a "recent comments" widget is about other pages.
      node = end[node] - 1;
      continue;
    }
    cues.set(node, cue);
  }

  // ── marked comments ───────────────────────────────────────────────────────
  const items = markedItems(doc, cues);
  const itemSet = new Set(items);
  const bodyText = Math.max(1, doc.textLength(doc.contentRoot));
  const drafts: Draft[] = [];
  for (const cluster of clusterItems(doc, items)) drafts.push(draftFor(doc, cluster, cues, 'marked'));

  // ── regions without marked comments ───────────────────────────────────────
  const inDraft = (draft: Draft, node: number) =>
    (draft.parts ?? [draft.root]).some((part) => doc.contains(part, node));
  const taken = (node: number) =>
    drafts.some((draft) => inDraft(draft, node) || doc.contains(node, draft.root));
  const regions: { node: number; start: number; stop: number; how: string }[] = [];
  // Parents of repeated text parts ("commenttext"…): the region starts at the first part
  // (or at the short block before it, its "Posted by" line), not at the article before.
  const siblingParts = new Map<number, { count: number; first: number }>();
  for (const [node, cue] of cues) {
    if (cue.kind === 'part' && /^(?:body|content|contents|text|txt|message|msg|entry)$/.test(cue.remainder)) {
      const parent = doc.parent(node);
      const seen = siblingParts.get(parent);
      if (seen) {
        seen.count++;
        seen.first = Math.min(seen.first, node);
      } else siblingParts.set(parent, { count: 1, first: node });
    }
  }
  for (const [parent, { count, first }] of siblingParts) {
    if (count < 2) continue;
    const before = previousElementSibling(doc, first);
    const start = before >= 0 && doc.textLength(before) <= 200 && !IS_HEADING[tag[before]] ? before : first;
    regions.push({ node: parent, start, stop: end[parent], how: 'part-class' });
  }
  for (const [node, cue] of cues) {
    if (cue.kind === 'section' || (cue.kind === 'item' && !itemSet.has(node))) {
      if (NEVER_ITEM.has(tag[node]) && tag[node] !== TAG.form) continue;
      if (doc.textLength(node) > 0.8 * bodyText) continue;
      regions.push({ node, start: node + 1, stop: end[node], how: 'section-class' });
    }
  }
  for (const heading of headings) {
    if (doc.textLength(heading) > 80 || !COMMENT_HEADING.test(doc.textContent(heading))) continue;
    const parent = doc.parent(heading);
    if (parent < 0 || tag[parent] === TAG.html) continue;
    regions.push({ node: heading, start: end[heading], stop: end[parent], how: 'heading' });
  }
  // Labels that are not headings read as headings, when the page has one or two of them; a label
  // wrapped in elements that hold nothing else is read from its outermost wrapper.
  if (labels.length <= MAX_LABELS) {
    for (let label of labels) {
      let parent = doc.parent(label);
      while (parent > 0 && tag[parent] !== TAG.body && doc.textLength(parent) === doc.textLength(label)) {
        label = parent;
        parent = doc.parent(label);
      }
      if (parent < 0 || tag[parent] === TAG.html) continue;
      regions.push({ node: label, start: end[label], stop: end[parent], how: 'heading' });
    }
  }
  // Outer regions first, so a marked section is tried before the parts inside it.
  regions.sort((a, b) => a.start - b.start || b.stop - a.stop);
  let tried = 0;
  for (const region of regions) {
    if (tried >= MAX_REGIONS) break;
    if (taken(region.node) || drafts.some((draft) => doc.contains(region.node, draft.root))) continue;
    if (region.stop - region.start < 2) continue;
    tried++;
    const repeated = repeatedItems(doc, region.start, region.stop);
    if (repeated.length > 0) {
      const draft = draftFor(
        doc,
        repeated,
        cues,
        region.how,
        region.how === 'section-class' ? region.node : -1,
        region.how === 'heading' ? region.node : -1,
      );
      if (
        region.how === 'heading' &&
        !(draft.parts ?? [draft.root]).some((part) => doc.contains(part, region.node)) &&
        !draft.extra.includes(region.node)
      )
        draft.extra.unshift(region.node);
      draft.structure = true;
      drafts.push(draft);
    } else if (region.how === 'section-class' && cues.get(region.node)?.kind === 'section') {
      // A marked section with a heading or a reply form but no comments ("No comments yet").
      if (
        doc.textLength(region.node) <= 1500 &&
        (hasCommentHeading(doc, region.node, end[region.node]) || hasTextArea(doc, region.node))
      ) {
        drafts.push({
          root: region.node,
          parts: undefined,
          items: [],
          cues: new Set(['section-class']),
          extra: [],
          structure: false,
        });
      }
    }
  }

  drafts.sort((a, b) => a.root - b.root);
  const out: CommentSection[] = [];
  for (const draft of drafts) {
    if (out.some((section) => section.nodes.some((node) => doc.contains(node, draft.root)))) continue;
    out.push(finish(doc, draft, cues, bodyText));
  }
  return out;
}

/** Marked comments (step 1), each a single element, in document order. */
function markedItems(doc: Doc, cues: Map<number, Cue>): number[] {
  const { tag, end } = doc.columns;
  const groups = new Map<string, number[]>();
  const sectionGroups = new Map<string, number[]>();
  for (const [node, cue] of cues) {
    if (cue.kind === 'section' && !NEVER_ITEM.has(tag[node])) {
      const members = sectionGroups.get(cue.signature);
      if (members) members.push(node);
      else sectionGroups.set(cue.signature, [node]);
    }
    if (cue.kind !== 'item' || NEVER_ITEM.has(tag[node])) continue;
    if (INLINE_WRAPPER.has(tag[node]) && !holdsBlock(doc, node)) continue;
    let members = groups.get(cue.signature);
    if (!members) {
      members = [];
      groups.set(cue.signature, members);
    }
    members.push(node);
  }
  // "comments-body" written once per comment: a section word repeated as siblings names the comments.
  for (const [signature, members] of sectionGroups) {
    const parent = doc.parent(members[0]);
    if (members.length < 2 || !members.every((node) => doc.parent(node) === parent)) continue;
    let text = 0;
    for (const node of members) text += doc.textLength(node);
    if (text < 30 * members.length) continue;
    groups.set(signature, members);
    for (const node of members) (cues.get(node) as Cue).kind = 'item';
  }
  const valid = new Map<string, number[]>();
  for (const [signature, members] of groups) {
    if (members.length === 1) {
      const node = members[0];
      const cue = cues.get(node) as Cue;
      const id = doc.attr(node, 'id') ?? '';
      const parentTag = tag[doc.parent(node)];
      const single =
        cue.strong ||
        (DIGITS.test(id) && COMMENT_CLASS.test(id.toLowerCase())) ||
        ((parentTag === TAG.ol || parentTag === TAG.ul) && tag[node] === TAG.li);
      if (!single) continue;
    }
    let text = 0;
    let linkText = 0;
    for (const node of members) {
      text += doc.textLength(node);
      linkText += doc.linkTextLength(node);
    }
    if (text < 10 || linkText > 0.75 * text) continue;
    valid.set(signature, members);
  }
  // Containers: a group whose elements hold two or more elements of another group
  // (not counting those inside their own replies).
  const memberOf = new Map<number, string>();
  for (const [signature, members] of valid) for (const node of members) memberOf.set(node, signature);
  const sorted = [...memberOf.keys()].sort((a, b) => a - b);
  for (const [signature, members] of [...valid]) {
    let container = false;
    for (const node of members) {
      let others = 0;
      let skipUntil = -1;
      for (
        let index = firstAfter(sorted, node);
        index < sorted.length && sorted[index] < end[node];
        index++
      ) {
        tick('comments');
        const other = sorted[index];
        if (other < skipUntil) continue;
        if (memberOf.get(other) === signature) skipUntil = end[other];
        else if (++others >= 2) break;
      }
      if (others >= 2) {
        container = true;
        break;
      }
    }
    if (container) {
      valid.delete(signature);
      for (const node of members) memberOf.delete(node);
    }
  }
  // Comments: members not nested in a member of another group (those are parts).
  const items: number[] = [];
  const open: number[] = [];
  for (const node of [...memberOf.keys()].sort((a, b) => a - b)) {
    tick('comments');
    while (open.length > 0 && end[open[open.length - 1]] <= node) open.pop();
    const outer = open.length > 0 ? open[open.length - 1] : -1;
    if (outer >= 0 && memberOf.get(outer) !== memberOf.get(node)) continue;
    items.push(node);
    open.push(node);
  }
  return items;
}

function holdsBlock(doc: Doc, node: number): boolean {
  for (let child = node + 1; child < doc.end(node); child = doc.end(child)) {
    tick('comments');
    if (doc.isElement(child) && IS_BLOCK[doc.tag(child)]) return true;
  }
  return false;
}

/** Index of the first id in `sorted` greater than `node`. */
function firstAfter(sorted: readonly number[], node: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= node) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Draft {
  root: number;
  /** For a scattered section: the subtrees that make it up (children of `root`). */
  parts: number[] | undefined;
  /** The comments and their replies, in document order. */
  items: Item[];
  cues: Set<string>;
  /** Subtrees outside `root` that belong to the section (a heading). */
  extra: number[];
  /** The comments were found as repeated blocks, not by their own cues. */
  structure: boolean;
}

/** Groups marked comments into sections: comments under one parent or close ancestors; replies with their parent. */
function clusterItems(doc: Doc, items: readonly number[]): Item[][] {
  const clusters: Item[][] = [];
  let current: Item[] = [];
  const open: number[] = [];
  for (const item of items) {
    while (open.length > 0 && doc.end(open[open.length - 1]) <= item) open.pop();
    if (open.length === 0 && current.length > 0 && commonAncestorLevels(doc, current[0][0], item) > 3) {
      clusters.push(current);
      current = [];
    }
    current.push([item]);
    open.push(item);
  }
  if (current.length > 0) clusters.push(current);
  return clusters;
}

/** How many levels above `b` the nearest common ancestor of `a` and `b` is. */
function commonAncestorLevels(doc: Doc, a: number, b: number): number {
  let levels = 0;
  for (let at = doc.parent(b); at >= 0; at = doc.parent(at)) {
    levels++;
    if (doc.contains(at, a)) return levels;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * A section for some comments: their common ancestor, climbed to take in a
 * heading or form. When that ancestor also holds much other text (comments
 * written as siblings of the article's paragraphs), the section is the run of
 * its children from the first comment to the last.
 */
function draftFor(
  doc: Doc,
  items: readonly Item[],
  cues: ReadonlyMap<number, Cue>,
  how: string,
  marked = -1,
  heading = -1,
): Draft {
  const first = items[0][0];
  const lastItem = items[items.length - 1];
  const last = lastItem[lastItem.length - 1];
  let root = first;
  while (!doc.contains(root, last)) root = doc.parent(root);
  const draft: Draft = {
    root,
    parts: undefined,
    items: [...items],
    cues: new Set([how]),
    extra: [],
    structure: false,
  };
  if (
    items.length > 1 &&
    root !== first &&
    (holdsOtherContent(doc, root, items) || textBeforeHeading(doc, root, heading) > MAX_OTHER_BLOCK)
  ) {
    // Scattered: the children of the root from the first comment's to the last's.
    const parts: number[] = [];
    const from = childToward(doc, root, first);
    for (let child = from; child < doc.end(root) && child <= last; child = doc.end(child)) {
      if (doc.isElement(child) || doc.textLength(child) > 0) parts.push(child);
    }
    draft.parts = parts;
    const previous = previousElementSibling(doc, parts[0]);
    if (previous >= 0 && doc.textLength(previous) <= 80 && COMMENT_HEADING.test(doc.textContent(previous)))
      draft.extra.push(previous);
    return draft;
  }
  if (marked >= 0 && doc.contains(marked, root) && canTakeIn(doc, marked, root, true)) {
    // The marked section element, when it adds little besides the comments.
    root = marked;
  }
  for (let climb = 0; climb < MAX_CLIMB; climb++) {
    const parent = doc.parent(root);
    if (parent <= 0) break;
    const t = doc.tag(parent);
    if (t === TAG.body || t === TAG.html || t === TAG.main) break;
    const cue = cues.get(parent);
    if (!canTakeIn(doc, parent, root, cue !== undefined && cue.kind !== 'part')) break;
    root = parent;
  }
  draft.root = root;
  // A heading right before the root ("3 Comments") belongs to it.
  const previous = previousElementSibling(doc, root);
  if (previous >= 0 && IS_HEADING[doc.tag(previous)] && doc.textLength(previous) <= 80) {
    if (COMMENT_HEADING.test(doc.textContent(previous))) draft.extra.push(previous);
  }
  return draft;
}

/**
 * The text of the children of `root` before the one holding `heading` (0 without one): comments
 * found after a heading are not what comes before it. A story whose paragraphs are each short
 * (L3S-GN1 f5a46a81: `<p class="story">` paragraphs, then a "Comments" label, then the comments as
 * `<p class="story">` too) is not "other content" block by block, but is by its sum.
 */
function textBeforeHeading(doc: Doc, root: number, heading: number): number {
  if (heading < 0 || !doc.contains(root, heading) || heading === root) return 0;
  const stop = childToward(doc, root, heading);
  let text = 0;
  for (let child = root + 1; child < stop; child = doc.end(child)) text += doc.textLength(child);
  return text;
}

/** Whether `node` is a comment label that is not a heading: its whole text the word, not a link. */
function isCommentLabel(doc: Doc, node: number, stems: StemScan): boolean {
  const length = doc.textLength(node);
  if (length < 2 || !stems.holds(node) || doc.linkTextLength(node) > 0) return false;
  if (!COMMENT_LABEL.test(doc.textContent(node))) return false;
  // A wrapper of a heading is read through the heading.
  for (let at = node + 1; at < doc.end(node); at++)
    if (doc.isElement(at) && IS_HEADING[doc.tag(at)]) return false;
  // Not inside a link ("<a href=#comments><span>Comments</span></a>" is a jump, not a label).
  for (let at = doc.parent(node), levels = 0; at > 0 && levels < 4; at = doc.parent(at), levels++)
    if (doc.tag(at) === TAG.a || doc.tag(at) === TAG.button || IS_HEADING[doc.tag(at)]) return false;
  return true;
}

/** Whether one of `node`'s text nodes holds `stem` (a word the element's text must hold), no text built. */
function holdsStem(doc: Doc, node: number, stem: RegExp): boolean {
  const stop = doc.end(node);
  for (let at = node; at < stop; at++) if (doc.isText(at) && stem.test(doc.text(at))) return true;
  return false;
}

/**
 * `holdsStem(doc, node, stem)` for elements asked in document order (the first pass), each text
 * node tested once: short label elements nest (`<td><b>…</b></td>`, `<p><span>…</span></p>`), and
 * `holdsStem` tested the same text nodes again at every level. Invariant: every text node from the
 * last element asked up to `scanned` has been tested, and none of them holds the stem but `hit`.
 */
export class StemScan {
  private scanned = 0;
  /** The last text node found holding the stem (-1: none yet). */
  private hit = -1;
  constructor(
    private readonly doc: Doc,
    private readonly stem: RegExp,
  ) {}

  /** Whether one of `node`'s text nodes holds the stem; `node` never before an element asked before. */
  holds(node: number): boolean {
    const stop = this.doc.end(node);
    // The first text node holding the stem at or after `node`, when it is known.
    if (this.hit >= node) return this.hit < stop;
    for (let at = Math.max(node, this.scanned); at < stop; at++) {
      if (this.doc.isText(at) && this.stem.test(this.doc.text(at))) {
        this.hit = at;
        this.scanned = at + 1;
        return true;
      }
    }
    if (stop > this.scanned) this.scanned = stop;
    return false;
  }
}

/** The child of `ancestor` that holds `node`. */
function childToward(doc: Doc, ancestor: number, node: number): number {
  let at = node;
  while (doc.parent(at) !== ancestor && at > ancestor) at = doc.parent(at);
  return at;
}

/** Longest block of other text a section may hold (a notice, the labels of a form). */
const MAX_OTHER_BLOCK = 500;

/**
 * True when the common ancestor of some comments also holds other content: a
 * child with none of the comments and more than `MAX_OTHER_BLOCK` characters of
 * text (not a reply form).
 */
function holdsOtherContent(doc: Doc, root: number, items: readonly Item[]): boolean {
  const tops = new Set(items.map((item) => childToward(doc, root, item[0])));
  for (let child = root + 1; child < doc.end(root); child = doc.end(child)) {
    tick('comments');
    if (tops.has(child)) continue;
    if (doc.textLength(child) > MAX_OTHER_BLOCK && !hasTextArea(doc, child)) return true;
  }
  return false;
}

/**
 * Whether a section root may grow from `inner` to `outer`: what `outer` adds is
 * a heading, a notice or a form — at most 400 characters (1,200 when `outer` is
 * marked as a comment section), no block over `MAX_OTHER_BLOCK` but a reply
 * form, and no `<h1>`.
 */
function canTakeIn(doc: Doc, outer: number, inner: number, marked: boolean): boolean {
  if (doc.textLength(outer) - doc.textLength(inner) > (marked ? 1200 : 400)) return false;
  for (let child = outer + 1; child < doc.end(outer); child = doc.end(child)) {
    tick('comments');
    if (doc.contains(child, inner)) continue;
    if (doc.textLength(child) > MAX_OTHER_BLOCK && !hasTextArea(doc, child)) return false;
  }
  return !hasH1Outside(doc, outer, inner);
}

function hasH1Outside(doc: Doc, outer: number, inner: number): boolean {
  const stop = doc.end(outer);
  for (let node = outer + 1; node < stop; node++) {
    tick('comments');
    if (node === inner) {
      node = doc.end(inner) - 1;
      continue;
    }
    if (doc.isElement(node) && doc.tag(node) === TAG.h1) return true;
  }
  return false;
}

function previousElementSibling(doc: Doc, node: number): number {
  const parent = doc.parent(node);
  if (parent < 0) return -1;
  let previous = -1;
  for (let child = parent + 1; child < node; child = doc.end(child)) {
    tick('comments');
    if (doc.isElement(child)) previous = child;
    else if (doc.isText(child) && doc.textLength(child) > 0) previous = -1;
  }
  return previous;
}

/** Shape of an element for repetition: tag and class, digits dropped. */
function shapeOf(doc: Doc, node: number): string {
  const cls = (doc.attr(node, 'class') ?? '').trim().toLowerCase().replace(/\d+/g, '#');
  return `${doc.tag(node) || doc.tagName(node)}:${cls.length > 100 ? cls.slice(0, 100) : cls}`;
}

/**
 * Comments written as repeated sibling blocks in [start, stop): at each of the
 * first four levels, runs of siblings that repeat one shape (tag and class), or
 * a pair or triple of shapes (text, then "Posted by …"). The run holding the most
 * text wins when it holds at least 40% of the range's text and its comments have
 * text and are not mostly links.
 */
function repeatedItems(doc: Doc, start: number, stop: number): Item[] {
  const { kind, end, tag } = doc.columns;
  let rangeText = 0;
  const tops: number[] = [];
  for (let node = start; node < stop; node = end[node]) {
    tick('comments');
    rangeText += doc.textLength(node);
    tops.push(node);
  }
  if (rangeText < 30) return [];
  let best: Item[] = [];
  let bestText = 0;
  const headed: { run: Item[]; text: number }[] = [];
  let level: number[][] = [tops];
  let visited = 0;
  for (let depth = 0; depth < 4 && level.length > 0 && visited < 5000; depth++) {
    const next: number[][] = [];
    for (const siblings of level) {
      const blocks: number[] = [];
      for (const node of siblings) {
        if (kind[node] !== NodeKind.Element) continue;
        const t = tag[node];
        if (IS_HIDDEN_CONTENT[t] || doc.textLength(node) === 0) continue;
        blocks.push(node);
        visited++;
        if (!NEVER_ITEM.has(t) || t === TAG.form) next.push(doc.children(node));
      }
      for (const run of periodicRuns(doc, blocks)) {
        let text = 0;
        let linkText = 0;
        let plausible = 0;
        for (const item of run) {
          let itemText = 0;
          for (const node of item) {
            itemText += doc.textLength(node);
            linkText += doc.linkTextLength(node);
          }
          text += itemText;
          if (itemText >= 15) plausible++;
        }
        if (plausible < run.length * 0.6 || linkText > 0.5 * text) continue;
        if (run.length >= 3 && HEADED.has(run[0])) headed.push({ run, text });
        if (text > bestText) {
          best = run;
          bestText = text;
        }
      }
    }
    level = next;
  }
  // A pair (the comments' table and the reply form's) gives way to the headed rows inside one of
  // its two when they hold most of its text (CleanEval 308).
  if (best.length === 2) {
    for (const { run, text } of headed) {
      if (text >= 0.8 * bestText && best.some((item) => item.some((node) => doc.contains(node, run[0][0])))) {
        best = run;
        bestText = text;
        break;
      }
    }
  }
  return bestText >= 0.4 * rangeText ? best : [];
}

/** Runs of sibling blocks that repeat by shape (periodicSpans), each cut into its periods. */
function periodicRuns(doc: Doc, blocks: readonly number[]): Item[][] {
  if (blocks.length < 2) return [];
  const shapes = blocks.map((node) => shapeOf(doc, node));
  // Headings and forms never repeat as comments.
  const usable = blocks.map((node) => {
    const t = doc.tag(node);
    return (
      Boolean(IS_BLOCK[t]) &&
      !IS_HEADING[t] &&
      t !== TAG.form &&
      !(NEVER_ITEM.has(t) && !INLINE_WRAPPER.has(t))
    );
  });
  return periodicSpans(shapes, usable).map(({ start, period, periods }) => {
    if (period > 1) {
      const striped = stripedRun(doc, blocks, shapes, usable, start, period, periods);
      if (striped) return striped;
    }
    const run: Item[] = [];
    for (let p = 0; p < periods; p++) run.push(blocks.slice(start + p * period, start + (p + 1) * period));
    return period === 1 ? (headedRows(doc, run) ?? run) : run;
  });
}

/**
 * Least share of the longest place of a striped period that each other place holds: comments in
 * alternating classes are alike in length, where a "Posted by" line after each text is far shorter.
 */
const STRIPE_TEXT_SHARE = 0.25;

/**
 * A run of period 2 or 3 whose blocks are each a whole comment in alternating classes
 * (`comgrey`/`comwhite`, `odd`/`even`): one comment a block, and the blocks after the last whole
 * period that go on with the stripes belong to the run. Read as periods, an odd count of striped
 * comments left the last one out of the section, and so in the body (CleanEval 205: 25 comments
 * read as 12 pairs). Striped: every block has one tag and opens with an element of one shape (the
 * comment's head), and no place of the period holds under {@link STRIPE_TEXT_SHARE} of the
 * longest's text (a text block and its "Posted by" line are a period of two parts, not stripes).
 */
function stripedRun(
  doc: Doc,
  blocks: readonly number[],
  shapes: readonly string[],
  usable: readonly boolean[],
  start: number,
  period: number,
  periods: number,
): Item[] | undefined {
  let stop = start + period * periods;
  while (stop < blocks.length && stop - start - period * periods < period) {
    if (!usable[stop] || shapes[stop] !== shapes[stop - period]) break;
    stop++;
  }
  const tag = doc.tag(blocks[start]);
  const head = firstElementChild(doc, blocks[start]);
  if (head < 0) return undefined;
  const headShape = shapeOf(doc, head);
  const placeText = new Array<number>(period).fill(0);
  for (let i = start; i < stop; i++) {
    const block = blocks[i];
    if (doc.tag(block) !== tag) return undefined;
    const first = firstElementChild(doc, block);
    if (first < 0 || shapeOf(doc, first) !== headShape) return undefined;
    placeText[(i - start) % period] += doc.textLength(block);
  }
  let least = placeText[0];
  let most = placeText[0];
  for (const text of placeText) {
    least = Math.min(least, text);
    most = Math.max(most, text);
  }
  if (least < STRIPE_TEXT_SHARE * most) return undefined;
  return blocks.slice(start, stop).map((block) => [block]);
}

/** The first child element of a node with text, or -1. */
function firstElementChild(doc: Doc, node: number): number {
  for (let child = node + 1; child < doc.end(node); child = doc.end(child)) {
    tick('comments');
    if (doc.isElement(child) && doc.textLength(child) > 0) return child;
    if (doc.isText(child) && doc.textLength(child) > 0 && doc.text(child).trim() !== '') return -1;
  }
  return -1;
}

/** Items made by `headedRows`: their first node is the comment's head (its author and date). */
const HEADED = new WeakSet<Item>();

/** Longest text of a head row ("Anonymous | Subject: Re: … | posted: Jan 14, 2005 - 09:47 PM"). */
const MAX_HEAD_TEXT = 200;

/**
 * Comments written two rows or more to a comment, every row of one shape (PostNuke's EZComments
 * table, CleanEval 308: a row with the author and "posted: Jan 14, 2005 - 09:47 PM", a row with the
 * text, a row of icons): the rows regrouped from each head row — a short row with a date or time
 * and a name — to the next. Only when at least three heads each lead a longer row of prose and the
 * run starts at a head; a schedule or a spec table (every row short, or no row of prose after a
 * dated one) stays as it was.
 */
function headedRows(doc: Doc, run: readonly Item[]): Item[] | undefined {
  // The run starts at a head: most runs are turned down by their first row, read once.
  if (run.length < 6) return undefined;
  const first = headOf(doc, run[0][0]);
  if (first === undefined) return undefined;
  // Each row's head reading, made once: its author is read below from the same parts.
  const heads: number[] = [0];
  const authors: number[] = [first.author];
  for (let i = 1; i < run.length; i++) {
    const head = headOf(doc, run[i][0]);
    if (head === undefined) continue;
    heads.push(i);
    authors.push(head.author);
  }
  if (heads.length < 3) return undefined;
  const out: Item[] = [];
  for (let h = 0; h < heads.length; h++) {
    const from = heads[h];
    const to = h + 1 < heads.length ? heads[h + 1] : run.length;
    // The row after the head is the comment's prose: longer than the head.
    if (to - from < 2) return undefined;
    const head = run[from][0];
    if (doc.textLength(run[from + 1][0]) <= doc.textLength(head)) return undefined;
    if (authors[h] < 0) return undefined;
    const item = run.slice(from, to).map((part) => part[0]);
    HEADED.add(item);
    out.push(item);
  }
  return out;
}

/** A row's head parts when it may head a comment (short, with an element whose text says when), else undefined. */
function headOf(doc: Doc, node: number): { author: number; date: number } | undefined {
  const length = doc.textLength(node);
  if (length < 6 || length > MAX_HEAD_TEXT) return undefined;
  const parts = headParts(doc, node);
  return parts.date >= 0 ? parts : undefined;
}

/**
 * A head row's date (the smallest element whose text says when) and author (its first element of
 * a short text with no digit and no colon: a name, not "Subject:" or "posted:"), -1 for none.
 */
function headParts(doc: Doc, head: number): { author: number; date: number } {
  let author = -1;
  let date = -1;
  const stop = doc.end(head);
  for (let node = head + 1; node < stop; node++) {
    tick('comments');
    if (!doc.isElement(node)) continue;
    const length = doc.textLength(node);
    if (length === 0) {
      node = doc.end(node) - 1;
      continue;
    }
    // Neither a date (80 characters at most) nor a name (40): its text is not built.
    if (length > MAX_LABEL_TEXT) continue;
    const text = doc.textContent(node).trim();
    if (DATE_TEXT.test(text)) date = node;
    else if (author < 0 && length >= 2 && length <= 40 && !/[\d:]/.test(text) && !DATE_TEXT.test(text)) {
      // The first element of a name's text ("<td><strong>Anonymous</strong></td>": the cell).
      author = node;
    }
  }
  return { author, date };
}

/** Reads authors, dates and text parts, and scores the section. */
function finish(doc: Doc, draft: Draft, cues: ReadonlyMap<number, Cue>, bodyText: number): CommentSection {
  const { items, root } = draft;
  const itemNodes = new Set(items.map((item) => item[0]));
  const comments: FoundComment[] = [];
  const indexOf = new Map<number, number>();
  const open: number[] = [];
  let authors = 0;
  let dates = 0;
  let replies = 0;
  let marked = 0;
  let strong = 0;
  for (const item of items) {
    const first = item[0];
    const stop = doc.end(item[item.length - 1]);
    while (open.length > 0 && doc.end(open[open.length - 1]) <= first) open.pop();
    const replyTo = open.length > 0 ? (indexOf.get(open[open.length - 1]) ?? -1) : -1;
    const parts = readComment(doc, item, itemNodes, cues);
    if (HEADED.has(item) && (parts.author < 0 || parts.date < 0)) {
      // The head row's name and date, where nothing marks them.
      const head = headParts(doc, item[0]);
      if (parts.author < 0) parts.author = head.author;
      if (parts.date < 0) parts.date = head.date;
    }
    if (parts.author >= 0) authors++;
    if (parts.date >= 0) dates++;
    if (parts.reply) replies++;
    const cue = cues.get(first);
    if (cue?.kind === 'item' && !draft.structure) {
      marked++;
      if (cue.strong) strong++;
    }
    indexOf.set(first, comments.length);
    comments.push({
      node: first,
      end: stop,
      text: parts.text,
      author: parts.author,
      date: parts.date,
      replyTo,
      skip: parts.skip,
    });
    open.push(first);
  }
  const names = draft.cues;
  const n = comments.length;
  if (marked > 0) names.add('item-class');
  if (strong > 0) names.add('item-markup');
  if (draft.structure && !names.has('part-class')) names.add('structure');
  if (hasSectionCue(doc, root, cues)) names.add('section-class');
  if (draft.extra.length > 0 || hasCommentHeading(doc, root, n > 0 ? comments[0].node : doc.end(root)))
    names.add('heading');
  if (n > 0 && authors >= n / 2) names.add('authors');
  if (n > 0 && dates >= n / 2) names.add('dates');
  if (replies > 0 || hasTextArea(doc, root)) names.add('reply');
  let confidence = 0;
  if (names.has('item-markup')) confidence += 0.45;
  else if (names.has('item-class')) confidence += 0.35;
  else if (names.has('part-class')) confidence += 0.25;
  // Repeated blocks are comments mostly when a comment cue says where to look.
  else if (names.has('structure') && (names.has('section-class') || names.has('heading'))) confidence += 0.15;
  if (names.has('section-class')) confidence += 0.2;
  if (names.has('heading')) confidence += 0.15;
  if (names.has('authors')) confidence += 0.1;
  if (names.has('dates')) confidence += 0.1;
  if (names.has('reply')) confidence += 0.1;
  if (n >= 3) confidence += 0.05;
  const nodes = [...(draft.parts ?? [root]), ...draft.extra];
  let text = 0;
  for (const node of nodes) text += doc.textLength(node);
  return {
    root,
    nodes,
    comments,
    confidence: Math.round(Math.min(1, confidence) * 100) / 100,
    cues: [...names].filter((name) => name !== 'marked'),
    textShare: Math.min(1, text / bodyText),
  };
}

function hasSectionCue(doc: Doc, root: number, cues: ReadonlyMap<number, Cue>): boolean {
  for (let at = root, levels = 0; at > 0 && levels < 3; at = doc.parent(at), levels++) {
    if (cues.get(at)?.kind === 'section') return true;
  }
  const stop = Math.min(doc.end(root), root + 200);
  for (let node = root + 1; node < stop; node++) if (cues.get(node)?.kind === 'section') return true;
  return false;
}

/** A heading with a comment word in [from, to). */
function hasCommentHeading(doc: Doc, from: number, to: number): boolean {
  const stop = Math.min(to, from + 2000);
  for (let node = from; node < stop; node++) {
    tick('comments');
    if (doc.isElement(node) && IS_HEADING[doc.tag(node)] && doc.textLength(node) <= 80) {
      if (COMMENT_HEADING.test(doc.textContent(node))) return true;
    }
  }
  return false;
}

function hasTextArea(doc: Doc, root: number): boolean {
  const stop = doc.end(root);
  for (let node = root; node < stop; node++) {
    tick('comments');
    if (doc.isElement(node) && doc.tag(node) === TAG.textarea) return true;
  }
  return false;
}

interface CommentParts {
  text: number[];
  author: number;
  date: number;
  skip: number[];
  reply: boolean;
}

/** Finds the author, date and text parts of one comment, and what its text leaves out. */
function readComment(
  doc: Doc,
  item: Item,
  items: ReadonlySet<number>,
  cues: ReadonlyMap<number, Cue>,
): CommentParts {
  const { kind, end, tag, hidden } = doc.columns;
  const first = item[0];
  const single = item.length === 1;
  const stop = end[item[item.length - 1]];
  let author = -1;
  let authorByClass = -1;
  let date = -1;
  let dateByClass = -1;
  let byline = -1;
  const contentCandidates: number[] = [];
  const actions: number[] = [];
  const nested: number[] = [];
  const metaParts: number[] = [];
  let reply = false;
  for (let node = single ? first + 1 : first; node < stop; node++) {
    tick('comments');
    if (kind[node] !== NodeKind.Element) continue;
    const t = tag[node];
    if (hidden[node] || IS_HIDDEN_CONTENT[t]) {
      node = end[node] - 1;
      continue;
    }
    if (node !== first && items.has(node)) {
      nested.push(node);
      node = end[node] - 1;
      continue;
    }
    const length = doc.textLength(node);
    if (t === TAG.form || t === TAG.textarea || t === TAG.button) {
      actions.push(node);
      node = end[node] - 1;
      continue;
    }
    const classAndId = doc.classAndId(node);
    if (
      (t === TAG.a || t === TAG.span) &&
      length > 0 &&
      length <= 30 &&
      REPLY_TEXT.test(doc.textContent(node))
    ) {
      reply = true;
      actions.push(node);
      node = end[node] - 1;
      continue;
    }
    if (
      classAndId !== '' &&
      length <= 200 &&
      ACTION_CLASS.test(classAndId) &&
      !CONTENT_CLASS.test(classAndId)
    ) {
      if (/reply|respond/.test(classAndId)) reply = true;
      actions.push(node);
      node = end[node] - 1;
      continue;
    }
    if (t === TAG.img || length === 0) continue;
    const itemprop = doc.attr(node, 'itemprop') ?? '';
    if (author < 0 && length <= MAX_LABEL_TEXT) {
      if (/(?:^|\s)(?:author|creator)(?:\s|$)/i.test(itemprop)) author = refineAuthor(doc, node);
      else if (authorByClass < 0 && (t === TAG.cite || (classAndId !== '' && AUTHOR_CLASS.test(classAndId))))
        authorByClass = refineAuthor(doc, node);
    }
    if (date < 0 && length <= MAX_LABEL_TEXT) {
      if (t === TAG.time || /(?:^|\s)date(?:Published|Created)?(?:\s|$)/i.test(itemprop)) date = node;
      else if (
        dateByClass < 0 &&
        classAndId !== '' &&
        DATE_CLASS.test(classAndId) &&
        DATE_TEXT.test(doc.textContent(node))
      )
        dateByClass = node;
    }
    // "Posted by Ann on January 10, 2008 5:58 PM" set inside the comment's paragraph.
    if (byline < 0 && length <= MAX_LABEL_TEXT && t !== TAG.a && holdsStem(doc, node, POSTED_BY_STEM)) {
      const label = doc.textContent(node);
      if (POSTED_BY.test(label) && DATE_TEXT.test(label)) byline = node;
    }
    const cue = cues.get(node);
    if (
      cue?.kind === 'part' &&
      /^(?:meta|metadata|data|info|details|header|head|footer|foot|by|byline|posted)$/.test(cue.remainder)
    )
      metaParts.push(node);
    if (
      /(?:^|\s)(?:text|commentText|articleBody|description)(?:\s|$)/.test(itemprop) ||
      (classAndId !== '' && CONTENT_CLASS.test(classAndId) && !AUTHOR_CLASS.test(classAndId))
    )
      contentCandidates.push(node);
  }
  if (author < 0) author = authorByClass;
  if (date < 0) date = dateByClass;
  // A signature line gives both, where nothing marked them.
  if (date < 0 && byline >= 0) {
    date = byline;
    if (author < 0) author = byline;
  }
  // "Posted by: Ann | 5 May 2008": one element gives both.
  if (author < 0 && date >= 0 && BY_LABEL.test(doc.textContent(date))) author = date;
  // The text: the largest marked part that holds neither the author nor the date nor a reply…
  let content = -1;
  let contentText = 0;
  for (const candidate of contentCandidates) {
    if (author >= 0 && doc.contains(candidate, author)) continue;
    if (date >= 0 && doc.contains(candidate, date)) continue;
    if (nested.some((node) => doc.contains(candidate, node))) continue;
    const length = doc.textLength(candidate);
    if (length > contentText) {
      content = candidate;
      contentText = length;
    }
  }
  // …or else the comment's blocks, less the blocks that only hold its author or date.
  let text: number[];
  if (content >= 0) text = [content];
  else if (single) text = [first];
  else {
    text = item.filter(
      (node) =>
        !(author >= 0 && doc.contains(node, author) && doc.textLength(node) <= MAX_LABEL_TEXT * 1.5) &&
        !(date >= 0 && doc.contains(node, date) && doc.textLength(node) <= MAX_LABEL_TEXT * 1.5),
    );
    if (text.length === 0) text = [...item];
  }
  const skip: number[] = [];
  const inside = (node: number) =>
    node >= 0 && text.some((part) => part !== node && doc.contains(part, node));
  for (const node of [...nested, ...actions]) if (inside(node)) skip.push(node);
  if (content < 0) {
    for (const node of metaParts) if (inside(node)) skip.push(node);
    if (inside(author)) skip.push(author);
    if (inside(date)) skip.push(date);
  }
  skip.sort((a, b) => a - b);
  return { text, author, date, skip: dropNested(doc, skip), reply };
}

/** Within an author element ("<div class=author><img><cite class=fn>Ann</cite> says:</div>"), the name itself. */
function refineAuthor(doc: Doc, node: number): number {
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    tick('comments');
    if (!doc.isElement(at) || doc.textLength(at) === 0) continue;
    const itemprop = doc.attr(at, 'itemprop') ?? '';
    if (/(?:^|\s)name(?:\s|$)/.test(itemprop)) return at;
    const cls = doc.classAndId(at);
    if (/(?:^|[\s_-])(?:fn|name|nick|nickname|username|url|p-name)(?:$|[\s_-])/.test(cls)) return at;
    if (doc.tag(at) === TAG.cite) return at;
  }
  return node;
}

/** Removes ids inside other ids of the (sorted) list. */
function dropNested(doc: Doc, sorted: readonly number[]): number[] {
  const out: number[] = [];
  for (const node of sorted) {
    if (out.length > 0 && doc.contains(out[out.length - 1], node)) continue;
    out.push(node);
  }
  return out;
}

/**
 * One flag per node: 1 for every node of a section (all of its `nodes`) whose
 * confidence is at least `minConfidence` (default 0.5). To drop comments from a
 * selection: `if (mask[node]) selection.kept[node] = 0` for every node.
 */
export function commentMask(doc: Doc, sections: readonly CommentSection[], minConfidence = 0.5): Uint8Array {
  const mask = new Uint8Array(doc.size);
  for (const section of sections) {
    if (section.confidence < minConfidence) continue;
    for (const node of section.nodes) mask.fill(1, node, doc.end(node));
  }
  return mask;
}
