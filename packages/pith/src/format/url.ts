import { type Doc, TAG, tick, trimCodes, withoutTrailing } from '../dom/index.js';

/** Schemes a link may keep; anything else (javascript:, vbscript:, data:, file:…) is dropped. */
export const LINK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);
/** Schemes an image may keep, besides `data:image/…` rasters. */
const IMAGE_SCHEMES = new Set(['http', 'https']);
/** `data:` images that are safe to keep (no SVG: it can carry script when opened on its own). */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp|x-icon)[;,]/i;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
/**
 * What hides a scheme from the check without hiding it from a reader: U+FFFD (`java&#0;script:`
 * decodes to `java\uFFFDscript:`), C0 controls, and Unicode white space and U+FEFF (`&nbsp;javascript:`;
 * the set DOMPurify strips before its own check). Browsers read such a URL as a harmless relative
 * path, but renderers that trim with `String.prototype.trim()` do not, and a sanitiser should not
 * write out what was meant as a scheme.
 */
const SCHEME_MASK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
  /[\u0000-\u001F\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF\uFFFD]/g;
/** Tabs and line breaks, which URL parsers delete wherever they are. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** What URL parsers strip from both ends: C0 controls and space (a scan: see `trimCodes`). */
function withoutEdgeJunk(text: string): string {
  return trimCodes(text, (code) => code <= 0x20);
}

/**
 * The URL relative links resolve against: `options.url`, else `doc.url`, then
 * the page's first `<base href>` on top of it. Undefined when none is a valid
 * absolute http(s) URL.
 */
export function baseUrlOf(doc: Doc, url: string | undefined): string | undefined {
  // Looked up once per document and URL: finding <base> walks the document.
  let byUrl = BASES.get(doc);
  if (!byUrl) {
    byUrl = new Map();
    BASES.set(doc, byUrl);
  }
  const key = url ?? '';
  if (byUrl.has(key)) return byUrl.get(key);
  const base = findBaseUrl(doc, url);
  if (byUrl.size < 16) byUrl.set(key, base);
  return base;
}

const BASES = new WeakMap<Doc, Map<string, string | undefined>>();

function findBaseUrl(doc: Doc, url: string | undefined): string | undefined {
  let base: URL | undefined;
  const given = url ?? doc.url;
  if (given !== undefined) base = parse(given, undefined);
  if (base && base.protocol !== 'http:' && base.protocol !== 'https:') base = undefined;
  const baseElement = doc.findFirst(TAG.base);
  const href = baseElement >= 0 ? doc.attr(baseElement, 'href') : undefined;
  if (href !== undefined) {
    const resolved = parse(withoutEdgeJunk(href.replace(TAB_OR_NEWLINE, '')), base?.href);
    if (resolved && (resolved.protocol === 'http:' || resolved.protocol === 'https:')) base = resolved;
  }
  return base?.href;
}

function parse(url: string, base: string | undefined): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/**
 * Longest URL kept, in characters (a `data:` image up to MAX_DATA_URL_LENGTH): past it a link keeps
 * its text and loses its target. Browsers stop near 2 MB and servers near 8 KB; WHATWG URL parsing
 * is one native call without a deadline check, 150–500 ms for a 15 MB `href` (fuzz seed 203, page
 * 6384, three such stretches per page).
 */
const MAX_URL_LENGTH = 64 * 1024;
const MAX_DATA_URL_LENGTH = 2 * 1024 * 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the C0 controls and space URL parsers strip first.
const DATA_PREFIX = /^[\u0000-\u0020]{0,64}data:/i;

/**
 * A URL that is safe to put in a link (`kind` 'link') or an image source
 * ('image'), made absolute when there is a base; undefined when it is empty,
 * unparsable or has a scheme that is not allowed. Obfuscations are undone the
 * way browsers undo them (entities are already decoded by the parser; tabs and
 * newlines anywhere and C0 controls at the ends are removed; case is ignored).
 */
export function safeUrl(
  raw: string | undefined,
  base: string | undefined,
  kind: 'link' | 'image',
): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.length > MAX_URL_LENGTH && !(raw.length <= MAX_DATA_URL_LENGTH && DATA_PREFIX.test(raw)))
    return undefined;
  // A URL costs by its length (cleaning, parsing, escaping): a flood of 100,000-character URLs
  // ran 290 ms between two deadline checks (fuzz seed 201, page 2162).
  tick('output', raw.length >> 10);
  const cleaned = withoutEdgeJunk(raw.replace(TAB_OR_NEWLINE, ''));
  if (cleaned === '') return undefined;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined && SCHEME.test(cleaned.replace(SCHEME_MASK, ''))) return undefined;
  if (scheme !== undefined) {
    if (scheme === 'data') return kind === 'image' && DATA_IMAGE.test(cleaned) ? cleaned : undefined;
    if (!(kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).has(scheme)) return undefined;
  }
  if (scheme === undefined && base === undefined) {
    // Relative and nothing to resolve against: keep it as written.
    return cleaned;
  }
  const url = parse(cleaned, base);
  if (!url) return undefined;
  const protocol = url.protocol.slice(0, -1);
  if (!(kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).has(protocol)) return undefined;
  return url.href;
}

const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-hi-res-src'];
/**
 * A lazy source that is a JSON record, not a URL: MSN's `data-src="{"default":{"src":"//img-s-msn…"},…}"`
 * (Readability's msn) holds a file per layout for its own script. Read as a URL it was a relative
 * address on the page's site (`/test/%7B%22default%22…`), no image; the `src` beside it is the picture.
 */
const JSON_VALUE = /^[{[]/;
const LAZY_SRCSETS = ['data-srcset', 'data-lazy-srcset'];

/** One image candidate of a `srcset`: its URL and its width (`w`) or density (`x`) descriptor. */
export interface SrcsetCandidate {
  url: string;
  /** The `w` descriptor, when given. */
  width?: number;
  /** The `x` descriptor; a candidate with no descriptor is 1x. */
  density?: number;
}

const NON_NEGATIVE_INTEGER = /^\d+$/;
const FLOATING_POINT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The candidates of a `srcset`, by the HTML spec's "parse a srcset attribute": a URL runs to
 * white space (commas inside it stay, trailing commas end it: Cloudinary's `w_424,c_limit` and
 * `data:` URLs hold commas), descriptors run to a comma outside parentheses, and a candidate with
 * a bad or conflicting descriptor is left out, the others kept (as a browser does).
 */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  for (const { url, descriptors } of srcsetTokens(srcset)) {
    const candidate = srcsetCandidate(url, descriptors);
    if (candidate) candidates.push(candidate);
  }
  return candidates;
}

/**
 * The spec's tokenizer: each candidate's URL and descriptor words. Char codes and slices, not a
 * regex test and a string append per character: a hostile page's srcsets of megabytes are read
 * several times (the image's source, its names, each writer).
 */
export function srcsetTokens(srcset: string): { url: string; descriptors: string[] }[] {
  const tokens: { url: string; descriptors: string[] }[] = [];
  const length = srcset.length;
  let at = 0;
  while (true) {
    while (at < length && (srcset.charCodeAt(at) === 0x2c || isSrcsetSpace(srcset.charCodeAt(at)))) at++;
    if (at >= length) return tokens;
    const start = at;
    while (at < length && !isSrcsetSpace(srcset.charCodeAt(at))) at++;
    let url = srcset.slice(start, at);
    const descriptors: string[] = [];
    if (url.endsWith(',')) {
      url = withoutTrailing(url, 0x2c);
    } else {
      // Words up to a comma that is outside parentheses.
      while (at < length && isSrcsetSpace(srcset.charCodeAt(at))) at++;
      let word = -1;
      let inParens = false;
      for (; at < length; at++) {
        const c = srcset.charCodeAt(at);
        if (inParens) {
          if (c === 0x29) inParens = false;
        } else if (isSrcsetSpace(c)) {
          if (word >= 0) descriptors.push(srcset.slice(word, at));
          word = -1;
        } else if (c === 0x2c) {
          break;
        } else {
          if (word < 0) word = at;
          if (c === 0x28) inParens = true;
        }
      }
      if (word >= 0) descriptors.push(srcset.slice(word, at));
      if (at < length) at++; // past the comma
    }
    tokens.push({ url, descriptors });
  }
}

/** ASCII white space as the srcset parser reads it: tab, line feed, form feed, carriage return, space. */
function isSrcsetSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c;
}

/** The spec's descriptor parser: a candidate, or undefined when a descriptor is wrong. */
function srcsetCandidate(url: string, descriptors: readonly string[]): SrcsetCandidate | undefined {
  let width: number | undefined;
  let density: number | undefined;
  let height: number | undefined;
  for (const descriptor of descriptors) {
    const value = descriptor.slice(0, -1);
    const unit = descriptor[descriptor.length - 1];
    if (unit === 'w' && NON_NEGATIVE_INTEGER.test(value)) {
      if (width !== undefined || density !== undefined) return undefined;
      width = Number.parseInt(value, 10);
      if (width === 0) return undefined;
    } else if (unit === 'x' && FLOATING_POINT.test(value)) {
      if (width !== undefined || density !== undefined || height !== undefined) return undefined;
      density = Number.parseFloat(value);
      if (density < 0) return undefined;
    } else if (unit === 'h' && NON_NEGATIVE_INTEGER.test(value)) {
      if (height !== undefined || density !== undefined) return undefined;
      height = Number.parseInt(value, 10);
      if (height === 0) return undefined;
    } else {
      return undefined;
    }
  }
  if (height !== undefined && width === undefined) return undefined;
  if (url === '') return undefined;
  return width !== undefined ? { url, width } : { url, density: density ?? 1 };
}

/**
 * The largest candidate of a `srcset` an image may name: by width when a candidate has one, else
 * by density; the first of equals. `data:` candidates (placeholders) and unsafe schemes are left
 * out. Defuddle's expected files name an image so, and a reader wants the large picture.
 */
export function largestSrcsetCandidate(srcset: string | undefined): string | undefined {
  return largestCandidate(srcset, undefined)?.url;
}

/** The larger of `best` and the largest safe candidate of `srcset`. */
function largestCandidate(
  srcset: string | undefined,
  best: SrcsetCandidate | undefined,
): SrcsetCandidate | undefined {
  if (srcset === undefined) return best;
  for (const candidate of parseSrcset(srcset)) {
    if (DATA_PREFIX.test(candidate.url) || safeUrl(candidate.url, undefined, 'image') === undefined) continue;
    if (best === undefined || largerCandidate(candidate, best)) best = candidate;
  }
  return best;
}

function largerCandidate(a: SrcsetCandidate, b: SrcsetCandidate): boolean {
  if (a.width !== undefined) return b.width === undefined || a.width > b.width;
  return b.width === undefined && (a.density ?? 1) > (b.density ?? 1);
}

/** Names that placeholder images tend to have. */
const PLACEHOLDER = /blank|placeholder|spacer|transparent|pixel|lazy|loading|blur|lqip|1x1|grey\.|gray\./i;

/**
 * The raw source of an `<img>`, looking through lazy-loading conventions, in this order: the
 * largest candidate of `data-srcset`/`data-lazy-srcset`; the first of `data-src`, `data-lazy-src`,
 * `data-original`, `data-url`, `data-hi-res-src` (the script swaps these in: `src` and `srcset` are
 * then small or blurred stand-ins), unless it is `src` itself and `srcset` has widths; the widest
 * candidate of `srcset`; `src`, unless it is missing,
 * a `data:` URI or a placeholder name; then the densest candidate of `srcset`, or when the image
 * has none, the largest of its `<picture>`'s `<source>`s. A srcset of densities only does not
 * outrank a real `src`: it is the 1x picture or a larger one (computerbase.de: `src` 1080 px wide,
 * its 1x and 2x 280 and 560), and Defuddle's and Readability's expected files name it; nor does a
 * `<picture>`'s source (Readability's expected files keep the `<img>` alone: guardian-1). A tiny
 * `data:` image with none of these is no source at all (a placeholder or a pixel).
 */
export function imageSource(doc: Doc, node: number): string | undefined {
  for (const name of LAZY_SRCSETS) {
    const value = largestSrcsetCandidate(doc.attr(node, name));
    if (value) return value;
  }
  const srcset = doc.attr(node, 'srcset');
  for (const name of LAZY_SOURCES) {
    const value = doc.attr(node, name)?.trim();
    if (!value || value.startsWith('data:') || JSON_VALUE.test(value)) continue;
    // A lazy source that is the `src` itself swaps nothing in (Squarespace writes `data-src`
    // = `src` beside a `srcset` of widths): `srcset` is then no stand-in either, and its widest
    // candidate is the picture, as below.
    if (value === doc.attr(node, 'src')?.trim()) {
      const widest = largestCandidate(srcset, undefined);
      if (widest?.width !== undefined) return widest.url;
    }
    return value;
  }
  const best = largestCandidate(srcset, undefined);
  if (best?.width !== undefined) return best.url;
  const src = doc.attr(node, 'src')?.trim();
  const placeholder =
    src === undefined ||
    src === '' ||
    src.startsWith('data:') ||
    (src.length < 2048 && PLACEHOLDER.test(src)) ||
    src === 'about:blank';
  if (placeholder) {
    const fallback = best ?? (srcset === undefined ? pictureSource(doc, node) : undefined);
    if (fallback !== undefined) return fallback.url;
  }
  // A tiny data: image with nothing better is a placeholder or a pixel, not a picture.
  if (src === '' || (src?.startsWith('data:') && src.length < MAX_PLACEHOLDER_DATA)) return undefined;
  if (src?.startsWith('data:') && isHiddenPlaceholder(doc, node)) return undefined;
  return src ?? best?.url;
}

/**
 * A `data:` picture hidden from readers is a blurred stand-in, however large (Gatsby's
 * `<img aria-hidden="true" data-placeholder-image src="data:image/jpeg;base64,…">` beside the real
 * `<picture>`): the picture it stands for is another element.
 */
function isHiddenPlaceholder(doc: Doc, node: number): boolean {
  return (
    doc.attr(node, 'aria-hidden')?.trim().toLowerCase() === 'true' ||
    doc.attr(node, 'data-placeholder-image') !== undefined
  );
}

/**
 * Every URL an `<img>` names (`src`, its lazy sources, each candidate of its srcsets), as `safeUrl`
 * writes them: a lazy image and its `<noscript>` copy may each choose a different one of the same
 * picture.
 */
export function imageNames(doc: Doc, node: number, base: string | undefined): Set<string> {
  const names: string[] = [];
  for (const name of ['src', ...LAZY_SOURCES]) {
    const value = doc.attr(node, name)?.trim();
    if (value) names.push(value);
  }
  for (const name of [...LAZY_SRCSETS, 'srcset']) {
    const value = doc.attr(node, name);
    if (value !== undefined) for (const candidate of parseSrcset(value)) names.push(candidate.url);
  }
  const resolved = new Set<string>();
  for (const name of names) {
    const url = safeUrl(name, base, 'image');
    if (url !== undefined) resolved.add(url);
  }
  return resolved;
}

const COLOUR_SCHEME = /prefers-color-scheme/i;

/** Longest `data:` URI taken for a placeholder (a 1×1 GIF is about 70 characters). */
const MAX_PLACEHOLDER_DATA = 400;

/**
 * The largest candidate of the `<source>`s of the `<picture>` an `<img>` sits in (each for its
 * media: a phone's crop and a desktop's); a source for a colour scheme is skipped (GitHub's
 * dark-mode logo: the `<img>` is the light one).
 */
function pictureSource(doc: Doc, img: number): SrcsetCandidate | undefined {
  const picture = doc.parent(img);
  if (picture <= 0 || doc.tag(picture) !== TAG.picture) return undefined;
  let best: SrcsetCandidate | undefined;
  for (const child of doc.children(picture)) {
    if (!doc.isElement(child) || doc.tag(child) !== TAG.source) continue;
    if (COLOUR_SCHEME.test(doc.attr(child, 'media') ?? '')) continue;
    best = largestCandidate(doc.attr(child, 'data-srcset') ?? doc.attr(child, 'srcset'), best);
  }
  return best;
}
