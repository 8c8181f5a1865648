/**
 * Base64 (RFC 4648's standard alphabet) between bytes and text, in any JavaScript runtime (no
 * `Buffer`; `atob`/`btoa` work on binary strings and refuse whitespace inside a line-wrapped text).
 * Decoding skips ASCII whitespace and stops at the first '='; any other character is an error.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Character code → its 6-bit value; -1 = not base64, -2 = whitespace (skipped). */
const VALUES: Int8Array = (() => {
  const values = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) values[ALPHABET.charCodeAt(i)] = i;
  for (const space of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) values[space] = -2;
  return values;
})();

export function base64ToBytes(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let length = 0;
  let group = 0;
  let sextets = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d) break;
    const value = code < 128 ? VALUES[code] : -1;
    if (value === -2) continue;
    if (value === -1) throw new Error(`not base64: '${text[i]}' at ${i}`);
    group = (group << 6) | value;
    if (++sextets === 4) {
      out[length++] = group >> 16;
      out[length++] = (group >> 8) & 0xff;
      out[length++] = group & 0xff;
      group = 0;
      sextets = 0;
    }
  }
  // A last group of 2 or 3 sextets holds 1 or 2 bytes; a lone sextet holds none.
  if (sextets === 2) out[length++] = group >> 4;
  else if (sextets === 3) {
    out[length++] = group >> 10;
    out[length++] = (group >> 2) & 0xff;
  }
  return out.slice(0, length);
}

export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const group = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    parts.push(
      ALPHABET[group >> 18] +
        ALPHABET[(group >> 12) & 63] +
        ALPHABET[(group >> 6) & 63] +
        ALPHABET[group & 63],
    );
  }
  if (i + 1 === bytes.length) {
    const group = bytes[i] << 16;
    parts.push(`${ALPHABET[group >> 18]}${ALPHABET[(group >> 12) & 63]}==`);
  } else if (i + 2 === bytes.length) {
    const group = (bytes[i] << 16) | (bytes[i + 1] << 8);
    parts.push(`${ALPHABET[group >> 18]}${ALPHABET[(group >> 12) & 63]}${ALPHABET[(group >> 6) & 63]}=`);
  }
  return parts.join('');
}
