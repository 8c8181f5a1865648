/**
 * URL cues for the page type: host labels and path patterns that many sites
 * share because their software or conventions produce them (Discourse's `/t/`,
 * phpBB's `viewtopic.php`, Shopify's `/products/` and `/collections/`, Amazon-
 * style `/dp/`, docs hosts, dated article paths). Generic patterns only: no
 * site is named.
 */

/** The URL features, in the order `urlFeatures` writes them. */
export const URL_FEATURE_NAMES = [
  'url.present',
  'url.isRoot',
  'url.depth',
  'url.lastSegmentWords',
  'url.lastSegmentHasId',
  'url.endsWithSlash',
  'url.hasQuery',
  'url.scriptExtension',
  'url.datePath',
  'url.forumHost',
  'url.forumPath',
  'url.docsHost',
  'url.docsPath',
  'url.productPath',
  'url.collectionPath',
  'url.listingPath',
  'url.listingEnd',
  'url.servicePath',
  'url.articlePath',
  'url.shopHost',
  'url.itemId',
  'url.storyWord',
] as const;

export type UrlFeatureName = (typeof URL_FEATURE_NAMES)[number];

const FORUM_HOST = /^(?:forums?|community|communities|discuss|discussions?|boards?|answers|talk|bbs|board)\./;
/** `stackexchange.com` subdomains and the like: a Q&A host under any name. */
const FORUM_HOST_ANYWHERE = /(?:^|\.)(?:stackexchange|discourse)\.|(?:^|\.)forums?\./;
const FORUM_PATH =
  /\/t\/[^/]+\/\d+|\/t\/\d+|viewtopic|showthread|viewthread|\/threads?\/|\/topics?\/[^/]*\d|\/questions\/\d+|\/forums?\/|\/discussions?\/|\/community\/|\/comments\/[a-z0-9]+\/|\/d\/\d+/;
const DOCS_HOST =
  /^(?:docs?|developers?|devdocs|dev|wiki|api|manual|reference|learn|help|support|kb)\.|\.(?:readthedocs\.io|gitbook\.io|github\.io)$/;
const DOCS_PATH =
  /\/(?:docs?|documentation|api|apis|reference|ref|manual|man|guide|guides|userguide|user-guide|handbook|library|tutorials?|wiki|kb|knowledge-?base|howto|sdk|cli)(?:\/|$|\.)|\/(?:latest|stable|master|main|v?\d+(?:\.\d+)+)\//;
const PRODUCT_PATH =
  /\/dp\/|\/gp\/product|\/products?\/[^/]+|\/p\/[^/]+|\/item\/[^/]+|\/pd\/|-p-\d+|\/sku\/|\/buy\/[^/]+/;
/** Category folders anywhere; `/shop`, `/store`, `/products` only as the last segment (`/products/x` is one product). */
const COLLECTION_PATH =
  /\/(?:collections?|categor(?:y|ies)|c|catalog|catalogue|department|brands?|range)(?:\/|$)|\/(?:shop|store|products)\/?$/;
const LISTING_PATH =
  /\/(?:tags?|topics|archives?|page\/\d+|search|latest|authors?|series|issues|events|all|list)(?:\/|$)/;
const LISTING_END =
  /\/(?:news|blog|blogs|articles|posts|stories|press|press-releases|insights|resources|updates|events|courses|programs|podcasts?|videos|jobs|careers)\/?$/;
const SERVICE_PATH =
  /\/(?:services?|pricing|plans?|solutions?|consulting|contact(?:-us)?|about(?:-us)?|hire|quote|get-a-quote|book(?:ing)?|appointments?|packages|features|why-[^/]+|testimonials|reviews|programs?|courses?|certificat[^/]*|training|tuition[^/]*|insurance|membership)(?:\/|$|-)/;
const ARTICLE_PATH =
  /\/\d{4}\/\d{1,2}\/|\/(?:blog|news|articles?|posts?|stories|story|insights|features|opinion|magazine|journal|pulse)\/[^/]+/;
const DATE_PATH = /\/(?:19|20)\d{2}[/-]\d{1,2}[/-]|\/(?:19|20)\d{2}\/\d{1,2}\b|\b(?:19|20)\d{6}\b/;
/** A long number or id parameter anywhere: one item of a database (a story, a post, a product). */
const ITEM_ID = /\d{5,}|[?&](?:[a-z_]*id|s|p|story[a-z]*|article[a-z]*|nid|sid)=[\w-]{3,}/;
/** Old and new article URL words, with or without a slug. */
const STORY_WORD =
  /(?:^|[/_.-])(?:articles?|story|stories|storyid|news|newsid|detail|display[-_]?article|feedarticle|item|entry|post|blog)(?:$|[/_.\d-])|(?:article|story)(?:id)?=/;
const SHOP_HOST = /^(?:shop|store|buy|boutique)\./;
const SCRIPT_EXTENSION = /\.(?:php|aspx?|jsp|cfm|cgi|pl|html?)$/;

/** Parses an http(s) URL; undefined for anything else. */
function parseUrl(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the URL features into `out` from `offset` on (all zero when there is no usable URL). */
export function urlFeatures(url: string | undefined, out: Float32Array, offset: number): void {
  for (let index = 0; index < URL_FEATURE_NAMES.length; index++) out[offset + index] = 0;
  const parsed = parseUrl(url);
  if (!parsed) return;
  const host = parsed.hostname.toLowerCase().replace(/^www\d*\./, '');
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname).toLowerCase();
  } catch {
    path = parsed.pathname.toLowerCase();
  }
  const segments = path.split('/').filter((segment) => segment.length > 0);
  const last = segments.length > 0 ? segments[segments.length - 1] : '';
  const lastStem = last.replace(SCRIPT_EXTENSION, '');
  const words = lastStem.split(/[-_+.\s]+/).filter((word) => /\p{L}/u.test(word));
  let at = offset;
  out[at++] = 1;
  out[at++] = segments.length === 0 ? 1 : 0;
  out[at++] = Math.min(segments.length, 8);
  out[at++] = Math.min(words.length, 20);
  out[at++] = /\d{3,}/.test(lastStem) ? 1 : 0;
  out[at++] = path.length > 1 && path.endsWith('/') ? 1 : 0;
  out[at++] = parsed.search.length > 1 ? 1 : 0;
  out[at++] = SCRIPT_EXTENSION.test(last) ? 1 : 0;
  out[at++] = DATE_PATH.test(path) ? 1 : 0;
  out[at++] = FORUM_HOST.test(host) || FORUM_HOST_ANYWHERE.test(host) ? 1 : 0;
  out[at++] = FORUM_PATH.test(path) || /viewtopic|showthread/.test(parsed.search) ? 1 : 0;
  out[at++] = DOCS_HOST.test(host) ? 1 : 0;
  out[at++] = DOCS_PATH.test(path) ? 1 : 0;
  out[at++] = PRODUCT_PATH.test(path) ? 1 : 0;
  out[at++] = COLLECTION_PATH.test(path) ? 1 : 0;
  out[at++] = LISTING_PATH.test(path) ? 1 : 0;
  out[at++] = LISTING_END.test(path) ? 1 : 0;
  out[at++] = SERVICE_PATH.test(path) ? 1 : 0;
  out[at++] = ARTICLE_PATH.test(path) ? 1 : 0;
  out[at++] = SHOP_HOST.test(host) ? 1 : 0;
  const pathAndQuery = `${path}${parsed.search.toLowerCase()}`;
  out[at++] = ITEM_ID.test(pathAndQuery) ? 1 : 0;
  out[at++] = STORY_WORD.test(pathAndQuery) ? 1 : 0;
}
