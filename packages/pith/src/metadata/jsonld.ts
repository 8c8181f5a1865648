/**
 * JSON-LD (`<script type="application/ld+json">`): lenient parsing, entity
 * collection through `@graph`, arrays and `mainEntity`, `@id` references, the
 * choice of the page's main entity, and reading its fields.
 *
 * Everything is bounded: blocks over `MAX_BLOCK_LENGTH` are skipped, walks stop
 * at `MAX_DEPTH` levels and after `MAX_VISITS` values, lists are capped.
 */
import { type Doc, NodeKind, TAG, tick, tickAt } from '../dom/index.js';

/** Largest JSON-LD block parsed, in characters. */
export const MAX_BLOCK_LENGTH = 2 * 1024 * 1024;
/** Most characters of JSON-LD parsed per page, all blocks together. */
const MAX_TOTAL_LENGTH = 8 * 1024 * 1024;
const MAX_BLOCKS = 64;
/** Deepest nesting walked when looking for entities. */
export const MAX_DEPTH = 24;
/** Most JSON values visited per page. */
const MAX_VISITS = 200_000;
const MAX_LIST = 100;
/** Longest structured body kept, in characters. */
export const MAX_BODY_LENGTH = 1_000_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ── lenient parsing ─────────────────────────────────────────────────────────

const LEADING_WRAPPER = /^\s*(?:\/\/[ \t]*)?(?:<!--|<!\[CDATA\[)/;
const TRAILING_WRAPPER = /(?:\/\/[ \t]*)?(?:-->|\]\]>)\s*$/;

/** Strips the HTML comment and CDATA wrappers pages put around scripts. */
function stripWrappers(text: string): string {
  let out = text;
  for (let round = 0; round < 3; round++) {
    const before = out;
    out = out.replace(LEADING_WRAPPER, '').replace(TRAILING_WRAPPER, '');
    if (out === before) break;
  }
  return out.trim();
}

const VALID_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);

/**
 * One linear pass that fixes what hand-written JSON-LD commonly gets wrong:
 * raw control characters and invalid escapes inside strings, trailing and
 * doubled commas, comments, stray characters between top-level values (`;`),
 * and several top-level values in a row (wrapped into an array).
 */
export function repairJson(text: string): string {
  const out: string[] = [];
  let inString = false;
  let depth = 0;
  let topLevelValues = 0;
  let pendingComma = false;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    tickAt(index, 'metadata'); // a block can be 2 MB (fuzz seed 203, page 3409: 150 ms in one block)
    const ch = text[index];
    const code = ch.charCodeAt(0);
    if (inString) {
      if (ch === '\\') {
        const next = text[index + 1];
        if (next !== undefined && VALID_ESCAPES.has(next)) {
          out.push(ch, next);
        } else if (next !== undefined) {
          out.push(next === '\n' ? '\\n' : next === '\t' ? '\\t' : next === '"' ? '\\"' : next);
        }
        index++;
      } else if (ch === '"') {
        inString = false;
        out.push(ch);
      } else if (code < 0x20) {
        out.push(code === 10 ? '\\n' : code === 9 ? '\\t' : code === 13 ? '\\r' : ' ');
      } else {
        out.push(ch);
      }
      continue;
    }
    if (code <= 0x20 || code === 0xa0 || code === 0xfeff) {
      out.push(' ');
      continue;
    }
    if (ch === '/' && text[index + 1] === '/') {
      const stop = text.indexOf('\n', index);
      index = stop < 0 ? length : stop;
      continue;
    }
    if (ch === '/' && text[index + 1] === '*') {
      const stop = text.indexOf('*/', index + 2);
      index = stop < 0 ? length : stop + 1;
      continue;
    }
    if (ch === ',') {
      if (depth > 0) pendingComma = true;
      continue;
    }
    if (depth === 0 && ch !== '{' && ch !== '[') continue; // `;`, stray text between values
    if (pendingComma) {
      if (ch !== '}' && ch !== ']') out.push(',');
      pendingComma = false;
    }
    if (ch === '{' || ch === '[') {
      if (depth === 0) {
        if (topLevelValues > 0) out.push(',');
        topLevelValues++;
      }
      depth++;
    } else if (ch === '}' || ch === ']') {
      depth = Math.max(0, depth - 1);
    } else if (ch === '"') {
      inString = true;
    }
    out.push(ch);
  }
  const repaired = out.join('');
  return topLevelValues > 1 ? `[${repaired}]` : repaired;
}

/** Parses a JSON-LD block leniently; undefined when it cannot be read. Never throws. */
export function parseJsonLd(text: string): unknown {
  if (text.length > MAX_BLOCK_LENGTH) return undefined;
  const stripped = stripWrappers(text);
  if (stripped.length === 0) return undefined;
  try {
    return JSON.parse(stripped);
  } catch {
    // fall through to the repair pass
  }
  try {
    return JSON.parse(repairJson(stripped));
  } catch {
    return undefined;
  }
}

/** The parsed JSON-LD blocks of a page, in document order (invalid blocks are skipped). */
export function readJsonLdBlocks(doc: Doc): unknown[] {
  const blocks: unknown[] = [];
  let total = 0;
  for (const script of doc.findAll(TAG.script)) {
    const type = doc.attr(script, 'type');
    if (!type || !/ld\+json/i.test(type)) continue;
    const parts: string[] = [];
    let length = 0;
    for (let node = script + 1; node < doc.end(script); node++) {
      tick('metadata');
      if (doc.kind(node) !== NodeKind.Text) continue;
      const text = doc.text(node);
      length += text.length;
      if (length > MAX_BLOCK_LENGTH) break;
      parts.push(text);
    }
    if (length > MAX_BLOCK_LENGTH || length === 0) continue;
    total += length;
    if (total > MAX_TOTAL_LENGTH) break;
    const parsed = parseJsonLd(parts.join(''));
    if (parsed !== undefined && parsed !== null) blocks.push(parsed);
    if (blocks.length >= MAX_BLOCKS) break;
  }
  return blocks;
}

// ── entities ────────────────────────────────────────────────────────────────

/** The short schema.org type names of an entity (`http://schema.org/Article` → `Article`). */
export function typesOf(entity: JsonObject): string[] {
  const raw = entity['@type'];
  const list = Array.isArray(raw) ? raw.slice(0, 10) : [raw];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const name = item.trim().replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, '');
    if (name.length > 0 && name.length < 100) out.push(name);
  }
  return out;
}

const ARTICLE_TYPES = new Set([
  'article',
  'newsarticle',
  'blogposting',
  'report',
  'scholarlyarticle',
  'medicalscholarlyarticle',
  'techarticle',
  'apireference',
  'analysisnewsarticle',
  'opinionnewsarticle',
  'reportagenewsarticle',
  'reviewnewsarticle',
  'backgroundnewsarticle',
  'askpublicnewsarticle',
  'advertisercontentarticle',
  'satiricalarticle',
  'liveblogposting',
  'socialmediaposting',
  'posting',
  'review',
  'criticreview',
  'employerreview',
  'userreview',
  'thesis',
]);
const CONTENT_TYPES = new Set([
  'discussionforumposting',
  'question',
  'product',
  'productgroup',
  'individualproduct',
  'recipe',
  'howto',
  'event',
  'videoobject',
  'audioobject',
  'podcastepisode',
  'episode',
  'movie',
  'book',
  'course',
  'jobposting',
  'dataset',
  'softwareapplication',
  'mobileapplication',
  'webapplication',
  'videogame',
  'musicrecording',
  'musicalbum',
  'creativework',
  'legislation',
  'claimreview',
  'service',
  'localbusiness',
  'restaurant',
  'hotel',
  'place',
  'touristattraction',
]);
const PAGE_TYPES = new Set([
  'webpage',
  'qapage',
  'faqpage',
  'itempage',
  'aboutpage',
  'profilepage',
  'collectionpage',
  'searchresultspage',
  'contactpage',
  'checkoutpage',
  'medicalwebpage',
  'realestatelisting',
]);

/** How likely an entity of these schema.org types is the page's main entity: 3 article, 2 other content, 1 web page, 0 never. */
export function rank(types: readonly string[]): number {
  let best = 0;
  for (const type of types) {
    const lower = type.toLowerCase();
    if (ARTICLE_TYPES.has(lower) || lower.endsWith('article')) best = Math.max(best, 3);
    else if (CONTENT_TYPES.has(lower)) best = Math.max(best, 2);
    else if (PAGE_TYPES.has(lower) || lower.endsWith('page')) best = Math.max(best, 1);
  }
  return best;
}

interface Collected {
  /** Typed objects where a main entity may sit (top level, `@graph`, `mainEntity`), in order. */
  candidates: JsonObject[];
  /** Every object with an `@id` and something besides it, by id. */
  ids: Map<string, JsonObject>;
  /** The first WebSite entity anywhere. */
  website: JsonObject | undefined;
}

function collect(blocks: readonly unknown[]): Collected {
  const candidates: JsonObject[] = [];
  const ids = new Map<string, JsonObject>();
  let website: JsonObject | undefined;
  let visits = 0;
  // Explicit stack: [value, depth, is a candidate position]. No recursion, so no stack overflow.
  const stack: [unknown, number, boolean][] = [];
  for (let index = blocks.length - 1; index >= 0; index--) stack.push([blocks[index], 0, true]);
  while (stack.length > 0 && visits < MAX_VISITS) {
    tick('metadata');
    const [value, depth, candidate] = stack.pop() as [unknown, number, boolean];
    visits++;
    if (depth > MAX_DEPTH) continue;
    if (Array.isArray(value)) {
      const stop = Math.min(value.length, MAX_VISITS);
      for (let index = stop - 1; index >= 0; index--) {
        const item = value[index];
        if (typeof item === 'object' && item !== null) stack.push([item, depth + 1, candidate]);
      }
      continue;
    }
    if (!isObject(value)) continue;
    const id = value['@id'];
    if (typeof id === 'string' && !ids.has(id)) {
      let keys = 0;
      for (const _ in value) if (++keys > 1) break;
      if (keys > 1) ids.set(id, value);
    }
    if (value['@type'] !== undefined) {
      if (candidate) candidates.push(value);
      if (!website && typesOf(value).some((type) => type.toLowerCase() === 'website')) website = value;
    }
    const children: [unknown, boolean][] = [];
    for (const key in value) {
      const child = value[key];
      if (typeof child !== 'object' || child === null) continue;
      const childCandidate =
        key === '@graph' || key === 'mainEntity' || (key === 'mainEntityOfPage' && isObject(child));
      children.push([child, childCandidate]);
    }
    for (let index = children.length - 1; index >= 0; index--) {
      stack.push([children[index][0], depth + 1, children[index][1]]);
    }
  }
  return { candidates, ids, website };
}

// ── reading values ──────────────────────────────────────────────────────────

function resolve(value: Json | undefined, ids: Map<string, JsonObject>): Json | undefined {
  if (isObject(value) && typeof value['@id'] === 'string') {
    let keys = 0;
    for (const _ in value) if (++keys > 1) break;
    if (keys === 1) return ids.get(value['@id']) ?? value;
  }
  return value;
}

/** A text value: a string, a number, the first usable item of an array, or `@value`/`name` of an object. */
function textOf(value: Json | undefined, ids: Map<string, JsonObject>, depth = 0): string | undefined {
  if (depth > 4 || value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim().length > 0 ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const item of value.slice(0, MAX_LIST)) {
      const text = textOf(item, ids, depth + 1);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (isObject(value)) {
    const resolved = resolve(value, ids);
    if (!isObject(resolved)) return textOf(resolved, ids, depth + 1);
    return textOf(resolved['@value'] ?? resolved.name ?? resolved.text, ids, depth + 1);
  }
  return undefined;
}

/** Every text value of a possibly-array property (for keywords, sections). */
function textsOf(value: Json | undefined, ids: Map<string, JsonObject>): string[] {
  const list = Array.isArray(value) ? value.slice(0, MAX_LIST) : [value];
  const out: string[] = [];
  for (const item of list) {
    const text = textOf(item, ids);
    if (text !== undefined) out.push(text);
  }
  return out;
}

/** Schema.org types of organisations (an author of one of these types is a publisher, not a person). */
const ORGANIZATION_TYPE =
  /^(?:organization|newsmediaorganization|corporation|ngo|governmentorganization|educationalorganization|collegeoruniversity|localbusiness|onlinebusiness|researchorganization|medicalorganization|project|brand|website)$/i;

/**
 * Author names from a string, a Person/Organization (with `name` or given+family
 * names), or an array. With `organizations`, names of Organization-typed
 * entities go there instead of the result.
 */
function namesOf(
  value: Json | undefined,
  ids: Map<string, JsonObject>,
  depth = 0,
  organizations?: string[],
): string[] {
  if (depth > 4 || value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim().length > 0 ? [value] : [];
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value.slice(0, MAX_LIST))
      for (const name of namesOf(item, ids, depth + 1, organizations)) out.push(name);
    return out;
  }
  const resolved = resolve(value, ids);
  if (!isObject(resolved)) return namesOf(resolved, ids, depth + 1, organizations);
  if (organizations && typesOf(resolved).some((type) => ORGANIZATION_TYPE.test(type))) {
    for (const name of namesOf(resolved, ids, depth + 1)) organizations.push(name);
    return [];
  }
  const name = textOf(resolved.name, ids, depth + 1);
  if (name !== undefined) return [name];
  const given = textOf(resolved.givenName, ids, depth + 1);
  const family = textOf(resolved.familyName, ids, depth + 1);
  if (given !== undefined || family !== undefined) return [[given, family].filter(Boolean).join(' ')];
  return [];
}

/** URLs from a string, an ImageObject (`url`, `contentUrl`), or an array of either. */
function urlsOf(value: Json | undefined, ids: Map<string, JsonObject>, depth = 0): string[] {
  if (depth > 4 || value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim().length > 0 ? [value] : [];
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value.slice(0, 10)) for (const url of urlsOf(item, ids, depth + 1)) out.push(url);
    return out;
  }
  const resolved = resolve(value, ids);
  if (!isObject(resolved)) return urlsOf(resolved, ids, depth + 1);
  return urlsOf(resolved.url ?? resolved.contentUrl ?? resolved['@id'], ids, depth + 1);
}

/** What the page's JSON-LD says (raw values, not yet cleaned). */
export interface JsonLdData {
  /** The `@type`s of the main entity. */
  types: string[];
  headline?: string;
  name?: string;
  authors: string[];
  /** Authors given as Organization entities (a publisher named as author). */
  organizationAuthors: string[];
  published?: string;
  modified?: string;
  publisher?: string;
  /** The `name` of a WebSite entity. */
  websiteName?: string;
  description?: string;
  images: string[];
  keywords: string[];
  sections: string[];
  language?: string;
  url?: string;
  body?: string;
  /** The `name` of the page's WebPage entity, when the main entity is another. */
  pageName?: string;
  /** The name of a BreadcrumbList's last item (the page itself, on most sites). */
  breadcrumb?: string;
}

/** A JsonLdData with every list empty and nothing else known. */
function emptyData(): JsonLdData {
  return { types: [], authors: [], organizationAuthors: [], images: [], keywords: [], sections: [] };
}

const EMPTY: JsonLdData = Object.freeze(emptyData());

function dateOf(entity: JsonObject | undefined, keys: readonly string[], ids: Map<string, JsonObject>) {
  if (!entity) return undefined;
  for (const key of keys) {
    const value = Object.hasOwn(entity, key) ? entity[key] : undefined;
    if (typeof value === 'number') return String(value);
    const text = textOf(value, ids);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The name of a BreadcrumbList's last item (`name`, or its `item`'s name). */
function lastItemName(list: JsonObject, ids: Map<string, JsonObject>): string | undefined {
  const items = list.itemListElement;
  if (!Array.isArray(items) || items.length === 0) return undefined;
  let last: Json | undefined;
  let lastPosition = Number.NEGATIVE_INFINITY;
  for (const raw of items.slice(0, MAX_LIST)) {
    const item = resolve(raw, ids);
    if (!isObject(item)) continue;
    const position = Number(item.position);
    // Items are listed in order on most pages; a position says it when they are not.
    if (!Number.isFinite(position) || position >= lastPosition) {
      last = item;
      if (Number.isFinite(position)) lastPosition = position;
    }
  }
  if (!isObject(last)) return undefined;
  const inner = resolve(last.item, ids);
  return textOf(last.name, ids) ?? (isObject(inner) ? textOf(inner.name, ids) : undefined);
}

/** Reads the main entity (and the page's WebPage and WebSite entities) out of parsed blocks. */
export function jsonLdData(blocks: readonly unknown[]): JsonLdData {
  if (blocks.length === 0) return EMPTY;
  const { candidates, ids, website } = collect(blocks);
  let main: JsonObject | undefined;
  let mainRank = 0;
  let page: JsonObject | undefined;
  let breadcrumb: string | undefined;
  for (const entity of candidates) {
    const types = typesOf(entity);
    if (breadcrumb === undefined && types.includes('BreadcrumbList')) breadcrumb = lastItemName(entity, ids);
    const entityRank = rank(types);
    if (entityRank > mainRank) {
      main = entity;
      mainRank = entityRank;
    }
    if (entityRank === 1 && !page) page = entity;
  }
  if (breadcrumb === undefined && page) {
    const nested = resolve(page.breadcrumb, ids);
    if (isObject(nested)) breadcrumb = lastItemName(nested, ids);
  }
  const data = emptyData();
  if (breadcrumb !== undefined) data.breadcrumb = breadcrumb;
  if (website) data.websiteName = textOf(website.name, ids) ?? textOf(website.alternateName, ids);
  const fallback = page !== main ? page : undefined;
  if (fallback) data.pageName = textOf(fallback.name, ids);
  if (!main) return data;

  // The most telling type first: ["CreativeWork", "ScholarlyArticle"] → ScholarlyArticle.
  data.types = typesOf(main)
    .map((type, index) => ({ type, index, rank: rank([type]) }))
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .map(({ type }) => type);
  data.headline = textOf(main.headline, ids) ?? textOf(main.alternativeHeadline, ids);
  data.name = textOf(main.name, ids);
  data.authors = namesOf(
    main.author ?? main.creator ?? fallback?.author,
    ids,
    0,
    data.organizationAuthors,
  ).slice(0, MAX_LIST);
  data.published = dateOf(main, ['datePublished', 'dateCreated', 'uploadDate', 'startDate'], ids);
  data.published ??= dateOf(fallback, ['datePublished', 'dateCreated'], ids);
  data.modified = dateOf(main, ['dateModified'], ids) ?? dateOf(fallback, ['dateModified'], ids);
  const publisher = namesOf(main.publisher ?? main.sourceOrganization ?? fallback?.publisher, ids);
  if (publisher.length > 0) data.publisher = publisher[0];
  data.description = textOf(main.description, ids) ?? textOf(fallback?.description, ids);
  data.images = urlsOf(
    main.image ?? main.thumbnailUrl ?? fallback?.image ?? fallback?.primaryImageOfPage,
    ids,
  );
  data.keywords = textsOf(main.keywords, ids);
  data.sections = textsOf(main.articleSection, ids);
  data.language = textOf(main.inLanguage, ids) ?? textOf(fallback?.inLanguage, ids);
  data.url = urlsOf(main.url ?? fallback?.url, ids)[0];

  const body = textOf(main.articleBody, ids) ?? textOf(main.reviewBody, ids) ?? textOf(main.text, ids);
  if (body !== undefined) data.body = body;
  else if (data.types.some((type) => /^product/i.test(type))) data.body = data.description;
  return data;
}
