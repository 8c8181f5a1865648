/**
 * Maps a DevTools `DOMSnapshot.captureSnapshot` result onto our `Doc`, through the
 * `data-pith-id` attributes `instrumentHtml` wrote into the page. Pure: the browser
 * part lives in browser.ts, so this is tested with hand-built snapshots.
 */
import { type Doc, IS_BLOCK, NodeKind, tick } from '../dom/index.js';
import { NODE_ID_ATTRIBUTE } from './instrument.js';
import {
  allocateLayoutColumns,
  Display,
  displayOf,
  type Layout,
  parseCssColor,
  type Viewport,
} from './types.js';

/** The computed styles asked of the snapshot, in this order. */
export const SNAPSHOT_STYLES = ['font-size', 'background-color', 'color', 'display', 'visibility'] as const;

/** The part of the DevTools `DOMSnapshot.captureSnapshot` result we read. */
export interface DomSnapshot {
  documents: SnapshotDocument[];
  strings: string[];
}

export interface SnapshotDocument {
  nodes: {
    parentIndex?: number[];
    nodeType?: number[];
    nodeName?: number[];
    /** Per node: string indices [name, value, name, value, …]. */
    attributes?: number[][];
  };
  layout: {
    nodeIndex: number[];
    /** Per layout entry: string indices of `SNAPSHOT_STYLES`, in order. */
    styles: number[][];
    /** Per layout entry: [x, y, width, height], absolute page coordinates. */
    bounds: number[][];
  };
  contentWidth?: number;
  contentHeight?: number;
}

const ELEMENT_NODE = 1;

/**
 * The layout of `doc` from a snapshot of the instrumented page (the main frame's
 * document is `snapshot.documents[0]`; iframes are ignored).
 */
export function layoutFromSnapshot(doc: Doc, snapshot: DomSnapshot, viewport: Viewport, ms = 0): Layout {
  const columns = allocateLayoutColumns(doc.size);
  const { x, y, width, height, fontSize, background, color, display, visible, measured } = columns;
  const strings = snapshot.strings;
  const document = snapshot.documents[0];
  const nodeType = document?.nodes.nodeType ?? [];
  const nodeName = document?.nodes.nodeName ?? [];
  const attributes = document?.nodes.attributes ?? [];

  // Layout entry of each snapshot node (-1: not rendered).
  const entryOf = new Int32Array(nodeType.length).fill(-1);
  const layoutNodes = document?.layout.nodeIndex ?? [];
  for (let entry = 0; entry < layoutNodes.length; entry++) {
    tick('layout');
    // The first entry is the node's own box (pseudo-elements come as their own nodes).
    if (entryOf[layoutNodes[entry]] < 0) entryOf[layoutNodes[entry]] = entry;
  }

  // Snapshot nodes of each Doc element: usually one; formatting elements the browser
  // re-opened after a misnesting come as clones carrying the same id.
  const matched = new Map<number, number[]>();
  const addMatch = (docNode: number, snapNode: number) => {
    const list = matched.get(docNode);
    if (list) list.push(snapNode);
    else matched.set(docNode, [snapNode]);
  };
  for (let snapNode = 0; snapNode < nodeType.length; snapNode++) {
    tick('layout');
    if (nodeType[snapNode] !== ELEMENT_NODE) continue;
    const name = strings[nodeName[snapNode]]?.toLowerCase();
    if (name === 'html' && doc.html > 0) addMatch(doc.html, snapNode);
    else if (name === 'head' && doc.head > 0) addMatch(doc.head, snapNode);
    else if (name === 'body' && doc.body > 0) addMatch(doc.body, snapNode);
    else {
      const attrs = attributes[snapNode];
      if (!attrs) continue;
      for (let i = 0; i + 1 < attrs.length; i += 2) {
        if (strings[attrs[i]] !== NODE_ID_ATTRIBUTE) continue;
        const id = Number(strings[attrs[i + 1]]);
        if (Number.isInteger(id) && id > 0 && id < doc.size && doc.isElement(id)) addMatch(id, snapNode);
        break;
      }
    }
  }

  let elements = 0;
  let measuredCount = 0;
  for (let node = 1; node < doc.size; node++) {
    tick('layout');
    if (doc.kind(node) !== NodeKind.Element) continue;
    elements++;
    const snapNodes = matched.get(node);
    if (!snapNodes) continue;
    measured[node] = 1;
    measuredCount++;
    let first = -1;
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const snapNode of snapNodes) {
      const entry = entryOf[snapNode];
      if (entry < 0) continue;
      if (first < 0) first = entry;
      const [bx, by, bw, bh] = document.layout.bounds[entry];
      left = Math.min(left, bx);
      top = Math.min(top, by);
      right = Math.max(right, bx + bw);
      bottom = Math.max(bottom, by + bh);
    }
    if (first < 0) {
      // In the DOM but not in the render tree: display none (itself or an ancestor).
      display[node] = Display.None;
      continue;
    }
    x[node] = left;
    y[node] = top;
    width[node] = right - left;
    height[node] = bottom - top;
    const style = document.layout.styles[first].map((index) => strings[index] ?? '');
    fontSize[node] = Number.parseFloat(style[0]) || 16;
    background[node] = parseCssColor(style[1]) ?? 0;
    color[node] = parseCssColor(style[2]) ?? 0x000000ff;
    display[node] = displayOf(style[3] || 'inline');
    visible[node] =
      display[node] !== Display.None && style[4] !== 'hidden' && style[4] !== 'collapse' ? 1 : 0;
  }

  fillUnmapped(doc, columns);

  const htmlBox = doc.html > 0 && measured[doc.html] ? doc.html : -1;
  const pageWidth = Math.max(
    viewport.width,
    document?.contentWidth ?? 0,
    htmlBox > 0 ? x[htmlBox] + width[htmlBox] : 0,
  );
  const pageHeight = Math.max(
    viewport.height,
    document?.contentHeight ?? 0,
    htmlBox > 0 ? y[htmlBox] + height[htmlBox] : 0,
  );
  width[0] = pageWidth;
  height[0] = pageHeight;
  display[0] = Display.Block;
  visible[0] = 1;
  fontSize[0] = 16;
  return {
    source: 'browser',
    viewport: { ...viewport },
    pageWidth,
    pageHeight,
    ...columns,
    stats: { elements, measured: measuredCount, unmapped: elements - measuredCount, ms },
  };
}

/**
 * Elements the browser had no element for (our parser made them up, or the browser
 * dropped the start tag: a nested `<form>`): their box is the union of their measured
 * descendants' boxes, else their parent's; styles come from the parent, the background
 * is transparent, so they never look different from their surroundings.
 */
function fillUnmapped(doc: Doc, columns: ReturnType<typeof allocateLayoutColumns>): void {
  const { x, y, width, height, fontSize, color, display, visible, measured } = columns;
  const size = doc.size;
  // Union of measured, rendered descendant boxes, bottom-up (children have larger ids).
  const left = new Float32Array(size).fill(Number.POSITIVE_INFINITY);
  const top = new Float32Array(size).fill(Number.POSITIVE_INFINITY);
  const right = new Float32Array(size).fill(Number.NEGATIVE_INFINITY);
  const bottom = new Float32Array(size).fill(Number.NEGATIVE_INFINITY);
  for (let node = size - 1; node > 0; node--) {
    tick('layout');
    if (!doc.isElement(node)) continue;
    if (measured[node] && display[node] !== Display.None && width[node] + height[node] > 0) {
      left[node] = Math.min(left[node], x[node]);
      top[node] = Math.min(top[node], y[node]);
      right[node] = Math.max(right[node], x[node] + width[node]);
      bottom[node] = Math.max(bottom[node], y[node] + height[node]);
    }
    const parent = doc.parent(node);
    if (parent > 0) {
      left[parent] = Math.min(left[parent], left[node]);
      top[parent] = Math.min(top[parent], top[node]);
      right[parent] = Math.max(right[parent], right[node]);
      bottom[parent] = Math.max(bottom[parent], bottom[node]);
    }
  }
  for (let node = 1; node < size; node++) {
    tick('layout');
    if (!doc.isElement(node) || measured[node]) continue;
    const parent = doc.parent(node);
    const hasParent = parent > 0 && doc.isElement(parent);
    fontSize[node] = hasParent ? fontSize[parent] : 16;
    color[node] = hasParent ? color[parent] : 0x000000ff;
    if (right[node] > left[node] || bottom[node] > top[node]) {
      x[node] = left[node];
      y[node] = top[node];
      width[node] = right[node] - left[node];
      height[node] = bottom[node] - top[node];
      display[node] = IS_BLOCK[doc.tag(node)] ? Display.Block : Display.Inline;
      visible[node] = 1;
    } else if (hasParent) {
      x[node] = x[parent];
      y[node] = y[parent];
      width[node] = width[parent];
      height[node] = height[parent];
      display[node] =
        display[parent] === Display.None
          ? Display.None
          : IS_BLOCK[doc.tag(node)]
            ? Display.Block
            : Display.Inline;
      visible[node] = visible[parent];
    }
  }
}
