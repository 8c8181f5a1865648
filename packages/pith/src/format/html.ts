import {
  type Doc,
  type Extraction,
  IS_BLOCK,
  IS_HIDDEN_CONTENT,
  NodeKind,
  TAG,
  tagId,
  tick,
} from '../dom/index.js';
import { codeHeaders, codeLanguage, GutterTest } from '../features/code/index.js';
import { videoEmbed } from '../features/embeds/index.js';
import {
  type Footnotes,
  footnotesOf,
  keepsNoteText,
  withoutLeadingLabel,
} from '../features/footnotes/index.js';
import {
  cachedTableFacts,
  DROPPED,
  IS_LIST,
  isUnrendered,
  keptText,
  listRoleTag,
  mapTextPieces,
  type PartialTables,
  partialTables,
  type TableFacts,
  withoutSoftHyphens,
} from './common.js';
import { isHeadingSelfLink, isHeadingTool } from './elements/headings.js';
import {
  figureImage,
  ImageRepeats,
  isPixel,
  isProgressiveThumbnail,
  keepsFigureText,
} from './elements/images.js';
import { formulaRole, mayHoldFormulas } from './elements/math.js';
import { TitleSearch } from './title.js';
import type { HtmlOptions } from './types.js';
import { baseUrlOf, imageNames, imageSource, safeUrl } from './url.js';

/**
 * Elements that may appear in the output, by input tag name → output tag name
 * (obsolete synonyms are renamed). Everything else is unwrapped: its kept
 * children are written without it.
 */
const OUTPUT_NAME: Readonly<Record<string, string>> = {
  // sections and grouping
  article: 'article',
  section: 'section',
  aside: 'aside',
  header: 'header',
  footer: 'footer',
  main: 'main',
  nav: 'nav',
  address: 'address',
  div: 'div',
  center: 'div',
  p: 'p',
  hgroup: 'hgroup',
  // The title is the document's one <h1> (printed or not): a body's <h1> is an <h2>, as Readability writes it.
  h1: 'h2',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  hr: 'hr',
  blockquote: 'blockquote',
  figure: 'figure',
  figcaption: 'figcaption',
  details: 'details',
  summary: 'summary',
  // lists
  ul: 'ul',
  ol: 'ol',
  menu: 'ul',
  dir: 'ul',
  li: 'li',
  dl: 'dl',
  dt: 'dt',
  dd: 'dd',
  // code
  pre: 'pre',
  xmp: 'pre',
  listing: 'pre',
  plaintext: 'pre',
  code: 'code',
  tt: 'code',
  kbd: 'kbd',
  samp: 'samp',
  var: 'var',
  // tables
  table: 'table',
  caption: 'caption',
  colgroup: 'colgroup',
  col: 'col',
  thead: 'thead',
  tbody: 'tbody',
  tfoot: 'tfoot',
  tr: 'tr',
  th: 'th',
  td: 'td',
  // text-level semantics
  a: 'a',
  abbr: 'abbr',
  b: 'b',
  bdi: 'bdi',
  bdo: 'bdo',
  br: 'br',
  cite: 'cite',
  data: 'data',
  del: 'del',
  dfn: 'dfn',
  em: 'em',
  i: 'i',
  ins: 'ins',
  mark: 'mark',
  q: 'q',
  ruby: 'ruby',
  rp: 'rp',
  rt: 'rt',
  s: 's',
  strike: 's',
  small: 'small',
  strong: 'strong',
  sub: 'sub',
  sup: 'sup',
  time: 'time',
  u: 'u',
  wbr: 'wbr',
  img: 'img',
  image: 'img',
};

/** Output elements that can hold paragraphs (where loose text gets wrapped in `<p>`). */
const FLOW = new Set([
  'article',
  'section',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'div',
  'blockquote',
  'figure',
  'figcaption',
  'details',
  'li',
  'dd',
  'td',
  'th',
  'caption',
]);
/** Output elements that are phrasing content (may sit inside a paragraph). */
const PHRASING = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'ins',
  'kbd',
  'mark',
  'q',
  'ruby',
  'rp',
  'rt',
  's',
  'samp',
  'small',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);
const VOID_OUTPUT = new Set(['br', 'hr', 'img', 'wbr', 'col']);
const HEADING_OUTPUT = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements written only inside a table that is written. */
const TABLE_PART = new Set(['caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);

// Attribute allow-lists. URL attributes are checked apart.
const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir'];
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  time: ['datetime'],
  data: ['value'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  blockquote: ['cite'],
  q: ['cite'],
  details: ['open'],
  code: ['class'],
};

/** The allow-list as data (tags written, attributes per tag, on every tag), for tools that compare it. */
export const HTML_ALLOW_LIST: {
  readonly tags: readonly string[];
  readonly globalAttributes: readonly string[];
  readonly attributes: Readonly<Record<string, readonly string[]>>;
} = Object.freeze({
  tags: [...new Set(Object.values(OUTPUT_NAME))],
  globalAttributes: GLOBAL_ATTRIBUTES,
  attributes: ATTRIBUTES,
});
const INTEGER = /^\s*-?\d{1,9}\s*$/;
const DIMENSION = /^\s*\d{1,5}\s*$/;
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
const LANGUAGE_CLASS = /^language-[\w+#.-]{1,40}$/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from the output.
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000B\u000E-\u001F\u007F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from the output.
const ATTRIBUTE_SPECIAL = /[&<>"\u0000-\u0008\u000B\u000E-\u001F\u007F]/g;
const ASCII_WHITESPACE_RUN = /[\t\n\f\r ]+/g;

function escapeSpecial(char: string): string {
  switch (char) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '"':
      return '&quot;';
    default:
      return '';
  }
}
/** Escapes text content (and drops control characters HTML does not allow). */
export function escapeHtmlText(text: string): string {
  return text.replace(TEXT_SPECIAL, escapeSpecial);
}
/** Escapes a double-quoted attribute value. */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(ATTRIBUTE_SPECIAL, escapeSpecial);
}

interface OutputFrame {
  /** One past the last descendant of the element. */
  end: number;
  /** Closing tag to write; '' for an unwrapped block (a boundary between runs of text). */
  close: string;
  /** May hold paragraphs. */
  flow: boolean;
  pre: boolean;
  link: boolean;
  heading: boolean;
  phrasing: boolean;
  /** Unwrapped blocks currently open directly inside this element. */
  unwrapped: number;
  /** A `<p>` opened to hold loose text is open in this element. */
  looseOpen: boolean;
  /** For a written `<ul>`/`<ol>`: how to open it again after an item it closed for (see `aroundItem`). */
  list?: ListFrame;
}

interface ListFrame {
  /** The opening tag, without `start`. */
  open: string;
  ordered: boolean;
  /** The number of the first item (`start`, 1 by default). */
  start: number;
  /** Items written so far. */
  items: number;
  /** Closed before an unkept item: opened again at the next kept one. */
  suspended: boolean;
}

function frame(end: number, close: string, name: string): OutputFrame {
  return {
    end,
    close,
    flow: FLOW.has(name),
    pre: name === 'pre',
    link: name === 'a',
    heading: HEADING_OUTPUT.has(name),
    phrasing: PHRASING.has(name),
    unwrapped: 0,
    looseOpen: false,
  };
}

/** A written list's state for `aroundItem`: its opening tag without `start`, and its first number. */
function listFrame(doc: Doc, node: number, name: string, attributes: string): ListFrame {
  const startValue = doc.attr(node, 'start');
  const start =
    name === 'ol' && startValue !== undefined && INTEGER.test(startValue) ? Number(startValue) : 1;
  return {
    open: `<${name}${attributes.replace(/ start="[^"]*"/, '')}`,
    ordered: name === 'ol',
    start,
    items: 0,
    suspended: false,
  };
}

/** Output name by input tag id ('' when the element is not written). */
const OUTPUT_BY_TAG: string[] = (() => {
  const table = new Array<string>(IS_BLOCK.length).fill('');
  for (const [input, output] of Object.entries(OUTPUT_NAME)) table[tagId(input)] = output;
  table[0] = '';
  return table;
})();

const COLLAPSIBLE = /[\t\n\f\r]| {2}/;
const collapseAsciiWhitespace = (text: string) => text.replace(ASCII_WHITESPACE_RUN, ' ');
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from the output.
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * The kept content as sanitised HTML (a fragment, no `<html>`/`<body>`).
 *
 * - Only allow-listed elements are written (sections, headings, paragraphs,
 *   lists, quotes, figures, code, tables, details/summary, images, links and
 *   text-level semantics); obsolete synonyms are renamed (`<tt>` → `<code>`,
 *   `<center>` → `<div>`, `<strike>` → `<s>`…). Others are unwrapped; scripts,
 *   styles, templates, SVG, iframes, objects, embeds and form controls are
 *   dropped with their content.
 * - Attributes are allow-listed per element (`href`, `src`, `alt`, `title`,
 *   `width`/`height`, `colspan`/`rowspan`, `lang`, `dir`, `datetime`, `cite`,
 *   `start`, `class` only as `language-*` on `<code>`); numbers are checked, and
 *   every other attribute (event handlers, `style`, `srcdoc`, `formaction`, `id`…)
 *   is removed.
 * - URLs keep only http(s), mailto, tel and ftp (and `data:image/` rasters for
 *   images); relative URLs are made absolute when a base is known. Links with an
 *   unsafe or missing href are unwrapped; images without a usable source dropped.
 * - Elements that are not kept unwrap; where an unwrapped block separates runs
 *   of loose text, each run is wrapped in a `<p>` so block boundaries survive.
 * - Text and attribute values are escaped; whitespace is collapsed outside `<pre>`;
 *   every element is closed, void elements are written as `<br>`.
 * - The same structure as the Markdown (bench/format/consistency.ts checks it): layout tables
 *   unwrap, a list is written around its kept items, a heading's edit link and permalink and
 *   empty links are left out; footnotes are marks `<sup><a href="#fn-1" role="doc-noteref">1</a></sup>`
 *   and notes after the body in `<section role="doc-endnotes"><ol><li id="fn-1">`; a picture of
 *   a formula (its TeX the alt text) has `role="math"`.
 */
export function toHtml(extraction: Extraction, options: HtmlOptions = {}): string {
  return new HtmlWriter(extraction, options, undefined, footnotesOf(extraction.doc)).run();
}

/** `toHtml` over the nodes `start … stop - 1` only (for the comments' parts). */
export function toHtmlRange(
  extraction: Extraction,
  options: HtmlOptions,
  range: { start: number; stop: number },
): string {
  return new HtmlWriter(extraction, options).run(range);
}

/** One opening tag (its name captured). */
const OPENING_TAG = /^<([a-z][a-z0-9]*)(?:\s[^>]*)?>$/;
/** Tags that write nothing a reader sees (all but an image's and a rule's). */
const UNSEEN_TAGS = /<(?!(?:img|hr)[\s>])\/?[a-z][^>]*>/g;
/** Elements whose blocks the Markdown writes behind a prefix (a heading there is part of a quote or an item). */
const CONTAINER_CLOSE = new Set(['</li>', '</blockquote>', '</dd>', '</td>', '</th>']);

/** Output that a reader sees nothing of. */
function unseen(html: string): boolean {
  return html.replace(UNSEEN_TAGS, '').trim() === '';
}

/** Text, or an element that is not a block. */
function isInline(doc: Doc, node: number): boolean {
  return doc.isText(node) || (doc.isElement(node) && !IS_BLOCK[doc.tag(node)]);
}

/** The text node has inline siblings on both sides (so whitespace there is a space on screen); comments are not there. */
function betweenInlines(doc: Doc, node: number): boolean {
  const { kind } = doc.columns;
  let next = doc.nextSibling(node);
  while (next >= 0 && kind[next] === NodeKind.Comment) next = doc.nextSibling(next);
  if (next < 0 || !isInline(doc, next)) return false;
  const up = doc.parent(node);
  let previous = node - 1;
  for (;;) {
    if (previous === up) return false;
    while (doc.parent(previous) !== up) previous = doc.parent(previous);
    if (kind[previous] !== NodeKind.Comment) return isInline(doc, previous);
    previous--;
  }
}

/**
 * A whitespace-only text node the selection skipped is a space on screen when it sits between
 * inline content of a kept element: directly, or as all there is of inline elements there (a
 * Word page's `<span>1.</span><span>&nbsp; </span><b>Risk</b>` reads "1. Risk", as the Markdown
 * writes it).
 */
function gapBetweenInlines(doc: Doc, kept: Uint8Array, node: number): boolean {
  for (let at = node; ; ) {
    const up = doc.parent(at);
    if (up <= 0) return false;
    if (betweenInlines(doc, at)) return kept[up] === 1;
    if (!isInline(doc, up)) return false;
    at = up;
  }
}

class HtmlWriter {
  private readonly doc: Doc;
  /** The selection's flags (plus the header rows of tables kept in part, in the body's walk). */
  private kept: Uint8Array;
  private readonly base: string | undefined;
  private readonly out: string[] = [];
  private readonly root = frame(0, '', 'div');
  private readonly frames: OutputFrame[];
  /** Written elements, innermost last (the root first). */
  private readonly emitted: OutputFrame[];
  private preDepth = 0;
  private linkDepth = 0;
  /** Headings open (their edit links and permalinks are left out, as in the Markdown). */
  private headingDepth = 0;
  /** Text or an image was written (so a title paragraph is no longer the first thing). */
  private wroteContent = false;
  /** Which heading or first paragraph repeats the title (left out). */
  private readonly title: TitleSearch;
  private readonly imageRepeats = new ImageRepeats();
  private readonly tables: TableFacts;
  private readonly gutters: GutterTest;
  /** Data tables kept in part, written as tables of their kept rows (as in the Markdown; see `partialTables`). */
  private partial: PartialTables | undefined;
  /** Text characters and blocks written, for how far the title search goes. */
  private textChars = 0;
  private blocksClosed = 0;
  /** Labels of the notes whose marks were written, by note index (in the order of their first mark). */
  private readonly noteLabels = new Map<number, number>();
  /** Notes met in the walk with kept content (written at the end even when no mark of theirs was). */
  private readonly notesMet = new Set<number>();
  /** In a note's walk: its label, until its first text (which may start with it). */
  private noteLabel: string | undefined;

  constructor(
    private readonly extraction: Extraction,
    private readonly options: HtmlOptions,
    /** What a note's walk writes (the selection, plus the notes). */
    kept?: Uint8Array,
    /** The page's footnotes: found for the body, given to a note's walk; none for a part. */
    private readonly footnotes?: Footnotes,
    private readonly inNote = false,
  ) {
    this.doc = extraction.doc;
    this.tables = cachedTableFacts(this.doc);
    this.gutters = new GutterTest(this.doc);
    this.kept = kept ?? extraction.selection.kept;
    this.base = baseUrlOf(this.doc, options.url);
    this.root.end = this.doc.size;
    this.frames = [this.root];
    this.emitted = [this.root];
    this.title = new TitleSearch(options);
  }

  run(range?: { start: number; stop: number }): string {
    // The body only (a note's walk and a part's have none), as the Markdown.
    if (range === undefined && !this.inNote) {
      this.partial = partialTables(this.doc, this.kept, this.tables);
      this.kept = this.partial.kept;
    }
    const { doc, kept, out, frames, emitted, options } = this;
    const { kind, tag, end, hidden, parent, textLength } = doc.columns;
    const links = options.links !== false;
    if (TitleSearch.prints(options)) {
      out.push(
        `<h1>${escapeHtmlText((options.title as string).replace(ASCII_WHITESPACE_RUN, ' ').trim())}</h1>\n`,
      );
    }
    const size = range ? Math.min(range.stop, doc.size) : doc.size;
    for (let at = range ? Math.max(range.start, 1) : 1; at < size; at++) {
      tick('output');
      while (frames[frames.length - 1].end <= at) this.close(frames.pop() as OutputFrame);
      const nodeKind = kind[at];
      if (nodeKind === NodeKind.Text) {
        if (hidden[at]) continue;
        // Whitespace between two inline elements of a kept element is a space on
        // screen even when the selection (which chooses text with words) skipped it.
        if (
          !kept[at] &&
          (textLength[at] !== 0 ||
            (this.preDepth === 0 ? !gapBetweenInlines(doc, kept, at) : !kept[parent[at]]))
        )
          continue;
        // Soft hyphens leave the text in every format (the text, Markdown and titles drop them too).
        let text = withoutSoftHyphens(doc.text(at));
        if (this.noteLabel !== undefined && text.trim() !== '') {
          text = withoutLeadingLabel(text, this.noteLabel);
          this.noteLabel = undefined;
        }
        if (this.preDepth === 0) {
          // In pieces with deadline checks between them: a text node can be megabytes (common.ts).
          if (COLLAPSIBLE.test(text)) text = mapTextPieces(text, collapseAsciiWhitespace);
          if (text === ' ') {
            const owner = emitted[emitted.length - 1];
            // Whitespace between blocks is noise; inside a line it separates words.
            if (owner.flow && !owner.looseOpen && owner.unwrapped > 0) continue;
          } else this.beforeInline();
        }
        if (text !== '') out.push(NEEDS_ESCAPE.test(text) ? mapTextPieces(text, escapeHtmlText) : text);
        if (text !== ' ') this.wroteContent = true;
        // Kept text, even a space between cells, parts two images (as in the Markdown's walk).
        if (kept[at]) this.imageRepeats.text();
        this.textChars += text.length;
        continue;
      }
      if (nodeKind !== NodeKind.Element) continue;
      const t = tag[at];
      if (this.footnotes !== undefined) {
        const skipTo = this.onFootnotes(this.footnotes, at);
        if (skipTo > 0) {
          at = skipTo - 1;
          continue;
        }
      }
      if (DROPPED[t]) {
        if (t === TAG.iframe && kept[at] && links && this.preDepth === 0 && this.linkDepth === 0)
          this.onVideo(at);
        if (IS_BLOCK[t] && !IS_HIDDEN_CONTENT[t]) this.boundary();
        at = end[at] - 1;
        continue;
      }
      if (t === TAG.unknown && kept[at] && videoEmbed(doc, at) !== undefined) {
        // A lite player (`<lite-youtube videoid>`): the video's link, its poster left out (as in the Markdown).
        if (links && this.preDepth === 0 && this.linkDepth === 0) this.onVideo(at);
        at = end[at] - 1;
        continue;
      }
      if (
        this.gutters.is(at) ||
        codeHeaders(doc).has(at) ||
        isUnrendered(doc, at, t) ||
        (this.headingDepth > 0 && isHeadingTool(doc, at))
      ) {
        // Line numbers of a code listing, MathML annotations, a heading's `[edit]` or `¶`: not part of the text read.
        at = end[at] - 1;
        continue;
      }
      // `<div role="list">` and its `role="listitem"` children are written as `<ul>` and `<li>`.
      const listTag = listRoleTag(doc, at, t);
      if (listTag === TAG.li) this.aroundItem(at);
      // A list is written when it holds an item that is (the Markdown's rule: only kept items are items).
      const items = IS_LIST[listTag] ? this.keptItems(at) : undefined;
      let name = (items === undefined ? kept[at] : items !== 'none') ? OUTPUT_BY_TAG[listTag] : '';
      // A data table kept in part: the table, its written rows, their cells and sections (`partialTables`).
      const partial = this.partial;
      if (
        partial !== undefined &&
        partial.tables.size > 0 &&
        (t === TAG.table || TABLE_PART.has(OUTPUT_BY_TAG[t]))
      ) {
        const table = t === TAG.table ? at : doc.closest(at, TAG.table);
        if (partial.tables.has(table)) name = table === at || partial.parts.has(at) ? OUTPUT_BY_TAG[t] : '';
      }
      // A layout table (and the rows and cells of one) unwraps: its cells are blocks, as in the Markdown.
      if (name === 'table' ? !this.isDataTable(at) : TABLE_PART.has(name) && !this.inDataTable(at)) name = '';
      let attributes: string | undefined;
      // A heading's link to its own fragment, its whole text (MDN): the text alone, as in the Markdown.
      if (name === 'a' && this.headingDepth > 0 && isHeadingSelfLink(doc, at)) name = '';
      if (name !== '') attributes = attributesOf(doc, at, name, this.base);
      if (name === 'img') {
        const source = this.writtenImageSource(at);
        if (source === undefined || attributes === undefined) continue;
        // The same picture again with no text between (a lazy image's <noscript> copy): once.
        if (this.imageRepeats.repeats(source, imageNames(doc, at, this.base))) continue;
        // A picture of a formula (its TeX the alt text, which the Markdown writes as `$…$`): ARIA's math role.
        if (this.mayHoldFormulas() && formulaRole(doc, at) !== undefined) attributes += ' role="math"';
      }
      // A link with nothing written in it (its image a pixel) is no link, as in the Markdown.
      if (name === 'a' && (!links || this.linkDepth > 0 || !this.writesContent(at))) attributes = undefined;
      if (
        this.title.searching &&
        (HEADING_OUTPUT.has(name) || (name === 'p' && !this.wroteContent)) &&
        this.title.reaches(this.blocksClosed, this.textChars) &&
        this.title.repeatedBy(keptText(doc, kept, at, this.title.longestCandidate), HEADING_OUTPUT.has(name))
      ) {
        // A heading after a few short blocks at most, or a first paragraph, that repeats the title.
        at = end[at] - 1;
        continue;
      }
      if (attributes === undefined) {
        // Unwrapped: a block still separates the text around it (<html> and <body> hold everything).
        if (IS_BLOCK[t] && end[at] > at + 1 && t !== TAG.body && t !== TAG.html) {
          this.boundary();
          emitted[emitted.length - 1].unwrapped++;
          frames.push(frame(end[at], '', ''));
          if (t === TAG.figure) this.onFigure(at);
        } else if (t === TAG.br) {
          out.push('<br>');
        }
        continue;
      }
      if (name === 'img') this.wroteContent = true;
      const element = frame(end[at], `</${name}>`, name);
      if (element.phrasing) this.beforeInline();
      else this.beforeBlock();
      if (name === 'ul' || name === 'ol') {
        element.list = listFrame(doc, at, name, attributes);
        // Opened at its first kept item when the first is not (see `aroundItem`).
        element.list.suspended = items === 'later';
      }
      if (element.heading && this.headingDepth === 0) this.headingAt = out.length;
      if (!element.list?.suspended) out.push(`<${name}${attributes}>`);
      if (VOID_OUTPUT.has(name)) {
        if (!element.phrasing && this.preDepth === 0) out.push('\n');
        continue;
      }
      frames.push(element);
      emitted.push(element);
      if (element.pre) this.preDepth++;
      if (element.link) this.linkDepth++;
      if (element.heading) this.headingDepth++;
      if (t === TAG.figure) this.onFigure(at);
    }
    while (frames.length > 1) this.close(frames.pop() as OutputFrame);
    if (this.root.looseOpen) out.push('</p>');
    if (range === undefined && !this.inNote) this.dropTrailingHeadings();
    if (this.footnotes !== undefined && !this.inNote) this.writeNotes(this.footnotes);
    return out.join('').trim();
  }

  // ── footnotes (the Markdown's, written the DPUB-ARIA way) ────────────────

  /**
   * A mark (written `<sup><a href="#fn-1" role="doc-noteref">1</a></sup>`), a note (written at the
   * end), or a note's number or back-link (left out): where the walk goes on, or 0 when it does
   * not skip the element. The same reading as the Markdown's (blocks.ts).
   */
  private onFootnotes(footnotes: Footnotes, at: number): number {
    const doc = this.doc;
    if (this.inNote || !footnotes.noteAt.has(at)) {
      if (footnotes.skipped.has(at)) return doc.end(at);
      if (this.inNote) return 0;
    }
    const note = footnotes.marks.get(at);
    if (note !== undefined && this.preDepth === 0 && (this.kept[at] || this.kept[doc.parent(at)])) {
      let label = this.noteLabels.get(note);
      if (label === undefined) {
        label = this.noteLabels.size + 1;
        this.noteLabels.set(note, label);
      }
      this.beforeInline();
      this.out.push(`<sup><a href="#fn-${label}" role="doc-noteref">${label}</a></sup>`);
      this.wroteContent = true;
      // A space closing the mark's wrapper still separates the words around it.
      const last = doc.end(at) - 1;
      if (doc.isText(last) && /\s$/.test(doc.text(last))) this.out.push(' ');
      return doc.end(at);
    }
    const index = footnotes.noteAt.get(at);
    if (index === undefined) return 0;
    const { stop } = footnotes.notes[index];
    if (keepsNoteText(doc, this.kept, footnotes.notes[index])) this.notesMet.add(index);
    if (!footnotes.notes[index].inline) this.boundary();
    return stop;
  }

  /**
   * The notes after the body, as `<section role="doc-endnotes"><ol><li id="fn-1">…`: those of the
   * marks written (even when the selection left the note out), then the kept ones no mark points to.
   */
  private writeNotes(footnotes: Footnotes): void {
    for (const index of this.notesMet) {
      if (!this.noteLabels.has(index)) this.noteLabels.set(index, this.noteLabels.size + 1);
    }
    if (this.noteLabels.size === 0) return;
    const kept = this.kept.slice();
    for (const index of this.noteLabels.keys()) {
      const { start, stop } = footnotes.notes[index];
      kept.fill(1, start, stop);
    }
    const options = { ...this.options, dropTitle: false, printTitle: false };
    const items: string[] = [];
    for (const [index, label] of this.noteLabels) {
      const { start, stop } = footnotes.notes[index];
      // A note that is one element is its content (a note in an `<li>` is no list item).
      const range = stop === this.doc.end(start) ? { start: start + 1, stop } : { start, stop };
      const walk = new HtmlWriter(this.extraction, options, kept, footnotes, true);
      walk.noteLabel = footnotes.notes[index].label;
      const body = walk.run(range);
      if (body !== '') items.push(`<li id="fn-${label}">${body}</li>\n`);
    }
    if (items.length === 0) return;
    const last = this.out.length > 0 ? this.out[this.out.length - 1] : '\n';
    if (!last.endsWith('\n')) this.out.push('\n');
    this.out.push(`<section role="doc-endnotes"><ol>\n${items.join('')}</ol></section>`);
  }

  /** A kept video player (a YouTube iframe): a link to the video, its title the text (as in the Markdown). */
  private onVideo(node: number): void {
    const video = videoEmbed(this.doc, node);
    const href = video && safeUrl(video.url, this.base, 'link');
    if (video === undefined || href === undefined) return;
    this.beforeInline();
    this.out.push(`<a href="${escapeHtmlAttribute(href)}">${escapeHtmlText(video.title)}</a>`);
    this.wroteContent = true;
    this.imageRepeats.text();
  }

  private formulas: boolean | undefined;

  /** The kept part of the page may hold formulas (looked at once, at the first image). */
  private mayHoldFormulas(): boolean {
    this.formulas ??= mayHoldFormulas(this.doc, this.kept);
    return this.formulas;
  }

  /** Something of the subtree is written: kept text that is not only whitespace, or a picture. */
  private writesContent(node: number): boolean {
    const { doc, kept } = this;
    const stop = doc.end(node);
    for (let at = node + 1; at < stop; at++) {
      if (!kept[at]) continue;
      if (
        doc.isText(at)
          ? doc.text(at).trim() !== ''
          : doc.tag(at) === TAG.img && this.writtenImageSource(at) !== undefined
      )
        return true;
    }
    return false;
  }

  /**
   * The source of an image the walk writes, or undefined: images off, a pixel, or no source it may
   * write (a lazy image's `data:` placeholder: wcxb-dev/4609's card links held only that, and white
   * space). One rule for the walk and for whether a link holds anything.
   */
  /** A figure whose picture a script fills in: its picture first (the Markdown's `onFigure`). */
  private onFigure(figure: number): void {
    if (this.options.images === false) return;
    const src = safeUrl(figureImage(this.doc, figure), this.base, 'image');
    if (src === undefined || !keepsFigureText(this.doc, this.kept, figure)) return;
    if (this.imageRepeats.repeats(src, new Set())) return;
    this.beforeInline();
    this.out.push(`<img${htmlAttribute('src', src)} alt="">`);
    this.wroteContent = true;
  }

  private writtenImageSource(img: number): string | undefined {
    if (this.options.images === false || isPixel(this.doc, img) || isProgressiveThumbnail(this.doc, img))
      return undefined;
    return safeUrl(imageSource(this.doc, img), this.base, 'image');
  }

  /**
   * Where a list's first kept item is (notes aside): 'none' (the list is not written: only kept
   * items are items, the Markdown's rule; cleaneval/65, a kept list of unkept items holding lists),
   * 'first' (no unkept item that writes something comes before it), or 'later' (the list opens at
   * it: see `aroundItem`). Items wrapped in other elements count, as the Markdown reads them (WCXB
   * 0149: `<ul><div><li>…</li></div>…</ul>`); a nested list's items are its own.
   */
  private keptItems(list: number): 'none' | 'first' | 'later' {
    const doc = this.doc;
    let first = true;
    const stop = doc.end(list);
    for (let at = list + 1; at < stop; at++) {
      if (!doc.isElement(at)) continue;
      const tag = listRoleTag(doc, at, doc.tag(at));
      if (tag === TAG.li && !this.footnotes?.noteAt.has(at)) {
        if (this.kept[at]) return first ? 'first' : 'later';
        if (first && this.writesContent(at)) first = false;
      }
      if (tag === TAG.li || IS_LIST[tag]) at = doc.end(at) - 1;
    }
    return 'none';
  }

  /** A table written as a table: kept (or kept in part, `partialTables`), no table (or heading, quote, rule, listing) inside, two cells or more. */
  private isDataTable(table: number): boolean {
    const tables = this.tables;
    return (
      (this.kept[table] === 1 || this.partial?.tables.has(table) === true) &&
      !tables.nested.has(table) &&
      (tables.cells.get(table) ?? 0) >= 2
    );
  }

  /** A row, cell or section of a table that is written as a table. */
  private inDataTable(node: number): boolean {
    const table = this.doc.closest(node, TAG.table);
    return table >= 0 && this.isDataTable(table);
  }

  /** Loose text at flow level after an unwrapped block goes in a `<p>`. */
  private beforeInline(): void {
    const owner = this.emitted[this.emitted.length - 1];
    if (owner.flow && owner.unwrapped > 0 && !owner.looseOpen) {
      this.out.push('<p>');
      owner.looseOpen = true;
    }
  }

  private beforeBlock(): void {
    const owner = this.emitted[this.emitted.length - 1];
    if (owner.looseOpen) {
      this.out.push('</p>');
      owner.looseOpen = false;
    }
  }

  /** An unwrapped block starts or ends: loose text on either side must not run together. */
  private boundary(): void {
    const out = this.out;
    const owner = this.emitted[this.emitted.length - 1];
    if (owner.looseOpen) {
      out.push('</p>');
      owner.looseOpen = false;
    } else if (!owner.flow && out.length > 0) {
      const last = out[out.length - 1];
      const code = last.charCodeAt(last.length - 1);
      if (code !== 32 && code !== 10 && code !== 62) out.push(' ');
    }
  }

  /**
   * An item the selection did not keep is no item (the Markdown's rule): its written list closes
   * before it, so that what is kept of it stands outside the list, and opens again (numbering on)
   * at the next kept item — as the Markdown writes it (a table of contents whose entries were
   * dropped but whose sub-lists were kept; wcxb-dev/4893, a review list of whole sections).
   */
  private aroundItem(item: number): void {
    const top = this.emitted[this.emitted.length - 1];
    const list = top.list;
    if (list === undefined || top.end !== this.doc.end(this.doc.parent(item))) return;
    if (this.footnotes?.noteAt.has(item)) return;
    const keptItem = this.kept[item] === 1;
    // An unkept item that writes nothing leaves the list as it is.
    if (keptItem === !list.suspended || (!keptItem && !this.writesContent(item))) {
      if (keptItem) list.items++;
      return;
    }
    if (top.looseOpen) {
      this.out.push('</p>');
      top.looseOpen = false;
    }
    if (keptItem) {
      const start = list.start + list.items;
      this.out.push(`${list.open}${list.ordered && start !== 1 ? ` start="${start}"` : ''}>`);
      list.items++;
    } else this.out.push(top.close, '\n');
    list.suspended = !keptItem;
  }

  private close(element: OutputFrame): void {
    const out = this.out;
    if (element.close === '') {
      this.boundary();
      this.emitted[this.emitted.length - 1].unwrapped--;
      return;
    }
    if (element.looseOpen) out.push('</p>');
    if (!element.list?.suspended) out.push(element.close);
    if (!element.phrasing) this.blocksClosed++;
    this.emitted.pop();
    if (element.pre) this.preDepth--;
    if (element.link) this.linkDepth--;
    if (element.heading) this.headingDepth--;
    if (this.preDepth === 0 && !element.phrasing) out.push('\n');
    if (
      element.heading &&
      this.headingDepth === 0 &&
      !this.emitted.some((open) => CONTAINER_CLOSE.has(open.close))
    )
      this.headings.push({ start: this.headingAt, stop: out.length, level: Number(element.close[3]) });
  }

  /** Where the heading being written starts in `out`. */
  private headingAt = 0;
  /** The headings written outside containers: where each starts and stops in `out`, its level. */
  private readonly headings: { start: number; stop: number; level: number }[] = [];

  /**
   * Headings with nothing seen after them go, as in the Markdown (blocks.ts,
   * `dropTrailingHeadings`): the last, and those before it followed only by headings of their
   * level or higher. Empty elements after it do not count (a form's emptied `<div>`). A body that
   * is headings alone keeps its first.
   */
  private dropTrailingHeadings(): void {
    const out = this.out;
    if (this.headings.length === 0) return;
    // Pieces are whole tags or escaped text, so a run of them is unseen when each piece is. Marked,
    // then left out in one pass: joining the run before each heading and splicing per heading cost
    // the square of the output (a body of 41,265 `<h2>`s: over a minute, fuzz seed 12, page 35).
    // The next piece not dropped, at or after an index (a piece is dropped when it does not point at
    // itself): a forest with its paths halved as it is walked, so that stepping over the dropped
    // pieces after a heading costs no more than once each.
    const next = new Int32Array(out.length + 1);
    for (let at = 0; at <= out.length; at++) next[at] = at;
    const nextKept = (from: number) => {
      let at = from;
      while (next[at] !== at) {
        next[at] = next[next[at]];
        at = next[at];
      }
      return at;
    };
    const drop = (at: number) => {
      next[at] = at + 1;
    };
    let firstSeen = 0;
    while (firstSeen < out.length && unseen(out[firstSeen])) firstSeen++;
    /** Every piece from here on that is not dropped is unseen (checked already). */
    let checkedFrom = out.length;
    let deepest = 0;
    let any = false;
    for (let index = this.headings.length - 1; index >= 0; index--) {
      const heading = this.headings[index];
      if (heading.level < deepest || heading.stop > checkedFrom) break;
      // Something seen before it (else it is the first of a body of headings), nothing after it.
      if (firstSeen >= heading.start) break;
      let seenAfter = false;
      for (let at = heading.stop; at < checkedFrom && !seenAfter; at++)
        seenAfter = next[at] === at && !unseen(out[at]);
      if (seenAfter) break;
      for (let at = heading.start; at < heading.stop; at++) drop(at);
      any = true;
      // Wrappers that held the heading alone (MediaWiki's `<div class="mw-heading">`) go with it,
      // each with the line break after its end tag.
      let before = heading.start - 1;
      let after = nextKept(heading.stop);
      while (before >= 0) {
        const name = OPENING_TAG.exec(out[before])?.[1];
        if (name === undefined || after >= out.length || out[after] !== `</${name}>`) break;
        drop(before);
        drop(after);
        after = nextKept(after + 1);
        if (after < out.length && out[after] === '\n') {
          drop(after);
          after = nextKept(after + 1);
        }
        before--;
      }
      checkedFrom = before + 1;
      deepest = heading.level;
    }
    if (!any) return;
    let kept = 0;
    for (let at = 0; at < out.length; at++) if (next[at] === at) out[kept++] = out[at];
    out.length = kept;
  }
}

/**
 * The attribute string of an allowed element (starting with a space when not
 * empty), or undefined when the element must not be written (a link without
 * a safe href, an image without a usable source).
 */
function attributesOf(doc: Doc, node: number, name: string, base: string | undefined): string | undefined {
  let parts = '';
  for (const attribute of GLOBAL_ATTRIBUTES) {
    const value = doc.attr(node, attribute);
    if (value === undefined) continue;
    if (attribute === 'lang' && !LANGUAGE_TAG.test(value.trim())) continue;
    if (attribute === 'dir' && !/^(?:ltr|rtl|auto)$/i.test(value.trim())) continue;
    parts += htmlAttribute(attribute, attribute === 'title' ? value : value.trim().toLowerCase());
  }
  // own-keys: an output element's name (OUTPUT_BY_TAG), never the page's
  for (const attribute of ATTRIBUTES[name] ?? []) {
    switch (attribute) {
      case 'href': {
        const href = safeUrl(doc.attr(node, 'href'), base, 'link');
        if (href === undefined) return undefined;
        parts += htmlAttribute('href', href);
        break;
      }
      case 'src': {
        const src = safeUrl(imageSource(doc, node), base, 'image');
        if (src === undefined) return undefined;
        parts += htmlAttribute('src', src);
        break;
      }
      case 'cite': {
        const cite = safeUrl(doc.attr(node, 'cite'), base, 'link');
        if (cite !== undefined) parts += htmlAttribute('cite', cite);
        break;
      }
      case 'alt': {
        parts += htmlAttribute('alt', doc.attr(node, 'alt') ?? '');
        break;
      }
      case 'width':
      case 'height': {
        const value = doc.attr(node, attribute);
        if (value !== undefined && DIMENSION.test(value)) parts += htmlAttribute(attribute, value.trim());
        break;
      }
      case 'colspan':
      case 'rowspan':
      case 'span':
      case 'start':
      case 'value': {
        const value = doc.attr(node, attribute);
        if (value !== undefined && INTEGER.test(value) && (attribute !== 'value' || name === 'li')) {
          parts += htmlAttribute(attribute, String(Number(value)));
        } else if (value !== undefined && attribute === 'value' && name === 'data') {
          parts += htmlAttribute(attribute, value);
        }
        break;
      }
      case 'reversed':
      case 'open':
        if (doc.attr(node, attribute) !== undefined) parts += ` ${attribute}`;
        break;
      case 'type': {
        const value = doc.attr(node, 'type');
        if (value !== undefined && /^[1aAiI]$/.test(value.trim()))
          parts += htmlAttribute('type', value.trim());
        break;
      }
      case 'scope': {
        const value = doc.attr(node, 'scope')?.trim().toLowerCase();
        if (value !== undefined && /^(?:row|col|rowgroup|colgroup)$/.test(value))
          parts += htmlAttribute('scope', value);
        break;
      }
      case 'datetime': {
        const value = doc.attr(node, 'datetime');
        if (value !== undefined) parts += htmlAttribute('datetime', value);
        break;
      }
      case 'class': {
        const classes = (doc.attr(node, 'class') ?? '')
          .split(/\s+/, 50)
          .filter((token) => LANGUAGE_CLASS.test(token));
        const parent = doc.parent(node);
        if (classes.length === 0 && doc.tag(parent) === TAG.pre) {
          // The language marked on the enclosing <pre> (or its wrapper), the HTML5 way.
          const language = codeLanguage(doc, parent);
          if (language !== undefined) classes.push(`language-${language}`);
        }
        if (classes.length > 0) parts += htmlAttribute('class', classes.join(' '));
        break;
      }
    }
  }
  return parts;
}

function htmlAttribute(name: string, value: string): string {
  return ` ${name}="${escapeHtmlAttribute(value)}"`;
}
