/**
 * Class/id vocabularies as bit flags, for block features. Each element's class
 * and id are split into tokens ("post-content sidebar__item" → post, content,
 * sidebar, item) and each token is looked up once per process in a memo, so the
 * regular expressions run once per distinct token, not once per element.
 *
 * The words are English-leaning because class names are, on sites in every
 * language; the model learns how much each group is worth (docs/algorithms/default.md).
 */

import { isJsSpaceCode } from '../../dom/index.js';

/** The cue groups, in bit order. */
export const CUE_GROUPS = [
  'nav',
  'header',
  'footer',
  'sidebar',
  'comment',
  'share',
  'related',
  'ad',
  'newsletter',
  'cookie',
  'meta',
  'content',
  'post',
  'product',
  'card',
  'hidden',
  'title',
  'caption',
  'code',
  'author',
] as const;
export type CueGroup = (typeof CUE_GROUPS)[number];

/**
 * Endings that make a cue another word (subscribe·r, promo·tion, promo·ted, comment·ary, share·d):
 * what follows a cue inside its token must not be one of these.
 */
const DERIVED_ENDING = /^(?:e?[dr]|e?rs|ings?|(?:t|at)?ions?|tional|ted|ters?|ary|al|ly|ive|able)$/;

/** Letters on the other side of a cue that make its token a glued compound (site·footer, comment·list), not a longer word (h·extra, no·sidebar). */
const MIN_COMPOUND_PART = 3;

function isTokenChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/**
 * True when a global cue pattern finds one of its words as a word of a lower-cased class-and-id
 * string, not inside another word: a token (a run of a–z, 0–9) that is the word or its plural, or
 * a glued compound of it with a word of three letters or more (`sitefooter`, `commentlist`), but
 * not a derived word (`subscriber-only` is not "subscribe", `node--promoted` not "promo",
 * `hextra-page` not "extra"). A body class of a paywalled article read as a newsletter box drops
 * the article.
 */
export function hasCueWord(classAndId: string, words: RegExp): boolean {
  if (classAndId === '') return false;
  words.lastIndex = 0;
  for (let match = words.exec(classAndId); match !== null; match = words.exec(classAndId)) {
    const start = match.index;
    const end = start + match[0].length;
    words.lastIndex = start + 1; // matches may overlap (`-ad-` inside `-ad-break`)
    let tokenStart = start;
    if (isTokenChar(classAndId.charCodeAt(start)))
      while (tokenStart > 0 && isTokenChar(classAndId.charCodeAt(tokenStart - 1))) tokenStart--;
    let tokenEnd = end;
    if (isTokenChar(classAndId.charCodeAt(end - 1)))
      while (tokenEnd < classAndId.length && isTokenChar(classAndId.charCodeAt(tokenEnd))) tokenEnd++;
    const before = start - tokenStart;
    const after = classAndId.slice(end, tokenEnd);
    if (before === 0) {
      if (after === '' || after === 's' || (after.length >= MIN_COMPOUND_PART && !DERIVED_ENDING.test(after)))
        return true;
    } else if (before >= MIN_COMPOUND_PART && (after === '' || after === 's')) return true;
  }
  return false;
}

/**
 * Token patterns per group: a token matches when the pattern finds it (anchors where exactness matters),
 * or when `CUE_WORDS` finds its word in it.
 */
const GROUP_PATTERNS: Record<CueGroup, RegExp> = {
  nav: /^(nav|navi|navbar|navigation|menu|menus|submenu|breadcrumbs?|crumbs?|pagination|pager|paging|toolbar|skip|topnav|tabs?|toc)$|nav$|^nav/,
  header: /^(header|masthead|topbar|top|branding|logo|banner|hero)$/,
  footer: /^(footer|foot|copyright|colophon|bottom|legal|imprint)$/,
  sidebar: /^(sidebar|aside|widget|widgets|rail|secondary|side|complementary)$/,
  comment: /^respond$|^replies$|^reply$|^talk$/,
  share: /^follow$|^print$|^email$/,
  related: /^more$|^also$|^read$|^next$|^prev$|^previous$|^latest$|^most$/,
  ad: /^(ad|ads|advert|adverts|advertisement|advertising|sponsor|sponsored|promo|promotion|dfp|gpt|adsense|adslot|adunit|banner-ad)$|^ad[0-9]/,
  newsletter: /^sign$|^cta$|^register$|^login$|^modal$/,
  cookie: /^cmp$/,
  meta: /^(meta|byline|date|time|timestamp|posted|published|updated|tags?|category|categories|label|labels|info|details|dateline|stats)$|byline|timestamp|metadata/,
  content:
    /^(content|article|entry|body|story|text|prose|markdown|main|page|blog|richtext|rte|wysiwyg|copy)$|content|article|entry|story|prose|markdown|richtext/,
  post: /^(post|posts|message|messages|thread|topic|topics|forum|answer|answers|question|bbcode|postbody|cooked)$|post|message|thread|forum|answer/,
  product:
    /product|price|cart|basket|checkout|^buy$|^sku$|^offer$|review|rating|^stock$|^variant$|^specs?$|specification/,
  card: /^(card|cards|tile|tiles|grid|item|items|list|listing|teaser|thumb|thumbnail|col|cell|box|module)$|card|tile|grid/,
  hidden:
    /^(hidden|hide|invisible|sr|srt|offscreen|collapsed|collapse)$|sr-only|visually|screen-reader|screenreader/,
  title:
    /^(title|headline|heading|head|h1|subtitle|kicker|standfirst|lede|lead|summary|intro|excerpt|dek|deck)$|title|headline/,
  caption: /caption|credit|^figure$|^photo$|^image$|^img$|^media$|^gallery$/,
  code: /^(code|highlight|syntax|hljs|prism|sourcecode|codehilite|pre|docs|doc|api|reference|manual)$|highlight|language-|lang-|codeblock/,
  author: /author|^by$|profile|avatar|^user$|username|^bio$|signature|^vcard$|^member$/,
};

/**
 * The furniture groups' words, found as words of a token by `hasCueWord` (the word, its plural, a glued
 * compound), not inside another word: `subscriber-only` is not a newsletter box, `commentary` not a comment,
 * `node-promoted` not an ad. Derived forms that still name the group are listed before the word.
 */
const CUE_WORDS: Partial<Record<CueGroup, RegExp>> = {
  nav: /menu/g,
  header: /header/g,
  footer: /footer/g,
  sidebar: /sidebar|widget/g,
  comment: /comment|disqus|discussion|remark/g,
  share: /share|sharing|social|facebook|twitter|linkedin|whatsapp|pinterest/g,
  related: /related|recommended|recommendations?|recommend|popular|trending|outbrain|taboola|teaser/g,
  ad: /advertising|advertisement|advert|sponsored|sponsor|adsense|doubleclick/g,
  newsletter: /newsletter|subscribe|subscription|signup|paywall|popup|overlay/g,
  cookie: /cookie|consent|gdpr|onetrust|cookiebot|privacy/g,
};

/**
 * A memo of bounded size that keeps what is in use: two generations, the older dropped whole
 * when the newer fills, and an entry found in the older carried into the newer. Hostile pages can
 * invent unlimited class names, and real ones do too (hashed CSS-in-JS classes): a memo cleared
 * when full grows for thousands of pages and then drops, which moves the process's memory by tens
 * of MB; this one holds at most twice `generation` entries and forgets only what went unused for
 * a whole generation.
 */
class BoundedMemo {
  #newer = new Map<string, number>();
  #older = new Map<string, number>();
  constructor(private readonly generation: number) {}

  get(key: string): number | undefined {
    const found = this.#newer.get(key);
    if (found !== undefined) return found;
    const old = this.#older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: string, value: number): void {
    if (this.#newer.size >= this.generation) {
      this.#older = this.#newer;
      this.#newer = new Map();
    }
    this.#newer.set(key, value);
  }
}

/** Entries per generation: a page has a few hundred distinct class strings, a site a few thousand. */
const MEMO_GENERATION = 25_000;
const memo = new BoundedMemo(MEMO_GENERATION);

/** The cue groups one token names (memoised), as bits in `CUE_GROUPS` order. */
export function tokenBits(token: string): number {
  const known = memo.get(token);
  if (known !== undefined) return known;
  let bits = 0;
  for (let group = 0; group < CUE_GROUPS.length; group++) {
    const name = CUE_GROUPS[group];
    const words = CUE_WORDS[name];
    if (GROUP_PATTERNS[name].test(token) || (words !== undefined && hasCueWord(token, words)))
      bits |= 1 << group;
  }
  memo.set(token, bits);
  return bits;
}

/** Characters of a class-and-id string read for cues (the longest on the shared datasets' development pages: 7,511). */
const MAX_CLASS_CHARS = 16_000;
const stringMemo = new BoundedMemo(MEMO_GENERATION);

/**
 * The cue groups a (lower-cased) class-and-id string names, as bits in `CUE_GROUPS` order: those
 * of its tokens (runs of a–z and 0–9) and of its compound words ("ad-slot", "post-content": runs
 * without white space holding `-` or `_`). One scan, no split: a string is new on about one
 * element in six (ids differ per element), and splitting it twice was 4 % of the bytes a page
 * allocates.
 */
export function cueBits(whole: string): number {
  if (whole === '' || whole === ' ') return 0;
  // Class words are near the start; a class of megabytes (fuzz seed 211, page 2811: 3 MB, 559,086
  // tokens, 450 ms between two deadline checks) is read no further than a real one runs.
  const classAndId = whole.length > MAX_CLASS_CHARS ? whole.slice(0, MAX_CLASS_CHARS) : whole;
  const known = stringMemo.get(classAndId);
  if (known !== undefined) return known;
  const bits = scannedCueBits(classAndId, 0, classAndId.length);
  stringMemo.set(classAndId, bits);
  return bits;
}

/** The cue bits of the tokens and compounds of `text[start, end)` (a white-space boundary at each end). */
function scannedCueBits(text: string, start: number, end: number): number {
  let bits = 0;
  let tokenStart = -1;
  let allDigits = true;
  let wordStart = -1;
  let compound = false;
  for (let at = start; at <= end; at++) {
    const code = at < end ? text.charCodeAt(at) : 0x20;
    const letter = code >= 0x61 && code <= 0x7a;
    if (letter || (code >= 0x30 && code <= 0x39)) {
      if (tokenStart < 0) {
        tokenStart = at;
        allDigits = true;
      }
      if (letter) allDigits = false;
    } else if (tokenStart >= 0) {
      // No group names a number, and numbers (ids: "post-12345") would only fill the memo.
      if (at - tokenStart <= 40 && !allDigits) bits |= tokenBits(text.slice(tokenStart, at));
      tokenStart = -1;
    }
    if (at === end || isJsSpaceCode(code)) {
      if (compound) bits |= tokenBits(text.slice(wordStart, Math.min(at, wordStart + 60)));
      wordStart = -1;
      compound = false;
    } else {
      if (wordStart < 0) wordStart = at;
      if (code === 0x2d || code === 0x5f) compound = true;
    }
  }
  return bits;
}

const classMemo = new BoundedMemo(MEMO_GENERATION);

/**
 * `cueBits(doc.classAndId(node))` for an element whose class and id strings are given
 * (`classAndId` is `"<class> <id>"` lower-cased). Ids differ per element, so their strings were
 * scanned whole, the class's tokens sliced again each time, and memoised whole for nothing. The
 * space ends every token and compound, so the bits are the class part's (memoised by the class
 * string: every element of a card grid has it) and the id part's, scanned in place. Lower case
 * keeps the class part's length but for İ (two units): then, and past the length cut, the whole.
 */
export function elementCueBits(classAndId: string, cls: string | undefined, id: string): number {
  const classLength = cls?.length ?? 0;
  if (classAndId.length > MAX_CLASS_CHARS || classAndId.length !== classLength + 1 + id.length)
    return cueBits(classAndId);
  let classBits = 0;
  if (cls !== undefined && classLength > 0) {
    const known = classMemo.get(cls);
    if (known !== undefined) classBits = known;
    else {
      classBits = scannedCueBits(classAndId, 0, classLength);
      classMemo.set(cls, classBits);
    }
  }
  return classBits | scannedCueBits(classAndId, classLength + 1, classAndId.length);
}

/** Bit of one group. */
export function cueBit(group: CueGroup): number {
  return 1 << CUE_GROUPS.indexOf(group);
}
