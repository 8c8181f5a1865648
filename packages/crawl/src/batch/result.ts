/**
 * The result of a page that failed, apart from extraction (page.ts), so that the main thread of a
 * batch, which makes such results (a thread that died or overran, a fetch that failed), does not
 * load eld's database (~85 MB resident, ~0.4 CPU-s) to do it.
 */
import { emptyRecord, type PageRecord } from 'pith';
import type { PageResult } from './types.js';

export const NO_CONTENT = { text: null, markdown: null, html: null } as const;

/**
 * A page record's page fields: the record without what the source fills in (input, URL, archive
 * position, HTTP status, feed item), which the batch adds beside each page's result.
 */
export function pageFields(record: PageRecord): PageResult {
  const {
    input: _input,
    url: _url,
    warcFile: _warcFile,
    warcOffset: _warcOffset,
    warcSkip: _warcSkip,
    warcRecordId: _warcRecordId,
    warcDate: _warcDate,
    warcTruncated: _warcTruncated,
    httpStatus: _httpStatus,
    feedUrl: _feedUrl,
    feedItemId: _feedItemId,
    ...page
  } = record;
  return page;
}

/** The result of a page that failed (also used by the pool for a thread that died or overran). */
export function failedResult(code: string, message: string, ms: number | null = null): PageResult {
  return {
    // The record's empty page fields (one definition: pith's emptyRecord).
    ...pageFields(emptyRecord()),
    ok: false,
    errorCode: code,
    errorMessage: message.replace(/\s*\n\s*/g, ' ').slice(0, 500),
    ms,
  };
}
