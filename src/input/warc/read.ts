/**
 * `readArchive`: the pages of a WARC or ARC file (plain, gzipped per record, or gzipped whole),
 * streamed: the file is read in chunks, one gzip member and one record at a time; what is not a
 * page is counted by reason and its body never kept.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { mimeEssence } from '../content-type.js';
import { ByteReader } from './bytes.js';
import { gunzipMembers, startsGzip } from './gzip.js';
import { type HttpBodyEncoding, parseHttpResponseHead } from './http.js';
import { type ArchiveRecord, RecordParser, type RecordPosition } from './records.js';

/** An HTML page found in an archive: the body as sent, still to decode (`decodeHttpBody`). */
export interface ArchivePage {
  kind: 'page';
  position: RecordPosition;
  format: 'warc' | 'arc';
  /** `response`, `resource` or `conversion`. */
  recordType: string;
  url?: string;
  /** WARC-Record-ID. */
  id?: string;
  /** WARC-Date (ISO 8601). */
  date?: string;
  /** The HTTP status (absent for resource and conversion records). */
  status?: number;
  /** The page's Content-Type (HTTP's, or the record's for resource/conversion). */
  contentType?: string;
  /** The body as archived: maybe chunked, maybe compressed. */
  body: Uint8Array;
  encoding: HttpBodyEncoding;
  /**
   * The archive says the payload was cut (WARC-Truncated: `length`, `time`…), or the record is
   * shorter than its Content-Length: `end-of-archive` (the file ends inside it), `end-of-member`
   * (its gzip member does: the length was wrong).
   */
  truncated?: string;
}

/** Why a record is not a page. */
export type SkipReason =
  | 'warcinfo'
  | 'request'
  | 'metadata'
  | 'revisit'
  | 'other-record'
  | 'not-html'
  | 'http-1xx'
  | 'http-3xx'
  | 'http-4xx'
  | 'http-5xx'
  | 'bad-http'
  | 'too-large'
  | 'truncated'
  | 'corrupt';

export const SKIP_REASONS: readonly SkipReason[] = [
  'warcinfo',
  'request',
  'metadata',
  'revisit',
  'other-record',
  'not-html',
  'http-1xx',
  'http-3xx',
  'http-4xx',
  'http-5xx',
  'bad-http',
  'too-large',
  'truncated',
  'corrupt',
];

export interface ArchiveSkip {
  kind: 'skip';
  reason: SkipReason;
  position: RecordPosition;
  url?: string;
  /** What went wrong, for `corrupt`, `truncated` and `bad-http`. */
  detail?: string;
}

export type ArchiveItem = ArchivePage | ArchiveSkip;

export interface ReadArchiveOptions {
  /** Record blocks larger than this are skipped as `too-large` (default 32 MiB). */
  maxRecordBytes?: number;
  /** Where to start (a position from an earlier run): the file is read from there. */
  start?: RecordPosition;
  /**
   * Where to stop: records (and faults) whose position's offset is at or past this are not read (a
   * byte range's end, from `archiveRanges`).
   */
  end?: number;
  /** Bytes per read (default 1 MiB). */
  chunkBytes?: number;
}

export const DEFAULT_MAX_RECORD_BYTES = 32 * 1024 * 1024;
/** How far the start of an archive is looked at to tell gzip from plain when it starts damaged. */
const DETECT_BYTES = 1024 * 1024;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PAGE_RECORD_TYPES = new Set(['response', 'resource', 'conversion']);

/**
 * Yields every page and every skipped record of an archive, in file order. `source` is a path, or
 * a stream of bytes (standard input: `start` is then reached by reading through, not seeking).
 * Never throws for what is in the file: bytes that cannot be read are `corrupt` skips.
 */
export async function* readArchive(
  source: string | AsyncIterable<Uint8Array>,
  options: ReadArchiveOptions = {},
): AsyncGenerator<ArchiveItem> {
  const end = options.end ?? Number.POSITIVE_INFINITY;
  for await (const item of readItems(source, options)) {
    if (item.position.offset < end) {
      yield item;
      continue;
    }
    // Items come in file order, but a gzip member's fault can follow the bytes skipped inside it:
    // only a record past the end ends the reading.
    if (item.kind === 'page' || (item.reason !== 'corrupt' && item.reason !== 'truncated')) return;
  }
}

async function* readItems(
  source: string | AsyncIterable<Uint8Array>,
  options: ReadArchiveOptions,
): AsyncGenerator<ArchiveItem> {
  const maxRecordBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const start = options.start ?? { offset: 0, skip: 0 };
  const chunkBytes = options.chunkBytes ?? 1024 * 1024;
  const stream =
    typeof source === 'string'
      ? createReadStream(source, { start: start.offset, highWaterMark: chunkBytes })
      : source;
  const reader = new ByteReader(stream, typeof source === 'string' ? start.offset : 0);
  try {
    if (typeof source !== 'string') await reader.skip(start.offset);
    const compressed = isGzipped(await reader.peek(DETECT_BYTES));
    const parser = new RecordParser({
      maxBodyBytes: maxRecordBytes,
      compressed,
      ...(typeof source === 'string' && !compressed ? { inputEnd: (await stat(source)).size } : {}),
      keepBody: (record) => PAGE_RECORD_TYPES.has(record.type),
    });
    let toSkip = start.skip;
    const drain = function* (): Generator<ArchiveItem> {
      for (const item of parser.items.splice(0)) {
        if (item.kind === 'record') {
          yield classify(item.record);
          continue;
        }
        const { fault } = item;
        yield {
          kind: 'skip',
          reason: fault.cut ? 'truncated' : 'corrupt',
          position: fault.position,
          detail: fault.cut
            ? `record header cut off after ${fault.bytes} bytes`
            : `${fault.bytes} bytes without a record header`,
        };
      }
    };
    if (!compressed) {
      for (let chunk = await reader.next(); chunk !== undefined; chunk = await reader.next()) {
        parser.push(chunk, 0, reader.position - chunk.length);
        yield* drain();
      }
    } else {
      for await (const event of gunzipMembers(reader)) {
        if ('fault' in event) {
          yield {
            kind: 'skip',
            reason: event.fault === 'truncated' ? 'truncated' : 'corrupt',
            position: { offset: event.offset, skip: 0 },
            detail: event.message,
          };
        } else if ('end' in event) {
          parser.memberEnd(event.outcome);
        } else {
          let { bytes, at } = event;
          // Resuming inside a member: the bytes before the record were done already.
          if (toSkip > 0) {
            const dropped = Math.min(toSkip, bytes.length);
            toSkip -= dropped;
            bytes = bytes.subarray(dropped);
            at += dropped;
            if (bytes.length === 0) continue;
          }
          parser.push(bytes, event.member, at);
        }
        yield* drain();
      }
    }
    parser.finish();
    yield* drain();
  } finally {
    await reader.close();
  }
}

/**
 * Gzipped when it starts with a gzip member; when it starts with neither a member nor a record
 * (damage at its start: a flipped magic byte, garbage), when a member comes before any record
 * header in its first bytes.
 */
function isGzipped(head: Uint8Array): boolean {
  if (startsGzip(head)) return true;
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  const start = bytes.subarray(0, 64).toString('latin1').trimStart();
  if (start.startsWith('WARC/') || start.startsWith('filedesc:')) return false;
  let magic = bytes.indexOf(GZIP_MAGIC);
  while (magic >= 0 && !startsGzip(bytes, magic)) magic = bytes.indexOf(GZIP_MAGIC, magic + 1);
  if (magic < 0) return false;
  const firstRecord = (marker: string) => {
    const at = bytes.indexOf(marker);
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  };
  const record = Math.min(firstRecord('WARC/'), firstRecord('filedesc:'));
  return magic < record;
}

/** A record is a page, or a skip with its reason. */
function classify(record: ArchiveRecord): ArchiveItem {
  const skip = (reason: SkipReason, detail?: string): ArchiveSkip => ({
    kind: 'skip',
    reason,
    position: record.position,
    ...(record.url === undefined ? {} : { url: record.url }),
    ...(detail === undefined ? {} : { detail }),
  });
  // A record shorter than its Content-Length says so, whatever it is: the damage is counted.
  const cutDetail = record.truncated && `Content-Length ${record.length}, ${record.truncated}`;
  if (!PAGE_RECORD_TYPES.has(record.type)) {
    if (cutDetail) return skip('truncated', cutDetail);
    if (record.type === 'warcinfo' || record.type === 'filedesc') return skip('warcinfo');
    if (record.type === 'request' || record.type === 'metadata' || record.type === 'revisit') {
      return skip(record.type);
    }
    return skip('other-record');
  }
  // Not kept, and not even whole: what it was is unknown (its length may be the lie).
  if (record.tooLarge) return cutDetail ? skip('truncated', cutDetail) : skip('too-large');
  const block = record.body ?? new Uint8Array(0);
  // A page cut short is still worth extracting, as Common Crawl's 1 MiB cuts are; it says so.
  if (cutDetail && block.length === 0) return skip('truncated', cutDetail);
  const cut = record.truncated ?? record.headers.get('warc-truncated');
  const base = {
    kind: 'page' as const,
    position: record.position,
    format: record.format,
    recordType: record.type,
    ...(record.url === undefined ? {} : { url: record.url }),
    ...(record.id === undefined ? {} : { id: record.id }),
    ...(record.date === undefined ? {} : { date: record.date }),
    ...(cut === undefined ? {} : { truncated: cut }),
  };
  const isHttp =
    record.format === 'warc'
      ? record.type === 'response' && /^application\/http\b/i.test(record.contentType ?? 'application/http')
      : /^https?:/i.test(record.url ?? '');
  if (!isHttp) {
    if (record.type === 'response' && record.format === 'warc' && !/^https?:/i.test(record.url ?? '')) {
      return skip('other-record');
    }
    if (!isHtml(record.contentType, block)) return skip('not-html');
    return {
      ...base,
      ...(record.contentType ? { contentType: record.contentType } : {}),
      body: block,
      encoding: {},
    };
  }
  const head = parseHttpResponseHead(block);
  if (!head) return skip('bad-http', 'no HTTP status line and headers');
  if (head.status < 200 || head.status > 299) {
    const bucket = Math.floor(head.status / 100);
    if (bucket === 1) return skip('http-1xx');
    if (bucket === 3) return skip('http-3xx');
    if (bucket === 4) return skip('http-4xx');
    if (bucket === 5) return skip('http-5xx');
    return skip('bad-http', `HTTP status ${head.status}`);
  }
  const body = block.subarray(head.bodyStart);
  const contentType = head.headers['content-type'];
  const encoding: HttpBodyEncoding = {
    ...(head.headers['transfer-encoding'] ? { transferEncoding: head.headers['transfer-encoding'] } : {}),
    ...(head.headers['content-encoding'] ? { contentEncoding: head.headers['content-encoding'] } : {}),
  };
  const declared = contentType ?? record.headers.get('warc-identified-payload-type');
  if (!isHtml(declared, encoding.contentEncoding || encoding.transferEncoding ? undefined : body)) {
    return skip('not-html');
  }
  return {
    ...base,
    status: head.status,
    ...(contentType ? { contentType } : {}),
    body,
    encoding,
  };
}

/**
 * An HTML media type; without one, the first bytes are sniffed (a tag or doctype). Bytes that
 * cannot be sniffed (compressed) with no type are taken as a page: the extractor decides.
 */
function isHtml(contentType: string | undefined, body: Uint8Array | undefined): boolean {
  const essence = mimeEssence(contentType ?? '');
  if (essence !== '') return HTML_TYPES.has(essence);
  if (body === undefined) return true;
  const start = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, 1024))
    .toString('latin1')
    .trimStart()
    .slice(0, 64)
    .toLowerCase();
  return /^(?:\ufeff|ï»¿)?<(?:!doctype html|html|head|body|!--|meta|title)/.test(start);
}
