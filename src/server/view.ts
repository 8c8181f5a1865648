/**
 * The "what was kept" view: the original page, re-serialised from our own parse tree
 * (so every element maps onto its `Doc` node exactly), made inert, with the
 * extractor's selection painted on it: kept blocks highlighted, removed ones dimmed.
 *
 * Inert means: no scripts, no event handlers, no frames, plugins, forms that submit,
 * links that navigate, `<base>`, `<meta refresh>`, and nothing fetched from the
 * network (no `src`/`srcset`/`href` left on anything that loads, and a
 * Content-Security-Policy `<meta>` that forbids every load but inline styles and
 * `data:` images). The web page also shows it in an `<iframe sandbox>` without
 * `allow-scripts`: three independent layers.
 */
// The parser's own table of void elements: what it closes at once is what we write without an end tag.
import type { Doc, Extraction } from '../index.js';
import { IS_VOID, NodeKind } from '../internal.js';

/** The attribute carrying an element's state in the view (`kept` or `dropped`, on subtree roots). */
export const VIEW_STATE_ATTRIBUTE = 'data-pith-state';
/** The attribute carrying an element's `Doc` node id. */
export const VIEW_NODE_ATTRIBUTE = 'data-pith-node';

/**
 * The id of the first kept block (in page order): the web page opens the view at it, so that a
 * page whose first screen is all boilerplate does not hide what was kept. The page's own uses of
 * this id are dropped.
 */
export const VIEW_FIRST_KEPT_ID = 'pith-first-kept';
/**
 * The attribute saying what a removed block is (its element, the landmark it is in, its words and
 * link text): shown when the block is hovered or focused (a click or tap), by the view's CSS alone.
 */
export const VIEW_WHY_ATTRIBUTE = 'data-pith-why';

/** The policy of the view document itself (also inherited from the page that frames it). */
export const VIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

export interface KeptView {
  /** The inert page with the selection painted on it, a complete HTML document. */
  html: string;
  /** Elements whose whole visible text was kept, and those with none of it kept (subtree roots only). */
  keptBlocks: number;
  droppedBlocks: number;
  /** Visible text characters kept, and in the page. */
  keptText: number;
  totalText: number;
}

/** Elements left out with everything inside them. */
const DROPPED_ELEMENTS = new Set([
  'script',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'fencedframe',
  'base',
  'link',
  'meta',
  'param',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'handler',
  'listener',
]);

/** Attributes that load, navigate, submit or script; removed wherever they appear. */
const DROPPED_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'srcdoc',
  'href',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'poster',
  'data',
  'codebase',
  'ping',
  'manifest',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'http-equiv',
  'target',
  'autofocus',
  'nonce',
  'integrity',
  'is',
]);

/**
 * Written under another name: `<plaintext>` never ends, `<xmp>` takes its text raw. A Map: the
 * page names the element, and a <constructor> must not find Object.prototype's function.
 */
const RENAMED_ELEMENTS: ReadonlyMap<string, string> = new Map([
  ['plaintext', 'pre'],
  ['xmp', 'pre'],
  ['listing', 'pre'],
]);

const SAFE_NAME = /^[a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)?$/i;
const SAFE_ATTRIBUTE_NAME = /^[a-z_][a-z0-9_.:-]*$/i;

const VIEW_CSS = `
[${VIEW_STATE_ATTRIBUTE}="kept"] {
  outline: 2px solid #1a7f37 !important; outline-offset: -1px !important;
  background-color: rgba(46, 160, 67, 0.14) !important;
}
[${VIEW_STATE_ATTRIBUTE}="dropped"] { opacity: 0.35 !important; filter: grayscale(1) !important; }
span[${VIEW_STATE_ATTRIBUTE}="kept"] { outline-width: 1px !important; }
/* Opened at the first kept block (the web page's URL fragment), with a little of what is above it. */
#${VIEW_FIRST_KEPT_ID} { scroll-margin-top: 48px !important; }
[${VIEW_STATE_ATTRIBUTE}="dropped"]:hover, [${VIEW_STATE_ATTRIBUTE}="dropped"]:focus {
  opacity: 1 !important; filter: none !important;
  outline: 2px dashed #cf222e !important; outline-offset: -1px !important;
}
[${VIEW_WHY_ATTRIBUTE}]:hover::before, [${VIEW_WHY_ATTRIBUTE}]:focus::before {
  content: attr(${VIEW_WHY_ATTRIBUTE}) !important; display: block !important;
  position: absolute !important; z-index: 2147483647 !important; max-width: min(36em, 90vw) !important;
  margin: 0 !important; padding: 3px 8px !important; border-radius: 4px !important;
  background: #24292f !important; color: #ffffff !important; opacity: 1 !important;
  font: 13px/1.35 system-ui, sans-serif !important; text-align: left !important; text-indent: 0 !important;
  white-space: normal !important; letter-spacing: normal !important; text-transform: none !important;
}
img { background: rgba(128, 128, 128, 0.2); min-width: 1em; min-height: 1em; }
`;

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) =>
    c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === '<' ? '&lt;' : '&gt;',
  );
}

/** Element states: every visible character kept, none, or some. */
const State = { Kept: 1, Dropped: 2, Mixed: 3 } as const;

/**
 * Each element's state from its visible text (an element with no visible text, an image
 * say, is kept when the selection keeps the element itself), and the text totals.
 */
function statesOf(extraction: Extraction): { states: Uint8Array; keptText: number; totalText: number } {
  const { doc, selection } = extraction;
  const { kind, parent, textLength, hidden } = doc.columns;
  const kept = new Int32Array(doc.size);
  let keptText = 0;
  for (let node = 1; node < doc.size; node++) {
    if (kind[node] === NodeKind.Text && !hidden[node] && selection.has(node)) {
      kept[node] = textLength[node];
      keptText += textLength[node];
    }
  }
  for (let node = doc.size - 1; node > 0; node--) kept[parent[node]] += kept[node];
  const states = new Uint8Array(doc.size);
  for (let node = 0; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Element) continue;
    const total = textLength[node];
    if (total === 0) states[node] = selection.has(node) ? State.Kept : State.Dropped;
    else states[node] = kept[node] === total ? State.Kept : kept[node] === 0 ? State.Dropped : State.Mixed;
  }
  return { states, keptText, totalText: textLength[0] };
}

/** `kept`/`dropped` on the roots of kept and dropped subtrees (their parents are in another state). */
function rootState(doc: Doc, states: Uint8Array, node: number): 'kept' | 'dropped' | undefined {
  // The head and what is in it are never shown: no state to show either.
  if (doc.columns.hidden[node] || node === doc.head) return undefined;
  const state = states[node];
  const parentNode = doc.columns.parent[node];
  const parentState =
    parentNode > 0 && doc.columns.kind[parentNode] === NodeKind.Element ? states[parentNode] : 0;
  if (state === parentState || state === State.Mixed) return undefined;
  return state === State.Kept ? 'kept' : 'dropped';
}

/** Elements that mark a part of the page as something other than its content. */
const LANDMARK_ELEMENTS = new Set(['nav', 'header', 'footer', 'aside', 'form', 'menu']);
const LANDMARK_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu']);

/** The nearest landmark at or above `node` ("<nav>", "role=banner"), if any. */
function landmarkOf(doc: Doc, node: number): string | undefined {
  for (let at = node; at > 0; at = doc.columns.parent[at]) {
    if (doc.columns.kind[at] !== NodeKind.Element) continue;
    const name = doc.tagName(at);
    if (LANDMARK_ELEMENTS.has(name)) return `<${name}>`;
    const role = doc.attributes(at).role?.toLowerCase();
    if (role !== undefined && LANDMARK_ROLES.has(role)) return `role=${role}`;
  }
  return undefined;
}

/**
 * What a removed block is, in a line: the extractor that removed it, its element, the landmark
 * it is in, its words and its share of link text. The features a reader judges boilerplate by,
 * not the classifier's inner score (extractors do not report one per block).
 */
function whyRemoved(extraction: Extraction, node: number, name: string): string {
  const { doc } = extraction;
  const landmark = landmarkOf(doc, node);
  const where = landmark === undefined || landmark === `<${name}>` ? '' : ` in ${landmark}`;
  const text = doc.columns.textLength[node];
  const words = doc.columns.wordCount[node];
  const parts = [`removed by ${extraction.extractor}: <${name}>${where}`];
  if (text === 0) parts.push('no text');
  else {
    parts.push(`${words} ${words === 1 ? 'word' : 'words'}`);
    const linkShare = Math.round((100 * doc.columns.linkTextLength[node]) / text);
    if (linkShare > 0) parts.push(`${linkShare}% link text`);
  }
  return parts.join(' · ');
}

interface TagMarks {
  state: 'kept' | 'dropped' | undefined;
  /** The view's own id for this element (the first kept block's). */
  id?: string;
  why?: string;
}

function startTag(doc: Doc, node: number, name: string, marks: TagMarks): string {
  let tag = `<${name} ${VIEW_NODE_ATTRIBUTE}="${node}"`;
  if (marks.state) tag += ` ${VIEW_STATE_ATTRIBUTE}="${marks.state}"`;
  if (marks.id) tag += ` id="${marks.id}"`;
  // Focusable, so that a click or a tap (not only a hover) shows why it was removed.
  if (marks.why) tag += ` ${VIEW_WHY_ATTRIBUTE}="${escapeAttribute(marks.why)}" tabindex="0"`;
  for (const [attribute, value] of Object.entries(doc.attributes(node))) {
    const lower = attribute.toLowerCase();
    if (!SAFE_ATTRIBUTE_NAME.test(attribute) || lower.startsWith('on') || lower.startsWith('data-pith'))
      continue;
    if (DROPPED_ATTRIBUTES.has(lower)) continue;
    // Our id and tabindex on the elements that carry them; and the first kept block's id is ours alone.
    if (lower === 'id' && (marks.id || value === VIEW_FIRST_KEPT_ID)) continue;
    if (lower === 'tabindex' && marks.why) continue;
    // Inline styles stay (the page should look like itself); what they could load is blocked by the CSP.
    tag += ` ${attribute}="${escapeAttribute(value)}"`;
  }
  return `${tag}>`;
}

/** Builds the view of an extraction (see the module comment). Linear in the document size. */
export function keptView(extraction: Extraction): KeptView {
  const { doc } = extraction;
  const { kind, end } = doc.columns;
  const { states, keptText, totalText } = statesOf(extraction);
  const out: string[] = [
    '<!DOCTYPE html>',
    `<meta http-equiv="Content-Security-Policy" content="${VIEW_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
  ];
  let keptBlocks = 0;
  let droppedBlocks = 0;
  // Open elements as [node, closing tag]; closed when the walk passes their end.
  const open: [number, string][] = [];
  for (let node = 1; node < doc.size; node++) {
    while (open.length > 0 && end[open[open.length - 1][0]] <= node) out.push(open.pop()![1]);
    const nodeKind = kind[node];
    if (nodeKind === NodeKind.Text) {
      out.push(textOf(extraction, states, node));
      continue;
    }
    if (nodeKind !== NodeKind.Element) continue;
    const name = doc.tagName(node);
    if (DROPPED_ELEMENTS.has(name)) {
      node = end[node] - 1;
      continue;
    }
    // An element with a name we would not write safely is unwrapped: its children stay.
    if (!SAFE_NAME.test(name)) continue;
    const written = RENAMED_ELEMENTS.get(name) ?? name;
    const state = rootState(doc, states, node);
    const marks: TagMarks = { state };
    if (state === 'kept') {
      if (keptBlocks === 0) marks.id = VIEW_FIRST_KEPT_ID;
      keptBlocks++;
    } else if (state === 'dropped') {
      droppedBlocks++;
      marks.why = whyRemoved(extraction, node, written);
    }
    out.push(startTag(doc, node, written, marks));
    if (!IS_VOID[doc.tag(node)]) open.push([node, `</${written}>`]);
    else node = end[node] - 1;
  }
  while (open.length > 0) out.push(open.pop()![1]);
  out.push(`<style>${VIEW_CSS}</style>`);
  return { html: out.join(''), keptBlocks, droppedBlocks, keptText, totalText };
}

function textOf(extraction: Extraction, states: Uint8Array, node: number): string {
  const { doc, selection } = extraction;
  const text = doc.text(node);
  const parentNode = doc.columns.parent[node];
  // Style text is written raw (an HTML <style> takes no entities), with every '<' as the CSS escape
  // '\3c ': nothing in it can close the element or open a tag, in HTML or in SVG/MathML (where
  // <style> is an ordinary element and '&lt;' in our tree would otherwise come out as '<').
  if (doc.tagName(parentNode) === 'style') return text.replace(/</g, '\\3c ');
  const escaped = escapeText(text);
  // Text directly inside a partly kept element gets its own mark, so the view shows which part.
  if (states[parentNode] !== State.Mixed || doc.columns.hidden[node] || doc.columns.textLength[node] === 0) {
    return escaped;
  }
  return `<span ${VIEW_STATE_ATTRIBUTE}="${selection.has(node) ? 'kept' : 'dropped'}">${escaped}</span>`;
}
