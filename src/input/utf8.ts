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
