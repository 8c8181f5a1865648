/**
 * Rules applied after the block classifier, on the chosen text nodes: patterns
 * the classifier cannot see because they depend on what was kept around a block
 * (a heading whose section was all dropped) or on the inside of one block (a
 * paragraph that is a label and a link to another article). Measured on pages
 * the model was never trained on (trafilatura-eval) and on the training datasets
 * through cross-validation; see docs/algorithms/default.md, "Post-rules".
 */
import {
  type Doc,
  IS_BLOCK,
  IS_HEADING,
  isJsSpaceCode,
  lettersKey,
  lowerCased,
  NodeKind,
  type Selection,
  SpareArray,
  TAG,
  TAG_COUNT,
  tick,
  tickAt,
  wordRunCount,
} from '../../dom/index.js';
import { type Blocks, blockText, cueBit, hasCueWord, LANDMARK } from '../../features/blocks/index.js';
import { mayBeVideoEmbed, videoEmbed } from '../../features/embeds/index.js';

/** Per block: 1 when any of its text nodes is chosen. */
export function chosenBlocks(blocks: Blocks, chosen: Uint8Array): Uint8Array {
  const kept = new Uint8Array(blocks.count);
  for (let block = 0; block < blocks.count; block++) {
    tick('pith');
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      if (chosen[blocks.textNodes[k]]) {
        kept[block] = 1;
        break;
      }
    }
  }
  return kept;
}

function unchooseBlock(blocks: Blocks, block: number, chosen: Uint8Array): void {
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) chosen[blocks.textNodes[k]] = 0;
}

/** Heading level of a block's owner (1–6), or 0 when it is not a heading. */
function headingLevelOf(doc: Doc, node: number): number {
  const tag = doc.tag(node);
  if (tag === TAG.h1) return 1;
  if (tag === TAG.h2) return 2;
  if (tag === TAG.h3) return 3;
  if (tag === TAG.h4) return 4;
  if (tag === TAG.h5) return 5;
  if (tag === TAG.h6) return 6;
  return 0;
}

/** A heading of more words than this is prose set as a heading (a lead): content, not a section title. */
const MAX_TITLE_WORDS = 14;

/** Headings whose text is at least this share link text are card titles, never dropped as orphans. */
const MAX_ORPHAN_LINK_DENSITY = 0.5;
/** More orphan headings than this with the same tag and class are a grid's titles, kept. */
const MAX_ORPHANS_ALIKE = 2;

/** Words from which a heading that ends with a full stop is a sentence (a pull quote), not a title. */
const MIN_SENTENCE_WORDS = 5;

const FULL_STOP = 0x2e;

/** A heading that reads as a title: short, and not a sentence (pull quotes and leads set as headings are content). */
function isTitle(doc: Doc, heading: number): boolean {
  const words = doc.wordCount(heading);
  if (words > MAX_TITLE_WORDS) return false;
  // `/\.\s*$/` on its text, read in place (the text is not built).
  return words < MIN_SENTENCE_WORDS || doc.lastTextCode(heading) !== FULL_STOP;
}

/**
 * A kept heading whose section — the text after it up to the next heading of the
 * same or a higher level — holds no kept text outside headings is the title of
 * something that was dropped: "Related posts" over a dropped link list, "Most
 * read", "3 comments". It goes too. Subheadings are not content of their own:
 * "Related" (h2) over "Story A" (h3, a teaser title kept by mistake) over a
 * dropped teaser goes, and so does "Story A". Read in node order, not block
 * order: a block can hold text before and after a heading nested in it.
 */
export function dropOrphanHeadings(blocks: Blocks, chosen: Uint8Array): number {
  // Kept text outside headings, as a running count over node ids.
  const before = SPARE_COUNTS.take(blocks.doc.size + 1);
  try {
    return dropOrphanHeadingsWith(blocks, chosen, before);
  } finally {
    SPARE_COUNTS.giveBack(before);
  }
}

/**
 * Per-node working columns of the post-rules, lent from page to page (`SpareArray`): made per
 * call they were 35 KB of a page's stores. Each is taken by one rule at a time and given back
 * before it returns; none is kept in what a rule returns.
 */
const SPARE_COUNTS = new SpareArray((length) => new Int32Array(length));
const SPARE_IMAGE_COUNTS = new SpareArray((length) => new Int32Array(length));
const SPARE_CHECKED = new SpareArray((length) => new Uint8Array(length));
const SPARE_BEFORE = new SpareArray((length) => new Uint8Array(length));
const SPARE_AFTER = new SpareArray((length) => new Uint8Array(length));

function dropOrphanHeadingsWith(blocks: Blocks, chosen: Uint8Array, before: Int32Array): number {
  const { doc } = blocks;
  const { kind, tag, hidden } = doc.columns;
  const size = doc.size;
  const headings: number[] = [];
  let insideHeadingUntil = -1;
  for (let node = 0; node < size; node++) {
    tick('pith');
    let content = 0;
    if (
      node >= insideHeadingUntil &&
      kind[node] === NodeKind.Element &&
      IS_HEADING[tag[node]] &&
      isTitle(doc, node)
    ) {
      headings.push(node);
      insideHeadingUntil = doc.end(node);
    } else if (node >= insideHeadingUntil && chosen[node] && kind[node] === NodeKind.Text && !hidden[node]) {
      content = 1;
    }
    before[node + 1] = before[node] + content;
  }
  // Where each heading's section ends: the next heading of the same or a higher level.
  const sectionEnd = new Int32Array(headings.length).fill(size);
  const open: number[] = [];
  for (let index = 0; index < headings.length; index++) {
    const level = headingLevelOf(doc, headings[index]);
    while (open.length > 0 && headingLevelOf(doc, headings[open[open.length - 1]]) >= level) {
      sectionEnd[open.pop() as number] = headings[index];
    }
    open.push(index);
  }
  const orphans: number[] = [];
  const perSignature = new Map<string, number>();
  for (let index = 0; index < headings.length; index++) {
    const heading = headings[index];
    const stop = doc.end(heading);
    let headingChosen = false;
    for (let node = heading + 1; node < stop; node++) {
      tick('pith');
      if (chosen[node] && kind[node] === NodeKind.Text) {
        headingChosen = true;
        break;
      }
    }
    if (!headingChosen || before[sectionEnd[index]] - before[stop] > 0) continue;
    // The page's title is kept whatever follows it (a product page's title over a gallery).
    if (tag[heading] === TAG.h1) continue;
    // A linked heading is a card's title: on a listing the titles are the content.
    if (doc.linkDensity(heading) >= MAX_ORPHAN_LINK_DENSITY) continue;
    orphans.push(heading);
    const signature = `${tag[heading]}|${doc.attr(heading, 'class') ?? ''}`;
    perSignature.set(signature, (perSignature.get(signature) ?? 0) + 1);
  }
  // A page whose kept text is only headings is a list of titles: nothing to tell orphans by.
  if (before[size] === 0) return 0;
  let dropped = 0;
  for (const heading of orphans) {
    // Repeated alike, they are the titles of a grid of cards or categories, not one stray heading.
    if ((perSignature.get(`${tag[heading]}|${doc.attr(heading, 'class') ?? ''}`) ?? 0) > MAX_ORPHANS_ALIKE)
      continue;
    for (let node = heading + 1; node < doc.end(heading); node++) chosen[node] = 0;
    dropped++;
  }
  return dropped;
}

/** How many levels above a heading its section's container may be (its parent, or the parent's parent). */
const SECTION_HEADING_REACH = 2;

/** True when one of the heading's first `SECTION_HEADING_REACH` ancestors holds `node`. */
function sharesContainer(doc: Doc, heading: number, node: number): boolean {
  if (node < 0) return false;
  let ancestor = doc.parent(heading);
  for (let level = 0; level < SECTION_HEADING_REACH && ancestor > 0; level++) {
    if (node > ancestor && node < doc.end(ancestor)) return true;
    ancestor = doc.parent(ancestor);
  }
  return false;
}

/**
 * A dropped heading between kept text whose section starts with kept text is that
 * section's title: the classifier, which reads a heading alone, drops section titles
 * that look like card titles (a linked "2. Second item" over its kept description, a
 * heading that ends in a permalink "#"). It is kept. Only between kept text in the
 * heading's own container (`SECTION_HEADING_REACH` levels up), so that a heading over the
 * article (a rail's "Latest news"), after it, or on a card of its own (a teaser whose
 * summary was kept) stays dropped; and only when the first text after it, in its parent,
 * is kept and is not another heading.
 */
export function keepSectionHeadings(blocks: Blocks, chosen: Uint8Array): number {
  const { doc } = blocks;
  const { kind, tag, hidden, textLength } = doc.columns;
  const size = doc.size;
  /** The last kept text node (-1: none yet). */
  let lastKept = -1;
  /** A dropped heading waiting for the first text after it (-1: none). */
  let waiting = -1;
  let kept = 0;
  for (let node = 0; node < size; node++) {
    tick('pith');
    if (kind[node] === NodeKind.Element && IS_HEADING[tag[node]]) {
      const stop = doc.end(node);
      let headingChosen = false;
      let headingText = false;
      for (let inner = node + 1; inner < stop; inner++) {
        if (kind[inner] !== NodeKind.Text || hidden[inner] || textLength[inner] === 0) continue;
        headingText = true;
        if (chosen[inner]) headingChosen = true;
      }
      // Another heading first: the waiting one titles nothing of its own.
      if (headingText) {
        waiting = !headingChosen && isTitle(doc, node) && sharesContainer(doc, node, lastKept) ? node : -1;
      }
      if (headingChosen) lastKept = stop - 1;
      node = stop - 1;
      continue;
    }
    if (kind[node] !== NodeKind.Text || hidden[node] || textLength[node] === 0) continue;
    if (chosen[node]) {
      // The text it titles follows it in its own parent: a label over an empty slot
      // ("Advertisement", "Lesen Sie auch" over a box filled by script) is followed by
      // the article's text from outside its wrapper.
      if (waiting >= 0 && node < doc.end(doc.parent(waiting))) {
        for (let inner = waiting + 1; inner < doc.end(waiting); inner++)
          if (kind[inner] === NodeKind.Text && !hidden[inner]) chosen[inner] = 1;
        kept++;
      }
      lastKept = node;
    }
    waiting = -1;
  }
  return kept;
}

/** What ends the label of a "Read more: <link>" line (a colon, a guillemet, an arrow). */
const LABEL_END = /[:：»›>]\s*$/u;
/** Longest label, in words ("Lesen Sie auch:", "LE PUEDE INTERESAR:", "Dowiedz się więcej:"). */
const MAX_LABEL_WORDS = 4;
/** Share of a teaser line's characters that are the link's. */
const MIN_TEASER_LINK_SHARE = 0.6;

/**
 * A paragraph that is a short label and one link — "Read more: <a>Another
 * story</a>", "LE PUEDE INTERESAR: <a>…</a>", "À lire aussi » <a>…</a>" — points
 * to another article from inside this one. News sites put them between the
 * paragraphs, where the classifier, which sees prose-length text in the article
 * body, keeps them. Told by its shape, not its words: the label is at most four
 * words ending with a colon or a guillemet, the link holds most of the text and
 * nothing but punctuation follows it.
 */
export function dropLinkTeasers(blocks: Blocks, chosen: Uint8Array): number {
  const { doc, count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  let dropped = 0;
  for (let block = 0; block < count; block++) {
    tick('pith');
    if (!kept[block] || blocks.links[block] !== 1) continue;
    if (blocks.linkChars[block] < MIN_TEASER_LINK_SHARE * blocks.chars[block]) continue;
    let label = '';
    let after = '';
    let inLink = false;
    let linkSeen = false;
    let broken = false;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      const node = blocks.textNodes[k];
      const isLink = (blocks.landmarks[node] & LANDMARK.link) !== 0;
      if (isLink) {
        // Two separate runs of link text are two links: not this shape.
        if (linkSeen && !inLink) broken = true;
        linkSeen = true;
        inLink = true;
      } else {
        inLink = false;
        if (linkSeen) after += doc.text(node);
        else label += doc.text(node);
      }
    }
    if (broken || !linkSeen) continue;
    const labelWords = wordRunCount(label);
    if (labelWords === 0 || labelWords > MAX_LABEL_WORDS || !LABEL_END.test(label)) continue;
    if (wordRunCount(after) > 0) continue;
    unchooseBlock(blocks, block, chosen);
    dropped++;
  }
  return dropped;
}

/** Most words of the label an embedded teaser box may carry besides its links ("Related Stories", "Lesen Sie auch"). */
const MAX_EMBED_LABEL_WORDS = 6;
/** Most characters outside links in a teaser box: its label's words, generously (a first, cheap test). */
const MAX_EMBED_LABEL_CHARS = 120;
/** Most kept words of an embedded teaser box: a few linked headlines, not a section of the article. */
const MAX_EMBED_WORDS = 80;
/** Fewest words of the link that makes a teaser: a headline, not "more" or an icon's label. */
const MIN_EMBED_LINK_WORDS = 3;
/** Fewest words of the prose an embedded box sits between, before and after it. */
const MIN_FLOW_WORDS = 12;
/** Largest link share of that prose. */
const MAX_FLOW_LINK_SHARE = 0.3;
/** How many ancestors above a kept block a box may start (card, card list, box). */
const MAX_EMBED_LEVELS = 5;
/** Elements that are content in their own right, never a teaser box (headings neither): the article's own parts. */
const NOT_EMBED = new Set<number>([
  TAG.p,
  TAG.li,
  TAG.figure,
  TAG.blockquote,
  TAG.table,
  TAG.tbody,
  TAG.tr,
  TAG.td,
  TAG.th,
  TAG.pre,
]);

/** Whether a kept block reads as the article's prose (enough words, few of them links). */
function isFlowProse(blocks: Blocks, block: number): boolean {
  return (
    blocks.words[block] >= MIN_FLOW_WORDS &&
    blocks.linkChars[block] < MAX_FLOW_LINK_SHARE * blocks.chars[block]
  );
}

/**
 * A box of teasers set between the article's paragraphs — "Related Stories" with two linked
 * headlines and their pictures, a "Lesen Sie auch" card — is kept with the prose around it,
 * which the classifier reads as the article's. Told by its shape: a block-level element (not a
 * paragraph, list item, heading, figure, quote or table; no caption inside) whose text, kept or
 * not, is headline links (three words or more) to other pages of the site and at most a short
 * label — the classifier often drops the links and keeps the box's title ("Lesen Sie auch" over
 * three dropped links) — with two headlines and a heading among its blocks, or one headline under
 * a label whose picture is a link too;
 * the nearest kept blocks before and after it, within 20 blocks, are prose inside its parent, so it
 * sits inside the text flow, not beside or after it (teaser rails after the article are left to
 * the classifier: a rule for those lost on WCXB's listings and collections,
 * docs/algorithms/default.md). What stays: a roundup's linked heading over its own text (one
 * headline), a list of links without a heading (documentation's "see also"), a read-more line or
 * an author box (its picture links nowhere), resources on other sites, a linked caption, and any
 * box with more than a label of its own text.
 */
export function dropEmbeddedTeasers(blocks: Blocks, chosen: Uint8Array, pageUrl = blocks.doc.url): number {
  const checked = SPARE_CHECKED.take(blocks.doc.size);
  try {
    return dropEmbeddedTeasersWith(blocks, chosen, pageUrl, checked);
  } finally {
    SPARE_CHECKED.giveBack(checked);
  }
}

function dropEmbeddedTeasersWith(
  blocks: Blocks,
  chosen: Uint8Array,
  pageUrl: string | undefined,
  checked: Uint8Array,
): number {
  const { count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  const site = linkHostOfUrl(pageUrl);
  let dropped = 0;
  let block = 0;
  while (block < count) {
    tick('pith');
    if (!kept[block]) {
      block++;
      continue;
    }
    const box = embeddedTeaserBox(blocks, kept, block, checked, site);
    if (box === undefined) {
      block++;
      continue;
    }
    for (let inside = box.first; inside <= box.last; inside++) {
      if (!kept[inside]) continue;
      unchooseBlock(blocks, inside, chosen);
      kept[inside] = 0;
      dropped++;
    }
    block = box.last + 1;
  }
  return dropped;
}

/** The blocks of the teaser box that holds `block` (`dropEmbeddedTeasers`), if there is one. */
function embeddedTeaserBox(
  blocks: Blocks,
  kept: Uint8Array,
  block: number,
  checked: Uint8Array,
  site: string | undefined,
): { first: number; last: number } | undefined {
  const { doc, owner, count } = blocks;
  let box = owner[block];
  for (let level = 0; level <= MAX_EMBED_LEVELS && box > 0; level++, box = doc.parent(box)) {
    const tag = doc.tag(box);
    if (tag === TAG.body || tag === TAG.main) return undefined;
    // Each box is weighed once (from the first kept block within reach of it): the ones after ask again.
    if (!IS_BLOCK[tag] || IS_HEADING[tag] || NOT_EMBED.has(tag) || checked[box]) continue;
    checked[box] = 1;
    const stop = doc.end(box);
    // The box's blocks are those owned inside it: a run around `block` in block order.
    let first = block;
    while (first > 0 && ownedIn(owner, first - 1, box, stop) && block - first < MAX_BOX_BLOCKS) first--;
    let last = block;
    while (last + 1 < count && ownedIn(owner, last + 1, box, stop) && last - block < MAX_BOX_BLOCKS) last++;
    if (
      (first > 0 && ownedIn(owner, first - 1, box, stop)) ||
      (last + 1 < count && ownedIn(owner, last + 1, box, stop))
    )
      return undefined;
    const shape = teaserShape(blocks, first, last, box, site);
    if (shape === 'too big') return undefined;
    // Two headlines and a heading (the box's title or the cards' headlines), or one headline under a
    // label whose card links its picture too ("Lesen Sie auch"): not a roundup's linked heading over
    // its own text, a list of links in documentation, nor a read-more line beside an icon.
    if (
      shape === 'no' ||
      !((shape.heading && shape.headlines >= 2) || (shape.labelled && hasLinkedImage(doc, box)))
    )
      continue;
    const before = nearestKept(kept, first - 1, -1);
    const after = nearestKept(kept, last + 1, 1);
    const parent = doc.parent(box);
    const parentStop = doc.end(parent);
    if (
      before >= 0 &&
      after >= 0 &&
      ownedIn(owner, before, parent + 1, parentStop) &&
      ownedIn(owner, after, parent + 1, parentStop) &&
      isFlowProse(blocks, before) &&
      isFlowProse(blocks, after)
    )
      return { first, last };
  }
  return undefined;
}

/**
 * Whether `block`'s owner is in `from … stop - 1`. A function, not a closure per box: the closures
 * captured the loop's `box`, and V8 made a context for every level climbed (15 KB a page).
 */
function ownedIn(owner: Int32Array, block: number, from: number, stop: number): boolean {
  return owner[block] >= from && owner[block] < stop;
}

/** Most blocks a teaser box holds on either side of the block it is found from. */
const MAX_BOX_BLOCKS = 64;
/** How far (in blocks) the prose around a box may be: further, the box is not inside the text flow. */
const MAX_FLOW_GAP = 20;
/** Nodes of a box read for an image. */
const MAX_IMAGE_SEARCH = 2_000;
/** Longest `href` read for its host. */
const MAX_TEASER_HREF = 2_048;

/** The nearest kept block from `from` in direction `step` (-1 or 1) within MAX_FLOW_GAP blocks, or -1. */
function nearestKept(kept: Uint8Array, from: number, step: -1 | 1): number {
  for (
    let block = from, gap = 0;
    block >= 0 && block < kept.length && gap < MAX_FLOW_GAP;
    block += step, gap++
  )
    if (kept[block]) return block;
  return -1;
}

/**
 * What the blocks `first…last` (kept or not, at least one kept) say of a teaser box: 'too big'
 * (more than a box holds: no box further up either), 'no', or links to other pages and at most a short label: how many headline
 * links, and whether a heading is among the blocks (a card's headline, a box's title).
 */
function teaserShape(
  blocks: Blocks,
  first: number,
  last: number,
  box: number,
  site: string | undefined,
): 'too big' | 'no' | { headlines: number; heading: boolean; labelled: boolean } {
  const { doc } = blocks;
  // First the counts the blocks carry: most boxes are prose, and that says so without reading text.
  let words = 0;
  let outsideLinks = 0;
  for (let block = first; block <= last; block++) {
    words += blocks.words[block];
    if (words > MAX_EMBED_WORDS) return 'too big';
    outsideLinks += blocks.chars[block] - blocks.linkChars[block];
  }
  if (outsideLinks > MAX_EMBED_LABEL_CHARS) return 'no';
  let labelWords = 0;
  const headlines = new HeadlineCount(doc, site);
  let heading = false;
  for (let block = first; block <= last; block++) {
    if (IS_HEADING[doc.tag(blocks.owner[block])]) heading = true;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      tick('pith');
      const node = blocks.textNodes[k];
      // A caption is the picture's text, not a teaser (WordPress wraps its figures in a div).
      if ((blocks.landmarks[node] & LANDMARK.figure) !== 0) return 'no';
      if ((blocks.landmarks[node] & LANDMARK.link) === 0) {
        labelWords += wordRunCount(doc.text(node));
        continue;
      }
      headlines.add(anchorWithin(doc, node, box), doc.text(node));
    }
    headlines.end();
  }
  if (headlines.count === 0 || labelWords > MAX_EMBED_LABEL_WORDS) return 'no';
  return { headlines: headlines.count, heading, labelled: labelWords > 0 };
}

/** The `<a>` around a node, looked for up to (not past) `box`; -1 when there is none. */
function anchorWithin(doc: Doc, node: number, box: number): number {
  for (let at = doc.parent(node); at > box; at = doc.parent(at)) if (doc.tag(at) === TAG.a) return at;
  return -1;
}

/**
 * A link of a headline's length to another page of the site: a teaser points to the site's own
 * articles; a list of resources or sources points elsewhere. Not a fragment of this page.
 */
/** Headline links among text nodes read in order: each anchor's texts joined, then tested once ({@link isHeadline}). */
class HeadlineCount {
  count = 0;
  private anchor = -1;
  private text = '';
  constructor(
    private readonly doc: Doc,
    private readonly site: string | undefined,
  ) {}
  /** A link's text node and its anchor. */
  add(anchor: number, text: string): void {
    if (anchor !== this.anchor) {
      this.end();
      this.anchor = anchor;
    }
    this.text += text;
  }
  /** Ends the anchor being read (at a block's end): the count so far. */
  end(): number {
    if (isHeadline(this.doc, this.anchor, this.text, this.site)) this.count++;
    this.anchor = -1;
    this.text = '';
    return this.count;
  }
}

function isHeadline(doc: Doc, anchor: number, text: string, site: string | undefined): boolean {
  if (anchor < 0 || wordRunCount(text) < MIN_EMBED_LINK_WORDS) return false;
  const href = doc.attr(anchor, 'href')?.trim() ?? '';
  if (href === '' || href.startsWith('#') || href.length > MAX_TEASER_HREF) return false;
  // A path on this site ("/2026/one/", "story.html"): no scheme, no host.
  if (!/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) return true;
  if (site === undefined) return false;
  try {
    return linkHost(new URL(href, doc.url).hostname) === site;
  } catch {
    return false;
  }
}

/** The page's own site (its host without `www.`), read once per page; undefined without a URL. */
function linkHostOfUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return linkHost(new URL(url).hostname);
  } catch {
    return undefined;
  }
}

/** A host without its `www.`: where a link goes (not the evaluation's site, a registrable domain: eval/datasets/sealed.ts). */
function linkHost(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** Whether a box holds, among its first nodes, an `<img>` inside a link (a card's picture links to its story). */
function hasLinkedImage(doc: Doc, box: number): boolean {
  const stop = Math.min(doc.end(box), box + MAX_IMAGE_SEARCH);
  for (let node = box + 1; node < stop; node++) {
    if (doc.kind(node) === NodeKind.Element && doc.tag(node) === TAG.img && anchorWithin(doc, node, box) >= 0)
      return true;
  }
  return false;
}

/** Fewest headline lines in a run that makes a list of other stories. */
const MIN_HEADLINE_RUN = 3;
/** Longest headline line, in words (a headline and its date or source: "Warriors slay Dragons 14/01/08 6:41 AM"). */
const MAX_HEADLINE_LINE_WORDS = 25;
/** Fewest words of a headline line's link: a headline, not "More…" or a page number. */
const MIN_HEADLINE_LINK_WORDS = 3;
/** Share of a headline line's characters that are its link's. */
const MIN_HEADLINE_LINK_SHARE = 0.5;
/** Longest label a run may hold between its headlines ("Don't Miss . . .", "More articles in Soccer", "More…"). */
const MAX_RUN_LABEL_WORDS = 5;
/** Most words of a run for each word of the article's prose before it: a rail beside a story, not the page's list. */
const MAX_RUN_TO_PROSE = 2;
/** Fewest headlines in a run for each label among them (a section's title, its "More…"). */
const MIN_HEADLINES_PER_LABEL = 3;
/** Fewest words of the article's prose kept before the run: the run follows a body, it is not the page's content. */
const MIN_PROSE_BEFORE = 80;

/** A price: a currency sign or code by a number ("$655.00", "€ 24,50", "129 EUR"). */
const PRICE = /[$€£¥₹]\s?\d|\d\s?(?:[€£]|(?:USD|EUR|GBP|CHF)\b)/u;
/** Share of a block of several headline links that is link text (a list, not prose with links in it). */
const MIN_HEADLINE_LIST_LINK_SHARE = 0.7;
/** Share of a block's links that must be headlines for it to be a list of them. */
const MIN_HEADLINE_SHARE = 0.6;

/**
 * How many headlines a kept block lists: a line that is mostly one link of a headline's length to
 * another page of the site (perhaps with its date), or a block of several such links set between
 * `<br>`s (most of its text links, most links headlines); 0 when the block is anything else.
 */
function headlinesIn(
  blocks: Blocks,
  block: number,
  site: string | undefined,
  tables: Map<number, boolean>,
): number {
  const links = blocks.links[block];
  const words = blocks.words[block];
  if (links < 1 || words < MIN_HEADLINE_LINK_WORDS || words > MAX_HEADLINE_LINE_WORDS * links) return 0;
  const share = links === 1 ? MIN_HEADLINE_LINK_SHARE : MIN_HEADLINE_LIST_LINK_SHARE;
  if (blocks.linkChars[block] < share * blocks.chars[block]) return 0;
  const { doc } = blocks;
  // A price beside the link makes it a product, and a shop's grid of them is its content.
  if (blocks.digits[block] > 0 && PRICE.test(blockText(blocks, block))) return 0;
  // A cell of a data table (a schedule's titles beside their dates and speakers) is a value, not a teaser.
  if (inDataCell(doc, blocks.textNodes[blocks.textStart[block]], tables)) return 0;
  const headlines = new HeadlineCount(doc, site);
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
    const node = blocks.textNodes[k];
    if ((blocks.landmarks[node] & LANDMARK.link) !== 0)
      headlines.add(anchorWithin(doc, node, 0), doc.text(node));
  }
  const count = headlines.end();
  return count >= MIN_HEADLINE_SHARE * links ? count : 0;
}

/**
 * A list of other stories after (or beside) the article — a station's latest headlines, a sports
 * desk's last results, each a line that is one linked headline, perhaps with its date — sits next
 * to the body and the classifier keeps it with it. Told by its shape: a run of at least three kept
 * headlines (`headlinesIn`: a line that is mostly one link of three words or more to another page
 * of the site, or a block of such links between `<br>`s; never a cell of a data table, never a
 * name beside a price), with nothing kept between them but a few short labels (at most five
 * words, "More…"; one per three headlines at most: a label per item is a card's price or byline),
 * after at least 80 words of the article's prose (`isFlowProse` blocks) kept before it and at most
 * twice as many words as that prose, so a listing or a shop whose content is the headlines is left
 * alone. The headlines and the labels among them (and one just before) go. Written from L3S-GN1
 * 30cfde24 and b8702037 (headline lists kept under news stories). Runs broken by a teaser's prose
 * (cards of headline and summary: the dead end of docs/algorithms/default.md) are not this rule's.
 */
export function dropHeadlineRuns(blocks: Blocks, chosen: Uint8Array, pageUrl = blocks.doc.url): number {
  const { count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  const site = linkHostOfUrl(pageUrl);
  const tables = new Map<number, boolean>();
  let prose = 0;
  let dropped = 0;
  let block = 0;
  while (block < count) {
    tick('pith');
    if (!kept[block]) {
      block++;
      continue;
    }
    if (prose < MIN_PROSE_BEFORE || headlinesIn(blocks, block, site, tables) === 0) {
      if (isFlowProse(blocks, block)) prose += blocks.words[block];
      block++;
      continue;
    }
    // A run from here: headline lines and short labels among them, up to the next other kept block.
    let headlines = 0;
    let labels = 0;
    let labelsToLast = 0;
    let runWords = 0;
    let last = block;
    for (let end = block; end < count; end++) {
      if (!kept[end]) continue;
      const listed = headlinesIn(blocks, end, site, tables);
      if (listed > 0) {
        headlines += listed;
        runWords += blocks.words[end];
        last = end;
        labelsToLast = labels;
      } else if (blocks.words[end] > MAX_RUN_LABEL_WORDS || isFlowProse(blocks, end)) break;
      else labels++;
    }
    // A label per item (a shop's price, a byline) makes cards, not lines: a product grid is content.
    // Headlines that outweigh the prose before them are the page's content (a shop's grid under its intro).
    if (
      headlines >= MIN_HEADLINE_RUN &&
      labelsToLast * MIN_HEADLINES_PER_LABEL <= headlines &&
      runWords <= MAX_RUN_TO_PROSE * prose
    ) {
      // A label just before the run ("Don't Miss . . .") goes with it.
      let first = block;
      for (let before = block - 1; before >= 0; before--) {
        if (!kept[before]) continue;
        if (blocks.words[before] <= MAX_RUN_LABEL_WORDS && !blocks.endsSentence[before]) first = before;
        break;
      }
      for (let inside = first; inside <= last; inside++) {
        if (!kept[inside]) continue;
        unchooseBlock(blocks, inside, chosen);
        kept[inside] = 0;
        dropped++;
      }
    }
    block = Math.max(last, block) + 1;
  }
  return dropped;
}

/** Fewest words of kept prose (`isFlowProse` blocks) in the story's container: a story a rail can stand beside. */
const MIN_STORY_WORDS = 150;
/**
 * Least probability that the page is an article (the page-type model) for its cards to be a rail:
 * a forum's quoted posts, a service's or a product's feature cards, a documentation page's
 * sections and a collection's items under a long intro lie outside the majority's container too
 * (WCXB 0550, 0707, 3063, 2867, 4015, 4380: all read at most 0.56 article).
 */
const MIN_RAIL_ARTICLE = 0.6;
/** Fewest cards outside the story's container that make a rail (one card is a related link's box). */
const MIN_RAIL_CARDS = 2;
/** How many blocks before a teaser its headline may be (a picture's credit, a kicker between). */
const MAX_HEADLINE_GAP = 3;
/** Most words of what sits between a card's headline and its teaser (a source, a kicker, a time). */
const MAX_CARD_LABEL_WORDS = 5;

/**
 * Whether a block is a card's headline: a line that is mostly one link of a headline's length
 * (three words or more) that is not a fragment of this page. Any host: a portal's rail links its
 * sister sites (gma.yahoo.com under a story on www.yahoo.com).
 */
function isCardHeadline(blocks: Blocks, block: number): boolean {
  if (blocks.links[block] !== 1 || blocks.words[block] < MIN_HEADLINE_LINK_WORDS) return false;
  if (blocks.words[block] > MAX_HEADLINE_LINE_WORDS) return false;
  if (blocks.linkChars[block] < MIN_HEADLINE_LINK_SHARE * blocks.chars[block]) return false;
  const { doc } = blocks;
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
    const node = blocks.textNodes[k];
    if ((blocks.landmarks[node] & LANDMARK.link) === 0) continue;
    const anchor = anchorWithin(doc, node, 0);
    const href = anchor < 0 ? '' : (doc.attr(anchor, 'href')?.trim() ?? '');
    return href !== '' && !href.startsWith('#');
  }
  return false;
}

/** The characters of the headline link that opens a block with text after it (`isLedTeaser`), else 0. */
function headlineLead(blocks: Blocks, block: number): number {
  const { doc } = blocks;
  const start = blocks.textStart[block];
  const end = blocks.textStart[block + 1];
  const first = blocks.textNodes[start];
  if ((blocks.landmarks[first] & LANDMARK.link) === 0) return 0;
  const anchor = anchorWithin(doc, first, 0);
  if (anchor < 0) return 0;
  const href = doc.attr(anchor, 'href')?.trim() ?? '';
  if (href === '' || href.startsWith('#')) return 0;
  let linkWords = 0;
  let chars = 0;
  let k = start;
  for (; k < end && doc.contains(anchor, blocks.textNodes[k]); k++) {
    const text = doc.text(blocks.textNodes[k]);
    linkWords += wordRunCount(text);
    chars += text.trim().length;
  }
  // The teaser follows the headline in the block, on its own line.
  if (linkWords < MIN_HEADLINE_LINK_WORDS || linkWords > MAX_HEADLINE_LINE_WORDS || k >= end) return 0;
  return breaksAfter(doc, anchor) ? chars : 0;
}

/** Levels up from a headline's link through the inline elements that end with it (`<b><a>…</a></b>`). */
const MAX_LEAD_WRAPPERS = 3;

/**
 * Whether a line break follows the element (or the inline elements it ends), white space aside:
 * a card's headline stands on its line over the teaser, where a link that opens a sentence
 * ("KBS Pro Bread Machine: while it performed well…", a listicle's linked product name) runs on.
 */
function breaksAfter(doc: Doc, element: number): boolean {
  let at = element;
  for (let level = 0; level <= MAX_LEAD_WRAPPERS; level++) {
    let next = doc.nextSibling(at);
    while (next > 0 && doc.kind(next) === NodeKind.Text && doc.text(next).trim() === '')
      next = doc.nextSibling(next);
    if (next > 0) return doc.kind(next) === NodeKind.Element && doc.tag(next) === TAG.br;
    at = doc.parent(at);
    if (at <= 0 || IS_BLOCK[doc.tag(at)]) return false;
  }
  return false;
}

/**
 * A block that is a whole card: led by its headline (`headlineLead`: one link of a headline's
 * length, three words or more, at most MAX_HEADLINE_LINE_WORDS, to a page, not a fragment of this
 * one, on its own line), with a teaser of prose after it in the same block (`<td><a>Headline</a><br>
 * New Delhi, Jan 15 (ANI): In her first …</td>`; `<p><a>Headline</a><br>The Liberal government will
 * …</p>`) — the block's words enough for prose and, the headline aside, few of its characters links
 * (a source's link after the teaser: "Also: Vancouver Sun"). Written from L3S-GN1 a9c72165 and
 * CleanEval 307 (`dropLedTeaserRuns`).
 */
function isLedTeaser(blocks: Blocks, block: number): boolean {
  if (blocks.words[block] < MIN_FLOW_WORDS || blocks.words[block] > MAX_EMBED_WORDS) return false;
  const lead = headlineLead(blocks, block);
  return lead > 0 && blocks.linkChars[block] - lead < MAX_FLOW_LINK_SHARE * (blocks.chars[block] - lead);
}

/**
 * The story's container: the deepest element that holds more than half of the kept prose's words
 * (`isFlowProse` blocks; the elements that hold a majority are one chain, so the deepest is one)
 * and the words it holds; undefined when it holds under MIN_STORY_WORDS.
 */
function storyContainer(blocks: Blocks, kept: Uint8Array): { node: number; words: number } | undefined {
  const { doc } = blocks;
  const words = new Map<number, number>();
  let total = 0;
  for (let block = 0; block < blocks.count; block++) {
    tick('pith');
    if (!kept[block] || !isFlowProse(blocks, block)) continue;
    total += blocks.words[block];
    for (let at = blocks.owner[block]; at > 0; at = doc.parent(at))
      words.set(at, (words.get(at) ?? 0) + blocks.words[block]);
  }
  if (total < MIN_STORY_WORDS) return undefined;
  let node = -1;
  let held = 0;
  for (const [at, count] of words)
    if (2 * count > total && (node < 0 || doc.depth(at) > doc.depth(node))) {
      node = at;
      held = count;
    }
  return node < 0 || held < MIN_STORY_WORDS ? undefined : { node, words: held };
}

/**
 * Cards of other stories after a story — a linked headline over its teaser paragraph, in a rail
 * beside the story or a strip under it (a portal's stream, a desk's "more headlines" with a summary
 * each) — read to the classifier as prose and are kept with the story. Earlier rules judged the
 * cards by their shape and lost on WCXB's collections, whose content is such cards
 * (docs/algorithms/default.md, "What did not work"). This one reads the body's own container: the
 * deepest element holding most of the kept prose (`storyContainer`, 150 words or more of it). Cards are
 * kept teasers (`isFlowProse`) with a headline line (`isCardHeadline`, kept or not) at most three
 * blocks before them and only short labels between; when at least two of them lie after the
 * story's container, outside it, and they hold fewer words than the story's container, they go
 * with their headlines — on a page that the page-type model reads as an article (MIN_RAIL_ARTICLE;
 * not asked when `articleProbability` is not given). On a page of cards the cards hold the prose, so
 * the container is their list and nothing is outside it. Written from readability-testpages
 * yahoo-3 and L3S-GN1 2b08c951.
 */
export function dropRailCards(blocks: Blocks, chosen: Uint8Array, articleProbability?: () => number): number {
  const kept = chosenBlocks(blocks, chosen);
  const story = storyContainer(blocks, kept);
  if (story === undefined) return 0;
  const { doc, owner } = blocks;
  const after = doc.end(story.node);
  const cards: Array<{ first: number; last: number }> = [];
  let words = 0;
  for (let block = 0; block < blocks.count; block++) {
    tick('pith');
    if (!kept[block] || owner[block] < after || !isFlowProse(blocks, block)) continue;
    for (let headline = block - 1; headline >= 0 && block - headline <= MAX_HEADLINE_GAP; headline--) {
      if (owner[headline] < after) break;
      if (isCardHeadline(blocks, headline)) {
        cards.push({ first: headline, last: block });
        for (let inside = headline; inside <= block; inside++)
          if (kept[inside]) words += blocks.words[inside];
        break;
      }
      if (blocks.words[headline] > MAX_CARD_LABEL_WORDS) break;
    }
  }
  if (cards.length < MIN_RAIL_CARDS || words >= story.words) return 0;
  // Asked last (the page-type model runs once per page, and most pages have no rail).
  if (articleProbability !== undefined && articleProbability() < MIN_RAIL_ARTICLE) return 0;
  let dropped = 0;
  for (const { first, last } of cards)
    for (let inside = first; inside <= last; inside++) {
      if (!kept[inside]) continue;
      unchooseBlock(blocks, inside, chosen);
      kept[inside] = 0;
      dropped++;
    }
  return dropped;
}

/** Fewest headline-led teasers in a run under a label that make a list of other stories. */
const MIN_LED_RUN = 3;

/**
 * A list of other stories under a short label after the story — "More", "Related stories:" —
 * whose items are each one block, a linked headline on its own line and the teaser's few lines
 * under it (`isLedTeaser`: `<td><a>Headline</a><br>New Delhi, Jan 15 (ANI): …</td>`), is kept
 * with the story: each item reads as a paragraph of prose with one link. `dropRailCards` finds
 * cards after the story's container; these sit inside it (under a short wire story they hold
 * most of the container's prose, so the container is theirs too). Told by the run: at least
 * three such teasers one after another, nothing kept between them, a short label (≤ 5 words, not
 * a sentence; a colon may end it) just before the first, at least 80 words of prose kept before
 * it, on a page the page-type model reads as an article. No cap on the run's size against the
 * prose (`dropHeadlineRuns` has one, for a shop's grid under its intro): the label, the line
 * break after each headline, the teaser's length and the article's read stand for it (CleanEval
 * 307's related stories under a story of 667 words). The label and the teasers go. Written from
 * L3S-GN1 a9c72165 and CleanEval 307 (in sample). The first version (headline lines over
 * separate teasers and labels between items too, no line-break or length test) dropped a
 * listicle's items (WCXB 0042), a report list (CleanEval 322) and an event list (WCXB 4362).
 */
export function dropLedTeaserRuns(
  blocks: Blocks,
  chosen: Uint8Array,
  articleProbability?: () => number,
): number {
  const { count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  let prose = 0;
  let dropped = 0;
  let previous = -1;
  let block = 0;
  while (block < count) {
    tick('pith');
    if (!kept[block]) {
      block++;
      continue;
    }
    const flow = isFlowProse(blocks, block);
    const starts = isLedTeaser(blocks, block);
    const label = previous;
    previous = block;
    if (!starts || prose < MIN_PROSE_BEFORE || label < 0 || !isRunLabel(blocks, label)) {
      if (flow) prose += blocks.words[block];
      block++;
      continue;
    }
    // The run: teasers, each led by its headline, one after another.
    let teasers = 0;
    let last = block;
    for (let end = block; end < count; end++) {
      if (!kept[end]) continue;
      if (!isLedTeaser(blocks, end)) break;
      teasers++;
      last = end;
    }
    if (
      teasers >= MIN_LED_RUN &&
      (articleProbability === undefined || articleProbability() >= MIN_RAIL_ARTICLE)
    ) {
      for (let inside = label; inside <= last; inside++) {
        if (!kept[inside]) continue;
        unchooseBlock(blocks, inside, chosen);
        kept[inside] = 0;
        dropped++;
      }
      previous = -1;
    } else {
      for (let inside = block; inside <= last; inside++)
        if (kept[inside] && isFlowProse(blocks, inside)) prose += blocks.words[inside];
      previous = last;
    }
    block = last + 1;
  }
  return dropped;
}

/**
 * A short label between or over a run's items: at most MAX_RUN_LABEL_WORDS words, not a sentence
 * (a colon may end it: "Related stories:").
 */
function isRunLabel(blocks: Blocks, block: number): boolean {
  if (blocks.words[block] > MAX_RUN_LABEL_WORDS) return false;
  return !blocks.endsSentence[block] || LABEL_END.test(blockText(blocks, block));
}

// --- Comment policies (issue 37, s37-l3s3) ---

/** Longest comment policy notice, in words (the ones seen run 50–81). */
const MAX_POLICY_WORDS = 120;

/** Kept prose before a notice, in words: the notice stands under a story, never as the page's only text. */
const MIN_POLICY_STORY_WORDS = 80;

/** Cues a notice holds at least this many of (distinct cues, not repeats). */
const MIN_POLICY_CUES = 2;

/** The notice speaks of comments or posts. */
export const COMMENT_WORD = /\b(?:comment(?:s|ers?|ing)?|posters?|posts?|posting)\b/i;

/**
 * The phrasing of a site's rules for readers' comments: who is responsible, what is removed, the
 * law it cites. A story quoting one such phrase is not a notice; two are asked.
 */
const POLICY_CUES: readonly RegExp[] = [
  /\bresponsible for\b/i,
  /\binappropriate\b/i,
  /\bprofanit(?:y|ies)\b|\bobscen/i,
  /\blibel/i,
  /\bpersonal attacks?\b/i,
  /\boffensive\b/i,
  /\b(?:will|may) be (?:removed|deleted)\b|\breserves? the right\b/i,
  /\bmonitored\b|\bmoderat(?:ed|ion|ors?)\b/i,
  /\bguidelines\b/i,
  /\brepresents? the (?:views?|opinions?)\b|\bnot necessarily (?:those|the views?)\b/i,
  /\bcommunications decency act\b/i,
  /\bnot (?:be )?liable\b/i,
  /\bunrelated to the (?:story|article)\b|\boff[- ]topic\b/i,
  // A comment form's prompt: the site's terms and the sign-in it asks for ("To post a comment, log into
  // your chosen social network … subject to our Terms of Service", newspaper-fulltext dallasnews.com1).
  /\bterms of (?:service|use)\b|\bprivacy policy\b/i,
  /\blog ?in(?:to)?\b|\blogged in\b|\bsign(?:ed)? in\b/i,
];

/**
 * A kept block of at most 120 words under a story (80 kept words before it) that speaks of comments
 * and holds two of the rules' phrasings (`POLICY_CUES`) is the site's comment policy, not the story:
 * it goes. Written from L3S-GN1 acc703fe and 8348d112 (Shaw Newspapers' "Comment posters are
 * responsible for the opinions they express…", "…in accordance with the Communications Decency
 * Act…") and 67872f6e (washingtonpost.com's "User reviews and comments that include profanity or
 * personal attacks … will be removed"); no gold paragraph of L3S-GN1 or CleanEval reads so. A
 * comment form's prompt, which asks the reader to sign in under the site's terms, reads the same way.
 */
export function dropCommentPolicies(blocks: Blocks, chosen: Uint8Array): number {
  const { count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  let before = 0;
  let dropped = 0;
  for (let block = 0; block < count; block++) {
    tick('pith');
    if (!kept[block]) continue;
    const words = blocks.words[block];
    if (before >= MIN_POLICY_STORY_WORDS && words <= MAX_POLICY_WORDS && isCommentPolicy(blocks, block)) {
      unchooseBlock(blocks, block, chosen);
      dropped++;
      continue;
    }
    before += words;
  }
  return dropped;
}

function isCommentPolicy(blocks: Blocks, block: number): boolean {
  // COMMENT_WORD first on each text node (issue 38: the block's text built for every kept block was
  // 0.7 of the post-rules' 3.8 s in a profile, 73 KB a page): a match holds no white space, and `\b`
  // reads the space blockText puts between nodes as it reads a string's ends, so the pattern matches
  // the block's text exactly when it matches one of its nodes' texts.
  if (!anyTextMatches(blocks, block, COMMENT_WORD)) return false;
  const text = blockText(blocks, block);
  let cues = 0;
  for (const cue of POLICY_CUES) if (cue.test(text) && ++cues >= MIN_POLICY_CUES) return true;
  return false;
}

/**
 * Whether `pattern` (no `g` or `y` flag, no white space in any match, `\b` the only assertion at a
 * match's ends) matches one of the block's text nodes: for such a pattern, whether it matches
 * `blockText(blocks, block)`, without building it.
 */
export function anyTextMatches(blocks: Blocks, block: number, pattern: RegExp): boolean {
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
    if (pattern.test(blocks.doc.text(blocks.textNodes[k]))) return true;
  return false;
}

// --- end of comment policies ---

/** Longest copyright line, in words. */
const MAX_COPYRIGHT_WORDS = 15;

/** Longest rights notice, in words: a wire service's notice runs 13–19 ("Copyright 2008 The Associated Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed."). */
const MAX_RIGHTS_NOTICE_WORDS = 30;

/**
 * The phrasing of a rights notice: "all rights reserved" and its usual translations, "may not be
 * published / reproduced / redistributed", or a line that starts "Copyright" and a year. Spelled
 * out in words, without a © sign, so `dropCopyrightLines`'s sign test missed it.
 */
const RIGHTS_NOTICE =
  /\b(?:all rights reserved\b|may not be (?:re)?(?:published|reproduced|redistributed)\b|alle rechte vorbehalten\b|tous droits réservés\b|todos los derechos reservados\b|tutti i diritti riservati\b)|^\s*copyright\s+(?:\d{4}|by\b)/i;

/**
 * A short kept line with a copyright sign is an image credit or a notice; so is a line of at most
 * 30 words phrased as a rights notice (`RIGHTS_NOTICE`), the wire service's notice under a story.
 * Written from L3S-GN1's wire stories (4abb4be9, 5ee7902b, d43791da: the Associated Press's notice
 * kept under the story; 17 of the 38 L3S-GN1 pages with the notice kept it).
 */
export function dropCopyrightLines(blocks: Blocks, chosen: Uint8Array): number {
  const { doc, count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  let dropped = 0;
  for (let block = 0; block < count; block++) {
    tick('pith');
    if (!kept[block]) continue;
    if (blocks.words[block] > MAX_RIGHTS_NOTICE_WORDS) {
      if (dropRightsNoticeLine(blocks, block, chosen)) dropped++;
      continue;
    }
    let text = '';
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
      text += doc.text(blocks.textNodes[k]);
    const sign = blocks.words[block] <= MAX_COPYRIGHT_WORDS && /©|\([cC]\)/.test(text);
    if (!sign && !RIGHTS_NOTICE.test(text)) continue;
    unchooseBlock(blocks, block, chosen);
    dropped++;
  }
  return dropped;
}

/** Longest call to action, in words: the ones seen run 3–30 ("Subscribe now to our eNATION edition for the full story."). */
const MAX_CALL_WORDS = 40;

/** Kept words outside a call before it goes: it stands beside a story, never as the page's only text. */
const MIN_CALL_STORY_WORDS = 80;

/**
 * The phrasing of a site's call to its readers — subscribe, sign up for the newsletter, become a
 * member, support the newsroom, get the app, join the channel — in the languages of the shared sets.
 * Verbs in the imperative or a request, bound to what is sold ("subscribe now", "please subscribe",
 * "already a subscriber", "sign up for our newsletter"): a story that speaks of subscriptions
 * ("users subscribe to the service") is not matched.
 */
export const CALL_TO_ACTION = new RegExp(
  // Every phrase starts at a word boundary, tested once before them all: the boundary before each
  // alternative made the engine try every one at every position (14× the time on the kept blocks
  // the rule reads; the same language).
  String.raw`\b(?:${[
    // English
    String.raw`subscribe (?:now|today|here)\b`,
    String.raw`please subscribe\b`,
    String.raw`already (?:a subscriber|subscribed)\b`,
    String.raw`to (?:view|read|continue reading|access) the (?:full|entire|whole|rest of the) (?:story|article)\b`,
    String.raw`sign(?:ing)? up (?:here|now|today)\b`,
    String.raw`(?:sign(?:ing)? up|subscribe|subscribing|register) (?:for|to) (?:our|the) [^.!?]{0,30}\bnewsletters?\b`,
    String.raw`support (?:our|independent|quality) journalism\b`,
    String.raw`download (?:the|our) [^.!?]{0,40}\bapps?\b`,
    String.raw`become a (?:member|subscriber|patron)\b`,
    // German
    String.raw`jetzt abonnieren\b`,
    String.raw`abonnieren sie (?:unseren|unsere|den|das)\b`,
    String.raw`(?:melde dich|melden sie sich) [^.!?]{0,40}\bnewsletter\b`,
    String.raw`für unseren newsletter\b`,
    String.raw`unterstütze(?:n sie)? (?:uns|unsere arbeit|unseren journalismus)\b`,
    // Spanish, French, Polish
    String.raw`suscr[ií]bete\b`,
    String.raw`hazte (?:miembro|socio)\b`,
    String.raw`cancela cuando quieras\b`,
    String.raw`(?:nuestro|tenemos) canal de (?:youtube|telegram|whatsapp)\b`,
    String.raw`abonnez-vous\b`,
    String.raw`inscrivez-vous à (?:notre|la) newsletter\b`,
    String.raw`do subskrypcji\b`,
  ].join('|')})`,
  'iu',
);

/**
 * A word piece (no white space) that every match of `CALL_TO_ACTION` holds, one an alternative, with
 * its flags: a block none of whose text nodes holds one is no call, and its text is never built (the
 * text of every short kept block was 50 KB a page, issue 38, s44-alloc). A match's piece without white
 * space lies in one node's text, since `blockText` puts a space between nodes.
 */
export const CALL_WORD =
  /subscri|story|article|sign|newsletter|journalism|download|become|abonnieren|unterstütze|suscr|hazte|cancela|canal|abonnez|subskrypcji/iu;

/**
 * A kept block of at most 40 words phrased as a call to the reader (`CALL_TO_ACTION`), beside 80
 * kept words of story, is the site's promotion, not the story: it goes. Written from
 * trafilatura-eval's dev pages nationnews.com-schools and haitiantimes.com-family (a paywall's
 * "Subscribe now to our eNATION edition for the full story.", "To view the full story, please
 * subscribe", "…already a subscriber…" kept under the story's first paragraphs).
 */
export function dropCallsToAction(blocks: Blocks, chosen: Uint8Array): number {
  const { count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  let keptWords = 0;
  for (let block = 0; block < count; block++) if (kept[block]) keptWords += blocks.words[block];
  let dropped = 0;
  for (let block = 0; block < count; block++) {
    tick('pith');
    if (!kept[block]) continue;
    const words = blocks.words[block];
    if (words > MAX_CALL_WORDS || keptWords - words < MIN_CALL_STORY_WORDS) continue;
    if (!anyTextMatches(blocks, block, CALL_WORD) || !CALL_TO_ACTION.test(blockText(blocks, block))) continue;
    unchooseBlock(blocks, block, chosen);
    keptWords -= words;
    dropped++;
  }
  return dropped;
}

/** Most nodes read between two text nodes of a block for a `<br>`. */
const MAX_BREAK_SEARCH = 64;

/**
 * The rights notice as the last line of a longer block: a wire story set between `<br>`s ends
 * "…said.<br><br>Copyright (c) Press Association Ltd. 2008, All Rights Reserved." (L3S-GN1
 * 7a4c1a97, 4ad1032c: the Press Association's stories on one portal), where the block test above
 * never reads it. The line after the block's last `<br>`, if it is a short notice as that test
 * reads one, goes; the block's other lines stay.
 */
function dropRightsNoticeLine(blocks: Blocks, block: number, chosen: Uint8Array): boolean {
  const { doc, textNodes } = blocks;
  const from = blocks.textStart[block];
  const stop = blocks.textStart[block + 1];
  let line = -1;
  for (let k = stop - 1; k > from && line < 0; k--) {
    const node = textNodes[k];
    for (let at = Math.max(textNodes[k - 1] + 1, node - MAX_BREAK_SEARCH); at < node; at++) {
      if (doc.kind(at) === NodeKind.Element && doc.tag(at) === TAG.br) {
        line = k;
        break;
      }
    }
  }
  if (line < 0) return false;
  let text = '';
  for (let k = line; k < stop; k++) text += doc.text(textNodes[k]);
  const words = wordRunCount(text);
  if (words === 0 || words > MAX_RIGHTS_NOTICE_WORDS) return false;
  const sign = words <= MAX_COPYRIGHT_WORDS && /©|\([cC]\)/.test(text);
  if (!sign && !RIGHTS_NOTICE.test(text)) return false;
  let any = false;
  for (let k = line; k < stop; k++) {
    any ||= chosen[textNodes[k]] === 1;
    chosen[textNodes[k]] = 0;
  }
  return any;
}

/**
 * The whole text of a media control: a caption toggle ("hide caption", NPR) or a gallery counter
 * ("1 of 23", "4 / 12"). Read on an element's whole text only, so a sentence that holds the words
 * is never touched.
 */
const MEDIA_CONTROL =
  /^(?:(?:hide|show|toggle|close|expand|collapse) (?:the )?caption|enlarge this image|(?:view|open|launch|start|close) (?:the )?(?:gallery|slideshow)|\d{1,3} ?(?:of|\/) ?\d{1,3})$/i;
/** Longest text of a media control, in characters. */
const MAX_CONTROL_CHARS = 30;

/** Levels from a text up to the table cell that holds it (`<td><a><b>23/16`). */
const MAX_CELL_DEPTH = 3;

/**
 * In a cell of a data table, "23/16" or "3 of 5" is a value (Wikipedia's climate table of New
 * Zealand's cities, Jan/Feb °C "23/16"; a score, a date), not a gallery counter: dropping it left
 * the table's other cells, which the writers then set as loose lines.
 */
function inDataCell(doc: Doc, node: number, tables: Map<number, boolean>): boolean {
  const { tag } = doc.columns;
  let at = doc.parent(node);
  for (let depth = 0; depth < MAX_CELL_DEPTH && at > 0; depth++, at = doc.parent(at)) {
    if (tag[at] !== TAG.td && tag[at] !== TAG.th) continue;
    const table = doc.closest(at, TAG.table);
    if (table < 0) return false;
    // Once per table: a table of a thousand "1/2" cells is read once, not once a cell.
    let data = tables.get(table);
    if (data === undefined) {
      data = isDataTable(doc, table);
      tables.set(table, data);
    }
    return data;
  }
  return false;
}

/** Unchooses the text of caption toggles and gallery counters kept with a photo's caption. */
export function dropMediaControls(doc: Doc, chosen: Uint8Array): number {
  let dropped = 0;
  const tables = new Map<number, boolean>();
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    if (!chosen[node] || !doc.isText(node)) continue;
    const parent = doc.parent(node);
    if (parent < 0 || doc.textLength(parent) > MAX_CONTROL_CHARS) continue;
    const text = doc.text(node).trim();
    if (text.length > MAX_CONTROL_CHARS || !MEDIA_CONTROL.test(text.replace(/\s+/g, ' '))) continue;
    // The element holds the control alone (its text is this node's).
    if (doc.textContent(parent).trim().length !== text.length) continue;
    if (inDataCell(doc, node, tables)) continue;
    chosen[node] = 0;
    dropped++;
  }
  return dropped;
}

/** Most words of a forum signature: a post's sign-off lines, not a section that happens to be named so. */
const MAX_SIGNATURE_WORDS = 150;
/**
 * Fewest words of a forum signature: a name alone signs the text it closes (a letter's signatories,
 * CleanEval 486: `<p class="signature">` under each name, kept by its gold), it is not a slogan.
 */
const MIN_SIGNATURE_WORDS = 4;
/** A `class` word part naming a signature (`signature`, `message-signature`, `ipsEntry__signature`, `postsignature`). */
const SIGNATURE_PART = /signature$/;

/**
 * Whether a `class` or `id` value names what `part` matches: one of its words' parts (split at `-`,
 * `_` and case changes, lower-cased) does. `letters` is a lower-case piece every match holds (a quick
 * test first).
 */
function namesPart(value: string, letters: string, part: RegExp): boolean {
  // lowerCased: `classAndId` is lower case already, and V8's `toLowerCase` copies it even so (22 KB a page, s44-alloc).
  if (!lowerCased(value).includes(letters)) return false;
  for (const word of value.split(/\s+/)) {
    for (const piece of word.split(/[-_]+|(?<=[a-z])(?=[A-Z])/))
      if (part.test(piece.toLowerCase())) return true;
  }
  return false;
}

/** `namedParts` bits: a class value holds `ignature`, a class value or id `isclaimer`, a class value `eview`. */
const NAMES_SIGNATURE = 1;
const NAMES_DISCLAIMER = 2;
const NAMES_REVIEWS = 4;
const NAMED_PARTS = new WeakMap<Doc, number>();

/**
 * Which of the signature, disclaimer and review rules' letters the page's class values (and for
 * disclaimers its ids) hold, lower-cased: `namesPart`'s first test, over the class values numbered
 * once (a hundred strings a page) and kept per page, as the rules run again for each candidate. A
 * rule whose letters no class holds drops nothing, and skips its scan of the whole source (140,000
 * characters a page on the speed mix).
 */
function namedParts(doc: Doc): number {
  const known = NAMED_PARTS.get(doc);
  if (known !== undefined) return known;
  let bits = 0;
  for (let number = 1; number < doc.classCount; number++) {
    const value = lowerCased(doc.classValue(number));
    if (value.includes('ignature')) bits |= NAMES_SIGNATURE;
    if (value.includes('isclaimer')) bits |= NAMES_DISCLAIMER;
    if (value.includes('eview')) bits |= NAMES_REVIEWS;
  }
  if ((bits & NAMES_DISCLAIMER) === 0)
    for (let node = 0; node < doc.size; node++) {
      if (doc.classNumber(node) >= 0) continue; // no id
      if (lowerCased(doc.attr(node, 'id') ?? '').includes('isclaimer')) {
        bits |= NAMES_DISCLAIMER;
        break;
      }
    }
  NAMED_PARTS.set(doc, bits);
  return bits;
}

/** Words of the chosen text nodes after `node` and before `end` (the whole page: -1 and `doc.size`). */
function chosenWordsIn(doc: Doc, chosen: Uint8Array, node: number, end: number): number {
  let words = 0;
  for (let inner = node + 1; inner < end; inner++)
    if (chosen[inner] && doc.isText(inner)) words += wordRunCount(doc.text(inner));
  return words;
}

/** Unchooses every chosen text node inside `node` (which ends at `end`); returns how many. */
function unchooseTextIn(doc: Doc, chosen: Uint8Array, node: number, end: number): number {
  let dropped = 0;
  for (let inner = node + 1; inner < end; inner++) {
    if (chosen[inner] && doc.isText(inner)) {
      chosen[inner] = 0;
      dropped++;
    }
  }
  return dropped;
}

/**
 * Unchooses forum signatures kept with their posts: an element whose `class` (not its id: headings'
 * ids carry their words, "…_PGP_signature") names a signature, of at most {@link MAX_SIGNATURE_WORDS}
 * words and at least {@link MIN_SIGNATURE_WORDS} — the poster's sign-off, links and slogans under each post (phpBB `signature`, XenForo
 * `message-signature`, Invision `ipsEntry__signature`, vBulletin `postsignature`), which a thread's
 * gold leaves out. Written from WCXB dev 0540 (phpBB) and 0546 (Invision); the same markup is on
 * the forum pages of every engine.
 */
export function dropSignatures(doc: Doc, chosen: Uint8Array): number {
  // Most pages name no signature: the class values first, then one scan of the source.
  if ((namedParts(doc) & NAMES_SIGNATURE) === 0 || !doc.source.includes('ignature')) return 0;
  const verdicts = new Int8Array(doc.classCount);
  let dropped = 0;
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    const value = doc.classValueNumber(node);
    if (value === 0) continue;
    if (verdicts[value] === 0)
      verdicts[value] = namesPart(doc.attr(node, 'class') ?? '', 'ignature', SIGNATURE_PART) ? 1 : -1;
    if (verdicts[value] < 0) continue;
    const end = doc.end(node);
    const words = wordRunCount(doc.textContent(node));
    if (words < MIN_SIGNATURE_WORDS || words > MAX_SIGNATURE_WORDS) {
      node = end - 1;
      continue;
    }
    dropped += unchooseTextIn(doc, chosen, node, end);
    node = end - 1;
  }
  return dropped;
}

/** A `class` or `id` word part naming a disclaimer (`disclaimer`, `affiliate-disclaimer`, `SchoolDisclaimers`). */
const DISCLAIMER_PART = /disclaimers?$/;
/** Most of the kept words a disclaimer may hold: more is the story itself in a wrapper so named. */
const MAX_DISCLAIMER_SHARE = 0.3;

/**
 * Unchooses disclaimers kept with the body: an element whose `class` or `id` names a disclaimer (an
 * affiliate or advertiser notice, a price or rate's small print, a site's legal note), holding at most
 * {@link MAX_DISCLAIMER_SHARE} of the kept words (a post whose wrapper's class says
 * `disclaimer-affiliate` is the post). Written from WCXB dev 4219 and 4212 (a product's price and
 * variation small print).
 */
export function dropDisclaimers(doc: Doc, chosen: Uint8Array): number {
  // Most pages name no disclaimer: the class values and ids first, then one scan of the source.
  if ((namedParts(doc) & NAMES_DISCLAIMER) === 0 || !/isclaimer/i.test(doc.source)) return 0;
  let keptWords = -1;
  let dropped = 0;
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    if (doc.kind(node) !== NodeKind.Element || doc.classNumber(node) === 0) continue;
    if (!namesPart(doc.classAndId(node), 'isclaimer', DISCLAIMER_PART)) continue;
    const end = doc.end(node);
    const words = chosenWordsIn(doc, chosen, node, end);
    if (words === 0) {
      node = end - 1;
      continue;
    }
    if (keptWords < 0) keptWords = chosenWordsIn(doc, chosen, -1, doc.size);
    if (words > MAX_DISCLAIMER_SHARE * keptWords) continue;
    dropped += unchooseTextIn(doc, chosen, node, end);
    keptWords -= words;
    node = end - 1;
  }
  return dropped;
}

/** A `class` word part naming reviews (`product-reviews`, `jdgm-review-widget`, `ratingsAndReviews`). */
const REVIEWS_PART = /^reviews?$/;
/** Fewest words of a reviews element dropped: a card's "4.8 (120 reviews)" line is the card's. */
const MIN_REVIEWS_WORDS = 20;
/** Most of the kept words the reviews may hold: more is the page's text in a wrapper so named. */
const MAX_REVIEWS_SHARE = 0.8;

/**
 * Unchooses the customers' reviews kept under a shop's product or category page: on a page read as a
 * product or collection, an element whose `class` (not its id: a tab's `#write_review` panel holds
 * the description) names reviews, of at least {@link MIN_REVIEWS_WORDS} kept words and at most
 * {@link MAX_REVIEWS_SHARE} of them. Shops' golds keep the product's own text, not its buyers'
 * (an article's or a service page's reviews are its content: the page type gates). Written from WCXB
 * dev 0622 and 2894 (a store's review list under the product).
 */
export function dropShopReviews(doc: Doc, chosen: Uint8Array, shopPage?: () => boolean): number {
  if (
    shopPage === undefined ||
    (namedParts(doc) & NAMES_REVIEWS) === 0 ||
    !/eview/.test(doc.source) ||
    !shopPage()
  )
    return 0;
  let keptWords = -1;
  let dropped = 0;
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    if (doc.kind(node) !== NodeKind.Element || doc.classValueNumber(node) === 0) continue;
    if (!namesPart(doc.attr(node, 'class') ?? '', 'eview', REVIEWS_PART)) continue;
    const end = doc.end(node);
    const words = chosenWordsIn(doc, chosen, node, end);
    if (words < MIN_REVIEWS_WORDS) {
      node = end - 1;
      continue;
    }
    if (keptWords < 0) keptWords = chosenWordsIn(doc, chosen, -1, doc.size);
    // Over the share, the page's text itself is named reviews: its review items stay too.
    if (words <= MAX_REVIEWS_SHARE * keptWords) {
      dropped += unchooseTextIn(doc, chosen, node, end);
      keptWords -= words;
    }
    node = end - 1;
  }
  return dropped;
}

/**
 * Unchooses the text of closed overlays, which a browser does not render until a script or a button
 * opens them (the HTML standard's `[popover]:not(:popover-open)` and `dialog:not([open])`, both
 * `display: none`), and a saved page has none open: an element with the `popover` attribute (an app's
 * install card, a menu's panel, a tooltip) or a `<dialog>` without `open` (a sign-up or data modal).
 * Written from WCXB dev 0546 (Invision's "install this app" card kept under the thread).
 */
export function dropClosedOverlays(doc: Doc, chosen: Uint8Array): number {
  const popover = doc.attributeId('popover');
  const open = doc.attributeId('open');
  let dropped = 0;
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    const closed =
      doc.attrById(node, popover) !== undefined ||
      (doc.tag(node) === TAG.dialog && doc.attrById(node, open) === undefined);
    if (!closed) continue;
    const end = doc.end(node);
    dropped += unchooseTextIn(doc, chosen, node, end);
    node = end - 1;
  }
  return dropped;
}

/**
 * How many blocks before the body's first paragraph a lead may sit: the header between them holds
 * the picture, its caption, the byline, the date and the share bar (trafilatura-eval dev: leads
 * 4 to 18 blocks above the first paragraph).
 */
const LEAD_REACH = 20;
/** Blocks right above the body in which a lead may have other dropped prose below it (a caption). */
const LEAD_NEAR = 3;
/** Fewest words of a lead. */
const MIN_LEAD_WORDS = 8;
/** Words of a kept block that starts the body. */
const MIN_BODY_WORDS = 10;
/** Class/id words of a lead (not the broader "title" cue group, which also names headlines and notices). */
const LEAD_CLASS =
  /(?:^|[^a-z])(?:lead|lede|standfirst|intro|introtext|summary|excerpt|abstract|deck|dek|chapo|chapeau)(?:[^a-z]|$)/i;
/**
 * Class/id words of a subheadline, read on headings only: on other elements "subtitle" is as often a
 * type style (Mashable's disclosure line is `subtitle-2`).
 */
const SUBHEADLINE_CLASS = /(?:^|[^a-z])(?:subheadline|subhead|subtitle)(?:[^a-z]|$)/i;
const OFF_CONTENT =
  LANDMARK.nav | LANDMARK.aside | LANDMARK.footer | LANDMARK.form | LANDMARK.link | LANDMARK.figure;
const CAPTION_CUE = cueBit('caption');

/** A block of prose the classifier dropped: a lead is the last prose above the body, never behind another. */
function isDroppedProse(blocks: Blocks, kept: Uint8Array, block: number): boolean {
  return (
    !kept[block] &&
    blocks.words[block] >= MIN_BODY_WORDS &&
    blocks.sentenceEnds[block] > 0 &&
    blocks.linkChars[block] <= 0.2 * blocks.chars[block]
  );
}

/**
 * The lead (standfirst, deck, summary, subheadline) of an article sits in its header, with
 * the headline and the byline, where the classifier learned to drop things; a prose block
 * named like a lead (`lead`, `intro`, `summary`, `excerpt`, `deck`, `chapo`…), a heading named
 * like a subheadline (`subtitle`, `subheadline`) or the subtitle of an `<hgroup>`, above the first kept paragraph is kept: in the three blocks above
 * it, or higher with no other dropped prose between them. A heading needs no sentence end (subheadlines have none).
 */
export function keepLeads(blocks: Blocks, chosen: Uint8Array): number {
  const { doc, count } = blocks;
  const kept = chosenBlocks(blocks, chosen);
  let first = -1;
  for (let block = 0; block < count; block++) {
    tick('pith');
    if (
      kept[block] &&
      blocks.words[block] >= MIN_BODY_WORDS &&
      headingLevelOf(doc, blocks.owner[block]) === 0
    ) {
      first = block;
      break;
    }
  }
  if (first < 0) return 0;
  // A post's excerpt above its body repeats the body's first words (WordPress's post-excerpt block).
  const bodyStart = letterKey(blockStart(blocks, first), EXCERPT_KEY_LETTERS);
  let added = 0;
  for (let block = first - 1; block >= Math.max(0, first - LEAD_REACH); block--) {
    if (kept[block]) continue;
    const near = first - block <= LEAD_NEAR;
    if (isLead(blocks, block) && !repeatsBodyStart(blocks, block, bodyStart)) {
      for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
        chosen[blocks.textNodes[k]] = 1;
      added++;
      // Higher up, one lead: a run of lead-like blocks there is a list of other posts' summaries.
      if (!near) break;
    } else if (!near && isDroppedProse(blocks, kept, block)) break;
  }
  return added;
}

/** Characters of a class/id string the lead tests read. */
const MAX_CLASS_CHARS = 1000;
/** Letters compared at the start of a lead and of the body's first paragraph. */
const EXCERPT_KEY_LETTERS = 40;

/**
 * The first characters of a block's text, enough for EXCERPT_KEY_LETTERS letters as a rule: not
 * the whole of a block that may be megabytes (fuzz seed 207, page 7609: 2.8 s reading 20 MB twice).
 */
export function blockStart(blocks: Blocks, block: number): string {
  const chars = 4 * EXCERPT_KEY_LETTERS;
  let text = '';
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1] && text.length < chars; k++)
    text += `${blocks.doc
      .text(blocks.textNodes[k])
      .trimStart()
      .slice(0, chars - text.length)} `;
  return text;
}

/** Fewest letters of the body's start for the excerpt check to say anything. */
const MIN_EXCERPT_KEY_LETTERS = 20;

/** True when the block starts with the body's first letters (a post's excerpt over its body). */
function repeatsBodyStart(blocks: Blocks, block: number, bodyStart: string): boolean {
  return (
    bodyStart.length >= MIN_EXCERPT_KEY_LETTERS &&
    letterKey(blockStart(blocks, block), EXCERPT_KEY_LETTERS) === bodyStart
  );
}

/** The first `letters` letters and digits of a text, lower-cased. */
function letterKey(text: string, letters: number): string {
  return lettersKey(text).slice(0, letters);
}

function isLead(blocks: Blocks, block: number): boolean {
  const { doc } = blocks;
  if (blocks.words[block] < MIN_LEAD_WORDS || blocks.linkChars[block] > 0.2 * blocks.chars[block])
    return false;
  const owner = blocks.owner[block];
  const heading = headingLevelOf(doc, owner);
  if (heading === 1 || (heading === 0 && blocks.sentenceEnds[block] === 0)) return false;
  const firstText = blocks.textNodes[blocks.textStart[block]];
  if (blocks.landmarks[firstText] & OFF_CONTENT) return false;
  const up1 = doc.parent(owner);
  const up2 = up1 >= 0 ? doc.parent(up1) : -1;
  const near =
    blocks.ownCues[owner] | (up1 >= 0 ? blocks.ownCues[up1] : 0) | (up2 >= 0 ? blocks.ownCues[up2] : 0);
  if (near & CAPTION_CUE) return false;
  // The subtitle of an <hgroup> that links nowhere (a card's hgroup links to its story).
  if (heading > 0 && up1 > 0 && doc.tag(up1) === TAG.hgroup) return doc.linkTextLength(up1) === 0;
  return [owner, up1, up2].some((node) => {
    if (node <= 0) return false;
    // Class words are near the start; a class of megabytes is read no further than that.
    const names = doc.classAndId(node).slice(0, MAX_CLASS_CHARS);
    return LEAD_CLASS.test(names) || (heading > 0 && SUBHEADLINE_CLASS.test(names));
  });
}

/**
 * For every node, whether the nearest visible text before it (`before`) and after
 * its subtree (`after`) was chosen: an image or figure between two chosen
 * paragraphs belongs to the article even though the classifier, which reads
 * text, never saw it. The two columns are lent to `use` for the call (`SpareArray`).
 */
function chosenAround<R>(
  doc: Doc,
  chosen: Uint8Array,
  skipCaptions: boolean,
  use: (before: Uint8Array, after: Uint8Array) => R,
  nearGap = 0,
): R {
  const before = SPARE_BEFORE.take(doc.size);
  const after = SPARE_AFTER.take(doc.size);
  try {
    fillChosenAround(doc, chosen, skipCaptions, before, after, nearGap);
    return use(before, after);
  } finally {
    SPARE_BEFORE.giveBack(before);
    SPARE_AFTER.giveBack(after);
  }
}

/**
 * `chosenAround`'s two columns, written into zeroed arrays of the page's size: 1 where the nearest
 * text is chosen; with a `nearGap`, 2 where it is not but chosen text comes within `nearGap`
 * characters of dropped text (a caption, a byline, a date line the classifier dropped). Dropped
 * heading text ends the gap: a card's or a section's title is no caption.
 */
function fillChosenAround(
  doc: Doc,
  chosen: Uint8Array,
  skipCaptions: boolean,
  before: Uint8Array,
  after: Uint8Array,
  nearGap: number,
): void {
  const { kind, tag, textLength, hidden } = doc.columns;
  const size = doc.size;
  const far = nearGap + 1;
  let captionEnd = 0;
  let headingEnd = 0;
  let last = 0;
  // Characters of dropped text since the last chosen text (none yet: past any gap).
  let gap = far;
  for (let node = 0; node < size; node++) {
    tick('pith');
    before[node] = last === 1 ? 1 : gap <= nearGap ? 2 : 0;
    if (kind[node] === NodeKind.Element) {
      // A figure's own text (its caption, a gallery's "Bild 1 von 9", a credit) is not the text around it.
      if (skipCaptions && (tag[node] === TAG.figcaption || tag[node] === TAG.figure) && node >= captionEnd)
        captionEnd = doc.end(node);
      if (nearGap > 0 && IS_HEADING[tag[node]] && node >= headingEnd) headingEnd = doc.end(node);
    }
    // Which text counts as "around" (with `skipCaptions`, not the text of figures): marked in
    // `after` here (3: in a heading), read there by the backward pass before it overwrites the mark.
    if (kind[node] === NodeKind.Text && textLength[node] > 0 && !hidden[node] && node >= captionEnd) {
      const heading = node < headingEnd;
      after[node] = heading ? 3 : 1;
      last = chosen[node];
      gap = last === 1 ? 0 : heading ? far : gap + textLength[node];
    }
  }
  last = 0;
  gap = far;
  for (let node = size - 1; node >= 0; node--) {
    const mark = after[node];
    if (mark !== 0) {
      last = chosen[node];
      gap = last === 1 ? 0 : mark === 3 ? far : gap + textLength[node];
    }
    after[node] = last === 1 ? 1 : gap <= nearGap ? 2 : 0;
  }
}

/** Elements the post-rules look for across the page: structures, captions, images, lists, formulas. */
const INDEXED_TAGS = [
  TAG.figure,
  TAG.pre,
  TAG.table,
  TAG.figcaption,
  TAG.img,
  TAG.iframe,
  TAG.ul,
  TAG.ol,
  TAG.math,
  TAG.script,
  // Custom elements: a lite video player (`<lite-youtube videoid>`) is kept as an iframe player is.
  TAG.unknown,
];
const IS_INDEXED = new Uint8Array(TAG_COUNT);
for (const tag of INDEXED_TAGS) IS_INDEXED[tag] = 1;
const INDEXES = new WeakMap<Doc, Int32Array>();

/**
 * The page's elements of `INDEXED_TAGS`, in document order: found in one walk, the first time a
 * rule asks, and kept for the page (the rules run again for every candidate answer; each scanned
 * the whole page with `findAll`, nine walks a candidate).
 */
function indexedElements(doc: Doc): Int32Array {
  let index = INDEXES.get(doc);
  if (index === undefined) {
    const { kind, tag } = doc.columns;
    let count = 0;
    for (let node = 0; node < doc.size; node++) {
      tick('pith');
      if (kind[node] === NodeKind.Element && IS_INDEXED[tag[node]]) count++;
    }
    index = new Int32Array(count);
    count = 0;
    for (let node = 0; node < doc.size && count < index.length; node++)
      if (kind[node] === NodeKind.Element && IS_INDEXED[tag[node]]) index[count++] = node;
    INDEXES.set(doc, index);
  }
  return index;
}

/** The page's elements with one of `tags` (all in `INDEXED_TAGS`), in document order. */
function elementsWith(doc: Doc, tags: readonly number[]): number[] {
  const { tag } = doc.columns;
  const out: number[] = [];
  for (const node of indexedElements(doc)) if (tags.includes(tag[node])) out.push(node);
  return out;
}

/**
 * Structures the classifier reads poorly (a figure's caption, code, a data table)
 * and that belong to the article. Tables count only as data tables (a caption or
 * header cells, no table inside): on older sites whole page layouts are tables,
 * and keeping one because most of its parent was kept kept the page's furniture
 * (L3S-GN1 cross-validated F1 0.959 → 0.942 when every table counted).
 */
const STRUCTURES = [TAG.pre, TAG.table];
/**
 * Figures were structures too, kept whole between kept text. Their text is a
 * caption or an image credit, which the classifier had already judged — mostly
 * not content (trafilatura-eval: 39 of 317 false positives were captions the
 * figure rule brought back against the model). Now a figure's text follows the
 * classifier and its image is kept between kept text like any image.
 */
const STRUCTURES_WITH_FIGURES = [TAG.figure, TAG.pre, TAG.table];

/**
 * Without header cells, a grid is still data (Readability's `_markDataTables`) when it is this
 * large — a status matrix of ticks (Factorio's blog, 9 columns), a table pasted from Google Docs —
 * or when its first row is a header set in bold `<td>`s (an Elementor key-value table). Layout
 * grids hold another table or headings.
 */
const DATA_GRID_ROWS = 10;
const DATA_GRID_COLUMNS = 5;
const DATA_GRID_CELLS = 11;

/** A row of two cells or more with text, all of it bold (`<strong>`, `<b>`): a header row. */
function isBoldRow(doc: Doc, row: number): boolean {
  const { kind, hidden, tag } = doc.columns;
  const stop = doc.end(row);
  let cells = 0;
  let words = false;
  for (let node = row + 1; node < stop; node++) {
    tick('pith');
    if (tag[node] === TAG.td || tag[node] === TAG.th) cells++;
    if (kind[node] !== NodeKind.Text || hidden[node] || doc.text(node).trim() === '') continue;
    let bold = false;
    for (let up = doc.parent(node); up > row && !bold; up = doc.parent(up))
      bold = tag[up] === TAG.strong || tag[up] === TAG.b;
    if (!bold) return false;
    words = true;
  }
  return words && cells >= 2;
}

function isDataTable(doc: Doc, table: number): boolean {
  const stop = doc.end(table);
  const role = doc.attr(table, 'role')?.trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return false;
  let header = false;
  let headings = false;
  let rows = 0;
  let columns = 0;
  let cells = 0;
  for (let node = table + 1; node < stop; node++) {
    tick('pith');
    const tag = doc.columns.tag[node];
    if (tag === TAG.table) return false;
    if (tag === TAG.th || tag === TAG.caption) header = true;
    else if (headingLevelOf(doc, node) > 0) headings = true;
    else if (tag === TAG.tr) {
      if (rows === 0 && isBoldRow(doc, node)) header = true;
      rows++;
      cells = 0;
    } else if (tag === TAG.td) columns = Math.max(columns, ++cells);
  }
  if (header) return true;
  return (
    !headings &&
    rows >= 2 &&
    columns >= 2 &&
    (rows >= DATA_GRID_ROWS || columns >= DATA_GRID_COLUMNS || rows * columns >= DATA_GRID_CELLS)
  );
}
/** Share of a data table's text the classifier chose for the table to be kept whole. */
const MIN_TABLE_CHOSEN_SHARE = 1 / 3;

/** The visible text of a subtree (without the subtree at `skip`, if any), and how much of it is chosen. */
function chosenText(doc: Doc, chosen: Uint8Array, root: number, skip = -1): { text: number; kept: number } {
  const { kind, textLength, hidden } = doc.columns;
  const stop = doc.end(root);
  let text = 0;
  let kept = 0;
  for (let node = root + 1; node < stop; node++) {
    tick('pith');
    if (node === skip) {
      node = doc.end(skip) - 1;
      continue;
    }
    if (kind[node] !== NodeKind.Text || hidden[node]) continue;
    text += textLength[node];
    if (chosen[node]) kept += textLength[node];
  }
  return { text, kept };
}
/** At most this many structures are looked at: a bound on hostile pages with thousands of tables. */
const MAX_STRUCTURES = 256;

/**
 * A figure, code block or table is chosen whole when it sits between chosen text,
 * or when most of the rest of its parent's text is chosen (the code sample that
 * ends an article, the table in its middle).
 */
export function keepStructuresOfKeptContainers(
  doc: Doc,
  chosen: Uint8Array,
  options: { figures?: boolean } = {},
): void {
  const candidates = elementsWith(doc, options.figures ? STRUCTURES_WITH_FIGURES : STRUCTURES);
  if (candidates.length === 0) return;
  chosenAround(doc, chosen, false, (before, after) =>
    keepStructuresAround(doc, chosen, candidates, before, after),
  );
}

function keepStructuresAround(
  doc: Doc,
  chosen: Uint8Array,
  candidates: readonly number[],
  before: Uint8Array,
  after: Uint8Array,
): void {
  const { kind } = doc.columns;
  let looked = 0;
  // The last structure looked at: one inside it goes with it. A layout table is not one: an old
  // page's data table sits in the table that lays out the page, and was never looked at.
  let outer = -1;
  for (let index = 0; index < candidates.length && looked < MAX_STRUCTURES; index++) {
    const structure = candidates[index];
    const stop = doc.end(structure);
    if (outer >= 0 && doc.contains(outer, structure)) continue;
    const table = doc.tag(structure) === TAG.table;
    if (table && !isDataTable(doc, structure)) continue;
    // Inside a layout table (the structure before it holds it and is no data table), only a line
    // announcing it counts: the text around it there is the layout's, and reading it as the
    // table's kept a layout's grid of links and teasers (L3S-GN1 75feb450, CleanEval 615, 693).
    const inLayout = index > 0 && doc.contains(candidates[index - 1], structure);
    outer = structure;
    looked++;
    const keep =
      (!inLayout && keptByItsSurroundings(doc, chosen, structure, before, after)) ||
      (table && isAnnouncedTable(doc, chosen, structure));
    if (!keep) continue;
    for (let node = structure; node < stop; node++) if (kind[node] === NodeKind.Text) chosen[node] = 1;
  }
}

/**
 * Whether a structure sits between chosen text, or most of the rest of its parent's text is chosen,
 * or (a data table) it follows chosen text with a third of its own text chosen.
 */
function keptByItsSurroundings(
  doc: Doc,
  chosen: Uint8Array,
  structure: number,
  before: Uint8Array,
  after: Uint8Array,
): boolean {
  const stop = doc.end(structure);
  if (before[structure] === 1 && stop < doc.size && after[stop] === 1) return true;
  if (doc.tag(structure) === TAG.pre) {
    const wrapper = toolbarWrapper(doc, structure);
    const wrapperEnd = wrapper < 0 ? 0 : doc.end(wrapper);
    if (wrapper >= 0 && before[wrapper] === 1 && wrapperEnd < doc.size && after[wrapperEnd] === 1)
      return true;
  }
  const parent = doc.parent(structure);
  if (parent > 0 && parent !== doc.body) {
    const around = chosenText(doc, chosen, parent, structure);
    if (around.text > 0 && around.kept >= 0.6 * around.text) return true;
  }
  // A data table after chosen text, a third of its own text chosen: the classifier read its
  // cells one by one (MDN's "Prerequisites" row of links dropped, "Learning outcomes" kept).
  if (before[structure] === 1 && doc.tag(structure) === TAG.table) {
    const own = chosenText(doc, chosen, structure);
    return own.text > 0 && own.kept >= MIN_TABLE_CHOSEN_SHARE * own.text;
  }
  return false;
}

/** A line that announces the table after it ("The “minority” presidents are listed below.", "…as follows:"). */
const ANNOUNCES_TABLE = /(?:[:：]|\b(?:below|following|as follows)[.:]?)\s*$/i;

/**
 * A data table whose nearest text before it is a chosen line announcing it is chosen whole, even
 * when the classifier chose none of its cells: the sentence points at the table, so the table is
 * the article's (CleanEval 508: "The “minority” presidents are listed below." kept, its table of
 * years and percentages of numbers and names dropped cell by cell).
 */
function isAnnouncedTable(doc: Doc, chosen: Uint8Array, table: number): boolean {
  const intro = textBefore(doc, table);
  if (intro < 0 || !chosen[intro]) return false;
  const line = doc.text(intro);
  return ANNOUNCES_TABLE.test(line) && wordRunCount(line) >= MIN_INTRO_WORDS && !isLinkGrid(doc, table);
}

/** Most of a table's text in links: a grid of links (a footer's "Hire an SEO | Hire a Web Designer"), not data. */
function isLinkGrid(doc: Doc, table: number): boolean {
  // A table without visible text has nothing to keep: read as a grid, so it is left alone.
  return doc.columns.textLength[table] === 0 || doc.linkDensity(table) >= 0.5;
}

/** Most text a listing's toolbar holds besides the listing: a language label and a copy button. */
const MAX_TOOLBAR_TEXT = 60;

/**
 * The wrapper of a listing that holds besides it only a toolbar, its label and buttons (Prism's
 * `div.code-toolbar` around the `<pre>` and a "Bash | Copy" bar after it), within three levels; or
 * -1. The toolbar's text is not the article's, so the text around the listing is the text around
 * its wrapper.
 */
function toolbarWrapper(doc: Doc, pre: number): number {
  const listing = doc.textLength(pre);
  let node = doc.parent(pre);
  for (let level = 0; level < 3 && node > 0 && node !== doc.body; level++, node = doc.parent(node)) {
    const extra = doc.textLength(node) - listing;
    if (extra > MAX_TOOLBAR_TEXT) return -1;
    if (extra > 0) return node;
  }
  return -1;
}

/** Fewest words of a caption (fewer: a credit, "Getty Images", "Foto: Timur"). */
const MIN_CAPTION_WORDS = 5;
/** Class/id of a caption's credit line. */
const CREDIT_CLASS = /credit|copyright|source|photographer|byline|author|attribution/i;
/** A caption that is only a credit: a short label and a name or agency. */
const CREDIT_LINE = /^\s*[\p{L}]{2,12}\s*[:|/]\s*[^.!?]{0,60}$/u;

/**
 * A `<figcaption>` of a figure that sits between kept text is the article's: the author
 * wrote it for the picture in the middle of the story. The classifier, which learned that
 * short lines under images are mostly credits, drops most of them (issue 16, class 6:
 * captions are body text in the article benchmarks built from what a reader sees). Only the
 * semantic caption element: caption-named divs hold credits and share bars as often as
 * captions. A caption is its words without the credit: one of fewer than five words, or that is
 * a credit line ("Photo: …"), stays out (trafilatura-eval dev: most captions the classifier
 * kept against the gold were credits). Returns how many captions were kept.
 */
export function keepFigureCaptions(doc: Doc, chosen: Uint8Array): number {
  const captions = elementsWith(doc, [TAG.figcaption]);
  if (captions.length === 0) return 0;
  return chosenAround(doc, chosen, false, (before, after) =>
    keepCaptionsAround(doc, chosen, captions, before, after),
  );
}

function keepCaptionsAround(
  doc: Doc,
  chosen: Uint8Array,
  captions: readonly number[],
  before: Uint8Array,
  after: Uint8Array,
): number {
  const { kind, hidden } = doc.columns;
  let kept = 0;
  for (const caption of captions.slice(0, MAX_STRUCTURES)) {
    const figure = figureOf(doc, caption);
    if (figure === caption || hidden[caption]) continue;
    const stop = doc.end(figure);
    if (!(before[figure] && stop < doc.size && after[stop])) continue;
    const captionStop = doc.end(caption);
    // The caption's own words, without its credit line (an element named credit, source…).
    const text: number[] = [];
    let words = 0;
    for (let node = caption + 1; node < captionStop; node++) {
      if (kind[node] === NodeKind.Element && CREDIT_CLASS.test(doc.classAndId(node))) {
        node = doc.end(node) - 1;
        continue;
      }
      if (kind[node] !== NodeKind.Text || hidden[node]) continue;
      text.push(node);
      words += doc.wordCount(node);
    }
    // "Foto: Timur", "iStock.com", "Photo: Getty Images": a credit, not a caption.
    if (words < MIN_CAPTION_WORDS || CREDIT_LINE.test(doc.textContent(caption))) continue;
    for (const node of text) chosen[node] = 1;
    kept++;
  }
  return kept;
}

/** Levels an image may sit below its `<figure>` (picture, a link, a wrapper div). */
const MAX_FIGURE_DEPTH = 4;

/** The `<figure>` an image belongs to, or the image itself. */
function figureOf(doc: Doc, image: number): number {
  let node = doc.parent(image);
  for (let level = 0; node > 0 && level < MAX_FIGURE_DEPTH; level++, node = doc.parent(node)) {
    if (doc.tag(node) === TAG.figure) return node;
  }
  return image;
}

/** Levels above an image (or its figure) a row of images may be found (a column, the row). */
const MAX_ROW_DEPTH = 3;

/**
 * The row an image sits in: the highest of its few nearest ancestors that holds another image and
 * no kept text nor any link text (a strip of photos, each with a short caption the classifier
 * dropped: auto-wirtschaft.ch's `news-detail-image-row`). Teaser cards hold link text and are no
 * row. `images` and `keptText` count per node id, so a subtree's count is a difference.
 */
function rowOf(doc: Doc, around: number, images: Int32Array, keptText: Int32Array): number {
  const { end, linkTextLength } = doc.columns;
  let row = around;
  let node = doc.parent(around);
  for (let level = 0; node > 0 && level < MAX_ROW_DEPTH; level++, node = doc.parent(node)) {
    const stop = end[node];
    if (keptText[stop] - keptText[node] > 0 || linkTextLength[node] > 0) break;
    if (images[stop] - images[node] >= 2) row = node;
  }
  return row;
}

/**
 * An image between kept text is kept (with its `<picture>` sources). An image in a
 * figure is judged around the figure: its caption is text the classifier may have
 * dropped, and the image belongs to the article all the same; an image in a row of
 * images is judged around the row, for the same reason. On one side the kept text may sit past a
 * short dropped gap (`MAX_IMAGE_GAP_CHARS`: a caption outside a `<figure>`, a byline under the
 * lead figure) when the image is a picture of the article (`isNearImage`).
 */
export function keepImagesBetweenKeptText(doc: Doc, selection: Selection): void {
  // A known video player (a YouTube iframe) is kept the same way: pruning and the text-based
  // selection drop every iframe, and the writers write this one as a link to the video.
  const images = elementsWith(doc, [TAG.img]);
  // (A lite player's custom element, `<lite-youtube videoid>`, the same.)
  for (const frame of elementsWith(doc, [TAG.iframe, TAG.unknown]))
    if (mayBeVideoEmbed(doc, frame) && videoEmbed(doc, frame) !== undefined) images.push(frame);
  if (images.length === 0) return;
  // A gallery's figures sit side by side: another figure's dropped caption is not the text around one.
  chosenAround(
    doc,
    selection.kept,
    true,
    (before, after) => {
      if (images.length === 1) keepImagesAround(doc, selection, images, before, after);
      else {
        const imageCounts = SPARE_IMAGE_COUNTS.take(doc.size + 1);
        const keptText = SPARE_COUNTS.take(doc.size + 1);
        try {
          rowCounts(doc, selection.kept, images, imageCounts, keptText);
          keepImagesAround(doc, selection, images, before, after, { images: imageCounts, keptText });
        } finally {
          SPARE_IMAGE_COUNTS.giveBack(imageCounts);
          SPARE_COUNTS.giveBack(keptText);
        }
      }
    },
    MAX_IMAGE_GAP_CHARS,
  );
}

/**
 * Characters of dropped text allowed on one side of an image between kept text: its caption
 * outside a `<figure>` (Wikipedia's `thumbcaption`, Blogger's `tr-caption` table row), a byline or
 * date line under a figure that follows the deck (the New York Times). The other side's text must be kept.
 */
const MAX_IMAGE_GAP_CHARS = 300;

function keepImagesAround(
  doc: Doc,
  selection: Selection,
  images: readonly number[],
  before: Uint8Array,
  after: Uint8Array,
  rows?: { images: Int32Array; keptText: Int32Array },
): void {
  for (const image of images) {
    if (selection.has(image) || doc.columns.hidden[image]) continue;
    const figure = figureOf(doc, image);
    const around = rows ? rowOf(doc, figure, rows.images, rows.keptText) : figure;
    const stop = doc.end(around);
    if (stop >= doc.size) continue;
    // Kept text on one side, and on the other kept text within a short dropped gap.
    const b = before[around];
    const a = after[stop];
    if (b === 1 && a === 1) selection.keepNode(image);
    else if (((b === 1 && a === 2) || (b === 2 && a === 1)) && isNearImage(doc, image))
      selection.keepNode(image);
    else if (
      b === 1 &&
      doc.tag(image) === TAG.img &&
      !GIF_OR_SVG_PATH.test((doc.attr(image, 'src') ?? '').split(/[?#]/, 1)[0]) &&
      closesKeptContainer(doc, selection.kept, image, around) &&
      isNearImage(doc, image)
    )
      selection.keepNode(image);
  }
}

/**
 * A GIF's or an SVG's path: after a story's last paragraph these are spacers, loading spinners and
 * icons far more often than pictures of the story (L3S-GN1's `vertical-space.gif` under a
 * Google-hosted story, trafilatura-eval's scmp.com `wheel_on_E5E5E5.gif`, WCXB 4065's
 * `ajaxLoad.svg`), so the closing picture is never one.
 */
const GIF_OR_SVG_PATH = /\.(?:gif|svg)$/i;
/** Levels above an image (or its figure or row) the container of the kept text before it is looked for. */
const MAX_CLOSING_DEPTH = 6;
/** Nodes read back from a picture for the kept text before it (a bound on pages of many images). */
const MAX_CLOSING_SCAN = 2_000;

/**
 * Whether the picture at `around` (an image, its figure or its row) closes the container of the
 * kept text right before it: the nearest ancestor holding kept text (not `<body>`) holds no more
 * than a caption's worth of dropped text after the picture (`MAX_IMAGE_GAP_CHARS`) and no kept
 * text. A story's last picture, after its last paragraph, has kept text on one side only, and
 * `keepImagesBetweenKeptText` needs both (Defuddle and Readability keep the story's container,
 * pictures and all): `<div class="image-wrapper">…<img>…</div><div class="caption">` closing an
 * `<article>`, or a lazy `<img src=data:…>` with its `<noscript>` copy. A teaser's or a footer's
 * picture sits past the story's container, in a wrapper with more text after it; a grid's (another
 * picture after it, a list item or a teaser's link around it) and a tag list's icon (links after it)
 * are no story's last picture.
 */
function closesKeptContainer(doc: Doc, kept: Uint8Array, image: number, around: number): boolean {
  const { kind, tag, textLength, hidden, end } = doc.columns;
  // The last kept text before the picture (the nearest text before it is kept: `before`).
  let last = -1;
  for (let node = around - 1; node > 0 && node >= around - MAX_CLOSING_SCAN; node--) {
    if (kind[node] === NodeKind.Text && kept[node] && textLength[node] > 0 && !hidden[node]) {
      last = node;
      break;
    }
  }
  if (last < 0) return false;
  // Between the picture and the container: no teaser's link (a link to the picture's own file is a
  // lightbox) and no list item (a grid of tiles, Defuddle's related--inline-related-stories-block).
  for (let node = doc.parent(image); node > around; node = doc.parent(node))
    if (doc.tag(node) === TAG.a && !linksToPicture(doc, node)) return false;
  let container = doc.parent(around);
  for (let level = 0; container > 0 && !doc.contains(container, last); level++) {
    const t = doc.tag(container);
    if (level >= MAX_CLOSING_DEPTH || t === TAG.li || (t === TAG.a && !linksToPicture(doc, container)))
      return false;
    container = doc.parent(container);
  }
  const t = doc.tag(container);
  if (container <= 0 || t === TAG.body || t === TAG.html) return false;
  let gap = 0;
  const stop = end[container];
  for (let node = end[around]; node < stop; node++) {
    tick('pith');
    // Another picture after it: a grid or a strip of teasers, not the story's last picture.
    if (kind[node] === NodeKind.Element && tag[node] === TAG.img && !hidden[node]) return false;
    if (kind[node] !== NodeKind.Text || hidden[node] || textLength[node] === 0) continue;
    if (kept[node]) return false;
    if (doc.text(node).trim() === '') continue;
    // Links after it (a post's tags, a share bar): the picture is their icon, not the story's.
    if (doc.closest(node, TAG.a) >= 0) return false;
    gap += textLength[node];
    if (gap > MAX_IMAGE_GAP_CHARS) return false;
  }
  return true;
}

/** Characters of dropped text (a deck, a date line, share buttons' labels) between a lead image and the body. */
const MAX_LEAD_IMAGE_GAP_CHARS = 400;
/** Narrowest declared side of a lead image (under it: an avatar, an icon). */
const MIN_LEAD_IMAGE_SIDE = 150;
/** Class/id words of pictures that are not the article's (an author's face, a logo, an icon); read as words by `hasCueWord` (an `iconic-photo` is no icon). */
const NOT_LEAD_IMAGE = /avatar|author|profile|gravatar|logo|icon|badge|sponsor|advert/g;
/** Containers a lead image is never in: site furniture, links (a logo, a teaser), forms. */
const NOT_LEAD_CONTAINER = new Set<number>([TAG.a, TAG.nav, TAG.aside, TAG.footer, TAG.form, TAG.button]);

/**
 * The picture that opens an article (its hero, above the body with the headline and the deck):
 * the nearest image above the first kept text, with at most a short dropped text between (the
 * deck, a date), sharing a container with the body below `<body>`, not in a link or site
 * furniture (a `<header>` only inside the article's `<article>` or `<main>`), not a placeholder,
 * not small, not named like an avatar or logo. `keepImagesBetweenKeptText` needs kept text
 * above an image, which a hero never has (figma.com's blog: the hero and its lead paragraph
 * between the headline and the body, both dropped). Returns whether one was kept.
 */
export function keepLeadImage(doc: Doc, selection: Selection): boolean {
  const { kind, tag, textLength, hidden } = doc.columns;
  const kept = selection.kept;
  // The first kept body text: kept headings above it (the headline, a deck) are passed over.
  let first = -1;
  for (let node = 0; node < doc.size; node++) {
    tick('pith');
    if (
      kind[node] === NodeKind.Text &&
      textLength[node] > 0 &&
      !hidden[node] &&
      kept[node] &&
      !inHeading(doc, node)
    ) {
      first = node;
      break;
    }
  }
  if (first < 0) return false;
  let gap = 0;
  let image = -1;
  for (let node = first - 1; node > 0; node--) {
    tick('pith');
    if (kind[node] === NodeKind.Text) {
      const words = !hidden[node] && doc.text(node).trim() !== '';
      // Only an image below every kept heading: the writers' title rule reads the start of the body,
      // and an image above a kept heading split the Markdown from the HTML (consistency:
      // trafilatura-eval/www.dhb.de-regionallehrgang, wcxb-dev/0265). Ars Technica's figure sits
      // under its kept deck, a dropped byline between.
      if (words && kept[node]) return false;
      if (words) gap += textLength[node];
      if (gap > MAX_LEAD_IMAGE_GAP_CHARS) return false;
    } else if (kind[node] === NodeKind.Element && tag[node] === TAG.img && !hidden[node]) {
      // A blurred or empty placeholder (`data:`) beside the real picture: the real one is the image.
      if ((doc.attr(node, 'src') ?? '').trim().startsWith('data:')) continue;
      image = node;
      break;
    }
  }
  if (image < 0 || selection.has(image) || !isLeadImage(doc, image, first)) return false;
  selection.keepNode(image);
  return true;
}

/** Narrowest declared side of an image kept across a dropped gap (Wikipedia's thumbnails: 220 × 140). */
const MIN_NEAR_IMAGE_SIDE = 100;
/** An advertising slot's class or id word (the Mirror's `ad0 ad-mpu` box, headed "Advertisement", in the text flow). */
const AD_SLOT = /(?:^|[\s-])(?:ads?|mpu|dfp|gpt-ad)(?:$|[\s-])/i;
/** An ad server's URL: a host label `ad`, `ads`, `adserver`, `adfarm1`…, or an `/ad/` path segment. */
const AD_SERVER = /^(?:[a-z]+:)?\/\/(?:[^/?#]*\.)?ad(?:s|server|farm\d*)?\.|^[^?#]*\/ad\//i;
/** Words of a picture's file name that name page furniture, not a picture of the article. */
const NOT_NEAR_IMAGE_FILE = /logo|icon|button|arrow|counter|spinner|badge|avatar|sprite/g;
/** Levels above such an image read for site furniture (a `<nav>`, a `navbar__logo` link). */
const MAX_NEAR_IMAGE_DEPTH = 5;

/**
 * An image kept across a short dropped gap is a picture of the article: not small by its declared
 * size, not named like an avatar or logo, not in site furniture.
 */
function isNearImage(doc: Doc, image: number): boolean {
  if (declaredSmallerThan(doc, image, MIN_NEAR_IMAGE_SIDE)) return false;
  if (hasCueWord(doc.classAndId(image), NOT_LEAD_IMAGE) || AD_SLOT.test(doc.classAndId(image))) return false;
  // Its file: an ad server's (`ad.doubleclick.net`, `…/ad/bn/…`), or a button, an arrow, a logo by its name.
  const source = doc.attr(image, 'src') ?? '';
  if (AD_SERVER.test(source)) return false;
  const file = source.split(/[?#]/, 1)[0].split('/').pop() ?? '';
  if (hasCueWord(file, NOT_NEAR_IMAGE_FILE)) return false;
  let node = doc.parent(image);
  for (let level = 0; node > 0 && level < MAX_NEAR_IMAGE_DEPTH; level++, node = doc.parent(node)) {
    const t = doc.tag(node);
    // A link is allowed (Blogger's and Wikipedia's pictures link to their full size), a site's logo
    // link is not, nor a teaser's link with its headline.
    if (t === TAG.a && doc.columns.linkTextLength[node] > 0 && !linksToPicture(doc, node)) return false;
    if ((t !== TAG.a && NOT_LEAD_CONTAINER.has(t)) || t === TAG.body) return t === TAG.body;
    const names = doc.classAndId(node).slice(0, MAX_CLASS_CHARS);
    if (hasCueWord(names, NOT_LEAD_IMAGE) || AD_SLOT.test(names)) return false;
  }
  return true;
}

/** Whether an image's declared width or height (its attributes, in pixels) is under `min`. */
function declaredSmallerThan(doc: Doc, image: number, min: number): boolean {
  for (const side of ['width', 'height']) {
    const value = Number.parseInt(doc.attr(image, side) ?? '', 10);
    if (Number.isFinite(value) && value < min) return true;
  }
  return false;
}

function isLeadImage(doc: Doc, image: number, body: number): boolean {
  if (declaredSmallerThan(doc, image, MIN_LEAD_IMAGE_SIDE)) return false;
  for (let node = doc.parent(image); node > 0; node = doc.parent(node)) {
    const t = doc.tag(node);
    if (t === TAG.body || t === TAG.html) return false;
    if (doc.contains(node, body)) return !hasCueWord(doc.classAndId(image), NOT_LEAD_IMAGE);
    // A link to the picture itself (a lightbox, WordPress's `img-hyperlink`) is no logo nor teaser.
    if (t === TAG.a && linksToPicture(doc, node)) continue;
    if (
      NOT_LEAD_CONTAINER.has(t) ||
      hasCueWord(doc.classAndId(node).slice(0, MAX_CLASS_CHARS), NOT_LEAD_IMAGE)
    )
      return false;
    if (t === TAG.header && !isInArticle(doc, node)) return false;
  }
  return false;
}

/** A URL's path naming a picture file (its query and fragment aside). */
const PICTURE_PATH = /\.(?:jpe?g|png|gif|webp|avif)$/i;

/** Whether a link's target is a picture file (the full-size copy of the image it holds). */
function linksToPicture(doc: Doc, link: number): boolean {
  const href = doc.attr(link, 'href') ?? '';
  return PICTURE_PATH.test(href.split(/[?#]/, 1)[0]);
}

function inHeading(doc: Doc, node: number): boolean {
  for (let at = doc.parent(node); at > 0; at = doc.parent(at)) if (IS_HEADING[doc.tag(at)]) return true;
  return false;
}

/** Inside an `<article>` or `<main>`. */
function isInArticle(doc: Doc, node: number): boolean {
  return doc.closest(node, TAG.article) >= 0 || doc.closest(node, TAG.main) >= 0;
}

/**
 * Images, and kept text nodes with text, before each node id (for `rowOf`), written into zeroed
 * arrays of `doc.size + 1`.
 */
function rowCounts(
  doc: Doc,
  kept: Uint8Array,
  images: readonly number[],
  imageCounts: Int32Array,
  keptText: Int32Array,
): void {
  const { kind, textLength, hidden } = doc.columns;
  const size = doc.size;
  // Each image marks the slot after it; the running sum then counts them (the images are distinct).
  for (const image of images) imageCounts[image + 1] = 1;
  for (let node = 0; node < size; node++) {
    tick('pith');
    imageCounts[node + 1] += imageCounts[node];
    const text = kept[node] && kind[node] === NodeKind.Text && textLength[node] > 0 && !hidden[node] ? 1 : 0;
    keptText[node + 1] = keptText[node] + text;
  }
}

/** Shortest text of a block that counts as a repeat (shorter lines repeat by nature: "Share", "Yes"). */
const MIN_REPEAT_CHARS = 12;
/** Blocks inside these are cells and code lines, where the same text legitimately recurs. */
const REPEAT_EXEMPT = LANDMARK.table | LANDMARK.pre;
/**
 * Shortest hidden copy that goes inside a table or `<pre>` (`hiddenCopiesInCells`): a
 * paragraph, not a cell's label that a responsive table repeats hidden for small screens.
 */
const MIN_HIDDEN_CELL_COPY_CHARS = 100;

/**
 * A kept block whose text is the same as an earlier kept block's in another container
 * is a repeat: the article printed twice (a desktop and a mobile copy, an AMP
 * duplicate), a promo or embed text kept two or three times, a credit under every
 * photo. A reader sees the first and gets nothing from the rest; they go. Repeats
 * among siblings of one parent stay: that is the text itself saying a line twice (a
 * refrain, a repeated paragraph of a test page; Readability's test pages lost a third
 * of their words when these went too). So does a paragraph said again in the next
 * section (`keepsRepeatInSection`).
 *
 * Hidden copies in cells (`hiddenCopiesInCells`): in a table or `<pre>` repeats stay (cells
 * and code lines say the same thing again), but a hidden copy of a shown paragraph goes there
 * too. Old sites lay the whole page out in a table: a Newsquest comment system (L3S-GN1
 * a60538cf, c4957377, 310a3b31, 59f730fe, b8a4c562) keeps each comment's raw text in a
 * `display: none` div (the quote button's source) above the shown one, both in the layout
 * table, and both were kept. Only paragraph-length copies (`MIN_HIDDEN_CELL_COPY_CHARS`): a
 * responsive table's hidden cell labels stay as they were.
 */
export function dropRepeatedBlocks(blocks: Blocks, chosen: Uint8Array): number {
  const kept = chosenBlocks(blocks, chosen);
  const { doc } = blocks;
  // A key per block that equal texts share (see repeatKey): only blocks whose key another
  // block also has can repeat, and only their texts are built and compared.
  const candidates: number[] = [];
  const keys: number[] = [];
  // Blocks in a table or `<pre>`: only a hidden copy goes there (`hiddenCopiesInCells`).
  const exempt: boolean[] = [];
  const blocksWithKey = new Map<number, number>();
  for (let block = 0; block < blocks.count; block++) {
    tick('pith');
    if (!kept[block] || blocks.chars[block] < MIN_REPEAT_CHARS) continue;
    const firstText = blocks.textNodes[blocks.textStart[block]];
    const inCell = (blocks.landmarks[firstText] & REPEAT_EXEMPT) !== 0;
    if (inCell && blocks.chars[block] < MIN_HIDDEN_CELL_COPY_CHARS) continue;
    const key = repeatKey(blocks, block);
    candidates.push(block);
    keys.push(key);
    exempt.push(inCell);
    blocksWithKey.set(key, (blocksWithKey.get(key) ?? 0) + 1);
  }
  // The texts of the blocks whose key another block shares, and the texts that have a shown copy.
  const texts: (string | undefined)[] = [];
  const shownTexts = new Set<string>();
  for (let index = 0; index < candidates.length; index++) {
    if ((blocksWithKey.get(keys[index]) ?? 0) < 2) continue;
    const text = blockText(blocks, candidates[index]).toLowerCase();
    texts[index] = text;
    if (!isHiddenBlock(blocks, candidates[index])) shownTexts.add(text);
  }
  let dropped = 0;
  // Text of a kept block → the parent of the first block with that text.
  const firstParent = new Map<string, number>();
  const repeats: number[] = [];
  const repeatChars: number[] = [];
  const repeatSiblings: boolean[] = [];
  for (let index = 0; index < candidates.length; index++) {
    const text = texts[index];
    if (text === undefined) continue;
    const block = candidates[index];
    if (shownTexts.has(text) && isHiddenBlock(blocks, block)) {
      // A hidden copy of a shown block goes first, wherever it stands (`isHiddenBlock`).
      unchooseBlock(blocks, block, chosen);
      texts[index] = undefined;
      dropped++;
      continue;
    }
    if (exempt[index]) continue;
    const parent = doc.parent(blocks.owner[block]);
    const first = firstParent.get(text);
    if (first === undefined) {
      firstParent.set(text, parent);
      continue;
    }
    if (first === parent) continue;
    repeats.push(block);
    repeatChars.push(text.length);
    // Sections side by side: the first copy's container and this one's are siblings.
    repeatSiblings.push(doc.parent(first) === doc.parent(parent));
  }
  dropped += dropHiddenRenderings(blocks, chosen, kept);
  if (repeats.length === 0) return dropped;
  // Per parent of a repeat: its kept blocks (candidates) and its repeats.
  const inParent = new Map<number, { blocks: number; repeats: number }>();
  for (const block of repeats) {
    const parent = doc.parent(blocks.owner[block]);
    const count = inParent.get(parent) ?? inParent.set(parent, { blocks: 0, repeats: 0 }).get(parent)!;
    count.repeats++;
  }
  for (let index = 0; index < candidates.length; index++) {
    // The hidden copies dropped above are no longer kept blocks of their parent.
    if (texts[index] === undefined && (blocksWithKey.get(keys[index]) ?? 0) >= 2) continue;
    if (exempt[index]) continue;
    const count = inParent.get(doc.parent(blocks.owner[candidates[index]]));
    if (count) count.blocks++;
  }
  for (let index = 0; index < repeats.length; index++) {
    const block = repeats[index];
    const count = inParent.get(doc.parent(blocks.owner[block]))!;
    if (repeatSiblings[index] && keepsRepeatInSection(repeatChars[index], count.repeats, count.blocks))
      continue;
    unchooseBlock(blocks, block, chosen);
    dropped++;
  }
  return dropped;
}

/**
 * A kept block hidden by its markup (a `hidden` or `aria-hidden="true"` attribute, an inline
 * `display: none` or `visibility: hidden`, on it or an ancestor). When its text is also kept
 * where it is shown, the hidden one is a copy no reader sees twice: the mobile or desktop
 * twin of a paragraph, the collapsed copy of a shown text, a test page's hidden duplicates
 * (Readability's hidden-nodes: a shown paragraph and two hidden copies of it under headings).
 * The repeats among siblings stay when both are shown (`dropRepeatedBlocks`); a hidden copy
 * goes even there, and even when it comes first. Hidden text alone is not dropped: on WCXB it
 * is content a script shows (accordions, tabs, streamed HTML; default.md, "Hidden elements
 * out of the model's choice").
 */
function isHiddenBlock(blocks: Blocks, block: number): boolean {
  return (blocks.landmarks[blocks.textNodes[blocks.textStart[block]]] & LANDMARK.hiddenAttribute) !== 0;
}

/** Fewest words of a hidden block read as another rendering of the shown text (`dropHiddenRenderings`). */
const MIN_RENDERING_WORDS = 8;
/**
 * Share of a hidden block's word pairs (two words in a row) that the shown kept text must hold
 * for it to be a rendering of it: pairs, not words, so that a hidden answer of common words on
 * a long page is not read as a copy; under 1, as the pairs across the copy's paragraphs and a
 * word changed by the markup (an escaped character) are not in the shown text.
 */
const RENDERING_COVERAGE = 0.9;
/** Markdown's link targets and bare addresses: the rendering's, not words of the text. */
const RENDERING_LINK_TARGET = /\]\([^)\s]*\)|https?:\/\/\S+/g;
const RENDERING_WORD = /[\p{L}\p{N}]+/gu;

/** The word pairs of a text, lower case, link targets aside. */
function wordPairs(text: string): string[] {
  const words = text.toLowerCase().replace(RENDERING_LINK_TARGET, ' ').match(RENDERING_WORD) ?? [];
  const pairs: string[] = [];
  for (let index = 1; index < words.length; index++) pairs.push(`${words[index - 1]} ${words[index]}`);
  return pairs;
}

/**
 * A hidden kept block whose word pairs the shown kept text already holds (at least
 * `RENDERING_COVERAGE` of them) is the same text rendered another way: a raw-Markdown copy of
 * the article for machine readers (WCXB 4258, klaviyo.com: a `<pre hidden aria-hidden="true"
 * class="rawMarkdown">` after the article, `# ` headings, `**` bold and `[text](url)` links,
 * which doubled the answer), a plain-text or print copy. `dropRepeatedBlocks` drops hidden
 * copies with the same text only. Hidden text with words of its own stays (accordions and tabs
 * a script shows: default.md, "Hidden elements out of the model's choice"); so does a short
 * hidden line (a label). Runs only where a hidden block is kept.
 */
function dropHiddenRenderings(blocks: Blocks, chosen: Uint8Array, keptBefore: Uint8Array): number {
  // Most pages keep no hidden block: the kept blocks are read again only where one was kept.
  let anyHidden = false;
  for (let block = 0; block < blocks.count && !anyHidden; block++) {
    anyHidden = keptBefore[block] === 1 && isHiddenBlock(blocks, block);
  }
  if (!anyHidden) return 0;
  const kept = chosenBlocks(blocks, chosen);
  const hidden: number[] = [];
  for (let block = 0; block < blocks.count; block++) {
    if (kept[block] && isHiddenBlock(blocks, block)) hidden.push(block);
  }
  if (hidden.length === 0) return 0;
  const shownPairs = new Set<string>();
  for (let block = 0; block < blocks.count; block++) {
    tick('pith');
    if (!kept[block] || isHiddenBlock(blocks, block)) continue;
    for (const pair of wordPairs(blockText(blocks, block))) shownPairs.add(pair);
  }
  let dropped = 0;
  for (const block of hidden) {
    const pairs = wordPairs(blockText(blocks, block));
    if (pairs.length < MIN_RENDERING_WORDS - 1) continue;
    let held = 0;
    for (const pair of pairs) if (shownPairs.has(pair)) held++;
    if (held < RENDERING_COVERAGE * pairs.length) continue;
    unchooseBlock(blocks, block, chosen);
    dropped++;
  }
  return dropped;
}

/** Shortest repeat that reads as a paragraph of the text, not a credit, label or share line. */
const MIN_SECTION_REPEAT_CHARS = 100;

/**
 * A paragraph that repeats one from the section beside it (the two containers are siblings),
 * in a container whose other kept blocks are mostly new text, is the text saying it again (a
 * test page's lorem paragraph in its second section, a point restated), not a second copy: a
 * copy of the article, a promo or a credit repeats with little or nothing new beside it, and
 * a collapsed and an expanded copy of an answer or a tab sit in containers far apart. It
 * stays when it is paragraph length and its container holds at least as many new blocks as
 * repeats. Written from Readability's test pages (remove-extra-brs and four more with the same
 * body: the second section's last paragraph is the first's, and went). Without the siblings
 * test it kept 31 WCXB pages' repeats, 17 of them worse (a Quora answer list, a forum thread).
 */
function keepsRepeatInSection(chars: number, repeatsInParent: number, blocksInParent: number): boolean {
  return chars >= MIN_SECTION_REPEAT_CHARS && blocksInParent - repeatsInParent >= repeatsInParent;
}

/**
 * A hash of the code units of `blockText(blocks, block).toLowerCase()` that are not white space
 * (`\s`), made without building the text: blocks whose lower-cased texts are equal have equal
 * keys. `blockText` only collapses and trims white space, and lower case never turns a character
 * into white space or back; it maps each code point on its own (U+0130, İ, to two units: i and
 * U+0307), but for the final sigma, which depends on the letters around it: σ and ς hash alike.
 * Counting the units alone let every block of a common length through to have its text built.
 * Only the first `REPEAT_KEY_UNITS` of those units are hashed: equal texts still have equal keys
 * (their first units are the same), and the kept paragraphs, hundreds of characters each, were
 * read to their ends on every page (the rule's largest cost); texts that share their first
 * units and differ later are told apart when their texts are compared, as any two with one key.
 */
function repeatKey(blocks: Blocks, block: number): number {
  const { doc } = blocks;
  let hash = FNV_OFFSET;
  // Units hashed so far: the key stops after exactly `REPEAT_KEY_UNITS` of the lower-cased units,
  // wherever they came from (İ gives two), so that equal texts stop at the same unit.
  let hashed = 0;
  const { sourceStart, sourceEnd } = doc.columns;
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
    const node = blocks.textNodes[k];
    // The page's source where the node's text is its range as it is: a node's own string is a
    // slice of it, several times slower to read by character.
    const fromSource = doc.isSourceText(node);
    const text = fromSource ? doc.source : doc.text(node);
    const start = fromSource ? sourceStart[node] : 0;
    const end = fromSource ? sourceEnd[node] : text.length;
    for (let index = start; index < end; index++) {
      if (hashed === REPEAT_KEY_UNITS) return hash;
      tickAt(index - start, 'pith'); // a text node can be megabytes (of white space)
      const code = text.charCodeAt(index);
      if (code < 0x80) {
        if (code <= 0x20 && isJsSpaceCode(code)) continue;
        hash = Math.imul(hash ^ (code >= 0x41 && code <= 0x5a ? code + 32 : code), FNV_PRIME);
        hashed++;
        continue;
      }
      if (isJsSpaceCode(code)) continue;
      if (code >= 0xd800 && code <= 0xdbff && index + 1 < end) {
        const low = text.charCodeAt(index + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          // An astral character (Deseret, Adlam… have cases): lower-cased as the pair it is.
          const lower = text.slice(index, index + 2).toLowerCase();
          for (let unit = 0; unit < lower.length && hashed < REPEAT_KEY_UNITS; unit++, hashed++)
            hash = Math.imul(hash ^ lower.charCodeAt(unit), FNV_PRIME);
          index++;
          continue;
        }
      }
      const units = lowerUnits(code);
      hash = Math.imul(hash ^ (units & 0xffff), FNV_PRIME);
      hashed++;
      if (units > 0xffff && hashed < REPEAT_KEY_UNITS) {
        hash = Math.imul(hash ^ (units >>> 16), FNV_PRIME);
        hashed++;
      }
    }
  }
  return hash;
}
/** Units of a block's text `repeatKey` hashes, at most (a line's worth: lines differ near their start). */
const REPEAT_KEY_UNITS = 64;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Per UTF-16 unit: its lower case alone, as one unit or two (the second in the high half), ς as
 * σ; 0 before first sight. Filled on first sight of each unit.
 */
const LOWER_UNITS = new Uint32Array(65536);

function lowerUnits(code: number): number {
  let known = LOWER_UNITS[code];
  if (known === 0) {
    const lower = String.fromCharCode(code).toLowerCase();
    const first = lower.charCodeAt(0) === 0x3c2 ? 0x3c3 : lower.charCodeAt(0);
    known = (lower.length > 1 ? first + lower.charCodeAt(1) * 0x10000 : first) >>> 0;
    LOWER_UNITS[code] = known;
  }
  return known;
}

/** Items of a list, at most, for it to be completed (`keepIntroducedLists`): longer ones are indexes. */
const MAX_INTRODUCED_ITEMS = 50;
/** Nodes looked back from a list for the text that introduces it. */
const MAX_INTRO_LOOKBACK = 64;
/** Words of an introducing line, at least: a label ("Minimum:" over a spec sheet's items) is not one. */
const MIN_INTRO_WORDS = 3;
/** A line that introduces what follows ("…for learning more about git:"). */
const INTRODUCES = /[:：]\s*$/;

/**
 * A list introduced by a chosen line ending with a colon, some of whose items were chosen, is
 * chosen whole: the classifier reads items one by one and drops the ones that are only links (a
 * post's closing "other resources:" list kept its first item, lost the rest). The intro and the
 * partial choice together say the list is the article's; either alone does not (session 1's
 * lead-in line rule: half the dropped blocks after a colon were gold lists, half were not).
 */
export function keepIntroducedLists(doc: Doc, chosen: Uint8Array): number {
  const { kind, hidden } = doc.columns;
  const lists = elementsWith(doc, [TAG.ul, TAG.ol]);
  let completed = 0;
  for (const list of lists.slice(0, MAX_STRUCTURES)) {
    // The intro first (a few nodes back): most lists have none, and their items are not read.
    const intro = textBefore(doc, list);
    if (intro < 0 || !chosen[intro]) continue;
    const line = doc.text(intro);
    if (!INTRODUCES.test(line) || wordRunCount(line) < MIN_INTRO_WORDS) continue;
    const items = doc.children(list).filter((child) => doc.tag(child) === TAG.li).length;
    if (items < 2 || items > MAX_INTRODUCED_ITEMS) continue;
    const { text, kept } = chosenText(doc, chosen, list);
    if (kept === 0 || kept === text) continue;
    const stop = doc.end(list);
    for (let node = list + 1; node < stop; node++)
      if (kind[node] === NodeKind.Text && !hidden[node]) chosen[node] = 1;
    completed++;
  }
  return completed;
}

/** The nearest visible, non-blank text node before `node` (within `MAX_INTRO_LOOKBACK` nodes), or -1. */
function textBefore(doc: Doc, node: number): number {
  const { kind, hidden } = doc.columns;
  for (let at = node - 1; at > 0 && at >= node - MAX_INTRO_LOOKBACK; at--) {
    if (kind[at] === NodeKind.Text && !hidden[at] && doc.text(at).trim() !== '') return at;
  }
  return -1;
}

/** A `<script>` holding a display formula's TeX (MathJax 2). */
const DISPLAY_MATH_SCRIPT = /^\s*math\/tex\s*;\s*mode\s*=\s*display\s*$/i;
/** A line that ends a sentence (its closing quotes or brackets aside): what follows it is not its end. */
const ENDS_SENTENCE = /[.!?…。！？]["'”’)\]]*\s*$/;
/** Levels from a formula up to the container it shares with the text before it. */
const MAX_FORMULA_DEPTH = 6;
/** Levels from that text up to the shared container (a paragraph, an emphasis in it). */
const MAX_INTRO_DEPTH = 4;

/**
 * A display formula right after chosen text that does not end its sentence ("… it is such that",
 * "The formula is expressed as:") in the same container is chosen: the sentence goes on in the
 * formula. The classifier reads a formula's block as symbols without words and drops it, most of
 * all when it ends the body (the cue-retrained block model: Wikipedia's Hermitian matrix, cut,
 * after "it is such that"; Defuddle's math--wikipedia-mathml).
 */
export function keepIntroducedFormulas(doc: Doc, chosen: Uint8Array): number {
  const { kind, tag } = doc.columns;
  // Both kinds of display formula, in document order (this runs on every page).
  const formulas: number[] = [];
  for (const node of indexedElements(doc)) {
    if (formulas.length >= MAX_STRUCTURES) break;
    if (
      (tag[node] === TAG.math && doc.attr(node, 'display') === 'block') ||
      (tag[node] === TAG.script && DISPLAY_MATH_SCRIPT.test(doc.attr(node, 'type') ?? ''))
    )
      formulas.push(node);
  }
  let kept = 0;
  for (const formula of formulas) {
    const stop = doc.end(formula);
    let already = false;
    for (let node = formula + 1; node < stop && !already; node++)
      already = kind[node] === NodeKind.Text && chosen[node] === 1;
    if (already) continue;
    const intro = textBefore(doc, formula);
    if (intro < 0 || !chosen[intro] || ENDS_SENTENCE.test(doc.text(intro))) continue;
    if (!sharesNearContainer(doc, intro, formula)) continue;
    for (let node = formula + 1; node < stop; node++) if (kind[node] === NodeKind.Text) chosen[node] = 1;
    kept++;
  }
  return kept;
}

/** Whether `intro` and `formula` share an ancestor a few levels above each, below `<body>`. */
function sharesNearContainer(doc: Doc, intro: number, formula: number): boolean {
  let container = doc.parent(formula);
  for (
    let level = 1;
    container > 0 && level <= MAX_FORMULA_DEPTH;
    level++, container = doc.parent(container)
  ) {
    const t = doc.tag(container);
    if (t === TAG.body || t === TAG.html) return false;
    if (!doc.contains(container, intro)) continue;
    let depth = 0;
    for (let node = intro; node !== container && node > 0; node = doc.parent(node)) depth++;
    return depth <= MAX_INTRO_DEPTH;
  }
  return false;
}

/** Blocks each post-rule dropped or kept. */
export interface PostRuleCounts {
  repeatedBlocks: number;
  linkTeasers: number;
  embeddedTeasers: number;
  headlineRuns: number;
  railCards: number;
  ledTeasers: number;
  orphanHeadings: number;
  copyrightLines: number;
  callsToAction: number;
  commentPolicies: number;
  leads: number;
  sectionHeadings: number;
  introducedLists: number;
  introducedFormulas: number;
  mediaControls: number;
  signatures: number;
  closedOverlays: number;
  disclaimers: number;
  shopReviews: number;
}

/**
 * The post-rules, in order: the rules that drop look at what the classifier (and
 * the structure rule) kept; the lead rule last, so it finds the body's first
 * paragraph as kept. `pageUrl`: the page's address as the caller gave it, else as the
 * page declares it (its canonical link): saved files come without one, and their links
 * name the site absolutely.
 */
export function applyPostRules(
  blocks: Blocks,
  chosen: Uint8Array,
  pageUrl = blocks.doc.url,
  articleProbability?: () => number,
  shopPage?: () => boolean,
): PostRuleCounts {
  const repeatedBlocks = dropRepeatedBlocks(blocks, chosen);
  const linkTeasers = dropLinkTeasers(blocks, chosen);
  const embeddedTeasers = dropEmbeddedTeasers(blocks, chosen, pageUrl);
  const headlineRuns = dropHeadlineRuns(blocks, chosen, pageUrl);
  const railCards = dropRailCards(blocks, chosen, articleProbability);
  const ledTeasers = dropLedTeaserRuns(blocks, chosen, articleProbability);
  const commentPolicies = dropCommentPolicies(blocks, chosen);
  const orphanHeadings = dropOrphanHeadings(blocks, chosen);
  const copyrightLines = dropCopyrightLines(blocks, chosen);
  const callsToAction = dropCallsToAction(blocks, chosen);
  const mediaControls = dropMediaControls(blocks.doc, chosen);
  const signatures = dropSignatures(blocks.doc, chosen);
  const closedOverlays = dropClosedOverlays(blocks.doc, chosen);
  const disclaimers = dropDisclaimers(blocks.doc, chosen);
  const shopReviews = dropShopReviews(blocks.doc, chosen, shopPage);
  const leads = keepLeads(blocks, chosen);
  const sectionHeadings = keepSectionHeadings(blocks, chosen);
  const introducedLists = keepIntroducedLists(blocks.doc, chosen);
  const introducedFormulas = keepIntroducedFormulas(blocks.doc, chosen);
  return {
    repeatedBlocks,
    linkTeasers,
    embeddedTeasers,
    headlineRuns,
    railCards,
    ledTeasers,
    orphanHeadings,
    copyrightLines,
    callsToAction,
    commentPolicies,
    leads,
    sectionHeadings,
    introducedLists,
    introducedFormulas,
    mediaControls,
    signatures,
    closedOverlays,
    disclaimers,
    shopReviews,
  };
}
