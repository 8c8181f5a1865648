/**
 * The structure of an article, element by element: what the structure benchmark and the
 * consistency check compare. Read from Markdown (markdown-it, CommonMark + GFM tables, footnotes,
 * `$…$` / `$$…$$` math) or from HTML (pith's parser), into the same lists, so that any two
 * renderings of an article can be compared class by class.
 */
import { tex } from '@mdit/plugin-tex';
import MarkdownIt, { type PluginSimple, type PluginWithOptions } from 'markdown-it';
import markdownItFootnote from 'markdown-it-footnote';
import {
  type Doc,
  IS_BLOCK,
  parseHtml,
  parseSrcset,
  spanOf,
  TAG,
  type TableCell,
  tableGrid,
} from 'pith/internal';

export interface Heading {
  level: number;
  text: string;
  /** In a table cell (which a GFM table cannot hold a heading in: the Markdown writes its text there). */
  inTable?: boolean;
}
export interface CodeBlock {
  text: string;
  /** Lower case; '' when none is marked. */
  language: string;
}
export interface ListItem {
  /** 0 for items of a top-level list, 1 inside an item of one, … */
  depth: number;
  text: string;
  /** In a table cell (which a GFM table cannot hold a list in: the Markdown writes its text there). */
  inTable?: boolean;
}

/** An article's elements, in document order within each class. */
export interface Elements {
  headings: Heading[];
  code: CodeBlock[];
  formulas: string[];
  footnotes: string[];
  /** Each table's rows, each row its cells' text. */
  tables: string[][][];
  images: string[];
  /**
   * HTML only: each other URL an image names (a candidate of its `srcset`) → its `src`. Readability's
   * expected files keep an image's `srcset`, and a browser shows a candidate of it: output naming
   * any of them names that image (issue 41: pith writes the widest candidate).
   */
  imageAliases?: Record<string, string>;
  listItems: ListItem[];
  links: string[];
}

export function emptyElements(): Elements {
  return {
    headings: [],
    code: [],
    formulas: [],
    footnotes: [],
    tables: [],
    images: [],
    listItems: [],
    links: [],
  };
}

const WHITESPACE = /\s+/g;

/** Text as compared: NFKC, whitespace collapsed, trimmed. */
export function cleanText(text: string): string {
  return text.normalize('NFKC').replace(WHITESPACE, ' ').trim();
}

/** Code as compared: line ends unified, no-break spaces as spaces, trailing spaces and blank edge lines cut. */
export function cleanCode(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n');
  for (let index = 0; index < lines.length; index++) lines[index] = lines[index].trimEnd();
  let start = 0;
  while (start < lines.length && lines[start] === '') start++;
  let stop = lines.length;
  while (stop > start && lines[stop - 1] === '') stop--;
  return lines.slice(start, stop).join('\n');
}

/** A URL as compared: absolute against `base` when it parses, without its fragment. */
export function cleanUrl(url: string, base: string | undefined): string {
  const trimmed = url.trim();
  try {
    const absolute = new URL(trimmed, base);
    absolute.hash = '';
    return absolute.href;
  } catch {
    return trimmed;
  }
}

// ── from Markdown ────────────────────────────────────────────────────────────

// Both plugins are typed against markdown-it's CommonJS types; this module uses its ESM ones.
const footnotes = markdownItFootnote as unknown as PluginSimple;
const texPlugin = tex as unknown as PluginWithOptions<{ render: (content: string) => string }>;

const markdownParser = new MarkdownIt('commonmark', { html: false })
  .enable(['table', 'strikethrough'])
  .use(footnotes)
  .use(texPlugin, { render: (content: string) => content });
// Destinations as the Markdown writes them: markdown-it's own normalisation percent-encodes what a
// URL parser keeps (`|`, a backtick), which would make `a|b` in Markdown another URL than in HTML.
markdownParser.normalizeLink = (url: string) => url;

type Token = ReturnType<MarkdownIt['parse']>[number];

/** A `<br>` inside a GFM table cell, its line break (text to a parser without HTML). */
const CELL_BREAK = /<br\s*\/?>/i;
/**
 * A list item's marker at the start of a cell's line, as written (`- Default<br>- Tele`: a list in
 * the cell); text that starts so is written escaped (`\- y`, `1\. z`) and is not one.
 */
const CELL_ITEM_MARKER = /^\s*(?:[-+*]|\d{1,9}[.)])\s+/;

/**
 * A table cell's text: its lines (split at `<br>`) without the list markers a writer puts before a
 * list's items in a cell, so that a cell compares with the same cell of HTML (`<td><ul><li>`). Read
 * from the cell's source, where an escaped marker is still told apart.
 */
function cellText(token: Token, env: object): string {
  const source = token.content
    .split(CELL_BREAK)
    .map((line) => line.replace(CELL_ITEM_MARKER, ''))
    .join(' ');
  // The document's env: its footnote definitions, so that `[^1]` in a cell stays a mark.
  const [inline] = markdownParser.parseInline(source, env);
  return inline ? inlineText(inline) : '';
}

/** The text of an inline token: text, code spans and math; breaks as spaces; images and footnote marks left out. */
function inlineText(token: Token): string {
  let text = '';
  const image = 0;
  for (const child of token.children ?? []) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
      case 'math_inline':
        if (image === 0) text += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += ' ';
        break;
      case 'image':
        break;
    }
  }
  return text;
}

/**
 * The same reading with raw HTML blocks recognised, used only to find the raw-HTML tables in a
 * Markdown document (`rawHtmlTables`); the elements are read with HTML off, as before.
 */
const htmlBlockParser = new MarkdownIt('commonmark', { html: true })
  .enable(['table', 'strikethrough'])
  .use(footnotes)
  .use(texPlugin, { render: (content: string) => content });

/** An HTML block that is a table (CommonMark's block start condition 6 for `<table>`). */
const RAW_TABLE_BLOCK = /^\s*<table[\s/>]/i;
/** What a source line holds before a block inside a blockquote or list: `>` marks and indentation. */
const CONTAINER_PREFIX = /^[ \t>]*/;

/**
 * A Markdown document's raw-HTML tables (issue 41): GFM pipe tables cannot hold a cell that spans
 * columns or rows, so a writer leaves such a table as HTML (Defuddle's Markdown writes any table
 * with a span so, Turndown's original GFM plugin a table without a header row). Markdown renders
 * the HTML as a table; with HTML off the reader took it for a paragraph of text and counted no row
 * of it. Returns the source with those lines emptied (their container marks kept) and each table's
 * HTML, read as an HTML gold is read. A cheap test first: a document without `<table` is returned as is.
 */
function rawHtmlTables(markdown: string): { source: string; tables: string[] } {
  if (!/<table/i.test(markdown)) return { source: markdown, tables: [] };
  const tables: string[] = [];
  const emptied = new Set<number>();
  for (const token of htmlBlockParser.parse(markdown, {})) {
    if (token.type !== 'html_block' || !RAW_TABLE_BLOCK.test(token.content) || !token.map) continue;
    tables.push(token.content);
    for (let line = token.map[0]; line < token.map[1]; line++) emptied.add(line);
  }
  if (tables.length === 0) return { source: markdown, tables };
  const lines = markdown.split('\n');
  for (const line of emptied)
    if (line < lines.length)
      lines[line] = (CONTAINER_PREFIX.exec(lines[line]) ?? [''])[0].replace(/[ \t]+$/, '');
  return { source: lines.join('\n'), tables };
}

/** The elements of a Markdown document; `base` resolves relative link and image URLs. */
export function markdownElements(markdown: string, base?: string): Elements {
  const { source, tables: rawTables } = rawHtmlTables(markdown);
  const out = markdownBlocksElements(source, base);
  // A raw-HTML table's elements, read from its HTML (its rows, and the links and images in its cells).
  for (const html of rawTables) {
    const inTable = htmlElements(html, base);
    for (const table of inTable.tables) out.tables.push(table);
    for (const heading of inTable.headings) out.headings.push(heading);
    for (const item of inTable.listItems) out.listItems.push(item);
    for (const image of inTable.images) out.images.push(image);
    for (const link of inTable.links) out.links.push(link);
    for (const code of inTable.code) out.code.push(code);
    for (const formula of inTable.formulas) out.formulas.push(formula);
  }
  return out;
}

function markdownBlocksElements(markdown: string, base?: string): Elements {
  const out = emptyElements();
  const env = {};
  const tokens = markdownParser.parse(markdown, env);
  let listDepth = -1;
  /** Open list items: the text gathered for each (innermost last). */
  const items: { depth: number; parts: string[] }[] = [];
  let table: string[][] | undefined;
  let row: string[] | undefined;
  let heading: number | undefined;
  let footnote: string[] | undefined;
  /**
   * A note is its first paragraph: its further blocks (a list, a second paragraph) belong to it
   * only when indented under `[^n]:`, which Defuddle's writer does not do (its continuation reads as
   * text after the notes: footnotes--hr-continuation), while pith's does. Both readers, Markdown and
   * HTML, compare the first paragraph, the same for every extractor.
   */
  let noteBlockEnded = false;
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        listDepth++;
        continue;
      case 'bullet_list_close':
      case 'ordered_list_close':
        listDepth--;
        continue;
      case 'list_item_open':
        items.push({ depth: listDepth, parts: [] });
        continue;
      case 'list_item_close': {
        const item = items.pop();
        if (item) {
          const text = cleanText(item.parts.join(' '));
          if (text !== '') out.listItems.push({ depth: item.depth, text });
        }
        continue;
      }
      case 'heading_open':
        heading = Number(token.tag.slice(1));
        continue;
      case 'heading_close':
        heading = undefined;
        continue;
      case 'table_open':
        table = [];
        continue;
      case 'table_close':
        if (table && table.length > 0) out.tables.push(table);
        table = undefined;
        continue;
      case 'tr_open':
        row = [];
        continue;
      case 'tr_close':
        if (table && row) table.push(row);
        row = undefined;
        continue;
      case 'fence':
      case 'code_block': {
        const language = token.info.trim().split(/\s+/)[0] ?? '';
        out.code.push({ text: cleanCode(token.content), language: language.toLowerCase() });
        continue;
      }
      case 'math_block':
        out.formulas.push(cleanText(token.content));
        continue;
      case 'footnote_open':
        footnote = [];
        noteBlockEnded = false;
        continue;
      case 'footnote_close':
        if (footnote) {
          const text = cleanText(footnote.join(' '));
          if (text !== '') out.footnotes.push(text);
        }
        footnote = undefined;
        continue;
      case 'paragraph_close':
        // A note is compared by its first paragraph with text (see `noteBlockEnded`), as the HTML reader's.
        if (footnote && cleanText(footnote.join(' ')) !== '') noteBlockEnded = true;
        continue;
      case 'inline':
        break;
      default:
        continue;
    }
    // An inline token: its text goes to what holds it; its images, links and formulas are elements.
    const text = inlineText(token);
    if (heading !== undefined) {
      const clean = cleanText(text);
      if (clean !== '') out.headings.push({ level: heading, text: clean });
    } else if (row) row.push(cleanText(cellText(token, env)));
    else {
      if (footnote && !noteBlockEnded) footnote.push(text);
      // A list inside a note is a list too (its items, as the HTML reader reads them): Defuddle
      // writes a note's list unindented, after the notes, pith indents it under `[^n]:`.
      if (items.length > 0) items[items.length - 1].parts.push(text);
    }
    for (const child of token.children ?? []) {
      if (child.type === 'image') {
        const src = child.attrGet('src');
        if (src) out.images.push(cleanUrl(src, base));
      } else if (child.type === 'link_open') {
        const href = child.attrGet('href');
        if (href) out.links.push(cleanUrl(href, base));
      } else if (child.type === 'math_inline') {
        out.formulas.push(cleanText(child.content));
      }
    }
  }
  return out;
}

// ── from HTML ────────────────────────────────────────────────────────────────

const HEADINGS = [TAG.h1, TAG.h2, TAG.h3, TAG.h4, TAG.h5, TAG.h6];
const LISTS = new Set<number>([TAG.ul, TAG.ol]);
/**
 * What a list item's text leaves out, as the Markdown reader does (there, only an item's inline
 * text is its text): nested lists, code blocks, tables and headings, each an element of its own.
 */
const NOT_ITEM_TEXT = new Set<number>([...LISTS, TAG.pre, TAG.table, ...HEADINGS, TAG.rt, TAG.rp]);
/** Ruby readings: a browser shows them over the base text, a reader reads the base (as the Markdown writes it). */
const NOT_TEXT = new Set<number>([TAG.rt, TAG.rp]);

/**
 * The raw text of a subtree (for `<pre>`): text nodes as they are, a line break at `<br>` and
 * where a block starts or ends (a browser sets a `<div>` inside a `<pre>` on lines of its own).
 */
function rawText(doc: Doc, node: number): string {
  const parts: string[] = [];
  const stop = doc.end(node);
  const blockEnds: number[] = [];
  const newLine = () => {
    const last = parts.length > 0 ? parts[parts.length - 1] : '\n';
    if (!last.endsWith('\n')) parts.push('\n');
  };
  for (let at = node + 1; at < stop; at++) {
    while (blockEnds.length > 0 && at >= blockEnds[blockEnds.length - 1]) {
      blockEnds.pop();
      newLine();
    }
    if (doc.isText(at) && !doc.columns.hidden[at]) parts.push(doc.text(at));
    else if (doc.tag(at) === TAG.br) parts.push('\n');
    else if (doc.isElement(at) && IS_BLOCK[doc.tag(at)]) {
      newLine();
      blockEnds.push(doc.end(at));
    }
  }
  const text = parts.join('');
  return text.startsWith('\n') ? text.slice(1) : text;
}

/** A footnote mark (`role="doc-noteref"`, as pith's HTML and Pandoc write them): no text, no link, as in Markdown. */
function isNoteReference(doc: Doc, node: number): boolean {
  return doc.tag(node) === TAG.a && doc.attr(node, 'role') === 'doc-noteref';
}

/**
 * The visible text of a subtree without the subtrees of `skip` elements (nested lists, …): as
 * `Doc.textContent`, a space at block boundaries only (`1.<cite>Xie</cite>` reads "1.Xie").
 */
function textWithout(doc: Doc, node: number, skip: ReadonlySet<number>): string {
  const parts: string[] = [];
  const stop = doc.end(node);
  const blockEnds: number[] = [];
  for (let at = node + 1; at < stop; at++) {
    while (blockEnds.length > 0 && at >= blockEnds[blockEnds.length - 1]) {
      blockEnds.pop();
      parts.push(' ');
    }
    if (doc.isElement(at)) {
      if (skip.has(doc.tag(at)) || doc.isHiddenContent(at) || isNoteReference(doc, at)) {
        if (IS_BLOCK[doc.tag(at)]) parts.push(' ');
        at = doc.end(at) - 1;
      } else if (IS_BLOCK[doc.tag(at)]) {
        parts.push(' ');
        blockEnds.push(doc.end(at));
      }
    } else if (doc.isText(at) && !doc.columns.hidden[at]) parts.push(doc.text(at));
  }
  return cleanText(parts.join(''));
}

/**
 * A note's first paragraph (as the Markdown reader compares notes): its first block child's text
 * when it opens with a block, else its inline text up to its first block.
 */
function firstParagraphText(doc: Doc, note: number): string {
  const stop = doc.end(note);
  for (let child = note + 1; child < stop; child = doc.end(child)) {
    if (!doc.isElement(child) || !IS_BLOCK[doc.tag(child)]) continue;
    // The first block child: the note opens with it (its text), or it ends the note's inline text.
    const inline = textWithin(doc, note, child);
    if (inline !== '') return inline;
    const text = textWithout(doc, child, NOT_TEXT);
    if (text !== '') return text;
  }
  return textWithout(doc, note, NOT_TEXT);
}

/** `textWithout(doc, node, NOT_TEXT)` of the nodes of `node` before `stop` (a child of it). */
function textWithin(doc: Doc, node: number, stop: number): string {
  const parts: string[] = [];
  for (let at = node + 1; at < stop; at++) {
    if (doc.isElement(at)) {
      if (NOT_TEXT.has(doc.tag(at)) || doc.isHiddenContent(at) || isNoteReference(doc, at)) {
        at = doc.end(at) - 1;
      } else if (IS_BLOCK[doc.tag(at)]) parts.push(' ');
    } else if (doc.isText(at) && !doc.columns.hidden[at]) parts.push(doc.text(at));
  }
  return cleanText(parts.join(''));
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/;

function htmlLanguage(doc: Doc, pre: number): string {
  for (const node of [pre, doc.findFirst(TAG.code, pre)]) {
    if (node <= 0) continue;
    const match = LANGUAGE_CLASS.exec(doc.attr(node, 'class') ?? '');
    if (match) return match[1].toLowerCase();
  }
  return '';
}

/** The TeX of a `<math>`: its `application/x-tex` annotation, else its `alttext`, else ''. */
function mathTex(doc: Doc, math: number): string {
  const stop = doc.end(math);
  for (let at = math + 1; at < stop; at++) {
    if (doc.tagName(at) === 'annotation' && /tex/i.test(doc.attr(at, 'encoding') ?? '')) {
      return cleanText(doc.textContent(at));
    }
  }
  return cleanText(doc.attr(math, 'alttext') ?? '');
}

/** The elements of an HTML document or fragment; `base` resolves relative URLs. */
export function htmlElements(html: string, base?: string): Elements {
  const doc = parseHtml(html, { url: base });
  const out = emptyElements();
  const lists: number[] = [];
  const tables: { end: number; rows: TableCell[][] }[] = [];
  let notesEnd = -1;
  /** The end of the `<caption>` being read. */
  let captionEnd = -1;
  for (let at = 1; at < doc.size; at++) {
    while (lists.length > 0 && lists[lists.length - 1] <= at) lists.pop();
    while (tables.length > 0 && tables[tables.length - 1].end <= at) {
      const table = tables.pop() as { rows: TableCell[][] };
      if (table.rows.length > 0) out.tables.push(onGrid(table.rows));
    }
    if (!doc.isElement(at)) continue;
    if (doc.isHiddenContent(at)) {
      at = doc.end(at) - 1;
      continue;
    }
    const tag = doc.tag(at);
    const level = HEADINGS.indexOf(tag);
    if (level >= 0) {
      const text = textWithout(doc, at, NOT_TEXT);
      if (text !== '') {
        const heading: Heading = { level: level + 1, text };
        if (tables.length > 0 && at >= captionEnd) heading.inTable = true;
        out.headings.push(heading);
      }
    } else if (tag === TAG.pre) {
      out.code.push({ text: cleanCode(rawText(doc, at)), language: htmlLanguage(doc, at) });
      at = doc.end(at) - 1;
    } else if (LISTS.has(tag)) {
      lists.push(doc.end(at));
    } else if (tag === TAG.li && at < notesEnd) {
      // A note of the endnotes (pith's HTML writes its footnotes so): a footnote, as in Markdown.
      if (doc.tag(doc.parent(doc.parent(at))) === TAG.section) {
        const text = firstParagraphText(doc, at);
        if (text !== '') out.footnotes.push(text);
      } else {
        // An item of a list inside a note: a list item, its depth counted without the notes' list.
        const text = textWithout(doc, at, NOT_ITEM_TEXT);
        if (text !== '') out.listItems.push({ depth: Math.max(0, lists.length - 2), text });
      }
    } else if (tag === TAG.li) {
      const text = textWithout(doc, at, NOT_ITEM_TEXT);
      if (text !== '') {
        const item: ListItem = { depth: Math.max(0, lists.length - 1), text };
        if (tables.length > 0 && at >= captionEnd) item.inTable = true;
        out.listItems.push(item);
      }
    } else if (tag === TAG.table) {
      tables.push({ end: doc.end(at), rows: [] });
    } else if (tag === TAG.caption && tables.length > 0) {
      // A caption's headings title the table, outside its cells: the Markdown writes them so.
      captionEnd = doc.end(at);
    } else if (tag === TAG.tr && tables.length > 0) {
      const cells: TableCell[] = [];
      for (const cell of doc.children(at)) {
        if (doc.tag(cell) === TAG.td || doc.tag(cell) === TAG.th)
          cells.push({
            text: textWithout(doc, cell, NOT_TEXT),
            colspan: spanOf(doc.attr(cell, 'colspan'), 1, MAX_COLUMNS),
            rowspan: spanOf(doc.attr(cell, 'rowspan'), 1, MAX_ROWS),
          });
      }
      tables[tables.length - 1].rows.push(cells);
    } else if (tag === TAG.img && doc.attr(at, 'role') === 'math') {
      // A picture of a formula, its TeX the alt text (pith's HTML marks them so): a formula, as in Markdown.
      const formula = cleanText(doc.attr(at, 'alt') ?? '');
      if (formula !== '') out.formulas.push(formula);
    } else if (tag === TAG.img) {
      const srcset = doc.attr(at, 'srcset');
      // An image with a srcset and no src (Readability's lazy-image-2 keeps 55 so) is its last
      // candidate, the others its aliases; it was not counted before.
      const src = doc.attr(at, 'src') || (srcset ? parseSrcset(srcset).at(-1)?.url : undefined);
      if (src) {
        const image = cleanUrl(src, base);
        out.images.push(image);
        // Its other names: its srcset's candidates, a lazy loader's file (Readability's wapo-1 keeps
        // `data-hi-res-src`, which pith writes), a `<picture>`'s sources (a browser shows one of them).
        for (const url of imageNames(doc, at)) {
          const alias = cleanUrl(url, base);
          out.imageAliases ??= Object.create(null) as Record<string, string>;
          // own-keys: a table without a prototype (a srcset URL may be '__proto__')
          if (alias !== image && !Object.hasOwn(out.imageAliases, alias)) out.imageAliases[alias] = image;
        }
      }
    } else if (tag === TAG.section && doc.attr(at, 'role') === 'doc-endnotes') {
      notesEnd = doc.end(at);
    } else if (isNoteReference(doc, at)) {
      at = doc.end(at) - 1;
    } else if (tag === TAG.a) {
      const href = doc.attr(at, 'href');
      if (href) out.links.push(cleanUrl(href, base));
    } else if (tag === TAG.math) {
      const formula = mathTex(doc, at);
      if (formula !== '') out.formulas.push(formula);
      at = doc.end(at) - 1;
    }
  }
  while (tables.length > 0) {
    const table = tables.pop() as { rows: TableCell[][] };
    if (table.rows.length > 0) out.tables.push(onGrid(table.rows));
  }
  return out;
}

/** A `<source srcset>` or a lazy loader's `data-srcset` / `data-lazy-srcset` (issue 41). */
const SOURCE_SRCSET = /^(?:data-(?:lazy-)?)?srcset$/;
/** An `<img>`'s own names: `src`, `srcset`, and a lazy loader's (`data-src`, `data-lazy-srcset`, `data-original`, …). */
const IMAGE_NAME = /^(?:src|srcset|data-[\w-]*src(?:set)?|data-original)$/;

/**
 * Every URL an `<img>` names (not `data:`): its `src`, a lazy loader's file and the candidates of
 * its srcsets in the order of its attributes, then the candidates of its `<picture>`'s `<source>`s.
 */
function imageNames(doc: Doc, img: number): string[] {
  const out: string[] = [];
  const add = (url: string) => {
    const trimmed = url.trim();
    // Not a `data:` picture, nor a lazy loader's JSON record (MSN's `data-src="{…}"`): no file's name.
    if (trimmed !== '' && !/^(?:data:|[{[])/i.test(trimmed)) out.push(trimmed);
  };
  const addSrcset = (srcset: string) => {
    for (const candidate of parseSrcset(srcset)) add(candidate.url);
  };
  for (const [name, value] of Object.entries(doc.attributes(img))) {
    if (!IMAGE_NAME.test(name)) continue;
    if (name.endsWith('srcset')) addSrcset(value);
    else add(value);
  }
  const parent = doc.parent(img);
  if (doc.tag(parent) === TAG.picture)
    for (const source of doc.children(parent)) {
      if (doc.tag(source) !== TAG.source) continue;
      for (const [name, value] of Object.entries(doc.attributes(source)))
        if (SOURCE_SRCSET.test(name)) addSrcset(value);
    }
  return out;
}

/**
 * Every `<picture>` of a page, its names as one (issue 41): each URL its `<img>` or its `<source>`s
 * name (`src`, a candidate of a `srcset`, a lazy loader's attribute) → the first of them, the
 * picture's name. A browser shows any one of them: Defuddle's expected Markdown names the first
 * source's widest candidate, Readability's and pith's the `<img>`'s. Read on the page, not on a
 * gold, and applied to gold and output alike, so that two conventions for one picture are one
 * element while another picture's file is still a miss. A URL two pictures name (a shared
 * placeholder) names neither; a `data:` URL names nothing.
 */
export function pictureAliases(html: string, base?: string): Record<string, string> | undefined {
  const doc = parseHtml(html, { url: base });
  const pictures: string[][] = [];
  const seen = new Map<string, number>();
  for (let at = 1; at < doc.size; at++) {
    if (!doc.isElement(at) || doc.tag(at) !== TAG.picture) continue;
    const urls: string[] = [];
    for (const img of doc.children(at)) {
      if (doc.tag(img) !== TAG.img) continue;
      for (const url of imageNames(doc, img)) {
        const clean = cleanUrl(url, base);
        if (!urls.includes(clean)) urls.push(clean);
      }
    }
    for (const url of urls) seen.set(url, (seen.get(url) ?? 0) + 1);
    pictures.push(urls);
  }
  let out: Record<string, string> | undefined;
  for (const urls of pictures) {
    const own = urls.filter((url) => seen.get(url) === 1);
    for (const url of own.slice(1)) {
      out ??= Object.create(null) as Record<string, string>;
      // own-keys: a table made with Object.create(null), so a page's URL cannot reach Object.prototype
      out[url] = own[0];
    }
  }
  return out;
}

/** Spans past these are read as these (a hostile `colspan` must not make a huge grid). */
const MAX_COLUMNS = 1000;
const MAX_ROWS = 65534;

/**
 * An HTML table's rows on the grid the Markdown writer lays a table on (`tableGrid`: a cell spanning
 * columns or rows leaves empty cells where it reaches), every row as wide as the widest. A GFM pipe
 * table cannot span (issue 41: Readability's `<th colspan="3">By changesets</th>` is the Markdown's
 * `| By changesets |  |  |`); read on the same grid, the two are one row.
 */
function onGrid(rows: readonly (readonly TableCell[])[]): string[][] {
  const grid = tableGrid(rows);
  let width = 0;
  for (const row of grid) width = Math.max(width, row.length);
  for (const row of grid) while (row.length < width) row.push('');
  return grid;
}
