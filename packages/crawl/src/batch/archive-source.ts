/**
 * The pages of archive files (WARC/ARC) as a batch source: inputs in order, each from the resume
 * point on; `-` is standard input (resumed by reading through to the point).
 */
import { stat } from 'node:fs/promises';
import { PithError } from 'pith';
import type { ResumePoint } from '../output/index.js';
import {
  type ArchiveItem,
  type ByteRange,
  type RecordPosition,
  rangeStartAtOrAfter,
  readArchive,
  startsRange,
} from '../warc/index.js';
import type { BatchSource, SourceItem } from './run.js';
import type { PageSettings } from './types.js';

export interface ArchiveSourceOptions {
  settings: PageSettings;
  /** Record blocks larger than this are skipped as too-large. */
  maxRecordBytes: number;
  /** Only the records of this byte range (from `archiveRanges`), of each input. */
  range?: ByteRange;
  /**
   * What each input's records say in `warcFile` (default: the input as given): a queue job of
   * the service names its archive inside the archive directory, never by the server's path.
   */
  names?: readonly string[];
  /**
   * Only this share of each input (`pith warc --readers N` on fewer archives than readers): the
   * input's bytes cut in chunks dealt round to the shares (`shareChunkBytes`).
   */
  share?: { index: number; of: number };
}

/** Chunks per share of a file: enough that one share's chunks are a fair sample of the file. */
const CHUNKS_PER_SHARE = 16;
const MIN_CHUNK_BYTES = 256 * 1024;
const MAX_CHUNK_BYTES = 64 * 1024 * 1024;

/**
 * The chunk size of a file shared by `of` readers: chunk `j` is bytes `[j·c, (j+1)·c)` and share
 * `j mod of` reads the records that start in it. Dealt round rather than cut in `of` halves: an
 * archive's pages are not alike along the file (one of the bench's archives put 2,488 pages in its
 * first half and 796 in its second), and many chunks each share give every share about the same mix.
 */
export function shareChunkBytes(size: number, of: number): number {
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.ceil(size / (of * CHUNKS_PER_SHARE))));
}

/** An archive item with the bytes of this source's part of its input read up to it. */
interface PlacedItem {
  item: ArchiveItem;
  bytes: number;
}

export function archiveSource(inputs: readonly string[], options: ArchiveSourceOptions): BatchSource {
  return async function* (from: ResumePoint | null): AsyncGenerator<SourceItem> {
    // Bytes of the inputs before this one that this source reads (their shares, when shared).
    let before = 0;
    for (const [input, file] of inputs.entries()) {
      const size = file === '-' ? 0 : (await stat(file)).size;
      const { range, share } = options;
      const mine = share ? shareBytes(size, share) : size;
      if (from && input < from.input) {
        before += mine;
        continue;
      }
      const resumed = from && input === from.input ? from.position : undefined;
      const source = file === '-' ? (process.stdin as AsyncIterable<Uint8Array>) : file;
      const name = options.names?.[input] ?? file;
      const start = resumed ?? (range ? { offset: range.start, skip: 0 } : undefined);
      const items = share
        ? sharedItems(file, size, share, options.maxRecordBytes, resumed)
        : wholeItems(source, options.maxRecordBytes, start, range?.end);
      // Read from its start (share 0's, when shared), an input in which no record is found is not an archive at all.
      const fromStart = (start?.offset ?? 0) === 0 && (share?.index ?? 0) === 0;
      let records = 0;
      let unreadable: string | undefined;
      for await (const { item, bytes } of items) {
        const position = item.position;
        const bytesRead = before + bytes;
        if (item.kind === 'skip' && (item.reason === 'corrupt' || item.reason === 'truncated'))
          unreadable ??= item.detail;
        else records++;
        if (item.kind === 'skip') {
          yield { kind: 'skip', reason: item.reason, input, position, bytesRead };
          continue;
        }
        yield {
          kind: 'page',
          input,
          position,
          bytesRead,
          transfer: true,
          task: {
            body: item.body,
            encoding: item.encoding,
            ...(item.contentType ? { contentType: item.contentType } : {}),
            ...(item.url ? { url: item.url } : {}),
            settings: options.settings,
          },
          fields: {
            url: item.url ?? null,
            warcFile: name,
            warcOffset: position.offset,
            warcSkip: position.skip,
            warcRecordId: item.id ?? null,
            warcDate: item.date ?? null,
            warcTruncated: item.truncated ?? null,
            httpStatus: item.status ?? null,
          },
        };
      }
      if (fromStart && records === 0) throw notAnArchive(name, unreadable);
      before += mine;
    }
  };
}

/** Every item of an input from `start` (to `end`, a range's), placed at its offset. */
async function* wholeItems(
  source: string | AsyncIterable<Uint8Array>,
  maxRecordBytes: number,
  start: RecordPosition | undefined,
  end: number | undefined,
): AsyncGenerator<PlacedItem> {
  const reading = { maxRecordBytes, ...(start ? { start } : {}), ...(end === undefined ? {} : { end }) };
  for await (const item of readArchive(source, reading)) yield { item, bytes: item.position.offset };
}

/**
 * The items of a share's chunks of a file (`shareChunkBytes`), from `resumed` (a position this
 * share read) or its first chunk. A chunk is read from the first record at or after its start up
 * to the first record at or after its end, where the next chunk starts; those places are found by
 * reading on from a place known to be a record (the file's start, or where the chunk before
 * stopped), never guessed from bytes that look like a header, which a hostile page can hold. That
 * reading between chunks extracts nothing: about 13 CPU-s for a 500 MB archive gzipped per record.
 */
async function* sharedItems(
  file: string,
  size: number,
  share: { index: number; of: number },
  maxRecordBytes: number,
  resumed: RecordPosition | undefined,
): AsyncGenerator<PlacedItem> {
  const chunk = shareChunkBytes(size, share.of);
  // The share's chunk a resumed position is in: its last chunk starting at or before it (a fault
  // read past a chunk's end belongs to that chunk: the next chunk starts at a record).
  let index = resumed ? ownChunkAt(resumed.offset, chunk, share) : share.index;
  let start: RecordPosition | null = resumed ?? (index === 0 ? { offset: 0, skip: 0 } : null);
  let known: RecordPosition = { offset: 0, skip: 0 };
  while (index * chunk < size) {
    const end = (index + 1) * chunk;
    if (start === null) {
      start = await rangeStartAtOrAfter(file, index * chunk, known);
      // No record starts in the rest of the file.
      if (start === null) return;
      // None starts in this chunk: on to the share's next one, from there.
      if (start.offset >= end) {
        known = start;
        start = null;
        index += share.of;
        continue;
      }
    }
    const done = ((index - share.index) / share.of) * chunk;
    let next: RecordPosition | null = null;
    for await (const item of readArchive(file, { maxRecordBytes, start })) {
      if (item.position.offset >= end && startsRange(item)) {
        next = item.position;
        break;
      }
      yield { item, bytes: done + Math.max(0, item.position.offset - index * chunk) };
    }
    if (next === null) return;
    known = next;
    start = null;
    index += share.of;
  }
}

/** The last chunk of `share` that starts at or before `offset`. */
function ownChunkAt(offset: number, chunk: number, share: { index: number; of: number }): number {
  const at = Math.floor(offset / chunk);
  const back = (((at - share.index) % share.of) + share.of) % share.of;
  return Math.max(share.index, at - back);
}

/** The bytes of a file of `size` in `share`'s chunks (its part of the progress). */
function shareBytes(size: number, share: { index: number; of: number }): number {
  const chunk = shareChunkBytes(size, share.of);
  let bytes = 0;
  for (let index = share.index; index * chunk < size; index += share.of)
    bytes += Math.min(size, (index + 1) * chunk) - index * chunk;
  return bytes;
}

/** CORRUPT_INPUT: an input of `pith warc` (or a queue job's archive) in which no record was found. */
function notAnArchive(name: string, detail: string | undefined): PithError {
  const why = detail === undefined ? 'it is empty' : `no record found: ${detail}`;
  return new PithError('CORRUPT_INPUT', `${name} is not a WARC or ARC archive (${why})`);
}
