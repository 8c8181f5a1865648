// A flat, comparable picture of a parsed tree: one item per element and per non-empty text run, in
// document order.
//
//   element: [depth, tagName, attrs]   tagName lowercased; attrs = 'k="v" k2="v2"' in source order,
//                                      or '' when attributes are not requested
//   text:    [depth, '#text', text]    whitespace collapsed and trimmed; empty runs dropped; adjacent
//                                      text nodes of one parent (e.g. split by a comment) merged
//
// Depth 0 is a child of the Document (the <html> element, or anything a parser leaves at top level).
// Comments, doctypes and processing instructions are skipped. <template> is walked through its
// child nodes, so for a browser and parse5 (which keep template content in a separate fragment) it is
// empty, while htmlparser2 shows its content as children.

import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type Item = [depth: number, tag: string, extra: string];

export const TEXT = '#text';

export function normText(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Shared walker over any DOM-like tree, given accessors. */
function walk<N>(
  roots: readonly N[],
  acc: {
    kind(n: N): 'el' | 'text' | 'other';
    name(n: N): string;
    attrs(n: N): [string, string][];
    text(n: N): string;
    children(n: N): readonly N[];
  },
  withAttrs: boolean,
): Item[] {
  const out: Item[] = [];
  const visit = (nodes: readonly N[], depth: number) => {
    let pending: string | null = null;
    const flush = () => {
      if (pending !== null) {
        const t = normText(pending);
        if (t) out.push([depth, TEXT, t]);
        pending = null;
      }
    };
    for (const n of nodes) {
      const k = acc.kind(n);
      if (k === 'text') {
        pending = (pending ?? '') + acc.text(n);
      } else if (k === 'el') {
        flush();
        const attrs = withAttrs
          ? acc
              .attrs(n)
              .map(([a, v]) => `${a}=${JSON.stringify(v)}`)
              .join(' ')
          : '';
        out.push([depth, acc.name(n).toLowerCase(), attrs]);
        visit(acc.children(n), depth + 1);
      }
    }
    flush();
  };
  visit(roots, 0);
  return out;
}

// ---- parse5 ---------------------------------------------------------------------------------------

interface P5Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
}

export function itemsFromParse5(doc: unknown, withAttrs = false): Item[] {
  const d = doc as P5Node;
  return walk<P5Node>(
    d.childNodes ?? [],
    {
      kind: (n) => (n.nodeName === '#text' ? 'text' : n.tagName !== undefined ? 'el' : 'other'),
      name: (n) => n.tagName!,
      attrs: (n) => (n.attrs ?? []).map((a) => [a.name, a.value]),
      text: (n) => n.value ?? '',
      children: (n) => n.childNodes ?? [],
    },
    withAttrs,
  );
}

// ---- htmlparser2 (domhandler) -----------------------------------------------------------------------

interface H2Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: H2Node[];
}

export function itemsFromHtmlparser2(doc: unknown, withAttrs = false): Item[] {
  const d = doc as H2Node;
  return walk<H2Node>(
    d.children ?? [],
    {
      kind: (n) =>
        n.type === 'text'
          ? 'text'
          : n.type === 'tag' || n.type === 'script' || n.type === 'style'
            ? 'el'
            : 'other',
      name: (n) => n.name!,
      attrs: (n) => Object.entries(n.attribs ?? {}),
      text: (n) => n.data ?? '',
      children: (n) => n.children ?? [],
    },
    withAttrs,
  );
}

// ---- browser -----------------------------------------------------------------------------------------

/**
 * The same walk over the live DOM, from the Document's child nodes, as source text for
 * page.evaluate(`(${BROWSER_ITEMS_SRC})(withAttrs)`). Kept as a string so that no transpiler helper
 * (e.g. esbuild's __name) leaks into the code the browser runs.
 */
export const BROWSER_ITEMS_SRC = `function (withAttrs) {
  const out = [];
  const norm = (s) => s.replace(/\\s+/g, ' ').trim();
  const visit = (parent, depth) => {
    let pending = null;
    const flush = () => {
      if (pending !== null) {
        const t = norm(pending);
        if (t) out.push([depth, '#text', t]);
        pending = null;
      }
    };
    for (let n = parent.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) {
        pending = (pending === null ? '' : pending) + (n.nodeValue || '');
      } else if (n.nodeType === 1) {
        flush();
        let attrs = '';
        if (withAttrs) {
          const parts = [];
          for (const a of Array.from(n.attributes)) parts.push(a.name + '=' + JSON.stringify(a.value));
          attrs = parts.join(' ');
        }
        out.push([depth, n.localName.toLowerCase(), attrs]);
        visit(n, depth + 1);
      }
    }
    flush();
  };
  visit(document, 0);
  return out;
}`;

// ---- pith's own Doc (src/dom) ------------------------------------------------------------------------

/** The part of src/dom's `Doc` the walk needs (structural, so that bench/ does not pin its types). */
export interface PithDocLike {
  isElement(node: number): boolean;
  isText(node: number): boolean;
  tagName(node: number): string;
  text(node: number): string;
  attributes(node: number): Readonly<Record<string, string>>;
  firstChild(node: number): number;
  nextSibling(node: number): number;
}

export function itemsFromPithDoc(doc: PithDocLike, withAttrs = false): Item[] {
  const children = (n: number) => {
    const out: number[] = [];
    for (let c = doc.firstChild(n); c >= 0; c = doc.nextSibling(c)) out.push(c);
    return out;
  };
  return walk<number>(
    children(0),
    {
      kind: (n) => (doc.isText(n) ? 'text' : doc.isElement(n) ? 'el' : 'other'),
      name: (n) => doc.tagName(n),
      attrs: (n) => Object.entries(doc.attributes(n)),
      text: (n) => doc.text(n),
      children,
    },
    withAttrs,
  );
}

/**
 * src/dom's parseHtml, loaded at run time so that the parser benchmarks keep working (without the pith
 * row) when src/ is mid-change. Null when it cannot be loaded. The environment variable
 * PITH_PARSER_MODULE (a path) loads another module's `parseHtml` instead, to score an earlier
 * version of the parser (a copy of src/dom/parse.ts) the same way.
 */
export async function loadPithParser(): Promise<((html: string) => PithDocLike) | null> {
  const override = process.env.PITH_PARSER_MODULE;
  const modulePath = override
    ? pathToFileURL(path.resolve(override)).href
    : '../../packages/pith/src/dom/index.js';
  try {
    const mod = (await import(modulePath)) as { parseHtml?: (html: string) => PithDocLike };
    return typeof mod.parseHtml === 'function' ? mod.parseHtml : null;
  } catch (err) {
    process.stderr.write(
      `note: src/dom parseHtml not loadable (${(err as Error).message}); pith row skipped\n`,
    );
    return null;
  }
}
