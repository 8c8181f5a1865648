/**
 * Images: which `<img>` is no picture (a tracking pixel or spacer), and which repeats the one
 * just written (a lazy-loaded image and its `<noscript>` copy). Where the source comes from
 * (lazy-loading attributes, `srcset`, `<picture>`) is `imageSource` in url.ts.
 */
import { type Doc, TAG } from '../../dom/index.js';
import { imageSource } from '../url.js';

const PIXEL_SIZE = /^\s*[01](?:px)?\s*$/i;

/** An image declared 0 or 1 pixel wide or high: a tracker or a spacer, never content. */
export function isPixel(doc: Doc, img: number): boolean {
  const width = doc.attr(img, 'width');
  const height = doc.attr(img, 'height');
  return (width !== undefined && PIXEL_SIZE.test(width)) || (height !== undefined && PIXEL_SIZE.test(height));
}

/**
 * A progressive image's thumbnail: Medium's `<img src="…/max/60/1*x.jpeg?q=20">`, a `<canvas>`,
 * then `<img data-src="…/max/1400/1*x.jpeg">` (and its `<noscript>` copy). The script blurs the
 * thumbnail up and hides it once the next image, the same file at full size, has loaded: a reader
 * sees one picture, the large one. True for an `<img>` whose next image sibling (past white
 * space, `<canvas>` and `<noscript>`) names the same file (the last path segment, without its
 * query) at another address.
 */
export function isProgressiveThumbnail(doc: Doc, img: number): boolean {
  const parent = doc.parent(img);
  if (parent < 0) return false;
  for (let at = doc.nextSibling(img); at > 0; at = doc.nextSibling(at)) {
    if (doc.isText(at)) {
      if (doc.text(at).trim() === '') continue;
      return false;
    }
    if (!doc.isElement(at)) continue;
    const t = doc.tag(at);
    if (t === TAG.canvas || t === TAG.noscript) continue;
    if (t !== TAG.img) return false;
    const src = imageSource(doc, img);
    const next = imageSource(doc, at);
    if (src === undefined || next === undefined || src === next) return false;
    const name = fileName(src);
    return name.length >= MIN_FILE_NAME && name === fileName(next);
  }
  return false;
}

/** Shortest file name taken for the same picture (`1.jpg` in two folders may be two pictures). */
const MIN_FILE_NAME = 6;

/** The last path segment of a URL, without its query or fragment. */
function fileName(url: string): string {
  const path = url.replace(/[?#].*$/s, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Remembers the last image written and whether text came after it, so that the same picture
 * written twice in a row (`<img data-src=X>` then `<noscript><img src=X></noscript>`, or a
 * thumbnail repeated for a lightbox) is written once; kept text between them, even the space
 * between two table cells, makes the second no repeat (docs.docker.com: a green check per cell).
 * The same picture is the same source, or a source the other image names too (a lazy image's
 * largest `data-srcset` candidate, its `<noscript>` copy's `src` one of the smaller).
 */
export class ImageRepeats {
  private last: string | undefined;
  private lastNames: ReadonlySet<string> = new Set();

  /** True when `src` is the image written just before, with no text between; `names`: `imageNames`. */
  repeats(src: string, names: ReadonlySet<string>): boolean {
    if (this.last !== undefined && (src === this.last || names.has(this.last) || this.lastNames.has(src)))
      return true;
    this.last = src;
    this.lastNames = names;
    return false;
  }

  /** Kept text was written (a space between two cells too): the next image is not a repeat. */
  text(): void {
    this.last = undefined;
  }
}

/** An attribute value that is one image's address (Readability's test in `_fixLazyImages`). */
const IMAGE_URL = /^\s*\S+\.(?:jpe?g|png|webp|gif|avif)(?:[?#]\S*)?\s*$/i;
/** Attributes that name no picture however they read. */
const NOT_A_SOURCE = new Set(['class', 'id', 'style', 'href', 'alt', 'title', 'aria-label']);
/** Elements that are (or hold) the picture already: a figure with one of these needs none. */
const PICTURE_TAGS = new Set<number>([
  TAG.img,
  TAG.image,
  TAG.picture,
  TAG.svg,
  TAG.video,
  TAG.iframe,
  TAG.canvas,
  TAG.object,
  TAG.embed,
]);

/**
 * The picture of a `<figure>` that holds none yet, named by one of its attributes: the lazy figure
 * a script fills (the New York Times: `<figure itemtype="…/ImageObject" itemid="…-articleLarge.jpg">`,
 * an empty `lazyimage-container` and the caption). A browser with scripting on shows the picture,
 * Readability writes it (it appends an `<img>` to a figure without one from such an attribute); the
 * figure's caption without it is a caption of nothing. Undefined for a figure with any picture element.
 */
export function figureImage(doc: Doc, figure: number): string | undefined {
  const stop = doc.end(figure);
  for (let node = figure + 1; node < stop; node++)
    if (doc.isElement(node) && PICTURE_TAGS.has(doc.tag(node))) return undefined;
  const attributes = doc.attributes(figure);
  for (const name in attributes) {
    if (NOT_A_SOURCE.has(name)) continue;
    const value = attributes[name];
    if (IMAGE_URL.test(value)) return value.trim();
  }
  return undefined;
}

/** True when the selection keeps a shown word of the figure (its caption, most often). */
export function keepsFigureText(doc: Doc, kept: Uint8Array, figure: number): boolean {
  const { hidden, textLength } = doc.columns;
  const stop = doc.end(figure);
  for (let node = figure + 1; node < stop; node++)
    if (kept[node] && doc.isText(node) && !hidden[node] && textLength[node] > 0) return true;
  return false;
}
