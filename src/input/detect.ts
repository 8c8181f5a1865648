// chardet's recognisers, not its entry point: that one also reads files (a `require('fs')` that only
// a bundler honouring its "browser" field swaps out), which would put a Node built-in on the library's
// import graph (docs/decisions.md, "Decoding in every runtime"). The version is pinned: these are its files.
import type { Context, Recogniser } from 'chardet/lib/encoding/index.js';
import * as iso2022 from 'chardet/lib/encoding/iso2022.js';
import * as mbcs from 'chardet/lib/encoding/mbcs.js';
import * as sbcs from 'chardet/lib/encoding/sbcs.js';
import * as unicode from 'chardet/lib/encoding/unicode.js';
import type { Match } from 'chardet/lib/match.js';
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
 * n-gram models for the single-byte ones; its recognisers, run as its `analyse` runs them), run twice: over the prefix with markup removed (ASCII
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

/**
 * chardet's recognisers in the order of its `analyse`, less those whose answers are never used here
 * (UTF-8, ASCII, UTF-32: see {@link detectEncoding}); dropping them changes no answer, since the
 * matches are sorted stably by confidence and those were skipped.
 */
const RECOGNISERS: readonly Recogniser[] = [
  new unicode.UTF_16BE(),
  new unicode.UTF_16LE(),
  new mbcs.sjis(),
  new mbcs.big5(),
  new mbcs.euc_jp(),
  new mbcs.euc_kr(),
  new mbcs.gb_18030(),
  new iso2022.ISO_2022_JP(),
  new iso2022.ISO_2022_KR(),
  new iso2022.ISO_2022_CN(),
  new sbcs.ISO_8859_1(),
  new sbcs.ISO_8859_2(),
  new sbcs.ISO_8859_5(),
  new sbcs.ISO_8859_6(),
  new sbcs.ISO_8859_7(),
  new sbcs.ISO_8859_8(),
  new sbcs.ISO_8859_9(),
  new sbcs.windows_1251(),
  new sbcs.windows_1256(),
  new sbcs.windows_1257(),
  new sbcs.windows_1258(),
  new sbcs.windows_874(),
  new sbcs.KOI8_R(),
];

/** chardet's matches for `sample`, most confident first (what its `analyse` returns). */
function analyse(sample: Uint8Array): Match[] {
  const byteStats = new Array<number>(256).fill(0);
  for (let i = 0; i < sample.length; i++) byteStats[sample[i]]++;
  let c1Bytes = false;
  for (let byte = 0x80; byte <= 0x9f && !c1Bytes; byte++) c1Bytes = byteStats[byte] !== 0;
  const context: Context = {
    byteStats,
    c1Bytes,
    rawInput: sample,
    rawLen: sample.length,
    inputBytes: sample,
    inputLen: sample.length,
  };
  const matches: Match[] = [];
  for (const recogniser of RECOGNISERS) {
    const match = recogniser.match(context);
    if (match) matches.push(match);
  }
  return matches.sort((a, b) => b.confidence - a.confidence);
}

/** chardet's best usable match, or `null`. */
function chardetGuess(sample: Uint8Array): Guess | null {
  let matches: Match[];
  try {
    matches = analyse(sample);
  } catch {
    return null;
  }
  for (const match of matches) {
    if (match.confidence < MIN_CONFIDENCE) break;
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
