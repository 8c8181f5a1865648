/**
 * One output record per page, the same for `pith warc`, `pith feed` and queue jobs: where the page
 * came from, what pith found, and the content. Flat, so that it is one row in Parquet and one
 * object in JSON Lines; fields that do not apply are null.
 */

import type { Chunk } from '../index.js';

/** Content formats a record can carry (one column each). */
export type RecordContentFormat = 'text' | 'markdown' | 'html';
export const RECORD_CONTENT_FORMATS: readonly RecordContentFormat[] = ['text', 'markdown', 'html'];

export interface PageRecord {
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

  extractor: string | null;
  extractorVersion: string | null;
  /** The encoding the page bytes were decoded with. */
  encoding: string | null;
  /** Page bytes (after HTTP decoding). */
  bytes: number | null;
  /** Extraction time on its worker thread, ms. */
  ms: number | null;
  /** The extractor's diagnostics, summarised: its scalar fields (counts, the decision path). */
  diagnostics: Record<string, string | number | boolean> | null;
  /**
   * With `--chunks`: the body's chunks (no column: JSON Lines writes one line per chunk instead of
   * the page's, the page's fields then the chunk's; encode.ts).
   */
  chunks?: { tokenizer: string; list: Chunk[] };
}

/** The column types of a record, in order: the Parquet schema and the JSON field order. */
export const RECORD_COLUMNS = [
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
  ['quality', 'DOUBLE'],
  ['detectedPageType', 'STRING'],
  ['pageTypeProbability', 'DOUBLE'],
  ['reasons', 'STRING_LIST'],
  ['belowQuality', 'BOOLEAN'],
  ['text', 'STRING'],
  ['markdown', 'STRING'],
  ['html', 'STRING'],
  ['extractor', 'STRING'],
  ['extractorVersion', 'STRING'],
  ['encoding', 'STRING'],
  ['bytes', 'INT64'],
  ['ms', 'DOUBLE'],
  ['diagnostics', 'JSON'],
] as const satisfies readonly (readonly [keyof PageRecord, string])[];

/** A record with every field null (or empty), to fill in. */
export function emptyRecord(): PageRecord {
  return {
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
    quality: null,
    detectedPageType: null,
    pageTypeProbability: null,
    reasons: [],
    belowQuality: null,
    text: null,
    markdown: null,
    html: null,
    extractor: null,
    extractorVersion: null,
    encoding: null,
    bytes: null,
    ms: null,
    diagnostics: null,
  };
}
