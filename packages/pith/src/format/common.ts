import {
  type Doc,
  eachPiece,
  IS_BLOCK,
  IS_HIDDEN_CONTENT,
  isJsSpaceCode,
  mapPieces,
  NodeKind,
  TAG,
  tick,
} from '../dom/index.js';

function tagTable(names: readonly string[]): Uint8Array {
  const table = new Uint8Array(IS_HIDDEN_CONTENT.length);
  for (const name of names) {
    const tags = TAG as Record<string, number>;
    const id = Object.hasOwn(tags, name) ? tags[name] : undefined;
    if (id === undefined) throw new Error(`format: unknown tag ${name}`);
    table[id] = 1;
  }
  return table;
}

/**
 * Elements whose whole subtree never reaches any output: hidden content
 * (scripts, styles, templates, SVG, iframes, objects…) and form controls whose
 * text is a value, not content. `<noscript>` is not among them: pith renders
 * pages as a browser without scripts does, which shows it (Discourse and other
 * app shells put the whole thread there); the extractor decides whether its
 * text is content, and selections never keep a text-less one (a lazy image's
 * duplicate).
 */
export const DROPPED = (() => {
  const table = tagTable(['select', 'textarea', 'input', 'keygen', 'frame', 'frameset', 'datalist']);
  for (let id = 0; id < IS_HIDDEN_CONTENT.length; id++) if (IS_HIDDEN_CONTENT[id]) table[id] = 1;
  return table;
})();

/**
 * Elements whose text a browser does not show inline: ruby readings (`<rt>`,
 * and the `<rp>` parentheses that only browsers without ruby show). The HTML
 * output keeps them (a browser lays them out over the base); text and Markdown
 * read the base text alone, as the page reads.
 */
export const IS_NOT_INLINE_TEXT = tagTable(['rt', 'rp']);

/** MathML's non-rendered alternatives inside `<semantics>` (TeX source, content MathML): custom tags here. */
function isMathAnnotation(doc: Doc, node: number): boolean {
  const name = doc.tagName(node);
  return name === 'annotation' || name === 'annotation-xml';
}

const HIDING_STYLE = /(?:^|;)\s*display\s*:\s*none\b/i;
/** How far up a `<math>` an inline `display: none` hides it (MediaWiki wraps it twice). */
const MATH_WRAPPERS = 2;

/**
 * A `<math>` hidden by an inline `display: none` or a `hidden` attribute on it
 * or an inline wrapper: the accessible copy of a formula shown as an image
 * (MediaWiki's `mwe-math-mathml-a11y`), which a reader never sees as text.
 */
function isHiddenMath(doc: Doc, node: number): boolean {
  for (let at = node, level = 0; at > 0 && level <= MATH_WRAPPERS; at = doc.parent(at), level++) {
    if (level > 0 && IS_BLOCK[doc.tag(at)]) return false;
    if (doc.attr(at, 'hidden') !== undefined) return true;
    const style = doc.attr(at, 'style');
    if (style !== undefined && HIDING_STYLE.test(style)) return true;
  }
  return false;
}

/** A class token that hides under a variant (Tailwind's `not-machine:hidden`, `print:hidden`). */
const VARIANT_HIDDEN = /(?:^|\s)\S+:hidden(?:\s|$)/;
/**
 * Text that is Markdown's own markup alone: a heading's `### `, a link's `[`, `]` or `](…)`,
 * a bare `(https://…)` target, an emphasis or quote mark.
 */
const MARKDOWN_MARKUP = /^(?:#{1,6}|[[\]]|\]?\(\S*\)|[*_`>~-]{1,3})$/;

/**
 * A page's Markdown for agents: a `<span>` hidden to people under a variant class
 * (`<span class="not-machine:hidden">### </span>` before a title, `[`, `]` and
 * `(https://…)` around it, Defuddle's tailwind-hidden-blog-index) whose text is
 * Markdown markup alone. Written, it doubles the markup (`### [\### \[Title\] (…)](…)`)
 * and the heading reads as another; a person never sees it. Responsive variants
 * (`md:hidden`) hide such a span on some screens only, but text that is markup alone
 * is nothing a reader needs on any.
 */
function isAgentMarkup(doc: Doc, node: number): boolean {
  const cls = doc.attr(node, 'class');
  if (cls === undefined || cls.indexOf(':hidden') < 0 || !VARIANT_HIDDEN.test(cls)) return false;
  return MARKDOWN_MARKUP.test(doc.textContent(node).trim());
}

/**
 * True for an element whose subtree a browser does not render as part of the
 * line: MathML annotations, hidden MathML, a page's Markdown markup hidden to
 * people. (Ruby readings are `IS_NOT_INLINE_TEXT`: only the text outputs leave them out.)
 */
export function isUnrendered(doc: Doc, node: number, t: number): boolean {
  if (t === TAG.unknown) return isMathAnnotation(doc, node);
  if (t === TAG.span) return isAgentMarkup(doc, node);
  return t === TAG.math && isHiddenMath(doc, node);
}

/** U+00AD SOFT HYPHEN: invisible unless a line breaks at it, so never part of the text read. */
const SOFT_HYPHEN = /\u00ad/g;

/** Text without soft hyphens (the common case, none, costs one scan). */
export function withoutSoftHyphens(text: string): string {
  return text.indexOf('\u00ad') < 0 ? text : text.replace(SOFT_HYPHEN, '');
}

/** `<pre>` and its obsolete synonyms. */
export const IS_PRE = tagTable(['pre', 'xmp', 'listing', 'plaintext']);
/** Elements rendered as inline code. */
export const IS_INLINE_CODE = tagTable(['code', 'kbd', 'samp', 'tt']);
export const IS_LIST = tagTable(['ul', 'ol', 'menu', 'dir']);
/** Elements an ARIA list role makes a list or an item of (`<div role="list">`); other tags keep their meaning. */
const MAY_CARRY_LIST_ROLE = tagTable(['div', 'section', 'span']);

/**
 * The tag an element is written as: `<div role="list">` is a `<ul>`, and its `<div role="listitem">`
 * children are `<li>` (Webflow's collection lists, cards laid out as a list); any other element is
 * its own tag. An item outside a list is no item.
 */
export function listRoleTag(doc: Doc, node: number, tag: number): number {
  if (!MAY_CARRY_LIST_ROLE[tag]) return tag;
  const role = doc.attr(node, 'role')?.trim().toLowerCase();
  if (role === 'list') return TAG.ul;
  if (role !== 'listitem') return tag;
  const parent = doc.parent(node);
  const parentTag = doc.tag(parent);
  return IS_LIST[parentTag] || listRoleTag(doc, parent, parentTag) === TAG.ul ? TAG.li : tag;
}
export const IS_TABLE_SECTION = tagTable(['thead', 'tbody', 'tfoot']);
/** Blocks that make a table a layout table when they sit in its cells. */
const IS_LAYOUT_BLOCK = tagTable(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'hr']);

/**
 * Per-table facts gathered in one pass: which tables are layout rather than data
 * (`nested`: they hold another table or a `<pre>`, as code listings with a
 * line-number column do, or blocks a Markdown cell cannot hold — headings, quotes,
 * rules — unless a header row says they are data (a `<thead>` of `<th>`, or a first row of `<th>`
 * cells only); lists are flattened
 * into their cell), and how many cells each has.
 */
export interface TableFacts {
  nested: Set<number>;
  cells: Map<number, number>;
}

const TABLE_FACTS = new WeakMap<Doc, TableFacts>();

/** `tableFacts`, computed once per document (comments render many small parts of one page). */
export function cachedTableFacts(doc: Doc): TableFacts {
  let facts = TABLE_FACTS.get(doc);
  if (!facts) {
    facts = tableFacts(doc);
    TABLE_FACTS.set(doc, facts);
  }
  return facts;
}

export function tableFacts(doc: Doc): TableFacts {
  const nested = new Set<number>();
  const cells = new Map<number, number>();
  /** Tables with headings, quotes, rules or listings in their cells: layout unless they have a header row. */
  const blocky = new Set<number>();
  /** Tables with a `<th>` in a `<thead>`: data tables whose cells hold blocks (a heading is then a label). */
  const headed = new Set<number>();
  const { kind, tag, end } = doc.columns;
  const open: number[] = [];
  let headEnd = -1;
  /**
   * The end of the `<caption>` being walked: headings there title the table, they are not a layout
   * cell's (WCXB 0021, a tuition card table whose caption holds `<h3>Undergraduate</h3>` and
   * `<h3>$390</h3>` above its rows of rates).
   */
  let captionEnd = -1;
  /**
   * The first row of the table being walked, and its `<th>` and `<td>` counts: a first row of two or
   * more `<th>` cells and no `<td>` is a header row as a `<thead>` is (CleanEval 714's tables of
   * meetings, `<tr><th>area</th><th>title & speaker</th>…` over rows whose cells hold `<h4>` labels).
   */
  const rowSeen = new Set<number>();
  let firstRowEnd = -1;
  let firstRowTable = -1;
  let firstRowTh = 0;
  let firstRowTd = 0;
  const closeFirstRow = () => {
    if (firstRowTable >= 0 && firstRowTh >= 2 && firstRowTd === 0) headed.add(firstRowTable);
    firstRowTable = -1;
  };
  for (let node = 0; node < doc.size; node++) {
    tick('output');
    if (kind[node] !== NodeKind.Element) continue;
    while (open.length > 0 && end[open[open.length - 1]] <= node) open.pop();
    if (firstRowTable >= 0 && node >= firstRowEnd) closeFirstRow();
    const t = tag[node];
    if (t === TAG.table) {
      if (open.length > 0) nested.add(open[open.length - 1]);
      open.push(node);
      cells.set(node, 0);
    } else if (open.length > 0 && IS_PRE[t]) {
      // A listing in a cell: a line-number gutter's table or a wrapper (layout), unless a header
      // row says data (a table of commands and what they do, written as a table by Defuddle too).
      blocky.add(open[open.length - 1]);
    } else if (t === TAG.caption && open.length > 0) {
      captionEnd = end[node];
    } else if (open.length > 0 && IS_LAYOUT_BLOCK[t] && node >= captionEnd) {
      blocky.add(open[open.length - 1]);
    } else if (t === TAG.thead && open.length > 0) {
      headEnd = end[node];
    } else if ((t === TAG.td || t === TAG.th) && open.length > 0) {
      const table = open[open.length - 1];
      cells.set(table, (cells.get(table) ?? 0) + 1);
      if (t === TAG.th && node < headEnd) headed.add(table);
      if (table === firstRowTable && node < firstRowEnd) {
        if (t === TAG.th) firstRowTh++;
        else firstRowTd++;
      }
    } else if (t === TAG.tr && open.length > 0 && !rowSeen.has(open[open.length - 1])) {
      closeFirstRow();
      firstRowTable = open[open.length - 1];
      rowSeen.add(firstRowTable);
      firstRowEnd = end[node];
      firstRowTh = 0;
      firstRowTd = 0;
    }
  }
  closeFirstRow();
  for (const table of blocky) if (!headed.has(table)) nested.add(table);
  return { nested, cells };
}

/** Any run of whitespace (the same class `Doc.textContent` collapses). */
export const WHITESPACE_RUN = /\s+/g;
/** Whitespace other than one plain space between two non-spaces: what collapsing changes. */
const NOT_COLLAPSED = /[^\S ]| {2}/;

/**
 * `text` with each whitespace run as one space. Most texts have only single spaces: those are
 * returned as they are, without the replace that rebuilds the string (a text node of a million
 * words made a million one-space replacements).
 */
export function collapseWhitespace(text: string): string {
  return NOT_COLLAPSED.test(text) ? text.replace(WHITESPACE_RUN, ' ') : text;
}

/** Where `text`'s leading white space (JavaScript's `\s`, as WHITESPACE_RUN) ends: `text.length` when it is all white space. */
export function leadingSpaceEnd(text: string): number {
  let at = 0;
  while (at < text.length && isJsSpaceCode(text.charCodeAt(at))) at++;
  return at;
}

/** Where `text`'s trailing white space (JavaScript's `\s`) starts. */
export function trailingSpaceStart(text: string): number {
  let at = text.length;
  while (at > 0 && isJsSpaceCode(text.charCodeAt(at - 1))) at--;
  return at;
}

/**
 * Where a long text may be cut: after a whitespace run between two letters or digits (any script), or, in
 * a window without one (one word of megabytes, CJK), between two word characters with no `&` in the
 * ENTITY_REACH characters before, or before an `&` after a word character or ASCII punctuation, or
 * between two ASCII punctuation characters the first of which is no `&` (a flood of `&` or `<` has no
 * word character: fuzz seed 19, page 1904, 1.2 MB of `&` escaped in one stretch of 390 ms). Collapsing
 * whitespace and escaping (Markdown, XML) read at most one character either side of a `*` or `_` (a
 * text's end reads as neither a space nor a word character, as `&` and punctuation do; a piece's
 * trailing space is trimmed, so none may end one), an entity-like run holds no whitespace, starts at its
 * only `&`, is at most 43 characters long and holds no two punctuation characters in a row but its
 * `&#`, no surrogate pair is split and NFC runs on the whole output (in its own pieces), so the pieces
 * come out as the whole would.
 */
const TEXT_CUT = /[\p{L}\p{N}]\s+(?=[\p{L}\p{N}])/gu;
const ENTITY_REACH = 48;

/** ASCII letters and digits, CJK ideographs, Hangul syllables: no escape or collapse reads across them. */
function isWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    ((code | 32) >= 97 && (code | 32) <= 122) ||
    (code >= 0x3400 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7a3)
  );
}

function textCut(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  TEXT_CUT.lastIndex = 0;
  const cut = TEXT_CUT.exec(window);
  if (cut !== null) return from + cut.index + cut[0].length;
  for (let at = Math.max(from, 1); at < limit; at++) {
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at);
    if (isWordCode(before) && isWordCode(after) && noEntityBefore(text, at)) return at;
    if (after === 0x26 && (isWordCode(before) || isPunctuationCode(before))) return at;
    if (isPunctuationCode(before) && isPunctuationCode(after) && before !== 0x26) return at;
  }
  return -1;
}

/** ASCII punctuation: no escape or collapse reads across two of them, but an entity's `&#` (not cut after an `&`). */
function isPunctuationCode(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** Characters looked at behind a cut for an `&`, at most (soft hyphens and controls skipped count here). */
const MAX_ENTITY_SCAN = 4096;

/**
 * True when no `&` lies within ENTITY_REACH characters before `at` once the writers have removed
 * soft hyphens and controls (`&a` + soft hyphens + `mp;` is `&amp;` to the escaper); false when
 * that cannot be told within MAX_ENTITY_SCAN characters.
 */
function noEntityBefore(text: string, at: number): boolean {
  let counted = 0;
  for (let index = at - 1; index >= 0 && counted < ENTITY_REACH; index--) {
    if (at - index > MAX_ENTITY_SCAN) return false;
    const code = text.charCodeAt(index);
    if (code === 0x26) return false;
    if (!isRemovedBeforeEscaping(code)) counted++;
  }
  return true;
}

/** What the inline writers remove before they escape: soft hyphens and the output rule's controls. */
function isRemovedBeforeEscaping(code: number): boolean {
  return (
    code === 0xad ||
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    code === 0x7f ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/** Consecutive pieces of a long text cut by `textCut`, with deadline checks between them (`eachPiece`). */
export function eachTextPiece(text: string, visit: (piece: string) => void): void {
  eachPiece(text, (from, limit) => textCut(text, from, limit), visit, 'output');
}

/** `transform` (one that works character by character, as whitespace collapsing and escaping do) over `text` in pieces. */
export function mapTextPieces(text: string, transform: (piece: string) => string): string {
  return mapPieces(text, (from, limit) => textCut(text, from, limit), transform, 'output');
}

/**
 * The kept, visible text of a subtree, whitespace collapsed (for title comparison); '' when it is
 * longer than `longest` characters before collapsing.
 */
export function keptText(
  doc: Doc,
  kept: Uint8Array,
  node: number,
  longest = Number.POSITIVE_INFINITY,
): string {
  const parts: string[] = [];
  let length = 0;
  const stop = doc.end(node);
  for (let at = node; at < stop; at++) {
    tick('output');
    if (!doc.isText(at) || !kept[at] || doc.columns.hidden[at]) continue;
    const text = doc.text(at);
    length += text.length;
    if (length > longest) return '';
    parts.push(text);
  }
  return collapseWhitespace(parts.join('')).trim();
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

/** Most kept characters in one cell of a table written in part: more is a layout cell holding an article. */
const MAX_PARTIAL_CELL_TEXT = 400;
/** A grid without header cells is data from this many rows, columns or cells (post-rules.ts's `isDataTable`). */
const GRID_ROWS = 10;
const GRID_COLUMNS = 5;
const GRID_CELLS = 11;

/**
 * Data tables the selection kept in part (issue 41): the classifier reads an article's data table
 * cell by cell and keeps a few of them (wcxb-dev/4053's table of EV segments, the L3S cricket
 * scorecard). Written as blocks, the kept cells were loose lines whose columns a reader cannot
 * tell apart; the Markdown and HTML write them as a table of the rows holding kept content, under
 * the table's header row (written though not kept: the labels of the kept values). Only tables that
 * read as data (a header cell or caption, or a grid of 11+ cells), none of whose kept cells holds
 * more than a short value's text (a layout table's cell holding the article stays blocks), with two
 * written rows or one under a header. The text output is not changed (its words are what text F1
 * scores; it writes no table anyway).
 */
export interface PartialTables {
  /** The kept flags the writers read: the selection's, plus the header rows of the tables below. */
  kept: Uint8Array;
  /** Tables written as tables though not kept. */
  tables: Set<number>;
  /** Their rows, cells, sections and caption that are written. */
  parts: Set<number>;
}

interface PartialRow {
  row: number;
  cells: number[];
  headerCells: number;
  inHead: boolean;
  written: boolean;
}

export function partialTables(doc: Doc, kept: Uint8Array, facts: TableFacts): PartialTables {
  let view = kept;
  const tables = new Set<number>();
  const parts = new Set<number>();
  for (const [table, cells] of facts.cells) {
    if (cells < 2 || kept[table] === 1 || facts.nested.has(table)) continue;
    const stop = doc.end(table);
    // Most tables hold nothing kept: one native scan of the table's own nodes says so.
    if (kept.subarray(table + 1, stop).indexOf(1) < 0) continue;
    const written = writtenRows(doc, kept, table);
    if (written === undefined) continue;
    tables.add(table);
    for (const row of written.rows) {
      parts.add(row.row);
      for (const cell of row.cells) parts.add(cell);
      for (let up = doc.parent(row.row); up > table; up = doc.parent(up)) parts.add(up);
    }
    // The header row is written whole (the labels of the kept values); the other rows' kept content only.
    const header = written.header;
    if (header !== undefined && kept[header] !== 1) {
      if (view === kept) view = kept.slice();
      view.fill(1, header, doc.end(header));
    }
    if (written.caption >= 0) parts.add(written.caption);
  }
  return { kept: view, tables, parts };
}

/**
 * The rows of a table kept in part that are written (its header row first) and the header row, or
 * undefined when the table is not written as a table.
 */
function writtenRows(
  doc: Doc,
  kept: Uint8Array,
  table: number,
): { rows: PartialRow[]; header: number | undefined; caption: number } | undefined {
  const { kind, tag, hidden, textLength, end } = doc.columns;
  const stop = end[table];
  const rows: PartialRow[] = [];
  let row: PartialRow | undefined;
  let headEnd = -1;
  let headerCells = false;
  let columns = 0;
  let cellStop = -1;
  let cellText = 0;
  let caption = -1;
  for (let node = table + 1; node < stop; node++) {
    tick('output');
    if (kind[node] === NodeKind.Text) {
      if (!kept[node] || hidden[node] || textLength[node] === 0) continue;
      if (row) row.written = true;
      if (node < cellStop) {
        cellText += textLength[node];
        if (cellText > MAX_PARTIAL_CELL_TEXT) return undefined;
      }
      continue;
    }
    if (kind[node] !== NodeKind.Element) continue;
    const t = tag[node];
    if (t === TAG.tr) {
      row = { row: node, cells: [], headerCells: 0, inHead: node < headEnd, written: false };
      rows.push(row);
    } else if (t === TAG.td || t === TAG.th) {
      if (!row) continue;
      row.cells.push(node);
      columns = Math.max(columns, row.cells.length);
      if (t === TAG.th) {
        row.headerCells++;
        headerCells = true;
      }
      cellStop = end[node];
      cellText = 0;
    } else if (t === TAG.thead) headEnd = end[node];
    else if (t === TAG.caption) {
      headerCells = true;
      if (kept[node] === 1) caption = node;
    } else if ((t === TAG.img || t === TAG.image) && kept[node] && row) row.written = true;
  }
  const isData =
    headerCells ||
    (rows.length >= 2 &&
      columns >= 2 &&
      (rows.length >= GRID_ROWS || columns >= GRID_COLUMNS || rows.length * columns >= GRID_CELLS));
  if (!isData || rows.length === 0) return undefined;
  const head = rows[0];
  const header =
    head.inHead || (head.cells.length >= 2 && head.headerCells === head.cells.length) ? head : undefined;
  const written = rows.filter((r) => r.written && r !== header);
  if (written.length < (header ? 1 : 2)) return undefined;
  return header
    ? { rows: [header, ...written], header: header.row, caption }
    : { rows: written, header: undefined, caption };
}
