import { charsetFromMetaContent } from './content-type.js';
import { encodingForLabel } from './labels.js';

/**
 * WHATWG "prescan a byte stream to determine its encoding"
 * (https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding),
 * run over the first `limit` bytes: skips comments, other tags and `<!…>`/`<?…>` constructs exactly as
 * a browser does, and returns the encoding named by the first usable `<meta charset>` or
 * `<meta http-equiv=Content-Type content="…; charset=…">`. Per the spec a declared UTF-16 means UTF-8
 * (a page that can be prescanned as ASCII cannot be UTF-16) and x-user-defined means windows-1252.
 * Runs in time linear in `limit`; returns `null` when nothing usable is found.
 */
export function prescanMetaCharset(bytes: Uint8Array, limit = 4096): string | null {
  const scanner = new Prescanner(bytes.length > limit ? bytes.subarray(0, limit) : bytes);
  return scanner.run();
}

interface Attribute {
  name: string;
  value: string;
}

/** Longest attribute text made by one `String.fromCharCode.apply` (the prescan reads 4,096 bytes). */
const MAX_APPLY = 8192;

/** What `readAttribute(false)` returns for an attribute it stepped over. */
const SKIPPED: Attribute = Object.freeze({ name: '', value: '' });

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DASH = 0x2d;

function isSpace(b: number): boolean {
  return b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
}

function isAsciiLetter(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}

function lowerAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}

class Prescanner {
  private pos = 0;
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  run(): string | null {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      if (bytes[this.pos] === LT) {
        const found = this.atTagOpen();
        if (found !== undefined) return found;
      }
      this.pos++;
    }
    return null;
  }

  /** Handles the construct starting at '<'; returns an encoding to stop, or undefined to go on. */
  private atTagOpen(): string | null | undefined {
    const { bytes, pos } = this;
    const next = bytes[pos + 1];
    if (next === BANG && bytes[pos + 2] === DASH && bytes[pos + 3] === DASH) {
      this.pos = this.indexOfCommentEnd(pos + 2);
      return undefined;
    }
    if (this.startsWithMeta(pos)) {
      this.pos = pos + 6;
      const encoding = this.readMeta();
      if (encoding !== null) return encoding;
      return undefined;
    }
    if (isAsciiLetter(next) || (next === SLASH && isAsciiLetter(bytes[pos + 2]))) {
      this.skipTag();
      return undefined;
    }
    if (next === BANG || next === SLASH || next === QUESTION) {
      const end = bytes.indexOf(GT, pos + 1);
      this.pos = end === -1 ? bytes.length : end;
    }
    return undefined;
  }

  private indexOfCommentEnd(from: number): number {
    const { bytes } = this;
    for (let i = bytes.indexOf(GT, from); i !== -1; i = bytes.indexOf(GT, i + 1)) {
      if (i - 2 >= from && bytes[i - 1] === DASH && bytes[i - 2] === DASH) return i;
    }
    return bytes.length;
  }

  private startsWithMeta(pos: number): boolean {
    const { bytes } = this;
    return (
      lowerAt(bytes, pos + 1) === 0x6d &&
      lowerAt(bytes, pos + 2) === 0x65 &&
      lowerAt(bytes, pos + 3) === 0x74 &&
      lowerAt(bytes, pos + 4) === 0x61 &&
      pos + 5 < bytes.length &&
      (isSpace(bytes[pos + 5]) || bytes[pos + 5] === SLASH)
    );
  }

  /**
   * Steps over a tag other than `<meta>`: its attributes are read as `readAttribute` reads them, but
   * not made into strings (nobody looks at them; the strings, a character at a time, were 12 KB a
   * page of what the library allocates, bench/speed/allocation.ts).
   */
  private skipTag(): void {
    const { bytes } = this;
    while (this.pos < bytes.length && !isSpace(bytes[this.pos]) && bytes[this.pos] !== GT) this.pos++;
    while (this.readAttribute(false) !== null);
  }

  /** The `<meta …>` branch: collects attributes and applies the pragma rules. */
  private readMeta(): string | null {
    const seen = new Set<string>();
    let gotPragma = false;
    let needPragma: boolean | null = null;
    let charset: string | null = null;
    for (let attr = this.readAttribute(); attr !== null; attr = this.readAttribute()) {
      if (seen.has(attr.name)) continue;
      seen.add(attr.name);
      if (attr.name === 'http-equiv') {
        if (attr.value === 'content-type') gotPragma = true;
      } else if (attr.name === 'content') {
        const label = charsetFromMetaContent(attr.value);
        const encoding = label === null ? null : encodingForLabel(label);
        if (encoding !== null && charset === null) {
          charset = encoding;
          needPragma = true;
        }
      } else if (attr.name === 'charset') {
        charset = encodingForLabel(attr.value);
        needPragma = false;
      }
    }
    if (needPragma === null || (needPragma && !gotPragma) || charset === null) return null;
    if (charset === 'utf-16le' || charset === 'utf-16be') return 'utf-8';
    if (charset === 'x-user-defined') return 'windows-1252';
    return charset;
  }

  /**
   * WHATWG "get an attribute"; `null` when there is none (at '>' or the end of the prefix). With
   * `keep` false the attribute is only stepped over: the same bytes are read, `SKIPPED` is returned.
   */
  private readAttribute(keep = true): Attribute | null {
    const { bytes } = this;
    while (this.pos < bytes.length && (isSpace(bytes[this.pos]) || bytes[this.pos] === SLASH)) this.pos++;
    if (this.pos >= bytes.length || bytes[this.pos] === GT) return null;
    const nameStart = this.pos;
    for (;;) {
      if (this.pos >= bytes.length) return null;
      const b = bytes[this.pos];
      if (b === EQUALS && this.pos > nameStart) break;
      if (isSpace(b)) break;
      if (b === SLASH || b === GT)
        return keep ? { name: this.text(nameStart, this.pos), value: '' } : SKIPPED;
      this.pos++;
    }
    const name = keep ? this.text(nameStart, this.pos) : '';
    while (this.pos < bytes.length && isSpace(bytes[this.pos])) this.pos++;
    if (this.pos >= bytes.length) return null;
    if (bytes[this.pos] !== EQUALS) return keep ? { name, value: '' } : SKIPPED;
    this.pos++;
    while (this.pos < bytes.length && isSpace(bytes[this.pos])) this.pos++;
    return this.readValue(name, keep);
  }

  private readValue(name: string, keep: boolean): Attribute | null {
    const { bytes } = this;
    if (this.pos >= bytes.length) return null;
    const first = bytes[this.pos];
    if (first === 0x22 || first === 0x27) {
      const end = bytes.indexOf(first, this.pos + 1);
      if (end === -1) return null;
      const value = keep ? this.text(this.pos + 1, end) : '';
      this.pos = end + 1;
      return keep ? { name, value } : SKIPPED;
    }
    if (first === GT) return keep ? { name, value: '' } : SKIPPED;
    const start = this.pos;
    while (this.pos < bytes.length && !isSpace(bytes[this.pos]) && bytes[this.pos] !== GT) this.pos++;
    if (this.pos >= bytes.length) return null;
    return keep ? { name, value: this.text(start, this.pos) } : SKIPPED;
  }

  /** Bytes [start, end) as a lower-cased Latin-1 string (only ASCII matters for matching). */
  private text(start: number, end: number): string {
    // One string from the bytes as code units, not one string per character joined one by one.
    if (end - start > MAX_APPLY) {
      let text = '';
      for (let i = start; i < end; i++) text += String.fromCharCode(this.bytes[i]);
      return text.toLowerCase();
    }
    const codes = this.bytes.subarray(start, end) as unknown as number[];
    // biome-ignore lint/plugin: bounded by MAX_APPLY just above
    return String.fromCharCode.apply(null, codes).toLowerCase();
  }
}
