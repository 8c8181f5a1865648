import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { isPithError, PithError } from '../errors.js';
import { VERSION } from '../version.js';
import { contentCodings, MAX_CONTENT_CODINGS, mimeEssence } from './content-type.js';
import { isPrivateAddress } from './ip.js';

/** Options of {@link fetchPage}. */
export interface FetchOptions {
  /** Time budget for the whole fetch, redirects and body included, in ms (default 15,000). */
  timeoutMs?: number;
  /** Largest accepted body, in bytes, both as received and after Content-Encoding (default 10 MiB). */
  maxBytes?: number;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** Allow private, loopback, link-local and other non-public addresses (default false). */
  allowPrivate?: boolean;
  /**
   * The address policy, replacing the default (`!isPrivateAddress(ip)`, or "everything" with
   * `allowPrivate`). Called for every address a host resolves to and for literal IP hosts, on every
   * hop. Meant for tests and for deployments with their own allow-list.
   */
  isAddressAllowed?: (address: string) => boolean;
  /** The User-Agent header (default `pith/<version> (+https://github.com/pith)`). */
  userAgent?: string;
  /**
   * Acceptable media types ('type/subtype', 'type/*' or '*' + '/*'), sent as the Accept header and
   * enforced on the response. A response without a usable Content-Type is accepted.
   */
  accept?: readonly string[];
  /** Replaces `dns.lookup` (same signature); every address it returns is checked against the policy. */
  lookup?: LookupFunction;
  /**
   * Conditional-request validators (`If-None-Match`, `If-Modified-Since`), sent on every hop. A 304
   * answer is then a page with status 304 and no bytes.
   */
  conditional?: { etag?: string; lastModified?: string };
}

/**
 * A non-2xx answer: FETCH_BAD_STATUS with the status and, for 429 and 503, the wait the server
 * asked for (`Retry-After`), so that a polite caller can retry.
 */
export class FetchStatusError extends PithError {
  readonly status: number;
  /** Milliseconds from now, when the response had a valid Retry-After. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, status: number, retryAfterMs: number | undefined) {
    super('FETCH_BAD_STATUS', message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * FETCH_BLOCKED for a host the address policy refuses: a literal address, or a name that resolves
 * to one. For a name, the message says only "resolves to a private or reserved address": a
 * service passes fetch errors on to its clients, and naming the address would map the internal
 * network for them (the service logs it; the CLI, on its user's own machine, prints it).
 */
export class FetchBlockedError extends PithError {
  /** The URL's host: a name, or the address itself. */
  readonly host: string;
  /** The first refused address: for logs, never for a remote client. */
  readonly address: string;
  constructor(url: string, host: string, address: string) {
    // A literal address is the URL's own: naming it tells the client nothing new.
    const why =
      host === address ? 'is a private or reserved address' : 'resolves to a private or reserved address';
    super('FETCH_BLOCKED', `${url}: ${host} ${why}`);
    this.host = host;
    this.address = address;
  }
}

/**
 * FETCH_FAILED for a host name that did not resolve: one message whatever the resolver said, so
 * that a service client cannot tell a missing name (ENOTFOUND) from one that exists without an
 * address (ENODATA, no address) or a failing server. The resolver's own error is the `cause`.
 */
export class FetchUnresolvedError extends PithError {
  /** The host name that did not resolve. */
  readonly host: string;
  /** The resolver's code (ENOTFOUND, EAI_AGAIN…; '' for an empty answer): for logs and the CLI. */
  readonly resolverCode: string;
  constructor(url: string, host: string, cause: unknown) {
    super('FETCH_FAILED', `${url}: ${host} could not be resolved`, { cause });
    this.host = host;
    const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : '';
    this.resolverCode = typeof code === 'string' ? code : '';
  }
}

/** `Retry-After`: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A fetched page: the final URL after redirects and the raw (decompressed) body bytes. */
export interface FetchedPage {
  /** The URL the body came from, after redirects. */
  url: string;
  /** Final HTTP status (2xx; 304 for a conditional request whose page has not changed). */
  status: number;
  /** Response headers, lower-cased names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The Content-Type header, if any (its charset is what `decodeHtml` wants as `contentType`). */
  contentType: string | undefined;
  /** The body, Content-Encoding (gzip, deflate, br) already undone. */
  bytes: Uint8Array;
  /** Every URL a redirect led to, in order (the last one is `url`); empty without redirects. */
  redirects: string[];
}

export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
export const DEFAULT_FETCH_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = `pith/${VERSION} (+https://github.com/pith)`;
export const DEFAULT_ACCEPT: readonly string[] = [
  'text/html',
  'application/xhtml+xml',
  'application/xml',
  'text/xml',
  'text/plain',
  'application/rss+xml',
  'application/atom+xml',
];

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface Settings {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  accept: readonly string[];
  allowed: (address: string) => boolean;
  lookup: LookupFunction;
  signal: AbortSignal;
  conditional: { etag?: string; lastModified?: string } | undefined;
}

/**
 * Fetches a web page safely with node:http/node:https, for untrusted URLs.
 *
 * - Refuses private, loopback, link-local, unique-local, CGNAT, multicast, metadata and other
 *   non-public addresses (see {@link isPrivateAddress}) unless `allowPrivate`. The check runs inside
 *   the `lookup` handed to the socket, on the very addresses it connects to (no gap between check and
 *   connect, so DNS rebinding cannot slip through), on literal IP hosts (after WHATWG URL parsing has
 *   normalised forms like `http://2130706433/` and `http://0x7f.1/`), and again on every redirect hop.
 * - Follows at most `maxRedirects` redirects itself, http and https only; total time (decoding
 *   included), body size (before and after each Content-Encoding), the codings chained (at most
 *   {@link MAX_CONTENT_CODINGS}) and media type are bounded.
 *
 * Every failure is a PithError with a one-line message naming the URL: FETCH_BLOCKED, FETCH_TIMEOUT,
 * FETCH_TOO_LARGE, FETCH_TOO_MANY_REDIRECTS, FETCH_TOO_MANY_ENCODINGS, FETCH_BAD_STATUS,
 * FETCH_BAD_CONTENT_TYPE or FETCH_FAILED.
 */
export async function fetchPage(url: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const controller = new AbortController();
  const settings = settingsOf(options, controller.signal);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  let current = url;
  try {
    const redirects: string[] = [];
    for (;;) {
      const target = parseTarget(current);
      const hop = await fetchOnce(target, settings);
      if (hop.kind === 'page') return { ...hop.page, redirects };
      if (redirects.length >= settings.maxRedirects) {
        throw new PithError(
          'FETCH_TOO_MANY_REDIRECTS',
          `${url}: more than ${settings.maxRedirects} redirects`,
        );
      }
      current = hop.location;
      redirects.push(hop.location);
    }
  } catch (error) {
    if (timedOut) {
      throw new PithError(
        'FETCH_TIMEOUT',
        `${current}: no complete response within ${settings.timeoutMs} ms`,
      );
    }
    throw asFetchError(error, current);
  } finally {
    clearTimeout(timer);
  }
}

function settingsOf(options: FetchOptions, signal: AbortSignal): Settings {
  const allowed =
    options.isAddressAllowed ?? (options.allowPrivate ? () => true : (ip: string) => !isPrivateAddress(ip));
  return {
    timeoutMs: integerOption('timeoutMs', options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, 1),
    maxBytes: integerOption('maxBytes', options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES, 0),
    maxRedirects: integerOption('maxRedirects', options.maxRedirects ?? DEFAULT_MAX_REDIRECTS, 0),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    accept: options.accept ?? DEFAULT_ACCEPT,
    allowed,
    lookup: options.lookup ?? (dnsLookup as LookupFunction),
    signal,
    conditional: options.conditional,
  };
}

function integerOption(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new PithError('BAD_OPTION', `${name} must be an integer ≥ ${min}, got ${value}`);
  }
  return value;
}

function asFetchError(error: unknown, url: string): PithError {
  if (isPithError(error)) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  return new PithError(
    'FETCH_FAILED',
    `${url}: ${code && !message.includes(code) ? `${code} ` : ''}${message}`,
    {
      cause: error,
    },
  );
}

/** Parses one hop's URL (WHATWG parsing normalises hosts like `0x7f.1`); http and https only. */
function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PithError('FETCH_FAILED', `${url}: not a valid absolute URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new PithError(
      'FETCH_BLOCKED',
      `${url}: unsupported scheme '${parsed.protocol.slice(0, -1)}' (only http and https URLs are fetched)`,
    );
  }
  return parsed;
}

type Hop = { kind: 'page'; page: Omit<FetchedPage, 'redirects'> } | { kind: 'redirect'; location: string };

/** One request: connects through the guarded lookup, then classifies the response. */
async function fetchOnce(target: URL, settings: Settings): Promise<Hop> {
  const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  if (isIP(host) !== 0 && !settings.allowed(host)) {
    throw new FetchBlockedError(target.href, host, host);
  }
  const response = await sendRequest(target, host, settings);
  try {
    return await readResponse(response, target, settings);
  } finally {
    response.destroy();
  }
}

function sendRequest(target: URL, host: string, settings: Settings): Promise<IncomingMessage> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request({
      protocol: target.protocol,
      hostname: host,
      port: target.port === '' ? undefined : Number(target.port),
      path: `${target.pathname}${target.search}`,
      method: 'GET',
      headers: {
        'user-agent': settings.userAgent,
        accept: settings.accept.join(', '),
        'accept-encoding': 'gzip, deflate, br',
        ...(settings.conditional?.etag ? { 'if-none-match': settings.conditional.etag } : {}),
        ...(settings.conditional?.lastModified
          ? { 'if-modified-since': settings.conditional.lastModified }
          : {}),
      },
      auth:
        target.username === ''
          ? undefined
          : `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`,
      agent: false,
      lookup: guardedLookup(target.href, settings),
      signal: settings.signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/**
 * Wraps the resolver so that the socket only ever connects to addresses the policy allows: it asks
 * for all addresses, refuses the host if any of them is disallowed, and answers in whichever form
 * (single or `all`) the socket asked for.
 */
function guardedLookup(url: string, settings: Settings): LookupFunction {
  return (hostname, options, callback) => {
    settings.lookup(hostname, { ...options, all: true }, (error, result, family) => {
      const addresses = error ? [] : toAddressList(result, family);
      if (addresses.length === 0) {
        callback(new FetchUnresolvedError(url, hostname, error) as NodeJS.ErrnoException, '', undefined);
        return;
      }
      const refused = addresses.find((entry) => !settings.allowed(entry.address));
      if (refused !== undefined) {
        callback(
          new FetchBlockedError(url, hostname, refused.address) as NodeJS.ErrnoException,
          '',
          undefined,
        );
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function toAddressList(result: string | LookupAddress[], family: number | undefined): LookupAddress[] {
  if (Array.isArray(result)) return result;
  return [{ address: result, family: family ?? (isIP(result) === 6 ? 6 : 4) }];
}

async function readResponse(response: IncomingMessage, target: URL, settings: Settings): Promise<Hop> {
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (REDIRECT_STATUSES.has(status) && location !== undefined) {
    return { kind: 'redirect', location: resolveLocation(location, target) };
  }
  if (status === 304 && settings.conditional) {
    const headers = flattenHeaders(response.headers);
    return {
      kind: 'page',
      page: { url: target.href, status, headers, contentType: undefined, bytes: new Uint8Array(0) },
    };
  }
  if (status < 200 || status > 299) {
    throw new FetchStatusError(
      `${target.href}: HTTP ${status} ${response.statusMessage ?? ''}`.trim(),
      status,
      retryAfterMs(response.headers['retry-after']),
    );
  }
  const contentType = response.headers['content-type'];
  checkContentType(contentType, target, settings.accept);
  checkContentLength(response.headers['content-length'], target, settings.maxBytes);
  const bytes = await readBody(response, target, settings);
  return {
    kind: 'page',
    page: { url: target.href, status, headers: flattenHeaders(response.headers), contentType, bytes },
  };
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new PithError(
      'FETCH_FAILED',
      `${base.href}: redirect to an invalid URL (${location.slice(0, 200)})`,
    );
  }
}

function checkContentType(contentType: string | undefined, target: URL, accept: readonly string[]): void {
  const essence = mimeEssence(contentType ?? '');
  if (essence === '' || accept.some((pattern) => mediaTypeMatches(pattern, essence))) return;
  throw new PithError('FETCH_BAD_CONTENT_TYPE', `${target.href}: content type ${essence} is not accepted`);
}

function mediaTypeMatches(pattern: string, essence: string): boolean {
  const wanted = mimeEssence(pattern) || pattern.trim().toLowerCase();
  if (wanted === '*/*' || wanted === essence) return true;
  return wanted.endsWith('/*') && essence.startsWith(wanted.slice(0, -1));
}

function checkContentLength(header: string | undefined, target: URL, maxBytes: number): void {
  if (header !== undefined && Number(header) > maxBytes) {
    throw new PithError(
      'FETCH_TOO_LARGE',
      `${target.href}: Content-Length ${header} is over the limit of ${maxBytes} bytes`,
    );
  }
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  // No prototype: a header named __proto__ or constructor is a header like any other.
  const flat: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Reads the body, undoing Content-Encoding, bounded by `maxBytes` before and after decoding. */
async function readBody(response: IncomingMessage, target: URL, settings: Settings): Promise<Uint8Array> {
  const codings = codingsToUndo(response.headers['content-encoding'], target);
  const { maxBytes } = settings;
  const tooLarge = () =>
    new PithError('FETCH_TOO_LARGE', `${target.href}: body is over the limit of ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of undoContentCodings(response, codings, {
    maxBytes,
    tooLarge,
    signal: settings.signal,
  })) {
    chunks.push(chunk);
    total += chunk.length;
  }
  return Buffer.concat(chunks, total);
}

type Coding = 'gzip' | 'deflate' | 'br';

/** The codings to undo, in order; at most {@link MAX_CONTENT_CODINGS}, each one pith can undo. */
function codingsToUndo(header: string | undefined, target: URL): Coding[] {
  const codings = contentCodings(header);
  if (codings.length > MAX_CONTENT_CODINGS) {
    throw new PithError(
      'FETCH_TOO_MANY_ENCODINGS',
      `${target.href}: ${codings.length} chained Content-Encodings (at most ${MAX_CONTENT_CODINGS} are undone)`,
    );
  }
  for (const coding of codings) {
    if (coding !== 'gzip' && coding !== 'deflate' && coding !== 'br')
      throw new PithError('FETCH_FAILED', `${target.href}: unsupported Content-Encoding ${coding}`);
  }
  return codings as Coding[];
}

export interface DecodingLimits {
  /** Largest body, before and after every coding. */
  maxBytes: number;
  tooLarge: () => PithError;
  /**
   * The fetch's deadline: once aborted, decoding stops at the next chunk of any layer and its
   * streams are destroyed. (A socket that has delivered the whole body is past caring about its
   * own abort: the decoders still hold the bytes.)
   */
  signal: AbortSignal;
}

/**
 * The body's bytes with `codings` undone in order, bounded by `maxBytes` before and after each
 * coding, and stopped by `signal` inside decoding (exported for tests).
 */
export function undoContentCodings(
  body: AsyncIterable<Uint8Array>,
  codings: readonly Coding[],
  limits: DecodingLimits,
): AsyncIterable<Uint8Array> {
  let decoded = limitBytes(body, limits);
  for (const coding of codings) decoded = limitBytes(decodeContent(decoded, coding, limits.signal), limits);
  return decoded;
}

async function* limitBytes(
  chunks: AsyncIterable<Uint8Array>,
  limits: DecodingLimits,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of chunks) {
    limits.signal.throwIfAborted();
    total += chunk.length;
    if (total > limits.maxBytes) throw limits.tooLarge();
    yield chunk;
  }
}

/**
 * Streams `source` through a decompressor, pulling only as much as the consumer reads, so a
 * decompression bomb stops at the size limit. Truncated streams yield what they decoded (as
 * browsers do). 'deflate' accepts both zlib-wrapped and raw deflate data, as browsers do. An abort
 * of `signal` destroys the decompressor at once.
 */
async function* decodeContent(
  source: AsyncIterable<Uint8Array>,
  coding: Coding,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const decoder = decompressor(coding, first.value);
  const stop = () => decoder.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  signal.addEventListener('abort', stop, { once: true });
  const feeding = pipeline(prepend(first.value, iterator), decoder);
  feeding.catch(() => undefined); // failures surface through `decoder`
  try {
    for await (const chunk of decoder) {
      signal.throwIfAborted();
      yield chunk as Uint8Array;
    }
    await feeding;
  } finally {
    signal.removeEventListener('abort', stop);
    decoder.destroy();
  }
}

function decompressor(coding: Coding, firstChunk: Uint8Array): Transform {
  const zlibOptions = { finishFlush: constants.Z_SYNC_FLUSH };
  if (coding === 'gzip') return createGunzip(zlibOptions);
  if (coding === 'br') return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
  return isZlibHeader(firstChunk) ? createInflate(zlibOptions) : createInflateRaw(zlibOptions);
}

/** RFC 1950 header: compression method 8 and a header checksum divisible by 31. */
function isZlibHeader(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && (bytes[0] & 0x0f) === 8 && ((bytes[0] << 8) | bytes[1]) % 31 === 0;
}

async function* prepend(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield first;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}
