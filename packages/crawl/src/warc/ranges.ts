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
import { readArchive } from './read.js';

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
    const { offset, skip } = item.position;
    if (skip !== 0 || offset < target || (item.kind === 'skip' && item.reason === 'corrupt')) continue;
    starts.push(offset);
    target = (Math.floor(offset / bytes) + 1) * bytes;
  }
  return starts.map((start, index) => ({ start, end: starts[index + 1] ?? size }));
}
