/**
 * Merges what each source says into one `Metadata`, field by field, in a fixed
 * order of trust, and cleans every value (entities, markup, whitespace, dates,
 * language tags, URLs, author lists).
 */
import { parseDate } from './dates.js';
import type { JsonLdData } from './jsonld.js';
import { MAX_BODY_LENGTH } from './jsonld.js';
import type { MetaTagData } from './meta-tags.js';
import type { MicrodataData } from './microdata.js';
import type { PageData, ShownDate } from './page.js';
import {
  absoluteUrl,
  cleanBlockText,
  cleanText,
  cleanTitleText,
  dedupe,
  looksLikeUrl,
  looseKey,
  MAX_REMEMBERED_URL,
  ownString,
  parsedUrl,
  RememberedAnswers,
  similarity,
  splitList,
} from './text.js';
import type { Metadata, MetadataSources } from './types.js';

export interface Sources {
  meta: MetaTagData;
  jsonld: JsonLdData;
  microdata: MicrodataData;
  page: PageData;
}

export interface MergeOptions {
  /** The page URL (resolves relative URLs). */
  url?: string;
  /** The current time in ms, for the date plausibility check. */
  now: number;
}

const MAX_AUTHORS = 50;
const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 100;
/** A name longer than this is a sentence, not a name. */
const MAX_NAME_LENGTH = 100;
const MAX_NAME_WORDS = 10;

const first = <T>(values: readonly (T | undefined)[]): T | undefined =>
  values.find((value) => value !== undefined);

/** The first value given, with the name of its source. */
function firstNamed<T>(
  values: readonly (readonly [string, T | undefined])[],
): { source: string; value: T } | undefined {
  for (const [source, value] of values) if (value !== undefined) return { source, value };
  return undefined;
}

function firstText(values: readonly (string | undefined)[]): string | undefined {
  for (const value of values) {
    if (value === undefined) continue;
    const text = cleanText(value);
    if (text.length > 0) return text;
  }
  return undefined;
}

// ── title ───────────────────────────────────────────────────────────────────

/** Title separators (with the spaces around them), as Readability splits titles. */
const SEPARATORS = '\\||｜|-|–|—|::|·|•|»|~';
const TITLE_SEPARATOR = new RegExp(`(\\s+(?:${SEPARATORS})\\s+)`);
/** The same, and " / " (FluxBB's "Thread / Board / Forum"), for runs a heading shows. */
const SHOWN_RUN_SEPARATOR = new RegExp(`(\\s+(?:${SEPARATORS}|/)\\s+)`);
/** Most pieces (parts and separators) of a title that is split at all: a bound on hostile titles. */
const MAX_TITLE_PIECES = 41;

/** The last hosts' keys: the rules and the choice ask it of one URL, each title part's test again. */
const HOST_KEYS = new RememberedAnswers<string | undefined>(8);

/** The registrable-ish name of a host: `www.nytimes.com` → `nytimes`, `news.bbc.co.uk` → `bbc`. */
export function hostKey(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return url.length > MAX_REMEMBERED_URL ? readHostKey(url) : HOST_KEYS.get(url, readHostKey);
}

function readHostKey(url: string): string | undefined {
  const parsed = parsedUrl(url);
  if (parsed === undefined) return undefined;
  const host = parsed.hostname.toLowerCase();
  const labels = host.split('.').filter((label) => label !== 'www' && label !== 'm' && label !== 'amp');
  if (labels.length > 1) labels.pop();
  if (labels.length > 1 && /^(?:co|com|org|net|gov|ac|edu|ne|or|go)$/.test(labels[labels.length - 1]))
    labels.pop();
  const key = looseKey(labels.length > 1 ? labels[labels.length - 1] : (labels[0] ?? ''));
  return key.length >= 3 ? key : undefined;
}

/** True when a title part names the site (equal or similar to a site name, or to the host). */
function isSitePart(part: string, siteNames: readonly string[], host: string | undefined): boolean {
  const key = looseKey(part);
  if (key.length === 0) return false;
  for (const site of siteNames) {
    // A site name with a tagline ("Aktuálně.cz - Víte, co se právě děje") also goes by its first part.
    const [head] = site.split(TITLE_SEPARATOR);
    for (const name of head === site ? [site] : [site, head]) {
      const siteKey = looseKey(name);
      if (siteKey.length === 0) continue;
      if (key === siteKey) return true;
      const [short, long] = key.length < siteKey.length ? [key, siteKey] : [siteKey, key];
      if (short.length >= 3 && long.includes(short) && short.length / long.length >= 0.5) return true;
      if (similarity(part, name) >= 0.8) return true;
    }
  }
  if (host && key.startsWith(host)) {
    // "Example.com", "NYTimes", "BBC News" — but not "nytimes blog posts".
    // "Doom9's Forum", "Example Community": a host's forum named after it.
    return /^(?:|com|net|org|couk|co|de|fr|uk|io|news|online|s?forums?|s?community|s?boards?)$/.test(
      key.slice(host.length),
    );
  }
  return false;
}

/**
 * Removes the site name from a title: splits on " | ", " - ", " – ", " — ",
 * " :: ", " · ", " » " and drops a first or last part that names the site. When
 * an `<h1>` equals the title's leading parts, returns those parts.
 * Never returns an empty string for a non-empty title.
 */
export function stripSiteName(
  title: string,
  siteNames: readonly string[],
  options: { url?: string; h1s?: readonly string[] } = {},
): string {
  const pieces = title.split(TITLE_SEPARATOR);
  if (pieces.length < 3 || pieces.length > MAX_TITLE_PIECES) return title;
  const h1Keys = new Set((options.h1s ?? []).map(looseKey).filter((key) => key.length > 0));
  const host = hostKey(options.url);
  if (h1Keys.size > 0) {
    if (h1Keys.has(looseKey(title))) return title;
    // The longest leading run of parts that is an <h1> ("Headline | Section | Site").
    // Trailing runs are not tried: an <h1> holding the site's name (a logo) is common.
    for (let stop = pieces.length - 2; stop >= 1; stop -= 2) {
      const prefix = pieces.slice(0, stop).join('').trim();
      if (h1Keys.has(looseKey(prefix)) && !isSitePart(prefix, siteNames, host)) return prefix;
    }
  }
  let start = 0;
  let stop = pieces.length; // exclusive; parts are at even indices
  if (isSitePart(pieces[stop - 1], siteNames, host)) stop -= 2;
  else if (isSitePart(pieces[0], siteNames, host)) start += 2;
  if (stop - start < 1) return title;
  const kept = pieces.slice(start, stop).join('').trim();
  return kept.length > 0 ? kept : title;
}

/** Most words of each title part left out around a heading's run ("View topic", "Arch Linux Forums"). */
const MAX_DROPPED_PART_WORDS = 5;
/** Fewest words of a heading that names the page inside its title (not "News", "Forum"). */
const MIN_SHOWN_RUN_WORDS = 3;

/**
 * The longest run of a split title's parts (not all of them) that one of the page's
 * `<h2>`/`<h3>` headings says exactly: forums print the thread's title as a heading and put
 * the board and the forum around it in `<title>`, in either order. Runs naming the site, runs
 * of fewer than three words, and runs that would leave out a part of more than five words (a
 * headline's own half, with a section heading matching the other) are not taken.
 */
function shownRun(
  pieces: readonly string[],
  headings: readonly string[],
  namesSite: (run: string) => boolean,
): string | undefined {
  if (headings.length === 0 || pieces.length < 3 || pieces.length > MAX_TITLE_PIECES) return undefined;
  const keys = new Set(headings.map(looseKey).filter((key) => key.length > 0));
  let best: string | undefined;
  for (let start = 0; start < pieces.length; start += 2) {
    for (let stop = start + 1; stop <= pieces.length; stop += 2) {
      if (start === 0 && stop === pieces.length) continue;
      const run = pieces.slice(start, stop).join('').trim();
      if (run.split(/\s+/).length < MIN_SHOWN_RUN_WORDS || (best !== undefined && run.length <= best.length))
        continue;
      if (!keys.has(looseKey(run)) || namesSite(run)) continue;
      // What is left out is a board, a section or the site, in a few words each.
      const dropped = pieces.filter((_, index) => index % 2 === 0 && (index < start || index >= stop));
      if (dropped.every((part) => part.trim().split(/\s+/).length <= MAX_DROPPED_PART_WORDS)) best = run;
    }
  }
  return best;
}

/** How alike (word Dice) a lone `<h1>` and the declared title must be for the `<h1>` to be the title. */
const HEADLINE_SIMILARITY = 0.4;

/**
 * The page's first `<h1>` is one end of a two-part `<title>` whose other end a lower heading shows:
 * the site's name set as the first heading, over the page's own (mdBook's "What is Ownership? - The
 * Rust Programming Language": the book's name is the menu bar's `<h1>`, the chapter an `<h2>`).
 */
export function headlineIsSitePart(title: string, h1: string, headings: readonly string[]): boolean {
  const pieces = title.split(TITLE_SEPARATOR);
  const h1Key = looseKey(h1);
  if (pieces.length !== 3 || h1Key.length === 0) return false;
  const head = looseKey(pieces[0]);
  const tail = looseKey(pieces[2]);
  // The headings (tens on some pages) are keyed only when one end is the <h1>.
  if (tail !== h1Key && head !== h1Key) return false;
  const shown = new Set(headings.map(looseKey).filter((key) => key.length > 0));
  return (tail === h1Key && shown.has(head)) || (head === h1Key && shown.has(tail));
}

/** True when a title is (loosely) the text of one of the page's `<h1>`s. */
function matchesHeading(title: string, h1s: readonly string[]): boolean {
  const key = looseKey(title);
  if (key.length === 0) return false;
  return h1s.some((h1) => looseKey(h1) === key || similarity(h1, title) >= 0.9);
}

/** Markdown heading marks a CMS left in front of a title ("## Hyper-Local Regolith…"); "#1 Best …" keeps its "#". */
const MARKDOWN_HEADING = /^#{1,6}\s+(?=\S)/;

/** A pipe between spaces: what titles put before a tagline, a section or a site name. */
const PIPE_SEPARATOR = /\s+[|｜]\s+/;
/** Fewest words of the part before a pipe for it to stand alone ("Home | …" does not). */
const MIN_HEAD_WORDS = 2;

/**
 * The part of a title before its first pipe: what follows is a tagline, a section or a site name
 * the page does not declare as such ("Cloudflare CDN | Content Delivery Network", "… | Opinion",
 * "Build your first app | Get started"), even where the `<h1>` repeats it. A dash is not read so:
 * it joins a headline's own halves too ("The Language Death Spiral - How Small Languages Die").
 * On WCXB's tuning half: 13 titles right, 4 wrong.
 */
function withoutTagline(title: string): string {
  const parts = title.split(PIPE_SEPARATOR, 2);
  if (parts.length < 2) return title;
  const head = parts[0].trim();
  return head.split(' ').length >= MIN_HEAD_WORDS ? head : title;
}

/**
 * The title: the first metadata title (og:title, JSON-LD headline/name,
 * twitter:title, Dublin Core, Parse.ly …) or else the `<title>`, with the site
 * name removed — but a candidate that the page shows as its `<h1>` wins over
 * the others, since that is the headline a reader sees.
 */
function chooseTitle(
  sources: Sources,
  siteNames: readonly string[],
  url: string | undefined,
): string | undefined {
  const { meta, jsonld, microdata, page } = sources;
  const h1s = page.h1s;
  const subheadings = page.subheadings;
  const documentTitle = page.title === undefined ? '' : cleanTitleText(page.title, 2_000);
  // JSON-LD headline and name often differ (Wikipedia: name is the title, headline a tagline):
  // put first the one closer to the document title, as Readability does.
  let jsonTitles = [jsonld.headline, jsonld.name];
  if (jsonld.headline && jsonld.name && documentTitle) {
    if (similarity(jsonld.name, documentTitle) > similarity(jsonld.headline, documentTitle)) {
      jsonTitles = [jsonld.name, jsonld.headline];
    }
  }
  const raw = [
    ...meta.ogTitle,
    ...jsonTitles,
    ...meta.twitterTitle,
    ...meta.otherTitles,
    microdata.headline,
    microdata.name,
  ];
  const siteKeys = new Set(siteNames.map(looseKey));
  const candidates: string[] = [];
  const declared: string[] = [];
  for (const value of raw) {
    if (value === undefined) continue;
    const text = cleanTitleText(value, 2_000);
    // A "title" that is just the site name says nothing about the page.
    if (text.length === 0 || siteKeys.has(looseKey(text))) continue;
    declared.push(text);
    candidates.push(stripSiteName(text, siteNames, { url, h1s }));
    if (candidates.length >= 20) break;
  }
  const fromDocument = documentTitle ? stripSiteName(documentTitle, siteNames, { url, h1s }) : undefined;
  const all = fromDocument === undefined ? candidates : [...candidates, fromDocument];
  const shown = all.find((title) => matchesHeading(title, h1s));
  if (shown !== undefined) return shown;
  // The page's one headline, when the declared titles are other wordings of it
  // ("Top 10 Health and Nutrition Trends to Watch" for "Health And Nutrition Trends For 2026").
  if (h1s.length === 1 && all.length > 0 && !headlineIsSitePart(documentTitle, h1s[0], subheadings)) {
    const headline = cleanTitleText(h1s[0], 2_000);
    const words = headline.split(' ').length;
    if (
      words >= 3 &&
      words <= 30 &&
      !siteKeys.has(looseKey(headline)) &&
      similarity(headline, all[0]) >= HEADLINE_SIMILARITY
    )
      return headline;
  }
  // No headline says it: a run of a declared title's parts that an <h2>/<h3> shows ("View topic -
  // Thread", "Thread / Board / Forum": forums print the thread's title as a lower heading).
  const host = hostKey(url);
  for (const text of documentTitle ? [...declared, documentTitle] : declared) {
    const run = shownRun(text.split(SHOWN_RUN_SEPARATOR), subheadings, (part) =>
      isSitePart(part, siteNames, host),
    );
    if (run !== undefined) return run;
  }
  return all[0] ?? firstText(h1s);
}

// ── authors ─────────────────────────────────────────────────────────────────

/** "by" in the languages bylines are measured in (en, de, fr, es/pt, it, nl, sv/da/no, pl). */
const BY_WORD = '(?:by|von|vom|par|por|di|da|door|av|af|przez)';
/** The verb before "by": "Posted by", "Veröffentlicht von", "Publié par", "Eingestellt von". */
const BY_VERB =
  '(?:written|posted|post|reported|published|words|story|text|recipe|guide|article|photos?|veröffentlicht|eingestellt|geschrieben|verfasst|erstellt|publiziert|publié|écrit|rédigé|publicado|escrito|pubblicato|scritto|geplaatst|geschreven|opublikowano|napisane)';
const BY_PREFIX = new RegExp(
  `^(?:(?:view|see|read|more)\\s+(?:all\\s+)?(?:posts|articles|stories|content)\\s+|(?:more\\s+)?(?:articles|posts|stories)\\s+|${BY_VERB}\\s+)?${BY_WORD}\\b[\\s:.-]*`,
  'i',
);
/** "Veröffentlicht vonChris Jung": a label glued to the name (the two were separate elements). */
const GLUED_BY = new RegExp(`^(${BY_VERB}\\s+${BY_WORD})(?=\\p{Lu})`, 'iu');
/** "ByDaryl Austin": "By" glued to a capitalised name (two elements without a space between). */
const GLUED_BY_ALONE = /^(By|BY|by|Von|von|Par|par|Por|por)(?=\p{Lu}\p{Ll})/u;
/** "Angela Holliday-Bell, MD*": a footnote's mark after a name (its note follows in the text). */
const FOOTNOTE_MARK = /[*†‡]+$/;
/** "Author: Ann", "Autor Ann", "Topic author": a label before the name. */
const AUTHOR_PREFIX =
  /^(?:(?:topic|post|article|story)\s+)?(?:authors?|autor(?:es|in)?|auteurs?|autore|writer|reporter|byline)(?:\s*[:：]\s*|\s+(?=\p{Lu}))/iu;
/** What follows a " | " or " • " in a byline is decoration (a date, a role, the site). */
const BYLINE_TAIL = /\s+[|•·●]\s.*$/;
/**
 * A person's name, then a dash and what the person is: "David Jackson - FullStack Editorial Team" (a
 * JSON-LD Person's name, WCXB dev 0183). Two to four capitalised words before the dash; a brand of one
 * word keeps its own ("GURUS - Drupal").
 */
const NAME_DASH_TAIL = /^(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3})\s+[-–—]\s+\S.*$/u;
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\\.?';
const WEEKDAY = '(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\\.?';
/** A date (and whatever follows) at the end of a visible byline: "By A March 25, 2015", "Posted by A at December 16, 2025". */
const DATE_TAIL = new RegExp(
  `[\\s,]+(?:(?:last\\s+)?(?:on|at|updated|published|posted|modified)(?:\\s+on)?\\s*:?\\s*)?(?:${WEEKDAY},?\\s+)?(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\.?\\s+${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}(?![\\d-])|\\d{1,2}/\\d{1,2}/\\d{2,4}\\b).*$`,
  'i',
);
/** "Edited by …", "Photos by …": other roles, not authors. */
const OTHER_ROLE_TAIL =
  /[\s,;]+(?:edited|updated|reviewed|fact[- ]checked|photos?|photographs?|illustrations?|graphics|video)\s+by\b.*$/i;
/** "Last updated: …", "Published …", "Veröffentlicht am": a dateline, not a byline ("Posted by …" is one). */
const LEADING_DATE_LABEL = new RegExp(
  `^(?:last\\s+)?(?:updated|published|posted|modified|veröffentlicht|publiziert|aktualisiert|geändert|eingestellt|erstellt|publié|mis à jour|publicado|actualizado|pubblicato|aggiornato)(?![\\p{L}])(?!\\s+${BY_WORD}\\b)`,
  'iu',
);
/**
 * What bylines put after a name: " am" (de "on"), "Alle Artikel", "Shares", separators. The short
 * words only in lower case, as a label before a date is written: capitalised they end a name
 * ("Audiophile On", WCXB dev 4427; "Minh Le").
 */
const TRAILING_JUNK =
  /(?:\s+(?:am|on|le|el|[Ll]ast|[Aa]lle [Aa]rtikel|[Aa]ll (?:posts|articles|stories)|[Mm]ore (?:posts|articles)|[Ss]hares?|[Mm]ehr|[Pp]rofile?))+\s*$|\s*[|~•·:»<>–—-]+\s*$/;
/** A command line's option: "--author=", "-e", "--reset-author". */
const COMMAND_OPTION = /^\s*--?[a-z][\w-]*=?\s*$/;
const LEADING_JUNK = /^\s*[|~•·:»>–—-]+\s*/;
const WEEKDAYS =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|mon|tue|wed|thu|fri|sat|sun';
const URL_IN_TEXT = /\(?\s*(?:https?:\/\/|www\.)[^\s)]{1,500}\s*\)?/gi;
/** Values that name nobody: placeholders, roles, labels, weekdays. */
const JUNK_AUTHOR = new RegExp(
  `^(?:null|undefined|none|unknown|unbekannt|inconnu|anonym|anonyme|anonymous|admin|administrator|wordpressadmin|webmaster|\\[object object\\]|n\\/a|-+|the author|topic author|author|authors|auteurs?|autor(?:en|es|in)?|redaktion|die redaktion|rédaction|redacción|redazione|editorial team|staff|team|agencies|agenturen|revised edition|about the author|über den autor|à propos de l'auteur|sobre el autor|${WEEKDAYS})$`,
  'i',
);
/** Words that show a byline fragment is interface text, not a name. */
const JUNK_WORDS =
  /\b(?:updated|published|posted|last modified|min read|comments?|sign in|sign up|log in|subscribe|follow|share|advertisement)\b/i;
const PROFILE_LINK =
  /(?:facebook|twitter|x|instagram|linkedin|tiktok|youtube|threads|mastodon)\.(?:com|net|social)\b/i;

/** Splits a list of names at commas, semicolons, " and ", " und ", " et " — never inside parentheses. */
function splitNames(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const ch = text[index];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (depth === 0) {
      if (ch === ',' || ch === ';') {
        parts.push(text.slice(start, index));
        start = index + 1;
      } else if (ch === ' ') {
        const word = /^ (?:and|und|et) /i.exec(text.slice(index, index + 5));
        if (word) {
          parts.push(text.slice(start, index));
          start = index + word[0].length;
          index = start - 1;
        }
      }
    }
  }
  parts.push(text.slice(start));
  // "Smith, John" and "Kooman, F." are one inverted name, not two people.
  if (parts.length === 2 && !/\s(?:and|und|et)\s/i.test(text)) {
    const [last, given] = parts.map((part) => part.trim());
    if (/^[\p{L}'’-]+$/u.test(last) && given.split(/\s+/).length <= 3 && /^\p{Lu}/u.test(given))
      return [text];
  }
  return parts;
}

/** One author value → clean names: "By A and B" → ["A", "B"]; URLs, handles and interface text dropped. */
export function splitAuthors(raw: string): readonly string[] {
  return raw.length > MAX_REMEMBERED_AUTHOR ? namesOf(raw) : SPLIT_AUTHORS.get(raw, ownNamesOf);
}

const ownNamesOf = (raw: string): readonly string[] => namesOf(raw).map(ownString);

/**
 * The last author values split: the rules read each source's names, and the choice's candidates
 * read the same values again (a pure function of the value; the names are shared, never changed).
 */
const SPLIT_AUTHORS = new RememberedAnswers<readonly string[]>(256);
/** Longer values are split each time (a key would hold a page's text). */
const MAX_REMEMBERED_AUTHOR = 300;

function namesOf(raw: string): string[] {
  let text = cleanText(raw, 1_000);
  if (text.length === 0 || looksLikeUrl(text) || PROFILE_LINK.test(text)) return [];
  text = text
    .replace(URL_IN_TEXT, ' ')
    .replace(BYLINE_TAIL, '')
    .replace(NAME_DASH_TAIL, '$1')
    .replace(GLUED_BY, '$1 ')
    .replace(GLUED_BY_ALONE, '$1 ');
  if (LEADING_DATE_LABEL.test(text)) return [];
  text = text
    .replace(DATE_TAIL, '')
    .replace(OTHER_ROLE_TAIL, '')
    .replace(AUTHOR_PREFIX, '')
    .replace(BY_PREFIX, '')
    .replace(/\(\s*\)/g, '')
    .trim();
  const out: string[] = [];
  for (let part of splitNames(text)) {
    // Code, not a name: a command's option ("--author=", "--reset-author", WCXB dev 0689: git's manual).
    if (COMMAND_OPTION.test(part)) continue;
    part = part
      .replace(LEADING_JUNK, '')
      .replace(BY_PREFIX, '')
      .replace(TRAILING_JUNK, '')
      .replace(FOOTNOTE_MARK, '')
      .replace(/^[\s"'“”‘’]+|[\s"'“”‘’,:;]+$/g, '')
      // A full stop after a name ends its sentence ("… by Erik Demaine."); after an initial it stays.
      .replace(/(?<=\p{L}{2})(?<!\b(?:Jr|Sr|Inc|Ltd|Co|Dr|St))\.$/u, '')
      .trim();
    // A dangling bracket left by the split or the trimming.
    if (part.endsWith(')') && !part.includes('(')) part = part.slice(0, -1).trim();
    if (part.startsWith('(') && !part.includes(')')) part = part.slice(1).trim();
    if (part.length < 2 || part.length > MAX_NAME_LENGTH) continue;
    if (part.split(' ').length > MAX_NAME_WORDS) continue;
    if (looksLikeUrl(part) || PROFILE_LINK.test(part) || /^@\w/.test(part) || JUNK_AUTHOR.test(part))
      continue;
    if (JUNK_WORDS.test(part) || !/\p{L}{2}/u.test(part)) continue;
    out.push(part);
  }
  return out;
}

/** Clean, de-duplicated author names from raw values (each may name several people). */
export function cleanAuthors(values: readonly string[]): string[] {
  const names: string[] = [];
  for (const value of values.slice(0, MAX_AUTHORS * 2))
    for (const name of splitAuthors(value)) names.push(name);
  return dedupe(names, MAX_AUTHORS);
}

/**
 * A date a visible byline starts with, and the separator after it: "Dec. 19, 2025 · Niko Matsakis"
 * (WCXB dev 0379's `div.publish-date-author`), "Dec 17, 2025Julian K. Arni" (0453: the date's and
 * the name's `<span>`s without a space between). The date is the page's; the name follows it. Only
 * after "·", "•" or glued: "March 20, 2023 | Wellness & Prevention" (4125) names a section.
 */
const DATE_HEAD = new RegExp(
  `^(?:${WEEKDAY},?\\s+)?(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\.?\\s+${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2})(?!\\d)(?:\\s*[·•]\\s*|(?=\\p{Lu}))(?=\\p{Lu})`,
  'iu',
);
/** "… on behalf of the Vision Doc group": whom the author writes for, not a second author. */
const ON_BEHALF_TAIL = /\s+on behalf of\b.*$/i;
/** "This post was written by …": a byline phrase after other words, from its "by" on. */
const WRITTEN_BY = /\b(?:written|authored|posted|reported|compiled)\s+by\s/i;
/** " - Product marketer", " — Accessibility": what a visible byline puts after a name and a dash. */
const DASH_TAIL = /\s+[-–—]\s.*$/;
/** Lower-case words that names carry (van, de, bin…): others show a role ("Head of Marketing"). */
const NAME_PARTICLE = /^(?:van|von|der|den|de|del|della|di|da|das|dos|du|la|le|bin|ibn|al|el|y|zu|ter|ten)$/;

/** ", and Julian K. Arni": the last name of a list written with a serial comma. */
const LIST_AND = /,\s(?:and|und|et|y|en|och|og)\s\p{Lu}/u;

/**
 * A visible byline without the role after the names: the part after the first comma goes when
 * it has lower-case words other than particles ("Julie Weisenhorn and Natalie Hoidal, Extension
 * horticulture educators"), and so does what follows a dash ("Eliz - Product marketer").
 */
function withoutRole(byline: string): string {
  let text = byline.trim();
  const phrase = WRITTEN_BY.exec(text);
  if (phrase && phrase.index > 0) text = text.slice(phrase.index);
  text = text
    .replace(DATE_HEAD, '')
    .replace(BYLINE_TAIL, '')
    .replace(DATE_TAIL, '')
    .replace(ON_BEHALF_TAIL, '')
    .replace(DASH_TAIL, '');
  const comma = text.indexOf(', ');
  if (comma > 0) {
    const rest = text.slice(comma + 2);
    // ", and" closes a list of names ("Alex David, Sönke Hahn, and Julian K. Arni", WCXB 0453's
    // listing); an "and" without its comma may join a role's words ("Senior Director, Content &
    // Marketing, MarketingSherpa and MECLABS Institute", 0327).
    const list = LIST_AND.test(rest);
    const lower = rest
      .split(/\s+/)
      .some(
        (word) =>
          /^\p{Ll}{2,}/u.test(word) &&
          !NAME_PARTICLE.test(word) &&
          !(list && /^(?:and|und|et|y|en|och|og)$/.test(word)),
      );
    if (lower) text = text.slice(0, comma);
  }
  return text;
}

/**
 * Names from a visible byline, held to a stricter standard than declared
 * authors since the element may be anything with "author" in its class: every
 * name short, without digits or sentence punctuation, or nothing.
 */
export function bylineAuthors(byline: string): string[] {
  const names = cleanAuthors([withoutRole(byline)]);
  const plausible = names.every((name) => {
    const words = name.split(' ');
    // "billed annually": words, not a name (a user name is one word).
    const allLower = words.length > 1 && words.every((word) => !/\p{Lu}/u.test(word));
    return words.length <= 6 && !allLower && !/[\d:?!$€£@]/.test(name);
  });
  return plausible ? names : [];
}

/** A forum user name, as its element shows it: one short name, digits allowed ("ridwan123"). */
export function userNames(text: string): string[] {
  const names = cleanAuthors([text]);
  return names.length === 1 && names[0].split(' ').length <= 3 ? names : [];
}

/** A user name rather than a name: "edilson.la.rosa", "gabor_munier", "sarah-indra". */
function isHandle(name: string): boolean {
  return !name.includes(' ') && /[._-]/.test(name) && name === name.toLowerCase();
}

/**
 * The authors: from JSON-LD (people), the author `<meta>` tags, microdata, the
 * visible bylines, and JSON-LD authors typed as organisations, the first
 * source that names a person. A name that is the site's or publisher's
 * ("Rob Picheta, CNN") or a user name is left out when the source names a
 * person besides; a source that names only those is used when none names a person.
 */
function chooseAuthors(sources: Sources, siteNames: readonly string[], url: string | undefined): string[] {
  const { meta, jsonld, microdata, page } = sources;
  const host = hostKey(url);
  const siteKeys = siteNames.map(looseKey).filter((key) => key.length > 0);
  const isSiteName = (name: string) => {
    const key = looseKey(name);
    if (siteKeys.includes(key) || siteNames.some((site) => similarity(site, name) >= 0.8)) return true;
    if (host && key.startsWith(host) && key.length <= host.length + 6) return true;
    return /^[\w-]+(?:\.[\w-]+)*\.(?:[a-z]{2,3}|info|media|online|news)$/i.test(name); // "finanztreff.de"
  };
  let fallback: string[] = [];
  const people = (authors: string[]): string[] | undefined => {
    if (authors.length === 0) return undefined;
    const named = authors.filter((name) => !isSiteName(name) && !isHandle(name));
    if (named.length > 0) return named;
    if (fallback.length === 0) fallback = authors;
    return undefined;
  };
  for (const list of [jsonld.authors, ...meta.authors, microdata.authors]) {
    const authors = people(cleanAuthors(list));
    if (authors) return authors;
  }
  // Visible bylines one at a time, the first that yields plausible names: a forum thread's
  // labelled starter, bylines marked by class, bylines in text, the first post's user name.
  for (const [byline, names] of [
    ...page.threadStarters.slice(0, 1).map((name) => [name, userNames] as const),
    ...page.bylines.slice(0, 3).map((text) => [text, bylineAuthors] as const),
    ...page.textBylines.slice(0, 3).map((text) => [text, bylineAuthors] as const),
    ...page.postAuthors.map((name) => [name, userNames] as const),
  ]) {
    const authors = people(names(byline));
    if (authors) return authors;
  }
  return (
    people(cleanAuthors(jsonld.organizationAuthors)) ??
    (fallback.length > 0 ? fallback : cleanAuthors(jsonld.organizationAuthors))
  );
}

// ── other fields ────────────────────────────────────────────────────────────

/**
 * Normalises a language tag to BCP 47 casing (`en_us` → `en-US`, `zh-hans-cn` →
 * `zh-Hans-CN`); takes the first of a list; undefined when it is not a tag.
 */
export function normalizeLanguage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const tag = value.split(/[,;]/)[0].trim().replace(/_/g, '-');
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{1,8}){0,4}$/i.test(tag)) return undefined;
  const [primary, ...rest] = tag.split('-');
  const subtags = rest.map((subtag, index) => {
    if (subtag.length === 2 && /^[a-z]{2}$/i.test(subtag)) return subtag.toUpperCase();
    if (index === 0 && subtag.length === 4 && /^[a-z]{4}$/i.test(subtag)) {
      return subtag[0].toUpperCase() + subtag.slice(1).toLowerCase();
    }
    return subtag.toLowerCase();
  });
  return [primary.toLowerCase(), ...subtags].join('-');
}

function firstDate(values: readonly (string | undefined)[], now: number): string | undefined {
  for (const value of values) {
    const date = parseDate(value, now);
    if (date !== undefined) return date;
  }
  return undefined;
}

/** Every value that parses as a date, as ISO 8601, in order. */
function parsedDates(values: readonly (string | undefined)[], now: number): string[] {
  const dates: string[] = [];
  for (const value of values) {
    const date = parseDate(value, now);
    if (date !== undefined) dates.push(date);
  }
  return dates;
}

export const dayOf = (iso: string): string => iso.slice(0, 10);

/**
 * JSON-LD main entities that are records, not dated writing: a CMS's page (WordPress pages are
 * `WebPage` in Yoast's graph, posts are `Article`), a product, a place, a business, a video. Their
 * `datePublished` is when the record was created; a reader is shown no date (on WCXB's tuning half,
 * 16 of 21 such pages that do not show the date have no date in the gold).
 */
const RECORD_TYPE =
  /^(?:WebPage|ItemPage|CollectionPage|AboutPage|ContactPage|FAQPage|SearchResultsPage|ProfilePage|MedicalWebPage|WebSite|Product|ProductGroup|IndividualProduct|Offer|Place|Organization|Corporation|LocalBusiness|\w+Business|Service|VideoObject|ImageObject|Event|SoftwareApplication|WebApplication)$/;

/** Query parameters that track a visit and leave the page what it is (`?srsltid=…`, `?utm_source=…`). */
const TRACKING_PARAMETER = /^(?:utm_\w+|srsltid|gclid|fbclid|msclkid|mc_cid|mc_eid|ref)$/i;

/** A site's home page: the URL's path is the root, and its query (if any) only tracks the visit (`/?p=3289` is a post). */
export function isHomePage(url: string | undefined): boolean {
  if (url === undefined) return false;
  const parsed = parsedUrl(url);
  if (parsed === undefined) return false;
  if (parsed.pathname !== '/' && parsed.pathname !== '') return false;
  for (const key of parsed.searchParams.keys()) if (!TRACKING_PARAMETER.test(key)) return false;
  return true;
}

/** JSON-LD types of a piece of dated writing. */
const ARTICLE_TYPE = /(?:Article|BlogPosting|Report)$/;

/** The page declares itself an article: its first JSON-LD type, or `og:type` "article". */
function declaresArticle({ jsonld, meta }: Sources): boolean {
  return (
    (jsonld.types.length > 0 && ARTICLE_TYPE.test(jsonld.types[0])) ||
    meta.types.some((type) => type.trim().toLowerCase() === 'article')
  );
}

/** Fewest different days among the first shown dates of a list of items (teasers, search results). */
const LIST_MIN_DAYS = 3;

/**
 * The first dates the page shows are a list's, not the page's: the first three in elements of one
 * form (a card's), three or more different days, the first not the oldest. A forum thread's posts
 * go forward in time (the first post's date is the thread's); news lists, archives and shops'
 * reviews go back. An article's own dateline has a form of its own, so the teasers after it do
 * not make its date a list's.
 */
function isDateList(shown: readonly ShownDate[], now: number): boolean {
  if (shown.length < LIST_MIN_DAYS) return false;
  const form = shown[0].form;
  if (shown.slice(1, LIST_MIN_DAYS).some((date) => date.form !== form)) return false;
  const days = parsedDates(
    shown.filter((date) => date.form === form).map((date) => date.value),
    now,
  ).map(dayOf);
  if (new Set(days).size < LIST_MIN_DAYS) return false;
  return days.some((day) => day < days[0]);
}

/**
 * The publication date: the date the page shows a reader when the page shows one. A declared date
 * (JSON-LD, `<meta>`, microdata) is taken when the page shows the same day or none of its own. A
 * page that shows one date, earlier than the declared one and not an update, is dated by what it
 * shows: a CMS stamps the day it imported or re-saved a page, after the day it was published (a
 * shown date later than the declared one may be an update the page does not label). With no
 * declared date: the first shown date, unless the shown dates are a list's; else an "Updated …"
 * dateline, the only date the page gives.
 */
function choosePublished(sources: Sources, now: number, url: string | undefined): string | undefined {
  const { meta, jsonld, microdata, page } = sources;
  const shownPlain = parsedDates([...page.times, ...page.visibleDates], now);
  const shownUpdated = parsedDates(page.visibleModified, now);
  const shownDays = new Set([...shownPlain, ...shownUpdated].map(dayOf));
  // A site's home page lists its latest pages: its dates are theirs (and a declared one is the
  // site's or the theme's), unless it shows one day only (a blog's front page showing its last
  // post) or declares itself an article. On WCXB's tuning half, 1 of 41 home pages has a date in
  // the gold.
  if (isHomePage(url) && shownDays.size !== 1 && !declaresArticle(sources)) return undefined;
  let declaredLd = parseDate(jsonld.published, now);
  if (
    declaredLd !== undefined &&
    jsonld.types.length > 0 &&
    RECORD_TYPE.test(jsonld.types[0]) &&
    !shownDays.has(dayOf(declaredLd))
  )
    declaredLd = undefined;
  const declared = firstDate([declaredLd, ...meta.published, microdata.published], now);
  if (declared !== undefined) {
    if (shownDays.has(dayOf(declared))) return declared;
    const modifiedDays = new Set(
      [...parsedDates([jsonld.modified, ...meta.modified, microdata.modified], now), ...shownUpdated].map(
        dayOf,
      ),
    );
    const ownDays = new Set(shownPlain.map(dayOf));
    const own = shownPlain.find((date) => !modifiedDays.has(dayOf(date)) && dayOf(date) < dayOf(declared));
    return own !== undefined && ownDays.size === 1 ? own : declared;
  }
  if (isDateList(page.firstDates, now)) return undefined;
  return shownPlain[0] ?? shownUpdated[0];
}

const JUNK_TAG = /^(?:nil|null|none|undefined|untagged|uncategori[sz]ed|\[object object\])$/i;

function chooseTags(sources: Sources): string[] {
  const { meta, jsonld, microdata } = sources;
  const raw = [...meta.tags, ...jsonld.keywords, ...microdata.keywords, ...meta.sections, ...jsonld.sections];
  const tags: string[] = [];
  for (const value of raw.slice(0, MAX_TAGS * 2)) {
    for (let tag of splitList(value)) {
      // Medium and others mix internal flags into keywords: "Tag:Nodejs", "Lite:true".
      const prefixed = /^tag:(\S.*)$/i.exec(tag);
      if (prefixed) tag = prefixed[1];
      else if (/^[\w-]+:\S+$/.test(tag)) continue;
      if (tag.length <= MAX_TAG_LENGTH && !looksLikeUrl(tag) && !JUNK_TAG.test(tag)) tags.push(tag);
    }
  }
  return dedupe(tags, MAX_TAGS);
}

function choosePageType(sources: Sources): string | undefined {
  const type = first([sources.jsonld.types[0], sources.microdata.types[0], ...sources.meta.types]);
  const text = type === undefined ? '' : cleanText(type, 100);
  return text.length > 0 ? text : undefined;
}

/**
 * The site's name (og:site_name, JSON-LD publisher or WebSite name, microdata publisher,
 * application-name…) and every name the page gives its site, for recognising it in titles.
 */
export function siteNamesOf(sources: Sources): {
  siteName?: string;
  /** Where the site name was found (og:site_name, json-ld:publisher…). */
  siteNameSource?: string;
  siteNames: string[];
} {
  const { meta, jsonld, microdata } = sources;
  const named = firstNamed<string>(
    [
      ...meta.ogSiteName.map((name): [string, string] => ['og:site_name', name]),
      ['json-ld:publisher', jsonld.publisher],
      ['json-ld:WebSite', jsonld.websiteName],
      ['microdata:publisher', microdata.publisher],
      ...meta.otherSiteNames.map((name): [string, string] => ['meta:application-name', name]),
    ].map(([source, value]): [string, string | undefined] => [
      source as string,
      value === undefined ? undefined : cleanText(value) || undefined,
    ]),
  );
  let siteName = named?.value;
  // "Aktuálně.cz - Víte, co se právě děje": a site name with a tagline, when the publisher is its first part.
  const publisher = jsonld.publisher === undefined ? '' : cleanText(jsonld.publisher, 200);
  if (siteName && publisher && siteName !== publisher) {
    const [head] = siteName.split(TITLE_SEPARATOR);
    if (looseKey(head) === looseKey(publisher)) siteName = head.trim();
  }
  const siteNames = [
    siteName,
    jsonld.publisher,
    jsonld.websiteName,
    ...meta.ogSiteName,
    ...meta.otherSiteNames,
  ]
    .filter((name): name is string => name !== undefined)
    .map((name) => cleanText(name, 200))
    .filter((name) => name.length > 0)
    .slice(0, 10);
  return siteName === undefined ? { siteNames } : { siteName, siteNameSource: named?.source, siteNames };
}

export function merge(sources: Sources, options: MergeOptions): Metadata {
  return mergeWithSiteNames(sources, options).metadata;
}

/**
 * `merge`, and the site's names it read on the way (`siteNamesOf`): the reading gives them to the
 * choice, which would otherwise read them a second time.
 */
export function mergeWithSiteNames(
  sources: Sources,
  options: MergeOptions,
): { metadata: Metadata; siteNames: string[] } {
  const { meta, jsonld, microdata, page } = sources;
  const now = options.now;
  const pageUrl = absoluteUrl(options.url);
  const base = absoluteUrl(page.base, pageUrl) ?? pageUrl;

  const { siteName, siteNameSource, siteNames } = siteNamesOf(sources);
  const found: MetadataSources = {};

  const canonicalUrl =
    absoluteUrl(page.canonical, base) ??
    first(meta.urls.map((url) => absoluteUrl(url, base))) ??
    absoluteUrl(jsonld.url, base);
  const urlBase = base ?? canonicalUrl;

  const metadata: Metadata = {
    authors: chooseAuthors(sources, siteNames, pageUrl ?? canonicalUrl),
    tags: chooseTags(sources),
  };
  const chosen = chooseTitle(sources, siteNames, pageUrl ?? canonicalUrl);
  const title = chosen === undefined ? undefined : withoutTagline(chosen.replace(MARKDOWN_HEADING, ''));
  if (title) metadata.title = title;
  const published = choosePublished(sources, now, pageUrl ?? canonicalUrl);
  if (published) metadata.published = published;
  const modified = firstDate(
    [jsonld.modified, ...meta.modified, microdata.modified, ...page.visibleModified],
    now,
  );
  if (modified) metadata.modified = modified;
  if (siteName) {
    metadata.siteName = siteName;
    if (siteNameSource !== undefined) found.siteName = siteNameSource;
  }
  const language = firstNamed<string>([
    ['html:lang', normalizeLanguage(page.lang)],
    ['meta:content-language', first(meta.languages.map(normalizeLanguage))],
    ['og:locale', first(meta.ogLocale.map(normalizeLanguage))],
    ['json-ld:inLanguage', normalizeLanguage(jsonld.language)],
    ['microdata:inLanguage', normalizeLanguage(microdata.language)],
  ]);
  if (language) {
    metadata.language = language.value;
    found.language = language.source;
  }
  if (page.direction) metadata.direction = page.direction;
  const description = firstText([...meta.descriptions, jsonld.description, microdata.description]);
  if (description) metadata.description = description;
  if (canonicalUrl) metadata.canonicalUrl = canonicalUrl;
  const image = first(
    [...meta.images, ...jsonld.images, ...microdata.images, page.imageSrc].map((value) =>
      absoluteUrl(value, urlBase),
    ),
  );
  if (image) metadata.image = image;
  const pageType = choosePageType(sources);
  if (pageType) metadata.pageType = pageType;
  if (jsonld.body !== undefined) {
    const body = cleanBlockText(jsonld.body, MAX_BODY_LENGTH);
    if (body.length > 0) metadata.structuredBody = body;
  }
  if (found.language !== undefined || found.siteName !== undefined) metadata.sources = found;
  return { metadata, siteNames };
}
