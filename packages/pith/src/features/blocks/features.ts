/**
 * The feature vector of each text block, for the default extractor's learned
 * block classifier: the block's own text statistics (boilerpipe's word count,
 * text and link density), its tag and landmark context, class/id cues of its
 * ancestors, its neighbours (dragnet), its container (repeated siblings, text
 * share), page-level context, agreement with the page's JSON-LD body and
 * title, and the heuristic stage's verdict.
 *
 * Everything is a number; categorical things are one-hot. Names are exported so
 * a model can check it was trained on the same features.
 */
import { isWordUnit, SpareArray, TAG, tick } from '../../dom/index.js';
import { CUE_GROUPS } from './cues.js';
import { type Blocks, blockText, LANDMARKS } from './segment.js';

const OWNER_TAGS = [
  'p',
  'div',
  'li',
  'td',
  'h1',
  'h2',
  'h3',
  'h4',
  'pre',
  'blockquote',
  'dd',
  'section',
  'figcaption',
  'span-like',
] as const;

/** Where a block sits relative to the heuristic stage's choice. */
export interface HeuristicHints {
  /** Per node: 1 when the heuristic stage kept the node. */
  kept?: Uint8Array;
  /** Per node: 1 for the top of a subtree the heuristic stage pruned as furniture. */
  pruned?: Uint8Array;
}

/** Page-level context that is not in the Doc. */
export interface PageContext {
  /** The page title (metadata or caller). */
  title?: string;
  /** JSON-LD articleBody / description text, when the page has one. */
  structuredBody?: string;
  /** Extra page-level numbers (e.g. page-type probabilities), appended to every row. */
  extra?: { names: readonly string[]; values: ArrayLike<number> };
}

const BASE_FEATURES = [
  'logChars',
  'logWords',
  'linkDensity',
  'logLinks',
  'wordsPerLink',
  'commasPerWord',
  'sentenceEndsPerWord',
  'digitShare',
  'shortWordShare',
  'capitalisedShare',
  'meanWordLength',
  'textDensity',
  'endsSentence',
  'headingLevel',
  ...OWNER_TAGS.map((name) => `owner:${name}`),
  ...LANDMARKS.map((name) => `in:${name}`),
  ...CUE_GROUPS.map((name) => `cue:${name}`),
  ...CUE_GROUPS.map((name) => `nearCue:${name}`),
  'relativeIndex',
  'relativeCharPosition',
  'depth',
  'relativeDepth',
  'prevLogWords',
  'prevLinkDensity',
  'prev2LogWords',
  'nextLogWords',
  'nextLinkDensity',
  'next2LogWords',
  'prevSameParent',
  'nextSameParent',
  'parentLogChars',
  'parentLinkDensity',
  'parentTextShare',
  'grandparentLogChars',
  'grandparentLinkDensity',
  'grandparentTextShare',
  'ownerRepeat',
  'parentRepeat',
  'grandparentRepeat',
  'ownerLogImages',
  'pageLogChars',
  'pageLinkDensity',
  'pageLogBlocks',
  'hasStructuredBody',
  'structuredBodyOverlap',
  'structuredBodyCoverage',
  'titleOverlap',
  'heuristicKept',
  'heuristicPruned',
  'heuristicKeptShare',
  'heuristicNeighbourKept',
  'windowLinkDensity',
  'windowLogWords',
] as const;

/** The names of the base features, in column order (page extras follow). */
export const BLOCK_FEATURE_NAMES: readonly string[] = BASE_FEATURES;

const INDEX = Object.fromEntries(BASE_FEATURES.map((name, index) => [name, index])) as Record<
  (typeof BASE_FEATURES)[number],
  number
>;

/** Most floats a reused matrix keeps between pages (4 MB): a larger page's matrix is its own. */
const KEPT_FLOATS = 1 << 20;

/**
 * A feature matrix lent from page to page, so that a page does not allocate (and zero) one of its
 * own: 128 KB a page, the largest store after the parse. One holder at a time: `borrow` hands it to
 * a caller until `giveBack`, and answers undefined while it is out (a nested caller makes its own
 * matrix). Reuse is safe for a caller that reads a page's rows only between its borrow and its
 * give-back, as the extractor does (`extract` is synchronous from the rows to its answer, and keeps
 * none of them in what it returns); module state is per realm, so browsers' workers and Node's
 * threads each have their own. Each page's part is zeroed before its rows are written.
 */
export class ScratchMatrix {
  #store = new Float32Array(0);
  #lent = false;

  /** This matrix for the caller until it calls `giveBack`, or undefined while another holds it. */
  borrow(): ScratchMatrix | undefined {
    if (this.#lent) return undefined;
    this.#lent = true;
    return this;
  }

  giveBack(): void {
    this.#lent = false;
  }

  /** `size` zeroed floats: a view of the store (grown by doubling), or their own past `KEPT_FLOATS`. */
  zeroed(size: number): Float32Array {
    if (size > KEPT_FLOATS) return new Float32Array(size);
    if (this.#store.length < size) {
      let length = Math.max(1024, this.#store.length);
      while (length < size) length *= 2;
      this.#store = new Float32Array(length);
    } else this.#store.fill(0, 0, size);
    return this.#store.subarray(0, size);
  }
}

/** Row-major features, `rows × width`. */
export interface BlockFeatures {
  names: readonly string[];
  width: number;
  rows: number;
  values: Float32Array;
}

function ownerTagIndex(tag: number): number {
  switch (tag) {
    case TAG.p:
      return 0;
    case TAG.div:
      return 1;
    case TAG.li:
    case TAG.dt:
      return 2;
    case TAG.td:
    case TAG.th:
      return 3;
    case TAG.h1:
      return 4;
    case TAG.h2:
      return 5;
    case TAG.h3:
      return 6;
    case TAG.h4:
    case TAG.h5:
    case TAG.h6:
      return 7;
    case TAG.pre:
      return 8;
    case TAG.blockquote:
      return 9;
    case TAG.dd:
      return 10;
    case TAG.section:
    case TAG.article:
    case TAG.main:
      return 11;
    case TAG.figcaption:
    case TAG.caption:
      return 12;
    default:
      return 13;
  }
}

function headingLevel(tag: number): number {
  switch (tag) {
    case TAG.h1:
      return 1;
    case TAG.h2:
      return 2;
    case TAG.h3:
      return 3;
    case TAG.h4:
      return 4;
    case TAG.h5:
      return 5;
    case TAG.h6:
      return 6;
    default:
      return 0;
  }
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased word tokens of a text (letters and digits). */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

const tokenHash = (hash: number, code: number) => (Math.imul(hash, 31) + code) | 0;

/**
 * A set of word tokens, also searchable by a substring of a text and its `tokenHash`, so that
 * a block's tokens are looked up without making a string of each. Open addressing over the
 * full hashes; a hit is confirmed by comparing the characters.
 */
class TokenTable {
  readonly #list: string[];
  readonly #hashes: Int32Array;
  readonly #slots: Int32Array;
  readonly #mask: number;

  constructor(readonly tokens: Set<string>) {
    this.#list = [...tokens];
    let size = 8;
    while (size < this.#list.length * 2) size *= 2;
    this.#mask = size - 1;
    this.#slots = new Int32Array(size);
    this.#hashes = new Int32Array(this.#list.length);
    this.#list.forEach((token, index) => {
      let hash = 0;
      for (let at = 0; at < token.length; at++) hash = tokenHash(hash, token.charCodeAt(at));
      this.#hashes[index] = hash;
      let slot = hash & this.#mask;
      while (this.#slots[slot] !== 0) slot = (slot + 1) & this.#mask;
      this.#slots[slot] = index + 1;
    });
  }

  /**
   * `tokens.has(lower)` for the substring `text[start, end)` read with A–Z as a–z (`lower`,
   * without making it), given `hash`, its `tokenHash`.
   */
  hasRange(text: string, start: number, end: number, hash: number): boolean {
    for (let slot = hash & this.#mask; this.#slots[slot] !== 0; slot = (slot + 1) & this.#mask) {
      const index = this.#slots[slot] - 1;
      if (this.#hashes[index] !== hash) continue;
      const token = this.#list[index];
      if (token.length !== end - start) continue;
      let same = true;
      for (let at = 0; at < token.length && same; at++) {
        let code = text.charCodeAt(start + at);
        if (code >= 65 && code <= 90) code += 32;
        same = code === token.charCodeAt(at);
      }
      if (same) return true;
    }
    return false;
  }
}

/** Hits of the last `countTokens` call: [in the structured body, in the title]. */
const tokenHits = new Int32Array(2);

/**
 * `wordTokens(blockText(blocks, block))`, counted rather than listed: how many tokens the
 * block has (returned) and how many of them are in each set (`tokenHits`). Each text node is
 * lower-cased and tokenised on its own, which gives the same tokens as the joined block text
 * (nodes are joined with a space, which no token crosses, and lower-casing is context-free)
 * except for one rule: a capital sigma lower-cases by what surrounds it (final ς or σ), so a
 * block with one is tokenised joined, exactly as before.
 */
function countTokens(
  blocks: Blocks,
  block: number,
  structured: TokenTable | undefined,
  title: TokenTable | undefined,
): number {
  const { doc, textStart, textNodes } = blocks;
  const { sourceStart, sourceEnd } = doc.columns;
  counted.total = 0;
  counted.structured = 0;
  counted.title = 0;
  for (let k = textStart[block]; k < textStart[block + 1]; k++) {
    const node = textNodes[k];
    // ASCII text is read in place (the source itself when the node is its source range):
    // lower-casing ASCII is A–Z → a–z, which the scan does as it goes.
    const fromSource = doc.isSourceText(node);
    const raw = fromSource ? doc.source : doc.text(node);
    const begin = fromSource ? sourceStart[node] : 0;
    const end = fromSource ? sourceEnd[node] : raw.length;
    if (unitsBelow(raw, begin, end, 128)) {
      countScannedTokens(raw, begin, end, structured, title);
      continue;
    }
    const text = doc.text(node);
    if (text.includes('\u03a3')) {
      // Final sigma: the one lower-casing rule that depends on the neighbours. The whole block, joined.
      counted.total = 0;
      counted.structured = 0;
      counted.title = 0;
      countTokenList(wordTokens(blockText(blocks, block)), structured, title);
      break;
    }
    const lower = text.toLowerCase();
    // Surrogates (characters outside the BMP) go through the pattern, which reads them as pairs.
    if (unitsBelow(lower, 0, lower.length, 0xd800))
      countScannedTokens(lower, 0, lower.length, structured, title);
    else {
      const tokens = lower.match(WORD);
      if (tokens !== null) countTokenList(tokens, structured, title);
    }
  }
  tokenHits[0] = counted.structured;
  tokenHits[1] = counted.title;
  return counted.total;
}

/** Running totals of `countTokens` (token count, hits in each table). */
const counted = { total: 0, structured: 0, title: 0 };

function countTokenList(
  tokens: readonly string[],
  structured: TokenTable | undefined,
  title: TokenTable | undefined,
): void {
  for (const token of tokens) {
    counted.total++;
    if (structured?.tokens.has(token)) counted.structured++;
    if (title?.tokens.has(token)) counted.title++;
  }
}

/** True when every unit of `text[begin, end)` is below `limit`, or at or above 0xE000 (for 0xD800: no surrogate). */
function unitsBelow(text: string, begin: number, end: number, limit: number): boolean {
  for (let index = begin; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code >= limit && (limit !== 0xd800 || code <= 0xdfff)) return false;
  }
  return true;
}

/**
 * The tokens `WORD` finds in the lower case of `text[begin, end)`, for a text that is ASCII
 * (A–Z read as a–z on the way) or already lower-cased without surrogates: runs of letters and
 * digits, hashed on the way and looked up without a string per token.
 */
function countScannedTokens(
  text: string,
  begin: number,
  end: number,
  structured: TokenTable | undefined,
  title: TokenTable | undefined,
): void {
  let start = -1;
  let hash = 0;
  for (let index = begin; index <= end; index++) {
    let code = index < end ? text.charCodeAt(index) : 32;
    if (code >= 65 && code <= 90) code += 32;
    if (code < 128 ? (code >= 97 && code <= 122) || (code >= 48 && code <= 57) : isWordUnit(code)) {
      if (start < 0) {
        start = index;
        hash = 0;
      }
      hash = tokenHash(hash, code);
    } else if (start >= 0) {
      counted.total++;
      if (structured?.hasRange(text, start, index, hash)) counted.structured++;
      if (title?.hasRange(text, start, index, hash)) counted.title++;
      start = -1;
    }
  }
}

/** Distinct sibling signatures searched in a list before a Map takes over (the search is linear). */
const FEW_SIGNATURES = 16;

/**
 * How many siblings (the node included) share the node's tag and class: cards of
 * a listing, posts of a thread, items of a menu. Memoised per parent.
 */
function repeatCounter(blocks: Blocks, memo: Int32Array): (node: number) => number {
  const { doc } = blocks;
  // `memo`, zeroed, per node: its count once its parent's children are counted, 0 before.
  // A sibling's signature is its tag and class string: an integer, the class string numbered per page.
  const classIds = new Map<string, number>();
  // Reused from parent to parent with counts of their own: `array.length = 0` would drop V8's
  // backing store, and refilling it for each parent was 5 % of the bytes a page allocates.
  const children: number[] = [];
  const signatures: number[] = [];
  // The distinct signatures of one parent's children and their counts: searched in a list while
  // they are few (most parents: clearing and refilling a Map for each one was 3.5 % of the bytes a
  // page allocates), in a Map past `FEW_SIGNATURES` (a parent of thousands of distinct children).
  const distinct: number[] = [];
  const distinctCounts: number[] = [];
  const counts = new Map<number, number>();
  return (node: number) => {
    if (node <= 0) return 1;
    const known = memo[node];
    if (known > 0) return known;
    const parent = doc.parent(node);
    if (parent < 0) return 1;
    let childCount = 0;
    let distinctCount = 0;
    let many = false;
    for (let child = doc.firstChild(parent); child >= 0; child = doc.nextSibling(child)) {
      tick('blocks');
      if (!doc.isElement(child)) continue;
      const classString = doc.attr(child, 'class') ?? '';
      let classId = classIds.get(classString);
      if (classId === undefined) {
        classId = classIds.size;
        classIds.set(classString, classId);
      }
      const signature = classId * 1024 + doc.tag(child);
      children[childCount] = child;
      signatures[childCount] = signature;
      childCount++;
      if (many) {
        counts.set(signature, (counts.get(signature) ?? 0) + 1);
        continue;
      }
      let at = 0;
      while (at < distinctCount && distinct[at] !== signature) at++;
      if (at < distinctCount) distinctCounts[at]++;
      else if (distinctCount < FEW_SIGNATURES) {
        distinct[distinctCount] = signature;
        distinctCounts[distinctCount] = 1;
        distinctCount++;
      } else {
        many = true;
        counts.clear();
        for (let index = 0; index < distinctCount; index++)
          counts.set(distinct[index], distinctCounts[index]);
        counts.set(signature, 1);
      }
    }
    for (let index = 0; index < childCount; index++) {
      const signature = signatures[index];
      let count = 1;
      if (many) count = counts.get(signature) ?? 1;
      else {
        for (let at = 0; at < distinctCount; at++)
          if (distinct[at] === signature) {
            count = distinctCounts[at];
            break;
          }
      }
      memo[children[index]] = count;
    }
    return memo[node] > 0 ? memo[node] : 1;
  };
}

/**
 * The neighbours' words and link density, copied from their rows once every row is written: each
 * is the float32 of the same double the neighbour's own column holds (`Math.log1p(words)`,
 * `linkChars / max(1, chars)`), so the copy is the value computed again, which every row did for
 * two blocks on each side (six logarithms and divisions a block). 0 past either end.
 */
function neighbourFeatures(values: Float32Array, width: number, count: number): void {
  const at = (block: number, column: number) =>
    block >= 0 && block < count ? values[block * width + column] : 0;
  for (let block = 0; block < count; block++) {
    const base = block * width;
    values[base + INDEX.prevLogWords] = at(block - 1, INDEX.logWords);
    values[base + INDEX.prevLinkDensity] = at(block - 1, INDEX.linkDensity);
    values[base + INDEX.prev2LogWords] = at(block - 2, INDEX.logWords);
    values[base + INDEX.nextLogWords] = at(block + 1, INDEX.logWords);
    values[base + INDEX.nextLinkDensity] = at(block + 1, INDEX.linkDensity);
    values[base + INDEX.next2LogWords] = at(block + 2, INDEX.logWords);
  }
}

/** `imagesBefore[i]`: how many `<img>` have an id below i (one pass, for `imagesUnder`), into `before` (size + 1). */
function imagesBefore(blocks: Blocks, before: Int32Array): Int32Array {
  const { tag } = blocks.doc.columns;
  const size = blocks.doc.size;
  for (let node = 0; node < size; node++) before[node + 1] = before[node] + (tag[node] === TAG.img ? 1 : 0);
  return before;
}

/** `<img>` among the first 399 descendants of `node` (bounded: a huge owner, the body, is not worth it). */
function imagesUnder(blocks: Blocks, before: Int32Array, node: number): number {
  const stop = Math.min(blocks.doc.end(node), node + 400);
  return stop > node + 1 ? before[stop] - before[node + 1] : 0;
}

/** Per node, 1 when it or an ancestor is marked (one pass in document order: a parent comes first), into `inside`. */
function insideMarked(doc: Blocks['doc'], marked: Uint8Array, inside: Uint8Array): Uint8Array {
  const { parent } = doc.columns;
  for (let node = 0; node < doc.size; node++) {
    inside[node] = marked[node] || (node > 0 && inside[parent[node]]) ? 1 : 0;
  }
  return inside;
}

/**
 * Per-node working columns of `blockFeatures` (the sibling-repeat memo, the image counts, the
 * pruned marks), lent from page to page (`SpareArray`): made per page they were 17 KB of its stores.
 */
const SPARE_REPEATS = new SpareArray((length) => new Int32Array(length));
const SPARE_IMAGES = new SpareArray((length) => new Int32Array(length));
const SPARE_INSIDE = new SpareArray((length) => new Uint8Array(length));

/** Computes the feature rows of all blocks (into `matrix`, borrowed, when given: see `ScratchMatrix`). */
export function blockFeatures(
  blocks: Blocks,
  hints: HeuristicHints = {},
  page: PageContext = {},
  matrix?: ScratchMatrix,
): BlockFeatures {
  const size = blocks.doc.size;
  const repeats = SPARE_REPEATS.take(size);
  const images = SPARE_IMAGES.take(size + 1);
  const inside = SPARE_INSIDE.take(size);
  try {
    return blockFeaturesWith(blocks, hints, page, matrix, { repeats, images, inside });
  } finally {
    SPARE_REPEATS.giveBack(repeats);
    SPARE_IMAGES.giveBack(images);
    SPARE_INSIDE.giveBack(inside);
  }
}

function blockFeaturesWith(
  blocks: Blocks,
  hints: HeuristicHints,
  page: PageContext,
  matrix: ScratchMatrix | undefined,
  spare: { repeats: Int32Array; images: Int32Array; inside: Uint8Array },
): BlockFeatures {
  const { doc, count } = blocks;
  const { textLength, linkTextLength, depth, parent } = doc.columns;
  const extraNames = page.extra?.names ?? [];
  const width = BASE_FEATURES.length + extraNames.length;
  const values = matrix ? matrix.zeroed(count * width) : new Float32Array(count * width);
  const names = [...BASE_FEATURES, ...extraNames];
  const root = doc.contentRoot;
  const pageChars = Math.max(1, textLength[root]);
  const pageLinkDensity = linkTextLength[root] / pageChars;
  const repeat = repeatCounter(blocks, spare.repeats);
  const images = imagesBefore(blocks, spare.images);

  // Tokens of the structured body and title, for overlap features.
  const structuredTokens = page.structuredBody ? new Set(wordTokens(page.structuredBody)) : undefined;
  const titleTokens = page.title ? new Set(wordTokens(page.title)) : undefined;
  const needText = structuredTokens !== undefined || titleTokens !== undefined;
  const structuredTable = structuredTokens && new TokenTable(structuredTokens);
  const titleTable = titleTokens && new TokenTable(titleTokens);

  let meanDepth = 0;
  for (let block = 0; block < count; block++) meanDepth += depth[blocks.owner[block]];
  meanDepth = count > 0 ? meanDepth / count : 0;

  // Heuristic verdict per block: share of its characters the heuristic kept, and pruned flag.
  const keptShare = new Float32Array(count);
  const prunedFlag = new Uint8Array(count);
  if (hints.kept || hints.pruned) {
    const underPruned = hints.pruned && insideMarked(doc, hints.pruned, spare.inside);
    for (let block = 0; block < count; block++) {
      tick('blocks');
      let kept = 0;
      for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
        const node = blocks.textNodes[k];
        if (hints.kept?.[node]) kept += textLength[node];
      }
      keptShare[block] = kept / Math.max(1, blocks.chars[block]);
      if (underPruned) prunedFlag[block] = underPruned[blocks.owner[block]];
    }
  }

  let charsBefore = 0;
  // The same on every row: computed once, not once per block.
  const pageLogChars = Math.log1p(pageChars);
  const pageLogBlocks = Math.log1p(count);
  const hasStructuredBody = structuredTokens && structuredTokens.size > 0 ? 1 : 0;
  for (let block = 0; block < count; block++) {
    tick('blocks');
    const base = block * width;
    const owner = blocks.owner[block];
    const ownerTag = doc.tag(owner);
    const chars = blocks.chars[block];
    const words = Math.max(1, blocks.words[block]);
    values[base + INDEX.logChars] = Math.log1p(chars);
    values[base + INDEX.logWords] = Math.log1p(blocks.words[block]);
    values[base + INDEX.linkDensity] = blocks.linkChars[block] / Math.max(1, chars);
    values[base + INDEX.logLinks] = Math.log1p(blocks.links[block]);
    values[base + INDEX.wordsPerLink] = blocks.links[block] > 0 ? words / blocks.links[block] : words;
    values[base + INDEX.commasPerWord] = blocks.commas[block] / words;
    values[base + INDEX.sentenceEndsPerWord] = blocks.sentenceEnds[block] / words;
    values[base + INDEX.digitShare] = blocks.digits[block] / Math.max(1, chars);
    values[base + INDEX.shortWordShare] = blocks.shortWords[block] / words;
    values[base + INDEX.capitalisedShare] = blocks.capitalisedWords[block] / words;
    values[base + INDEX.meanWordLength] = chars / words;
    // boilerpipe's text density: words per 80-character wrapped line.
    values[base + INDEX.textDensity] = words / Math.max(1, Math.ceil(chars / 80));
    values[base + INDEX.endsSentence] = blocks.endsSentence[block];
    values[base + INDEX.headingLevel] = headingLevel(ownerTag);
    values[base + INDEX['owner:p'] + ownerTagIndex(ownerTag)] = 1;
    const firstText = blocks.textNodes[blocks.textStart[block]];
    const landmarks = blocks.landmarks[firstText];
    for (let index = 0; index < LANDMARKS.length; index++) {
      if (landmarks & (1 << index)) values[base + INDEX['in:nav'] + index] = 1;
    }
    // A block that is all link text sits "in a link" even when it is several links.
    if (blocks.linkChars[block] >= chars) values[base + INDEX['in:link']] = 1;
    else if (blocks.linkChars[block] === 0) values[base + INDEX['in:link']] = 0;
    const cues = blocks.inheritedCues[firstText];
    const up1 = parent[owner];
    const up2 = up1 >= 0 ? parent[up1] : -1;
    const near =
      blocks.ownCues[owner] | (up1 >= 0 ? blocks.ownCues[up1] : 0) | (up2 >= 0 ? blocks.ownCues[up2] : 0);
    for (let index = 0; index < CUE_GROUPS.length; index++) {
      if (cues & (1 << index)) values[base + INDEX['cue:nav'] + index] = 1;
      if (near & (1 << index)) values[base + INDEX['nearCue:nav'] + index] = 1;
    }
    values[base + INDEX.relativeIndex] = count > 1 ? block / (count - 1) : 0;
    values[base + INDEX.relativeCharPosition] = charsBefore / Math.max(1, blocks.totalChars);
    charsBefore += chars;
    values[base + INDEX.depth] = depth[owner];
    values[base + INDEX.relativeDepth] = depth[owner] - meanDepth;
    values[base + INDEX.prevSameParent] = block > 0 && parent[blocks.owner[block - 1]] === up1 ? 1 : 0;
    values[base + INDEX.nextSameParent] =
      block + 1 < count && parent[blocks.owner[block + 1]] === up1 ? 1 : 0;
    if (up1 >= 0) {
      values[base + INDEX.parentLogChars] = Math.log1p(textLength[up1]);
      values[base + INDEX.parentLinkDensity] = linkTextLength[up1] / Math.max(1, textLength[up1]);
      values[base + INDEX.parentTextShare] = textLength[up1] / pageChars;
    }
    if (up2 >= 0) {
      values[base + INDEX.grandparentLogChars] = Math.log1p(textLength[up2]);
      values[base + INDEX.grandparentLinkDensity] = linkTextLength[up2] / Math.max(1, textLength[up2]);
      values[base + INDEX.grandparentTextShare] = textLength[up2] / pageChars;
    }
    values[base + INDEX.ownerRepeat] = Math.log1p(repeat(owner));
    values[base + INDEX.parentRepeat] = up1 >= 0 ? Math.log1p(repeat(up1)) : 0;
    values[base + INDEX.grandparentRepeat] = up2 >= 0 ? Math.log1p(repeat(up2)) : 0;
    values[base + INDEX.ownerLogImages] = Math.log1p(imagesUnder(blocks, images, owner));
    values[base + INDEX.pageLogChars] = pageLogChars;
    values[base + INDEX.pageLinkDensity] = pageLinkDensity;
    values[base + INDEX.pageLogBlocks] = pageLogBlocks;
    values[base + INDEX.hasStructuredBody] = hasStructuredBody;
    if (needText) {
      const tokens = countTokens(blocks, block, structuredTable, titleTable);
      if (structuredTokens && tokens > 0) {
        const inside = tokenHits[0];
        values[base + INDEX.structuredBodyOverlap] = inside / tokens;
        values[base + INDEX.structuredBodyCoverage] = Math.min(
          1,
          tokens / Math.max(1, structuredTokens.size),
        );
      }
      if (titleTokens && tokens > 0) {
        const inside = tokenHits[1];
        values[base + INDEX.titleOverlap] =
          (inside / tokens) * Math.min(1, inside / Math.max(1, titleTokens.size));
      }
    }
    values[base + INDEX.heuristicKept] = keptShare[block] >= 0.5 ? 1 : 0;
    values[base + INDEX.heuristicPruned] = prunedFlag[block];
    values[base + INDEX.heuristicKeptShare] = keptShare[block];
    values[base + INDEX.heuristicNeighbourKept] =
      ((block > 0 ? keptShare[block - 1] : 0) + (block + 1 < count ? keptShare[block + 1] : 0)) / 2;
    // A window of five blocks: boilerplate comes in runs (menus, link lists).
    let windowChars = 0;
    let windowLinks = 0;
    let windowWords = 0;
    for (let other = Math.max(0, block - 2); other <= Math.min(count - 1, block + 2); other++) {
      windowChars += blocks.chars[other];
      windowLinks += blocks.linkChars[other];
      windowWords += blocks.words[other];
    }
    values[base + INDEX.windowLinkDensity] = windowLinks / Math.max(1, windowChars);
    values[base + INDEX.windowLogWords] = Math.log1p(windowWords);
    if (page.extra) {
      for (let index = 0; index < extraNames.length; index++) {
        values[base + BASE_FEATURES.length + index] = page.extra.values[index];
      }
    }
  }
  neighbourFeatures(values, width, count);
  return { names, width, rows: count, values };
}
