/**
 * Images: which `<img>` is no picture (a tracking pixel or spacer), and which repeats the one
 * just written (a lazy-loaded image and its `<noscript>` copy). Where the source comes from
 * (lazy-loading attributes, `srcset`, `<picture>`) is `imageSource` in url.ts.
 */
import { type Doc, TAG } from '../../dom/index.js';

const PIXEL_SIZE = /^\s*[01](?:px)?\s*$/i;

/** An image declared 0 or 1 pixel wide or high: a tracker or a spacer, never content. */
export function isPixel(doc: Doc, img: number): boolean {
  const width = doc.attr(img, 'width');
  const height = doc.attr(img, 'height');
  return (width !== undefined && PIXEL_SIZE.test(width)) || (height !== undefined && PIXEL_SIZE.test(height));
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
