/**
 * Images: which `<img>` is no picture (a tracking pixel or spacer), and which repeats the one
 * just written (a lazy-loaded image and its `<noscript>` copy). Where the source comes from
 * (lazy-loading attributes, `srcset`, `<picture>`) is `imageSource` in url.ts.
 */
import type { Doc } from '../../dom/index.js';

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
