import { PithError } from '../errors.js';

/**
 * Is this a web page at all? Binary files (executables, images, archives, PDFs…) handed
 * to pith by mistake would otherwise be "extracted" as text made of raw bytes. Two tests:
 * the magic numbers of common binary formats, then the share of control characters in
 * the decoded text (docs/decisions.md, "Binary input").
 */

interface Signature {
  name: string;
  /** Bytes to match; -1 matches any byte. */
  bytes: readonly number[];
  offset?: number;
}

function ascii(text: string): number[] {
  return Array.from(text, (character) => character.charCodeAt(0));
}

/** Formats that are never HTML, by their leading bytes. */
const SIGNATURES: readonly Signature[] = [
  { name: 'an ELF executable', bytes: [0x7f, ...ascii('ELF')] },
  { name: 'a PNG image', bytes: [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a] },
  { name: 'a GIF image', bytes: ascii('GIF87a') },
  { name: 'a GIF image', bytes: ascii('GIF89a') },
  { name: 'a JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'a WebP image', bytes: [...ascii('RIFF'), -1, -1, -1, -1, ...ascii('WEBP')] },
  { name: 'a RIFF file (audio or video)', bytes: [...ascii('RIFF'), -1, -1, -1, -1] },
  { name: 'a TIFF image', bytes: [...ascii('II'), 0x2a, 0x00] },
  { name: 'a TIFF image', bytes: [...ascii('MM'), 0x00, 0x2a] },
  { name: 'an icon', bytes: [0x00, 0x00, 0x01, 0x00] },
  { name: 'a PDF document', bytes: ascii('%PDF-') },
  { name: 'a ZIP archive (or an Office document)', bytes: [...ascii('PK'), 0x03, 0x04] },
  { name: 'a ZIP archive', bytes: [...ascii('PK'), 0x05, 0x06] },
  { name: 'an OLE document (old Office format)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: 'gzip-compressed data (decompress it first)', bytes: [0x1f, 0x8b] },
  { name: 'bzip2-compressed data', bytes: [...ascii('BZh'), -1, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59] },
  { name: 'xz-compressed data', bytes: [0xfd, ...ascii('7zXZ'), 0x00] },
  { name: 'zstd-compressed data', bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { name: 'a 7-Zip archive', bytes: [...ascii('7z'), 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'a RAR archive', bytes: [...ascii('Rar!'), 0x1a, 0x07] },
  { name: 'a tar archive', bytes: ascii('ustar'), offset: 257 },
  { name: 'a WebAssembly module', bytes: [0x00, ...ascii('asm')] },
  { name: 'a Mach-O executable', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: 'a Mach-O executable', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { name: 'a Java class file', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { name: 'an SQLite database', bytes: [...ascii('SQLite format 3'), 0x00] },
  { name: 'an MP4 or QuickTime file', bytes: [-1, -1, -1, -1, ...ascii('ftyp')] },
  { name: 'an Ogg file', bytes: ascii('OggS') },
  { name: 'a FLAC file', bytes: ascii('fLaC') },
  { name: 'an MP3 file', bytes: [...ascii('ID3'), -1, 0x00] },
  { name: 'a WOFF font', bytes: ascii('wOFF') },
  { name: 'a WOFF2 font', bytes: ascii('wOF2') },
  { name: 'a Windows executable', bytes: [...ascii('MZ'), -1, -1, -1, 0x00] },
];

function matches(bytes: Uint8Array, signature: Signature): boolean {
  const offset = signature.offset ?? 0;
  if (bytes.length < offset + signature.bytes.length) return false;
  for (let index = 0; index < signature.bytes.length; index++) {
    const expected = signature.bytes[index];
    if (expected >= 0 && bytes[offset + index] !== expected) return false;
  }
  return true;
}

/** What binary format the bytes start with, or `null` when they start with none pith knows. */
export function binaryFormatOf(bytes: Uint8Array): string | null {
  for (const signature of SIGNATURES) if (matches(bytes, signature)) return signature.name;
  return null;
}

/** How much of the decoded text the control-character test reads. */
export const SNIFF_SAMPLE_CHARS = 8192;

/**
 * True for text that is binary data decoded as characters: at least 10% control characters
 * (C0 other than tab, line feed, form feed and carriage return, and DEL) in the first
 * {@link SNIFF_SAMPLE_CHARS} characters, or at least 1% of them together with at least 10%
 * U+FFFD (bytes that were not text in any encoding). A page with a stray NUL passes; a UTF-16
 * page is decoded as UTF-16 before this test (input/decode.ts), so its NUL bytes are gone.
 */
export function looksBinary(text: string): boolean {
  const length = Math.min(text.length, SNIFF_SAMPLE_CHARS);
  let controls = 0;
  let replacements = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) controls++;
    } else if (code === 0x7f) controls++;
    else if (code === 0xfffd) replacements++;
  }
  return controls >= length * 0.1 || (controls >= length * 0.01 && replacements >= length * 0.1);
}

/**
 * Refuses what is not a web page: PithError('NOT_HTML') for bytes in a known binary format
 * (checked on `bytes`, before decoding), for decoded `text` that {@link looksBinary}, and for
 * empty or blank input (nothing to extract, which the caller should hear about).
 */
export function checkIsPage(text: string, bytes?: Uint8Array): void {
  const format = bytes === undefined ? null : binaryFormatOf(bytes);
  if (format !== null) throw new PithError('NOT_HTML', `the input is ${format}, not an HTML page`);
  if (text.trim() === '') {
    throw new PithError(
      'NOT_HTML',
      text === '' ? 'the input is empty' : 'the input is blank (white space only)',
    );
  }
  if (looksBinary(text)) {
    throw new PithError('NOT_HTML', 'the input is binary data (control characters), not an HTML page');
  }
}
