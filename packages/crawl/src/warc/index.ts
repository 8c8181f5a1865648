/**
 * input/warc: web archives in, pages out. WARC 1.0/1.1 and ARC files, plain, gzipped per record
 * (Common Crawl) or gzipped whole, streamed; see docs/decisions.md ("WARC reading") for why this
 * reader and not warcio.
 *
 * - {@link readArchive}: every page (HTML response/resource/conversion record) and every skipped
 *   record with its reason, in file order, with positions to resume from;
 * - {@link decodeHttpBody}: a page's body as sent → its bytes (chunked, gzip, deflate, br undone);
 * - {@link archiveRanges}: byte ranges of an archive that start at records, for jobs of a part each.
 */
export { dechunk, decodeHttpBody, type HttpBodyEncoding, parseHttpResponseHead } from './http.js';
export { archiveRanges, type ByteRange, rangeStartAtOrAfter, startsRange } from './ranges.js';
export {
  type ArchiveItem,
  type ArchivePage,
  type ArchiveSkip,
  DEFAULT_MAX_RECORD_BYTES,
  type ReadArchiveOptions,
  readArchive,
  SKIP_REASONS,
  type SkipReason,
} from './read.js';
export type { RecordPosition } from './records.js';
