import { checkDeadline } from '../dom/index.js';

/** How a byte string fares as UTF-8: counts of well-formed multi-byte sequences and of errors. */
export interface Utf8Stats {
  /** Well-formed sequences of 2–4 bytes (i.e. non-ASCII characters). */
  multibyte: number;
  /** Ill-formed subsequences, each of which a WHATWG UTF-8 decoder turns into one U+FFFD. */
  invalid: number;
}

/**
 * Scans `bytes` once (linear, no allocation) and counts well-formed multi-byte UTF-8 sequences and
 * ill-formed subsequences, using the same "maximal subpart" rule as the WHATWG decoder.
 */
export function utf8Stats(bytes: Uint8Array): Utf8Stats {
  let multibyte = 0;
  let invalid = 0;
  const n = bytes.length;
  let i = 0;
  let nextCheck = 0;
  while (i < n) {
    if (i >= nextCheck) {
      checkDeadline('decoding');
      nextCheck = i + 0x100000;
    }
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(bytes, i, n);
    if (length > 0) {
      multibyte++;
      i += length;
    } else {
      invalid++;
      i += -length;
    }
  }
  return { multibyte, invalid };
}

/**
 * Length of the well-formed sequence starting at `i` (a non-ASCII lead), or minus the length of the
 * ill-formed subpart to skip (at least 1).
 */
function sequenceLength(bytes: Uint8Array, i: number, n: number): number {
  const b = bytes[i];
  let need: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) lower = 0xa0;
    else if (b === 0xed) upper = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) lower = 0x90;
    else if (b === 0xf4) upper = 0x8f;
  } else return -1;
  for (let k = 1; k <= need; k++) {
    const c = i + k < n ? bytes[i + k] : -1;
    if (c < lower || c > upper) return -k;
    lower = 0x80;
    upper = 0xbf;
  }
  return need + 1;
}

/** Whether every byte is below 0x80: four bytes at a time where the bytes are aligned. */
export function isAscii(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (; i < head; i++) if (bytes[i] & 0x80) return false;
  const words = (n - i) >> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let w = 0; w < words; w++) if (view[w] & 0x80808080) return false;
    i += words * 4;
  }
  for (; i < n; i++) if (bytes[i] & 0x80) return false;
  return true;
}

/** The length of `text` in UTF-8 bytes (a lone surrogate counts 3, as U+FFFD), without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // A surrogate pair: 4 bytes for 2 units.
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}
