/**
 * A listing's repeated siblings (issue 37, a per-type profile): the group of sibling elements of
 * one shape (tag and first class) whose items each carry text — a listing's cards, a collection's
 * items — found over the page's blocks, with no second parse. The candidate is the blocks inside
 * the group's items. See docs/algorithms/default.md, "A listing's repeated siblings".
 */
import { type Doc, IS_HEADING, NodeKind, TAG, tick } from '../../dom/index.js';
import type { Blocks } from '../../features/blocks/index.js';
import { LANDMARK, wordTokens } from '../../features/blocks/index.js';
import { PAGE_TYPE_FEATURE_NAMES, type PageType } from '../../features/page-type/index.js';

/** Items a group needs (two cards are a pair, not a listing). */
export const MIN_GROUP_ITEMS = 3;
/** Words an item needs to count as carrying text (a title alone is two or three). */
export const MIN_ITEM_WORDS = 4;
/** Items the answer must already hold for the group to be the one it started. */
export const MIN_KEPT_ITEMS = 1;
/** Words the whole group needs to be a candidate. */
export const MIN_GROUP_WORDS = 60;
/** Furniture the items must not sit in: menus, footers, rails and headers repeat too. */
const OUTSIDE_LISTING = LANDMARK.nav | LANDMARK.footer | LANDMARK.aside | LANDMARK.header | LANDMARK.form;

export interface RepeatedGroup {
  /** The items' common parent. */
  parent: number;
  /** The items (elements of one shape that carry text), in document order. */
  items: number[];
  /** Words in the items. */
  words: number;
}

/** Paragraphs and headings of one body repeat too: prose, not items. */
function isProse(tag: number): boolean {
  return tag === TAG.p || tag === TAG.blockquote || tag === TAG.pre || IS_HEADING[tag] === 1;
}

/** The shape that makes siblings items of one group: tag and first class. */
function shapeOf(blocks: Blocks, node: number): string {
  const doc = blocks.doc;
  const cls = doc.attr(node, 'class');
  const first = cls?.trim().split(/\s+/, 1)[0] ?? '';
  return `${doc.columns.tag[node]}.${first}`;
}

/**
 * Share of the content root's words a `<form>` must hold to be the page's frame, not a form: an
 * ASP.NET page wraps the whole page in `<form id="MainForm">` (WCXB 4264's category grid), so every
 * node carries LANDMARK.form and no group would be found.
 */
export const PAGE_FORM_SHARE = 0.5;

/** Whether one `<form>` holds PAGE_FORM_SHARE or more of the content root's words. */
export function pageWideForm(doc: Doc): boolean {
  const { kind, tag, wordCount } = doc.columns;
  const words = wordCount[doc.contentRoot];
  if (words === 0) return false;
  for (let node = 0; node < doc.size; node++)
    if (
      kind[node] === NodeKind.Element &&
      tag[node] === TAG.form &&
      wordCount[node] >= PAGE_FORM_SHARE * words
    )
      return true;
  return false;
}

/**
 * Every repeated sibling group: a parent's MIN_GROUP_ITEMS or more element children of one shape
 * that carry text, holding MIN_GROUP_WORDS words, outside menus, footers, rails and headers.
 * With `above`, only the groups of parents holding more than `above` words (the others' groups
 * hold at most their parent's words: a node's word count is its children's summed), so that a
 * caller that needs a group of more words does not build every group's shape strings.
 */
export function repeatedGroups(blocks: Blocks, above = -1): RepeatedGroup[] {
  const doc = blocks.doc;
  const { end } = doc.columns;
  const found: RepeatedGroup[] = [];
  if (blocks.count === 0) return found;
  const root = doc.contentRoot;
  const stop = end[root];
  const outside = pageWideForm(doc) ? OUTSIDE_LISTING & ~LANDMARK.form : OUTSIDE_LISTING;
  for (let parent = root; parent < stop; parent++) {
    tick('pith');
    groupsUnder(blocks, parent, outside, above, found);
  }
  return found;
}

/** The repeated groups among one parent's children (repeatedGroups' test for one parent), pushed to `found`. */
function groupsUnder(
  blocks: Blocks,
  parent: number,
  outside: number,
  above: number,
  found: RepeatedGroup[],
): void {
  const { kind, tag, end, wordCount } = blocks.doc.columns;
  if (kind[parent] !== NodeKind.Element || blocks.landmarks[parent] & outside) return;
  if (wordCount[parent] < MIN_GROUP_WORDS || wordCount[parent] <= above) return;
  let groups: Map<string, number[]> | undefined;
  for (let child = parent + 1; child < end[parent]; child = end[child]) {
    if (kind[child] !== NodeKind.Element || wordCount[child] < MIN_ITEM_WORDS) continue;
    if (blocks.landmarks[child] & outside || isProse(tag[child])) continue;
    groups ??= new Map();
    const shape = shapeOf(blocks, child);
    const items = groups.get(shape);
    if (items) items.push(child);
    else groups.set(shape, [child]);
  }
  if (!groups) return;
  for (const items of groups.values()) {
    if (items.length < MIN_GROUP_ITEMS) continue;
    let words = 0;
    for (const item of items) words += wordCount[item];
    if (words >= MIN_GROUP_WORDS) found.push({ parent, items, words });
  }
}

/**
 * The repeated groups whose parent may hold most of the answer's words (read over its text nodes by
 * `wordCount`), of parents above `above` words: the groups of the answer's middle word's ancestors
 * only. A subtree is a run of nodes in document order, so a subtree holding more than half the
 * answer's words holds the text node where the answer's running count passes half (before it lie
 * under half, after it at most half); its ancestors are a chain of a page's depth, where
 * repeatedGroups reads every parent of the page (issue 37, s37-clean5: the posts profile's cost).
 * With `itemWords`, a parent's shapes are read only where it has MIN_GROUP_ITEMS children of that
 * many words holding more than `above` between them: a caller that keeps only groups whose every
 * item has `itemWords` loses none of them.
 */
export function answerGroups(
  blocks: Blocks,
  answer: Uint8Array,
  above: number,
  itemWords = MIN_ITEM_WORDS,
): RepeatedGroup[] {
  const doc = blocks.doc;
  const { kind, wordCount, end, parent: parentOf } = doc.columns;
  const found: RepeatedGroup[] = [];
  const root = doc.contentRoot;
  // No parent of the page's content holds more than `above` words: no group can (the cheap gate).
  if (blocks.count === 0 || wordCount[root] <= above) return found;
  // One pass over the page: the answer's text nodes and their running word counts.
  const nodes: number[] = [];
  const running: number[] = [];
  let total = 0;
  for (let node = 0; node < doc.size; node++)
    if (answer[node] && kind[node] === NodeKind.Text) {
      total += wordCount[node];
      nodes.push(node);
      running.push(total);
    }
  if (total === 0) return found;
  let at = 0;
  while (2 * running[at] < total) at++;
  const middle = nodes[at];
  const chain: number[] = [];
  for (let up = parentOf[middle]; up >= root; up = parentOf[up]) {
    if (wordCount[up] <= above) continue;
    chain.push(up);
    if (up === root) break;
  }
  if (chain.length === 0 || chain[chain.length - 1] !== root) return found;
  let outside = -1;
  // Top down, in document order, as repeatedGroups finds them.
  for (let k = chain.length - 1; k >= 0; k--) {
    tick('pith');
    const parent = chain[k];
    // Before any shape is read: a group of items of `itemWords` or more needs MIN_GROUP_ITEMS such
    // children holding more than `above` words between them.
    let count = 0;
    let words = 0;
    for (let child = parent + 1; child < end[parent]; child = end[child])
      if (kind[child] === NodeKind.Element && wordCount[child] >= itemWords) {
        count++;
        words += wordCount[child];
      }
    if (count < MIN_GROUP_ITEMS || words <= above) continue;
    if (outside < 0) outside = pageWideForm(doc) ? OUTSIDE_LISTING & ~LANDMARK.form : OUTSIDE_LISTING;
    groupsUnder(blocks, parent, outside, above, found);
  }
  return found;
}

/** The repeated sibling group with the most words, or undefined when the page has none. */
export function repeatedGroup(blocks: Blocks): RepeatedGroup | undefined {
  let best: RepeatedGroup | undefined;
  for (const group of repeatedGroups(blocks)) if (!best || group.words > best.words) best = group;
  return best;
}

/** Items of the group holding text the answer keeps. */
export function keptItems(blocks: Blocks, group: RepeatedGroup, answer: Uint8Array): number {
  const { end, kind } = blocks.doc.columns;
  let kept = 0;
  for (const item of group.items)
    for (let node = item + 1; node < end[item]; node++)
      if (answer[node] && kind[node] === NodeKind.Text) {
        kept++;
        break;
      }
  return kept;
}

/**
 * The group the answer started: the one with the most words among those where the answer keeps
 * text in at least MIN_KEPT_ITEMS items (the block model kept some cards and dropped the rest).
 * With `above`, undefined also when that group holds `above` words or fewer (only the groups of
 * more words are built: the one with the most among them is the same group when it has more).
 */
export function anchoredGroup(blocks: Blocks, answer: Uint8Array, above = -1): RepeatedGroup | undefined {
  let best: RepeatedGroup | undefined;
  for (const group of repeatedGroups(blocks, above))
    if ((!best || group.words > best.words) && keptItems(blocks, group, answer) >= MIN_KEPT_ITEMS)
      best = group;
  return best;
}

/** Per node: 1 for the blocks' text nodes inside the group's items (an item may be inline, inside its block). */
export function groupTextNodes(blocks: Blocks, group: RepeatedGroup): Uint8Array {
  const chosen = new Uint8Array(blocks.doc.size);
  const { end } = blocks.doc.columns;
  const inBlock = new Uint8Array(blocks.doc.size);
  for (let k = 0; k < blocks.textNodes.length; k++) inBlock[blocks.textNodes[k]] = 1;
  for (const item of group.items)
    for (let node = item + 1; node < end[item]; node++) if (inBlock[node]) chosen[node] = 1;
  return chosen;
}

/** The page types whose answer the group may join (the classifier's reading). */
export const LISTING_TYPES: readonly string[] = ['listing', 'collection'];
/**
 * The group joins the answer only when the answer holds under this share of the group's words: an
 * answer far larger than the cards (a body beside a short list) stays as it is. Chosen inside the
 * folds among 0.25–1.5 (every fold chose 1.5 with the loose-mode group).
 */
export const LISTING_SHARE = 1.5;

/**
 * Most items of a group beside which the heuristic region answers in the profile's place. A few long
 * items (WCXB dev 0655: 3 of 968 words; 4071: 4 of 187) are sections or teasers beside the page's
 * body, where a listing's cards are many (4015: 8; 2936: 50, whose region is the page's furniture).
 */
export const REGION_FEW_ITEMS = 4;
/** Words the heuristic region needs to answer in the profile's place (a body, not a caption). */
export const REGION_BODY_WORDS = 50;
/**
 * Most words the region holds, as a share of the group's, to answer in the profile's place: a short
 * body beside long items (0655 0.11, 4071 0.10). A region of more is a second long part of the page
 * (0637 0.43, 0649 0.22, read with the shipped model, which trained on them: the answer was the body).
 */
export const REGION_GROUP_SHARE = 0.15;

/**
 * Whether the heuristic region answers instead of the listing profile's group (issue 37,
 * s46-listing): the group has few items, the region holds REGION_BODY_WORDS or more (at most
 * REGION_GROUP_SHARE of the group's) and the model's answer, which started the group, has no word
 * in it. The model and the region then read two parts of the page; the region's is the body there,
 * and a few long repeated items beside it are not a listing.
 */
export function regionBesideGroup(
  doc: Doc,
  group: RepeatedGroup,
  answer: Uint8Array,
  region: Uint8Array,
  regionWords: number,
): boolean {
  if (group.items.length > REGION_FEW_ITEMS || regionWords < REGION_BODY_WORDS) return false;
  if (regionWords > REGION_GROUP_SHARE * group.words) return false;
  const { kind } = doc.columns;
  for (let node = 0; node < doc.size; node++)
    if (answer[node] && region[node] && kind[node] === NodeKind.Text) return false;
  return true;
}

/** One condition of the listing gate: a feature at or above, or at or below, a bound. */
export interface ListingGateCondition {
  feature: ListingGateFeature;
  atLeast?: number;
  atMost?: number;
}

/**
 * The listing gate (issue 37, s37-gate): the profile answers only where every condition holds —
 * the page is no article at all (a news page the page-type model reads as a listing keeps some
 * article probability) and not the surest of listings (where the block model already reads the
 * cards). Chosen on the pages of all five block sets, so that the news pages read as listings are
 * in the choice, among one- and two-condition gates under which no set falls
 * (bench/choice/listing-gate.py; bench/choice/listing-gate-manifest.json, which a test keeps equal).
 */
export const LISTING_GATE: readonly ListingGateCondition[] = [
  { feature: 'articleProbability', atMost: 0.05227003211709003 },
  { feature: 'listingProbability', atMost: 0.8255 },
];

/**
 * The card gate (issue 37, s37-list), a second way through beside LISTING_GATE: the listings whose
 * cards each carry a heading (a title), of which the block model kept some and dropped the rest,
 * are blocked by LISTING_GATE when their page keeps some article probability or reads as a sure
 * listing (WCXB 0203, 0274, 2909, 4380: article probability up to 0.29, listing up to 0.95). Where every
 * item holds a heading, the answer keeps at most 70 % of the items and under 0.7 of the group's
 * words, and its words per kept item are at most twice an item's (cards, not an article kept as one
 * item of a stream: readability-testpages' yahoo-2), and the URL's path carries no number of four or
 * more digits (a news story's id or date: L3S-GN1's one page that passes the rest; without a URL
 * the condition holds), the profile answers. Written by hand from those pages (docs/benchmarks-journal.md, "WCXB listings' cards"): the
 * same search inside the folds that chose LISTING_GATE found no second gate that held out.
 */
export const LISTING_CARD_GATE: readonly ListingGateCondition[] = [
  { feature: 'itemHeadingShare', atLeast: 1 },
  { feature: 'keptItemShare', atMost: 0.7 },
  { feature: 'answerToGroup', atMost: 0.7 },
  { feature: 'answerPerKeptItem', atMost: 2 },
  { feature: 'urlNumbered', atMost: 0 },
];

/**
 * The most words a group can hold and still leave `answerWords >= LISTING_SHARE * words` true for
 * every group of at most that many words (integer word counts; -1 when none is that small). The
 * float product is checked, not divided out, so that the bound agrees with the test it skips.
 */
export function groupWordsAtMost(answerWords: number): number {
  let words = Math.floor(answerWords / LISTING_SHARE);
  while (words >= 0 && !(answerWords >= LISTING_SHARE * words)) words--;
  while (answerWords >= LISTING_SHARE * (words + 1)) words++;
  return words;
}

/** Whether a page's gate features pass every condition. */
export function passesListingGate(
  features: Readonly<Record<ListingGateFeature, number>>,
  gate: readonly ListingGateCondition[],
): boolean {
  for (const { feature, atLeast, atMost } of gate) {
    const value = features[feature];
    if ((atLeast !== undefined && !(value >= atLeast)) || (atMost !== undefined && !(value <= atMost)))
      return false;
  }
  return true;
}

/** The page type as the profile asks for it: the type read and every type's probability. */
export interface ListingPageType {
  type: string;
  probabilities: Readonly<Record<PageType, number>>;
}

/**
 * The answer joined to the group it started, where the loose mode (the block model read at 0.2)
 * keeps the group's text, when the page reads as a listing or collection, the answer holds under
 * LISTING_SHARE of the group's words and (with `gate`) the gate's conditions hold; undefined
 * otherwise. `pageType` is asked first, `loose` only when a group qualifies (it costs more than
 * the group). The setting (this group, this share, no link-share or item-count gate) is the one
 * chosen inside the block folds on WCXB dev (bench/choice/type-profile.py --rule).
 */
export function listingAnswer(
  blocks: Blocks,
  answer: Uint8Array,
  answerWords: number,
  pageType: () => ListingPageType,
  loose: () => Uint8Array,
  gate?: {
    /** The ways through: the profile answers where any of them holds (none: no gate). */
    gates: readonly (readonly ListingGateCondition[])[];
    pageTypeFeatures: Float32Array;
  },
  cardTemplate = false,
): { chosen: Uint8Array; group: RepeatedGroup } | undefined {
  // The page type first: `extract()` decides it on every page anyway (the metadata choice reads
  // it), and on the pages read as articles (246 of the speed mix's 300) no group is searched.
  const typed = pageType();
  if (!LISTING_TYPES.includes(typed.type)) return undefined;
  // Only a group of more than answerWords / LISTING_SHARE words can answer: on an article most
  // parents hold fewer, and their children's shapes (a class string split per child) are not built.
  const group = anchoredGroup(blocks, answer, groupWordsAtMost(answerWords));
  if (!group || answerWords >= LISTING_SHARE * group.words) return undefined;
  if (gate && gate.gates.length > 0) {
    const features = listingGateFeatures(
      blocks,
      group,
      answer,
      answerWords,
      typed.probabilities,
      gate.pageTypeFeatures,
    );
    if (!gate.gates.some((conditions) => passesListingGate(features, conditions))) return undefined;
  }
  const chosen = answer.slice();
  const items = groupTextNodes(blocks, group);
  const kept = loose();
  for (let node = 0; node < chosen.length; node++) if (items[node] && kept[node]) chosen[node] = 1;
  return { chosen: cardTemplate ? cardTemplateTextNodes(blocks, group, chosen) : chosen, group };
}

/**
 * What the listing gate reads on a page where the profile would answer (issue 37, s37-gate): the
 * page type's probabilities; the group's items, words per item, share of its text in blocks that
 * end a sentence and link share; the answer's link share, its words beside the group's and the
 * share of the items it keeps; whether the first `<h1>`'s words are the `<title>`'s (a news page's
 * headline is its title, a listing's title names a category); a JSON-LD or microdata article type.
 * Since s37-list also: the share of items that read as cards (a link and a teaser), that hold a
 * heading; the share of the page's headings that are links; the URL's last segment's words and
 * whether its path holds a number; the answer's words per kept item over an item's. The card gate
 * reads three of them; the others are there for the bench's gate search (bench/choice/listing-gate2.py).
 */
export const LISTING_GATE_FEATURE_NAMES = [
  'listingProbability',
  'collectionProbability',
  'articleProbability',
  'items',
  'wordsPerItem',
  'groupSentenceShare',
  'groupLinkShare',
  'answerLinkShare',
  'answerToGroup',
  'keptItemShare',
  'headingInTitle',
  'articleSchema',
  'cardShare',
  'itemHeadingShare',
  'headingLinkShare',
  'urlSlugWords',
  'urlNumbered',
  'answerPerKeptItem',
] as const;
export type ListingGateFeature = (typeof LISTING_GATE_FEATURE_NAMES)[number];

const ARTICLE_SCHEMA = PAGE_TYPE_FEATURE_NAMES.indexOf('schema.article');

/** Share of the first `<h1>`'s words the `<title>` holds; -1 when the page has no `<h1>` or no title. */
function headingInTitle(blocks: Blocks): number {
  const doc = blocks.doc;
  const title = doc.findFirst(TAG.title);
  const heading = doc.findFirst(TAG.h1, doc.contentRoot);
  if (title < 0 || heading < 0) return -1;
  // the title's text is the head's: textContent reads the body's rendering
  let titleText = '';
  for (let node = title + 1; node < doc.end(title); node++)
    if (doc.kind(node) === NodeKind.Text) titleText += doc.text(node);
  const titleWords = new Set(wordTokens(titleText));
  const headingWords = wordTokens(doc.textContent(heading));
  if (titleWords.size === 0 || headingWords.length === 0) return -1;
  let shared = 0;
  for (const word of headingWords) if (titleWords.has(word)) shared++;
  return shared / headingWords.length;
}

/**
 * Share of the group's items that read as cards: a link (the item's title) and, beside it, text
 * outside any link (a teaser). An article's own repeated blocks (columns, captioned figures) rarely
 * hold both.
 */
function cardShare(blocks: Blocks, group: RepeatedGroup): number {
  const doc = blocks.doc;
  let cards = 0;
  for (const item of group.items) {
    const link = doc.linkTextLength(item);
    if (link > 0 && doc.textLength(item) - link >= CARD_TEASER_CHARS) cards++;
  }
  return cards / group.items.length;
}
/** Characters outside links a card's teaser needs (a sentence of six or seven words). */
const CARD_TEASER_CHARS = 40;

/** Share of the group's items holding a heading element (a card's title). */
function itemHeadingShare(blocks: Blocks, group: RepeatedGroup): number {
  const { tag, end } = blocks.doc.columns;
  let headed = 0;
  for (const item of group.items)
    for (let node = item + 1; node < end[item]; node++)
      if (IS_HEADING[tag[node]] === 1) {
        headed++;
        break;
      }
  return headed / group.items.length;
}

/** Share of the page's headings (outside menus, footers, rails, headers) that are mostly link text: a listing's titles link to their pages, an article's section heads do not. */
function headingLinkShare(blocks: Blocks): number {
  const doc = blocks.doc;
  const { tag, end, kind } = doc.columns;
  const root = doc.contentRoot;
  let headings = 0;
  let linked = 0;
  for (let node = root; node < end[root]; node++) {
    if (kind[node] !== NodeKind.Element || IS_HEADING[tag[node]] !== 1 || tag[node] === TAG.h1) continue;
    if (blocks.landmarks[node] & OUTSIDE_LISTING) continue;
    const text = doc.textLength(node);
    if (text === 0) continue;
    headings++;
    if (doc.linkTextLength(node) >= 0.5 * text || doc.closest(node, TAG.a) >= 0) linked++;
  }
  return headings > 0 ? linked / headings : -1;
}

/** The URL path's last segment: its words (a slug has several; a section name one or two), 0 at the root, -1 without a URL. */
function urlSlugWords(url: string | undefined): number {
  const segment = lastPathSegment(url);
  if (segment === undefined) return -1;
  return segment === '' ? 0 : segment.split(/[-_+\s.]+/).filter((word) => /[a-z]/i.test(word)).length;
}

/** 1 when the URL's path holds a number of four or more digits (an article's id or date), 0 when not, -1 without a URL. */
function urlNumbered(url: string | undefined): number {
  if (!url) return -1;
  try {
    return /\d{4,}/.test(new URL(url).pathname) ? 1 : 0;
  } catch {
    return -1;
  }
}

function lastPathSegment(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const segments = new URL(url).pathname.split('/').filter((segment) => segment !== '');
    const last = segments.at(-1) ?? '';
    return decodeURIComponent(last).replace(/\.(html?|php|aspx?|jsp)$/i, '');
  } catch {
    return undefined;
  }
}

/**
 * The answer's words per item it keeps, over the group's words per item: about 1 or less where the
 * answer is cards like the rest; far more where the answer is an article that sits in one item of a
 * stream of teasers. 99 when the answer keeps no item.
 */
function answerPerKeptItem(answerWords: number, group: RepeatedGroup, kept: number): number {
  return kept > 0 ? answerWords / kept / (group.words / group.items.length) : 99;
}

/** The gate's features, by name (LISTING_GATE_FEATURE_NAMES). */
export function listingGateFeatures(
  blocks: Blocks,
  group: RepeatedGroup,
  answer: Uint8Array,
  answerWords: number,
  probabilities: Readonly<Record<PageType, number>>,
  pageTypeFeatures: Float32Array,
): Record<ListingGateFeature, number> {
  const doc = blocks.doc;
  const { kind, textLength } = doc.columns;
  const inGroup = groupTextNodes(blocks, group);
  let groupChars = 0;
  let sentenceChars = 0;
  for (let block = 0; block < blocks.count; block++) {
    if (!inGroup[blocks.textNodes[blocks.textStart[block]]]) continue;
    groupChars += blocks.chars[block];
    if (blocks.endsSentence[block]) sentenceChars += blocks.chars[block];
  }
  let itemChars = 0;
  let itemLinkChars = 0;
  const kept = keptItems(blocks, group, answer);
  for (const item of group.items) {
    itemChars += doc.textLength(item);
    itemLinkChars += doc.linkTextLength(item);
  }
  let answerChars = 0;
  let answerLinkChars = 0;
  for (let node = 0; node < doc.size; node++) {
    if (!answer[node] || kind[node] !== NodeKind.Text) continue;
    answerChars += textLength[node];
    if (doc.closest(node, TAG.a) >= 0) answerLinkChars += textLength[node];
  }
  return {
    listingProbability: probabilities.listing,
    collectionProbability: probabilities.collection,
    articleProbability: probabilities.article,
    items: group.items.length,
    wordsPerItem: group.words / group.items.length,
    groupSentenceShare: groupChars > 0 ? sentenceChars / groupChars : 0,
    groupLinkShare: itemChars > 0 ? itemLinkChars / itemChars : 0,
    answerLinkShare: answerChars > 0 ? answerLinkChars / answerChars : 0,
    answerToGroup: answerWords / group.words,
    keptItemShare: kept / group.items.length,
    headingInTitle: headingInTitle(blocks),
    articleSchema: ARTICLE_SCHEMA >= 0 && pageTypeFeatures[ARTICLE_SCHEMA] > 0 ? 1 : 0,
    cardShare: cardShare(blocks, group),
    itemHeadingShare: itemHeadingShare(blocks, group),
    headingLinkShare: headingLinkShare(blocks),
    urlSlugWords: urlSlugWords(doc.url),
    urlNumbered: urlNumbered(doc.url),
    answerPerKeptItem: answerPerKeptItem(answerWords, group, kept),
  };
}

/** Where a block sits in its item: the tags and first classes from the item down to the block's owner. */
function placeInItem(blocks: Blocks, item: number, owner: number): string {
  const { parent } = blocks.doc.columns;
  let place = '';
  for (let node = owner; node > item; node = parent[node]) place = `${shapeOf(blocks, node)}/${place}`;
  return place;
}

/**
 * The group's items completed the way the answer kept the items it holds: a block of an item
 * joins when a block at the same place in another item is kept (a card's title and teaser, not
 * its price or buttons, when those are what the block model kept in the cards it held).
 */
export function templateTextNodes(blocks: Blocks, group: RepeatedGroup, answer: Uint8Array): Uint8Array {
  const { end } = blocks.doc.columns;
  const chosen = new Uint8Array(blocks.doc.size);
  const itemOf = (owner: number) => {
    // items are in document order and disjoint: a binary search for the last item at or before owner
    let low = 0;
    let high = group.items.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (group.items[middle] <= owner) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found >= 0 && owner < end[group.items[found]] ? group.items[found] : -1;
  };
  const kept = new Set<string>();
  const places: { block: number; place: string }[] = [];
  for (let block = 0; block < blocks.count; block++) {
    const first = blocks.textNodes[blocks.textStart[block]];
    const item = itemOf(first);
    if (item < 0) continue;
    const place = placeInItem(blocks, item, blocks.owner[block]);
    places.push({ block, place });
    if (answer[first]) kept.add(place);
  }
  for (const { block, place } of places) {
    if (!kept.has(place)) continue;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
      chosen[blocks.textNodes[k]] = 1;
  }
  return chosen;
}

/**
 * Share of the kept cards that must keep a place for the place to join in every kept card.
 * Half: a card's price, date or byline line that the loose mode keeps in most cards but drops in
 * some (WCXB 4264, 2916, 2965: the block model drops each card's attribute lines, the loose mode
 * keeps them in most) — not a button or badge that one card's text happens to carry.
 */
export const CARD_PLACE_SHARE = 0.5;

/**
 * The kept cards completed by their template (issue 37, s37-cards2): in each item that `chosen`
 * keeps text in, the blocks at the places (tag/class path from the item down) that at least
 * CARD_PLACE_SHARE of the kept items keep, and at least two of them. Unlike templateTextNodes it
 * adds nothing to the items `chosen` drops (the profile's join decided which cards), and a place
 * one card kept does not spread to the others.
 */
export function cardTemplateTextNodes(blocks: Blocks, group: RepeatedGroup, chosen: Uint8Array): Uint8Array {
  const { end } = blocks.doc.columns;
  const out = chosen.slice();
  // Items are disjoint and in document order, and so are blocks: walk both together.
  const places: { block: number; item: number; place: string }[] = [];
  const keptItems = new Set<number>();
  const keptAt = new Map<string, Set<number>>();
  let index = 0;
  for (let block = 0; block < blocks.count; block++) {
    const first = blocks.textNodes[blocks.textStart[block]];
    while (index < group.items.length && end[group.items[index]] <= first) index++;
    if (index >= group.items.length) break;
    const item = group.items[index];
    if (first <= item) continue;
    const place = placeInItem(blocks, item, blocks.owner[block]);
    places.push({ block, item, place });
    if (!chosen[first]) continue;
    keptItems.add(item);
    const items = keptAt.get(place);
    if (items) items.add(item);
    else keptAt.set(place, new Set([item]));
  }
  const needed = Math.max(2, Math.ceil(CARD_PLACE_SHARE * keptItems.size));
  for (const { block, item, place } of places) {
    if (!keptItems.has(item) || (keptAt.get(place)?.size ?? 0) < needed) continue;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) out[blocks.textNodes[k]] = 1;
  }
  return out;
}

/**
 * Class names of text only screen readers get (Bootstrap's and Tailwind's `sr-only`, WordPress's
 * `screen-reader-text`, `visually-hidden`, Amazon's `a-offscreen`): a card's rating read aloud
 * ("Rating: 4.225 of 5 stars"), "Add … to Compare", "Add … to your Loves", a price said twice. The
 * page does not show it, and WCXB's gold, annotated from the rendered page, leaves it out.
 */
const SCREEN_READER_CLASS =
  /(?:^|[\s_-])(?:sr-only|sr_only|visually-hidden|visually_hidden|visuallyhidden|screen-reader-text|screen-reader-only|screenreader-only|screenreader|offscreen)(?:$|[\s_-])/i;

/** Per node: 1 for the text nodes inside an element of a screen-reader-only class; undefined when the page has none. */
export function screenReaderOnlyText(doc: Doc): Uint8Array | undefined {
  const { kind, end } = doc.columns;
  // One test per distinct `class` value of the page (a listing's cards share theirs): 1 yes, -1 no.
  const answers = new Int8Array(doc.classCount);
  let hidden: Uint8Array | undefined;
  for (let node = doc.contentRoot; node < end[doc.contentRoot]; node++) {
    if (kind[node] !== NodeKind.Element) continue;
    const number = doc.classValueNumber(node);
    if (number === 0) continue;
    if (answers[number] === 0)
      answers[number] = SCREEN_READER_CLASS.test(doc.attr(node, 'class') ?? '') ? 1 : -1;
    if (answers[number] < 0) continue;
    hidden ??= new Uint8Array(doc.size);
    for (let inner = node + 1; inner < end[node]; inner++)
      if (kind[inner] === NodeKind.Text) hidden[inner] = 1;
    node = end[node] - 1;
  }
  return hidden;
}

/**
 * A blog's day or front page (issue 37, s37-clean4): several posts of one shape under one
 * container (a date, a title, the post's prose, its time and comment link), of which the block
 * model kept one and dropped the rest — read as one post of an article page. Written from
 * CleanEval 149 (radio.weblogs.com's day page: four posts in sibling `<table>`s, their text set
 * between `<br>`s; the answer the one post with `<p>`s, 319 of the gold's 698 words). The posts
 * join the answer where the answer is one of them: it keeps text in at most POSTS_KEPT_SHARE of
 * the items, at least POSTS_IN_GROUP of its words sit in them, it is about an item's size
 * (answerPerKeptItem within POSTS_PER_ITEM), and every item is a post, not a card or a comment
 * line: POST_WORDS words or more, POST_SENTENCES sentences or more and
 * little link text (POSTS_LINK_SHARE).
 */
export const POSTS_GROWTH = 1.5;
/** The answer keeps text in at most this share of the items (one post of several). */
export const POSTS_KEPT_SHARE = 0.5;
/** At least this share of the answer's words sit in the group's items (the answer is a post). */
export const POSTS_IN_GROUP = 0.8;
/** The answer's words per kept item over the group's words per item, within these bounds. */
export const POSTS_PER_ITEM: readonly [number, number] = [0.5, 2];
/** Words every item needs to be a post (a card's teaser or a comment line has fewer). */
export const POST_WORDS = 40;
/** Sentences every item needs (a post is prose; a profile's fields or a card's teaser are not). */
export const POST_SENTENCES = 2;
const SENTENCE_END = /[.!?]["'\u201d\u2019)]?(?=\s|$)/g;
/**
 * The smallest item has at least this share of the largest's words: posts of one day are of a size,
 * where a page's layout columns of one shape (the story's column beside a rail and a menu: L3S-GN1
 * 2d2c99c9 260, 522 and 72 words; 46956db6 1,594, 581, 129; CleanEval 271 82, 391, 137) are not
 * (CleanEval 149's posts: 176, 327, 213).
 */
export const POSTS_BALANCE = 0.4;
/** The items' share of characters in links: posts, not teasers. */
export const POSTS_LINK_SHARE = 0.25;

/** Whether a group's smallest item has at least POSTS_BALANCE of its largest's words. */
function balanced(group: RepeatedGroup, wordCount: Int32Array): boolean {
  let least = Number.POSITIVE_INFINITY;
  let most = 0;
  for (const item of group.items) {
    least = Math.min(least, wordCount[item]);
    most = Math.max(most, wordCount[item]);
  }
  return least >= POSTS_BALANCE * most;
}

/**
 * Whether the items are one template: each item's classed descendants (tag and first class) share at
 * least POSTS_TEMPLATE of their shapes with the first item's (Jaccard), and the first has some. A
 * day's posts repeat their title's, time line's and comment link's classes (CleanEval 149:
 * `itemTitle`, `weblogItemTitle`, `small`, `commentLink`); a page's layout columns of one shape —
 * the story's column, a rail of teasers, a marketplace box (L3S-GN1 484352f0: 544, 266 and 316
 * words) — hold different ones.
 */
function oneTemplate(blocks: Blocks, group: RepeatedGroup): boolean {
  const doc = blocks.doc;
  const { kind, end } = doc.columns;
  const shapes = (item: number) => {
    const found = new Set<string>();
    for (let node = item + 1; node < end[item]; node++)
      if (kind[node] === NodeKind.Element && doc.attr(node, 'class')) found.add(shapeOf(blocks, node));
    return found;
  };
  const first = shapes(group.items[0]);
  if (first.size === 0) return false;
  // Distinct posts, not one body repeated for each screen size (WCXB dev 0355: one blog post three
  // times, two of them hidden by the site's CSS): their openings differ.
  const openings = new Set(group.items.map((item) => doc.textContent(item).trim().slice(0, OPENING_CHARS)));
  if (openings.size < group.items.length) return false;
  for (let k = 1; k < group.items.length; k++) {
    const other = shapes(group.items[k]);
    let shared = 0;
    for (const shape of other) if (first.has(shape)) shared++;
    if (shared < POSTS_TEMPLATE * (first.size + other.size - shared)) return false;
  }
  return true;
}
/** Characters of an item's text that tell two posts apart. */
const OPENING_CHARS = 80;
/** The share of classed shapes the items must share (oneTemplate). */
export const POSTS_TEMPLATE = 0.5;

/** The answer joined to the posts it is one of (see POSTS_GROWTH), or undefined. */
export function postsAnswer(
  blocks: Blocks,
  answer: Uint8Array,
  answerWords: number,
): { chosen: Uint8Array; group: RepeatedGroup } | undefined {
  if (answerWords < MIN_GROUP_WORDS) return undefined;
  const doc = blocks.doc;
  const { kind, wordCount } = doc.columns;
  // The group the answer started whose every item is a post's size (anchoredGroup's, among those:
  // a day page's outer table — the date line, the posts' wrapper, the copyright line — repeats too).
  let group: RepeatedGroup | undefined;
  // Only the groups under the answer's middle word's ancestors: a group whose items hold
  // POSTS_IN_GROUP (over half) of the answer's words has its parent among them (answerGroups).
  for (const found of answerGroups(blocks, answer, Math.floor(POSTS_GROWTH * answerWords), POST_WORDS))
    if (
      (!group || found.words > group.words) &&
      found.items.every((item) => wordCount[item] >= POST_WORDS) &&
      balanced(found, wordCount) &&
      // The items' text read last: their shapes and openings cost most.
      keptItems(blocks, found, answer) >= MIN_KEPT_ITEMS &&
      oneTemplate(blocks, found)
    )
      group = found;
  if (!group) return undefined;
  const kept = keptItems(blocks, group, answer);
  if (kept > POSTS_KEPT_SHARE * group.items.length) return undefined;
  const perItem = answerPerKeptItem(answerWords, group, kept);
  if (perItem < POSTS_PER_ITEM[0] || perItem > POSTS_PER_ITEM[1]) return undefined;
  const items = groupTextNodes(blocks, group);
  let answerIn = 0;
  let answerAll = 0;
  for (let node = 0; node < doc.size; node++) {
    if (!answer[node] || kind[node] !== NodeKind.Text) continue;
    answerAll += wordCount[node];
    if (items[node]) answerIn += wordCount[node];
  }
  if (answerIn < POSTS_IN_GROUP * answerAll) return undefined;
  // Prose in every item, read in its text: a post set between `<br>`s is one block that ends on
  // its time and comment link, so the blocks' sentence ends say nothing there.
  for (const item of group.items)
    if ((doc.textContent(item).match(SENTENCE_END) ?? []).length < POST_SENTENCES) return undefined;
  let itemChars = 0;
  let linkChars = 0;
  for (const item of group.items) {
    itemChars += doc.textLength(item);
    linkChars += doc.linkTextLength(item);
  }
  if (linkChars > POSTS_LINK_SHARE * itemChars) return undefined;
  const chosen = answer.slice();
  for (let node = 0; node < chosen.length; node++) if (items[node]) chosen[node] = 1;
  return { chosen, group };
}
