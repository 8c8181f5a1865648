import { type Doc, IS_HIDDEN_CONTENT, NodeKind, TAG } from '../dom/index.js';

function tagTable(names: readonly string[]): Uint8Array {
  const table = new Uint8Array(IS_HIDDEN_CONTENT.length);
  for (const name of names) {
    const id = (TAG as Record<string, number>)[name];
    if (id === undefined) throw new Error(`format: unknown tag ${name}`);
    table[id] = 1;
  }
  return table;
}

/**
 * Elements whose whole subtree never reaches any output: hidden content
 * (scripts, styles, templates, `<noscript>`, SVG, iframes, objects…) and form
 * controls whose text is a value, not content.
 */
export const DROPPED = (() => {
  const table = tagTable(['select', 'textarea', 'input', 'keygen', 'frame', 'frameset', 'datalist']);
  for (let id = 0; id < IS_HIDDEN_CONTENT.length; id++) if (IS_HIDDEN_CONTENT[id]) table[id] = 1;
  return table;
})();

/** `<pre>` and its obsolete synonyms. */
export const IS_PRE = tagTable(['pre', 'xmp', 'listing', 'plaintext']);
/** Elements rendered as inline code. */
export const IS_INLINE_CODE = tagTable(['code', 'kbd', 'samp', 'tt']);
export const IS_LIST = tagTable(['ul', 'ol', 'menu', 'dir']);
export const IS_TABLE_SECTION = tagTable(['thead', 'tbody', 'tfoot']);

const LANGUAGE_CLASS = /^(?:language|lang|highlight-source|highlight)-([\w+#.-]{1,40})$/i;
const BRUSH = /(?:^|[\s;])brush:\s*([\w+#.-]{1,40})/i;
const LANGUAGE_NAME = /^[\w+#.-]{1,40}$/;
const IGNORED_LANGUAGES = new Set(['none', 'text', 'plain', 'plaintext', 'nohighlight', 'source', 'code']);

function languageOfElement(doc: Doc, node: number): string | undefined {
  for (const name of ['data-lang', 'data-language']) {
    const value = doc.attr(node, name)?.trim();
    if (value && LANGUAGE_NAME.test(value) && !IGNORED_LANGUAGES.has(value.toLowerCase())) return value;
  }
  const cls = doc.attr(node, 'class');
  if (!cls) return undefined;
  const brush = BRUSH.exec(cls.length > 1000 ? cls.slice(0, 1000) : cls);
  if (brush) return brush[1];
  for (const token of cls.split(/\s+/, 50)) {
    const match = LANGUAGE_CLASS.exec(token);
    if (match && !IGNORED_LANGUAGES.has(match[1].toLowerCase())) return match[1];
  }
  return undefined;
}

/**
 * The language a code block is marked with, looking at the `<pre>`, its first
 * `<code>` child and its parent: classes `language-xx`, `lang-xx`,
 * `highlight-xx`, `highlight-source-xx`, `brush: xx`, and `data-lang` /
 * `data-language` attributes. Undefined when none is marked.
 */
export function codeLanguage(doc: Doc, pre: number): string | undefined {
  const own = languageOfElement(doc, pre);
  if (own) return own;
  const stop = doc.end(pre);
  for (let child = pre + 1; child < stop; child = doc.end(child)) {
    if (doc.isElement(child)) {
      if (doc.tag(child) === TAG.code) {
        const inner = languageOfElement(doc, child);
        if (inner) return inner;
      }
      break;
    }
    if (doc.isText(child) && doc.text(child).trim() !== '') break;
  }
  const parent = doc.parent(pre);
  return parent > 0 ? languageOfElement(doc, parent) : undefined;
}

/** Per-table facts gathered in one pass: which tables hold another table, and how many cells each has. */
export interface TableFacts {
  nested: Set<number>;
  cells: Map<number, number>;
}

export function tableFacts(doc: Doc): TableFacts {
  const nested = new Set<number>();
  const cells = new Map<number, number>();
  const { kind, tag, end } = doc.columns;
  const open: number[] = [];
  for (let node = 0; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Element) continue;
    while (open.length > 0 && end[open[open.length - 1]] <= node) open.pop();
    const t = tag[node];
    if (t === TAG.table) {
      if (open.length > 0) nested.add(open[open.length - 1]);
      open.push(node);
      cells.set(node, 0);
    } else if ((t === TAG.td || t === TAG.th) && open.length > 0) {
      const table = open[open.length - 1];
      cells.set(table, (cells.get(table) ?? 0) + 1);
    }
  }
  return { nested, cells };
}

/** Any run of whitespace (the same class `Doc.textContent` collapses). */
export const WHITESPACE_RUN = /\s+/g;

/** Case- and whitespace-insensitive form of a title, for `dropTitle`. */
export function normaliseTitle(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim().toLowerCase();
}

/** The kept, visible text of a subtree, whitespace collapsed (for title comparison). */
export function keptText(doc: Doc, kept: Uint8Array, node: number): string {
  const parts: string[] = [];
  const stop = doc.end(node);
  for (let at = node; at < stop; at++) {
    if (doc.isText(at) && kept[at] && !doc.columns.hidden[at]) parts.push(doc.text(at));
  }
  return parts.join('').replace(WHITESPACE_RUN, ' ').trim();
}

/** Length of the longest run of `char` in `text`. */
export function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === char) {
      current++;
      if (current > longest) longest = current;
    } else current = 0;
  }
  return longest;
}
