import type { TokenizerName } from 'pith';
import type { PageRecord, RecordContentFormat } from '../output/index.js';
import type { HttpBodyEncoding } from '../warc/index.js';

/** How every page of a batch is extracted. */
export interface PageSettings {
  /** Content formats to output (one record field each). */
  formats: RecordContentFormat[];
  extractor: string;
  extractorOptions: Record<string, unknown>;
  /** Time budget per page, ms (a thread that overruns it by the grace is restarted). */
  timeoutMs: number;
  /** Largest page, bytes (after HTTP decoding). */
  maxBytes: number;
  /** Links and images in Markdown and HTML (default true). */
  links?: boolean;
  images?: boolean;
  /** Pages whose quality is under this are flagged (`belowQuality: true`) or, with `dropBelowQuality`, not written. */
  minQuality?: number;
  /** Benchmark only: decode the page but do not extract it (measures reading and writing). */
  noop?: boolean;
  /** One record per chunk of the body's Markdown (`--chunks`). */
  chunks?: { maxTokens: number; overlap: number; tokenizer: TokenizerName };
}

/** One page for a worker thread. */
export interface PageTask {
  /** The body as archived or fetched (chunked/compressed per `encoding`). */
  body: Uint8Array;
  encoding?: HttpBodyEncoding;
  contentType?: string;
  url?: string;
  /** A title hint (a feed item's title). */
  title?: string;
  settings: PageSettings;
}

/** Where a page came from: the fields its source fills (an archive record, a feed item), not the page. */
export type SourceField =
  | 'input'
  | 'url'
  | 'warcFile'
  | 'warcOffset'
  | 'warcSkip'
  | 'warcRecordId'
  | 'warcDate'
  | 'warcTruncated'
  | 'httpStatus'
  | 'feedUrl'
  | 'feedItemId';

/** What a worker thread found: the record fields that come from the page itself. */
export type PageResult = Omit<PageRecord, SourceField>;
