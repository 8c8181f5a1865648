/**
 * What a layout source (a real browser, or the estimate) tells us about each element of a `Doc`:
 * its box on the page and the few computed styles the visual algorithms (VCE) compare.
 * Columns are indexed by `Doc` node id, like `DocColumns`; only elements carry values.
 */

import type { Doc } from '../dom/index.js';

/** Where a layout came from. */
export type LayoutSource = 'browser' | 'estimate';

/** The CSS `display` of an element, folded into the kinds the algorithms tell apart. */
export const Display = Object.freeze({
  /** Not rendered (`display: none`, or inside such an element, or never shown content). */
  None: 0,
  Block: 1,
  Inline: 2,
  InlineBlock: 3,
  ListItem: 4,
  Table: 5,
  TableRowGroup: 6,
  TableRow: 7,
  TableCell: 8,
  Flex: 9,
  Grid: 10,
  /** Anything else (`contents`, `ruby`, `table-caption`…). */
  Other: 11,
} as const);
export type Display = (typeof Display)[keyof typeof Display];

/** A Map: a keyword from a page (`display: constructor`) must not find Object.prototype's members. */
const DISPLAY_BY_KEYWORD: ReadonlyMap<string, Display> = new Map(
  Object.entries({
    none: Display.None,
    block: Display.Block,
    'flow-root': Display.Block,
    inline: Display.Inline,
    'inline-block': Display.InlineBlock,
    'inline-table': Display.InlineBlock,
    'inline-flex': Display.InlineBlock,
    'inline-grid': Display.InlineBlock,
    'list-item': Display.ListItem,
    table: Display.Table,
    'table-row-group': Display.TableRowGroup,
    'table-header-group': Display.TableRowGroup,
    'table-footer-group': Display.TableRowGroup,
    'table-row': Display.TableRow,
    'table-cell': Display.TableCell,
    flex: Display.Flex,
    grid: Display.Grid,
  }),
);

/** The `Display` of a computed or declared `display` value (first keyword of multi-keyword forms). */
export function displayOf(value: string): Display {
  const keyword = value.trim().toLowerCase();
  const direct = DISPLAY_BY_KEYWORD.get(keyword);
  if (direct !== undefined) return direct;
  // Two-keyword syntax: `block flow`, `inline flow-root`, `block flex`…
  const [outer, inner] = keyword.split(/\s+/);
  if (inner === 'flex') return outer === 'inline' ? Display.InlineBlock : Display.Flex;
  if (inner === 'grid') return outer === 'inline' ? Display.InlineBlock : Display.Grid;
  if (inner === 'flow-root') return outer === 'inline' ? Display.InlineBlock : Display.Block;
  if (outer === 'block') return Display.Block;
  if (outer === 'inline') return Display.Inline;
  return Display.Other;
}

/** True for displays that stack vertically in their container (not inline-level). */
export function isBlockLevel(display: Display): boolean {
  return display !== Display.Inline && display !== Display.InlineBlock && display !== Display.None;
}

/**
 * Per-element layout of one document, indexed by `Doc` node id.
 * Coordinates are CSS pixels from the top-left corner of the page (not the viewport).
 */
export interface Layout {
  readonly source: LayoutSource;
  readonly viewport: Readonly<Viewport>;
  /** Size of the whole laid-out page (at least the viewport). */
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly width: Float32Array;
  readonly height: Float32Array;
  /** Computed font size in px. */
  readonly fontSize: Float32Array;
  /** The element's own background colour, packed RGBA (`packRgba`); 0 = transparent. */
  readonly background: Uint32Array;
  /** Text colour, packed RGBA. */
  readonly color: Uint32Array;
  readonly display: Uint8Array;
  /** 1 when the element is rendered and `visibility` is visible. */
  readonly visible: Uint8Array;
  /**
   * 1 when the values come from the source itself; 0 when they were filled in (the
   * browser had no element for it, see `LayoutStats.unmapped`; non-elements).
   */
  readonly measured: Uint8Array;
  readonly stats: LayoutStats;
}

export interface LayoutStats {
  /** Elements of the document. */
  elements: number;
  /** Elements whose values were measured (browser: matched by `data-pith-id`). */
  measured: number;
  /** Elements the browser had no element for (filled in from their surroundings). */
  unmapped: number;
  /** Milliseconds spent producing the layout (browser: load + snapshot, without the launch). */
  ms: number;
}

/**
 * Lays a page out for the extractors that need a layout (`vce`): what `extractAsync()` takes as its
 * `layout` option. pith's tools pass headless Chromium (`BrowserLayoutEngine`); a browser extension
 * could measure the live page. Rejects when it cannot lay the page out.
 */
export interface LayoutProvider {
  layout(doc: Doc, options: { viewport: Viewport; timeoutMs?: number }): Promise<Layout>;
}

export interface Viewport {
  width: number;
  height: number;
}

export const DEFAULT_VIEWPORT: Readonly<Viewport> = Object.freeze({ width: 1366, height: 768 });

/** Packs a colour as 0xRRGGBBAA (alpha 0–255). */
export function packRgba(r: number, g: number, b: number, a: number): number {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return ((clamp(r) << 24) | (clamp(g) << 16) | (clamp(b) << 8) | clamp(a)) >>> 0;
}

/** The alpha byte of a packed colour (0 = fully transparent). */
export function alphaOf(rgba: number): number {
  return rgba & 0xff;
}

/** The packed colour as `#rrggbbaa`, for diagnostics. */
export function rgbaHex(rgba: number): string {
  return `#${rgba.toString(16).padStart(8, '0')}`;
}

const NAMED_COLOURS: Readonly<Record<string, number>> = {
  transparent: 0,
  black: packRgba(0, 0, 0, 255),
  white: packRgba(255, 255, 255, 255),
  red: packRgba(255, 0, 0, 255),
  green: packRgba(0, 128, 0, 255),
  blue: packRgba(0, 0, 255, 255),
  yellow: packRgba(255, 255, 0, 255),
  gray: packRgba(128, 128, 128, 255),
  grey: packRgba(128, 128, 128, 255),
  silver: packRgba(192, 192, 192, 255),
  maroon: packRgba(128, 0, 0, 255),
  navy: packRgba(0, 0, 128, 255),
  olive: packRgba(128, 128, 0, 255),
  purple: packRgba(128, 0, 128, 255),
  teal: packRgba(0, 128, 128, 255),
  lime: packRgba(0, 255, 0, 255),
  aqua: packRgba(0, 255, 255, 255),
  fuchsia: packRgba(255, 0, 255, 255),
  orange: packRgba(255, 165, 0, 255),
  whitesmoke: packRgba(245, 245, 245, 255),
  lightgray: packRgba(211, 211, 211, 255),
  lightgrey: packRgba(211, 211, 211, 255),
  darkgray: packRgba(169, 169, 169, 255),
  darkgrey: packRgba(169, 169, 169, 255),
  gainsboro: packRgba(220, 220, 220, 255),
  beige: packRgba(245, 245, 220, 255),
  ivory: packRgba(255, 255, 240, 255),
  lightyellow: packRgba(255, 255, 224, 255),
  lightblue: packRgba(173, 216, 230, 255),
  aliceblue: packRgba(240, 248, 255, 255),
};

/**
 * Parses a CSS colour as Chromium serialises computed values (`rgb(…)`, `rgba(…)`) and as
 * authors write them in `style`/`bgcolor` (`#rgb`, `#rrggbb`, `#rrggbbaa`, common names).
 * Returns undefined for what it does not know (`color(…)`, `oklch(…)`, unusual names):
 * callers keep the inherited or default value then.
 */
export function parseCssColor(value: string): number | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  // Own keys only: a value such as "__proto__" or "constructor" is not a colour.
  const named = Object.hasOwn(NAMED_COLOURS, text) ? NAMED_COLOURS[text] : undefined;
  if (named !== undefined) return named;
  if (text.startsWith('#') || /^[0-9a-f]{6}$/.test(text)) {
    const hex = text.startsWith('#') ? text.slice(1) : text;
    if (!/^[0-9a-f]+$/.test(hex)) return undefined;
    if (hex.length === 3 || hex.length === 4) {
      const [r, g, b, a] = [...hex].map((c) => Number.parseInt(c + c, 16));
      return packRgba(r, g, b, a ?? 255);
    }
    if (hex.length === 6 || hex.length === 8) {
      const channel = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
      return packRgba(channel(0), channel(2), channel(4), hex.length === 8 ? channel(6) : 255);
    }
    return undefined;
  }
  // No `\s*` before the channels: `[^)]*` takes the spaces too (the split leaves no empty part), and the
  // two split a long run of spaces every way.
  const match = /^rgba?\(([^)]*)\)$/.exec(text);
  if (!match) return undefined;
  const parts = match[1].split(/[\s,/]+/).filter((p) => p !== '');
  if (parts.length < 3) return undefined;
  const channel = (part: string) =>
    part.endsWith('%') ? (Number.parseFloat(part) * 255) / 100 : Number.parseFloat(part);
  const [r, g, b] = parts.slice(0, 3).map(channel);
  let a = 255;
  if (parts.length >= 4) {
    const alpha = parts[3];
    a = alpha.endsWith('%') ? (Number.parseFloat(alpha) * 255) / 100 : Number.parseFloat(alpha) * 255;
  }
  if (![r, g, b, a].every(Number.isFinite)) return undefined;
  return packRgba(r, g, b, a);
}

/** Allocates the columns of a layout for a document of `size` nodes. */
export function allocateLayoutColumns(size: number): {
  x: Float32Array;
  y: Float32Array;
  width: Float32Array;
  height: Float32Array;
  fontSize: Float32Array;
  background: Uint32Array;
  color: Uint32Array;
  display: Uint8Array;
  visible: Uint8Array;
  measured: Uint8Array;
} {
  return {
    x: new Float32Array(size),
    y: new Float32Array(size),
    width: new Float32Array(size),
    height: new Float32Array(size),
    fontSize: new Float32Array(size),
    background: new Uint32Array(size),
    color: new Uint32Array(size),
    display: new Uint8Array(size),
    visible: new Uint8Array(size),
    measured: new Uint8Array(size),
  };
}
