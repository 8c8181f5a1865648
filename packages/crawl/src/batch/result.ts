/**
 * The result of a page that failed, apart from extraction (page.ts), so that the main thread of a
 * batch, which makes such results (a thread that died or overran, a fetch that failed), does not
 * load the extraction library and eld's database (~85 MB resident, ~0.4 CPU-s) to do it.
 */
import type { PageResult } from './types.js';

export const NO_CONTENT = { text: null, markdown: null, html: null } as const;

/** The result of a page that failed (also used by the pool for a thread that died or overran). */
export function failedResult(code: string, message: string, ms: number | null = null): PageResult {
  return {
    ok: false,
    errorCode: code,
    errorMessage: message.replace(/\s*\n\s*/g, ' ').slice(0, 500),
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
    ...NO_CONTENT,
    comments: null,
    extractor: null,
    extractorVersion: null,
    encoding: null,
    bytes: null,
    ms,
    diagnostics: null,
  };
}
