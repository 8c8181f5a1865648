/**
 * Every value a page offers for its title, its authors and its publication date, each with the
 * sources that give it (issue 42): the learned choice (choice.ts) scores these, one model per
 * field, and picks one, or none when the best is less likely right than "the page does not say".
 *
 * A candidate is one value up to the metric's normalisation (a title's case and typography, a set
 * of names, a day); its mentions say where the page gives it and how (the whole `<title>`, its
 * first part, a heading's position…). Nothing here decides: the rules' own choice (merge.ts) is one
 * more mention.
 */
import { dateInstant, numericOrder, parseDate, parseRelativeDate } from './dates.js';
import type { Sources } from './merge.js';
import { bylineAuthors, cleanAuthors, hostKey, stripSiteName, userNames } from './merge.js';
import { cleanTitleText, looseKey, parsedUrl, RememberedAnswers } from './text.js';
import type { Metadata } from './types.js';

/** Where a title candidate comes from. */
export const TITLE_SOURCES = [
  'rules',
  'og',
  'twitter',
  'ld.headline',
  'ld.name',
  'micro',
  'meta.other',
  'title',
  'h1.first',
  'h1.other',
  'h2',
  'breadcrumb',
  'ld.page',
] as const;
export type TitleSource = (typeof TITLE_SOURCES)[number];

/** How a candidate is made from its source's text. */
export const TITLE_FORMS = ['whole', 'stripped', 'head', 'tail', 'inner'] as const;
export type TitleForm = (typeof TITLE_FORMS)[number];

export interface TitleMention {
  source: TitleSource;
  form: TitleForm;
  /** Parts the source's text splits into at title separators (1: none). */
  parts: number;
}

export interface TitleCandidate {
  /** The text as the first source gives it. */
  text: string;
  key: string;
  mentions: TitleMention[];
}

export const AUTHOR_SOURCES = [
  'rules',
  'ld.person',
  'ld.org',
  'meta.author',
  'meta.article',
  'meta.dc',
  'meta.other',
  'meta.label',
  'micro',
  'byline.first',
  'byline.other',
  'text.first',
  'text.other',
  'starter',
  'post',
  'box',
] as const;
export type AuthorSource = (typeof AUTHOR_SOURCES)[number];

export interface AuthorCandidate {
  names: string[];
  /** The names' loose keys, sorted and joined. */
  key: string;
  sources: AuthorSource[];
}

export const DATE_SOURCES = [
  'rules',
  'ld.published',
  'ld.modified',
  'meta.published',
  'meta.modified',
  'micro.published',
  'micro.modified',
  'time.pub',
  'time.other',
  'shown',
  'shown.updated',
  'relative',
  'byline',
  'url',
] as const;
export type DateSource = (typeof DATE_SOURCES)[number];

export interface DateMention {
  source: DateSource;
  /** Order among the source's values (0: its first). */
  rank: number;
  /** The ISO value as parsed (a day, or with a time). */
  iso: string;
  /** Shown dates: text nodes from the first `<h1>` to it (NaN without an `<h1>`). */
  distance?: number;
}

export interface DateCandidate {
  /** `YYYY-MM-DD`. */
  day: string;
  mentions: DateMention[];
}

export interface Candidates {
  titles: TitleCandidate[];
  authors: AuthorCandidate[];
  dates: DateCandidate[];
}

/** Title separators with their spaces (as merge.ts splits titles), and " / " and ": ". */
const SPLIT = /(\s+(?:\||｜|-|–|—|::|·|•|»|~|\/)\s+|:\s+)/;
const MAX_TITLE_PARTS = 8;
const MAX_TITLE_CANDIDATES = 40;
const MAX_TITLE_LENGTH = 400;

/** A title's key: the metric's normalisation (case, typography, whitespace). */
export function titleKey(value: string): string {
  return value.length > MAX_TITLE_LENGTH ? makeTitleKey(value) : TITLE_KEYS.get(value, makeTitleKey);
}

/**
 * The last title keys made: a page gives the same title in several sources (og:title, twitter:title,
 * `<title>`, the `<h1>`), and the rows key the headings and the rules' title again.
 */
const TITLE_KEYS = new RememberedAnswers<string>(256);

/** Only ASCII: NFKC leaves it as it is, and of the typography below only '`' is ASCII. */
const ASCII_ONLY = /^\p{ASCII}*$/u;

/** `titleKey` made afresh (exported for the tests of what is remembered). */
export function makeTitleKey(value: string): string {
  // Most titles are ASCII: the normalisation and four replaces (each a scan) change nothing there.
  if (ASCII_ONLY.test(value))
    return (value.includes('`') ? value.replace(/`/g, "'") : value).toLowerCase().replace(/\s+/g, ' ').trim();
  return normalizedTitleKey(value);
}

/** A title's key by the whole normalisation, whatever the text (exported for the tests: the ASCII way must equal it). */
export function normalizedTitleKey(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/…/g, '...')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function titleCandidates(
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  url: string | undefined,
): TitleCandidate[] {
  const { meta, jsonld, microdata, page } = sources;
  const found = new Map<string, TitleCandidate>();
  // A page gives the same values again (og:title, twitter:title and `<title>` alike, and their
  // pieces): each raw value is cleaned and keyed once, each declared title split once.
  const cleanedValues = new Map<string, { text: string; key: string }>();
  const splitValues = new Map<string, { text: string; pieces: string[]; stripped: string | undefined }>();
  const add = (raw: string, mention: TitleMention) => {
    if (found.size >= MAX_TITLE_CANDIDATES) return;
    let cleaned = cleanedValues.get(raw);
    if (cleaned === undefined) {
      const text = cleanTitleText(raw, MAX_TITLE_LENGTH).replace(/^#{1,6}\s+(?=\S)/, '');
      cleaned = { text, key: titleKey(text) };
      cleanedValues.set(raw, cleaned);
    }
    const { text, key } = cleaned;
    if (key.length === 0) return;
    let candidate = found.get(key);
    if (!candidate) {
      candidate = { text, key, mentions: [] };
      found.set(key, candidate);
    }
    candidate.mentions.push(mention);
  };
  const h1s = page.h1s;
  /** A declared title: whole, without the site's name, and cut at its separators. */
  const addSplit = (raw: string | undefined, source: TitleSource) => {
    if (raw === undefined) return;
    let split = splitValues.get(raw);
    if (split === undefined) {
      const text = cleanTitleText(raw, MAX_TITLE_LENGTH);
      const pieces = text.length === 0 ? [] : text.split(SPLIT);
      const parts = (pieces.length + 1) / 2;
      const stripped =
        parts < 2 || parts > MAX_TITLE_PARTS ? undefined : stripSiteName(text, siteNames, { url, h1s });
      split = { text, pieces, stripped };
      splitValues.set(raw, split);
    }
    const { text, pieces, stripped } = split;
    if (text.length === 0) return;
    const parts = (pieces.length + 1) / 2;
    add(text, { source, form: 'whole', parts });
    if (parts < 2 || parts > MAX_TITLE_PARTS) return;
    if (stripped !== text) add(stripped as string, { source, form: 'stripped', parts });
    // Every run of parts that starts or ends the text, and each inner part.
    for (let stop = 1; stop < pieces.length; stop += 2)
      add(pieces.slice(0, stop).join(''), { source, form: 'head', parts });
    for (let start = 2; start < pieces.length; start += 2)
      add(pieces.slice(start).join(''), { source, form: 'tail', parts });
    for (let at = 2; at < pieces.length - 1; at += 2) add(pieces[at], { source, form: 'inner', parts });
  };
  if (rules.title !== undefined) add(rules.title, { source: 'rules', form: 'whole', parts: 1 });
  for (const value of meta.ogTitle.slice(0, 2)) addSplit(value, 'og');
  for (const value of meta.twitterTitle.slice(0, 2)) addSplit(value, 'twitter');
  addSplit(jsonld.headline, 'ld.headline');
  addSplit(jsonld.name, 'ld.name');
  addSplit(jsonld.pageName, 'ld.page');
  addSplit(microdata.headline ?? microdata.name, 'micro');
  for (const value of meta.otherTitles.slice(0, 2)) addSplit(value, 'meta.other');
  addSplit(page.title, 'title');
  h1s.slice(0, 3).forEach((text, index) => {
    add(text, { source: index === 0 ? 'h1.first' : 'h1.other', form: 'whole', parts: 1 });
  });
  for (const text of page.subheadings.slice(0, 3)) add(text, { source: 'h2', form: 'whole', parts: 1 });
  if (page.breadcrumb !== undefined) add(page.breadcrumb, { source: 'breadcrumb', form: 'whole', parts: 1 });
  if (jsonld.breadcrumb !== undefined)
    add(jsonld.breadcrumb, { source: 'breadcrumb', form: 'whole', parts: 1 });
  return [...found.values()];
}

/** Most names of one candidate, and candidates of one page. */
const MAX_CANDIDATE_NAMES = 10;
const MAX_AUTHOR_CANDIDATES = 16;

/** A set of names' key: loose keys, sorted. */
export function authorKey(names: readonly string[]): string {
  // A loop into a literal, not `map` then `filter` (features.ts, `siteKeysOf`: "wrong map").
  const keys: string[] = [];
  for (const name of names) {
    const key = looseKey(name);
    if (key.length > 0) keys.push(key);
  }
  return keys.sort().join('|');
}

export function authorCandidates(sources: Sources, rules: Metadata): AuthorCandidate[] {
  const { meta, jsonld, microdata, page } = sources;
  const found = new Map<string, AuthorCandidate>();
  const add = (names: readonly string[], source: AuthorSource) => {
    if (found.size >= MAX_AUTHOR_CANDIDATES || names.length === 0) return;
    const kept = names.slice(0, MAX_CANDIDATE_NAMES);
    const key = authorKey(kept);
    if (key.length === 0) return;
    let candidate = found.get(key);
    if (!candidate) {
      candidate = { names: kept, key, sources: [] };
      found.set(key, candidate);
    }
    if (!candidate.sources.includes(source)) candidate.sources.push(source);
  };
  add(rules.authors, 'rules');
  add(cleanAuthors(jsonld.authors), 'ld.person');
  add(cleanAuthors(jsonld.organizationAuthors), 'ld.org');
  meta.authors.forEach((values, index) => {
    add(cleanAuthors(values), metaAuthorSource(meta.authorKeys[index]));
  });
  add(cleanAuthors(microdata.authors), 'micro');
  page.bylines.slice(0, 3).forEach((text, index) => {
    add(bylineAuthors(text), index === 0 ? 'byline.first' : 'byline.other');
  });
  page.textBylines.slice(0, 3).forEach((text, index) => {
    add(bylineAuthors(text), index === 0 ? 'text.first' : 'text.other');
  });
  if (page.threadStarters.length > 0) add(userNames(page.threadStarters[0]), 'starter');
  if (page.postAuthors.length > 0) add(userNames(page.postAuthors[0]), 'post');
  if (page.boxAuthors.length > 0) add(bylineAuthors(page.boxAuthors[0]), 'box');
  return [...found.values()];
}

function metaAuthorSource(key: string): AuthorSource {
  if (key === 'author') return 'meta.author';
  if (key.startsWith('article:') || key.startsWith('og:article:')) return 'meta.article';
  if (key.startsWith('dc:')) return 'meta.dc';
  if (key === 'twitter:label') return 'meta.label';
  return 'meta.other';
}

const MAX_DATE_CANDIDATES = 16;
/** Ambiguous numeric dates kept aside a page, at most. */
const MAX_AMBIGUOUS_DATES = 8;
const TWO_NUMBERS = /\d\D+\d/;
/** A date in a URL's path: /2024/05/17/, /2024-05-17-, /20240517/, /2025-12-15+Rust+… (a space written `+`). */
const URL_DATE = /\/((?:19|20)\d\d)[/-]?(0[1-9]|1[0-2])[/-]?(0[1-9]|[12]\d|3[01])(?=[/_.+-]|$)/;

/**
 * …or with the month's name: /2023/october/03/ (WCXB dev 4690), /2025/dec/05/ (the Guardian's paths).
 * The name must be a month's (`parseDate` reads it; "/2024/news/12/" is not a date).
 */
const URL_NAMED_DATE = /\/((?:19|20)\d\d)\/([a-z]{3,9})\/(0?[1-9]|[12]\d|3[01])(?=[/_.+-]|$)/i;

/** The day a URL's path names, when it names one. */
export function urlDate(url: string | undefined, now: number): string | undefined {
  if (url === undefined) return undefined;
  const path = parsedUrl(url)?.pathname;
  if (path === undefined) return undefined;
  const match = URL_DATE.exec(path);
  if (match) return parseDate(`${match[1]}-${match[2]}-${match[3]}`, now);
  const named = URL_NAMED_DATE.exec(path);
  return named ? parseDate(`${named[3]} ${named[2]} ${named[1]}`, now) : undefined;
}

export function dateCandidates(
  sources: Sources,
  rules: Metadata,
  url: string | undefined,
  now: number,
): DateCandidate[] {
  const { meta, jsonld, microdata, page } = sources;
  const found = new Map<string, DateCandidate>();
  // A numeric date whose day and month could be either is read in the page's language's order.
  const order = numericOrder(rules.language);
  // Numeric dates of either order on a page whose language does not tell ("03/10/2023" on an `en` page):
  // kept aside, and read below in the order that agrees with a day the page gives elsewhere.
  const ambiguous: { readings: [string, string]; source: DateSource; rank: number; distance?: number }[] = [];
  const add = (value: string | undefined, source: DateSource, rank: number, distance?: number) => {
    if (value === undefined || found.size >= MAX_DATE_CANDIDATES) return;
    const iso = source === 'relative' ? value : parseDate(value, now, order);
    if (iso === undefined) {
      // Only a value with two runs of digits can be a day and a month (most unread values have none).
      if (
        order === undefined &&
        source !== 'relative' &&
        ambiguous.length < MAX_AMBIGUOUS_DATES &&
        TWO_NUMBERS.test(value)
      ) {
        const dmy = parseDate(value, now, 'dmy');
        const mdy = parseDate(value, now, 'mdy');
        if (dmy !== undefined && mdy !== undefined && dmy.slice(0, 10) !== mdy.slice(0, 10))
          ambiguous.push({
            readings: [dmy, mdy],
            source,
            rank,
            ...(distance === undefined ? {} : { distance }),
          });
      }
      return;
    }
    addIso(iso, source, rank, distance);
  };
  const addIso = (iso: string, source: DateSource, rank: number, distance?: number) => {
    const day = iso.slice(0, 10);
    let candidate = found.get(day);
    if (!candidate) {
      candidate = { day, mentions: [] };
      found.set(day, candidate);
    }
    candidate.mentions.push(distance === undefined ? { source, rank, iso } : { source, rank, iso, distance });
  };
  const addAll = (values: readonly (string | undefined)[], source: DateSource, max = 4) => {
    values.slice(0, max).forEach((value, rank) => {
      add(value, source, rank);
    });
  };
  add(rules.published, 'rules', 0);
  add(jsonld.published, 'ld.published', 0);
  add(jsonld.modified, 'ld.modified', 0);
  addAll(meta.published, 'meta.published');
  addAll(meta.modified, 'meta.modified');
  add(microdata.published, 'micro.published', 0);
  add(microdata.modified, 'micro.modified', 0);
  addAll(page.pubTimes, 'time.pub');
  addAll(page.otherTimes, 'time.other');
  page.visibleDates.slice(0, 6).forEach((value, rank) => {
    add(value, 'shown', rank, page.visibleDateDistances[rank]);
  });
  addAll(page.visibleModified, 'shown.updated');
  // The bylines' whole texts: a dateline after the name ("By Ann Lee<br>Updated on May 3, 2025").
  [...page.bylineTexts.slice(0, 2), ...page.textBylineTexts.slice(0, 2)].forEach((text, rank) => {
    add(text, 'byline', rank);
  });
  add(urlDate(url, now), 'url', 0);
  // An ambiguous numeric date is read in the order whose day another source gives (WCXB dev 4690:
  // "03/10/2023" under the headline, /2023/october/03/ in the URL); when neither or both do, not read.
  const days = new Set(found.keys());
  for (const { readings, source, rank, distance } of ambiguous) {
    const agreeing = readings.filter((iso) => days.has(iso.slice(0, 10)));
    if (agreeing.length === 1 && found.size < MAX_DATE_CANDIDATES)
      addIso(agreeing[0], source, rank, distance);
  }
  // Relative dates ("3 hours ago") are resolved against the newest date the page gives: it was
  // written at least that late (a time is kept when that date has one).
  if (page.relativeDates.length > 0 && found.size > 0) {
    let reference: string | undefined;
    for (const candidate of found.values())
      for (const mention of candidate.mentions)
        if (
          mention.source !== 'url' &&
          (reference === undefined || dateInstant(mention.iso) > dateInstant(reference))
        )
          reference = mention.iso;
    if (reference !== undefined)
      page.relativeDates.slice(0, 4).forEach((text, rank) => {
        add(parseRelativeDate(text, reference as string, now, rules.language), 'relative', rank);
      });
  }
  return [...found.values()];
}

/** Every candidate of the three fields. */
export function readCandidates(
  sources: Sources,
  rules: Metadata,
  siteNames: readonly string[],
  url: string | undefined,
  now: number,
): Candidates {
  return {
    titles: titleCandidates(sources, rules, siteNames, url),
    authors: authorCandidates(sources, rules),
    dates: dateCandidates(sources, rules, url, now),
  };
}

export { hostKey };
