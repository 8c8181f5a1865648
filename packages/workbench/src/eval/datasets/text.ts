/**
 * Helpers shared by the readers: decoding gold files and sorting ids.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

// WHATWG windows-1252 for 0x80–0x9F (the rest is Latin-1). Written out because Node 20's
// TextDecoder('windows-1252') decodes as ISO-8859-1 (0x93 → U+0093 instead of “).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/** Decodes windows-1252 bytes (WHATWG: every byte maps to a character). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length);
    const codes = new Array<number>(end - start);
    for (let i = start; i < end; i++) {
      const byte = bytes[i];
      codes[i - start] = byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : byte;
    }
    // biome-ignore lint/plugin: bounded, CHUNK codes at a time
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/**
 * Decodes a gold text file: UTF-8 when the bytes are valid UTF-8, else
 * windows-1252 (WHATWG's mapping, which maps every byte). A leading BOM is dropped.
 */
export function decodeGoldBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Orders ids numerically when both are numbers, else by code units (stable across machines). */
export function compareIds(x: string, y: string): number {
  const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN;
  const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN;
  if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The file name without its last extension. */
export function fileStem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
