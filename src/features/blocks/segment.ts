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
  NodeKind,
  TAG,
  tick,
} from '../../dom/index.js';
import { cueBits } from './cues.js';

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
  const { kind, tag, end, parent, textLength, hidden, sourceStart, sourceEnd } = doc.columns;
  const size = doc.size;
  const root = doc.contentRoot;
  const stop = end[root];
  const landmarks = new Uint32Array(size);
  const ownCues = new Uint32Array(size);
  const inheritedCues = new Uint32Array(size);
  const blockOf = new Int32Array(size).fill(-1);

  const owners: number[] = [];
  const nodesOfBlock: number[][] = [];
  const chars: number[] = [];
  const linkChars: number[] = [];
  const words: number[] = [];
  const links: number[] = [];
  const commas: number[] = [];
  const sentenceEnds: number[] = [];
  const digits: number[] = [];
  const shortWords: number[] = [];
  const capitalised: number[] = [];
  const endsSentence: number[] = [];
  let totalChars = 0;

  // Open block-level elements, innermost last.
  const blockStack: number[] = [root];
  const blockOfOwner = (owner: number): number => {
    let block = blockOf[owner];
    if (block < 0) {
      block = owners.length;
      blockOf[owner] = block;
      owners.push(owner);
      nodesOfBlock.push([]);
      chars.push(0);
      linkChars.push(0);
      words.push(0);
      links.push(0);
      commas.push(0);
      sentenceEnds.push(0);
      digits.push(0);
      shortWords.push(0);
      capitalised.push(0);
      endsSentence.push(0);
    }
    return block;
  };

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
      const up = node === root ? -1 : parent[node];
      let flags = tagLandmarks(nodeTag);
      const role = doc.attr(node, 'role');
      if (role !== undefined) flags |= ROLE_LANDMARK[role.toLowerCase()] ?? 0;
      if (nodeTag === TAG.a && doc.attr(node, 'href') !== undefined) {
        flags |= LANDMARK.link;
        links[blockOfOwner(blockStack[blockStack.length - 1])]++;
      }
      if (doc.attr(node, 'hidden') !== undefined || doc.attr(node, 'aria-hidden') === 'true') {
        flags |= LANDMARK.hiddenAttribute;
      } else {
        const style = doc.attr(node, 'style');
        if (style !== undefined && HIDING_STYLE.test(style)) flags |= LANDMARK.hiddenAttribute;
      }
      const cues = cueBits(doc.classAndId(node));
      ownCues[node] = cues;
      landmarks[node] = flags | (up >= 0 ? landmarks[up] : 0);
      inheritedCues[node] = cues | (up >= 0 ? inheritedCues[up] : 0);
      if (IS_BLOCK[nodeTag] && node !== root) blockStack.push(node);
      continue;
    }
    if (nodeKind !== NodeKind.Text || hidden[node] || textLength[node] === 0) continue;
    const up = parent[node];
    landmarks[node] = landmarks[up];
    inheritedCues[node] = inheritedCues[up];
    const block = blockOfOwner(blockStack[blockStack.length - 1]);
    nodesOfBlock[block].push(node);
    const length = textLength[node];
    chars[block] += length;
    totalChars += length;
    if (landmarks[node] & LANDMARK.link) linkChars[block] += length;
    // The source itself when the node's text is its source range as it is (faster to scan).
    const fromSource = doc.isSourceText(node);
    const text = fromSource ? doc.source : doc.text(node);
    const textBegin = fromSource ? sourceStart[node] : 0;
    const textEnd = fromSource ? sourceEnd[node] : text.length;
    // Counted in locals and added to the block once per text node (all integers: same sums).
    let nodeWords = 0;
    let nodeShortWords = 0;
    let nodeCapitalised = 0;
    let nodeCommas = 0;
    let nodeSentenceEnds = 0;
    let nodeDigits = 0;
    let inWord = false;
    let wordLength = 0;
    let lastVisible = 0;
    for (let index = textBegin; index < textEnd; index++) {
      const code = text.charCodeAt(index);
      // ASCII has no CJK, its spaces are 32 and 9–13 and its capitals A–Z: cheap tests first.
      const ascii = code < 128;
      if (ascii ? code === 32 || (code >= 9 && code <= 13) : isSpaceCode(code)) {
        if (inWord) {
          nodeWords++;
          if (wordLength <= 3) nodeShortWords++;
        }
        inWord = false;
        continue;
      }
      lastVisible = code;
      if (!ascii && isCjkCode(code)) {
        if (inWord) {
          nodeWords++;
          if (wordLength <= 3) nodeShortWords++;
        }
        nodeWords++;
        inWord = false;
        continue;
      }
      if (!inWord) {
        inWord = true;
        wordLength = 0;
        if (ascii ? code >= 65 && code <= 90 : isUpperCaseUnit(code)) nodeCapitalised++;
      }
      wordLength++;
      if (ascii) {
        if (code === 44) nodeCommas++;
        else if (code === 46 || code === 33 || code === 63) nodeSentenceEnds++;
        else if (code >= 48 && code <= 57) nodeDigits++;
      } else if (code === 0xff0c || code === 0x3001 || code === 0x060c) nodeCommas++;
      else if (code === 0x3002 || code === 0xff01 || code === 0xff1f || code === 0x061f) nodeSentenceEnds++;
    }
    // The end of the text ends a word, as a space would.
    if (inWord) {
      nodeWords++;
      if (wordLength <= 3) nodeShortWords++;
    }
    words[block] += nodeWords;
    shortWords[block] += nodeShortWords;
    capitalised[block] += nodeCapitalised;
    commas[block] += nodeCommas;
    sentenceEnds[block] += nodeSentenceEnds;
    digits[block] += nodeDigits;
    if (lastVisible !== 0) {
      endsSentence[block] =
        lastVisible === 46 ||
        lastVisible === 33 ||
        lastVisible === 63 ||
        lastVisible === 0x3002 ||
        lastVisible === 0xff01 ||
        lastVisible === 0xff1f ||
        lastVisible === 58 ||
        lastVisible === 0x22 ||
        lastVisible === 0x201d
          ? 1
          : 0;
    }
  }

  // Blocks that received only links from the stack (no text) are dropped.
  const keep: number[] = [];
  for (let block = 0; block < owners.length; block++) if (chars[block] > 0) keep.push(block);
  const count = keep.length;
  const textStart = new Int32Array(count + 1);
  let textTotal = 0;
  for (let index = 0; index < count; index++) textTotal += nodesOfBlock[keep[index]].length;
  const textNodes = new Int32Array(textTotal);
  let at = 0;
  for (let index = 0; index < count; index++) {
    tick('blocks');
    textStart[index] = at;
    for (const node of nodesOfBlock[keep[index]]) textNodes[at++] = node;
  }
  textStart[count] = at;
  // Document order of blocks is the order of their first text node.
  const order = Array.from({ length: count }, (_, index) => index).sort(
    (a, b) => textNodes[textStart[a]] - textNodes[textStart[b]],
  );
  const pick = (values: number[]) => {
    const picked = new Float64Array(count);
    for (let index = 0; index < count; index++) picked[index] = values[keep[order[index]]];
    return picked;
  };
  const orderedStart = new Int32Array(count + 1);
  const orderedNodes = new Int32Array(textTotal);
  let cursor = 0;
  for (let index = 0; index < count; index++) {
    tick('blocks');
    orderedStart[index] = cursor;
    const from = textStart[order[index]];
    const to = textStart[order[index] + 1];
    for (let k = from; k < to; k++) orderedNodes[cursor++] = textNodes[k];
  }
  orderedStart[count] = cursor;
  return {
    doc,
    count,
    owner: Int32Array.from(pick(owners)),
    textStart: orderedStart,
    textNodes: orderedNodes,
    chars: pick(chars),
    linkChars: pick(linkChars),
    words: pick(words),
    links: pick(links),
    commas: pick(commas),
    sentenceEnds: pick(sentenceEnds),
    digits: pick(digits),
    shortWords: pick(shortWords),
    capitalisedWords: pick(capitalised),
    endsSentence: Uint8Array.from(pick(endsSentence)),
    landmarks,
    ownCues,
    inheritedCues,
    totalChars,
  };
}

/** The visible text of a block, whitespace collapsed. */
export function blockText(blocks: Blocks, block: number): string {
  const parts: string[] = [];
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
    parts.push(blocks.doc.text(blocks.textNodes[k]));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
