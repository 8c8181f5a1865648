import { tick } from './deadline.js';
import type { Doc } from './doc.js';
import { NodeKind } from './doc.js';
import { TAG } from './tags.js';

/**
 * What an extractor kept: one flag per node. A kept text node is content; a kept
 * element contributes its structure (heading, list, table…) to the output. An
 * element that is not kept still lets its kept descendants through, flattened.
 */
export class Selection {
  readonly kept: Uint8Array;
  constructor(readonly doc: Doc) {
    this.kept = new Uint8Array(doc.size);
  }

  has(node: number): boolean {
    return this.kept[node] === 1;
  }
  /** Keeps a node and everything under it. */
  keepSubtree(node: number): this {
    this.kept.fill(1, node, this.doc.end(node));
    return this;
  }
  /** Drops a node and everything under it. */
  dropSubtree(node: number): this {
    this.kept.fill(0, node, this.doc.end(node));
    return this;
  }
  keepNode(node: number): this {
    this.kept[node] = 1;
    return this;
  }
  /** Number of kept text characters (visible text only). */
  keptTextLength(): number {
    const { kind, textLength } = this.doc.columns;
    let total = 0;
    for (let node = 0; node < this.kept.length; node++) {
      tick('selection');
      if (this.kept[node] && kind[node] === NodeKind.Text) total += textLength[node];
    }
    return total;
  }
  /** True when no visible text is kept. */
  isEmpty(): boolean {
    return this.keptTextLength() === 0;
  }

  /**
   * A selection from source lines, for line-based algorithms (TTR, density):
   * text nodes are kept when their first visible character is on a chosen line, and an element is kept
   * (so its structure survives) when all of its visible text is kept.
   */
  static fromLines(doc: Doc, chosenLines: Uint8Array): Selection {
    const { kind, sourceStart, sourceEnd, hidden } = doc.columns;
    const chosenText = new Uint8Array(doc.size);
    for (let node = 1; node < doc.size; node++) {
      tick('selection');
      // A text node belongs to the line of its first visible character: in
      // "<p>\n  Text" that is the line with the words, not the line of the <p>.
      if (
        kind[node] === NodeKind.Text &&
        !hidden[node] &&
        chosenLines[doc.lineOf(firstVisible(doc.source, sourceStart[node], sourceEnd[node]))]
      ) {
        chosenText[node] = 1;
      }
    }
    return Selection.fromTextNodes(doc, chosenText);
  }

  /**
   * A selection from chosen text nodes: an element is kept (so its structure
   * survives) when all of its visible text is chosen; with `keepEmpty`, text-less
   * elements (images, line breaks) inside a kept element are kept too.
   */
  static fromTextNodes(doc: Doc, chosenText: Uint8Array, keepEmpty = false): Selection {
    const selection = new Selection(doc);
    const { kind, parent, textLength } = doc.columns;
    const keptText = new Int32Array(doc.size);
    for (let node = 1; node < doc.size; node++) {
      tick('selection');
      if (chosenText[node] && kind[node] === NodeKind.Text) {
        selection.kept[node] = 1;
        keptText[node] = textLength[node];
      }
    }
    for (let node = doc.size - 1; node > 0; node--) {
      tick('selection');
      if (kind[node] === NodeKind.Element && keptText[node] > 0 && keptText[node] === textLength[node]) {
        selection.kept[node] = 1;
      }
      keptText[parent[node]] += keptText[node];
    }
    if (keepEmpty) {
      for (let node = 1; node < doc.size; node++) {
        tick('selection');
        if (
          kind[node] === NodeKind.Element &&
          textLength[node] === 0 &&
          selection.kept[parent[node]] &&
          doc.columns.tag[node] !== TAG.noscript
        ) {
          selection.kept[node] = 1;
        }
      }
    }
    return selection;
  }
}

function firstVisible(source: string, start: number, end: number): number {
  for (let offset = start; offset < end; offset++) {
    const code = source.charCodeAt(offset);
    if (code !== 32 && (code < 9 || code > 13)) return offset;
  }
  return start;
}

/**
 * The result of running an extractor over a `Doc`: a selection plus whatever the
 * algorithm wants to show about how it decided (scores, arrays, clusters…).
 */
export interface Extraction<Diagnostics = unknown> {
  /** Extractor name, e.g. 'pith', 'ttr'. */
  readonly extractor: string;
  /** Extractor version; changes whenever its output may change. */
  readonly version: string;
  readonly doc: Doc;
  readonly selection: Selection;
  /** The main node(s) the selection was built around, when the algorithm has them. */
  readonly roots: readonly number[];
  readonly diagnostics: Diagnostics;
  /** What the caller should know about this result (a page the algorithm cannot read well…). */
  readonly warnings?: readonly string[];
}

/** Characters per source line from which a page counts as minified for line-based algorithms. */
const MINIFIED_CHARS_PER_LINE = 20_000;

/**
 * A warning for line-based algorithms (TTR, density) on a minified page, whose few, huge lines
 * leave them nothing to compare (a 10 MB page on one line is one line: kept whole or not at all);
 * `undefined` for a page with ordinary lines.
 */
export function fewLinesWarning(doc: Doc, extractor: string, remedy: string): string | undefined {
  const lines = doc.lineCount;
  if (
    doc.source.length < 2 * MINIFIED_CHARS_PER_LINE ||
    doc.source.length / lines < MINIFIED_CHARS_PER_LINE
  ) {
    return undefined;
  }
  const size =
    doc.source.length >= 1e6
      ? `${(doc.source.length / 1e6).toFixed(1)} M`
      : `${Math.round(doc.source.length / 1e3)} k`;
  return `${extractor}: the page is ${lines} line${lines === 1 ? '' : 's'} of ${size}characters in all (minified): a line-based extractor has too few lines to tell content from boilerplate; ${remedy}`;
}
