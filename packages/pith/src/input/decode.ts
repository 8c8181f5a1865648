/**
 * Bytes to text in any JavaScript runtime: the WHATWG encodings through the runtime's TextDecoder,
 * windows-1252, x-user-defined and iso-8859-16 by table (docs/decisions.md, "Decoding in every runtime").
 */
import { checkDeadline } from '../dom/index.js';
import { charsetFromContentType } from './content-type.js';
import { detectEncoding, sniffUtf16 } from './detect.js';
import { encodingForLabel } from './labels.js';
import { prescanMetaCharset } from './prescan.js';
import { isAscii, utf8Stats } from './utf8.js';

/** Where the encoding used by {@link decodeHtml} came from. */
export type EncodingSource = 'bom' | 'http' | 'meta' | 'detected' | 'default';

/** A decoded page: its text and the encoding it was decoded with. */
export interface DecodedHtml {
  /** The decoded text, without a byte order mark. Undecodable bytes become U+FFFD. */
  text: string;
  /** WHATWG encoding name, e.g. 'utf-8', 'windows-1252', 'shift_jis'. */
  encoding: string;
  /** Why this encoding: a BOM, an out-of-band declaration, a `<meta>`, detection, or the default. */
  source: EncodingSource;
  /**
   * Set when this runtime's TextDecoder does not know `encoding` (none of Node, Deno, Bun, workerd and
   * Chromium lacks one: test/runtimes/): the bytes were read as windows-1252.
   */
  readAs?: 'windows-1252';
}

/** Out-of-band information about the bytes passed to {@link decodeHtml}. */
export interface DecodeOptions {
  /** The HTTP `Content-Type` header, e.g. 'text/html; charset=iso-8859-1'. */
  contentType?: string;
  /**
   * An encoding label declared outside the page (a WARC header, a dataset's wrapper, a CLI flag).
   * Treated like the HTTP charset (reported as source 'http') and preferred over `contentType`.
   */
  declaredEncoding?: string;
}

/** Default cap on the bytes of one input (after decompression, before decoding): 32 MiB. */
export const DEFAULT_MAX_INPUT_BYTES = 32 * 1024 * 1024;

/** How many leading bytes the `<meta>` prescan reads (the spec says 1024; real pages need more). */
export const META_PRESCAN_BYTES = 4096;

/**
 * Decodes the bytes of an HTML page to a string, never throwing, in time linear in the input.
 *
 * Order: a BOM (UTF-8, UTF-16LE/BE; stripped) → the charset of `declaredEncoding` or `contentType` →
 * the WHATWG `<meta>` prescan of the first {@link META_PRESCAN_BYTES} bytes → detection → windows-1252.
 * Labels map through the WHATWG table (iso-8859-1, latin1 and ascii mean windows-1252; gb2312 means gbk).
 *
 * Lying-charset guard: a declaration is only trusted when the bytes do not contradict it.
 * - Bytes that are valid UTF-8 and contain non-ASCII are decoded as UTF-8 whatever is declared
 *   (source 'detected'): legacy text is practically never valid UTF-8 by accident, while pages that
 *   declare iso-8859-1 or gb2312 but are UTF-8 are common.
 * - A UTF-8 declaration over invalid UTF-8 is kept (bad bytes become U+FFFD) when well-formed
 *   multi-byte sequences outnumber the errors; otherwise the page is legacy text and goes to detection.
 */
export function decodeHtml(bytes: Uint8Array, options: DecodeOptions = {}): DecodedHtml {
  const bom = sniffBom(bytes);
  if (bom !== null) {
    return {
      text: decodeBytes(bytes.subarray(bom.length), bom.encoding),
      encoding: bom.encoding,
      source: 'bom',
    };
  }
  const declared = plausible(declaredEncoding(bytes, options), bytes);
  const choice = chooseEncoding(bytes, declared);
  const text = choice.text ?? decodeBytes(bytes, choice.encoding);
  const decoded: DecodedHtml = { text, encoding: choice.encoding, source: choice.source };
  if (choice.text === undefined && !canDecode(choice.encoding)) decoded.readAs = 'windows-1252';
  return decoded;
}

/** Whether `encoding` is decoded as itself here: by a table of ours or by this runtime's TextDecoder. */
function canDecode(encoding: string): boolean {
  if (Object.hasOwn(BYTE_TABLES, encoding)) return true;
  try {
    new TextDecoder(encoding);
    return true;
  } catch {
    return false;
  }
}

interface Choice {
  encoding: string;
  source: EncodingSource;
  /** The text, when choosing already decoded it (valid UTF-8 is checked by decoding it). */
  text?: string;
}

/** The declared encoding, out-of-band first, then `<meta>`; `null` when nothing usable is declared. */
function declaredEncoding(bytes: Uint8Array, options: DecodeOptions): Choice | null {
  const outOfBand = labelToEncoding(options.declaredEncoding) ?? charsetOf(options.contentType);
  if (outOfBand !== null) return { encoding: outOfBand, source: 'http' };
  const meta = prescanMetaCharset(bytes, META_PRESCAN_BYTES);
  return meta === null ? null : { encoding: meta, source: 'meta' };
}

/**
 * A UTF-16 declaration over bytes without a single NUL in the first 4 KiB is a lie (markup in UTF-16
 * is half NULs): ignore it rather than turn an ASCII-compatible page into CJK noise.
 */
function plausible(declared: Choice | null, bytes: Uint8Array): Choice | null {
  if (declared === null || !declared.encoding.startsWith('utf-16')) return declared;
  return bytes.subarray(0, META_PRESCAN_BYTES).includes(0) ? declared : null;
}

function labelToEncoding(label: string | undefined): string | null {
  return label === undefined ? null : encodingForLabel(label);
}

function charsetOf(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  const label = charsetFromContentType(contentType);
  return label === null ? null : encodingForLabel(label);
}

function chooseEncoding(bytes: Uint8Array, declared: Choice | null): Choice {
  if (isAscii(bytes)) return declared ?? asciiChoice(bytes);
  const utf8 = strictUtf8(bytes);
  if (utf8 !== null) {
    return {
      encoding: 'utf-8',
      source: declared?.encoding === 'utf-8' ? declared.source : 'detected',
      text: utf8,
    };
  }
  if (declared !== null && declared.encoding !== 'utf-8') return declared;
  if (mostlyUtf8(bytes)) return declared ?? { encoding: 'utf-8', source: 'detected' };
  return detectedOrDefault(bytes);
}

/**
 * All bytes < 0x80 and nothing declared: only 7-bit ISO-2022-JP and UTF-16 without a BOM (ASCII
 * text in UTF-16 is all bytes < 0x80, half of them NUL) differ from the default.
 */
function asciiChoice(bytes: Uint8Array): Choice {
  if (bytes.includes(0x1b)) return detectedOrDefault(bytes);
  const utf16 = bytes.includes(0) ? sniffUtf16(bytes) : null;
  return utf16 === null
    ? { encoding: 'windows-1252', source: 'default' }
    : { encoding: utf16, source: 'detected' };
}

/** Invalid UTF-8 that is still UTF-8 at heart: more well-formed multi-byte sequences than errors. */
function mostlyUtf8(bytes: Uint8Array): boolean {
  const stats = utf8Stats(bytes);
  return stats.multibyte > 0 && stats.multibyte >= stats.invalid;
}

function detectedOrDefault(bytes: Uint8Array): Choice {
  const detected = detectEncoding(bytes);
  return detected === null
    ? { encoding: 'windows-1252', source: 'default' }
    : { encoding: detected, source: 'detected' };
}

interface Bom {
  encoding: string;
  length: number;
}

function sniffBom(bytes: Uint8Array): Bom | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

/**
 * Decodes `bytes` with a WHATWG encoding, replacing bad bytes with U+FFFD; never throws.
 * windows-1252 (also every iso-8859-1/ascii label) is decoded here, because Node ≤ 22's TextDecoder
 * decodes it as ISO-8859-1 (0x80–0x9F become C1 controls instead of € ‚ ƒ „ … ’ “ ” – — ™ œ …);
 * so are x-user-defined and iso-8859-16, which no TextDecoder of Node's knows. Everything else goes
 * to the runtime's TextDecoder (Node with full ICU, browsers and Deno know every WHATWG encoding);
 * an encoding this runtime's TextDecoder does not know is read as windows-1252.
 */
export function decodeBytes(bytes: Uint8Array, encoding: string): string {
  const table = Object.hasOwn(BYTE_TABLES, encoding) ? BYTE_TABLES[encoding] : undefined;
  if (table !== undefined) return decodeInChunks(bytes, () => (chunk) => decodeUnits(chunk, table()));
  return (
    tryTextDecoder(bytes, encoding) ??
    decodeInChunks(bytes, () => (chunk) => decodeUnits(chunk, windows1252()))
  );
}

/** Bytes decoded per step: between steps the time budget is checked (dom/deadline.ts). */
const DECODE_CHUNK_BYTES = 1 << 20;
/**
 * Pages up to this size are decoded in one call: chunks and their join were two copies of the page
 * (one call: one), and 4 MiB is ~25 ms of CPU, under the longest stretches between two clock reads
 * the fuzzer finds elsewhere (docs/benchmarks-journal.md, "Issue 38, allocation per page").
 */
const ONE_CALL_BYTES = 4 << 20;

/**
 * Decodes `bytes` a chunk at a time with a stateful chunk decoder (a multi-byte sequence cut by a
 * chunk boundary is completed by the next chunk), checking the time budget between chunks: a
 * 32 MiB page costs up to half a second to decode. One call for pages up to `ONE_CALL_BYTES`.
 */
function decodeInChunks(
  bytes: Uint8Array,
  makeDecoder: () => (chunk: Uint8Array, last: boolean) => string,
): string {
  const decode = makeDecoder();
  if (bytes.length <= ONE_CALL_BYTES) return decode(bytes, true);
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += DECODE_CHUNK_BYTES) {
    const end = Math.min(bytes.length, start + DECODE_CHUNK_BYTES);
    parts.push(decode(bytes.subarray(start, end), end === bytes.length));
    checkDeadline('decoding');
  }
  return parts.join('');
}

/**
 * The text of `bytes` when they are well-formed UTF-8, else `null`: one native pass that both checks
 * and decodes (the text is the one a replacing decoder would give, since nothing needs replacing).
 */
function strictUtf8(bytes: Uint8Array): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    return decodeInChunks(bytes, () => (chunk, last) => decoder.decode(chunk, { stream: !last }));
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/** `null` when this runtime's TextDecoder does not support `encoding` (it throws a RangeError). */
function tryTextDecoder(bytes: Uint8Array, encoding: string): string | null {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: true });
  } catch {
    return null;
  }
  return decodeInChunks(bytes, () => (chunk, last) => decoder.decode(chunk, { stream: !last }));
}

/** WHATWG windows-1252 for 0x80–0x9F (the five unassigned bytes map to the C1 code point itself). */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * WHATWG iso-8859-16 for 0xA0–0xFF (its index; the bytes below are Latin-1). Not in Node's ICU,
 * which is why iconv-lite was here before (docs/decisions.md, "Decoding in every runtime").
 */
const ISO_8859_16_HIGH =
  '\u00a0\u0104\u0105\u0141\u20ac\u201e\u0160\u00a7\u0161\u00a9\u0218\u00ab\u0179\u00ad\u017a\u017b' +
  '\u00b0\u00b1\u010c\u0142\u017d\u201d\u00b6\u00b7\u017e\u010d\u0219\u00bb\u0152\u0153\u0178\u017c' +
  '\u00c0\u00c1\u00c2\u0102\u00c4\u0106\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf' +
  '\u0110\u0143\u00d2\u00d3\u00d4\u0150\u00d6\u015a\u0170\u00d9\u00da\u00db\u00dc\u0118\u021a\u00df' +
  '\u00e0\u00e1\u00e2\u0103\u00e4\u0107\u00e6\u00e7\u00e8\u00e9\u00ea\u00eb\u00ec\u00ed\u00ee\u00ef' +
  '\u0111\u0144\u00f2\u00f3\u00f4\u0151\u00f6\u015b\u0171\u00f9\u00fa\u00fb\u00fc\u0119\u021b\u00ff';

/** A byte → UTF-16 code unit table, built on first use. */
function lazyTable(entry: (byte: number) => number): () => Uint16Array {
  let table: Uint16Array | undefined;
  return () => {
    table ??= Uint16Array.from({ length: 256 }, (_, byte) => entry(byte));
    return table;
  };
}

const windows1252 = lazyTable((byte) =>
  byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_C1.charCodeAt(byte - 0x80) : byte,
);

/** The encodings decoded by table lookup; x-user-defined: ASCII as is, 0x80–0xFF to U+F780–U+F7FF. */
const BYTE_TABLES: Readonly<Record<string, () => Uint16Array>> = {
  'windows-1252': windows1252,
  'x-user-defined': lazyTable((byte) => (byte < 0x80 ? byte : 0xf700 + byte)),
  'iso-8859-16': lazyTable((byte) => (byte < 0xa0 ? byte : ISO_8859_16_HIGH.charCodeAt(byte - 0xa0))),
};

const UTF16LE = new TextDecoder('utf-16le');

/**
 * Table lookup into UTF-16 code units, decoded natively (≈ 5× faster than a regex fix-up of Latin-1).
 * The units are in the machine's byte order, little-endian on every machine JavaScript runs on.
 */
function decodeUnits(bytes: Uint8Array, table: Uint16Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) units[i] = table[bytes[i]];
  return UTF16LE.decode(units);
}
