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
 */
export class ImageRepeats {
  private last: string | undefined;

  /** True when `src` is the image written just before, with no text between. */
  repeats(src: string): boolean {
    if (src === this.last) return true;
    this.last = src;
    return false;
  }

  /** Kept text was written (a space between two cells too): the next image is not a repeat. */
  text(): void {
    this.last = undefined;
  }
}
