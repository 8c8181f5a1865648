/**
 * The walk behind `toText` and `toMarkdown`: one linear pass over the document
 * with an explicit stack of open elements, writing blocks through a stack of
 * containers (block quotes, list items) that prefix every line. What each
 * element looks like is the renderer's (`BlockSyntax`: markdown.ts, text.ts);
 * which block repeats the title is the title step's (title.ts).
 */
import {
  type Doc,
  type Extraction,
  IS_BLOCK,
  IS_HEADING,
  IS_HIDDEN_CONTENT,
  mapStablePieces,
  NodeKind,
  TAG,
  TEXT_PIECE,
  tick,
  withoutControls,
} from '../dom/index.js';
import {
  codeHeaders,
  codeHoldsBlocks,
  codeLanguage,
  GutterTest,
  isBlockListing,
  isCodeButton,
  isPreformatted,
  isVersoHover,
  isVersoListing,
} from '../features/code/index.js';
import { videoEmbed } from '../features/embeds/index.js';
import {
  type Footnotes,
  footnotesOf,
  keepsNoteText,
  withoutLeadingLabel,
} from '../features/footnotes/index.js';
import {
  cachedTableFacts,
  collapseWhitespace,
  DROPPED,
  eachTextPiece,
  IS_INLINE_CODE,
  IS_LIST,
  IS_NOT_INLINE_TEXT,
  IS_PRE,
  IS_TABLE_SECTION,
  isUnrendered,
  keptText,
  listRoleTag,
  type PartialTables,
  partialTables,
  type TableFacts,
  WHITESPACE_RUN,
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
import { type Formula, formulaRole, mayHoldFormulas } from './elements/math.js';
import { TitleSearch } from './title.js';
import type { FormatOptions } from './types.js';
import { baseUrlOf, imageNames, imageSource, safeUrl } from './url.js';

/** Containers nested deeper than this are flattened (bounds the prefix written on every line). */
const MAX_CONTAINERS = 32;
/** List levels inside a table cell looked through for an item's indentation. */
const MAX_CELL_LIST_DEPTH = 8;
/** Tables wider than this are written as paragraphs, one per cell. */
export const MAX_TABLE_COLUMNS = 64;

interface Container {
  readonly first: string;
  readonly rest: string;
  used: boolean;
}

/** Writes blocks, each after a separator, every line behind its containers' prefixes. */
class Writer {
  readonly out: string[] = [];
  readonly containers: Container[] = [];
  blocks = 0;
  /** Characters written in blocks so far (for how far the title search goes). */
  chars = 0;
  /** Line breaks before the next block: 1 (next line) or 2 (a blank line between). */
  nextSep = 2;

  write(block: string): void {
    const { out, containers } = this;
    if (this.blocks > 0) {
      out.push('\n');
      if (this.nextSep >= 2) out.push(this.blankLinePrefix(), '\n');
    }
    let first = '';
    let rest = '';
    for (const container of containers) {
      first += container.used ? container.rest : container.first;
      rest += container.rest;
      container.used = true;
    }
    if (block.indexOf('\n') < 0) {
      out.push(first, block);
    } else {
      const lines = block.split('\n');
      out.push(first, lines[0]);
      const blank = rest.trimEnd();
      for (let index = 1; index < lines.length; index++) {
        const line = lines[index];
        out.push('\n', line === '' ? blank : rest, line);
      }
    }
    this.blocks++;
    this.chars += block.length;
    this.nextSep = 2;
  }

  /** The prefix of an empty line between blocks: the containers already started, trailing spaces cut. */
  /**
   * `write(pieces.join(''))` when no container is open (no line takes a prefix, so the pieces go
   * into the output as they are); nothing for pieces that join to ''.
   */
  writePieces(pieces: readonly string[]): void {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    if (length === 0) return;
    const out = this.out;
    if (this.blocks > 0) {
      out.push('\n');
      if (this.nextSep >= 2) out.push(this.blankLinePrefix(), '\n');
    }
    for (const piece of pieces) out.push(piece);
    this.blocks++;
    this.chars += length;
    this.nextSep = 2;
  }

  private blankLinePrefix(): string {
    let prefix = '';
    for (const container of this.containers) {
      if (!container.used) break;
      prefix += container.rest;
    }
    return prefix.trimEnd();
  }

  /** True when the next line starts a container (so it begins with a list marker or `>`). */
  get startsContainer(): boolean {
    const containers = this.containers;
    return containers.length > 0 && !containers[containers.length - 1].used;
  }
}

/** A list being written (what a renderer's item marker depends on). */
export interface ListState {
  readonly node: number;
  readonly kept: boolean;
  readonly ordered: boolean;
  readonly bullet: string;
  readonly delimiter: string;
  next: number;
  itemsWritten: number;
  /** `writer.blocks` when its last item ended (the next item follows line by line only if nothing came between). */
  blocksAfterItem: number;
}

export interface TableCell {
  text: string;
  colspan: number;
  rowspan: number;
}
interface TableState {
  rows: TableCell[][];
  row: TableCell[] | undefined;
  inCell: boolean;
}

/** What closing an element does. */
const CLOSE = {
  boundary: 0,
  heading: 1,
  quote: 2,
  list: 3,
  item: 4,
  pre: 5,
  code: 6,
  inline: 7,
  boundaryInline: 8,
  captureBlock: 9,
  table: 10,
  row: 11,
  cell: 12,
  cellHeading: 13,
} as const;

/** An element open in the walk; reused once closed (`BlockWalk.spareFrames`). */
interface Frame {
  end: number;
  type: number;
  node: number;
  /** Blocks written when the element opened (for containers). */
  blocksAtOpen: number;
  /** Container pushed for it (quote, item). */
  pushed: boolean;
  /** `nextSep` before the element changed it (restored when it wrote nothing). */
  savedSep: number;
  list: ListState | undefined;
}

interface Capture {
  /** A code block (else a code span). */
  readonly pre: boolean;
  /** A block element written as a code span (a `<pre>` in a heading or cell): spaces around it. */
  readonly block: boolean;
  readonly parts: string[];
  /** The listing whose language the block takes (the first of a run of Verso fragments). */
  readonly from?: number;
}

const CR = /\r\n?/g;

/** A part of the document: the nodes `start … stop - 1`. */
export interface NodeRange {
  start: number;
  stop: number;
}

/** Kinds of inline formatting frames (a kind nested in itself adds nothing). */
export const STRONG = 0;
export const EMPHASIS = 1;
export const STRIKE = 2;
export const LINK = 3;

/**
 * One text node into an inline buffer. The writers check the clock between nodes; a node of
 * megabytes (the fuzzer's heading of 336,001 words) was collapsed and escaped in one stretch of
 * 320–420 ms: it goes in pieces, joined by the buffer as adjacent text nodes are.
 */
export function writeText(inline: InlineBuffer, text: string): void {
  // One piece (nearly every node): written without the two closures a call of eachTextPiece makes.
  if (text.length <= TEXT_PIECE) inline.text(text);
  else eachTextPiece(text, (piece) => inline.text(piece));
}

/** The inline content of the block being built (a renderer's: Markdown escapes and marks, text does not). */
export interface InlineBuffer {
  /** A line break is waiting for more content. */
  readonly breakPending: boolean;
  /** Inside a table cell (Markdown escapes `|` there). */
  cell: boolean;
  text(raw: string): void;
  /** Whitespace between words (a collapsed run, or a block boundary inside a heading or cell). */
  space(): void;
  /** A hard line break (`<br>`); dropped at the start and end of a block. */
  lineBreak(): void;
  /** Markup put before the next content on its line (a list item's marker in a table cell). */
  linePrefix?(markup: string): void;
  /** Inline code (whitespace already collapsed, not empty). */
  code(content: string): void;
  /** Markup that is content of its own (an image). */
  image(markup: string): void;
  /** Markup written as it is, between words (an inline formula, a footnote reference). */
  raw(markup: string): void;
  pushFrame(kind: number, open: string, close: string): void;
  popFrame(): void;
  /** Ends the block and returns it, '' when empty. */
  flush(): string;
  /**
   * Ends the block as `flush` does and returns its pieces, whose join `flush` would have returned
   * (none when the block is empty): a paragraph written straight into the output is not first
   * copied into a string of its own. The array is the caller's.
   */
  flushPieces(): readonly string[];
}

/** How inline elements are marked up (Markdown); a renderer without it writes their text alone. */
export interface InlineMarkup {
  readonly strong: string;
  readonly emphasis: string;
  readonly strike: string;
  readonly linkOpen: string;
  linkClose(href: string): string;
  image(alt: string, src: string, cell: boolean): string;
}

/** What the blocks look like: one renderer per output (markdown.ts, text.ts). */
export interface BlockSyntax {
  inline(): InlineBuffer;
  /** Inline formatting, links and images; undefined when they add nothing. */
  readonly markup: InlineMarkup | undefined;
  /** `<code>`, `<kbd>`… written as code spans (captured whole) rather than as text. */
  readonly codeSpans: boolean;
  /**
   * A table cell's blocks on lines of their own (GFM: `<br>` between them, `- ` before list items,
   * headings strong), as Defuddle writes them; otherwise a cell's blocks run on with spaces.
   */
  readonly cellBreaks?: boolean;
  /** The line prefix of a block quote; undefined when a quote is an ordinary block. */
  readonly quotePrefix: string | undefined;
  /** The marker of a list item (and its indentation width). */
  itemMarker(list: ListState | undefined): string;
  /** True when the item's marker may start a list right under its parent item's text. */
  interruptsParagraph(list: ListState | undefined): boolean;
  heading(level: number, content: string): string;
  codeBlock(content: string, language: () => string | undefined): string;
  /** A thematic break (`<hr>`), or undefined when it is only a block boundary. */
  rule(atContainerStart: boolean): string | undefined;
  /** The blocks of a table (rows with at least one non-empty cell). */
  table(rows: TableCell[][]): string[];
  /** The page title as a block of its own, from its collapsed text. */
  title(text: string): string;
  /** A formula's TeX as a block (`display`) or inline; undefined when formulas are written as their text. */
  formula?(tex: string, display: boolean): string;
  /** A footnote mark (`[^1]`); undefined when marks are written as their text and notes in place. */
  footnote?(label: number): string;
  /** A note, its blocks already rendered, written at the end of the body. */
  footnoteDefinition?(label: number, body: string): string;
}

/** The first and last kept node in [begin, stop) (first = stop, last = -1 when none is). */
function keptSpan(kept: Uint8Array, begin: number, stop: number): { first: number; last: number } {
  let first = begin;
  while (first < stop && kept[first] === 0) first++;
  let last = stop - 1;
  while (last >= first && kept[last] === 0) last--;
  return { first, last };
}

/**
 * Renders the kept content of an extraction in `syntax` (with `range`, only the
 * kept content inside it). The caller trims the result and puts a printed title
 * in front (`withTitle`).
 */
export function renderBlocks(
  extraction: Extraction,
  options: FormatOptions,
  syntax: BlockSyntax,
  range?: NodeRange,
): string {
  return new BlockWalk(extraction, options, syntax, range === undefined ? 'body' : 'part').run(range);
}

/** What a walk writes: the body (with its notes at the end), a part of it, or one note. */
type WalkScope = 'body' | 'part' | 'note';

/**
 * An ordered list item's own number (`<li value="7">`): a browser numbers it so and counts the
 * items after it on from it (a recipe's steps resumed after a note, a law's numbered clauses).
 */
function itemValue(doc: Doc, node: number): number | undefined {
  if (doc.tag(node) !== TAG.li) return undefined;
  const value = doc.attr(node, 'value');
  return value !== undefined && ITEM_VALUE.test(value) ? Number(value) : undefined;
}
const ITEM_VALUE = /^\s*\d{1,9}\s*$/;

/**
 * The output: the title block when the options print one (`printTitle`), then
 * the body; trimmed, composed (NFC: canonically equivalent text looks the same
 * on screen, so "u" + U+0308 is written "ü").
 */
export function withTitle(body: string, options: FormatOptions, syntax: BlockSyntax): string {
  const title = TitleSearch.printed(options);
  const out = title === undefined ? body : `${syntax.title(title)}\n\n${body}`;
  return mapStablePieces(out.trim(), (piece) => piece.normalize('NFC'), 'output');
}

class BlockWalk {
  private readonly doc: Doc;
  private readonly kept: Uint8Array;
  private readonly writer = new Writer();
  private readonly inline: InlineBuffer;
  private readonly markup: InlineMarkup | undefined;
  private baseUrl: string | undefined | null = null;
  private readonly images: boolean;
  private readonly links: boolean;
  private readonly tables: TableFacts;
  private readonly gutters: GutterTest;
  /** Data tables kept in part, written as tables of their kept rows (Markdown only; see `partialTables`). */
  private readonly partial: PartialTables | undefined;
  private readonly frames: Frame[] = [];
  /**
   * Frames closed, for the next elements opened: one object per element opened was ~8 KB of the
   * bytes a page allocates (`open`); reused, a walk makes as many as it nests deep.
   */
  private readonly spareFrames: Frame[] = [];
  private readonly lists: ListState[] = [];
  private inlineOnly = 0;
  /** Headings open inside a cell written on lines (`cellBreaks`): their inner blocks run on. */
  private cellHeadings = 0;
  /** The next number of each ordered list inside a cell. */
  private readonly cellItemNumbers = new Map<number, number>();
  /** Headings open (their edit links and permalinks are left out). */
  private headings = 0;
  private capture: Capture | undefined;
  /** A Verso fragment held back to be written with the next one, as one listing (`closePre`). */
  private versoRun: { text: string; from: number } | undefined;
  private table: TableState | undefined;
  private lastList:
    | { depth: number; blocks: number; ordered: boolean; bullet: string; delimiter: string }
    | undefined;
  /** Which heading or first paragraph repeats the title (left out). */
  private readonly title: TitleSearch;
  private readonly imageRepeats = new ImageRepeats();
  /** Formulas are written as TeX (the renderer has a syntax for them and the page may hold some). */
  private readonly formulas: boolean;
  /** The page's footnotes, when the renderer writes them as footnotes. */
  private readonly footnotes: Footnotes | undefined;
  /** Labels of the notes whose marks were written, by note index (in the order of their first mark). */
  private readonly noteLabels = new Map<number, number>();
  /** Notes met in the walk with kept content (written at the end even when no mark of theirs was). */
  private readonly notesMet = new Set<number>();

  constructor(
    private readonly extraction: Extraction,
    private readonly options: FormatOptions,
    private readonly syntax: BlockSyntax,
    private readonly scope: WalkScope,
    kept?: Uint8Array,
    /** Whether the kept nodes may hold formulas, when the caller knows (the notes' walks share one answer). */
    formulas?: boolean,
  ) {
    this.doc = extraction.doc;
    this.tables = cachedTableFacts(this.doc);
    this.gutters = new GutterTest(this.doc);
    this.markup = syntax.markup;
    const selected = kept ?? extraction.selection.kept;
    // The body's Markdown only: the text writes the selection's words and lines as they are.
    this.partial =
      scope === 'body' && this.markup !== undefined
        ? partialTables(this.doc, selected, this.tables)
        : undefined;
    this.kept = this.partial?.kept ?? selected;
    this.inline = syntax.inline();
    this.images = options.images !== false && this.markup !== undefined;
    this.links = options.links !== false && this.markup !== undefined;
    this.title = new TitleSearch(options);
    this.formulas = formulas ?? (syntax.formula !== undefined && mayHoldFormulas(this.doc, this.kept));
    this.footnotes = syntax.footnote !== undefined && scope !== 'part' ? footnotesOf(this.doc) : undefined;
  }

  /** The base URL of links and images (looked up once, when the first one is written). */
  private get base(): string | undefined {
    if (this.baseUrl === null) this.baseUrl = baseUrlOf(this.doc, this.options.url);
    return this.baseUrl;
  }

  run(range?: NodeRange): string {
    const { doc, kept, frames } = this;
    const { kind, tag, end, hidden, textLength, parent } = doc.columns;
    const size = range ? Math.min(range.stop, doc.size) : doc.size;
    const begin = range ? Math.max(range.start, 1) : 1;
    const { first, last } = keptSpan(kept, begin, size);
    for (let at = begin; at < size; at++) {
      tick('output');
      while (frames.length > 0 && frames[frames.length - 1].end <= at) this.closeTop();
      const nodeKind = kind[at];
      // Three quarters of a page's nodes lie before its first kept node or after its last: a subtree
      // with nothing kept there writes nothing (before any output, or after all of it outside a
      // table or code, whose structure is written kept or not), so it is not walked.
      if (
        nodeKind === NodeKind.Element &&
        (at < first
          ? end[at] <= first && this.footnotes?.noteAt.has(at) !== true
          : at > last && !kept[parent[at]] && this.table === undefined && this.capture === undefined)
      ) {
        at = end[at] - 1;
        continue;
      }
      if (nodeKind === NodeKind.Text) {
        if (hidden[at]) continue;
        // Controls go before escaping: a NUL left to the output rule would hide that a `>` or
        // `#` after it starts its line (fast-check: `<p> \u0000 >a` printed a blockquote).
        if (kept[at]) this.onText(withoutControls(doc.text(at)));
        // Whitespace between two inline elements is a space on screen even when
        // the selection (which chooses text with words) skipped it.
        else if (textLength[at] === 0) this.onGap(doc.text(at));
        continue;
      }
      if (nodeKind !== NodeKind.Element) continue;
      const t = tag[at];
      const footnotes = this.footnotes;
      if (footnotes !== undefined && this.onFootnotes(footnotes, at)) {
        at = this.skipTo - 1;
        continue;
      }
      if (this.formulas && (kept[at] || (t === TAG.script && kept[parent[at]]))) {
        const role = formulaRole(doc, at);
        if (role !== undefined) {
          if (role !== 'rendering') this.onFormula(role);
          at = end[at] - 1;
          continue;
        }
      }
      if (DROPPED[t]) {
        if (t === TAG.iframe && kept[at] && this.capture === undefined) this.onVideo(at);
        // A form control is a block boundary; hidden content is nothing at all (as in textContent).
        if (IS_BLOCK[t] && !IS_HIDDEN_CONTENT[t]) {
          if (this.capture) this.captureBreak();
          else this.softBoundary();
        }
        at = end[at] - 1;
        continue;
      }
      if (t === TAG.unknown && kept[at] && this.capture === undefined && videoEmbed(doc, at) !== undefined) {
        // A lite player (`<lite-youtube videoid>`): the video's link, as an iframe's; its poster
        // and "Play Video" label are the script's button, not the page's words.
        this.onVideo(at);
        at = end[at] - 1;
        continue;
      }
      if (
        this.gutters.is(at) ||
        (this.headings > 0 && isHeadingTool(doc, at)) ||
        IS_NOT_INLINE_TEXT[t] ||
        isUnrendered(doc, at, t) ||
        isCodeButton(doc, at, this.capture?.pre === true) ||
        codeHeaders(doc).has(at) ||
        (this.capture?.pre === true && isVersoHover(doc, at))
      ) {
        // Line numbers of a code listing, ruby readings, MathML annotations, a listing's copy
        // button: not part of the text read.
        at = end[at] - 1;
        continue;
      }
      this.open(at, listRoleTag(doc, at, t));
      if (t === TAG.figure && this.images && this.capture === undefined) this.onFigure(at);
    }
    while (frames.length > 0) this.closeTop();
    this.flushParagraph();
    // (The text keeps them: its notes are written in place, and its words are what text F1 scores.)
    if (this.scope === 'body' && this.markup !== undefined) this.dropTrailingHeadings();
    if (this.footnotes !== undefined && this.scope === 'body') this.writeNotes(this.footnotes);
    return this.writer.out.join('');
  }

  // ── footnotes ────────────────────────────────────────────────────────────

  /** Where the walk goes on after a footnote mark or note (its end). */
  private skipTo = 0;
  /** In a note's walk: its label, until its first text (which may start with it). */
  private noteLabel: string | undefined;

  /**
   * A mark (written as `[^n]`), a note (written at the end), or a note's number or back-link
   * (left out): true when the walk skips the element (to `skipTo`).
   */
  private onFootnotes(footnotes: Footnotes, at: number): boolean {
    const doc = this.doc;
    if (this.scope === 'note' || !footnotes.noteAt.has(at)) {
      if (footnotes.skipped.has(at)) {
        this.skipTo = doc.end(at);
        return true;
      }
      if (this.scope === 'note') return false;
    }
    const note = footnotes.marks.get(at);
    if (note !== undefined && this.capture === undefined && (this.kept[at] || this.kept[doc.parent(at)])) {
      let label = this.noteLabels.get(note);
      if (label === undefined) {
        label = this.noteLabels.size + 1;
        this.noteLabels.set(note, label);
      }
      this.inline.raw((this.syntax.footnote as (label: number) => string)(label));
      // A space closing the mark's wrapper still separates the words around it.
      const last = doc.end(at) - 1;
      if (doc.isText(last) && /\s$/.test(doc.text(last))) this.inline.space();
      this.skipTo = doc.end(at);
      return true;
    }
    const index = footnotes.noteAt.get(at);
    if (index === undefined) return false;
    const { stop } = footnotes.notes[index];
    if (keepsNoteText(doc, this.kept, footnotes.notes[index])) this.notesMet.add(index);
    if (!footnotes.notes[index].inline) this.softBoundary();
    this.skipTo = stop;
    return true;
  }

  /**
   * The notes at the end of the body: those of the marks written (even when the selection left
   * the note out: it belongs to the text that points to it), then the kept ones no written
   * mark points to.
   */
  private writeNotes(footnotes: Footnotes): void {
    for (const index of this.notesMet) {
      if (!this.noteLabels.has(index)) this.noteLabels.set(index, this.noteLabels.size + 1);
    }
    if (this.noteLabels.size === 0) return;
    this.flushParagraph();
    const kept = this.kept.slice();
    for (const index of this.noteLabels.keys()) {
      const { start, stop } = footnotes.notes[index];
      kept.fill(1, start, stop);
    }
    const options = { ...this.options, dropTitle: false, printTitle: false };
    const define = this.syntax.footnoteDefinition as (label: number, body: string) => string;
    // Once for all the notes: the gate reads the source the kept nodes span, and a page repeated
    // twenty times had hundreds of notes over 16.9 MB (fuzz seed 202, page 6512: 1.3 s in one stretch).
    const formulas = this.syntax.formula !== undefined && mayHoldFormulas(this.doc, kept);
    for (const [index, label] of this.noteLabels) {
      const { start, stop } = footnotes.notes[index];
      // A note that is one element is its content (a note in an `<li>` is no list item).
      const range = stop === this.doc.end(start) ? { start: start + 1, stop } : { start, stop };
      const walk = new BlockWalk(this.extraction, options, this.syntax, 'note', kept, formulas);
      walk.noteLabel = footnotes.notes[index].label;
      const body = walk.run(range).trim();
      if (body !== '') this.writer.write(define(label, body));
    }
  }

  // ── opening elements ─────────────────────────────────────────────────────

  private push(node: number, type: number, extra?: Partial<Omit<Frame, 'end' | 'type' | 'node'>>): void {
    const end = this.doc.end(node);
    const blocksAtOpen = extra?.blocksAtOpen ?? this.writer.blocks;
    const pushed = extra?.pushed ?? false;
    const savedSep = extra?.savedSep ?? this.writer.nextSep;
    const list = extra?.list;
    const frame = this.spareFrames.pop();
    if (frame === undefined) {
      this.frames.push({ end, type, node, blocksAtOpen, pushed, savedSep, list });
      return;
    }
    frame.end = end;
    frame.type = type;
    frame.node = node;
    frame.blocksAtOpen = blocksAtOpen;
    frame.pushed = pushed;
    frame.savedSep = savedSep;
    frame.list = list;
    this.frames.push(frame);
  }

  /** Closes the innermost open element; its frame goes to the spares (nothing keeps it). */
  private closeTop(): void {
    const frame = this.frames.pop() as Frame;
    this.close(frame);
    frame.list = undefined;
    this.spareFrames.push(frame);
  }

  private open(node: number, t: number): void {
    const capture = this.capture;
    if (capture) {
      if (t === TAG.br) capture.parts.push(capture.pre ? '\n' : ' ');
      else if (IS_BLOCK[t]) {
        this.captureBreak();
        this.push(node, CLOSE.captureBlock);
      }
      return;
    }
    if (t === TAG.br) {
      this.onBreak();
      return;
    }
    const kept = this.kept[node] === 1;
    const markup = this.markup;

    if (IS_LIST[t] && this.inlineOnly === 0) {
      this.openList(node, t, kept);
      return;
    }
    // Inside a table written as a table, rows and cells are structure whether or not they are kept.
    if (this.table && this.openTablePart(node, t)) return;
    if (!kept) {
      // A data table kept in part: a table of its kept rows, not loose lines.
      if (t === TAG.table && this.partial?.tables.has(node) === true && this.isDataTable(node))
        this.openTable(node);
      else if (IS_BLOCK[t]) this.openBoundary(node);
      return;
    }

    if (IS_HEADING[t]) {
      if (this.inCellLines() && markup) {
        // A heading in a cell (`<td><h5>Option</h5><p>…`): its own line, strong.
        this.softBoundary();
        this.inline.pushFrame(STRONG, markup.strong, markup.strong);
        this.cellHeadings++;
        this.push(node, CLOSE.cellHeading);
        return;
      }
      if (this.inlineOnly > 0) {
        this.openBoundary(node);
        return;
      }
      this.flushParagraph();
      this.inlineOnly++;
      this.headings++;
      this.push(node, CLOSE.heading);
      return;
    }
    const codeSpans = this.syntax.codeSpans;
    if (
      IS_PRE[t] ||
      (codeSpans &&
        ((IS_INLINE_CODE[t] && isPreformatted(this.doc, node)) ||
          (this.inlineOnly === 0 && isBlockListing(this.doc, node))))
    ) {
      if (this.inlineOnly > 0) {
        this.inline.space();
        this.startCapture(node, true);
        return;
      }
      const run = this.versoRun;
      this.versoRun = undefined;
      this.flushParagraph();
      this.capture =
        run === undefined
          ? { pre: true, block: false, parts: [] }
          : { pre: true, block: false, parts: [`${run.text}\n`], from: run.from };
      this.push(node, CLOSE.pre);
      return;
    }
    if (IS_INLINE_CODE[t] && codeSpans) {
      // A <code> around a listing's <pre> or table is a wrapper, not a span.
      if (!codeHoldsBlocks(this.doc, node)) this.startCapture(node, false);
      return;
    }
    switch (t) {
      case TAG.li:
        if (this.inCellLines()) this.openCellItem(node);
        else if (this.inlineOnly > 0) this.openBoundary(node);
        else this.openItem(node);
        return;
      case TAG.blockquote: {
        const prefix = this.syntax.quotePrefix;
        if (this.inlineOnly > 0 || prefix === undefined) this.openBoundary(node);
        else this.openContainer(node, prefix, CLOSE.quote);
        return;
      }
      case TAG.table:
        if (this.isDataTable(node)) this.openTable(node);
        else this.openBoundary(node);
        return;
      case TAG.hr:
        if (this.inlineOnly > 0) this.softBoundary();
        else {
          this.flushParagraph();
          const rule = this.syntax.rule(this.writer.startsContainer);
          if (rule !== undefined) this.writer.write(rule);
        }
        return;
      case TAG.img:
      case TAG.image:
        if (this.images) this.onImage(node);
        return;
      case TAG.a:
        if (this.links && !(this.headings > 0 && isHeadingSelfLink(this.doc, node))) {
          const href = safeUrl(this.doc.attr(node, 'href'), this.base, 'link');
          const links = markup as InlineMarkup;
          if (href !== undefined) this.openInline(node, LINK, links.linkOpen, links.linkClose(href));
        }
        return;
      case TAG.strong:
      case TAG.b:
        if (markup) this.openInline(node, STRONG, markup.strong, markup.strong);
        return;
      case TAG.em:
      case TAG.i:
        if (markup) this.openInline(node, EMPHASIS, markup.emphasis, markup.emphasis);
        return;
      case TAG.del:
      case TAG.s:
      case TAG.strike:
        if (markup) this.openInline(node, STRIKE, markup.strike, markup.strike);
        return;
      case TAG.figcaption:
        if (markup) this.openBoundaryInline(node, EMPHASIS, markup.emphasis, markup.emphasis);
        else this.openBoundary(node);
        return;
      case TAG.dt:
      case TAG.summary:
        if (markup) this.openBoundaryInline(node, STRONG, markup.strong, markup.strong);
        else this.openBoundary(node);
        return;
    }
    if (IS_BLOCK[t]) this.openBoundary(node);
  }

  /** A table written as a table: not inside a heading or cell, no table inside, two cells or more. */
  private isDataTable(node: number): boolean {
    return this.inlineOnly === 0 && !this.tables.nested.has(node) && (this.tables.cells.get(node) ?? 0) >= 2;
  }

  private openTable(node: number): void {
    this.flushParagraph();
    this.table = { rows: [], row: undefined, inCell: false };
    this.push(node, CLOSE.table);
  }

  private openBoundary(node: number): void {
    this.softBoundary();
    this.push(node, CLOSE.boundary);
  }

  private openInline(node: number, kind: number, open: string, close: string): void {
    this.inline.pushFrame(kind, open, close);
    this.push(node, CLOSE.inline);
  }

  private openBoundaryInline(node: number, kind: number, open: string, close: string): void {
    this.softBoundary();
    this.inline.pushFrame(kind, open, close);
    this.push(node, CLOSE.boundaryInline);
  }

  private openContainer(node: number, prefix: string, type: number): void {
    this.flushParagraph();
    const writer = this.writer;
    const savedSep = writer.nextSep;
    const pushed = writer.containers.length < MAX_CONTAINERS;
    if (pushed) writer.containers.push({ first: prefix, rest: prefix, used: false });
    this.push(node, type, { pushed, savedSep });
  }

  private openList(node: number, t: number, kept: boolean): void {
    this.softBoundary();
    const ordered = t === TAG.ol;
    let bullet = '-';
    let delimiter = '.';
    const last = this.lastList;
    if (
      kept &&
      last &&
      last.depth === this.writer.containers.length &&
      last.blocks === this.writer.blocks &&
      last.ordered === ordered
    ) {
      // Right after another list at the same level: switch markers, or CommonMark would merge them.
      bullet = last.bullet === '-' ? '*' : '-';
      delimiter = last.delimiter === '.' ? ')' : '.';
    }
    const start = this.doc.listStart(node) ?? 1;
    const list: ListState = {
      node,
      kept,
      ordered,
      bullet,
      delimiter,
      next: start,
      itemsWritten: 0,
      blocksAfterItem: -1,
    };
    // A list right inside another list (no <li> between: invalid, and common) shows nested under
    // the item before it, as the HTML output writes it: indent it to that item's content.
    const indent = this.listInListIndent(node);
    const containers = this.writer.containers;
    const pushed = indent > 0 && containers.length < MAX_CONTAINERS;
    if (pushed) containers.push({ first: ' '.repeat(indent), rest: ' '.repeat(indent), used: false });
    this.lists.push(list);
    this.push(node, CLOSE.list, { list, pushed });
  }

  /**
   * The content column of the last item written of the list that `node` is a direct child of (0:
   * none, or a syntax without item markers: the text's).
   */
  private listInListIndent(node: number): number {
    const outer = this.lists[this.lists.length - 1];
    if (outer === undefined || this.doc.parent(node) !== outer.node || outer.itemsWritten === 0) return 0;
    return this.syntax.itemMarker({ ...outer, next: outer.next - 1 }).length;
  }

  private openItem(node: number): void {
    this.flushParagraph();
    const lists = this.lists;
    const list =
      lists.length > 0 && this.doc.contains(lists[lists.length - 1].node, node)
        ? lists[lists.length - 1]
        : undefined;
    if (list?.ordered === true) {
      const value = itemValue(this.doc, node);
      if (value !== undefined) list.next = value;
    }
    const marker = this.syntax.itemMarker(list);
    const writer = this.writer;
    const savedSep = writer.nextSep;
    // Items of one list follow each other line by line (a tight list); so does a
    // list that starts right under its parent item's text.
    const containers = writer.containers;
    const parent = containers.length > 0 ? containers[containers.length - 1] : undefined;
    const underItemText =
      parent?.used === true &&
      parent.first !== this.syntax.quotePrefix &&
      this.syntax.interruptsParagraph(list);
    const pushed = containers.length < MAX_CONTAINERS;
    if (pushed) containers.push({ first: marker, rest: ' '.repeat(marker.length), used: false });
    const afterItem = list !== undefined && list.itemsWritten > 0 && list.blocksAfterItem === writer.blocks;
    if (writer.blocks > 0 && (afterItem || underItemText)) writer.nextSep = 1;
    this.push(node, CLOSE.item, { pushed, savedSep, list });
  }

  /** Inside a Markdown table: rows and cells. Returns false for elements it does not handle. */
  private openTablePart(node: number, t: number): boolean {
    const table = this.table as TableState;
    if (table.inCell) return false;
    if (t === TAG.tr) {
      this.flushParagraph();
      if (table.row) table.rows.push(table.row);
      table.row = [];
      this.push(node, CLOSE.row);
      return true;
    }
    if (t === TAG.td || t === TAG.th) {
      this.flushParagraph();
      if (!table.row) table.row = [];
      table.inCell = true;
      this.inlineOnly++;
      this.inline.cell = true;
      this.push(node, CLOSE.cell);
      return true;
    }
    if (IS_TABLE_SECTION[t]) {
      this.openBoundary(node);
      return true;
    }
    return false;
  }

  private startCapture(node: number, block: boolean): void {
    this.capture = { pre: false, block, parts: [] };
    this.push(node, CLOSE.code);
  }

  private captureBreak(): void {
    const capture = this.capture as Capture;
    const parts = capture.parts;
    if (!capture.pre) {
      parts.push(' ');
      return;
    }
    if (parts.length > 0 && !parts[parts.length - 1].endsWith('\n')) parts.push('\n');
  }

  // ── content ──────────────────────────────────────────────────────────────

  private onText(text: string): void {
    if (this.noteLabel !== undefined && text.trim() !== '') {
      text = withoutLeadingLabel(text, this.noteLabel);
      this.noteLabel = undefined;
    }
    this.imageRepeats.text();
    const capture = this.capture;
    if (capture) {
      text = withoutSoftHyphens(text);
      if (capture.pre && capture.parts.length === 0 && text.charCodeAt(0) === 10) text = text.slice(1);
      capture.parts.push(text);
      return;
    }
    writeText(this.inline, text);
  }

  /** A whitespace-only text node the selection did not keep: verbatim in code, else a space between words. */
  private onGap(text: string): void {
    const capture = this.capture;
    if (capture) capture.parts.push(capture.pre ? text : ' ');
    else this.inline.space();
  }

  private onBreak(): void {
    if (this.inCellLines()) this.inline.lineBreak();
    else if (this.inlineOnly > 0) this.inline.space();
    else if (this.inline.breakPending) this.flushParagraph();
    else this.inline.lineBreak();
  }

  private onImage(node: number): void {
    if (isPixel(this.doc, node) || isProgressiveThumbnail(this.doc, node)) return;
    const src = safeUrl(imageSource(this.doc, node), this.base, 'image');
    if (src === undefined || this.imageRepeats.repeats(src, imageNames(this.doc, node, this.base))) return;
    const alt = (this.doc.attr(node, 'alt') ?? '').replace(WHITESPACE_RUN, ' ').trim();
    this.inline.image((this.markup as InlineMarkup).image(alt, src, this.inline.cell));
  }

  /**
   * A figure whose picture a script fills in (`figureImage`): its picture first, when the figure's
   * caption or other text is kept (the picture is the caption's, chosen with it).
   */
  private onFigure(figure: number): void {
    const src = safeUrl(figureImage(this.doc, figure), this.base, 'image');
    if (src === undefined || !keepsFigureText(this.doc, this.kept, figure)) return;
    if (this.imageRepeats.repeats(src, new Set())) return;
    this.inline.image((this.markup as InlineMarkup).image('', src, this.inline.cell));
  }

  /**
   * A kept video player (a YouTube iframe): a link to the video, its title the text. Without links
   * (text output, `links: false`) the title alone, as any link's text stays: every format says the
   * same words.
   */
  private onVideo(node: number): void {
    const video = videoEmbed(this.doc, node);
    const href = video && safeUrl(video.url, this.base, 'link');
    if (video === undefined || href === undefined) return;
    if (!this.links) {
      this.onText(video.title);
      return;
    }
    const links = this.markup as InlineMarkup;
    this.inline.pushFrame(LINK, links.linkOpen, links.linkClose(href));
    this.onText(video.title);
    this.inline.popFrame();
  }

  /** A formula: a block of its own when displayed at block level, else inline. */
  private onFormula(formula: Formula): void {
    const syntax = this.syntax;
    if (this.capture) {
      this.capture.parts.push(formula.tex);
      return;
    }
    if (formula.display && this.inlineOnly === 0) {
      this.flushParagraph();
      this.writer.write((syntax.formula as BlockSyntax['formula'] & {})(formula.tex, true));
      return;
    }
    this.inline.raw((syntax.formula as BlockSyntax['formula'] & {})(formula.tex, false));
  }

  /** A block boundary: ends the paragraph, or is a space inside a heading or table cell. */
  private softBoundary(): void {
    if (this.inCellLines()) this.inline.lineBreak();
    else if (this.inlineOnly > 0) this.inline.space();
    else this.flushParagraph();
  }

  /** Inside a table cell whose blocks go on lines of their own (`cellBreaks`), not in a heading there. */
  private inCellLines(): boolean {
    return this.syntax.cellBreaks === true && this.table?.inCell === true && this.cellHeadings === 0;
  }

  /**
   * A list item inside a cell (`cellBreaks`): on a line of its own, `- ` (or its number) before it,
   * two spaces per list level below the first.
   */
  private openCellItem(node: number): void {
    this.softBoundary();
    const doc = this.doc;
    let depth = 0;
    let list = -1;
    for (let at = doc.parent(node); at > 0 && depth < MAX_CELL_LIST_DEPTH; at = doc.parent(at)) {
      const t = doc.tag(at);
      if (t === TAG.td || t === TAG.th) break;
      if (IS_LIST[t]) {
        if (list < 0) list = at;
        depth++;
      }
    }
    let marker = '-';
    if (list >= 0 && doc.tag(list) === TAG.ol) {
      const next = itemValue(doc, node) ?? this.cellItemNumbers.get(list) ?? doc.listStart(list) ?? 1;
      this.cellItemNumbers.set(list, next + 1);
      marker = `${next}.`;
    }
    // Before the item's first content (a `<p>` inside the item opens no line of its own), one space after it.
    this.inline.linePrefix?.(`${'  '.repeat(Math.max(0, depth - 1))}${marker} `);
    this.push(node, CLOSE.boundary);
  }

  private flushParagraph(): void {
    const writer = this.writer;
    if (this.versoRun !== undefined) this.writeVersoRun();
    // Past the first block and outside containers the paragraph's pieces go straight into the output.
    if (writer.blocks > 0 && writer.containers.length === 0) {
      writer.writePieces(this.inline.flushPieces());
      return;
    }
    const block = this.inline.flush();
    if (block === '') return;
    // The first paragraph of the body may be the title written as a paragraph.
    if (writer.blocks === 0 && writer.containers.length === 0 && this.title.repeatedByParagraph(block))
      return;
    writer.write(block);
  }

  // ── closing elements ─────────────────────────────────────────────────────

  private close(frame: Frame): void {
    switch (frame.type) {
      case CLOSE.boundary:
        this.softBoundary();
        return;
      case CLOSE.inline:
        this.inline.popFrame();
        return;
      case CLOSE.boundaryInline:
        this.inline.popFrame();
        this.softBoundary();
        return;
      case CLOSE.cellHeading:
        this.inline.popFrame();
        this.cellHeadings--;
        this.softBoundary();
        return;
      case CLOSE.heading:
        this.closeHeading(frame.node);
        return;
      case CLOSE.quote:
      case CLOSE.item:
        this.closeContainer(frame);
        return;
      case CLOSE.list:
        this.closeList(frame);
        return;
      case CLOSE.pre:
        this.closePre(frame.node);
        return;
      case CLOSE.code:
        this.closeCode();
        return;
      case CLOSE.captureBlock:
        this.captureBreak();
        return;
      case CLOSE.table:
        this.closeTable();
        return;
      case CLOSE.row: {
        this.flushParagraph();
        const table = this.table as TableState;
        if (table.row) table.rows.push(table.row);
        table.row = undefined;
        return;
      }
      case CLOSE.cell:
        this.closeCell(frame.node);
        return;
    }
  }

  private closeHeading(node: number): void {
    const content = this.inline.flush();
    this.inlineOnly--;
    this.headings--;
    if (content === '') return;
    const writer = this.writer;
    // The heading that repeats the title (a kicker heading may come before it).
    if (
      this.title.reaches(writer.blocks, writer.chars) &&
      this.title.repeatedBy(keptText(this.doc, this.kept, node, this.title.longestCandidate), true)
    )
      return;
    const level = this.doc.tag(node) - TAG.h1 + 1;
    // (The level as written: a body's <h1> is a second level, as in the HTML.)
    const written = {
      outAt: writer.out.length,
      blocks: writer.blocks,
      chars: writer.chars,
      level: Math.max(2, level),
    };
    writer.write(this.syntax.heading(level, content));
    const run = this.lastHeadings;
    // The run of headings last written one after another, outside containers.
    if (writer.containers.length > 0 || run.at(-1)?.blocks !== written.blocks - 1) run.length = 0;
    if (writer.containers.length === 0) run.push(written);
  }

  /** The headings written last, one directly after another (where each started in the output). */
  private readonly lastHeadings: { outAt: number; blocks: number; chars: number; level: number }[] = [];

  /**
   * A heading with nothing written after it goes: the title of what was moved or left out, most
   * often a "References" heading whose notes are written at the end as definitions (Defuddle's
   * thin-section-before-see-also). So does one followed only by such headings of its level or
   * higher; one followed by a subheading is kept (a heading directly over another is kept in 3 of
   * Defuddle's 227, and none of its expected files ends with a heading). A body that is headings
   * alone keeps its first.
   */
  private dropTrailingHeadings(): void {
    const writer = this.writer;
    const run = this.lastHeadings;
    if (run.at(-1)?.blocks !== writer.blocks - 1) return;
    let cut: (typeof run)[number] | undefined;
    // The deepest level among the headings cut (larger numbers are lower levels).
    let deepest = 0;
    for (let index = run.length - 1; index >= 0 && run[index].level >= deepest; index--) {
      if (run[index].blocks === 0) break;
      cut = run[index];
      deepest = cut.level;
    }
    if (cut === undefined) return;
    writer.out.length = cut.outAt;
    writer.blocks = cut.blocks;
    writer.chars = cut.chars;
    writer.nextSep = 2;
    run.length = 0;
  }

  private closeContainer(frame: Frame): void {
    this.flushParagraph();
    const writer = this.writer;
    const wrote = writer.blocks > frame.blocksAtOpen;
    if (frame.pushed) writer.containers.pop();
    if (!wrote) {
      writer.nextSep = frame.savedSep;
      return;
    }
    writer.nextSep = 2;
    const list = frame.list;
    if (frame.type === CLOSE.item && list) {
      list.itemsWritten++;
      list.next++;
      list.blocksAfterItem = writer.blocks;
    }
  }

  private closeList(frame: Frame): void {
    this.softBoundary();
    const list = frame.list as ListState;
    this.lists.pop();
    if (frame.pushed) {
      this.flushParagraph();
      this.writer.containers.pop();
    }
    if (list.kept && list.itemsWritten > 0) {
      this.lastList = {
        depth: this.writer.containers.length,
        blocks: this.writer.blocks,
        ordered: list.ordered,
        bullet: list.bullet,
        delimiter: list.delimiter,
      };
    }
  }

  private closePre(node: number): void {
    const capture = this.capture as Capture;
    this.capture = undefined;
    const from = capture.from ?? node;
    let raw = capture.parts.join('').replace(CR, '\n');
    if (isVersoListing(this.doc, node) && this.continuesVerso(node)) {
      this.versoRun = { text: raw.endsWith('\n') ? raw.slice(0, -1) : raw, from };
      return;
    }
    if (capture.from !== undefined) raw = raw.replace(BLANK_LINES, '\n\n');
    let content = trimBlankLines(raw);
    if (this.doc.tag(node) === TAG.div) content = dedent(content);
    if (content === '') return;
    this.writer.write(this.syntax.codeBlock(content, () => codeLanguage(this.doc, from)));
  }

  /**
   * True when the next element beside a Verso fragment is another, kept: Verso cuts one listing
   * into a fragment per command and Lean's answer to it; Defuddle joins them, and so does a reader.
   */
  private continuesVerso(node: number): boolean {
    const doc = this.doc;
    let next = doc.nextSibling(node);
    while (next >= 0 && doc.isText(next) && doc.text(next).trim() === '') next = doc.nextSibling(next);
    return next >= 0 && doc.isElement(next) && this.kept[next] === 1 && isVersoListing(doc, next);
  }

  /** A held-back Verso fragment whose next fragment was not written (hidden, say): on its own. */
  private writeVersoRun(): void {
    const run = this.versoRun as { text: string; from: number };
    this.versoRun = undefined;
    const content = trimBlankLines(run.text.replace(BLANK_LINES, '\n\n'));
    if (content !== '')
      this.writer.write(this.syntax.codeBlock(content, () => codeLanguage(this.doc, run.from)));
  }

  private closeCode(): void {
    const capture = this.capture as Capture;
    this.capture = undefined;
    const collapsed = collapseWhitespace(capture.parts.join(''));
    const core = collapsed.trim();
    if (collapsed.startsWith(' ')) this.inline.space();
    if (core !== '') this.inline.code(core);
    if ((collapsed.length > 1 && collapsed.endsWith(' ')) || capture.block) this.inline.space();
  }

  private closeCell(node: number): void {
    const table = this.table as TableState;
    const text = this.inline.flush();
    this.inlineOnly--;
    this.inline.cell = false;
    table.inCell = false;
    const colspan = spanOf(this.doc.attr(node, 'colspan'), 1, MAX_TABLE_COLUMNS);
    const rowspan = spanOf(this.doc.attr(node, 'rowspan'), 1, 65534);
    (table.row as TableCell[]).push({ text, colspan, rowspan });
  }

  private closeTable(): void {
    this.flushParagraph();
    const table = this.table as TableState;
    this.table = undefined;
    if (table.row) table.rows.push(table.row);
    const rows: TableCell[][] = [];
    for (const row of table.rows) {
      for (const cell of row) {
        if (cell.text !== '') {
          rows.push(row);
          break;
        }
      }
    }
    if (rows.length === 0) return;
    for (const block of this.syntax.table(rows)) this.writer.write(block);
  }
}

export function spanOf(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number.parseInt(value, 10);
  if (!Number.isFinite(number) || number < 1) return fallback;
  return Math.min(number, max);
}

/** Removes blank lines at the start and whitespace at the end (keeping the first line's indentation). */
/** Runs of blank lines inside a joined Verso listing: one blank line, as Defuddle joins them. */
const BLANK_LINES = /\n{3,}/g;

/**
 * The lines of a listing without `<pre>` less the indentation they share (a Writerside block's
 * lines carry its template's indentation).
 */
function dedent(text: string): string {
  const lines = text.split('\n');
  let indent = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const first = line.search(/\S/);
    if (first >= 0 && first < indent) indent = first;
  }
  if (indent === Number.POSITIVE_INFINITY || indent === 0) return text;
  return lines.map((line) => line.slice(indent)).join('\n');
}

function trimBlankLines(text: string): string {
  let start = 0;
  let lineStart = 0;
  while (start < text.length) {
    const code = text.charCodeAt(start);
    if (code === 10) lineStart = start + 1;
    else if (code !== 32 && code !== 9) break;
    start++;
  }
  return text.slice(lineStart).trimEnd();
}
