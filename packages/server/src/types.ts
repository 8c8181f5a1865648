/**
 * The shapes the HTTP API speaks (their JSON schemas are in schemas.ts, and the
 * OpenAPI test checks that real responses match them), and the task a worker thread
 * receives.
 */
import type {
  ChunkRecord,
  OutputFormat,
  PageRecord,
  RecordFetch,
  RecordKeptView,
  ServiceFields,
  TokenizerName,
} from 'pith';
import type { AsIsBooleanOption } from 'pith/internal';

/** Extra renderings a caller (the web page) can ask for besides the format's: record columns, the view, the plot. */
export const INCLUDES = ['markdown', 'html', 'text', 'view', 'plot'] as const;
export type Include = (typeof INCLUDES)[number];

/** The raw-page media types POST /v1/extract takes besides JSON. */
export const RAW_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'application/octet-stream'];

export type ContentFormat = 'text' | 'markdown' | 'html';

/**
 * What to do with one page, however it arrived. The boolean options of `extract()` the service
 * passes on as they are (diagnostics, images, links, comments, …) come from the library's option
 * table (EXTRACT_OPTIONS), their defaults filled in.
 */
export interface ExtractSettings extends Record<AsIsBooleanOption, boolean> {
  format: OutputFormat;
  /** For 'json' and 'xml': the format of the content inside. */
  contentFormat?: ContentFormat;
  extractor: string;
  options: Record<string, unknown>;
  title?: string;
  include: Include[];
  /** Chunks for retrieval (the answer is JSON Lines of chunk records). */
  chunks?: { maxTokens: number; overlap: number; tokenizer: TokenizerName };
}

/** One page for a worker thread. */
export interface ExtractTask extends ExtractSettings {
  /** The page, as a string (JSON bodies) or raw bytes (raw bodies and fetched pages). */
  input: string | Uint8Array;
  /** The Content-Type header that came with raw bytes (its charset decodes them). */
  contentType?: string;
  /** The page URL (for links, and reported back). */
  url?: string;
  /** When the page must be done (a `Date.now()` timestamp): the queue wait counts. */
  deadline: number;
  /** Largest answer in bytes (its JSON, UTF-8): past it, ANSWER_TOO_LARGE. */
  maxAnswerBytes: number;
  /** What the server fetched, reported back as is. */
  fetched?: FetchInfo;
}

/** What the server fetched, reported back as is. */
export type FetchInfo = RecordFetch;

export type KeptViewBody = RecordKeptView;

/**
 * The body of a successful extraction: the page record every output writes (pith's format/record.ts,
 * schemas/record.schema.json), with the service's own fields. The requested `format`'s content is
 * in its column (`text`, `markdown`, `html`; `xml` for xml; json: the column of `contentFormat`),
 * and `include` fills the other columns.
 */
export type ExtractResponse = Omit<PageRecord, 'chunks'> &
  ServiceFields & {
    /** With `chunks`: the body's chunks as records (the route answers them as JSON Lines). */
    chunks?: ChunkRecord[];
  };

/** Every error body: `{ "error": { "code", "message" } }`, codes from PithError where they apply. */
export interface ApiError {
  code: string;
  message: string;
}

/**
 * What a worker thread gives back: the answer as JSON bytes (an ExtractResponse; serialised and
 * measured in the worker, moved to the main thread without a copy), or an error.
 */
/** A page's answer as bytes (JSON, or JSON Lines when `lines`: the chunks), or its error. */
export type TaskOutcome = { body: Uint8Array; lines: boolean } | { error: ApiError };
