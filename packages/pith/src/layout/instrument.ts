/**
 * The page as the browser gets it: the ORIGINAL source (`Doc.source`), with a
 * `data-pith-id="N"` attribute written into the start tag of every element N of our
 * `Doc`. The browser parses the real markup with its own parser (so the layout is the
 * page's true layout), and every element it builds from one of our start tags carries
 * our node id: the mapping back onto the `Doc` is exact, whatever the two parsers
 * disagree about (they only move nodes around; see docs/algorithms/vce.md for the
 * three options weighed).
 *
 * Elements with no start tag of their own in the source (an implied `<body>`) get no
 * attribute; `html`, `head` and `body` are matched by tag name instead (a browser
 * document has exactly one of each). A `<meta http-equiv="refresh">` is disarmed so the
 * page cannot navigate away before it is measured.
 */
import type { Doc } from '../dom/index.js';
import { NodeKind, tick } from '../dom/index.js';

/** The attribute that carries our node id into the browser. */
export const NODE_ID_ATTRIBUTE = 'data-pith-id';

export interface InstrumentOptions {
  /** CSS appended to the page in its own `<style>` (the screenshot's outlines). */
  extraCss?: string;
}

export interface InstrumentedPage {
  html: string;
  /** Elements that received an id attribute. */
  tagged: number;
}

function isTagNameEnd(code: number): boolean {
  // whitespace, '/', '>' (or the end of the input)
  return (
    Number.isNaN(code) ||
    code === 0x20 ||
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0c ||
    code === 0x0d ||
    code === 0x2f ||
    code === 0x3e
  );
}

/** The source with `data-pith-id` injected into every element start tag we can find. */
export function instrumentHtml(doc: Doc, options: InstrumentOptions = {}): InstrumentedPage {
  const source = doc.source;
  const { kind, sourceStart } = doc.columns;
  // Node ids follow the tree, not the source: foster parenting puts elements that come after a
  // `<table>` tag in the source in front of the table. Walk the start tags in source order.
  const elements: number[] = [];
  for (let node = 1; node < doc.size; node++) if (kind[node] === NodeKind.Element) elements.push(node);
  elements.sort((a, b) => sourceStart[a] - sourceStart[b]);
  const parts: string[] = [];
  let copied = 0;
  let tagged = 0;
  for (const node of elements) {
    tick('layout');
    const start = sourceStart[node];
    if (start < copied || source.charCodeAt(start) !== 0x3c /* < */) continue;
    const name = doc.tagName(node);
    if (name === '') continue;
    const nameEnd = start + 1 + name.length;
    if (source.slice(start + 1, nameEnd).toLowerCase() !== name) continue;
    if (!isTagNameEnd(source.charCodeAt(nameEnd))) continue;
    parts.push(source.slice(copied, nameEnd), ` ${NODE_ID_ATTRIBUTE}="${node}"`);
    copied = nameEnd;
    tagged++;
  }
  parts.push(source.slice(copied));
  let html = parts.join('');
  // A refresh would navigate away (to an aborted URL) before the snapshot.
  // The quote and its spaces as one optional part: `\s*(["']?)\s*` split a long run of spaces every way.
  html = html.replace(/http-equiv\s*=\s*(?:(["'])\s*)?refresh/gi, 'http-equiv=$1x-pith-disabled-refresh');
  if (options.extraCss) html += `<style>${options.extraCss.replace(/<\//g, '<\\/')}</style>`;
  return { html, tagged };
}
