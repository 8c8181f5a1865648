/**
 * Text blocks: the visible text of a page cut at block-level elements, as a
 * reader sees paragraphs. Each block is owned by its nearest block-level
 * ancestor (p, li, td, h2, div…); text of a div around a nested paragraph goes
 * to the div's block, the paragraph's to its own. One pass over the Doc.
 *
 * Along the way every element gets the landmark flags and class/id cue bits of
 * its ancestors, so block features can ask "is this inside a nav / a comment
 * list / an element named like a sidebar" in O(1).
 */
import {
  type Doc,
  IS_BLOCK,
  IS_HIDDEN_CONTENT,
  isCjkCode,
  isSpaceCode,
  NEEDS_COLLAPSE,
  NodeKind,
  TAG,
  tick,
  tickAt,
} from '../../dom/index.js';
import { cueBits, elementCueBits } from './cues.js';

/** Landmark flags (bits), set on an element and inherited by its descendants. */
export const LANDMARKS = [
  'nav',
  'header',
  'footer',
  'aside',
  'article',
  'main',
  'form',
  'list',
  'table',
  'blockquote',
  'figure',
  'pre',
  'link',
  'control',
  'details',
  'hiddenAttribute',
  'heading',
  'section',
  'address',
  'dialogRole',
  'noscript',
] as const;
export type Landmark = (typeof LANDMARKS)[number];
const bit = (name: Landmark) => 1 << LANDMARKS.indexOf(name);
export const LANDMARK = Object.fromEntries(LANDMARKS.map((name) => [name, bit(name)])) as Record<
  Landmark,
  number
>;

/** Boilerplate landmark roles (WAI-ARIA), flagged like their elements. */
const ROLE_LANDMARK: Record<string, number> = {
  navigation: LANDMARK.nav,
  menu: LANDMARK.nav,
  menubar: LANDMARK.nav,
  toolbar: LANDMARK.nav,
  banner: LANDMARK.header,
  contentinfo: LANDMARK.footer,
  complementary: LANDMARK.aside,
  article: LANDMARK.article,
  main: LANDMARK.main,
  dialog: LANDMARK.dialogRole,
  alertdialog: LANDMARK.dialogRole,
  search: LANDMARK.form,
};

function tagLandmarks(tag: number): number {
  switch (tag) {
    case TAG.nav:
    case TAG.menu:
      return LANDMARK.nav;
    case TAG.header:
      return LANDMARK.header;
    case TAG.footer:
      return LANDMARK.footer;
    case TAG.aside:
      return LANDMARK.aside;
    case TAG.article:
      return LANDMARK.article;
    case TAG.main:
      return LANDMARK.main;
    case TAG.form:
      return LANDMARK.form;
    case TAG.ul:
    case TAG.ol:
    case TAG.dl:
      return LANDMARK.list;
    case TAG.table:
      return LANDMARK.table;
    case TAG.blockquote:
      return LANDMARK.blockquote;
    case TAG.figure:
      return LANDMARK.figure;
    case TAG.pre:
    case TAG.code:
      return LANDMARK.pre;
    case TAG.button:
    case TAG.select:
    case TAG.option:
    case TAG.label:
    case TAG.input:
    case TAG.textarea:
      return LANDMARK.control;
    case TAG.details:
    case TAG.summary:
      return LANDMARK.details;
    case TAG.h1:
    case TAG.h2:
    case TAG.h3:
    case TAG.h4:
    case TAG.h5:
    case TAG.h6:
      return LANDMARK.heading;
    case TAG.section:
      return LANDMARK.section;
    case TAG.address:
      return LANDMARK.address;
    case TAG.dialog:
      return LANDMARK.dialogRole;
    case TAG.noscript:
      return LANDMARK.noscript;
    default:
      return 0;
  }
}

const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/**
 * Per UTF-16 unit above ASCII: 0 not yet known, 1 when it is a letter that lower-casing
 * changes (a capital), 2 when not. Filled on first sight of each unit.
 */
const UPPER_CASE_UNIT = new Uint8Array(65536);

function isUpperCaseUnit(code: number): boolean {
  let known = UPPER_CASE_UNIT[code];
  if (known === 0) {
    const unit = String.fromCharCode(code);
    known = unit !== unit.toLowerCase() ? 1 : 2;
    UPPER_CASE_UNIT[code] = known;
  }
  return known === 1;
}

/** Per-block raw counts, one entry per block, in document order. */
export interface Blocks {
  readonly doc: Doc;
  readonly count: number;
  /** The block-level element that owns each block. */
  readonly owner: Int32Array;
  /** Text nodes of block b: `textNodes[textStart[b] … textStart[b+1])`. */
  readonly textStart: Int32Array;
  readonly textNodes: Int32Array;
  readonly chars: Float64Array;
  readonly linkChars: Float64Array;
  readonly words: Float64Array;
  /** `<a href>` elements whose nearest block is this one. */
  readonly links: Float64Array;
  readonly commas: Float64Array;
  /** Sentence-ending punctuation (. ! ? and their CJK/Arabic forms). */
  readonly sentenceEnds: Float64Array;
  readonly digits: Float64Array;
  /** Words of at most three characters (function words in most alphabetic languages). */
  readonly shortWords: Float64Array;
  /** Words that start with an upper-case letter. */
  readonly capitalisedWords: Float64Array;
  /** 1 when the block's text ends with sentence punctuation. */
  readonly endsSentence: Uint8Array;
  /** Per node: landmark bits of the node and its ancestors (elements visited only). */
  readonly landmarks: Uint32Array;
  /** Per node: class/id cue bits of the node itself. */
  readonly ownCues: Uint32Array;
  /** Per node: class/id cue bits of the node and its ancestors. */
  readonly inheritedCues: Uint32Array;
  /** Total visible characters over all blocks. */
  readonly totalChars: number;
}

/** Cuts a document's visible text into blocks (from the content root down). */
export function segmentBlocks(doc: Doc): Blocks {
  // The spare working columns, or a set of its own for a call that finds none (only a nested one could).
  const work = spareColumns ?? new WorkColumns();
  spareColumns = undefined;
  try {
    return segmentWith(doc, work);
  } finally {
    if (work.keepable()) spareColumns = work;
  }
}

function segmentWith(doc: Doc, work: WorkColumns): Blocks {
  const { kind, tag, end, hidden, textLength } = doc.columns;
  const builder = new BlockBuilder(doc, work);
  const root = builder.root;
  const stop = end[root];
  // Open block-level elements, innermost last.
  const blockStack: number[] = [root];
  for (let node = root; node < stop; node++) {
    tick('blocks');
    while (blockStack.length > 1 && end[blockStack[blockStack.length - 1]] <= node) blockStack.pop();
    const nodeKind = kind[node];
    if (nodeKind === NodeKind.Element) {
      const nodeTag = tag[node];
      if (node !== root && IS_HIDDEN_CONTENT[nodeTag]) {
        node = end[node] - 1;
        continue;
      }
      markElement(builder, node, nodeTag, blockStack[blockStack.length - 1]);
      if (IS_BLOCK[nodeTag] && node !== root) blockStack.push(node);
      continue;
    }
    if (nodeKind !== NodeKind.Text || hidden[node] || textLength[node] === 0) continue;
    addText(builder, node, builder.blockOfOwner(blockStack[blockStack.length - 1]));
  }
  return builder.finish();
}

/** The per-block sums `BlockBuilder` keeps, one column each. */
const SUMS = [
  'chars',
  'linkChars',
  'words',
  'links',
  'commas',
  'sentenceEnds',
  'digits',
  'shortWords',
  'capitalised',
  'endsSentence',
] as const;
type Sum = (typeof SUMS)[number];

/** Most nodes and blocks whose working columns are kept for the next page (3 MB and 1.4 MB). */
const KEPT_NODES = 1 << 18;
const KEPT_BLOCKS = 1 << 14;

/**
 * `BlockBuilder`'s working columns. None outlives `finish` (it copies what the blocks keep), so one
 * set serves page after page: made for each page they were 60 KB of its stores (the block columns
 * grown by doubling 38, the per-node ones 22). `segmentBlocks` takes the spare set and puts it back
 * when it is done, however it ends; it runs synchronously and calls nothing that could segment
 * another page meanwhile, and module state is per realm (each worker has its own). What a page
 * reads it has written first: a block's sums are zeroed when the block is made, `blockOfNode` is
 * filled with -1 for the page's nodes, the text lists are read only up to the page's count.
 */
class WorkColumns {
  owners = new Int32Array(64);
  readonly sums = Object.fromEntries(SUMS.map((sum) => [sum, new Float64Array(64)])) as Record<
    Sum,
    Float64Array
  >;
  blockOfNode = new Int32Array(0);
  textNodes = new Int32Array(0);
  textBlocks = new Int32Array(0);

  /** Ready for a page of `size` nodes. */
  reset(size: number): void {
    if (this.blockOfNode.length < size) {
      const length = Math.max(size, this.blockOfNode.length * 2);
      this.blockOfNode = new Int32Array(length);
      this.textNodes = new Int32Array(length);
      this.textBlocks = new Int32Array(length);
    }
    this.blockOfNode.fill(-1, 0, size);
  }

  /** Whether to keep them for the next page: not a huge page's. */
  keepable(): boolean {
    return this.blockOfNode.length <= KEPT_NODES && this.owners.length <= KEPT_BLOCKS;
  }
}
let spareColumns: WorkColumns | undefined;

/**
 * The blocks as they are found (in the order their owners first receive something), then ordered.
 * Columns are typed arrays grown by doubling and the text nodes one list for all blocks (an array
 * per block and eleven pushed arrays were 4 % of the bytes a page allocates).
 */
class BlockBuilder {
  readonly doc: Doc;
  /** The content root the blocks are cut from (it has no parent among them). */
  readonly root: number;
  readonly landmarks: Uint32Array;
  readonly ownCues: Uint32Array;
  readonly inheritedCues: Uint32Array;
  /**
   * `cueBits` of the page's class-only `classAndId` strings by class number (`Doc.classNumber`),
   * -1 before one is read: a listing's cards share a class, and the number is an array read where
   * the cue memo hashed the string.
   */
  readonly cuesByClass: Int32Array;
  /** The page's numbers of the attributes `markElement` reads on every element (`Doc.attributeId`). */
  readonly attributeIds: {
    role: number;
    href: number;
    hidden: number;
    ariaHidden: number;
    style: number;
    class: number;
    id: number;
  };
  /** Per element: its block, -1 before it has one. */
  readonly blockOfNode: Int32Array;
  /** Blocks made so far, and their owners and sums by block (in `work`, grown by doubling). */
  blocks = 0;
  readonly work: WorkColumns;
  readonly sums: Record<Sum, Float64Array>;
  /** The text nodes in the order they join a block (document order), and the block each joins. */
  readonly textNodes: Int32Array;
  readonly textBlocks: Int32Array;
  texts = 0;
  totalChars = 0;

  constructor(doc: Doc, work: WorkColumns) {
    this.doc = doc;
    this.root = doc.contentRoot;
    this.landmarks = new Uint32Array(doc.size);
    this.ownCues = new Uint32Array(doc.size);
    this.inheritedCues = new Uint32Array(doc.size);
    this.cuesByClass = new Int32Array(doc.classCount).fill(-1);
    this.attributeIds = {
      role: doc.attributeId('role'),
      href: doc.attributeId('href'),
      hidden: doc.attributeId('hidden'),
      ariaHidden: doc.attributeId('aria-hidden'),
      style: doc.attributeId('style'),
      class: doc.attributeId('class'),
      id: doc.attributeId('id'),
    };
    work.reset(doc.size);
    this.work = work;
    this.sums = work.sums;
    this.blockOfNode = work.blockOfNode;
    this.textNodes = work.textNodes;
    this.textBlocks = work.textBlocks;
  }

  /** The block of a block-level element, made on first use. */
  blockOfOwner(owner: number): number {
    let block = this.blockOfNode[owner];
    if (block < 0) {
      block = this.blocks++;
      this.blockOfNode[owner] = block;
      if (block === this.work.owners.length) this.grow();
      this.work.owners[block] = owner;
      for (const sum of SUMS) this.sums[sum][block] = 0;
    }
    return block;
  }

  private grow(): void {
    const capacity = this.work.owners.length * 2;
    const owners = new Int32Array(capacity);
    owners.set(this.work.owners);
    this.work.owners = owners;
    for (const sum of SUMS) {
      const wider = new Float64Array(capacity);
      wider.set(this.sums[sum]);
      this.sums[sum] = wider;
    }
  }

  /** Blocks with text, in document order (that of their first text node), as columns. */
  finish(): Blocks {
    // Blocks numbered in the order of their first text node; those that received only links from
    // the stack (no text) get none and are dropped.
    const order = new Int32Array(this.blocks).fill(-1);
    const sizes: number[] = [];
    let count = 0;
    for (let entry = 0; entry < this.texts; entry++) {
      const block = this.textBlocks[entry];
      if (order[block] < 0) {
        order[block] = count++;
        sizes.push(0);
      }
      sizes[order[block]]++;
    }
    const textStart = new Int32Array(count + 1);
    for (let index = 0; index < count; index++) textStart[index + 1] = textStart[index] + sizes[index];
    const textNodes = new Int32Array(this.texts);
    const filled = textStart.slice(0, count);
    for (let entry = 0; entry < this.texts; entry++) {
      tick('blocks');
      textNodes[filled[order[this.textBlocks[entry]]]++] = this.textNodes[entry];
    }
    const pick = <T extends Float64Array | Int32Array | Uint8Array>(
      values: Float64Array | Int32Array,
      out: T,
    ) => {
      for (let block = 0; block < this.blocks; block++)
        if (order[block] >= 0) out[order[block]] = values[block];
      return out;
    };
    const { sums } = this;
    return {
      doc: this.doc,
      count,
      owner: pick(this.work.owners, new Int32Array(count)),
      textStart,
      textNodes,
      chars: pick(sums.chars, new Float64Array(count)),
      linkChars: pick(sums.linkChars, new Float64Array(count)),
      words: pick(sums.words, new Float64Array(count)),
      links: pick(sums.links, new Float64Array(count)),
      commas: pick(sums.commas, new Float64Array(count)),
      sentenceEnds: pick(sums.sentenceEnds, new Float64Array(count)),
      digits: pick(sums.digits, new Float64Array(count)),
      shortWords: pick(sums.shortWords, new Float64Array(count)),
      capitalisedWords: pick(sums.capitalised, new Float64Array(count)),
      endsSentence: pick(sums.endsSentence, new Uint8Array(count)),
      landmarks: this.landmarks,
      ownCues: this.ownCues,
      inheritedCues: this.inheritedCues,
      totalChars: this.totalChars,
    };
  }
}

/** An element's landmark and cue bits (its own and inherited); a link counts for the open block. */
function markElement(builder: BlockBuilder, node: number, nodeTag: number, openBlock: number): void {
  const { doc, landmarks, ownCues, inheritedCues, attributeIds } = builder;
  const up = node === builder.root ? -1 : doc.columns.parent[node];
  let flags = tagLandmarks(nodeTag);
  const role = doc.attrById(node, attributeIds.role);
  const landmark = role?.toLowerCase();
  if (landmark !== undefined && Object.hasOwn(ROLE_LANDMARK, landmark)) flags |= ROLE_LANDMARK[landmark];
  if (nodeTag === TAG.a && doc.attrById(node, attributeIds.href) !== undefined) {
    flags |= LANDMARK.link;
    const block = builder.blockOfOwner(openBlock);
    builder.sums.links[block]++;
  }
  if (
    doc.attrById(node, attributeIds.hidden) !== undefined ||
    doc.attrById(node, attributeIds.ariaHidden) === 'true'
  ) {
    flags |= LANDMARK.hiddenAttribute;
  } else {
    const style = doc.attrById(node, attributeIds.style);
    if (style !== undefined && HIDING_STYLE.test(style)) flags |= LANDMARK.hiddenAttribute;
  }
  const classNumber = doc.classNumber(node);
  let cues = 0;
  if (classNumber > 0) {
    cues = builder.cuesByClass[classNumber];
    if (cues < 0) {
      cues = cueBits(doc.classAndId(node));
      builder.cuesByClass[classNumber] = cues;
    }
  } else if (classNumber < 0) {
    // An id: the string is the element's own.
    cues = elementCueBits(
      doc.classAndId(node),
      doc.attrById(node, attributeIds.class),
      doc.attrById(node, attributeIds.id) ?? '',
    );
  }
  ownCues[node] = cues;
  landmarks[node] = flags | (up >= 0 ? landmarks[up] : 0);
  inheritedCues[node] = cues | (up >= 0 ? inheritedCues[up] : 0);
}

/** A visible text node joins its block: characters, link characters and what {@link countText} counts. */
function addText(builder: BlockBuilder, node: number, block: number): void {
  const { doc, landmarks, inheritedCues } = builder;
  const { parent, textLength, sourceStart, sourceEnd } = doc.columns;
  const up = parent[node];
  landmarks[node] = landmarks[up];
  inheritedCues[node] = inheritedCues[up];
  builder.textNodes[builder.texts] = node;
  builder.textBlocks[builder.texts++] = block;
  const { sums } = builder;
  const length = textLength[node];
  sums.chars[block] += length;
  builder.totalChars += length;
  if (landmarks[node] & LANDMARK.link) sums.linkChars[block] += length;
  // The source itself when the node's text is its source range as it is (faster to scan).
  const fromSource = doc.isSourceText(node);
  const text = fromSource ? doc.source : doc.text(node);
  const counts = countText(
    text,
    fromSource ? sourceStart[node] : 0,
    fromSource ? sourceEnd[node] : text.length,
  );
  // Added to the block once per text node (all integers: the same sums as per character).
  sums.words[block] += counts.words;
  sums.shortWords[block] += counts.shortWords;
  sums.capitalised[block] += counts.capitalised;
  sums.commas[block] += counts.commas;
  sums.sentenceEnds[block] += counts.sentenceEnds;
  sums.digits[block] += counts.digits;
  if (counts.lastVisible !== 0) sums.endsSentence[block] = ENDS_SENTENCE.has(counts.lastVisible) ? 1 : 0;
}

/** What one scan of a text counts (one object, reused: the scan runs per text node). */
const TEXT_COUNTS = {
  words: 0,
  shortWords: 0,
  capitalised: 0,
  commas: 0,
  sentenceEnds: 0,
  digits: 0,
  /** The last non-space code unit (0: none). */
  lastVisible: 0,
};

/** Characters that end a sentence or introduce what follows (. ! ? and CJK forms, : and closing quotes). */
const ENDS_SENTENCE = new Set([46, 33, 63, 0x3002, 0xff01, 0xff1f, 58, 0x22, 0x201d]);

/**
 * Words (CJK characters one each), short words (≤ 3 units), capitalised words, commas,
 * sentence ends and digits of `text[begin, end)`, in one scan.
 */
function countText(text: string, begin: number, end: number): typeof TEXT_COUNTS {
  let words = 0;
  let shortWords = 0;
  let capitalised = 0;
  let commas = 0;
  let sentenceEnds = 0;
  let digits = 0;
  let inWord = false;
  let wordLength = 0;
  let lastVisible = 0;
  for (let index = begin; index < end; index++) {
    tickAt(index, 'blocks'); // a text node can be megabytes
    const code = text.charCodeAt(index);
    // ASCII has no CJK, its spaces are 32 and 9–13 and its capitals A–Z: cheap tests first.
    const ascii = code < 128;
    if (ascii ? code === 32 || (code >= 9 && code <= 13) : isSpaceCode(code)) {
      if (inWord) {
        words++;
        if (wordLength <= 3) shortWords++;
      }
      inWord = false;
      continue;
    }
    lastVisible = code;
    if (!ascii && isCjkCode(code)) {
      if (inWord) {
        words++;
        if (wordLength <= 3) shortWords++;
      }
      words++;
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      wordLength = 0;
      if (ascii ? code >= 65 && code <= 90 : isUpperCaseUnit(code)) capitalised++;
    }
    wordLength++;
    if (ascii) {
      if (code === 44) commas++;
      else if (code === 46 || code === 33 || code === 63) sentenceEnds++;
      else if (code >= 48 && code <= 57) digits++;
    } else if (code === 0xff0c || code === 0x3001 || code === 0x060c) commas++;
    else if (code === 0x3002 || code === 0xff01 || code === 0xff1f || code === 0x061f) sentenceEnds++;
  }
  // The end of the text ends a word, as a space would.
  if (inWord) {
    words++;
    if (wordLength <= 3) shortWords++;
  }
  const counts = TEXT_COUNTS;
  counts.words = words;
  counts.shortWords = shortWords;
  counts.capitalised = capitalised;
  counts.commas = commas;
  counts.sentenceEnds = sentenceEnds;
  counts.digits = digits;
  counts.lastVisible = lastVisible;
  return counts;
}

/**
 * The visible text of a block, whitespace collapsed: the nodes' texts joined by a space, each run
 * of `\s` one space, trimmed. A one-node block's text is returned as it is when nothing collapses
 * (no array, no join), and the collapse runs only where it changes something: the copies were
 * 12 KB a page (issue 38, s44-alloc).
 */
export function blockText(blocks: Blocks, block: number): string {
  const from = blocks.textStart[block];
  const stop = blocks.textStart[block + 1];
  let joined: string;
  if (stop - from === 1) joined = blocks.doc.text(blocks.textNodes[from]);
  else {
    const parts: string[] = [];
    for (let k = from; k < stop; k++) parts.push(blocks.doc.text(blocks.textNodes[k]));
    joined = parts.join(' ');
  }
  return (NEEDS_COLLAPSE.test(joined) ? joined.replace(/\s+/g, ' ') : joined).trim();
}
