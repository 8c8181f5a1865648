/**
 * CUTER's multimedia (the paper's class c2): images, video, audio and embedded
 * objects, with what is known about each (source, alternative text, caption, size).
 */
import { type Doc, NodeKind, TAG, tick } from '../../dom/index.js';

export type MediaType = 'image' | 'video' | 'audio' | 'embed';

/** One multimedia item of the article. */
export interface MediaItem {
  /** The element's node id. */
  node: number;
  type: MediaType;
  /** The source, resolved against the page URL (and `<base href>`) when one is known. */
  src: string;
  alt?: string;
  title?: string;
  /** Caption text: the enclosing `<figure>`'s `<figcaption>`, or a caption element beside it. */
  caption?: string;
  /** Declared size in CSS pixels (`width`/`height` attributes), when given as whole numbers. */
  width?: number;
  height?: number;
  /** Video poster image. */
  poster?: string;
}

/** Lazy-loading attributes that hold the real image source, in order of preference. */
const LAZY_SOURCES = ['data-src', 'data-original', 'data-lazy-src', 'data-url'] as const;
/**
 * A lazy attribute holding a JSON record, not a URL: MSN's `data-src="{"default":{"src":…},…}"` (a
 * file per layout, for its own script). Resolved as a URL it named a page of the site, no image.
 */
const JSON_VALUE = /^[{[]/;

/** Declared size attribute as a whole number of pixels, or undefined. */
function pixels(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  // Trimmed first: `\s*` on both sides of `(?:px)?` retried every split of a long run of spaces.
  const match = /^(\d{1,6})(?:\.\d+)?\s*(?:px)?$/i.exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

function firstSrcsetUrl(srcset: string | undefined): string | undefined {
  if (!srcset) return undefined;
  const first = srcset.trim().split(/\s+/)[0];
  return first ? first.replace(/,$/, '') : undefined;
}

/** The raw source of an image element (`src`, a lazy-loading attribute, or `srcset`). */
function imageSource(doc: Doc, node: number): string | undefined {
  const src = doc.attr(node, 'src')?.trim();
  // A data: placeholder with a lazy source beside it: the lazy source is the image.
  if (src && !src.startsWith('data:')) return src;
  for (const name of LAZY_SOURCES) {
    const value = doc.attr(node, name)?.trim();
    if (value && !JSON_VALUE.test(value)) return value;
  }
  return firstSrcsetUrl(doc.attr(node, 'srcset') ?? doc.attr(node, 'data-srcset')) ?? (src || undefined);
}

/** The first `<source src>` child of a video or audio element. */
function childSource(doc: Doc, node: number): string | undefined {
  for (let child = doc.firstChild(node); child >= 0; child = doc.nextSibling(child)) {
    if (doc.tag(child) === TAG.source) {
      const src = doc.attr(child, 'src')?.trim();
      if (src) return src;
    }
  }
  return undefined;
}

/** `<object data>` or its `<param name="movie|src" value>`. */
function objectSource(doc: Doc, node: number): string | undefined {
  const data = doc.attr(node, 'data')?.trim();
  if (data) return data;
  for (let child = doc.firstChild(node); child >= 0; child = doc.nextSibling(child)) {
    if (doc.tag(child) !== TAG.param) continue;
    const name = (doc.attr(child, 'name') ?? '').toLowerCase();
    const value = doc.attr(child, 'value')?.trim();
    if ((name === 'movie' || name === 'src' || name === 'url') && value) return value;
  }
  return undefined;
}

function rawSource(doc: Doc, node: number): { type: MediaType; src: string | undefined } | undefined {
  switch (doc.tag(node)) {
    case TAG.img:
    case TAG.image:
      return { type: 'image', src: imageSource(doc, node) };
    case TAG.video:
      return { type: 'video', src: doc.attr(node, 'src')?.trim() || childSource(doc, node) };
    case TAG.audio:
      return { type: 'audio', src: doc.attr(node, 'src')?.trim() || childSource(doc, node) };
    case TAG.iframe:
    case TAG.embed:
      return { type: 'embed', src: doc.attr(node, 'src')?.trim() || undefined };
    case TAG.object:
      return { type: 'embed', src: objectSource(doc, node) };
    default:
      return undefined;
  }
}

/**
 * True for an element that is multimedia: an image, video, audio or embedded
 * object with a source. Spacer and tracking images (declared 2 px or less in
 * either direction) are not.
 */
export function isMediaElement(doc: Doc, node: number): boolean {
  if (doc.kind(node) !== NodeKind.Element) return false;
  const raw = rawSource(doc, node);
  if (!raw) return false;
  // A video or audio element is media even before its source is known (set by a script).
  if (!raw.src && raw.type !== 'video' && raw.type !== 'audio') return false;
  const width = pixels(doc.attr(node, 'width'));
  const height = pixels(doc.attr(node, 'height'));
  return !((width !== undefined && width <= 2) || (height !== undefined && height <= 2));
}

/** The page's base URL: `<base href>` resolved against the page URL. */
export function baseUrl(doc: Doc): string | undefined {
  const base = doc.findFirst(TAG.base);
  const href = base >= 0 ? doc.attr(base, 'href')?.trim() : undefined;
  if (href) {
    try {
      return new URL(href, doc.url).href;
    } catch {
      // An unusable <base>: fall back to the page URL.
    }
  }
  return doc.url;
}

function resolve(src: string, base: string | undefined): string {
  if (base === undefined) return src;
  try {
    return new URL(src, base).href;
  } catch {
    return src;
  }
}

/** The caption of a media element: its figure's figcaption, or a nearby "caption" element. */
function captionOf(doc: Doc, node: number): string | undefined {
  // Up to three levels: img → a → figure/div.wp-caption is the usual nesting.
  let at = doc.parent(node);
  for (let level = 0; level < 3 && at > 0; level++, at = doc.parent(at)) {
    const isFigure = doc.tag(at) === TAG.figure;
    const isCaptionBox = /(?:^|[\s_-])caption(?:$|[\s_-])/.test(doc.classAndId(at));
    if (!isFigure && !isCaptionBox) continue;
    const stop = doc.end(at);
    for (let inner = at + 1; inner < stop; inner++) {
      tick('cuter');
      if (doc.kind(inner) !== NodeKind.Element) continue;
      if (
        doc.tag(inner) === TAG.figcaption ||
        (inner !== node && /caption|credit/.test(doc.classAndId(inner)) && doc.textLength(inner) > 0)
      ) {
        const text = doc.textContent(inner);
        if (text) return text;
      }
    }
    if (isFigure) return undefined;
  }
  return undefined;
}

/** Describes one media element (see `isMediaElement`). */
export function describeMedia(doc: Doc, node: number, base: string | undefined): MediaItem | undefined {
  const raw = rawSource(doc, node);
  if (!raw) return undefined;
  const item: MediaItem = { node, type: raw.type, src: raw.src ? resolve(raw.src, base) : '' };
  const alt = doc.attr(node, 'alt')?.trim();
  if (alt) item.alt = alt;
  const title = doc.attr(node, 'title')?.trim();
  if (title) item.title = title;
  const caption = captionOf(doc, node);
  if (caption) item.caption = caption;
  const width = pixels(doc.attr(node, 'width'));
  if (width !== undefined) item.width = width;
  const height = pixels(doc.attr(node, 'height'));
  if (height !== undefined) item.height = height;
  const poster = raw.type === 'video' ? doc.attr(node, 'poster')?.trim() : undefined;
  if (poster) item.poster = resolve(poster, base);
  return item;
}
