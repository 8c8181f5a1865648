/**
 * Writes WARC 1.1 records, for the tests and the benchmark archives (pith reads archives; only its
 * test tools write them). Layout as Common Crawl's: per page a request, a response and a metadata
 * record; one gzip member per record, or the whole file gzipped, or plain.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export type ArchiveCompression = 'record' | 'file' | 'none';

export interface WarcRecordSpec {
  type: 'warcinfo' | 'request' | 'response' | 'metadata' | 'resource' | 'revisit' | 'conversion';
  url?: string;
  date?: string;
  contentType: string;
  block: Uint8Array;
  id?: string;
  extra?: Record<string, string>;
}

/** One record's bytes: header, block, blank line. */
export function warcRecord(spec: WarcRecordSpec): Buffer {
  const lines = [
    'WARC/1.1',
    `WARC-Type: ${spec.type}`,
    `WARC-Record-ID: <urn:uuid:${spec.id ?? randomUUID()}>`,
    `WARC-Date: ${spec.date ?? '2024-05-01T00:00:00Z'}`,
    ...(spec.url ? [`WARC-Target-URI: ${spec.url}`] : []),
    ...Object.entries(spec.extra ?? {}).map(([name, value]) => `${name}: ${value}`),
    `Content-Type: ${spec.contentType}`,
    `Content-Length: ${spec.block.length}`,
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), spec.block, Buffer.from('\r\n\r\n')]);
}

export interface HttpResponseSpec {
  status?: number;
  headers?: Record<string, string>;
  body: Uint8Array;
}

/** An HTTP/1.1 response message (the block of a `response` record). */
export function httpResponse(spec: HttpResponseSpec): Buffer {
  const status = spec.status ?? 200;
  const head = [`HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Status'}`];
  for (const [name, value] of Object.entries(spec.headers ?? {})) head.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), spec.body]);
}

/** The records of one fetched page, as Common Crawl writes them. */
export function pageRecords(
  url: string,
  html: Uint8Array,
  options: { encoding?: 'gzip' | 'chunked' } = {},
): Buffer[] {
  const headers: Record<string, string> = { 'Content-Type': 'text/html', Server: 'pith-test' };
  let body: Uint8Array = html;
  if (options.encoding === 'gzip') {
    body = gzipSync(html);
    headers['Content-Encoding'] = 'gzip';
  } else if (options.encoding === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; at < html.length; at += 8192) {
      const piece = html.subarray(at, at + 8192);
      parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), Buffer.from(piece), Buffer.from('\r\n'));
    }
    parts.push(Buffer.from('0\r\n\r\n'));
    body = Buffer.concat(parts);
    headers['Transfer-Encoding'] = 'chunked';
  }
  if (!options.encoding || options.encoding === 'gzip') headers['Content-Length'] = String(body.length);
  const host = new URL(url).host;
  const request = Buffer.from(
    `GET ${new URL(url).pathname} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: pith-test\r\n\r\n`,
  );
  return [
    warcRecord({ type: 'request', url, contentType: 'application/http; msgtype=request', block: request }),
    warcRecord({
      type: 'response',
      url,
      contentType: 'application/http; msgtype=response',
      block: httpResponse({ headers, body }),
    }),
    warcRecord({
      type: 'metadata',
      url,
      contentType: 'application/warc-fields',
      block: Buffer.from('fetchTimeMs: 120\r\ncharset-detected: UTF-8\r\n'),
    }),
  ];
}

export function warcinfo(software: string): Buffer {
  return warcRecord({
    type: 'warcinfo',
    contentType: 'application/warc-fields',
    block: Buffer.from(`software: ${software}\r\nformat: WARC File Format 1.1\r\n`),
  });
}

/** Records → file bytes: one gzip member per record, one for the whole, or none. */
export function compress(records: readonly Buffer[], compression: ArchiveCompression): Buffer[] {
  if (compression === 'none') return [...records];
  if (compression === 'record') return records.map((record) => gzipSync(record));
  return [gzipSync(Buffer.concat(records))];
}
