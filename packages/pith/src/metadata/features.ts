/**
 * The features of each candidate (candidates.ts) the learned choice reads: where the value comes
 * from, its shape, how it agrees with the page's other candidates and headings, and what kind of
 * page it is on. One row per candidate, plus one row for "the page does not say" (`none`), whose
 * candidate features are missing (NaN) and whose page features are those of every row.
 */

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
import { dayOf, hostKey, isHomePage, type Sources } from './merge.js';
import { looseKey, similarity } from './text.js';
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

/** Each feature name's column, for rows filled by name (a lookup, not a search per feature). */
function columnsOf<const Names extends readonly string[]>(
  names: Names,
): Readonly<Record<Names[number], number>> {
  const at = Object.create(null) as Record<Names[number], number>;
  names.forEach((name: Names[number], index) => {
    at[name] = index;
  });
  return at;
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

  values: number[];
}

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
  const ogTypes = meta.types.map((type) => type.trim().toLowerCase());
  let path = '';
  try {
    path = url === undefined ? '' : new URL(url).pathname;
  } catch {
    path = '';
  }
  const segments = path.split('/').filter((segment) => segment.length > 0);
  const last = segments.length > 0 ? segments[segments.length - 1] : '';
  const language = (page.lang ?? meta.languages[0] ?? '').toLowerCase().slice(0, 2);
  const values = [
    (types.length > 0 && /(?:Article|BlogPosting|Report|Posting)$/.test(types[0])) ||
    ogTypes.includes('article')
      ? 1
      : 0,
    types.length > 0 && /(?:Page|WebSite|Organization|Business|Place|Service)$/.test(types[0]) ? 1 : 0,
    (types.length > 0 && /^(?:Product|ProductGroup|IndividualProduct|Offer)$/.test(types[0])) ||
    ogTypes.includes('product')
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
    ...PAGE_TYPE_NAMES.map((_, index) => (pageType === undefined ? MISSING : pageType[index])),
  ];
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
const LETTER_RUNS = /\p{L}+/gu;
const UPPER_RUNS = /\p{Lu}+/gu;

/**
 * Code points in matched runs (the letters a `/\p{L}/gu` match would count one by one, without
 * a string made for each): each run holds whole code points, two code units for those past U+FFFF.
 */
export function codePointsOf(runs: readonly string[] | null): number {
  let count = 0;
  for (const run of runs ?? []) {
    count += run.length;
    for (let at = 0; at < run.length; at++) {
      const unit = run.charCodeAt(at);
      if (unit >= 0xd800 && unit <= 0xdbff) count--;
    }
  }
  return count;
}

/** Feature rows of a page's title candidates (the last row is `none`), row-major. */
export function titleRows(
  candidates: readonly TitleCandidate[],
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  facts: PageFacts,
): Float32Array {
  const { page, meta } = sources;
  const width = TITLE_FEATURES.length;
  const out = new Float32Array((candidates.length + 1) * width).fill(MISSING);
  const h1 = page.h1s[0] ?? '';
  const h1Key = titleKey(h1);
  const documentTitle = page.title ?? '';
  const documentKey = titleKey(documentTitle);
  const og = meta.ogTitle[0] ?? '';
  const rulesTitle = rules.title ?? '';
  const rulesKey = titleKey(rulesTitle);
  const siteKeys = siteNames.map(looseKey).filter((key) => key.length >= 3);
  const h1Keys = page.h1s.slice(0, 5).map(titleKey);
  const longest = candidates.reduce((max, candidate) => Math.max(max, candidate.text.length), 1);
  const ownWidth = TITLE_OWN.length;
  candidates.forEach((candidate, row) => {
    const base = row * width;
    const set = (name: string, value: number) => {
      // own-keys: a feature name of the table (made by columnsOf without a prototype)
      out[base + TITLE_AT[name as (typeof TITLE_OWN)[number]]] = value;
    };
    for (let index = 0; index < ownWidth; index++) out[base + index] = 0;
    const text = candidate.text;
    const key = candidate.key;
    const sourcesSeen = new Set<string>();
    let minParts = Number.POSITIVE_INFINITY;
    for (const mention of candidate.mentions) {
      sourcesSeen.add(mention.source);
      out[base + TITLE_AT[`src.${mention.source}`]] += 1;
      if (mention.form === 'whole') out[base + TITLE_AT[`whole.${mention.source}`]] += 1;
      // own-keys: a feature name of the table (made by columnsOf without a prototype)
      else out[base + TITLE_AT[`form.${mention.form}` as (typeof TITLE_OWN)[number]]] += 1;
      minParts = Math.min(minParts, mention.parts);
    }
    set('sources', sourcesSeen.size);
    let declared = 0;
    for (const source of sourcesSeen) if (/^(?:og|twitter|ld\.|micro|meta\.)/.test(source)) declared++;
    set('declared', declared);
    set('minParts', minParts);
    const words = wordsOf(text);
    set('words', words.length);
    set('chars', text.length);
    set('relChars', text.length / longest);
    const letters = codePointsOf(text.match(LETTER_RUNS));
    const upper = codePointsOf(text.match(UPPER_RUNS));
    set('upperShare', letters === 0 ? 0 : upper / letters);
    const rawWords = text.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
    set(
      'capitalShare',
      rawWords.length === 0 ? 0 : rawWords.filter((word) => /^\p{Lu}/u.test(word)).length / rawWords.length,
    );
    set('digits', /\d/.test(text) ? 1 : 0);
    set('year', /\b(?:19|20)\d\d\b/.test(text) ? 1 : 0);
    set('question', text.endsWith('?') ? 1 : 0);
    set('separator', SEPARATOR.test(text) ? 1 : 0);
    set('pipe', /[|｜]/.test(text) ? 1 : 0);
    set('colon', text.includes(': ') ? 1 : 0);
    const loose = looseKey(text);
    set('namesSite', siteKeys.some((site) => loose.includes(site)) ? (siteKeys.includes(loose) ? 2 : 1) : 0);
    set('namesHost', facts.host !== undefined && loose.includes(facts.host) ? 1 : 0);
    set('likeH1', h1 === '' ? MISSING : similarity(text, h1));
    set('isH1', h1Key !== '' && key === h1Key ? 1 : 0);
    set('holdsH1', h1Key !== '' && key !== h1Key && key.includes(h1Key) ? 1 : 0);
    set('inH1', h1Key !== '' && key !== h1Key && h1Key.includes(key) ? 1 : 0);
    set('likeTitle', documentTitle === '' ? MISSING : similarity(text, documentTitle));
    set('inTitle', documentKey !== '' && documentKey.includes(key) ? 1 : 0);
    set('likeOg', og === '' ? MISSING : similarity(text, og));
    set('isRules', rulesKey !== '' && key === rulesKey ? 1 : 0);
    set('likeRules', rulesTitle === '' ? MISSING : similarity(text, rulesTitle));
    set('slugCover', facts.slug.size === 0 ? MISSING : cover(words, facts.slug));
    set('slugShare', facts.slug.size === 0 ? MISSING : cover([...facts.slug], new Set(words)));
    set('h1Index', h1Keys.indexOf(key));
    const place = page.h1Place;
    if (place !== undefined && key === h1Key) {
      set('h1Chrome', place.chrome ? 1 : 0);
      set('h1Main', place.main ? 1 : 0);
      set('h1Segments', place.segments);
      set('h1At', page.textNodes > 0 ? place.at / page.textNodes : MISSING);
    } else {
      set('h1Chrome', MISSING);
      set('h1Main', MISSING);
      set('h1Segments', MISSING);
      set('h1At', MISSING);
    }
    let prefixOfOther = 0;
    let otherIsPrefix = 0;
    for (const other of candidates) {
      if (other === candidate) continue;
      if (other.key.startsWith(key)) prefixOfOther = 1;
      if (key.startsWith(other.key)) otherIsPrefix = 1;
    }
    set('prefixOfOther', prefixOfOther);
    set('otherIsPrefix', otherIsPrefix);
    set('truncated', /(?:\.\.\.|…)$/.test(text) ? 1 : 0);
    out.set(facts.values, base + ownWidth);
  });
  const none = candidates.length * width;
  out[none + TITLE_AT.none] = 1;
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

export const AUTHOR_FEATURES: readonly string[] = [
  ...AUTHOR_OWN.map((name) => `author.${name}`),
  ...PAGE_FEATURES,
];

const GROUP_WORD =
  /\b(?:team|staff|editors?|editorial|redaktion|rédaction|redacción|desk|admin|news|media|group|inc|llc|ltd|gmbh|company|magazine|blog)\b/i;

export function authorRows(
  candidates: readonly AuthorCandidate[],
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  facts: PageFacts,
): Float32Array {
  const width = AUTHOR_FEATURES.length;
  const ownWidth = AUTHOR_OWN.length;
  const out = new Float32Array((candidates.length + 1) * width).fill(MISSING);
  const siteKeys = siteNames.map(looseKey).filter((key) => key.length >= 3);
  const titleWords = new Set(wordsOf(sources.page.title ?? ''));
  const rulesKey = rules.authors.map(looseKey).sort().join('|');
  const allSources = new Set<string>();
  for (const candidate of candidates) for (const source of candidate.sources) allSources.add(source);
  candidates.forEach((candidate, row) => {
    const base = row * width;
    const set = (name: (typeof AUTHOR_OWN)[number], value: number) => {
      // own-keys: a feature name of the table (made by columnsOf without a prototype)
      out[base + AUTHOR_AT[name]] = value;
    };
    for (let index = 0; index < ownWidth; index++) out[base + index] = 0;
    for (const source of candidate.sources) out[base + AUTHOR_AT[`src.${source}`]] = 1;
    set('sources', candidate.sources.length);
    const names = candidate.names;
    set('names', names.length);
    const wordCounts = names.map((name) => name.split(/\s+/).length);
    set('words', wordCounts.reduce((sum, count) => sum + count, 0) / names.length);
    // biome-ignore lint/plugin: at most MAX_CANDIDATE_NAMES (10) names
    set('maxWords', Math.max(...wordCounts));
    set('oneWord', wordCounts.every((count) => count === 1) ? 1 : 0);
    set('digits', names.some((name) => /\d/.test(name)) ? 1 : 0);
    set('lowerOnly', names.some((name) => !/\p{Lu}/u.test(name)) ? 1 : 0);
    set('handle', names.some((name) => !name.includes(' ') && /[._-]/.test(name)) ? 1 : 0);
    const keys = names.map(looseKey);
    set(
      'namesSite',
      keys.some((key) => siteKeys.some((site) => key === site || similarity(key, site) >= 0.8)) ? 1 : 0,
    );
    set(
      'namesHost',
      facts.host !== undefined && keys.some((key) => key.includes(facts.host as string)) ? 1 : 0,
    );
    set('groupWord', names.some((name) => GROUP_WORD.test(name)) ? 1 : 0);
    set('initials', names.some((name) => /\b\p{Lu}\.\s/u.test(name)) ? 1 : 0);
    set('inTitle', titleWords.size === 0 ? MISSING : cover(wordsOf(names.join(' ')), titleWords));
    set('isRules', rulesKey !== '' && candidate.key === rulesKey ? 1 : 0);
    const own = new Set(keys);
    let overlap = 0;
    for (const other of candidates) {
      if (other === candidate) continue;
      if (other.names.some((name) => own.has(looseKey(name)))) overlap += other.sources.length;
    }
    set('overlapOthers', overlap);

    set('authorSources', allSources.size);
    out.set(facts.values, base + ownWidth);
  });
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
): Float32Array {
  const width = DATE_FEATURES.length;
  const ownWidth = DATE_OWN.length;
  const out = new Float32Array((candidates.length + 1) * width).fill(MISSING);
  const numbers = candidates.map((candidate) => dayNumber(candidate.day));
  // biome-ignore lint/plugin: at most MAX_DATE_CANDIDATES (16) dates
  const earliest = Math.min(...numbers);
  // biome-ignore lint/plugin: at most MAX_DATE_CANDIDATES (16) dates
  const latest = Math.max(...numbers);
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
  const nearness = candidates.map((candidate) => {
    let best = Number.POSITIVE_INFINITY;
    for (const mention of candidate.mentions)
      if (mention.distance !== undefined && !Number.isNaN(mention.distance))
        best = Math.min(best, Math.abs(mention.distance));
    return best;
  });
  // biome-ignore lint/plugin: at most MAX_DATE_CANDIDATES (16) dates
  const nearestShown = Math.min(...nearness);
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
  candidates.forEach((candidate, row) => {
    const base = row * width;
    const set = (name: (typeof DATE_OWN)[number], value: number) => {
      // own-keys: a feature name of the table (made by columnsOf without a prototype)
      out[base + DATE_AT[name]] = value;
    };
    for (let index = 0; index < ownWidth; index++) out[base + index] = 0;
    const seen = new Set<string>();
    let shownRank = MISSING;
    let shownDistance = MISSING;
    for (const mention of candidate.mentions) {
      out[base + DATE_AT[`src.${mention.source}`]] += 1;
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
    set('shownRank', shownRank);
    set('shownDistance', Number.isNaN(shownDistance) ? MISSING : Math.log1p(Math.abs(shownDistance)));
    set('shownBefore', Number.isNaN(shownDistance) ? MISSING : shownDistance < 0 ? 1 : 0);
    set('mentions', candidate.mentions.length);
    set('sources', seen.size);
    set('time', candidate.mentions.some((mention) => mention.iso.length > 10) ? 1 : 0);
    const day = numbers[row];
    set('earliest', day === earliest ? 1 : 0);
    set('latest', day === latest ? 1 : 0);
    set('daysToEarliest', Math.log1p(day - earliest));
    set('daysToLatest', Math.log1p(latest - day));
    set(
      'daysToModified',
      modified === undefined
        ? MISSING
        : Math.sign(dayNumber(modified.day) - day) * Math.log1p(Math.abs(dayNumber(modified.day) - day)),
    );
    set(
      'daysToUrl',
      fromUrl === undefined
        ? MISSING
        : Math.sign(dayNumber(fromUrl.day) - day) * Math.log1p(Math.abs(dayNumber(fromUrl.day) - day)),
    );
    set(
      'urlMonth',
      facts.urlMonth === undefined ? MISSING : candidate.day.startsWith(facts.urlMonth) ? 1 : 0,
    );
    set('days', candidates.length);
    set('shownDays', shownDays);
    set(
      'onlyModified',
      candidate.mentions.every(
        (mention) => /modified|updated/.test(mention.source) || mention.source === 'rules',
      )
        ? 1
        : 0,
    );
    set('isRules', candidate.day === rulesDay ? 1 : 0);
    set(
      'nearest',
      nearestShown === Number.POSITIVE_INFINITY ? MISSING : nearness[row] === nearestShown ? 1 : 0,
    );
    set('declaredShown', declaredShown);
    out.set(facts.values, base + ownWidth);
  });
  const none = candidates.length * width;
  out[none + DATE_AT.none] = 1;
  out[none + DATE_AT.days] = candidates.length;
  out[none + DATE_AT.shownDays] = shownDays;
  out[none + DATE_AT.isRules] = rulesDay === '' ? 1 : 0;
  out[none + DATE_AT.declaredShown] = declaredShown;
  out.set(facts.values, none + ownWidth);
  return out;
}

export interface CandidateRows {
  titles: Float32Array;
  authors: Float32Array;
  dates: Float32Array;
}

/** The feature rows of every field's candidates (each with its `none` row last). */
export function candidateRows(
  candidates: Candidates,
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  url: string | undefined,
  pageType?: ArrayLike<number>,
): CandidateRows {
  const count = candidates.titles.length + candidates.authors.length + candidates.dates.length;
  const facts = pageFacts(sources, url, count, pageType);
  return {
    titles: titleRows(candidates.titles, sources, rules, siteNames, facts),
    authors: authorRows(candidates.authors, sources, rules, siteNames, facts),
    dates: dateRows(candidates.dates, rules, facts),
  };
}
