/**
 * The pages of archive files (WARC/ARC) as a batch source: inputs in order, each from the resume
 * point on; `-` is standard input (resumed by reading through to the point).
 */
import { stat } from 'node:fs/promises';
import { type ByteRange, readArchive } from '../input/warc/index.js';
import type { ResumePoint } from '../output/index.js';
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
      const { range } = options;
      const start =
        from && input === from.input ? from.position : range ? { offset: range.start, skip: 0 } : undefined;
      const source = file === '-' ? (process.stdin as AsyncIterable<Uint8Array>) : file;
      const reading = { maxRecordBytes: options.maxRecordBytes, start, ...(range ? { end: range.end } : {}) };
      for await (const item of readArchive(source, reading)) {
        const position = item.position;
        const bytesRead = before + position.offset;
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
      before += size;
    }
  };
}
