import chardet from 'chardet';
import { checkDeadline } from '../dom/index.js';
import { encodingForLabel } from './labels.js';

/** How many leading bytes statistical detection looks at. */
export const DETECTION_SAMPLE_BYTES = 64 * 1024;

/** chardet matches below this confidence (0–100) are ignored. */
const MIN_CONFIDENCE = 10;

/**
 * Guesses the encoding of bytes that are neither declared nor valid UTF-8, from a bounded prefix.
 * First a cheap UTF-16 sniff (HTML without a BOM whose every other byte is NUL), then `chardet` (a
 * port of ICU's detector: byte-pattern recognisers for the CJK multi-byte encodings and ISO-2022,
 * n-gram models for the single-byte ones), run twice: over the prefix with markup removed (ASCII
 * tags would dilute the single-byte statistics) and over the raw prefix (legacy text sometimes lives
 * only in comments and attributes); the more confident answer wins. UTF-8, ASCII, UTF-32 and encodings browsers
 * will not decode are skipped. Returns a WHATWG encoding name, or `null` when nothing is confident.
 */
export function detectEncoding(bytes: Uint8Array, sampleBytes = DETECTION_SAMPLE_BYTES): string | null {
  const sample = bytes.length > sampleBytes ? bytes.subarray(0, sampleBytes) : bytes;
  const utf16 = sniffUtf16(sample);
  if (utf16 !== null) return utf16;
  const text = textOnly(sample);
  const fromText = chardetGuess(text);
  checkDeadline('decoding');
  const fromAll = text === sample ? null : chardetGuess(sample);
  const best =
    fromAll !== null && (fromText === null || fromAll.confidence > fromText.confidence) ? fromAll : fromText;
  return best === null ? null : best.encoding;
}

interface Guess {
  encoding: string;
  confidence: number;
}

/** chardet's best usable match, or `null`. */
function chardetGuess(sample: Uint8Array): Guess | null {
  let matches: ReturnType<typeof chardet.analyse>;
  try {
    matches = chardet.analyse(sample);
  } catch {
    return null;
  }
  for (const match of matches) {
    if (match.confidence < MIN_CONFIDENCE) break;
    if (match.name === 'UTF-8' || match.name === 'ASCII' || match.name.startsWith('UTF-32')) continue;
    const encoding = encodingForLabel(match.name);
    if (encoding !== null) return { encoding, confidence: match.confidence };
  }
  return null;
}

/**
 * UTF-16 without a BOM: in markup-heavy text nearly every code unit is ASCII, so one byte of each
 * pair is NUL. Requires ≥ 40% NULs at one parity and ≤ 5% at the other over the first 1 KiB.
 */
export function sniffUtf16(sample: Uint8Array): string | null {
  const n = Math.min(sample.length, 1024) & ~1;
  if (n < 16) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros >= pairs * 0.4 && evenZeros <= pairs * 0.05) return 'utf-16le';
  if (evenZeros >= pairs * 0.4 && oddZeros <= pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * The sample without `<…>` markup (what ICU's detector calls its input filter). Falls back to the
 * whole sample when the non-ASCII bytes live only inside tags (e.g. in attribute values).
 */
function textOnly(sample: Uint8Array): Uint8Array {
  const out = new Uint8Array(sample.length);
  let length = 0;
  let inTag = false;
  let nonAscii = false;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i];
    if (inTag) {
      if (b === 0x3e) inTag = false;
    } else if (b === 0x3c) {
      inTag = true;
    } else {
      out[length++] = b;
      if (b >= 0x80) nonAscii = true;
    }
  }
  return nonAscii ? out.subarray(0, length) : sample;
}
