/**
 * Space savings (seed 000, Table 4): how much smaller the extracted text is than
 * the page it came from, raw and compressed.
 *
 * - raw = 1 − bytes(extracted as UTF-8) / bytes(page);
 * - gzip = 1 − bytes(gzip(extracted)) / bytes(gzip(page)), gzip at zlib's default
 *   level 6 (the paper does not name its compressor; gzip is the obvious reading
 *   of "compressed HTML").
 *
 * The paper reports the means over pages (95% raw, 88% compressed). A page of zero
 * bytes gives NaN for both.
 */
import { gzipSync } from 'node:zlib';

export interface SpaceSavings {
  raw: number;
  gzip: number;
}

const encoder = new TextEncoder();

/** gzip's size of the page, the denominator of the gzip ratio (computed once per page by the bench). */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes).length;
}

export function spaceSavings(page: Uint8Array, extracted: string, pageGzipBytes?: number): SpaceSavings {
  if (page.length === 0) return { raw: Number.NaN, gzip: Number.NaN };
  const text = encoder.encode(extracted);
  const raw = 1 - text.length / page.length;
  const gzip = 1 - gzipSync(text).length / (pageGzipBytes ?? gzipSize(page));
  return { raw, gzip };
}
