/**
 * metadata/: what a page says about itself — title, authors, dates, site,
 * language, direction, description, canonical URL, image, tags, type — read
 * from JSON-LD, `<meta>` tags (OpenGraph, Twitter, Dublin Core, article:*,
 * Parse.ly, Sailthru, citation_*), microdata and the page itself.
 */
import type { Doc } from '../dom/index.js';
import { isPithError } from '../errors.js';
import type { MetadataReading } from './choice.js';
import { jsonLdData, readJsonLdBlocks } from './jsonld.js';
import { mergeWithSiteNames, type Sources, siteNamesOf } from './merge.js';
import { metaTagData, readMetaTags } from './meta-tags.js';
import { microdataData } from './microdata.js';
import { emptyPageData, pageData } from './page.js';
import type { Metadata } from './types.js';

export {
  AUTHOR_SOURCES,
  type AuthorCandidate,
  authorKey,
  type Candidates,
  DATE_SOURCES,
  type DateCandidate,
  readCandidates,
  TITLE_SOURCES,
  type TitleCandidate,
  titleKey,
} from './candidates.js';
export { type ChooseOptions, chooseMetadata, type MetadataReading } from './choice.js';
export { dateInstant, type NumericOrder, numericOrder, parseDate, parseRelativeDate } from './dates.js';
export {
  AUTHOR_FEATURES,
  type CandidateRows,
  candidateRows,
  DATE_FEATURES,
  PAGE_TYPE_NAMES,
  TITLE_FEATURES,
} from './features.js';
export { parseJsonLd } from './jsonld.js';
export { cleanAuthors, normalizeLanguage, stripSiteName } from './merge.js';
export {
  CHOSEN_FIELDS,
  type ChosenField,
  chosenRow,
  DEFAULT_METADATA_MODEL,
  FIELD_FEATURES,
  type FieldMargins,
  type FieldModel,
  type FieldParts,
  likeliestType,
  loadMetadataModel,
  METADATA_MODEL_FORMAT,
  type MetadataModel,
  makeMetadataModel,
  marginsFor,
  metadataModelFromJson,
  RULES_ALWAYS,
  rowProbability,
  serializeMetadataModel,
  shippedMetadataModel,
  weightedMargins,
} from './model.js';
export type { Metadata, MetadataSources } from './types.js';

export interface MetadataOptions {
  /** The page URL, to resolve relative URLs (default: the Doc's URL). */
  url?: string;
  /** The current time (ms or Date) for rejecting dates in the future (default: now). */
  now?: number | Date;
}

/**
 * Reads a page's metadata by the rules: every source read, and one fixed order of trust for each
 * field. Linear in the document, bounded on hostile input (JSON-LD blocks over 2 MB are skipped,
 * nesting is walked to a fixed depth), and never throws: a source that cannot be read contributes
 * nothing. This is what the extractors read; the metadata `extract()` returns choose the title,
 * authors and date among every source's candidates with the learned model (`chooseMetadata` over
 * `readMetadata`).
 */
export function extractMetadata(doc: Doc, options: MetadataOptions = {}): Metadata {
  return readMetadata(doc, options).rules;
}

/** Every source of a page, read once, and the rules' answer (`chooseMetadata` takes it from there). */
export function readMetadata(doc: Doc, options: MetadataOptions = {}): MetadataReading {
  const now = options.now === undefined ? Date.now() : Number(options.now);
  const url = options.url ?? doc.url;
  const clock = Number.isFinite(now) ? now : Date.now();
  const sources: Sources = {
    meta: attempt(() => metaTagData(readMetaTags(doc)), EMPTY_META),
    jsonld: attempt(() => jsonLdData(readJsonLdBlocks(doc)), EMPTY_JSONLD),
    microdata: attempt(() => microdataData(doc), EMPTY_MICRODATA),
    page: attempt(() => pageData(doc), EMPTY_PAGE),
  };
  // The site's names as the rules read them (read again only if the rules failed).
  let siteNames: string[] | undefined;
  const rules = attempt(
    () => {
      const merged = mergeWithSiteNames(sources, { url, now: clock });
      siteNames = merged.siteNames;
      return merged.metadata;
    },
    { authors: [], tags: [] },
  );
  siteNames ??= attempt(() => siteNamesOf(sources).siteNames, []);
  return { rules, sources, siteNames, url, now: clock };
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
const EMPTY_PAGE = emptyPageData();
