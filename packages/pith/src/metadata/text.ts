/**
 * Small string helpers shared by the metadata sources. Every function is linear
 * in its input and bounded: no regex here can backtrack more than a constant per
 * character.
 */
import { decodeHTML } from 'entities';
import { lettersKey, outputText } from '../dom/index.js';

/** Longest metadata text value kept (titles, descriptions, names); longer values are cut. */
export const MAX_TEXT = 10_000;

/**
 * Drops zero-width spaces, word joiners and BOMs, collapses whitespace runs
 * (no-break spaces included) to one space, trims. ZWJ/ZWNJ are kept: they
 * shape Persian and Indic text and emoji.
 */
export function normalizeSpace(value: string): string {
  // Most values have single spaces only: the two replaces, which rebuild the string, change nothing there.
  const spaced = NOT_NORMAL_SPACE.test(value)
    ? value.replace(/[\u200b\u2060\ufeff]/g, '').replace(/\s+/g, ' ')
    : value;
  return outputText(spaced).trim();
}
/** What the replaces above change: a zero-width character, white space other than a space, two spaces. */
const NOT_NORMAL_SPACE = /[\u200b\u2060\ufeff]|[^\S ]| {2}/;

// Tags are bounded at 1,000 characters so a '<' with no '>' costs at most that much.
const TAG_LIKE = /<\/?[a-zA-Z][^<>]{0,1000}>/g;
const HAS_ENTITY = /&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});?/;

/**
 * Cleans a text value from an attribute or JSON-LD: decodes HTML entities that
 * survived (double-encoded `&amp;quot;`, JSON-LD strings holding `&#8217;`), drops
 * markup, collapses whitespace, caps the length. Returns '' for nothing.
 */
export function cleanText(value: string, maxLength = MAX_TEXT): string {
  return cleaned(value, maxLength, false);
}

/**
 * `cleanText` for a title, where a tag's name is often the subject ("30 Years of <br> Tags",
 * "<table>: The Table element", both written `&lt;…&gt;` in the page): when every tag-like piece
 * is a bare opening tag (no attributes, no closing tag), the text is not markup and keeps them.
 */
export function cleanTitleText(value: string, maxLength = MAX_TEXT): string {
  return cleaned(value, maxLength, true).replace(EMPTY_BRACKETS, '');
}

/** A pair of brackets with nothing inside, after a space: a template's empty slot ("… 40-Clips ()", WCXB dev 2898). */
const EMPTY_BRACKETS = /\s+(?:\(\s*\)|\[\s*\])(?=\s|$)/g;

/** A tag written alone, without attributes: `<br>`, `<table>`. */
const BARE_TAG = /^<[a-zA-Z][a-zA-Z0-9-]{0,30}>$/;

function cleaned(value: string, maxLength: number, keepBareTags: boolean): string {
  if (value.length === 0) return '';
  let text = value.length > maxLength * 4 ? value.slice(0, maxLength * 4) : value;
  if (text.includes('<') && !(keepBareTags && onlyBareTags(text))) text = text.replace(TAG_LIKE, ' ');
  if (text.includes('&') && HAS_ENTITY.test(text)) text = decodeHTML(text);
  text = normalizeSpace(text);
  return text.length > maxLength ? text.slice(0, maxLength).trimEnd() : text;
}

/** Whether every tag-like piece of a text is a bare opening tag (a text with none is left as it is). */
function onlyBareTags(text: string): boolean {
  const tags = text.match(TAG_LIKE);
  return tags === null || tags.every((tag) => BARE_TAG.test(tag));
}

/** Like `cleanText` but keeps paragraph breaks (for `structuredBody`). */
export function cleanBlockText(value: string, maxLength: number): string {
  let text = value.length > maxLength * 2 ? value.slice(0, maxLength * 2) : value;
  if (text.includes('<')) {
    text = text.replace(/<\/?(?:p|div|br|li|h[1-6]|tr|blockquote|pre)\b[^<>]{0,1000}>/gi, '\n');
    text = text.replace(TAG_LIKE, ' ');
  }
  if (text.includes('&') && HAS_ENTITY.test(text)) text = decodeHTML(text);
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0\u200b\ufeff]+/g, ' ')
    .replace(/ ?\n[\s]*/g, (match) => (match.split('\n').length > 2 ? '\n\n' : '\n'))
    .trim();
  return text.length > maxLength ? text.slice(0, maxLength).trimEnd() : text;
}

/**
 * The last answers of a pure function of a short string, bounded: emptied when full, so a page's
 * repeated values cost one call each and memory stays flat over a crawl.
 */
export class RememberedAnswers<T> {
  private readonly answers = new Map<string, T>();
  constructor(private readonly limit: number) {}

  /**
   * The answer for `key`, computed by `compute(key)` when not known: pass the function itself where
   * it needs nothing else (`get(value, lettersKey)`), not a closure made per call (hundreds a page).
   */
  get(key: string, compute: (key: string) => T): T {
    // One lookup when the answer is known (an answer may be undefined itself: then a second).
    const known = this.answers.get(key);
    if (known !== undefined || this.answers.has(key)) return known as T;
    const computed = compute(key);
    const answer = (typeof computed === 'string' ? ownString(computed) : computed) as T;
    if (this.answers.size >= this.limit) this.answers.clear();
    this.answers.set(ownString(key), answer);
    return answer;
  }

  /** Forgets every answer (their function's other arguments changed). */
  clear(): void {
    this.answers.clear();
  }
}

/**
 * A copy of a string that holds no other: a value read from a page is (in V8) a slice of the page's
 * source, and a slice kept from page to page keeps that whole source alive with it.
 */
export function ownString(value: string): string {
  return ` ${value}`.slice(1);
}

/** Lower-case letters and digits only (any script), for loose comparisons. */
export function looseKey(value: string): string {
  return value.length > MAX_REMEMBERED_KEY ? lettersKey(value) : LOOSE_KEYS.get(value, lettersKey);
}

/**
 * The last loose keys made: a page's site names, headings and titles are keyed over and over (each
 * title part against each site name, each declared title against each heading).
 */
const LOOSE_KEYS = new RememberedAnswers<string>(512);
/** Longer values are keyed each time (a page's text, not a name). */
const MAX_REMEMBERED_KEY = 300;

/** Words (letters/digits runs) of a string, lower-cased. */
export function words(value: string): string[] {
  return value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A string's loose key and words, made once for the few strings compared over and over. */
interface Keyed {
  readonly value: string;
  readonly key: string;
  words: string[] | undefined;
  /** How often each word occurs (made with the words). */
  wordCounts: Map<string, number> | undefined;
  /** The key's character bigrams, counted (made when a comparison falls back to them). */
  bigramCounts: Map<string, number> | undefined;
  bigramCount: number;
}

/**
 * The last strings `similarity` read: a page's candidates are each compared with the same h1,
 * title, og:title and rules' title, and each candidate with all four in a row (their keys and
 * words made per call were 3 % of the bytes a page allocates).
 */
const RECENT_KEYED: (Keyed | undefined)[] = new Array(8).fill(undefined);
/**
 * When each entry was last read: a new string takes the place of the one read longest ago. Taking
 * the places in turn evicted the four references from the fifth title row on, each then evicting
 * the next (every row made their words and counts again).
 */
const KEYED_READ = new Float64Array(RECENT_KEYED.length);
let keyedReads = 0;

function keyedOf(value: string): Keyed {
  keyedReads++;
  let oldest = 0;
  for (let at = 0; at < RECENT_KEYED.length; at++) {
    const entry = RECENT_KEYED[at];
    if (entry !== undefined && entry.value === value) {
      KEYED_READ[at] = keyedReads;
      return entry;
    }
    if (KEYED_READ[at] < KEYED_READ[oldest]) oldest = at;
  }
  const made: Keyed = {
    value,
    key: looseKey(value),
    words: undefined,
    wordCounts: undefined,
    bigramCounts: undefined,
    bigramCount: 0,
  };
  RECENT_KEYED[oldest] = made;
  KEYED_READ[oldest] = keyedReads;
  return made;
}

/**
 * `words(value)`, kept with the strings `similarity` read last (the title rows compare a candidate
 * and then count its words): the same array for the same string while it is kept (never change it).
 */
export function keptWords(value: string): readonly string[] {
  const keyed = keyedOf(value);
  keyed.words ??= words(value);
  return keyed.words;
}

/**
 * Similarity of two strings in [0, 1]: the Dice coefficient of their word bags
 * (character bigrams for CJK-like text without spaces). Linear in the inputs.
 */
export function similarity(a: string, b: string): number {
  const keyedA = keyedOf(a);
  const keyedB = keyedOf(b);
  const ka = keyedA.key;
  const kb = keyedB.key;
  if (ka.length === 0 || kb.length === 0) return 0;
  if (ka === kb) return 1;
  keyedA.words ??= words(a);
  keyedB.words ??= words(b);
  if (keyedA.words.length <= 2 && keyedB.words.length <= 2 && (ka.length > 12 || kb.length > 12)) {
    const countsA = bigramCountsOf(keyedA);
    const countsB = bigramCountsOf(keyedB);
    return (2 * sharedCount(countsA, countsB)) / (keyedA.bigramCount + keyedB.bigramCount);
  }
  keyedA.wordCounts ??= counted(keyedA.words);
  keyedB.wordCounts ??= counted(keyedB.words);
  return (
    (2 * sharedCount(keyedA.wordCounts, keyedB.wordCounts)) / (keyedA.words.length + keyedB.words.length)
  );
}

/** How often each token occurs. */
function counted(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

function bigramCountsOf(keyed: Keyed): Map<string, number> {
  if (keyed.bigramCounts === undefined) {
    const tokens = bigrams(keyed.key);
    keyed.bigramCounts = counted(tokens);
    keyed.bigramCount = tokens.length;
  }
  return keyed.bigramCounts;
}

/**
 * Tokens two bags share, each as often as the bag with fewer of it holds it (the sum of the
 * smaller counts): what matching each token of one bag with an unused equal token of the other counts.
 */
function sharedCount(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  let shared = 0;
  // Not `for (const [token, count] of small)`: an entry array per token (the largest allocation of
  // the choice, 7 KB a page).
  small.forEach((count, token) => {
    const other = large.get(token);
    if (other !== undefined) shared += count < other ? count : other;
  });
  return shared;
}

function bigrams(value: string): string[] {
  const out: string[] = [];
  const chars = Array.from(value);
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  if (chars.length === 1) out.push(chars[0]);
  return out;
}

/** Longest address `parsedUrl` remembers (longer ones are parsed each time). */
export const MAX_REMEMBERED_URL = 2048;

/** The last addresses parsed: a page's address is read by several steps, each a parse before. */
const PARSED_URLS = new RememberedAnswers<Readonly<URL> | undefined>(8);

/**
 * `new URL(value)`, or undefined where that throws; for an address of up to `MAX_REMEMBERED_URL`
 * characters, the same object as the last calls' (read it, never change it): the choice reads the
 * page's address four to eight times a page (its path, its host, whether it is a home page, its date).
 */
export function parsedUrl(value: string): Readonly<URL> | undefined {
  return value.length > MAX_REMEMBERED_URL ? parseUrl(value) : PARSED_URLS.get(value, parseUrl);
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** True when the value looks like a URL or a path rather than text. */
export function looksLikeUrl(value: string): boolean {
  return (
    /^(?:[a-z][a-z0-9+.-]{1,20}:\/\/|\/\/|www\.|\/[^\s]*$)/i.test(value) ||
    /^[^\s/]+\.[a-z]{2,}\/\S*$/i.test(value)
  );
}

/**
 * Resolves a URL against the first base that works; returns an absolute http(s)
 * URL or undefined (never `javascript:`, `data:` …).
 */
export function absoluteUrl(value: string | undefined, ...bases: (string | undefined)[]): string | undefined {
  if (!value) return undefined;
  let trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 4096) return undefined;
  const usable = bases.filter((base): base is string => typeof base === 'string' && base.length > 0);
  if (trimmed.startsWith('//') && usable.length === 0) trimmed = `https:${trimmed}`;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  for (const base of absolute ? [undefined] : usable) {
    try {
      const url = new URL(trimmed, base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      // an invalid base or value: try the next base
    }
  }
  return undefined;
}

/** Splits a list on commas (ASCII, full-width and ideographic), trimming and cleaning each item. */
export function splitList(value: string, maxItems = 200): string[] {
  const out: string[] = [];
  for (const part of value.split(/[,，、]/)) {
    const item = cleanText(part, 200);
    if (item.length > 0) out.push(item);
    if (out.length >= maxItems) break;
  }
  return out;
}

/** Removes duplicates case-insensitively, keeping the first spelling and the order. */
export function dedupe(values: Iterable<string>, max = Number.POSITIVE_INFINITY): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (value.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
    if (out.length >= max) break;
  }
  return out;
}
