import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { isPithError, PithError } from '../errors.js';
import { DEFAULT_MAX_INPUT_BYTES } from './decode.js';

export { DEFAULT_MAX_INPUT_BYTES };

/** Options of {@link readInputFile}, {@link readInputFileSync} and {@link readInputStream}. */
export interface ReadInputOptions {
  /** Largest accepted input, in bytes, counted after gunzip; over it → PithError('INPUT_TOO_LARGE'). */
  maxBytes?: number;
}

const READ_CHUNK = 64 * 1024;

/**
 * Reads a file's bytes, gunzipping transparently when it starts with the gzip magic bytes (WCXB
 * ships its pages as .html.gz). Both the file and the decompressed data are bounded by `maxBytes`
 * (default 32 MiB): decompression is streamed and stops as soon as the limit is passed, so a gzip
 * bomb costs at most `maxBytes` of memory. Fails with PithError 'INPUT_TOO_LARGE' or 'READ_FAILED'.
 */
export async function readInputFile(path: string, options: ReadInputOptions = {}): Promise<Uint8Array> {
  return readInputStream(createReadStream(path, { highWaterMark: READ_CHUNK }), { ...options, name: path });
}

/**
 * Reads a whole byte stream (a file stream, `process.stdin`, an HTTP body…) with the same transparent
 * gunzip and limits as {@link readInputFile}. `name` only appears in error messages.
 */
export async function readInputStream(
  source: AsyncIterable<Uint8Array>,
  options: ReadInputOptions & { name?: string } = {},
): Promise<Uint8Array> {
  const limit = maxBytesOf(options);
  const name = options.name ?? 'input';
  try {
    const { head, rest } = await peek(source, 3);
    const all = prepend(head, rest);
    if (!isGzip(head)) return await collect(all, limit, name);
    let output: Uint8Array = new Uint8Array(0);
    await pipeline(limitBytes(all, compressedLimit(limit), name), createGunzip(), async (inflated) => {
      output = await collect(inflated, limit, name, 'decompressed ');
    });
    return output;
  } catch (error) {
    throw asReadError(error, name);
  }
}

/** Synchronous {@link readInputFile}: same gunzip, same limits, same errors. */
export function readInputFileSync(path: string, options: ReadInputOptions = {}): Uint8Array {
  const limit = maxBytesOf(options);
  let raw: Uint8Array;
  try {
    raw = readFileBoundedSync(path, compressedLimit(limit));
  } catch (error) {
    throw asReadError(error, path);
  }
  if (!isGzip(raw)) {
    if (raw.length > limit) throw tooLarge(path, limit);
    return raw;
  }
  try {
    return gunzipSync(raw, { maxOutputLength: limit });
  } catch (error) {
    if (errorCode(error) === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(path, limit, 'decompressed ');
    throw asReadError(error, path);
  }
}

function maxBytesOf(options: ReadInputOptions): number {
  const limit = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new PithError('BAD_OPTION', `maxBytes must be a non-negative integer, got ${limit}`);
  }
  return limit;
}

/** Deflate can grow incompressible data a little (5 bytes per 64 KiB block plus the gzip frame). */
function compressedLimit(limit: number): number {
  return limit + Math.ceil(limit / 8192) + 1024;
}

/** True for the gzip magic 1F 8B followed by compression method 8 (deflate). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
}

function tooLarge(name: string, limit: number, what = ''): PithError {
  return new PithError('INPUT_TOO_LARGE', `${name}: ${what}input is larger than the limit of ${limit} bytes`);
}

function asReadError(error: unknown, name: string): PithError {
  if (isPithError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new PithError('READ_FAILED', `cannot read ${name}: ${message}`, { cause: error });
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Reads at most `limit + 1` bytes, enough to tell "fits" from "too large" without reading more. */
function readFileBoundedSync(path: string, limit: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK, limit + 1 - total));
      const n = chunk.length === 0 ? 0 : readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > limit) break;
    }
    if (total > limit) throw tooLarge(path, limit);
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

async function peek(
  source: AsyncIterable<Uint8Array>,
  bytes: number,
): Promise<{ head: Uint8Array; rest: AsyncIterator<Uint8Array> }> {
  const rest = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < bytes) {
    const next = await rest.next();
    if (next.done) break;
    chunks.push(next.value);
    total += next.value.length;
  }
  return { head: Buffer.concat(chunks, total), rest };
}

async function* prepend(head: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    if (head.length > 0) yield head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

async function* limitBytes(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  name: string,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limit) throw tooLarge(name, limit);
    yield chunk;
  }
}

/** Concatenates chunks, failing as soon as their total passes `limit`. */
async function collect(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  name: string,
  what = '',
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limit) throw tooLarge(name, limit, what);
    parts.push(chunk);
  }
  return Buffer.concat(parts, total);
}
