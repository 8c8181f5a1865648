/**
 * The block engine behind `toText` and `toMarkdown`: one linear walk over the
 * document with an explicit stack of open elements, writing blocks through a
 * stack of containers (block quotes, list items) that prefix every line.
 */
import {
  type Doc,
  type Extraction,
  IS_BLOCK,
  IS_HEADING,
  IS_HIDDEN_CONTENT,
  NodeKind,
  TAG,
} from '../dom/index.js';
import {
  cachedTableFacts,
  codeLanguage,
  DROPPED,
  IS_INLINE_CODE,
  IS_LIST,
  IS_NOT_INLINE_TEXT,
  IS_PRE,
  IS_TABLE_SECTION,
  isGutter,
  isUnrendered,
  keptText,
  longestRun,
  type TableFacts,
  TITLE_SEARCH_BLOCKS,
  TITLE_SEARCH_CHARACTERS,
  titleKey,
  WHITESPACE_RUN,
  withoutSoftHyphens,
} from './common.js';
import { EMPHASIS, escapeMarkdown, Inline, LINK, linkDestination, STRIKE, STRONG } from './inline.js';
import type { FormatOptions } from './types.js';
import { baseUrlOf, imageSource, safeUrl } from './url.js';

/** Containers nested deeper than this are flattened (bounds the prefix written on every line). */
const MAX_CONTAINERS = 32;
/** Tables wider than this are written as paragraphs, one per cell. */
const MAX_TABLE_COLUMNS = 64;

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

interface ListState {
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

interface TableCell {
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
} as const;

interface Frame {
  readonly end: number;
  readonly type: number;
  readonly node: number;
  /** Blocks written when the element opened (for containers). */
  readonly blocksAtOpen: number;
  /** Container pushed for it (quote, item). */
  readonly pushed: boolean;
  /** `nextSep` before the element changed it (restored when it wrote nothing). */
  readonly savedSep: number;
  readonly list: ListState | undefined;
}

interface Capture {
  /** A code block (else a code span). */
  readonly pre: boolean;
  /** A block element written as a code span (a `<pre>` in a heading or cell): spaces around it. */
  readonly block: boolean;
  readonly parts: string[];
}

const CR = /\r\n?/g;

/** A part of the document: the nodes `start … stop - 1`. */
export interface NodeRange {
  start: number;
  stop: number;
}

/**
 * Renders the kept content of an extraction as Markdown (`plain` false) or plain
 * text (`plain` true); with `range`, only the kept content inside it.
 */
export function renderBlocks(
  extraction: Extraction,
  options: FormatOptions,
  plain: boolean,
  range?: NodeRange,
): string {
  return new BlockEngine(extraction, options, plain).run(range);
}

class BlockEngine {
  private readonly doc: Doc;
  private readonly kept: Uint8Array;
  private readonly writer = new Writer();
  private readonly inline: Inline;
  private readonly base: string | undefined;
  private readonly images: boolean;
  private readonly links: boolean;
  private readonly tables: TableFacts;
  private readonly frames: Frame[] = [];
  private readonly lists: ListState[] = [];
  private inlineOnly = 0;
  private capture: Capture | undefined;
  private table: TableState | undefined;
  private lastList:
    | { depth: number; blocks: number; ordered: boolean; bullet: string; delimiter: string }
    | undefined;
  /** The title's comparison key while a heading or first paragraph may still repeat it ('' once not). */
  private titleKey: string;
  /** Blocks and characters written before the body (the printed title). */
  private titleBlocks = 0;
  private titleChars = 0;

  constructor(
    extraction: Extraction,
    private readonly options: FormatOptions,
    private readonly plain: boolean,
  ) {
    this.doc = extraction.doc;
    this.kept = extraction.selection.kept;
    this.inline = new Inline(plain);
    this.base = plain ? undefined : baseUrlOf(this.doc, options.url);
    this.images = options.images !== false;
    this.links = options.links !== false;
    this.tables = cachedTableFacts(this.doc);
    this.titleKey = options.dropTitle || options.printTitle ? titleKey(options.title) : '';
  }

  run(range?: NodeRange): string {
    const { doc, kept, frames } = this;
    const { kind, tag, end, hidden, textLength } = doc.columns;
    const size = range ? Math.min(range.stop, doc.size) : doc.size;
    if (this.options.printTitle && this.titleKey !== '') this.printTitle(this.options.title as string);
    for (let at = range ? Math.max(range.start, 1) : 1; at < size; at++) {
      while (frames.length > 0 && frames[frames.length - 1].end <= at) this.close(frames.pop() as Frame);
      const nodeKind = kind[at];
      if (nodeKind === NodeKind.Text) {
        if (hidden[at]) continue;
        if (kept[at]) this.onText(doc.text(at));
        // Whitespace between two inline elements is a space on screen even when
        // the selection (which chooses text with words) skipped it.
        else if (textLength[at] === 0) this.onGap(doc.text(at));
        continue;
      }
      if (nodeKind !== NodeKind.Element) continue;
      const t = tag[at];
      if (DROPPED[t]) {
        // A form control is a block boundary; hidden content is nothing at all (as in textContent).
        if (IS_BLOCK[t] && !IS_HIDDEN_CONTENT[t]) {
          if (this.capture) this.captureBreak();
          else this.softBoundary();
        }
        at = end[at] - 1;
        continue;
      }
      if (isGutter(doc, at) || IS_NOT_INLINE_TEXT[t] || isUnrendered(doc, at, t)) {
        // Line numbers of a code listing, ruby readings, MathML annotations: not part of the text read.
        at = end[at] - 1;
        continue;
      }
      this.open(at, t);
    }
    while (frames.length > 0) this.close(frames.pop() as Frame);
    this.flushParagraph();
    // Canonically equivalent text looks the same on screen: write the composed form ("u" + U+0308 as "ü").
    return this.writer.out.join('').trim().normalize('NFC');
  }

  // ── opening elements ─────────────────────────────────────────────────────

  private push(node: number, type: number, extra?: Partial<Omit<Frame, 'end' | 'type' | 'node'>>): void {
    this.frames.push({
      end: this.doc.end(node),
      type,
      node,
      blocksAtOpen: extra?.blocksAtOpen ?? this.writer.blocks,
      pushed: extra?.pushed ?? false,
      savedSep: extra?.savedSep ?? this.writer.nextSep,
      list: extra?.list,
    });
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
    const plain = this.plain;

    if (IS_LIST[t] && this.inlineOnly === 0) {
      this.openList(node, t, kept);
      return;
    }
    // Inside a table written as a table, rows and cells are structure whether or not they are kept.
    if (this.table && this.openTablePart(node, t)) return;
    if (!kept) {
      if (IS_BLOCK[t]) this.openBoundary(node);
      return;
    }

    if (IS_HEADING[t]) {
      if (this.inlineOnly > 0) {
        this.openBoundary(node);
        return;
      }
      this.flushParagraph();
      this.inlineOnly++;
      this.push(node, CLOSE.heading);
      return;
    }
    if (IS_PRE[t]) {
      if (this.inlineOnly > 0) {
        this.inline.space();
        this.startCapture(node, true);
        return;
      }
      this.flushParagraph();
      this.capture = { pre: true, block: false, parts: [] };
      this.push(node, CLOSE.pre);
      return;
    }
    if (IS_INLINE_CODE[t] && !plain) {
      this.startCapture(node, false);
      return;
    }
    switch (t) {
      case TAG.li:
        if (this.inlineOnly > 0) this.openBoundary(node);
        else this.openItem(node);
        return;
      case TAG.blockquote:
        if (this.inlineOnly > 0 || plain) this.openBoundary(node);
        else this.openContainer(node, '> ', '> ', CLOSE.quote, undefined);
        return;
      case TAG.table:
        if (this.inlineOnly > 0 || this.tables.nested.has(node) || (this.tables.cells.get(node) ?? 0) < 2) {
          this.openBoundary(node);
        } else {
          this.flushParagraph();
          this.table = { rows: [], row: undefined, inCell: false };
          this.push(node, CLOSE.table);
        }
        return;
      case TAG.hr:
        if (this.inlineOnly > 0 || plain) this.softBoundary();
        else {
          this.flushParagraph();
          this.writer.write(this.writer.startsContainer ? '___' : '---');
        }
        return;
      case TAG.img:
      case TAG.image:
        if (!plain && this.images) this.onImage(node);
        return;
      case TAG.a:
        if (!plain && this.links) {
          const href = safeUrl(this.doc.attr(node, 'href'), this.base, 'link');
          if (href !== undefined) this.openInline(node, LINK, '[', `](${linkDestination(href)})`);
        }
        return;
      case TAG.strong:
      case TAG.b:
        if (!plain) this.openInline(node, STRONG, '**', '**');
        return;
      case TAG.em:
      case TAG.i:
        if (!plain) this.openInline(node, EMPHASIS, '*', '*');
        return;
      case TAG.del:
      case TAG.s:
      case TAG.strike:
        if (!plain) this.openInline(node, STRIKE, '~~', '~~');
        return;
      case TAG.figcaption:
        if (plain) this.openBoundary(node);
        else this.openBoundaryInline(node, EMPHASIS, '*', '*');
        return;
      case TAG.dt:
      case TAG.summary:
        if (plain) this.openBoundary(node);
        else this.openBoundaryInline(node, STRONG, '**', '**');
        return;
    }
    if (IS_BLOCK[t]) this.openBoundary(node);
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

  private openContainer(
    node: number,
    first: string,
    rest: string,
    type: number,
    list: ListState | undefined,
  ): void {
    this.flushParagraph();
    const writer = this.writer;
    const savedSep = writer.nextSep;
    const pushed = writer.containers.length < MAX_CONTAINERS;
    if (pushed) writer.containers.push({ first, rest, used: false });
    this.push(node, type, { pushed, savedSep, list });
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
    let start = 1;
    const startAttribute = ordered ? this.doc.attr(node, 'start') : undefined;
    if (startAttribute !== undefined && /^\s*\d{1,9}\s*$/.test(startAttribute))
      start = Number(startAttribute);
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
    this.lists.push(list);
    this.push(node, CLOSE.list, { list });
  }

  private openItem(node: number): void {
    this.flushParagraph();
    const lists = this.lists;
    const list =
      lists.length > 0 && this.doc.contains(lists[lists.length - 1].node, node)
        ? lists[lists.length - 1]
        : undefined;
    let marker = '';
    let bulletLike = true;
    if (!this.plain) {
      if (list?.kept && list.ordered) {
        marker = `${list.next}${list.delimiter} `;
        bulletLike = list.next === 1;
      } else {
        marker = `${list?.kept ? list.bullet : '-'} `;
      }
    }
    const writer = this.writer;
    const savedSep = writer.nextSep;
    // Items of one list follow each other line by line (a tight list); so does a
    // list that starts right under its parent item's text.
    const containers = writer.containers;
    const parent = containers.length > 0 ? containers[containers.length - 1] : undefined;
    const underItemText = parent?.used === true && parent.first !== '> ' && bulletLike;
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
      this.inline.cell = !this.plain;
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
    const capture = this.capture;
    if (capture) {
      text = withoutSoftHyphens(text);
      if (capture.pre && capture.parts.length === 0 && text.charCodeAt(0) === 10) text = text.slice(1);
      capture.parts.push(text);
      return;
    }
    this.inline.text(text);
  }

  /** A whitespace-only text node the selection did not keep: verbatim in code, else a space between words. */
  private onGap(text: string): void {
    const capture = this.capture;
    if (capture) capture.parts.push(capture.pre ? text : ' ');
    else this.inline.space();
  }

  private onBreak(): void {
    if (this.inlineOnly > 0) this.inline.space();
    else if (this.inline.breakPending) this.flushParagraph();
    else this.inline.lineBreak();
  }

  private onImage(node: number): void {
    const src = safeUrl(imageSource(this.doc, node), this.base, 'image');
    if (src === undefined) return;
    const alt = (this.doc.attr(node, 'alt') ?? '').replace(WHITESPACE_RUN, ' ').trim();
    this.inline.image(`![${escapeMarkdown(alt, this.inline.cell)}](${linkDestination(src)})`);
  }

  /** A block boundary: ends the paragraph, or is a space inside a heading or table cell. */
  private softBoundary(): void {
    if (this.inlineOnly > 0) this.inline.space();
    else this.flushParagraph();
  }

  private flushParagraph(): void {
    const block = this.inline.flush();
    if (block === '') return;
    if (
      this.titleKey !== '' &&
      this.writer.blocks === this.titleBlocks &&
      this.writer.containers.length === 0
    ) {
      // The first paragraph of the body may be the title written as a paragraph.
      if (titleKey(block.replace(MARKDOWN_DESTINATION, ']')) === this.titleKey) {
        this.titleKey = '';
        return;
      }
    }
    this.writer.write(block);
  }

  /** The page title as the first block: `# Title`, or its own line in plain text. */
  private printTitle(title: string): void {
    const text = withoutSoftHyphens(title).replace(WHITESPACE_RUN, ' ').trim();
    this.writer.write(this.plain ? text : `# ${protectClosingHashes(escapeLineStartless(text))}`);
    this.titleBlocks = this.writer.blocks;
    this.titleChars = this.writer.chars;
  }

  /** True while a heading may still be the title (few blocks, few characters before it). */
  private titleSearchOpen(): boolean {
    if (this.titleKey === '') return false;
    const writer = this.writer;
    if (
      writer.blocks - this.titleBlocks > TITLE_SEARCH_BLOCKS ||
      writer.chars - this.titleChars > TITLE_SEARCH_CHARACTERS
    ) {
      this.titleKey = '';
      return false;
    }
    return true;
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
    if (content === '') return;
    const writer = this.writer;
    if (this.titleSearchOpen() && titleKey(keptText(this.doc, this.kept, node)) === this.titleKey) {
      // The heading that repeats the title (a kicker heading may come before it).
      this.titleKey = '';
      return;
    }
    if (this.plain) {
      writer.write(content);
      return;
    }
    const level = this.doc.tag(node) - TAG.h1 + 1;
    writer.write(`${'#'.repeat(level)} ${protectClosingHashes(content)}`);
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
    const content = trimBlankLines(capture.parts.join('').replace(CR, '\n'));
    if (content === '') return;
    if (this.plain) {
      this.writer.write(content);
      return;
    }
    const fence = '`'.repeat(Math.max(3, longestRun(content, '`') + 1));
    const language = codeLanguage(this.doc, node) ?? '';
    this.writer.write(`${fence}${language}\n${content}\n${fence}`);
  }

  private closeCode(): void {
    const capture = this.capture as Capture;
    this.capture = undefined;
    const collapsed = capture.parts.join('').replace(WHITESPACE_RUN, ' ');
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
    if (this.plain) {
      this.writer.write(
        rows
          .map((row) =>
            row
              .map((cell) => cell.text)
              .join('\t')
              .trimEnd(),
          )
          .join('\n'),
      );
      return;
    }
    const grid = layOut(rows);
    let columns = 0;
    for (const row of grid) columns = Math.max(columns, row.length);
    if (columns > MAX_TABLE_COLUMNS) {
      for (const row of rows) for (const cell of row) if (cell.text !== '') this.writer.write(cell.text);
      return;
    }
    const lines: string[] = [];
    for (let index = 0; index < grid.length; index++) {
      const row = grid[index];
      while (row.length < columns) row.push('');
      lines.push(`| ${row.join(' | ')} |`);
      if (index === 0) lines.push(`|${' --- |'.repeat(columns)}`);
    }
    this.writer.write(lines.join('\n'));
  }
}

/** Places cells on a grid, leaving empty cells where row and column spans reach. */
function layOut(rows: TableCell[][]): string[][] {
  const grid: string[][] = [];
  const spans: number[] = [];
  for (const row of rows) {
    const out: string[] = [];
    let column = 0;
    for (const cell of row) {
      while (spans[column] > 0) {
        spans[column]--;
        out.push('');
        column++;
      }
      for (let offset = 0; offset < cell.colspan; offset++) {
        out.push(offset === 0 ? cell.text : '');
        spans[column] = cell.rowspan - 1;
        column++;
      }
    }
    for (let rest = column; rest < spans.length; rest++) {
      if (spans[rest] > 0) {
        spans[rest]--;
        while (out.length < rest) out.push('');
        out.push('');
      }
    }
    grid.push(out);
  }
  return grid;
}

function spanOf(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number.parseInt(value, 10);
  if (!Number.isFinite(number) || number < 1) return fallback;
  return Math.min(number, max);
}

/** `[text](destination)` and `![alt](src)` leave their destination out of a title comparison. */
const MARKDOWN_DESTINATION = /\]\([^)]*\)/g;

/** Text escaped for a heading line (after "# ", where block markers cannot start). */
function escapeLineStartless(text: string): string {
  return escapeMarkdown(text, false);
}

/** Backslash-escapes a trailing run of `#` that CommonMark would take for a closing sequence. */
function protectClosingHashes(content: string): string {
  let index = content.length;
  while (index > 0 && content.charCodeAt(index - 1) === 35) index--;
  if (index === content.length) return content;
  if (index > 0 && content.charCodeAt(index - 1) !== 32) return content;
  return `${content.slice(0, index)}\\${content.slice(index)}`;
}

/** Removes blank lines at the start and whitespace at the end (keeping the first line's indentation). */
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
