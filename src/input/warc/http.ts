/**
 * The HTTP response inside a WARC `response` record (or an ARC record): status line and headers,
 * then the body as the server sent it, which may be chunked and compressed. Decoding the body is
 * separate (`decodeHttpBody`) so that it can run on a worker thread.
 */
import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { PithError } from '../../errors.js';
import { contentCodings, MAX_CONTENT_CODINGS } from '../content-type.js';

export interface HttpResponseHead {
  status: number;
  /** Header names lower-cased; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** Where the body starts in the record block. */
  bodyStart: number;
}

const MAX_HTTP_HEAD_BYTES = 64 * 1024;

/** Parses the status line and headers; undefined when the block does not start with an HTTP response. */
export function parseHttpResponseHead(block: Uint8Array): HttpResponseHead | undefined {
  const scan = block.subarray(0, Math.min(block.length, MAX_HTTP_HEAD_BYTES));
  const end = headEnd(scan);
  if (end < 0) return undefined;
  const text = Buffer.from(scan.buffer, scan.byteOffset, end).toString('latin1');
  const lines = text.split(/\r?\n/);
  const match = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\b/i.exec(lines[0]);
  if (!match) return undefined;
  // No prototype: a header named constructor or __proto__ is a header like any other.
  const headers: Record<string, string> = Object.create(null);
  let last = '';
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    if ((line[0] === ' ' || line[0] === '\t') && last !== '') {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[last] = Object.hasOwn(headers, last) ? `${headers[last]}, ${value}` : value;
  }
  return { status: Number(match[1]), headers, bodyStart: end };
}

/** Index just past the blank line ending the head (CRLF CRLF or LF LF), or -1. */
function headEnd(bytes: Uint8Array): number {
  for (let index = bytes.indexOf(0x0a); index >= 0; index = bytes.indexOf(0x0a, index + 1)) {
    if (bytes[index + 1] === 0x0a) return index + 2;
    if (bytes[index + 1] === 0x0d && bytes[index + 2] === 0x0a) return index + 3;
  }
  return -1;
}

export interface HttpBodyEncoding {
  /** The Transfer-Encoding header, if any. */
  transferEncoding?: string;
  /** The Content-Encoding header, if any. */
  contentEncoding?: string;
}

/**
 * Undoes chunked transfer coding and Content-Encoding (gzip, deflate, br), bounded by `maxBytes`
 * after decoding. A body announced as chunked that does not parse as chunks is taken as it is
 * (archives hold both kinds of mistakes, as the reference reader's test files show).
 *
 * @throws PithError 'BAD_CONTENT_ENCODING' when a compressed body cannot be decompressed, an
 *   unknown coding is named or more than MAX_CONTENT_CODINGS are chained; 'INPUT_TOO_LARGE' past `maxBytes`.
 */
export function decodeHttpBody(body: Uint8Array, encoding: HttpBodyEncoding, maxBytes: number): Uint8Array {
  let bytes = body;
  if (/\bchunked\b/i.test(encoding.transferEncoding ?? '')) bytes = dechunk(bytes) ?? bytes;
  const codings = contentCodings(encoding.contentEncoding);
  if (codings.length > MAX_CONTENT_CODINGS) {
    throw new PithError(
      'BAD_CONTENT_ENCODING',
      `${codings.length} chained Content-Encodings (at most ${MAX_CONTENT_CODINGS} are undone)`,
    );
  }
  for (const coding of codings) bytes = decompress(bytes, coding, maxBytes);
  if (bytes.length > maxBytes) {
    throw new PithError('INPUT_TOO_LARGE', `the page is larger than the limit of ${maxBytes} bytes`);
  }
  return bytes;
}

function decompress(bytes: Uint8Array, coding: string, maxBytes: number): Uint8Array {
  const options = { maxOutputLength: maxBytes, finishFlush: constants.Z_SYNC_FLUSH };
  try {
    if (coding === 'gzip') return gunzipSync(bytes, options);
    if (coding === 'br') {
      return brotliDecompressSync(bytes, {
        maxOutputLength: maxBytes,
        finishFlush: constants.BROTLI_OPERATION_FLUSH,
      });
    }
    if (coding === 'deflate') {
      // Servers send both zlib-wrapped and raw deflate under this name.
      const zlibWrapped =
        bytes.length >= 2 && (bytes[0] & 0x0f) === 8 && ((bytes[0] << 8) | bytes[1]) % 31 === 0;
      return zlibWrapped ? inflateSync(bytes, options) : inflateRawSync(bytes, options);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PithError('INPUT_TOO_LARGE', `the decompressed page is larger than ${maxBytes} bytes`);
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new PithError('BAD_CONTENT_ENCODING', `Content-Encoding ${coding}: ${message}`);
  }
  throw new PithError('BAD_CONTENT_ENCODING', `unsupported Content-Encoding ${coding}`);
}

/** Joins the chunks of a chunked body; undefined when it is not one (sizes that do not fit). */
export function dechunk(bytes: Uint8Array): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let total = 0;
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf(0x0a, at);
    if (lineEnd < 0 || lineEnd - at > 1024) return parts.length > 0 ? Buffer.concat(parts, total) : undefined;
    const line = Buffer.from(bytes.buffer, bytes.byteOffset + at, lineEnd - at).toString('latin1');
    const match = /^\s*([0-9a-f]+)\s*(?:;.*)?$/i.exec(line.replace(/\r$/, ''));
    if (!match) return undefined;
    const size = Number.parseInt(match[1], 16);
    const start = lineEnd + 1;
    if (size === 0) return Buffer.concat(parts, total);
    if (start + size > bytes.length) {
      // A last chunk cut short (a truncated record): keep what is there.
      parts.push(bytes.subarray(start));
      total += bytes.length - start;
      return Buffer.concat(parts, total);
    }
    parts.push(bytes.subarray(start, start + size));
    total += size;
    at = start + size;
    // Each chunk ends with CRLF.
    if (bytes[at] === 0x0d) at++;
    if (bytes[at] === 0x0a) at++;
    else return undefined;
  }
}
