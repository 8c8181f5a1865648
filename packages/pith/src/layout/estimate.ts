/**
 * A layout estimated without a browser, for when none is available (and for speed):
 *
 * - styles: the user-agent defaults per tag (display, heading sizes, margins, list
 *   indents, monospace), inline `style` (display, visibility, width, height, font-size,
 *   background, color) and presentational attributes (`width`/`height`, `bgcolor`,
 *   `<font size color>`, `hidden`), inherited down the tree;
 * - widths: a block fills its container minus margins and padding, unless it says
 *   otherwise; table cells share their row by their content (explicit widths first);
 * - heights: inline content flows in lines, `charWidth` × font size per character,
 *   `lineHeight` × font size per line; blocks stack;
 * - tops: document order (each block below the previous one); cells of a row side by side.
 *
 * Floats, flex, grid and positioning are not modelled (pages' style sheets are not read).
 * How far this is from Chromium's layout is measured in docs/algorithms/vce.md.
 */
import { type Doc, NodeKind, TAG, tick } from '../dom/index.js';
import {
  backgroundColourOf,
  DEFAULT_FONT_SIZE,
  DEFAULT_MONOSPACE_SIZE,
  fontTagSize,
  parseFontSize,
  parseInlineStyle,
  parseLength,
  UA_DISPLAY,
  UA_FONT_SCALE,
  UA_INDENT_LEFT,
  UA_INDENT_RIGHT,
  UA_MARGIN_EM,
  UA_MONOSPACE,
} from './css.js';
import {
  allocateLayoutColumns,
  DEFAULT_VIEWPORT,
  Display,
  displayOf,
  isBlockLevel,
  type Layout,
  packRgba,
  parseCssColor,
  type Viewport,
} from './types.js';

export interface EstimateOptions {
  viewport?: Viewport;
  /** Average character advance in em (Chromium's default serif: about 0.45). */
  charWidth?: number;
  /** Line height in em (CSS `normal` for the default fonts: about 1.15). */
  lineHeight?: number;
}

export const ESTIMATE_DEFAULTS = Object.freeze({ charWidth: 0.45, lineHeight: 1.15 });

const LINK_COLOUR = packRgba(0, 0, 238, 255);
const BLACK = packRgba(0, 0, 0, 255);
/** Chromium's table defaults: border-spacing 2px, cell padding 1px. */
const CELL_SPACING = 2;
const CELL_PADDING = 1;
/** A broken image with no size and no alt text: Chromium's 16×16 icon. */
const BROKEN_IMAGE = 16;

type Columns = ReturnType<typeof allocateLayoutColumns>;

/** Estimates the layout of `doc` (see the module comment for what is modelled). */
export function estimateLayout(doc: Doc, options: EstimateOptions = {}): Layout {
  const started = performance.now();
  const viewport = { ...(options.viewport ?? DEFAULT_VIEWPORT) };
  const estimator = new Estimator(doc, viewport, {
    charWidth: options.charWidth ?? ESTIMATE_DEFAULTS.charWidth,
    lineHeight: options.lineHeight ?? ESTIMATE_DEFAULTS.lineHeight,
  });
  return estimator.run(performance.now() - started);
}

class Estimator {
  readonly columns: Columns;
  /** Explicit width (px) from `style`/`width`, NaN when none; percentages resolved at layout. */
  readonly widthPx: Float32Array;
  readonly widthPercent: Float32Array;
  readonly heightPx: Float32Array;
  /** True when the element holds (or is) block-level content. */
  readonly holdsBlock: Uint8Array;
  /** Width the element's content would take on one line (for table column shares). */
  readonly preferred: Float32Array;

  constructor(
    readonly doc: Doc,
    readonly viewport: Viewport,
    readonly metrics: { charWidth: number; lineHeight: number },
  ) {
    const size = doc.size;
    this.columns = allocateLayoutColumns(size);
    this.widthPx = new Float32Array(size).fill(Number.NaN);
    this.widthPercent = new Float32Array(size).fill(Number.NaN);
    this.heightPx = new Float32Array(size).fill(Number.NaN);
    this.holdsBlock = new Uint8Array(size);
    this.preferred = new Float32Array(size);
  }

  run(setupMs: number): Layout {
    const started = performance.now();
    this.computeStyles();
    this.computeContentSizes();
    const { doc, columns, viewport } = this;
    const root = doc.html > 0 ? doc.html : 0;
    let pageHeight = viewport.height;
    if (root > 0) {
      const height = this.placeBlock(root, 0, 0, viewport.width);
      columns.x[root] = 0;
      columns.y[root] = 0;
      columns.width[root] = viewport.width;
      columns.height[root] = Math.max(height, viewport.height);
      pageHeight = Math.max(pageHeight, height);
    } else {
      pageHeight = Math.max(pageHeight, this.flow(0, 8, 8, viewport.width - 16) + 8);
    }
    columns.width[0] = viewport.width;
    columns.height[0] = pageHeight;
    columns.display[0] = Display.Block;
    columns.visible[0] = 1;
    columns.fontSize[0] = DEFAULT_FONT_SIZE;
    let elements = 0;
    for (let node = 1; node < doc.size; node++) {
      tick('layout');
      if (doc.isElement(node)) {
        elements++;
        columns.measured[node] = 1;
      }
    }
    return {
      source: 'estimate',
      viewport,
      pageWidth: viewport.width,
      pageHeight,
      ...columns,
      stats: { elements, measured: elements, unmapped: 0, ms: setupMs + performance.now() - started },
    };
  }

  /** Display, visibility, font size and colours, top-down with inheritance. */
  private computeStyles(): void {
    const { doc, columns } = this;
    const { display, visible, fontSize, background, color } = columns;
    for (let node = 1; node < doc.size; node++) {
      tick('layout');
      if (!doc.isElement(node)) continue;
      const parent = doc.parent(node);
      const parentIsElement = parent > 0 && doc.isElement(parent);
      const tag = doc.tag(node);
      const parentFont = parentIsElement ? fontSize[parent] : DEFAULT_FONT_SIZE;
      const parentColour = parentIsElement ? color[parent] : BLACK;
      const parentVisible = parentIsElement ? visible[parent] : 1;
      if (parentIsElement && display[parent] === Display.None) {
        display[node] = Display.None;
        fontSize[node] = parentFont;
        color[node] = parentColour;
        continue;
      }
      const style = parseInlineStyle(doc.attr(node, 'style'));
      let kind: Display = UA_DISPLAY[tag] ?? Display.Inline;
      if (doc.attr(node, 'hidden') !== undefined) kind = Display.None;
      if (tag === TAG.input && doc.attr(node, 'type')?.toLowerCase() === 'hidden') kind = Display.None;
      const declaredDisplay = style.get('display');
      if (declaredDisplay !== undefined && kind !== Display.None) kind = displayOf(declaredDisplay);
      display[node] = kind;

      let size = UA_MONOSPACE[tag] && parentFont === DEFAULT_FONT_SIZE ? DEFAULT_MONOSPACE_SIZE : parentFont;
      size *= UA_FONT_SCALE[tag] ?? 1;
      if (tag === TAG.font) size = fontTagSize(doc.attr(node, 'size')) ?? size;
      size = parseFontSize(style.get('font-size'), parentFont) ?? size;
      fontSize[node] = size;

      let colour = tag === TAG.a && doc.attr(node, 'href') !== undefined ? LINK_COLOUR : parentColour;
      if (tag === TAG.font) colour = parseCssColor(doc.attr(node, 'color') ?? '') ?? colour;
      colour = parseCssColor(style.get('color') ?? '') ?? colour;
      color[node] = colour;

      const declaredBackground =
        style.get('background-color') ?? backgroundColourOf(style.get('background') ?? '');
      background[node] = parseCssColor(declaredBackground ?? doc.attr(node, 'bgcolor') ?? '') ?? 0;

      const visibility = style.get('visibility');
      visible[node] =
        kind === Display.None
          ? 0
          : visibility === 'hidden' || visibility === 'collapse'
            ? 0
            : visibility === 'visible'
              ? 1
              : parentVisible;

      const declaredWidth = style.get('width') ?? style.get('max-width') ?? doc.attr(node, 'width');
      if (declaredWidth?.trim().endsWith('%')) this.widthPercent[node] = Number.parseFloat(declaredWidth);
      else {
        const width = parseLength(declaredWidth, size, 0);
        if (width !== undefined && width >= 0) this.widthPx[node] = width;
      }
      const height = parseLength(style.get('height') ?? doc.attr(node, 'height'), size, 0);
      if (height !== undefined && height >= 0) this.heightPx[node] = height;
    }
  }

  /** `holdsBlock` and `preferred` (one-line content width), bottom-up. */
  private computeContentSizes(): void {
    const { doc, columns, metrics } = this;
    const { display, fontSize } = columns;
    const { kind, textLength, hidden } = doc.columns;
    for (let node = doc.size - 1; node > 0; node--) {
      tick('layout');
      const parent = doc.parent(node);
      if (kind[node] === NodeKind.Text) {
        if (!hidden[node] && parent >= 0) {
          const font = parent > 0 ? fontSize[parent] || DEFAULT_FONT_SIZE : DEFAULT_FONT_SIZE;
          this.preferred[parent] += textLength[node] * font * metrics.charWidth;
        }
        continue;
      }
      if (kind[node] !== NodeKind.Element || display[node] === Display.None) continue;
      if (isBlockLevel(display[node] as Display)) this.holdsBlock[node] = 1;
      const replaced = this.replacedSize(node);
      if (replaced) this.preferred[node] = Math.max(this.preferred[node], replaced.width);
      if (!Number.isNaN(this.widthPx[node])) this.preferred[node] = this.widthPx[node];
      if (parent > 0) {
        if (this.holdsBlock[node]) this.holdsBlock[parent] = 1;
        // Blocks inside a cell stack: the cell wants its widest line, approximated by the sum
        // for inline content and the max for blocks.
        this.preferred[parent] = isBlockLevel(display[node] as Display)
          ? Math.max(this.preferred[parent], this.preferred[node])
          : this.preferred[parent] + this.preferred[node];
      }
    }
  }

  /** Size of an image or other replaced element, when it has one. */
  private replacedSize(node: number): { width: number; height: number } | undefined {
    const tag = this.doc.tag(node);
    if (this.columns.display[node] !== Display.InlineBlock || this.holdsBlockChildren(node)) return undefined;
    const font = this.columns.fontSize[node];
    let width = this.widthPx[node];
    let height = this.heightPx[node];
    if (tag === TAG.img || tag === TAG.image) {
      const alt = this.doc.attr(node, 'alt') ?? '';
      if (Number.isNaN(width) && Number.isNaN(height)) {
        if (alt.trim() !== '')
          return {
            width: alt.trim().length * font * this.metrics.charWidth,
            height: font * this.metrics.lineHeight,
          };
        return { width: BROKEN_IMAGE, height: BROKEN_IMAGE };
      }
    }
    const defaults: Record<number, [number, number]> = {
      [TAG.input]: [150, 21],
      [TAG.select]: [80, 19],
      [TAG.button]: [60, 21],
      [TAG.textarea]: [180, 36],
      [TAG.iframe]: [300, 150],
      [TAG.video]: [300, 150],
      [TAG.canvas]: [300, 150],
      [TAG.svg]: [300, 150],
      [TAG.object]: [300, 150],
      [TAG.embed]: [300, 150],
    };
    const [defaultWidth, defaultHeight] = defaults[tag] ?? [0, 0];
    if (Number.isNaN(width)) width = defaultWidth;
    if (Number.isNaN(height)) height = defaultHeight;
    return { width, height };
  }

  private holdsBlockChildren(node: number): boolean {
    const stop = this.doc.end(node);
    for (let child = node + 1; child < stop; child = this.doc.end(child)) {
      tick('layout');
      if (this.doc.isElement(child) && this.holdsBlock[child]) return true;
    }
    return false;
  }

  /**
   * Places a block-level element at (x, y) in a container `available` px wide and lays
   * out its content. Returns its height (margins not included).
   */
  private placeBlock(node: number, x: number, y: number, available: number): number {
    const { columns, doc } = this;
    const tag = doc.tag(node);
    let width = available;
    if (!Number.isNaN(this.widthPx[node]))
      width = Math.min(this.widthPx[node], Math.max(available, this.widthPx[node]));
    else if (!Number.isNaN(this.widthPercent[node])) width = (available * this.widthPercent[node]) / 100;
    columns.x[node] = x;
    columns.y[node] = y;
    columns.width[node] = width;
    if (columns.display[node] === Display.Table) return this.placeTable(node, x, y, available);
    const left = UA_INDENT_LEFT[tag] ?? 0;
    const right = UA_INDENT_RIGHT[tag] ?? 0;
    // body's 8px margin is outside its box; list/quote indents are inside the content box.
    const isBody = tag === TAG.body;
    if (isBody) {
      columns.x[node] = x + left;
      columns.y[node] = y + 8;
      columns.width[node] = Math.max(0, width - left - right);
      const inner = this.flow(node, x + left, y + 8, Math.max(0, width - left - right));
      columns.height[node] = Number.isNaN(this.heightPx[node]) ? inner : this.heightPx[node];
      return columns.height[node] + 16;
    }
    let height = this.flow(node, x + left, y, Math.max(0, width - left - right));
    if (tag === TAG.hr) height = 2;
    if (!Number.isNaN(this.heightPx[node])) height = this.heightPx[node];
    columns.height[node] = height;
    return height;
  }

  /**
   * Lays out the children of `node` in a content box at (x, y), `width` px wide: blocks
   * stack, inline content flows in lines between them. Returns the content height.
   */
  private flow(node: number, x: number, y: number, width: number): number {
    const { doc, columns, metrics } = this;
    const { display, fontSize } = columns;
    let cursor = y;
    let pendingMargin = 0;
    let run: InlineRun | undefined;
    const flushRun = () => {
      if (!run) return;
      cursor += pendingMargin;
      pendingMargin = 0;
      cursor += this.placeRun(run, x, cursor, width);
      run = undefined;
    };
    const stop = doc.end(node);
    for (let child = node + 1; child < stop; child = doc.end(child)) {
      tick('layout');
      const kind = doc.kind(child);
      if (kind === NodeKind.Text) {
        if (doc.columns.hidden[child] || doc.columns.textLength[child] === 0) continue;
        run ??= new InlineRun(width);
        const font = node > 0 ? fontSize[node] || DEFAULT_FONT_SIZE : DEFAULT_FONT_SIZE;
        run.addText(doc.columns.textLength[child] * font * metrics.charWidth, font);
        continue;
      }
      if (kind !== NodeKind.Element) continue;
      const childDisplay = display[child] as Display;
      if (childDisplay === Display.None) {
        this.zeroSubtree(child, x, cursor);
        continue;
      }
      if (isBlockLevel(childDisplay) || this.holdsBlock[child]) {
        flushRun();
        const margin = (UA_MARGIN_EM[doc.tag(child)] ?? 0) * fontSize[child];
        cursor += Math.max(pendingMargin, margin);
        // (Stray table rows and cells outside a table are laid out as blocks.)
        cursor += this.placeBlock(child, x, cursor, width);
        pendingMargin = margin;
        continue;
      }
      run ??= new InlineRun(width);
      this.addInline(child, run);
    }
    flushRun();
    return cursor - y;
  }

  /** Adds an inline element (and its inline descendants) to a run. */
  private addInline(node: number, run: InlineRun): void {
    const { doc, columns, metrics } = this;
    if (doc.textLength(node) > 0) run.separate(columns.fontSize[node]);
    const start = run.advance;
    const replaced = this.replacedSize(node);
    if (replaced) {
      run.addBox(replaced.width, replaced.height);
    } else if (doc.tag(node) === TAG.br) {
      run.lineBreak();
    } else {
      const stop = doc.end(node);
      for (let child = node + 1; child < stop; child = doc.end(child)) {
        tick('layout');
        const kind = doc.kind(child);
        if (kind === NodeKind.Text) {
          if (doc.columns.hidden[child]) continue;
          const font = columns.fontSize[node];
          run.addText(doc.columns.textLength[child] * font * metrics.charWidth, font);
        } else if (kind === NodeKind.Element) {
          if (columns.display[child] === Display.None) this.zeroSubtree(child, 0, 0);
          else this.addInline(child, run);
        }
      }
    }
    run.items.push({ node, start, end: run.advance, font: columns.fontSize[node] });
  }

  /** Places the items of a run in lines; returns the run's height. */
  private placeRun(run: InlineRun, x: number, y: number, width: number): number {
    const { columns, metrics } = this;
    const lineWidth = Math.max(1, width);
    const lineHeight = Math.max(run.maxFont * metrics.lineHeight, run.maxBoxHeight);
    const lineOf = (advance: number) => Math.floor(advance / lineWidth);
    for (const item of run.items) {
      const firstLine = lineOf(item.start);
      const lastLine = Math.max(firstLine, lineOf(Math.max(item.start, item.end - 0.01)));
      columns.y[item.node] = y + firstLine * lineHeight;
      columns.height[item.node] = item.end > item.start ? (lastLine - firstLine + 1) * lineHeight : 0;
      if (firstLine === lastLine) {
        columns.x[item.node] = x + (item.start - firstLine * lineWidth);
        columns.width[item.node] = item.end - item.start;
      } else {
        columns.x[item.node] = x;
        columns.width[item.node] = lineWidth;
      }
    }
    if (run.advance <= 0) return 0;
    return (lineOf(Math.max(0, run.advance - 0.01)) + 1) * lineHeight;
  }

  /**
   * A table: rows stack; in each row, cells with an explicit width get it and the others
   * share what is left in proportion to their content; each cell's height comes from its
   * content at that width, and the row is as tall as its tallest cell.
   */
  private placeTable(table: number, x: number, y: number, available: number): number {
    const { doc, columns } = this;
    const rows: { row: number; group: number; cells: number[] }[] = [];
    const collectRows = (parent: number, group: number) => {
      for (const child of doc.children(parent)) {
        if (!doc.isElement(child) || columns.display[child] === Display.None) continue;
        const childDisplay = columns.display[child];
        if (childDisplay === Display.TableRowGroup) collectRows(child, child);
        else if (childDisplay === Display.TableRow) {
          const cells = doc
            .children(child)
            .filter((cell) => doc.isElement(cell) && columns.display[cell] !== Display.None);
          rows.push({ row: child, group, cells });
        }
      }
    };
    collectRows(table, -1);
    let width: number;
    if (!Number.isNaN(this.widthPx[table])) width = this.widthPx[table];
    else if (!Number.isNaN(this.widthPercent[table])) width = (available * this.widthPercent[table]) / 100;
    else {
      let widest = 0;
      for (const { cells } of rows) {
        let sum = CELL_SPACING;
        for (const cell of cells)
          sum += this.cellPreferred(cell, available) + CELL_SPACING + 2 * CELL_PADDING;
        widest = Math.max(widest, sum);
      }
      width = Math.min(available, widest);
    }
    columns.x[table] = x;
    columns.y[table] = y;
    columns.width[table] = width;
    let cursor = y + CELL_SPACING;
    // Captions and anything else that is not a row: above the rows, as blocks.
    for (const child of doc.children(table)) {
      if (!doc.isElement(child)) continue;
      const childDisplay = columns.display[child];
      if (childDisplay === Display.None) this.zeroSubtree(child, x, y);
      else if (childDisplay !== Display.TableRowGroup && childDisplay !== Display.TableRow) {
        cursor += this.placeBlock(child, x, cursor, width);
      }
    }
    const inner = Math.max(0, width - CELL_SPACING);
    const groupBoxes = new Map<number, { top: number; bottom: number }>();
    for (const { row, group, cells } of rows) {
      const widths = this.shareRow(cells, inner);
      let cellX = x + CELL_SPACING;
      let rowHeight = 0;
      cells.forEach((cell, index) => {
        const cellWidth = widths[index];
        columns.x[cell] = cellX;
        columns.y[cell] = cursor;
        columns.width[cell] = cellWidth;
        const content = this.flow(
          cell,
          cellX + CELL_PADDING,
          cursor + CELL_PADDING,
          Math.max(0, cellWidth - 2 * CELL_PADDING),
        );
        const height = Math.max(
          content + 2 * CELL_PADDING,
          Number.isNaN(this.heightPx[cell]) ? 0 : this.heightPx[cell],
        );
        columns.height[cell] = height;
        rowHeight = Math.max(rowHeight, height);
        cellX += cellWidth + CELL_SPACING;
      });
      for (const cell of cells) columns.height[cell] = rowHeight;
      columns.x[row] = x + CELL_SPACING;
      columns.y[row] = cursor;
      columns.width[row] = Math.max(0, inner - CELL_SPACING);
      columns.height[row] = rowHeight;
      if (group >= 0) {
        const box = groupBoxes.get(group);
        if (box) box.bottom = cursor + rowHeight;
        else groupBoxes.set(group, { top: cursor, bottom: cursor + rowHeight });
      }
      cursor += rowHeight + CELL_SPACING;
    }
    for (const [group, box] of groupBoxes) {
      columns.x[group] = x + CELL_SPACING;
      columns.y[group] = box.top;
      columns.width[group] = Math.max(0, inner - CELL_SPACING);
      columns.height[group] = box.bottom - box.top;
    }
    const height = Math.max(cursor - y, Number.isNaN(this.heightPx[table]) ? 0 : this.heightPx[table]);
    columns.height[table] = height;
    return height;
  }

  private cellPreferred(cell: number, available: number): number {
    if (!Number.isNaN(this.widthPx[cell])) return this.widthPx[cell];
    if (!Number.isNaN(this.widthPercent[cell])) return (available * this.widthPercent[cell]) / 100;
    return Math.min(available, this.preferred[cell]);
  }

  /** Widths of the cells of one row within `inner` px. */
  private shareRow(cells: readonly number[], inner: number): number[] {
    const spacing = CELL_SPACING * cells.length;
    const room = Math.max(0, inner - spacing);
    const widths = cells.map(() => 0);
    let fixed = 0;
    const auto: number[] = [];
    cells.forEach((cell, index) => {
      let explicit = Number.NaN;
      if (!Number.isNaN(this.widthPx[cell])) explicit = this.widthPx[cell];
      else if (!Number.isNaN(this.widthPercent[cell])) explicit = (room * this.widthPercent[cell]) / 100;
      if (Number.isNaN(explicit)) auto.push(index);
      else {
        widths[index] = explicit;
        fixed += explicit;
      }
    });
    if (fixed > room && fixed > 0) {
      for (let i = 0; i < widths.length; i++) widths[i] *= room / fixed;
      fixed = room;
    }
    const left = room - fixed;
    // Auto cells get their one-line width when everything fits, else a share of what is
    // left in proportion to it (a small floor keeps empty cells from vanishing).
    const wants = auto.map((index) => Math.max(8, this.preferred[cells[index]] + 2 * CELL_PADDING));
    const total = wants.reduce((sum, want) => sum + want, 0);
    auto.forEach((index, k) => {
      widths[index] =
        total <= left
          ? wants[k] + (auto.length > 0 ? (left - total) / auto.length : 0)
          : (left * wants[k]) / total;
    });
    return widths;
  }

  /** A subtree that is not rendered: zero-size boxes at (x, y), not visible. */
  private zeroSubtree(node: number, x: number, y: number): void {
    const { columns, doc } = this;
    const stop = doc.end(node);
    for (let at = node; at < stop; at++) {
      tick('layout');
      columns.x[at] = x;
      columns.y[at] = y;
      columns.width[at] = 0;
      columns.height[at] = 0;
      columns.visible[at] = 0;
      if (doc.isElement(at)) columns.display[at] = Display.None;
    }
  }
}

interface RunItem {
  node: number;
  start: number;
  end: number;
  font: number;
}

/** Inline content between two blocks: one long line of `advance` px, wrapped when placed. */
class InlineRun {
  advance = 0;
  constructor(readonly lineWidth: number) {}
  maxFont = 0;
  maxBoxHeight = 0;
  readonly items: RunItem[] = [];
  #separated = false;
  /** A space between consecutive pieces of text (once, however many elements open there). */
  separate(font: number): void {
    if (this.advance > 0 && !this.#separated) this.advance += font * 0.25;
    this.#separated = true;
  }
  addText(px: number, font: number): void {
    if (px <= 0) return;
    this.separate(font);
    this.advance += px;
    this.#separated = false;
    this.maxFont = Math.max(this.maxFont, font);
  }
  addBox(width: number, height: number): void {
    this.advance += width;
    this.maxBoxHeight = Math.max(this.maxBoxHeight, height);
  }
  /** `<br>`: the rest of the current line stays empty. */
  lineBreak(): void {
    const width = Math.max(1, this.lineWidth);
    this.advance = (Math.floor(this.advance / width) + 1) * width;
    this.maxFont = Math.max(this.maxFont, DEFAULT_FONT_SIZE);
  }
}
