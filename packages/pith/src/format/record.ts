/**
 * The one output record of a page, the same for `pith extract -f json` (and its JSON Lines over
 * several inputs), `pith warc`, `pith feed`, the queue's outputs and the HTTP service: where the
 * page came from, what pith found, and the content. Flat, so that it is one row in Parquet and one
 * object in JSON Lines; fields that do not apply are null. Its JSON Schema (schemas/record.schema.json)
 * is made from RECORD_COLUMNS below by `recordJsonSchema` (npm run schema:record), and a test
 * checks that the file is what it makes. Records are built by `pageRecord` (envelope.ts).
 */

import type { Chunk } from './chunks.js';
import type { OutputComment } from './types.js';

/** Content formats a record can carry (one column each). */
export type RecordContentFormat = 'text' | 'markdown' | 'html';
export const RECORD_CONTENT_FORMATS: readonly RecordContentFormat[] = ['text', 'markdown', 'html'];

export interface PageRecord {
  /** `pith extract` over several inputs: the file, URL or `-` as named (null elsewhere). */
  input: string | null;
  url: string | null;
  /** False when the page failed: `errorCode` says why (a `PithErrorCode`, or INTERNAL). */
  ok: boolean;
  errorCode: string | null;
  errorMessage: string | null;

  // Where it came from: an archive record…
  /** The archive file, as given on the command line. */
  warcFile: string | null;
  /** Where the record starts: its gzip member's offset (what Common Crawl's index gives), or its offset in an uncompressed file. */
  warcOffset: number | null;
  /** Decompressed bytes before the record in that member: 0 unless the whole file is one gzip member. */
  warcSkip: number | null;
  warcRecordId: string | null;
  warcDate: string | null;
  /** The archive says the payload was cut short (WARC-Truncated, or the file ends inside it). */
  warcTruncated: string | null;
  httpStatus: number | null;
  // …or a feed item.
  feedUrl: string | null;
  feedItemId: string | null;

  // What pith found (page metadata; for feed items merged with the feed's own fields).
  title: string | null;
  authors: string[];
  published: string | null;
  modified: string | null;
  /** The language the page declares (BCP 47: `<html lang>`, meta, JSON-LD), as it says it. */
  language: string | null;
  /**
   * The language of the extracted text (ISO 639-1, one of eld's 60), null when the text is too
   * short or mixed to tell. A declared language may be a template's default; this one is read
   * (but eld knows 60 languages: an Aragonese page comes out `es`).
   */
  detectedLanguage: string | null;
  siteName: string | null;
  /** The page's declared type (og:type, JSON-LD @type). */
  pageType: string | null;
  tags: string[];
  /** The page's own summary (meta description, og:description). */
  description: string | null;
  /** The URL the page names as its own (`<link rel=canonical>`, og:url). */
  canonicalUrl: string | null;
  /** The page's lead image (og:image). */
  image: string | null;
  /** The text direction the page declares. */
  direction: 'ltr' | 'rtl' | null;
  /** Expected F1 of this extraction, in [0, 1] (src/quality); null when there is no estimate (not pith). */
  quality: number | null;
  /** The page type pith recognised (article, forum, product, …, other) and its probability. */
  detectedPageType: string | null;
  pageTypeProbability: number | null;
  /** Codes of what lowered the quality or emptied the result (QUALITY_REASONS). */
  reasons: string[];
  /** Under `--min-quality` (with `--below-quality flag`); null without a threshold or an estimate. */
  belowQuality: boolean | null;

  /** The content in each requested format (null for formats not requested, and for failures). */
  text: string | null;
  markdown: string | null;
  html: string | null;
  /**
   * The page's comments, when asked for (`--comments`): a list in page order (maybe empty),
   * `replyTo` indexing it; null when not asked for.
   */
  comments: OutputComment[] | null;

  extractor: string | null;
  extractorVersion: string | null;
  /** The encoding the page bytes were decoded with. */
  encoding: string | null;
  /** Page bytes (after HTTP decoding). */
  bytes: number | null;
  /** Extraction time on its worker thread, ms. */
  ms: number | null;
  /**
   * The extractor's diagnostics when asked for: in full and JSON-safe from `pith extract
   * --diagnostics` and the service, summarised to its scalar fields (counts, the decision path)
   * in batch runs. Null when not asked for or empty.
   */
  diagnostics: Record<string, unknown> | null;
  /**
   * With `--chunks`: the body's chunks (no column: JSON Lines writes one line per chunk instead of
   * the page's, the page's fields then the chunk's; encode.ts).
   */
  chunks?: { tokenizer: string; list: Chunk[] };
}

/** The column types of a record, in order: the Parquet schema and the JSON field order. */
export const RECORD_COLUMNS = [
  ['input', 'STRING'],
  ['url', 'STRING'],
  ['ok', 'BOOLEAN'],
  ['errorCode', 'STRING'],
  ['errorMessage', 'STRING'],
  ['warcFile', 'STRING'],
  ['warcOffset', 'INT64'],
  ['warcSkip', 'INT64'],
  ['warcRecordId', 'STRING'],
  ['warcDate', 'STRING'],
  ['warcTruncated', 'STRING'],
  ['httpStatus', 'INT32'],
  ['feedUrl', 'STRING'],
  ['feedItemId', 'STRING'],
  ['title', 'STRING'],
  ['authors', 'STRING_LIST'],
  ['published', 'STRING'],
  ['modified', 'STRING'],
  ['language', 'STRING'],
  ['detectedLanguage', 'STRING'],
  ['siteName', 'STRING'],
  ['pageType', 'STRING'],
  ['tags', 'STRING_LIST'],
  ['description', 'STRING'],
  ['canonicalUrl', 'STRING'],
  ['image', 'STRING'],
  ['direction', 'STRING'],
  ['quality', 'DOUBLE'],
  ['detectedPageType', 'STRING'],
  ['pageTypeProbability', 'DOUBLE'],
  ['reasons', 'STRING_LIST'],
  ['belowQuality', 'BOOLEAN'],
  ['text', 'STRING'],
  ['markdown', 'STRING'],
  ['html', 'STRING'],
  ['comments', 'JSON'],
  ['extractor', 'STRING'],
  ['extractorVersion', 'STRING'],
  ['encoding', 'STRING'],
  ['bytes', 'INT64'],
  ['ms', 'DOUBLE'],
  ['diagnostics', 'JSON'],
] as const satisfies readonly (readonly [keyof PageRecord, RecordColumnType])[];

export type RecordColumnType = 'STRING' | 'BOOLEAN' | 'INT32' | 'INT64' | 'DOUBLE' | 'STRING_LIST' | 'JSON';
type RecordColumnName = (typeof RECORD_COLUMNS)[number][0];
/** Every field of PageRecord has its column (a field without one fails to compile here). */
const EVERY_FIELD_HAS_A_COLUMN: Exclude<keyof PageRecord, RecordColumnName | 'chunks'> extends never
  ? true
  : never = true;
void EVERY_FIELD_HAS_A_COLUMN;

/** A record with every field null (or empty), to fill in. */
export function emptyRecord(): PageRecord {
  return {
    input: null,
    url: null,
    ok: false,
    errorCode: null,
    errorMessage: null,
    warcFile: null,
    warcOffset: null,
    warcSkip: null,
    warcRecordId: null,
    warcDate: null,
    warcTruncated: null,
    httpStatus: null,
    feedUrl: null,
    feedItemId: null,
    title: null,
    authors: [],
    published: null,
    modified: null,
    language: null,
    detectedLanguage: null,
    siteName: null,
    pageType: null,
    tags: [],
    description: null,
    canonicalUrl: null,
    image: null,
    direction: null,
    quality: null,
    detectedPageType: null,
    pageTypeProbability: null,
    reasons: [],
    belowQuality: null,
    text: null,
    markdown: null,
    html: null,
    comments: null,
    extractor: null,
    extractorVersion: null,
    encoding: null,
    bytes: null,
    ms: null,
    diagnostics: null,
  };
}

/** What the HTTP service fetched, when it fetched the page. */
export interface RecordFetch {
  /** The URL asked for, before redirects. */
  requested: string;
  status: number;
  contentType: string | null;
  redirects: string[];
}

/** The page made inert, kept blocks marked (the service's `include=view`). */
export interface RecordKeptView {
  html: string;
  keptBlocks: number;
  droppedBlocks: number;
  keptText: number;
  totalText: number;
}

/**
 * What only the HTTP service adds to a record (optional in the schema; never in files): how it
 * got the page and what its web page shows. The service's answer is a PageRecord with these.
 * `xml` is also in `pith extract -f xml`'s JSON Lines.
 */
export interface ServiceFields {
  /** Where the layout came from, for extractors that need one (`vce`). */
  layout: string | null;
  warnings: string[];
  fetched?: RecordFetch;
  view?: RecordKeptView;
  /** The per-line plot (SVG) of line-based extractors (ttr, density); null for the others. */
  plot?: string | null;
  /** With format xml (the service, and `pith extract -f xml` over several inputs): the article as XML (schemas/article.xsd). */
  xml?: string;
}

const SERVICE_FIELD_SCHEMAS: Record<keyof ServiceFields, Record<string, unknown>> = {
  layout: { type: ['string', 'null'], description: 'HTTP service only: where the layout came from.' },
  warnings: { type: 'array', items: { type: 'string' }, description: 'HTTP service only.' },
  fetched: {
    type: 'object',
    description: 'HTTP service only: present when the server fetched the page.',
    required: ['requested', 'status', 'contentType', 'redirects'],
    properties: {
      requested: { type: 'string' },
      status: { type: 'integer' },
      contentType: { type: ['string', 'null'] },
      redirects: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  view: {
    type: 'object',
    description:
      'HTTP service only (include=view): the page made inert, kept blocks marked data-pith-state="kept", removed ones "dropped".',
    required: ['html', 'keptBlocks', 'droppedBlocks', 'keptText', 'totalText'],
    properties: {
      html: { type: 'string' },
      keptBlocks: { type: 'integer' },
      droppedBlocks: { type: 'integer' },
      keptText: { type: 'integer' },
      totalText: { type: 'integer' },
    },
    additionalProperties: false,
  },
  plot: { type: ['string', 'null'], description: 'HTTP service only (include=plot): SVG, else null.' },
  xml: {
    type: 'string',
    description:
      'With format xml (the service; pith extract -f xml over several inputs): the article as XML.',
  },
};

/** Fields that are never null. */
const NOT_NULL: ReadonlySet<string> = new Set(['ok', 'authors', 'tags', 'reasons']);

/** Each column type as JSON Schema. */
const JSON_TYPES: Record<RecordColumnType, Record<string, unknown>> = {
  STRING: { type: 'string' },
  BOOLEAN: { type: 'boolean' },
  INT32: { type: 'integer' },
  INT64: { type: 'integer' },
  DOUBLE: { type: 'number' },
  STRING_LIST: { type: 'array', items: { type: 'string' } },
  JSON: { type: 'object' },
};

/** Shapes finer than the column type. */
const FIELD_SCHEMAS: Partial<Record<keyof PageRecord, Record<string, unknown>>> = {
  direction: { enum: ['ltr', 'rtl', null] },
  quality: { type: ['number', 'null'], minimum: 0, maximum: 1 },
  pageTypeProbability: { type: ['number', 'null'], minimum: 0, maximum: 1 },
  comments: {
    type: ['array', 'null'],
    items: {
      type: 'object',
      required: ['text'],
      properties: {
        author: { type: 'string' },
        date: { type: 'string' },
        text: { type: 'string' },
        replyTo: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
  },
};

/** The record version: bumped when a field changes name, shape or meaning (added fields do not). */
export const RECORD_SCHEMA_VERSION = 1;

/**
 * The JSON Schema (draft 2020-12) of a record, from RECORD_COLUMNS: every field required (null when
 * it does not apply), no other field but the HTTP service's own (optional). Written to
 * schemas/record.schema.json.
 */
export function recordJsonSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, type] of RECORD_COLUMNS) {
    const base = JSON_TYPES[type];
    // own-keys: a record field name
    properties[name] =
      FIELD_SCHEMAS[name] ?? (NOT_NULL.has(name) ? base : { ...base, type: [base.type, 'null'] });
  }
  Object.assign(properties, SERVICE_FIELD_SCHEMAS);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `urn:pith:record:${RECORD_SCHEMA_VERSION}`,
    title: 'pith page record',
    description:
      'One page as pith outputs it: pith extract -f json and its JSON Lines, pith warc, pith feed, the queue and the HTTP service. Fields that do not apply are null.',
    type: 'object',
    required: RECORD_COLUMNS.map(([name]) => name),
    properties,
    additionalProperties: false,
  };
}
