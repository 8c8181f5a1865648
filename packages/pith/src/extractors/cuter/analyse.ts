/**
 * The parameter-independent half of CUTER (seed 001): what the paper measures on
 * every node before any threshold is applied. `select.ts` applies the thresholds.
 *
 * Keeping the two apart lets a tuning run analyse each page once and try many
 * parameter settings on it (bench/cuter/tune.ts).
 */
import { type Doc, IS_BLOCK, isSpaceCode, NodeKind, TAG, tick } from '../../dom/index.js';
import { isMediaElement } from './media.js';

/** How text size is counted (the paper says bytes; see docs/algorithms/cuter.md). */
export type SizeUnit = 'characters' | 'bytes';

/**
 * Per-node measures of one page. Arrays are indexed by node id; entries outside
 * the content root, inside hidden content, or for non-elements are 0 / -1.
 */
export interface CuterAnalysis {
  readonly doc: Doc;
  /** The content root (`<body>`, or the document node). */
  readonly root: number;
  readonly unit: SizeUnit;
  /** SH: text size of the whole page (the content root's subtree). */
  readonly sh: number;
  /** Subtree text size of each element (the node "and its children"). */
  readonly subtreeText: Float64Array;
  /** Subtree text size under `<a>` elements. */
  readonly subtreeLinkText: Float64Array;
  /** Media elements (img, video, audio, iframe, embed, object) in each element's subtree. */
  readonly subtreeMedia: Int32Array;
  /** 1 for elements with no visible text and no media ("empty" nodes, deleted first). */
  readonly empty: Uint8Array;
  /**
   * IX: 1-based depth-first number of each non-empty element, counted after the
   * empty ones are deleted (0 for deleted and non-element nodes).
   */
  readonly ix: Int32Array;
  /**
   * The text unit each node belongs to: the nearest block-level ancestor-or-self
   * (or the content root). Inline elements and text belong to their block.
   */
  readonly owner: Int32Array;
  /** The text units, in document order: blocks that hold visible text of their own. */
  readonly units: readonly number[];
  /** SLx of a unit: its own text (its text nodes and inline descendants), by node id. */
  readonly unitText: Float64Array;
  /** SAx of a unit: the part of its own text inside `<a>`. */
  readonly unitLinkText: Float64Array;
  /** Formatting tags (b, strong, i, em, p) at a unit or among its inline descendants. */
  readonly unitFormatting: Int32Array;
  /**
   * The part of a unit's own text inside formatting tags (all of it for a `<p>`):
   * unitFormattedText / unitText is the unit's formatting density.
   */
  readonly unitFormattedText: Float64Array;
  /** The largest IX among a unit's non-empty inline descendants (its own IX when none). */
  readonly unitLastIx: Int32Array;
}

/** The paper's formatting tags ("b, strong, i, em, p"). */
const FORMATTING = new Set<number>([TAG.b, TAG.strong, TAG.i, TAG.em, TAG.p]);

/** UTF-8 size of a text node as the Doc measures it: trimmed, each whitespace run one space. */
export function utf8CollapsedSize(text: string): number {
  let bytes = 0;
  let pendingSpace = false;
  let started = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isSpaceCode(code)) {
      if (started) pendingSpace = true;
      continue;
    }
    if (pendingSpace) {
      bytes++;
      pendingSpace = false;
    }
    started = true;
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Measures one page for CUTER. Linear in the number of nodes. */
export function analysePage(doc: Doc, unit: SizeUnit = 'characters'): CuterAnalysis {
  const size = doc.size;
  const root = doc.contentRoot;
  const stop = doc.end(root);
  const { kind, tag, parent, hidden, textLength } = doc.columns;

  const subtreeText = new Float64Array(size);
  const subtreeLinkText = new Float64Array(size);
  const subtreeMedia = new Int32Array(size);
  const owner = new Int32Array(size).fill(-1);
  const unitText = new Float64Array(size);
  const unitLinkText = new Float64Array(size);
  const unitFormatting = new Int32Array(size);
  const unitFormattedText = new Float64Array(size);
  const insideLink = new Uint8Array(size);
  const formatted = new Uint8Array(size);

  // Top-down: owners (nearest block ancestor-or-self) and "inside a link".
  for (let node = root; node < stop; node++) {
    tick('cuter');
    const k = kind[node];
    const up = parent[node];
    const visible = hidden[node] === 0 && !(k === NodeKind.Element && doc.isHiddenContent(node));
    if (!visible) {
      // Hidden content (script, style, template…) is never text: skip the subtree. Embedded
      // objects (iframe, embed, object) hide their content but are multimedia themselves.
      if (hidden[node] === 0 && k === NodeKind.Element && isMediaElement(doc, node)) owner[node] = owner[up];
      node = doc.end(node) - 1;
      continue;
    }
    if (node !== root) insideLink[node] = insideLink[up];
    if (k === NodeKind.Element) {
      const t = tag[node];
      // As in the Doc's link counts: only an <a> with an href is a link (<a name> anchors are not).
      if (t === TAG.a && doc.attr(node, 'href') !== undefined) insideLink[node] = 1;
      const startsUnit = node === root || (IS_BLOCK[t] && t !== TAG.br);
      owner[node] = startsUnit ? node : owner[up];
      // Formatting belongs to a unit: a new block starts unformatted unless it is a <p>.
      formatted[node] = startsUnit ? (t === TAG.p ? 1 : 0) : formatted[up] | (FORMATTING.has(t) ? 1 : 0);
    } else if (node !== root) {
      owner[node] = owner[up];
      formatted[node] = formatted[up];
    }
  }

  // Bottom-up: subtree sizes, media counts, unit sizes.
  for (let node = stop - 1; node >= root; node--) {
    tick('cuter');
    if (owner[node] < 0) continue;
    const k = kind[node];
    if (k === NodeKind.Text) {
      const chars = textLength[node];
      if (chars === 0) continue;
      const amount = unit === 'bytes' ? utf8CollapsedSize(doc.text(node)) : chars;
      subtreeText[node] = amount;
      if (insideLink[node]) subtreeLinkText[node] = amount;
      unitText[owner[node]] += amount;
      if (insideLink[node]) unitLinkText[owner[node]] += amount;
      if (formatted[node]) unitFormattedText[owner[node]] += amount;
    } else if (k === NodeKind.Element) {
      if (isMediaElement(doc, node)) subtreeMedia[node]++;
      if (FORMATTING.has(tag[node])) unitFormatting[owner[node]]++;
    }
    if (node !== root) {
      const up = parent[node];
      subtreeText[up] += subtreeText[node];
      subtreeLinkText[up] += subtreeLinkText[node];
      subtreeMedia[up] += subtreeMedia[node];
    }
  }
  // Empty nodes are deleted first; IX numbers the rest depth-first, from 1.
  const empty = new Uint8Array(size);
  const ix = new Int32Array(size);
  const units: number[] = [];
  const unitLastIx = new Int32Array(size);
  let nextNodeId = 1;
  for (let node = root; node < stop; node++) {
    tick('cuter');
    if (owner[node] < 0 || kind[node] !== NodeKind.Element) continue;
    if (subtreeText[node] === 0 && subtreeMedia[node] === 0) {
      empty[node] = 1;
      continue;
    }
    ix[node] = nextNodeId++;
    const own = owner[node];
    if (own === node) {
      if (unitText[node] > 0) units.push(node);
      unitLastIx[node] = ix[node];
    } else {
      unitLastIx[own] = ix[node];
    }
  }

  return {
    doc,
    root,
    unit,
    sh: subtreeText[root],
    subtreeText,
    subtreeLinkText,
    subtreeMedia,
    empty,
    ix,
    owner,
    units,
    unitText,
    unitLinkText,
    unitFormatting,
    unitFormattedText,
    unitLastIx,
  };
}
