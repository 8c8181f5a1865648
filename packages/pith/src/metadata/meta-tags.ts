/**
 * `<meta>` tags: OpenGraph, Twitter cards, Dublin Core, `article:*`, Parse.ly,
 * Sailthru, Highwire/Google Scholar `citation_*`, and the plain names
 * (`author`, `description`, `keywords`, `date`, …).
 */
import { type Doc, TAG, tick } from '../dom/index.js';

/** Most `<meta>` elements read, and most values kept per key (hostile pages repeat tags). */
const MAX_META = 5_000;
const MAX_VALUES_PER_KEY = 50;

/** Every `<meta>` value by normalised key, in document order. */
export type MetaMap = ReadonlyMap<string, readonly string[]>;

/**
 * Normalises a meta key: lower-cased, spaces collapsed, Dublin Core spellings
 * (`DC.title`, `dcterms:title`, `dc-title`) folded to `dc:title`.
 */
export function metaKey(raw: string): string {
  const key = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  return key.replace(/^(?:dc|dcterms?)\s*[.:_-]\s*/, 'dc:').replace(/^(og|twitter)\s*[.]\s*/, '$1:');
}

/** Reads every `<meta>` with a `property`, `name` or `http-equiv` and a `content`. */
export function readMetaTags(doc: Doc): MetaMap {
  const map = new Map<string, string[]>();
  let seen = 0;
  for (const node of doc.findAll(TAG.meta)) {
    tick('metadata');
    if (++seen > MAX_META) break;
    const content = doc.attr(node, 'content');
    if (content === undefined || content.trim().length === 0) continue;
    const names: string[] = [];
    const property = doc.attr(node, 'property');
    // RDFa allows several space-separated properties on one tag.
    if (property) for (const name of property.trim().split(/\s+/, 8)) names.push(name);
    const name = doc.attr(node, 'name');
    if (name) names.push(name);
    const httpEquiv = doc.attr(node, 'http-equiv');
    if (httpEquiv) names.push(httpEquiv);
    for (const raw of names) {
      const key = metaKey(raw);
      if (key.length === 0 || key.length > 100) continue;
      let values = map.get(key);
      if (!values) {
        values = [];
        map.set(key, values);
      }
      if (values.length < MAX_VALUES_PER_KEY) values.push(content);
    }
  }
  return map;
}

/** The values of the keys, key by key in the order given, each key's values in page order. */
function collect(meta: MetaMap, keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    const values = meta.get(key);
    if (values) for (const value of values) out.push(value);
  }
  return out;
}

/** What the `<meta>` tags say, each list in priority order (raw values, not yet cleaned). */
export interface MetaTagData {
  ogTitle: string[];
  twitterTitle: string[];
  /** Dublin Core, Parse.ly, Sailthru, citation_title and `<meta name=title>`. */
  otherTitles: string[];
  /** One entry per source key, each a list of raw author values. */
  authors: string[][];
  /** The key of each entry of `authors` (`twitter:label` for a Twitter card's labelled author). */
  authorKeys: string[];
  published: string[];
  modified: string[];
  ogSiteName: string[];
  /** application-name, Dublin Core publisher, citation journal title … */
  otherSiteNames: string[];
  descriptions: string[];
  images: string[];
  /** Raw tag lists (comma-separated strings). */
  tags: string[];
  /** article:section and friends (also tags, after the others). */
  sections: string[];
  /** content-language, language, dc:language, citation_language. */
  languages: string[];
  ogLocale: string[];
  urls: string[];
  types: string[];
}

const OTHER_TITLES = ['dc:title', 'parsely-title', 'sailthru.title', 'citation_title', 'title', 'headline'];
const AUTHOR_KEYS = [
  'dc:creator',
  'author',
  'og:article:author',
  'article:author',
  'article:author_name',
  'parsely-author',
  'sailthru.author',
  'citation_author',
  'byl',
  'dc:contributor',
  'cxenseparse:author',
];
const PUBLISHED = [
  'article:published_time',
  'og:article:published_time',
  'article:published',
  'og:published_time',
  'published_time',
  'parsely-pub-date',
  'sailthru.date',
  'citation_publication_date',
  'citation_date',
  'citation_online_date',
  'dc:date.issued',
  'dc:issued',
  'dc:date',
  'dc:created',
  'dc:date.created',
  'date',
  'pubdate',
  'publishdate',
  'publish-date',
  'publish_date',
  'published-date',
  'article.published',
  'article_date_original',
  'original-publish-date',
  'originalpublicationdate',
  'datepublished',
  'release_date',
  'cxenseparse:recs:publishtime',
  'weibo:article:create_at',
  'sort_date',
  'published',
  // Platforms' own names for the first publication: Microsoft Learn's `ms.date`, cXense's
  // `cxenseparse:publishtime`, `og:publish_date`, `article:first_published_time`, a CMS's
  // `w-published-date` (WCXB dev 4409, 0237: the gold's date is in no other source).
  'ms.date',
  'cxenseparse:publishtime',
  'og:publish_date',
  'article:first_published_time',
  'w-published-date',
];
const MODIFIED = [
  'article:modified_time',
  'og:updated_time',
  'article:modified',
  'dc:modified',
  'dc:date.modified',
  'datemodified',
  'last-modified',
  'lastmod',
  'revised',
];
const OTHER_SITE_NAMES = [
  'application-name',
  'apple-mobile-web-app-title',
  'dc:publisher',
  'citation_journal_title',
  'citation_publisher',
  'publisher',
];
const DESCRIPTIONS = [
  'og:description',
  'description',
  'twitter:description',
  'dc:description',
  'sailthru.description',
  'citation_abstract',
];
const IMAGES = [
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
  'parsely-image-url',
  'sailthru.image.full',
  'thumbnail',
];
const TAGS = [
  'article:tag',
  'keywords',
  'news_keywords',
  'parsely-tags',
  'sailthru.tags',
  'citation_keywords',
  'dc:subject',
];
const SECTIONS = ['article:section', 'parsely-section'];
const LANGUAGES = ['content-language', 'language', 'dc:language', 'citation_language'];

/**
 * The label of a Twitter card's extra field that says its value is the author: Yoast SEO writes
 * `twitter:label1` "Written by" (in the site's language) and `twitter:data1` the post author's
 * display name on every WordPress post, also where its JSON-LD names no person (a `WebPage`).
 */
/**
 * A label that says the name after it is the author's, in the languages met: Yoast's Twitter card
 * label here, a label element before the name in page.ts. "Contributors:" only with its colon
 * (WCXB dev 4701): "Contributor" alone is a role in a staff box (0513, macrumors.com).
 */
export const AUTHOR_LABEL =
  /^\s*(?:written by|posted by|authors?|contributors?(?=\s*:)|autor(?:in|en)?|auteurs?|verfasst von|geschrieben von|écrit par|escrito por|scritto da|geschreven door|skrivet av|napisane przez)\s*:?\s*$/i;
/** Twitter card label/data pairs read (Yoast writes two, other plugins up to four). */
const MAX_TWITTER_LABELS = 4;

/** The values of the Twitter card fields labelled as the author. */
function labelledAuthors(meta: MetaMap): string[] {
  const out: string[] = [];
  for (let index = 1; index <= MAX_TWITTER_LABELS; index++) {
    const label = meta.get(`twitter:label${index}`)?.[0];
    const data = meta.get(`twitter:data${index}`)?.[0];
    if (label !== undefined && data !== undefined && AUTHOR_LABEL.test(label)) out.push(data);
  }
  return out;
}

/** Groups the `<meta>` values by what they mean. */
export function metaTagData(meta: MetaMap): MetaTagData {
  const authorKeys = AUTHOR_KEYS.filter((key) => (meta.get(key)?.length ?? 0) > 0);
  // A loop into a literal, not `map`: the choice's code reads these lists, and `map`'s array from
  // an empty list has other elements than one of lists (features.ts, `siteKeysOf`).
  const authors: string[][] = [];
  for (const key of authorKeys) authors.push([...(meta.get(key) ?? [])]);
  const labelled = labelledAuthors(meta);
  if (labelled.length > 0) {
    authors.push(labelled);
    authorKeys.push('twitter:label');
  }
  return {
    ogTitle: collect(meta, ['og:title']),
    twitterTitle: collect(meta, ['twitter:title']),
    otherTitles: collect(meta, OTHER_TITLES),
    authors,
    authorKeys,
    published: collect(meta, PUBLISHED),
    modified: collect(meta, MODIFIED),
    ogSiteName: collect(meta, ['og:site_name']),
    otherSiteNames: collect(meta, OTHER_SITE_NAMES),
    descriptions: collect(meta, DESCRIPTIONS),
    images: collect(meta, IMAGES),
    tags: collect(meta, TAGS),
    sections: collect(meta, SECTIONS),
    languages: collect(meta, LANGUAGES),
    ogLocale: collect(meta, ['og:locale']),
    urls: collect(meta, ['og:url', 'twitter:url', 'parsely-link']),
    types: collect(meta, ['og:type']),
  };
}
