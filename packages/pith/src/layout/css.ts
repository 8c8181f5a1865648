/**
 * The little CSS the estimated layout understands: a browser's default (user-agent)
 * styles per tag, inline `style` declarations and the presentational attributes old
 * pages use (`width`, `bgcolor`, `<font size>`). No selectors, no cascade beyond
 * inheritance: pages' style sheets are never read (the browser layout does not load
 * external ones either; see docs/algorithms/vce.md).
 */
import { TAG, TAG_COUNT } from '../dom/index.js';
import { Display } from './types.js';

/** Chromium's defaults: 16px proportional text, 13px monospace. */
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_MONOSPACE_SIZE = 13;

function table<T>(fill: T, entries: [number, T][]): T[] {
  const out = new Array<T>(TAG_COUNT).fill(fill);
  for (const [tag, value] of entries) out[tag] = value;
  return out;
}

/** The user-agent `display` of each tag (unknown and custom tags are inline). */
export const UA_DISPLAY: readonly Display[] = table<Display>(Display.Inline, [
  ...[
    TAG.address,
    TAG.article,
    TAG.aside,
    TAG.blockquote,
    TAG.body,
    TAG.center,
    TAG.dd,
    TAG.details,
    TAG.dialog,
    TAG.dir,
    TAG.div,
    TAG.dl,
    TAG.dt,
    TAG.fieldset,
    TAG.figcaption,
    TAG.figure,
    TAG.footer,
    TAG.form,
    TAG.frameset,
    TAG.h1,
    TAG.h2,
    TAG.h3,
    TAG.h4,
    TAG.h5,
    TAG.h6,
    TAG.header,
    TAG.hgroup,
    TAG.hr,
    TAG.html,
    TAG.legend,
    TAG.listing,
    TAG.main,
    TAG.menu,
    TAG.nav,
    TAG.ol,
    TAG.p,
    TAG.plaintext,
    TAG.pre,
    TAG.search,
    TAG.section,
    TAG.summary,
    TAG.ul,
    TAG.xmp,
    TAG.caption,
    TAG.optgroup,
    TAG.multicol,
  ].map((tag): [number, Display] => [tag, Display.Block]),
  [TAG.li, Display.ListItem],
  [TAG.table, Display.Table],
  [TAG.tbody, Display.TableRowGroup],
  [TAG.thead, Display.TableRowGroup],
  [TAG.tfoot, Display.TableRowGroup],
  [TAG.tr, Display.TableRow],
  [TAG.td, Display.TableCell],
  [TAG.th, Display.TableCell],
  ...[
    TAG.img,
    TAG.input,
    TAG.select,
    TAG.textarea,
    TAG.button,
    TAG.iframe,
    TAG.video,
    TAG.audio,
    TAG.canvas,
    TAG.svg,
    TAG.object,
    TAG.embed,
    TAG.marquee,
    TAG.meter,
    TAG.progress,
  ].map((tag): [number, Display] => [tag, Display.InlineBlock]),
  ...[
    TAG.head,
    TAG.script,
    TAG.style,
    TAG.template,
    TAG.title,
    TAG.meta,
    TAG.link,
    TAG.base,
    TAG.area,
    TAG.map,
    TAG.param,
    TAG.source,
    TAG.track,
    TAG.datalist,
    TAG.noembed,
    TAG.noframes,
    TAG.col,
    TAG.colgroup,
    TAG.rp,
  ].map((tag): [number, Display] => [tag, Display.None]),
]);

/** Font size relative to the parent's, per tag (headings, small, big…). */
export const UA_FONT_SCALE: readonly number[] = table(1, [
  [TAG.h1, 2],
  [TAG.h2, 1.5],
  [TAG.h3, 1.17],
  [TAG.h4, 1],
  [TAG.h5, 0.83],
  [TAG.h6, 0.67],
  [TAG.small, 0.83],
  [TAG.big, 1.2],
  [TAG.sub, 0.83],
  [TAG.sup, 0.83],
]);

/** Tags set in the monospace font (13px by default, unless an ancestor set a size). */
export const UA_MONOSPACE: readonly boolean[] = table(false, [
  [TAG.pre, true],
  [TAG.code, true],
  [TAG.tt, true],
  [TAG.kbd, true],
  [TAG.samp, true],
  [TAG.xmp, true],
  [TAG.listing, true],
  [TAG.plaintext, true],
]);

/** Vertical margins (top and bottom), in em of the element's own font size. */
export const UA_MARGIN_EM: readonly number[] = table(0, [
  [TAG.p, 1],
  [TAG.h1, 0.67],
  [TAG.h2, 0.83],
  [TAG.h3, 1],
  [TAG.h4, 1.33],
  [TAG.h5, 1.67],
  [TAG.h6, 2.33],
  [TAG.ul, 1],
  [TAG.ol, 1],
  [TAG.dl, 1],
  [TAG.menu, 1],
  [TAG.dir, 1],
  [TAG.blockquote, 1],
  [TAG.figure, 1],
  [TAG.pre, 1],
  [TAG.xmp, 1],
  [TAG.listing, 1],
  [TAG.hr, 0.5],
]);

/** Horizontal indentation (left margin + padding) in px. */
export const UA_INDENT_LEFT: readonly number[] = table(0, [
  [TAG.ul, 40],
  [TAG.ol, 40],
  [TAG.menu, 40],
  [TAG.dir, 40],
  [TAG.dd, 40],
  [TAG.blockquote, 40],
  [TAG.figure, 40],
  [TAG.body, 8],
  [TAG.fieldset, 14],
]);
export const UA_INDENT_RIGHT: readonly number[] = table(0, [
  [TAG.blockquote, 40],
  [TAG.figure, 40],
  [TAG.body, 8],
  [TAG.fieldset, 14],
]);

/** Inline `style` declarations, lower-cased property names, `!important` dropped. */
export function parseInlineStyle(style: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!style) return out;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (property && value) out.set(property, value);
  }
  return out;
}

/** A length in px: `12px`, `1.5em`, `2rem`, `10pt`, `50%` (of `percentOf`), or a bare number (as px). */
export function parseLength(
  value: string | undefined,
  fontSize: number,
  percentOf: number,
): number | undefined {
  if (value === undefined) return undefined;
  // Trimmed, and the number read one way only (`\d*\.?\d+` split a run of digits every way, and
  // `\s*` on both sides of the unit every run of spaces: the square of a hostile style's length).
  const match = /^(-?(?:\d+(?:\.\d+)?|\.\d+))\s*(px|em|rem|pt|pc|%|vw|in|cm|mm|ex|ch)?$/i.exec(value.trim());
  if (!match) return undefined;
  const n = Number.parseFloat(match[1]);
  if (!Number.isFinite(n)) return undefined;
  switch ((match[2] ?? 'px').toLowerCase()) {
    case 'px':
      return n;
    case 'em':
      return n * fontSize;
    case 'rem':
      return n * DEFAULT_FONT_SIZE;
    case 'ex':
    case 'ch':
      return n * fontSize * 0.5;
    case 'pt':
      return (n * 4) / 3;
    case 'pc':
      return n * 16;
    case 'in':
      return n * 96;
    case 'cm':
      return (n * 96) / 2.54;
    case 'mm':
      return (n * 96) / 25.4;
    case '%':
    case 'vw':
      return (n * percentOf) / 100;
    default:
      return undefined;
  }
}

const FONT_SIZE_KEYWORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    'xx-small': 9,
    'x-small': 10,
    small: 13,
    medium: 16,
    large: 18,
    'x-large': 24,
    'xx-large': 32,
    'xxx-large': 48,
  }),
);

/** A `font-size` value in px, relative to the parent's size. */
export function parseFontSize(value: string | undefined, parentSize: number): number | undefined {
  if (value === undefined) return undefined;
  const keyword = value.trim().toLowerCase();
  const named = FONT_SIZE_KEYWORDS.get(keyword);
  if (named !== undefined) return named;
  if (keyword === 'smaller') return parentSize / 1.2;
  if (keyword === 'larger') return parentSize * 1.2;
  const size = parseLength(value, parentSize, parentSize);
  return size !== undefined && size > 0 ? size : undefined;
}

/** `<font size=N>` (1–7, or relative `+N`/`-N` from 3) in px, as Chromium maps it. */
export function fontTagSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?)(\d+)/.exec(value);
  if (!match) return undefined;
  let level = Number(match[2]);
  if (match[1] === '+') level = 3 + level;
  else if (match[1] === '-') level = 3 - level;
  level = Math.max(1, Math.min(7, level));
  return [10, 13, 16, 18, 24, 32, 48][level - 1];
}

/**
 * `text` with each `url(…)` (to its first `)`) as a space, as `replace(/url\([^)]*\)/gi, ' ')` does, in
 * one scan: that pattern ran `[^)]*` to the end from every `url(` of a style with no `)` after them.
 */
export function withoutUrls(text: string): string {
  const start = /url\(/gi;
  let out = '';
  let copied = 0;
  for (let open = start.exec(text); open !== null; open = start.exec(text)) {
    const close = text.indexOf(')', open.index + 4);
    if (close < 0) break;
    out += `${text.slice(copied, open.index)} `;
    copied = close + 1;
    start.lastIndex = copied;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The colour part of a `background` shorthand (`#fff url(x.png) no-repeat` → `#fff`). */
export function backgroundColourOf(shorthand: string): string | undefined {
  // An `rgb(…)` of at most 200 characters (a colour is about 25): unbounded, `[^)]*` ran to the end
  // from every `rgb(` of a style with no `)` after them.
  const tokens = withoutUrls(shorthand).match(/#[0-9a-f]{3,8}\b|rgba?\([^)]{0,200}\)|[a-z]+/gi);
  if (!tokens) return undefined;
  for (const token of tokens) {
    if (token.startsWith('#') || token.toLowerCase().startsWith('rgb')) return token;
  }
  return tokens.find((token) =>
    /^(?:transparent|black|white|red|green|blue|yellow|gr[ae]y|silver|maroon|navy|olive|purple|teal|lime|aqua|fuchsia|orange|whitesmoke|light(?:gr[ae]y|yellow|blue)|dark(?:gr[ae]y)|gainsboro|beige|ivory|aliceblue)$/i.test(
      token,
    ),
  );
}
