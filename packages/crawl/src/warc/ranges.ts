/**
 * Byte ranges of one archive, for jobs that each read a part of it. A range starts where a reader
 * can start: at a record (plain WARC/ARC) or at the gzip member a record starts (gzipped per
 * record, as Common Crawl writes). A record belongs to the range its position's offset is in, so
 * the ranges' records together are the file's records, each once (`readArchive` with `start` and
 * `end`). A file gzipped whole is one member that can only be read from its start: one range.
 *
 * Finding the starts reads the file once (inflating it when gzipped): a deflate stream says where
 * it ends only to the one who decodes it, and a start guessed by scanning for a gzip or `WARC/`
 * header could be bytes inside a hostile page.
 */
import { stat } from 'node:fs/promises';
import { type ArchiveItem, readArchive } from './read.js';
import type { RecordPosition } from './records.js';

/** Bytes `[start, end)` of an archive; `end` is the file's size for the last range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Ranges of about `bytes` bytes each: each cut is the first place a record can be read from at or
 * after a multiple of `bytes`.
 */
export async function archiveRanges(file: string, bytes: number): Promise<ByteRange[]> {
  const { size } = await stat(file);
  const starts = [0];
  let target = bytes;
  // Nothing is extracted: page bodies are read (kept up to the limit) and dropped.
  for await (const item of readArchive(file, { maxRecordBytes: 0 })) {
    const { offset } = item.position;
    if (offset < target || !startsRange(item)) continue;
    starts.push(offset);
    target = (Math.floor(offset / bytes) + 1) * bytes;
  }
  return starts.map((start, index) => ({ start, end: starts[index + 1] ?? size }));
}

/**
 * Whether a range may start at this item: a record at the start of its gzip member (or of a plain
 * archive), not bytes that could not be read. One definition for `archiveRanges`, for the first
 * record of a reader's share and for where that share's reading stops.
 */
export function startsRange(item: ArchiveItem): boolean {
  return item.position.skip === 0 && !(item.kind === 'skip' && item.reason === 'corrupt');
}

/**
 * The first place at or after `offset` where a range can start (null: none, the rest of the file
 * belongs to the range before). Found by reading from the file's start, or from `from`, a place
 * known to start a range, as `archiveRanges` does and for the same reason; reading without
 * extracting is fast (about 13 CPU-s for a 500 MB archive gzipped per record).
 */
export async function rangeStartAtOrAfter(
  file: string,
  offset: number,
  from: RecordPosition = { offset: 0, skip: 0 },
): Promise<RecordPosition | null> {
  for await (const item of readArchive(file, { maxRecordBytes: 0, start: from }))
    if (item.position.offset >= offset && startsRange(item)) return item.position;
  return null;
}
