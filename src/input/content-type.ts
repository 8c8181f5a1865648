/**
 * Small, allocation-light parsers for MIME types as they appear in HTTP `Content-Type` headers and in
 * `<meta http-equiv=Content-Type content=…>` attributes, and for `Content-Encoding` lists.
 */

/**
 * Most chained Content-Encodings undone for one body. Each coding is one more decompressor the
 * bytes go through: 2,000 chained gzip layers took 26–56 s to undo against a 3 s budget, and past
 * 2,500 the stack overflowed. curl caps the chain at 5 for the same reason (CVE-2022-32206);
 * servers send one.
 */
export const MAX_CONTENT_CODINGS = 5;

/**
 * The codings of a Content-Encoding value in the order to undo them (the header lists them in the
 * order applied), lower-cased, `x-gzip` as `gzip`, `identity` and empty entries dropped. Unknown
 * codings are kept for the caller to refuse.
 */
export function contentCodings(header: string | undefined): string[] {
  const codings: string[] = [];
  for (const raw of (header ?? '').split(',')) {
    const coding = raw.trim().toLowerCase();
    if (coding === '' || coding === 'identity') continue;
    codings.push(coding === 'x-gzip' ? 'gzip' : coding);
  }
  return codings.reverse();
}

/** The MIME type essence ('text/html') of a Content-Type value, lower-cased; '' when there is none. */
export function mimeEssence(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return /^[!#$%&'*+.^`|~\w-]+\/[!#$%&'*+.^`|~\w-]+$/.test(essence) ? essence : '';
}

/**
 * The `charset` parameter of an HTTP Content-Type value (`text/html; charset="utf-8"` → 'utf-8'),
 * unquoted and trimmed, or `null`. Parameters are split on ';' outside quoted strings.
 */
export function charsetFromContentType(contentType: string): string | null {
  for (const param of splitParameters(contentType).slice(1)) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    if (param.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const value = unquote(param.slice(equals + 1).trim());
    return value === '' ? null : value;
  }
  return null;
}

function splitParameters(value: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    if (ch === 0x22 /* " */) quoted = !quoted;
    else if (ch === 0x5c /* \ */ && quoted) i++;
    else if (ch === 0x3b /* ; */ && !quoted) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"')) return value;
  const end = value.indexOf('"', 1);
  const inner = value.slice(1, end === -1 ? undefined : end);
  return inner.replace(/\\(.)/g, '$1').trim();
}

/**
 * WHATWG "extract a character encoding from a meta element" (the `content` attribute of an
 * `http-equiv=Content-Type` meta): finds `charset`, skips whitespace and '=', and returns the quoted
 * or unquoted value that follows, or `null`. Unlike the HTTP parser it does not require `;` before
 * `charset`, which matches what browsers accept in markup.
 */
export function charsetFromMetaContent(content: string): string | null {
  const lower = content.toLowerCase();
  let from = 0;
  for (;;) {
    const at = lower.indexOf('charset', from);
    if (at === -1) return null;
    let i = skipWhitespace(lower, at + 7);
    if (lower[i] !== '=') {
      from = i;
      continue;
    }
    i = skipWhitespace(lower, i + 1);
    return metaValueAt(content, i);
  }
}

function metaValueAt(content: string, i: number): string | null {
  const first = content[i];
  if (first === undefined) return null;
  if (first === '"' || first === "'") {
    const end = content.indexOf(first, i + 1);
    return end === -1 ? null : content.slice(i + 1, end);
  }
  let end = i;
  while (end < content.length && !/[\t\n\f\r ;]/.test(content[end])) end++;
  return end === i ? null : content.slice(i, end);
}

function skipWhitespace(value: string, i: number): number {
  while (i < value.length && /[\t\n\f\r ]/.test(value[i])) i++;
  return i;
}
