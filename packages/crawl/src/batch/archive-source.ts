/**
 * The pages of archive files (WARC/ARC) as a batch source: inputs in order, each from the resume
 * point on; `-` is standard input (resumed by reading through to the point).
 */
import { stat } from 'node:fs/promises';
import { PithError } from 'pith';
import type { ResumePoint } from '../output/index.js';
import { type ByteRange, readArchive } from '../warc/index.js';
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
   * Only the records of this share of each input (`pith warc --readers N` on fewer archives than
   * readers: every reader reads the whole file and keeps the records `recordShare` gives it).
   */
  share?: { index: number; of: number };
}

/**
 * Which of `of` shares a record belongs to, from where it starts in its archive. A hash of the
 * position, not the record's ordinal: a resumed share starts reading mid-file, where the ordinal is
 * unknown, and must still keep exactly its own records. Request, response and metadata records of
 * one page may fall in different shares; only responses become pages, and every record counts once.
 */
export function recordShare(position: { offset: number; skip: number }, of: number): number {
  const low = position.offset % 2 ** 32;
  const high = Math.floor(position.offset / 2 ** 32);
  let hash = Math.imul(low ^ Math.imul(high, 0x27d4eb2d), 0x9e3779b1) ^ Math.imul(position.skip, 0x85ebca77);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  return ((hash ^ (hash >>> 13)) >>> 0) % of;
}

export function archiveSource(inputs: readonly string[], options: ArchiveSourceOptions): BatchSource {
  return async function* (from: ResumePoint | null): AsyncGenerator<SourceItem> {
    let before = 0;
    for (const [input, file] of inputs.entries()) {
      const size = file === '-' ? 0 : (await stat(file)).size;
      if (from && input < from.input) {
        before += size;
        continue;
      }
      const { range, share } = options;
      const start =
        from && input === from.input ? from.position : range ? { offset: range.start, skip: 0 } : undefined;
      const source = file === '-' ? (process.stdin as AsyncIterable<Uint8Array>) : file;
      const reading = { maxRecordBytes: options.maxRecordBytes, start, ...(range ? { end: range.end } : {}) };
      const name = options.names?.[input] ?? file;
      // Read from its start, an input in which no record is found is not an archive at all.
      const fromStart = (start?.offset ?? 0) === 0;
      let records = 0;
      let unreadable: string | undefined;
      for await (const item of readArchive(source, reading)) {
        const position = item.position;
        const bytesRead = before + position.offset;
        if (item.kind === 'skip' && (item.reason === 'corrupt' || item.reason === 'truncated'))
          unreadable ??= item.detail;
        else records++;
        // Another reader's record (it still counts above: this input holds records).
        if (share && recordShare(position, share.of) !== share.index) continue;
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
            warcFile: options.names?.[input] ?? file,
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
      before += size;
    }
  };
}

/** CORRUPT_INPUT: an input of `pith warc` (or a queue job's archive) in which no record was found. */
function notAnArchive(name: string, detail: string | undefined): PithError {
  const why = detail === undefined ? 'it is empty' : `no record found: ${detail}`;
  return new PithError('CORRUPT_INPUT', `${name} is not a WARC or ARC archive (${why})`);
}
