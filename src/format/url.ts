import { type Doc, TAG, tick, trimCodes } from '../dom/index.js';

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
const LAZY_SRCSETS = ['data-srcset', 'data-lazy-srcset'];
/** Names that placeholder images tend to have (checked only when a lazy source exists). */
const PLACEHOLDER = /blank|placeholder|spacer|transparent|pixel|lazy|loading|blur|lqip|1x1|grey\.|gray\./i;

/** First URL of a `srcset` ("a.jpg 1x, b.jpg 2x" → "a.jpg"). */
export function firstSrcsetCandidate(srcset: string | undefined): string | undefined {
  if (srcset === undefined) return undefined;
  const trimmed = srcset.trim();
  if (trimmed === '') return undefined;
  let stop = 0;
  while (stop < trimmed.length && !/\s/.test(trimmed[stop])) stop++;
  let candidate = trimmed.slice(0, stop);
  if (candidate.endsWith(',')) candidate = candidate.slice(0, -1);
  return candidate === '' ? undefined : candidate;
}

/**
 * The raw source of an `<img>`, looking through lazy-loading conventions: the
 * first of `data-src`, `data-lazy-src`, `data-original`, `data-url`, `data-hi-res-src`
 * (whatever `src` is); then, when `src` is missing, a `data:` URI or a placeholder name,
 * the first candidate of `data-srcset`/`data-lazy-srcset`, then of `srcset`,
 * then of the `<source>`s of its `<picture>`, wins over it; a tiny `data:` image
 * with none of these is no source at all (a placeholder or a pixel).
 */
export function imageSource(doc: Doc, node: number): string | undefined {
  const src = doc.attr(node, 'src')?.trim();
  const placeholder =
    src === undefined ||
    src === '' ||
    src.startsWith('data:') ||
    (src.length < 2048 && PLACEHOLDER.test(src)) ||
    src === 'about:blank';
  // A lazy source wins over any `src`: the page's script swaps it in, and `src` is then a small
  // or blurred stand-in (its <noscript> copy holds the lazy source: written once, not twice).
  for (const name of LAZY_SOURCES) {
    const value = doc.attr(node, name)?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  if (!placeholder) return src;
  for (const name of LAZY_SRCSETS) {
    const value = firstSrcsetCandidate(doc.attr(node, name));
    if (value) return value;
  }
  const fromSrcset = firstSrcsetCandidate(doc.attr(node, 'srcset'));
  if (fromSrcset) return fromSrcset;
  const fromPicture = pictureSource(doc, node);
  if (fromPicture) return fromPicture;
  // A tiny data: image with nothing better is a placeholder or a pixel, not a picture.
  if (src === '' || (src?.startsWith('data:') && src.length < MAX_PLACEHOLDER_DATA)) return undefined;
  return src;
}

/** Longest `data:` URI taken for a placeholder (a 1×1 GIF is about 70 characters). */
const MAX_PLACEHOLDER_DATA = 400;

/** The first candidate of the `<source>`s of the `<picture>` an `<img>` sits in. */
function pictureSource(doc: Doc, img: number): string | undefined {
  const picture = doc.parent(img);
  if (picture <= 0 || doc.tag(picture) !== TAG.picture) return undefined;
  for (const child of doc.children(picture)) {
    if (!doc.isElement(child) || doc.tag(child) !== TAG.source) continue;
    const candidate =
      firstSrcsetCandidate(doc.attr(child, 'srcset')) ?? firstSrcsetCandidate(doc.attr(child, 'data-srcset'));
    if (candidate) return candidate;
  }
  return undefined;
}
