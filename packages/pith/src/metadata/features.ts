/**
 * The features of each candidate (candidates.ts) the learned choice reads: where the value comes
 * from, its shape, how it agrees with the page's other candidates and headings, and what kind of
 * page it is on. One row per candidate, plus one row for "the page does not say" (`none`), whose
 * candidate features are missing (NaN) and whose page features are those of every row.
 */

import { checkDeadline } from '../dom/index.js';
import { PAGE_TYPES } from '../page-types.js';
import {
  AUTHOR_SOURCES,
  type AuthorCandidate,
  type Candidates,
  DATE_SOURCES,
  type DateCandidate,
  TITLE_FORMS,
  TITLE_SOURCES,
  type TitleCandidate,
  titleKey,
} from './candidates.js';
import { dayOf, headlineIsSitePart, hostKey, isHomePage, type Sources } from './merge.js';
import { keptWords, looseKey, parsedUrl, similarity } from './text.js';
import type { Metadata } from './types.js';

/** The page types of the page-type recogniser, in its order: their probabilities are given to the choice from outside. */
export const PAGE_TYPE_NAMES = PAGE_TYPES;

/** What every row of a page carries: the page's kind, its language, how much it says. */
export const PAGE_FEATURES = [
  'page.declaresArticle',
  'page.declaresRecord',
  'page.declaresProduct',
  'page.jsonLd',
  'page.home',
  'page.urlDepth',
  'page.urlDate',
  'page.forumUrl',
  'page.h1s',
  'page.english',
  'page.german',
  'page.romance',
  'page.candidates',
  ...PAGE_TYPE_NAMES.map((type) => `page.type.${type}`),
] as const;

const MISSING = Number.NaN;

/** One value per name of a list, in a table without a prototype (an unlisted name reads undefined). */
function byName<const Names extends readonly string[]>(
  names: Names,
  value: (name: Names[number], index: number) => number,
): Readonly<Record<Names[number], number>> {
  const table = Object.create(null) as Record<Names[number], number>;
  names.forEach((name: Names[number], index) => {
    table[name] = value(name, index);
  });
  return table;
}

/** Each feature name's column, for rows filled by name (a lookup, not a search per feature). */
function columnsOf<const Names extends readonly string[]>(
  names: Names,
): Readonly<Record<Names[number], number>> {
  return byName(names, (_, index) => index);
}

/** Words (letters and digits, lower case) of a text. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Share of a's words found in b's. */
function cover(a: readonly string[], b: ReadonlySet<string>): number {
  if (a.length === 0) return MISSING;
  let found = 0;
  for (const word of a) if (b.has(word)) found++;
  return found / a.length;
}

interface PageFacts {
  url: string | undefined;
  /** `YYYY-MM` when the URL's path names a year and a month (`/2008/09/…`). */
  urlMonth?: string;
  host: string | undefined;
  /** Words of the URL's last path segment (its slug). */
  slug: Set<string>;
  /**
   * The page's features, as every row of the page carries them (float32: copied into a row as they
   * are); in PAGE_VALUES, valid until the next page's facts (candidateRows copies them into its rows).
   */
  values: Float32Array;
}

/** Where `pageFacts` writes a page's features: one array for every page, not one made per page. */
const PAGE_VALUES = new Float32Array(PAGE_FEATURES.length);

const FORUM_URL =
  /\/(?:t|threads?|topics?|forums?|community|discussions?|questions)\/|forum|community\.|\/showthread|viewtopic/i;

function pageFacts(
  sources: Sources,
  url: string | undefined,
  candidateCount: number,
  pageType: ArrayLike<number> | undefined,
): PageFacts {
  const { jsonld, meta, page } = sources;
  const types = jsonld.types;
  let ogArticle = false;
  let ogProduct = false;
  for (const type of meta.types) {
    const name = type.trim().toLowerCase();
    if (name === 'article') ogArticle = true;
    else if (name === 'product') ogProduct = true;
  }
  const path = (url === undefined ? undefined : parsedUrl(url)?.pathname) ?? '';
  const segments = path.split('/').filter((segment) => segment.length > 0);
  const last = segments.length > 0 ? segments[segments.length - 1] : '';
  const language = (page.lang ?? meta.languages[0] ?? '').toLowerCase().slice(0, 2);
  const values = PAGE_VALUES;
  const pageOwn = [
    (types.length > 0 && /(?:Article|BlogPosting|Report|Posting)$/.test(types[0])) || ogArticle ? 1 : 0,
    types.length > 0 && /(?:Page|WebSite|Organization|Business|Place|Service)$/.test(types[0]) ? 1 : 0,
    (types.length > 0 && /^(?:Product|ProductGroup|IndividualProduct|Offer)$/.test(types[0])) || ogProduct
      ? 1
      : 0,
    types.length > 0 ? 1 : 0,
    isHomePage(url) ? 1 : 0,
    segments.length,
    /\/(?:19|20)\d\d[/-]?(?:0[1-9]|1[0-2])\b/.test(path) ? 1 : 0,
    url !== undefined && FORUM_URL.test(url) ? 1 : 0,
    page.h1s.length,
    language === 'en' ? 1 : 0,
    language === 'de' ? 1 : 0,
    /^(?:fr|es|it|pt)$/.test(language) ? 1 : 0,
    candidateCount,
  ];
  // Written in place: `Float32Array.from` over a spread array took the iterator's way.
  values.set(pageOwn);
  for (let index = 0; index < PAGE_TYPE_NAMES.length; index++)
    values[pageOwn.length + index] = pageType === undefined ? MISSING : pageType[index];
  const month = /\/((?:19|20)\d\d)[/-](0[1-9]|1[0-2])(?=[/-])/.exec(path);
  return {
    url,
    ...(month ? { urlMonth: `${month[1]}-${month[2]}` } : {}),
    host: hostKey(url),
    slug: new Set(wordsOf(decodeSafe(last).replace(/\.\w{2,5}$/, ''))),
    values,
  };
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ── titles ──────────────────────────────────────────────────────────────────

const TITLE_OWN = [
  'none',
  ...TITLE_SOURCES.map((source) => `src.${source}`),
  ...TITLE_SOURCES.map((source) => `whole.${source}`),
  ...TITLE_FORMS.filter((form) => form !== 'whole').map((form) => `form.${form}`),
  'sources',
  'declared',
  'minParts',
  'words',
  'chars',
  'relChars',
  'upperShare',
  'capitalShare',
  'digits',
  'year',
  'question',
  'separator',
  'pipe',
  'colon',
  'namesSite',
  'namesHost',
  'likeH1',
  'isH1',
  'holdsH1',
  'inH1',
  'likeTitle',
  'inTitle',
  'likeOg',
  'isRules',
  'likeRules',
  'slugCover',
  'slugShare',
  'h1Index',
  'h1Chrome',
  'h1Main',
  'h1Segments',
  'h1At',
  'prefixOfOther',
  'otherIsPrefix',
  'truncated',
] as const;

const TITLE_AT = columnsOf(TITLE_OWN);

export const TITLE_FEATURES: readonly string[] = [
  ...TITLE_OWN.map((name) => `title.${name}`),
  ...PAGE_FEATURES,
];

const SEPARATOR = /\s(?:[|｜\-–—·•»~/]|::)\s/;
/** One letter, one capital letter, at `lastIndex`. */
const LETTER_AT = /\p{L}/uy;
const UPPER_AT = /\p{Lu}/uy;
/** A word (a run between `\s`, as `split(/\s+/)` cuts) that starts with a letter, with a capital letter. */
const LETTER_WORD = /(?:^|\s)\p{L}/gu;
const CAPITAL_WORD = /(?:^|\s)\p{Lu}/gu;

/**
 * The letters (`upper`: the capital letters) of `text`, in code points: the count of
 * `text.match(/\p{L}/gu)`, read in place, ASCII by its codes. Matching the runs (`/\p{L}+/gu`)
 * made an array and a string a run, twice a title row (5 KB a page, s43-alloc).
 */
export function letterCount(text: string, upper: boolean): number {
  const pattern = upper ? UPPER_AT : LETTER_AT;
  let count = 0;
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at);
    if (code < 128) {
      if ((code >= 65 && code <= 90) || (!upper && code >= 97 && code <= 122)) count++;
      at++;
      continue;
    }
    pattern.lastIndex = at;
    if (pattern.test(text)) count++;
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
    at += pair ? 2 : 1;
  }
  return count;
}

/** How many times `pattern` (global, never empty) matches `text`, without the matches' array. */
export function matchCount(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.test(text)) count++;
  return count;
}

/**
 * Each title source's columns (`src.…`, `whole.…`) and bit, by source, and each form's column: a
 * mention's columns are looked up by its source, not found by a name built per mention.
 */
const TITLE_SOURCE_AT = byName(
  TITLE_SOURCES,
  // own-keys: a feature name of the table (made by columnsOf without a prototype)
  (source) => TITLE_AT[`src.${source}` as (typeof TITLE_OWN)[number]],
);
const TITLE_WHOLE_AT = byName(
  TITLE_SOURCES,
  // own-keys: a feature name of the table (made by columnsOf without a prototype)
  (source) => TITLE_AT[`whole.${source}` as (typeof TITLE_OWN)[number]],
);
const TITLE_SOURCE_BIT = byName(TITLE_SOURCES, (_, index) => 1 << index);
// own-keys: a feature name of the table (made by columnsOf without a prototype; 'form.whole' is none: undefined, never read)
const TITLE_FORM_AT = byName(TITLE_FORMS, (form) => TITLE_AT[`form.${form}` as (typeof TITLE_OWN)[number]]);
/** The declared sources (`<meta>`, JSON-LD, microdata), as bits of TITLE_SOURCE_BIT. */
const DECLARED_TITLE_SOURCES = TITLE_SOURCES.reduce(
  (bits, source, index) => (/^(?:og|twitter|ld\.|micro|meta\.)/.test(source) ? bits | (1 << index) : bits),
  0,
);

/** Set bits of a 32-bit mask. */
function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/**
 * Longest reference a title candidate is compared with (its `<h1>`, `<title>`, og:title, the rules'
 * title), five times a candidate's (400): a hostile page's `<title>` left open held megabytes, keyed
 * and compared again for each of forty candidates (fuzz seed 13 page 1216: 0.5 s a row). No WCXB dev
 * page has a longer one (bench/speed/metadata-identical.ts: its metadata unchanged).
 */
const MAX_REFERENCE = 2000;
function reference(text: string): string {
  return text.length > MAX_REFERENCE ? text.slice(0, MAX_REFERENCE) : text;
}

/**
 * A page's site names' loose keys of three characters or more. Built by a loop into an array
 * literal, not `map` then `filter`: the array `map` makes from an empty list has other elements
 * than one of strings, and code optimised for one was thrown away at the other (a "wrong map"
 * deoptimisation, then a recompile of the whole row function, again and again in a warm process).
 */
function siteKeysOf(siteNames: readonly string[]): string[] {
  const keys: string[] = [];
  for (const name of siteNames) {
    const key = looseKey(name);
    if (key.length >= 3) keys.push(key);
  }
  return keys;
}

/** Feature rows of a page's title candidates (the last row is `none`), row-major. */
export function titleRows(
  candidates: readonly TitleCandidate[],
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  facts: PageFacts,
  stores?: RowStores,
): Float32Array {
  const { page, meta } = sources;
  const width = TITLE_FEATURES.length;
  const at = TITLE_AT;
  const out = rowsOut(0, (candidates.length + 1) * width, stores).fill(MISSING);
  const h1 = reference(page.h1s[0] ?? '');
  const h1Key = titleKey(h1);
  const documentTitle = reference(page.title ?? '');
  const documentKey = titleKey(documentTitle);
  const og = reference(meta.ogTitle[0] ?? '');
  const rulesTitle = reference(rules.title ?? '');
  const rulesKey = titleKey(rulesTitle);
  const siteKeys = siteKeysOf(siteNames);
  // The first <h1> is the <title>'s site part (headlineIsSitePart): a site's name, as og:site_name's would be.
  const shownSite =
    h1Key !== '' && headlineIsSitePart(documentTitle, h1, [...page.subheadings, ...page.h1s.slice(1)])
      ? h1Key
      : undefined;
  const h1Keys: string[] = [];
  for (let index = 0; index < page.h1s.length && index < 5; index++) h1Keys.push(titleKey(page.h1s[index]));
  const longest = candidates.reduce((max, candidate) => Math.max(max, candidate.text.length), 1);
  const ownWidth = TITLE_OWN.length;
  const place = page.h1Place;
  const slug = facts.slug;
  const slugWords = [...slug];
  for (let row = 0; row < candidates.length; row++) {
    // A row reads its candidate against the page's references (similarity, words): tens of ms on a
    // hostile page of repeated copies (fuzz seed 13 page 1216: 40 rows, 1.4 s without a check).
    checkDeadline('metadata');
    const candidate = candidates[row];
    const base = row * width;
    out.fill(0, base, base + ownWidth);
    const text = candidate.text;
    const key = candidate.key;
    // The sources seen, as bits (13 sources): their count and the declared ones' without a set.
    let seen = 0;
    let minParts = Number.POSITIVE_INFINITY;
    for (const mention of candidate.mentions) {
      seen |= TITLE_SOURCE_BIT[mention.source];
      out[base + TITLE_SOURCE_AT[mention.source]] += 1;
      if (mention.form === 'whole') out[base + TITLE_WHOLE_AT[mention.source]] += 1;
      else out[base + TITLE_FORM_AT[mention.form]] += 1;
      minParts = Math.min(minParts, mention.parts);
    }
    out[base + at.sources] = bitCount(seen);
    out[base + at.declared] = bitCount(seen & DECLARED_TITLE_SOURCES);
    out[base + at.minParts] = minParts;
    // Kept with the text for `similarity` below, which reads the same words (made once, not twice).
    const words = keptWords(text);
    out[base + at.words] = words.length;
    out[base + at.chars] = text.length;
    out[base + at.relChars] = text.length / longest;
    const letters = letterCount(text, false);
    out[base + at.upperShare] = letters === 0 ? 0 : letterCount(text, true) / letters;
    const letterWords = matchCount(text, LETTER_WORD);
    out[base + at.capitalShare] = letterWords === 0 ? 0 : matchCount(text, CAPITAL_WORD) / letterWords;
    out[base + at.digits] = /\d/.test(text) ? 1 : 0;
    out[base + at.year] = /\b(?:19|20)\d\d\b/.test(text) ? 1 : 0;
    out[base + at.question] = text.endsWith('?') ? 1 : 0;
    out[base + at.separator] = SEPARATOR.test(text) ? 1 : 0;
    out[base + at.pipe] = /[|｜]/.test(text) ? 1 : 0;
    out[base + at.colon] = text.includes(': ') ? 1 : 0;
    const loose = looseKey(text);
    out[base + at.namesSite] =
      key === shownSite || siteKeys.includes(loose)
        ? 2
        : siteKeys.some((site) => loose.includes(site))
          ? 1
          : 0;
    out[base + at.namesHost] = facts.host !== undefined && loose.includes(facts.host) ? 1 : 0;
    out[base + at.likeH1] = h1 === '' ? MISSING : similarity(text, h1);
    out[base + at.isH1] = h1Key !== '' && key === h1Key ? 1 : 0;
    out[base + at.holdsH1] = h1Key !== '' && key !== h1Key && key.includes(h1Key) ? 1 : 0;
    out[base + at.inH1] = h1Key !== '' && key !== h1Key && h1Key.includes(key) ? 1 : 0;
    out[base + at.likeTitle] = documentTitle === '' ? MISSING : similarity(text, documentTitle);
    out[base + at.inTitle] = documentKey !== '' && documentKey.includes(key) ? 1 : 0;
    out[base + at.likeOg] = og === '' ? MISSING : similarity(text, og);
    out[base + at.isRules] = rulesKey !== '' && key === rulesKey ? 1 : 0;
    out[base + at.likeRules] = rulesTitle === '' ? MISSING : similarity(text, rulesTitle);
    out[base + at.slugCover] = slug.size === 0 ? MISSING : cover(words, slug);
    out[base + at.slugShare] = slug.size === 0 ? MISSING : cover(slugWords, new Set(words));
    out[base + at.h1Index] = h1Keys.indexOf(key);
    const ownH1 = place !== undefined && key === h1Key;
    out[base + at.h1Chrome] = ownH1 ? (place.chrome ? 1 : 0) : MISSING;
    out[base + at.h1Main] = ownH1 ? (place.main ? 1 : 0) : MISSING;
    out[base + at.h1Segments] = ownH1 ? place.segments : MISSING;
    out[base + at.h1At] = ownH1 && page.textNodes > 0 ? place.at / page.textNodes : MISSING;
    let prefixOfOther = 0;
    let otherIsPrefix = 0;
    for (const other of candidates) {
      if (other === candidate) continue;
      if (other.key.startsWith(key)) prefixOfOther = 1;
      if (key.startsWith(other.key)) otherIsPrefix = 1;
    }
    out[base + at.prefixOfOther] = prefixOfOther;
    out[base + at.otherIsPrefix] = otherIsPrefix;
    out[base + at.truncated] = /(?:\.\.\.|…)$/.test(text) ? 1 : 0;
    out.set(facts.values, base + ownWidth);
  }
  const none = candidates.length * width;
  out[none + at.none] = 1;
  out.set(facts.values, none + ownWidth);
  return out;
}

// ── authors ─────────────────────────────────────────────────────────────────

const AUTHOR_OWN = [
  'none',
  ...AUTHOR_SOURCES.map((source) => `src.${source}`),
  'sources',
  'names',
  'words',
  'maxWords',
  'oneWord',
  'digits',
  'lowerOnly',
  'handle',
  'namesSite',
  'namesHost',
  'groupWord',
  'initials',
  'inTitle',
  'isRules',
  'overlapOthers',
  'authorSources',
] as const;

const AUTHOR_AT = columnsOf(AUTHOR_OWN);
/** Each author source's column, by source. */
const AUTHOR_SOURCE_AT = byName(
  AUTHOR_SOURCES,
  // own-keys: a feature name of the table (made by columnsOf without a prototype)
  (source) => AUTHOR_AT[`src.${source}` as (typeof AUTHOR_OWN)[number]],
);

export const AUTHOR_FEATURES: readonly string[] = [
  ...AUTHOR_OWN.map((name) => `author.${name}`),
  ...PAGE_FEATURES,
];

const GROUP_WORD =
  /\b(?:team|staff|editors?|editorial|redaktion|rédaction|redacción|desk|admin|news|media|group|inc|llc|ltd|gmbh|company|magazine|blog)\b/i;

/**
 * `similarity(key, site) >= 0.8` for two different loose keys. A loose key is one word (letters and
 * digits, lower case), so two keys of at most 12 characters each are compared as single words that
 * differ: 0. Only a longer one takes `similarity`'s character bigrams (most names and site names are
 * shorter: their words and bigrams are not made).
 */
export function alikeKeys(key: string, site: string): boolean {
  return (key.length > 12 || site.length > 12) && similarity(key, site) >= 0.8;
}

export function authorRows(
  candidates: readonly AuthorCandidate[],
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  facts: PageFacts,
  stores?: RowStores,
): Float32Array {
  const width = AUTHOR_FEATURES.length;
  const ownWidth = AUTHOR_OWN.length;
  const out = rowsOut(1, (candidates.length + 1) * width, stores).fill(MISSING);
  if (candidates.length === 0) {
    // The "none" row alone (a third of the speed mix's pages): none of the page's texts is read.
    out[AUTHOR_AT.none] = 1;
    out[AUTHOR_AT.authorSources] = 0;
    out.set(facts.values, ownWidth);
    return out;
  }
  const siteKeys = siteKeysOf(siteNames);
  const titleWords = new Set(wordsOf(sources.page.title ?? ''));
  const rulesKeys: string[] = [];
  for (const name of rules.authors) rulesKeys.push(looseKey(name));
  const rulesKey = rulesKeys.sort().join('|');
  const allSources = new Set<string>();
  for (const candidate of candidates) for (const source of candidate.sources) allSources.add(source);
  const at = AUTHOR_AT;
  for (let row = 0; row < candidates.length; row++) {
    checkDeadline('metadata');
    const candidate = candidates[row];
    const base = row * width;
    for (let index = 0; index < ownWidth; index++) out[base + index] = 0;
    for (const source of candidate.sources) out[base + AUTHOR_SOURCE_AT[source]] = 1;
    out[base + at.sources] = candidate.sources.length;
    const names = candidate.names;
    out[base + at.names] = names.length;
    // The names' word counts summed, their largest, whether all are one (no array of them: see siteKeysOf).
    let wordSum = 0;
    let maxWords = Number.NEGATIVE_INFINITY;
    let oneWord = true;
    for (const name of names) {
      const count = name.split(/\s+/).length;
      wordSum += count;
      maxWords = Math.max(maxWords, count);
      if (count !== 1) oneWord = false;
    }
    out[base + at.words] = wordSum / names.length;
    out[base + at.maxWords] = maxWords;
    out[base + at.oneWord] = oneWord ? 1 : 0;
    out[base + at.digits] = names.some((name) => /\d/.test(name)) ? 1 : 0;
    out[base + at.lowerOnly] = names.some((name) => !/\p{Lu}/u.test(name)) ? 1 : 0;
    out[base + at.handle] = names.some((name) => !name.includes(' ') && /[._-]/.test(name)) ? 1 : 0;
    const keys: string[] = [];
    for (const name of names) keys.push(looseKey(name));
    out[base + at.namesSite] = keys.some((key) =>
      siteKeys.some((site) => key === site || alikeKeys(key, site)),
    )
      ? 1
      : 0;
    out[base + at.namesHost] =
      facts.host !== undefined && keys.some((key) => key.includes(facts.host as string)) ? 1 : 0;
    out[base + at.groupWord] = names.some((name) => GROUP_WORD.test(name)) ? 1 : 0;
    out[base + at.initials] = names.some((name) => /\b\p{Lu}\.\s/u.test(name)) ? 1 : 0;
    out[base + at.inTitle] = titleWords.size === 0 ? MISSING : cover(wordsOf(names.join(' ')), titleWords);
    out[base + at.isRules] = rulesKey !== '' && candidate.key === rulesKey ? 1 : 0;
    const own = new Set(keys);
    let overlap = 0;
    for (const other of candidates) {
      if (other === candidate) continue;
      if (other.names.some((name) => own.has(looseKey(name)))) overlap += other.sources.length;
    }
    out[base + at.overlapOthers] = overlap;

    out[base + at.authorSources] = allSources.size;
    out.set(facts.values, base + ownWidth);
  }
  const none = candidates.length * width;
  out[none + AUTHOR_AT.none] = 1;
  out[none + AUTHOR_AT.authorSources] = allSources.size;
  out.set(facts.values, none + ownWidth);
  return out;
}

// ── dates ───────────────────────────────────────────────────────────────────

const DATE_OWN = [
  'none',
  ...DATE_SOURCES.map((source) => `src.${source}`),
  'shownRank',
  'shownDistance',
  'shownBefore',
  'mentions',
  'sources',
  'time',
  'earliest',
  'latest',
  'daysToEarliest',
  'daysToLatest',
  'daysToModified',
  'daysToUrl',
  'urlMonth',
  'days',
  'shownDays',
  'onlyModified',
  'isRules',
  'nearest',
  'declaredShown',
] as const;

const DATE_AT = columnsOf(DATE_OWN);
/** Each date source's column, by source. */
const DATE_SOURCE_AT = byName(
  DATE_SOURCES,
  // own-keys: a feature name of the table (made by columnsOf without a prototype)
  (source) => DATE_AT[`src.${source}` as (typeof DATE_OWN)[number]],
);

/** The sources that declare a publication day (not a modification, not a day shown on the page). */
const DECLARED_PUBLISHED: ReadonlySet<string> = new Set([
  'ld.published',
  'meta.published',
  'micro.published',
]);
/** The sources that are a day the reader sees. */
const isShownSource = (source: string) =>
  source.startsWith('shown') || source.startsWith('time.') || source === 'byline';

export const DATE_FEATURES: readonly string[] = [...DATE_OWN.map((name) => `date.${name}`), ...PAGE_FEATURES];

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

export function dateRows(
  candidates: readonly DateCandidate[],
  rules: Metadata,
  facts: PageFacts,
  stores?: RowStores,
): Float32Array {
  const width = DATE_FEATURES.length;
  const ownWidth = DATE_OWN.length;
  const out = rowsOut(2, (candidates.length + 1) * width, stores).fill(MISSING);
  if (candidates.length === 0) {
    // The "none" row alone, as the general case below writes it (no day to compare).
    out[DATE_AT.none] = 1;
    out[DATE_AT.days] = 0;
    out[DATE_AT.shownDays] = 0;
    out[DATE_AT.isRules] = rules.published === undefined || dayOf(rules.published) === '' ? 1 : 0;
    out.set(facts.values, ownWidth);
    return out;
  }
  const numbers = new Float64Array(candidates.length);
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < candidates.length; row++) {
    const day = dayNumber(candidates[row].day);
    numbers[row] = day;
    earliest = Math.min(earliest, day);
    latest = Math.max(latest, day);
  }
  const modified = candidates.find((candidate) =>
    candidate.mentions.some(
      (mention) => mention.source === 'ld.modified' || mention.source === 'meta.modified',
    ),
  );
  const fromUrl = candidates.find((candidate) =>
    candidate.mentions.some((mention) => mention.source === 'url'),
  );
  const shownDays = candidates.filter((candidate) =>
    candidate.mentions.some((mention) => mention.source === 'shown' || mention.source.startsWith('time.')),
  ).length;
  const rulesDay = rules.published === undefined ? '' : dayOf(rules.published);
  // The shown date nearest the headline, a comparison across candidates the trees cannot make
  // row by row: WCXB's gold is often the day a reader sees under the headline, the modified one
  // where the page shows only that (and as often the declared one: journal, round 11).
  const nearness = new Float64Array(candidates.length);
  let nearestShown = Number.POSITIVE_INFINITY;
  for (let row = 0; row < candidates.length; row++) {
    let best = Number.POSITIVE_INFINITY;
    for (const mention of candidates[row].mentions)
      if (mention.distance !== undefined && !Number.isNaN(mention.distance))
        best = Math.min(best, Math.abs(mention.distance));
    nearness[row] = best;
    nearestShown = Math.min(nearestShown, best);
  }
  // Whether the page shows the day it declares published (1), declares one it does not show (0),
  // or declares none (missing): a declared day the reader never sees is the one annotators skip.
  const declared = candidates.filter((candidate) =>
    candidate.mentions.some((mention) => DECLARED_PUBLISHED.has(mention.source)),
  );
  const declaredShown =
    declared.length === 0
      ? MISSING
      : declared.some((candidate) => candidate.mentions.some((mention) => isShownSource(mention.source)))
        ? 1
        : 0;
  const at = DATE_AT;
  for (let row = 0; row < candidates.length; row++) {
    checkDeadline('metadata');
    const candidate = candidates[row];
    const base = row * width;
    for (let index = 0; index < ownWidth; index++) out[base + index] = 0;
    const seen = new Set<string>();
    let shownRank = MISSING;
    let shownDistance = MISSING;
    for (const mention of candidate.mentions) {
      out[base + DATE_SOURCE_AT[mention.source]] += 1;
      seen.add(mention.source);
      if (mention.source === 'shown' && !(mention.rank >= shownRank)) shownRank = mention.rank;
      const distance = mention.distance;
      if (
        distance !== undefined &&
        !Number.isNaN(distance) &&
        !(Math.abs(distance) >= Math.abs(shownDistance))
      )
        shownDistance = distance;
    }
    out[base + at.shownRank] = shownRank;
    out[base + at.shownDistance] = Number.isNaN(shownDistance)
      ? MISSING
      : Math.log1p(Math.abs(shownDistance));
    out[base + at.shownBefore] = Number.isNaN(shownDistance) ? MISSING : shownDistance < 0 ? 1 : 0;
    out[base + at.mentions] = candidate.mentions.length;
    out[base + at.sources] = seen.size;
    out[base + at.time] = candidate.mentions.some((mention) => mention.iso.length > 10) ? 1 : 0;
    const day = numbers[row];
    out[base + at.earliest] = day === earliest ? 1 : 0;
    out[base + at.latest] = day === latest ? 1 : 0;
    out[base + at.daysToEarliest] = Math.log1p(day - earliest);
    out[base + at.daysToLatest] = Math.log1p(latest - day);
    out[base + at.daysToModified] =
      modified === undefined
        ? MISSING
        : Math.sign(dayNumber(modified.day) - day) * Math.log1p(Math.abs(dayNumber(modified.day) - day));
    out[base + at.daysToUrl] =
      fromUrl === undefined
        ? MISSING
        : Math.sign(dayNumber(fromUrl.day) - day) * Math.log1p(Math.abs(dayNumber(fromUrl.day) - day));
    out[base + at.urlMonth] =
      facts.urlMonth === undefined ? MISSING : candidate.day.startsWith(facts.urlMonth) ? 1 : 0;
    out[base + at.days] = candidates.length;
    out[base + at.shownDays] = shownDays;
    out[base + at.onlyModified] = candidate.mentions.every(
      (mention) => /modified|updated/.test(mention.source) || mention.source === 'rules',
    )
      ? 1
      : 0;
    out[base + at.isRules] = candidate.day === rulesDay ? 1 : 0;
    out[base + at.nearest] =
      nearestShown === Number.POSITIVE_INFINITY ? MISSING : nearness[row] === nearestShown ? 1 : 0;
    out[base + at.declaredShown] = declaredShown;
    out.set(facts.values, base + ownWidth);
  }
  const none = candidates.length * width;
  out[none + DATE_AT.none] = 1;
  out[none + DATE_AT.days] = candidates.length;
  out[none + DATE_AT.shownDays] = shownDays;
  out[none + DATE_AT.isRules] = rulesDay === '' ? 1 : 0;
  out[none + DATE_AT.declaredShown] = declaredShown;
  out.set(facts.values, none + ownWidth);
  return out;
}

/**
 * Where the learned choice writes a page's rows, page after page: one store per field, grown by
 * doubling and never shrunk (the candidates are capped: at most 41 rows of 86 features). A row
 * array of its own for each field of each page was the title rows' first cost (allocated outside
 * the heap, zeroed, then filled). The rows lent are the caller's until its next call.
 */
export class RowStores {
  readonly #stores = [new Float32Array(0), new Float32Array(0), new Float32Array(0)];

  /** `size` floats of a field's store (0 titles, 1 authors, 2 dates), holding whatever they held. */
  lend(field: 0 | 1 | 2, size: number): Float32Array {
    let store = this.#stores[field];
    if (store.length < size) {
      let length = Math.max(1024, store.length);
      while (length < size) length *= 2;
      store = new Float32Array(length);
      this.#stores[field] = store;
    }
    return store.subarray(0, size);
  }
}

function rowsOut(field: 0 | 1 | 2, size: number, stores: RowStores | undefined): Float32Array {
  return stores === undefined ? new Float32Array(size) : stores.lend(field, size);
}

export interface CandidateRows {
  titles: Float32Array;
  authors: Float32Array;
  dates: Float32Array;
}

/**
 * The feature rows of every field's candidates (each with its `none` row last): arrays of their own,
 * or lent by `stores` (valid until the next call with them).
 */
export function candidateRows(
  candidates: Candidates,
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  url: string | undefined,
  pageType?: ArrayLike<number>,
  stores?: RowStores,
): CandidateRows {
  const count = candidates.titles.length + candidates.authors.length + candidates.dates.length;
  const facts = pageFacts(sources, url, count, pageType);
  return {
    titles: titleRows(candidates.titles, sources, rules, siteNames, facts, stores),
    authors: authorRows(candidates.authors, sources, rules, siteNames, facts, stores),
    dates: dateRows(candidates.dates, rules, facts, stores),
  };
}
