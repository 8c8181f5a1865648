/**
 * metadata/: what a page says about itself — title, authors, dates, site,
 * language, direction, description, canonical URL, image, tags, type — read
 * from JSON-LD, `<meta>` tags (OpenGraph, Twitter, Dublin Core, article:*,
 * Parse.ly, Sailthru, citation_*), microdata and the page itself.
 */
import type { Doc } from '../dom/index.js';
import { isPithError } from '../errors.js';
import { jsonLdData, readJsonLdBlocks } from './jsonld.js';
import { merge } from './merge.js';
import { metaTagData, readMetaTags } from './meta-tags.js';
import { microdataData } from './microdata.js';
import { pageData } from './page.js';
import type { Metadata } from './types.js';

export { dateInstant, parseDate } from './dates.js';
export { parseJsonLd } from './jsonld.js';
export { cleanAuthors, normalizeLanguage, stripSiteName } from './merge.js';
export type { Metadata } from './types.js';

export interface MetadataOptions {
  /** The page URL, to resolve relative URLs (default: the Doc's URL). */
  url?: string;
  /** The current time (ms or Date) for rejecting dates in the future (default: now). */
  now?: number | Date;
}

/**
 * Reads a page's metadata. Linear in the document, bounded on hostile input
 * (JSON-LD blocks over 2 MB are skipped, nesting is walked to a fixed depth),
 * and never throws: a source that cannot be read contributes nothing.
 */
export function extractMetadata(doc: Doc, options: MetadataOptions = {}): Metadata {
  const now = options.now === undefined ? Date.now() : Number(options.now);
  const url = options.url ?? doc.url;
  const sources = {
    meta: attempt(() => metaTagData(readMetaTags(doc)), EMPTY_META),
    jsonld: attempt(() => jsonLdData(readJsonLdBlocks(doc)), EMPTY_JSONLD),
    microdata: attempt(() => microdataData(doc), EMPTY_MICRODATA),
    page: attempt(() => pageData(doc), EMPTY_PAGE),
  };
  return attempt(() => merge(sources, { url, now: Number.isFinite(now) ? now : Date.now() }), {
    authors: [],
    tags: [],
  });
}

/**
 * Runs one source; a bug or an engine limit (stack, memory) in it must not lose the others. The
 * time budget running out is not the source's failure: it stops the page.
 */
function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (isPithError(error) && error.code === 'TIMEOUT') throw error;
    return fallback;
  }
}

const EMPTY_META = metaTagData(new Map());
const EMPTY_JSONLD = jsonLdData([]);
const EMPTY_MICRODATA = { types: [], authors: [], images: [], keywords: [] };
const EMPTY_PAGE = {
  h1s: [],
  subheadings: [],
  bylines: [],
  textBylines: [],
  threadStarters: [],
  postAuthors: [],
  times: [],
  visibleDates: [],
  visibleModified: [],
  firstDates: [],
};
