import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { type QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { PithError } from '../errors.js';
import { mapPieces } from './characters.js';
import { checkDeadline, tick, withDeadline } from './deadline.js';
import { type AttributeNames, Doc, type DocColumns, NodeKind } from './doc.js';
import { IS_HEADING, IS_HIDDEN_CONTENT, IS_VOID, TAG, TAG_COUNT, tagId, tagNameOf } from './tags.js';
import { measureTextRange, type TextMeasure } from './text-measure.js';

/** Bounds on what one page may cost. Over a bound, parsing fails with a `PithError`. */
export interface ParseLimits {
  /** Largest accepted input, in characters (default 32 Mi). */
  maxInputLength?: number;
  /** Most nodes (elements, text, comments) one document may have (default 2,000,000). */
  maxNodes?: number;
  /** Deepest element nesting accepted (default 1,024; browsers cap tree depth at 512). */
  maxDepth?: number;
  /** Wall-clock deadline as a `Date.now()` timestamp (see dom/deadline.ts); over it → PithError('TIMEOUT'). */
  deadline?: number;
}

export interface ParseOptions extends ParseLimits {
  /** The page URL, kept on the Doc for resolving relative links. */
  url?: string;
}

export const DEFAULT_LIMITS = Object.freeze({
  maxInputLength: 32 * 1024 * 1024,
  maxNodes: 2_000_000,
  maxDepth: 1024,
});

/** Most elements searched up from the current one when applying an implied end tag. */
const SCOPE_SEARCH_LIMIT = 64;

/** A flag table by tag id (the tag sets below are looked up on every tag: no `Set`s). */
function tagTable(names: string): Uint8Array {
  const table = new Uint8Array(TAG_COUNT);
  for (const name of names.split(/\s+/)) {
    if (name === '') continue;
    const id = tagId(name);
    if (id === 0) throw new Error(`parse.ts: unknown tag in table: ${name}`);
    table[id] = 1;
  }
  return table;
}

const PARAGRAPH = tagTable('p');
const LIST_ITEM = tagTable('li');
const DEFINITION_ITEM = tagTable('dd dt');
const TABLE_CELL = tagTable('td th');
const TABLE_ROW = tagTable('tr');
const TABLE_SECTION = tagTable('tbody thead tfoot');
const TABLE_STRUCTURE = tagTable('table tbody thead tfoot tr td th caption');

/** HTML's "button scope": an open <p> beyond one of these is not closed by a block. */
const BUTTON_SCOPE_TAGS = 'html body table td th caption marquee object applet template button';
const BUTTON_SCOPE = tagTable(BUTTON_SCOPE_TAGS);

/** Table structure start tags: in a table, they end any fostered element still open (see startTag). */
const TABLE_START = tagTable('table tbody thead tfoot tr td th caption colgroup col');

/** Where HTML's "in table" insertion modes apply: the current element is one of these. */
const TABLE_CONTEXT = tagTable('table tbody thead tfoot tr');

/**
 * What may stand directly in a table, row or table section. Anything else there is
 * "foster-parented": placed in front of the table (<input> too, unless type=hidden).
 */
const ALLOWED_IN_TABLE = tagTable(
  'table tbody thead tfoot tr td th caption colgroup col script style template form',
);

/** HTML's "table scope": where the search for an open cell, row or section stops. */
const TABLE_SCOPE = tagTable('html table template');

/** HTML's default scope: an end tag does not close an element beyond one of these. */
const DEFAULT_SCOPE_TAGS = 'html table td th caption marquee object applet template';
const DEFAULT_SCOPE = tagTable(DEFAULT_SCOPE_TAGS);

/** Where `</li>` stops looking: list item scope. */
const LIST_ITEM_STOP_END = tagTable(`${DEFAULT_SCOPE_TAGS} ul ol`);

/**
 * HTML's "special" elements: the end tag of an ordinary element (`</span>`,
 * `</font>`, `</b>`) is ignored when one of these stands between it and its element.
 */
const SPECIAL = tagTable(`
  address applet area article aside base basefont bgsound blockquote body br button caption center
  col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset
  h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee
  menu meta nav noembed noframes noscript object ol p param plaintext pre script search section
  select source style summary table tbody td template textarea tfoot th thead title tr track ul wbr
  xmp`);

/** Start tags that close an open <p> (the HTML tree-construction rules). */
const CLOSES_P = tagTable(`
  address article aside blockquote center details dialog dir div dl fieldset figcaption figure
  footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 pre listing
  form li dd dt plaintext table hr xmp`);

/** Blocks that end the search for an open list or definition item (other than address, div and p). */
const ITEM_SEARCH_BARRIERS =
  'article aside blockquote section nav header footer main table form fieldset figure details';

/** Where the search for an open <li> stops: its list, a scope boundary, or a block other than address/div/p. */
const LIST_ITEM_STOP = tagTable(`${BUTTON_SCOPE_TAGS} ${ITEM_SEARCH_BARRIERS} ul ol dl dd dt`);

/** Where the search for an open <dd>/<dt> stops. */
const DEFINITION_ITEM_STOP = tagTable(`${BUTTON_SCOPE_TAGS} ${ITEM_SEARCH_BARRIERS} dl ul ol li`);

/** Elements that belong in <head>; anything else before <body> starts the body. */
const HEAD_CONTENT = tagTable('title meta link script style base noscript template basefont bgsound');

/**
 * Start tags that close the current element while it is one of a few tags (htmlparser2's
 * `openImpliesClose`, kept so that trees stay as they were when pith used htmlparser2's `Parser`):
 * `<a>` closes an open `<a>`, a heading a heading, `<option>` an option…
 */
const CLOSES_CURRENT: (Uint8Array | undefined)[] = (() => {
  const table: (Uint8Array | undefined)[] = new Array(TAG_COUNT).fill(undefined);
  const rules: [string, string][] = [
    ['tr', 'tr th td'],
    ['th', 'th'],
    ['td', 'thead th td'],
    ['body', 'head link script'],
    ['a', 'a'],
    ['li', 'li'],
    ['p', 'p'],
    ['h1 h2 h3 h4 h5 h6', 'h1 h2 h3 h4 h5 h6 p'],
    ['select input output button datalist textarea', 'input option optgroup select button datalist textarea'],
    ['option', 'option'],
    ['optgroup', 'optgroup option'],
    ['dd dt', 'dd dt'],
    [
      'address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul',
      'p',
    ],
    ['rt rp', 'rt rp'],
    ['tbody tfoot', 'thead tbody'],
  ];
  for (const [openers, closed] of rules) {
    const set = tagTable(closed);
    for (const opener of openers.split(' ')) table[tagId(opener)] = set;
  }
  return table;
})();

/**
 * Elements whose content htmlparser2's tokenizer reads as raw text (outside SVG and MathML):
 * their text keeps its `&`s. (<title> and <textarea> are raw too, but their entities are decoded.)
 */
const RAW_TEXT = tagTable('script style xmp iframe noembed noframes plaintext');

/** HTML's whitespace (for text in tables): tab, line feed, form feed, carriage return, space. */
const NOT_TABLE_WHITESPACE = /[^\t\n\f\r ]/;

/** Void elements: IS_VOID, plus two obsolete ones htmlparser2 also treats as void. */
const OBSOLETE_VOID_NAMES = new Set(['command', 'isindex']);

/** Where in foreign content (SVG, MathML) the parser is: it changes tag names and self-closing tags. */
const HTML_CONTEXT = 0;
const SVG_CONTEXT = 1;
const MATHML_CONTEXT = 2;

/** Elements inside SVG or MathML whose content is HTML again. */
const HTML_INTEGRATION_POINTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);

/** Case-sensitive SVG tag names (the HTML spec's table, as in htmlparser2). */
const SVG_TAG_NAMES = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

/**
 * Known lower-case names, found straight in the source: the characters are hashed (ASCII
 * letters folded to lower case) and checked against the table, so a known tag or attribute
 * name costs no slice, no `toLowerCase()` and no string hashing, and comes out as the one
 * interned string. Anything else (unknown or non-ASCII names) falls back to the slow path.
 */
class NameTable {
  private readonly slots: Int32Array;
  private readonly mask: number;

  /** `names[i]` must be lower case; index 0 may be a placeholder that is never found. */
  constructor(
    readonly names: readonly string[],
    skipFirst: boolean,
  ) {
    let size = 16;
    while (size < names.length * 4) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    names.forEach((name, index) => {
      if (skipFirst && index === 0) return;
      let slot = foldedHash(name, 0, name.length) & this.mask;
      while (this.slots[slot] >= 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = index;
    });
  }

  /**
   * The index of the name `source[start, end)` spells (ASCII letters in any case), or -1. `hash` is
   * its `foldedHash`, when the caller has it already.
   */
  find(source: string, start: number, end: number, hash = foldedHash(source, start, end)): number {
    // Beyond ASCII: no name of the table (they are all ASCII).
    if (hash < 0) return -1;
    const length = end - start;
    let slot = hash & this.mask;
    for (let index = this.slots[slot]; index >= 0; index = this.slots[slot]) {
      const name = this.names[index];
      if (name.length === length && spellsFolded(source, start, name)) return index;
      slot = (slot + 1) & this.mask;
    }
    return -1;
  }
}

/**
 * FNV-1a of `text[start, end)` with A–Z folded to a–z, as an unsigned 32-bit number; -1 when a
 * character is beyond ASCII (lower-casing is then not A–Z folding, and no interned name matches).
 */
function foldedHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) {
    let code = text.charCodeAt(index);
    if (code >= 128) return -1;
    if (code >= 65 && code <= 90) code += 32;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash >>> 0;
}

/** Whether `source` from `start` spells the lower-case `name`, its A–Z folded. */
function spellsFolded(source: string, start: number, name: string): boolean {
  for (let at = 0; at < name.length; at++) {
    let code = source.charCodeAt(start + at);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== name.charCodeAt(at)) return false;
  }
  return true;
}

/** Known tags, by id. */
const TAG_NAME_TABLE = new NameTable(
  Array.from({ length: TAG_COUNT }, (_, id) => tagNameOf(id)),
  true,
);

/** Attribute names common enough to be worth interning. */
const ATTRIBUTE_NAME_TABLE = new NameTable(
  `class id href src style alt title rel type name content width height target srcset sizes
  property lang charset http-equiv action method value for role itemprop itemscope itemtype
  datetime border cellpadding cellspacing align valign bgcolor color face size colspan rowspan
  onclick onload async defer crossorigin integrity media loading tabindex hidden placeholder
  xmlns viewbox fill stroke d dir data-src data-id aria-label aria-hidden aria-expanded
  aria-controls aria-labelledby aria-haspopup aria-current data-testid decoding fetchpriority
  referrerpolicy nonce x y transform clip-rule fill-rule stroke-width version focusable
  xmlns:xlink xlink:href language summary scope headers label selected checked disabled`.split(/\s+/),
  false,
);

const KNOWN_ATTRIBUTE_COUNT = ATTRIBUTE_NAME_TABLE.names.length;
const TYPE_ATTRIBUTE = ATTRIBUTE_NAME_TABLE.names.indexOf('type');
const HREF_ATTRIBUTE = ATTRIBUTE_NAME_TABLE.names.indexOf('href');
const KNOWN_ATTRIBUTE_IDS = new Map(ATTRIBUTE_NAME_TABLE.names.map((name, id) => [name, id]));

/**
 * The attribute names of one page by number: the known names by their place in
 * `ATTRIBUTE_NAME_TABLE`, the others numbered after them as they first appear.
 */
class PageAttributeNames implements AttributeNames {
  private readonly others: string[] = [];
  private readonly otherIds = new Map<string, number>();
  /**
   * The other names spelt in ASCII, found straight in the source as `NameTable` finds the known
   * ones (open addressing by a hash of the characters, A–Z folded; -1 is empty): a page's
   * `data-*` and other unlisted names recur on every card of a listing, and a slice and its
   * lower-cased copy per occurrence were 11 KB a page (bench/speed/allocation.ts). Made on the
   * page's first such name.
   */
  private slots: Int32Array | undefined;

  /** The number of the name `source[start, end)` spells (lower-cased). */
  add(source: string, start: number, end: number): number {
    // One hash for both tables: the known names' and the page's others'.
    const hash = foldedHash(source, start, end);
    // Beyond ASCII, lower-casing is not A–Z folding: the slice and `toLowerCase` decide.
    if (hash < 0) return this.addSliced(source, start, end);
    const known = ATTRIBUTE_NAME_TABLE.find(source, start, end, hash);
    if (known >= 0) return known;
    if (this.slots === undefined) this.slots = new Int32Array(64).fill(-1);
    const slots = this.slots;
    const mask = slots.length - 1;
    const length = end - start;
    let slot = hash & mask;
    for (let id = slots[slot]; id >= 0; id = slots[slot]) {
      const name = this.others[id - KNOWN_ATTRIBUTE_COUNT];
      if (name.length === length && spellsFolded(source, start, name)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.addSliced(source, start, end);
    // Only the page's other names go in the slots (an ASCII name not known is one of them).
    if (id >= KNOWN_ATTRIBUTE_COUNT) {
      slots[slot] = id;
      if (this.others.length * 2 > slots.length) this.rehash(slots.length * 2);
    }
    return id;
  }

  private addSliced(source: string, start: number, end: number): number {
    const name = source.slice(start, end).toLowerCase();
    let id = this.idOf(name);
    if (id < 0) {
      id = KNOWN_ATTRIBUTE_COUNT + this.others.length;
      this.others.push(name);
      this.otherIds.set(name, id);
    }
    return id;
  }

  /** The slots made `size` long, with every other name spelt in ASCII in them. */
  private rehash(size: number): void {
    const slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    this.others.forEach((name, index) => {
      const hash = foldedHash(name, 0, name.length);
      if (hash < 0) return;
      let slot = hash & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = KNOWN_ATTRIBUTE_COUNT + index;
    });
    this.slots = slots;
  }
  idOf(name: string): number {
    return KNOWN_ATTRIBUTE_IDS.get(name) ?? this.otherIds.get(name) ?? -1;
  }
  nameOf(id: number): string {
    return id < KNOWN_ATTRIBUTE_COUNT
      ? ATTRIBUTE_NAME_TABLE.names[id]
      : this.others[id - KNOWN_ATTRIBUTE_COUNT];
  }
}

/**
 * Parses HTML into a `Doc`. Uses htmlparser2's tokenizer (see docs/decisions.md for why)
 * and builds the tree itself by the HTML tree-construction rules that matter for where
 * text lands, in one pass over the tokens into compact columns, then the subtree counts
 * in a second, backwards pass. Linear in the input.
 */
export function parseHtml(html: string, options: ParseOptions = {}): Doc {
  return parseInChunks(html, options, PARSE_CHUNK);
}

/**
 * `parseHtml` with the tokenizer fed `chunk` characters at a time (tests use small chunks) and,
 * when given, the node columns first made for `nodeCapacity` nodes (tests force their growth).
 */
export function parseInChunks(
  html: string,
  options: ParseOptions,
  chunk: number,
  nodeCapacity?: number,
): Doc {
  const maxInputLength = options.maxInputLength ?? DEFAULT_LIMITS.maxInputLength;
  if (html.length > maxInputLength) {
    throw new PithError(
      'INPUT_TOO_LARGE',
      `input is ${html.length} characters, over the limit of ${maxInputLength}`,
      { limit: 'maxInputLength' },
    );
  }
  return withDeadline(options.deadline, () => {
    html = closeRunawayTitle(html);
    const builder = new DocBuilder(
      html,
      {
        maxNodes: options.maxNodes ?? DEFAULT_LIMITS.maxNodes,
        maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
      },
      nodeCapacity ?? expectedNodes(html),
    );
    // Entities are decoded by the builder, only in the texts and attribute values that contain
    // an `&`: the tokenizer then skips through text with a scan for `<` instead of a
    // character-by-character walk (2× faster, see docs/decisions.md, "Parser").
    const tokenizer = new HtmlTokenizer({ decodeEntities: false, recognizeSelfClosing: false }, builder);
    writeInChunks(tokenizer, html, chunk);
    tokenizer.end();
    return builder.finish(options.url);
  });
}

/**
 * How many nodes to make the columns for: 1.5 per `<` (each element and comment starts with one,
 * and about one text node runs between two tags). On 300 pages of the speed mix there are 1.13
 * nodes per `<` (at most 1.53): the columns are made for 1.4 times the nodes on average and grow
 * (doubling) on 1 page in 300. Sized by the page's length (length / 16) they held 4.6 times the
 * nodes, 270 KB a page of typed arrays never written (docs/benchmarks-journal.md, "node columns").
 */
function expectedNodes(html: string): number {
  let tags = 0;
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) tags++;
  return Math.ceil(tags * 1.5) + 16;
}

/** Characters given to the tokenizer per call: between calls the deadline is checked. */
const PARSE_CHUNK = 1 << 20;

/**
 * Gives `html` to the tokenizer in chunks of about `chunk` characters with a deadline check
 * between them: the tokenizer calls back only when a token ends, so one attribute value or
 * comment of 30 MB (fuzz seed 215, page 18799: an unclosed quote over a URL flood) was one
 * stretch of 150–190 ms. A chunk ends before the first `<` at or after its length, never
 * elsewhere: a text ends there anyway (a cut elsewhere splits a text in two pieces, and a first
 * piece of spaces alone is placed otherwise than the whole text), an attribute value or a comment
 * across the cut is joined raw before it is decoded. A run without `<` (megabytes of one word) is
 * still one call. The tokenizer's offsets are the page's.
 */
function writeInChunks(tokenizer: HtmlTokenizer, html: string, chunk: number): void {
  let start = 0;
  while (html.length - start > chunk) {
    const stop = html.indexOf('<', start + chunk);
    if (stop < 0) break;
    tokenizer.write(html.slice(start, stop));
    checkDeadline('parsing');
    start = stop;
  }
  tokenizer.write(start === 0 ? html : html.slice(start));
}

/**
 * htmlparser2's tokenizer reads `<![CDATA[` up to `]]>` wherever it stands. In HTML content a
 * browser does not: it is a bogus comment that ends at the first `>` (HTML's
 * "cdata-in-html-content" error), and only inside SVG or MathML is it a CDATA section. A stray
 * `<![CDATA[` in a page's body (a forum theme writes one before its first `<div>`) without a
 * `]]>` swallowed the rest of the page: 59 nodes of a 118 kB thread, nothing extracted. The
 * tokenizer's `<!` state is told it saw another character than `[` there, which takes it into
 * its bogus-comment state (htmlparser2 12's `stateBeforeDeclaration`; test/dom/parse covers it).
 *
 * The override sits on the prototype of a subclass, made once, and finds the page's builder in
 * the tokenizer's own `cbs` field. A closure per page set on each tokenizer instead kept every
 * page's whole parse state alive through V8's young-generation collections (the call site's
 * feedback held the closure; the scavenger treats such references as strong): 9 MB instead of
 * 1 MB copied to the old generation per scavenge, and 0.5 ms a page more in the collector.
 */
class HtmlTokenizer extends Tokenizer {}
endCdataInHtmlAtGt(HtmlTokenizer.prototype);
endRawTextAtNoscriptEnd(HtmlTokenizer.prototype);

/** The tokenizer's fields and states this file reads or replaces. */
interface TokenizerInternals {
  cbs: DocBuilder;
  index: number;
  isSpecial: boolean;
  currentSequence: Uint8Array;
  stateBeforeDeclaration(this: TokenizerInternals, c: number): void;
  enterTagBody(this: TokenizerInternals): void;
}

/**
 * pith parses as a browser with scripting off (a `<noscript>`'s content is markup), but pages are
 * written, and were annotated, for browsers with scripting on, where a `<noscript>` is raw text up
 * to `</noscript>`. The two differ when a raw-text element inside it has no end tag of its own:
 * Google Tag Manager's `<noscript><iframe src=… style="display:none" /></noscript>` (a `/>` means
 * nothing on an `<iframe>`) read the rest of the page as the iframe's text, to the end of the input
 * when no `</iframe>` follows (WCXB 2838: the whole page, nothing extracted). A raw-text element
 * (iframe, noembed, noframes, xmp, script, style, plaintext, title, textarea) started after a
 * `<noscript>` start tag not yet ended now ends at `</noscript>` when that comes before its own
 * end tag: where a browser with scripting on ends the `<noscript>`. Elsewhere nothing changes.
 */
function endRawTextAtNoscriptEnd(prototype: Tokenizer): void {
  const internals = prototype as unknown as TokenizerInternals;
  const enterTagBody = internals.enterTagBody;
  if (typeof enterTagBody !== 'function') return;
  internals.enterTagBody = function (this: TokenizerInternals): void {
    if (this.isSpecial && this.cbs.rawTextEndsAtNoscript(this.index + 1)) this.currentSequence = NOSCRIPT_END;
    enterTagBody.call(this);
  };
}
/** `</noscript`, as htmlparser2's end sequences are written (lower case, matched case-insensitively). */
const NOSCRIPT_END = new Uint8Array([0x3c, 0x2f, 0x6e, 0x6f, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74]);

function endCdataInHtmlAtGt(prototype: Tokenizer): void {
  const internals = prototype as unknown as TokenizerInternals;
  const beforeDeclaration = internals.stateBeforeDeclaration;
  if (typeof beforeDeclaration !== 'function') return;
  internals.stateBeforeDeclaration = function (this: TokenizerInternals, c: number): void {
    beforeDeclaration.call(
      this,
      c === OPENING_SQUARE_BRACKET && !this.cbs.isInForeignContext() ? LETTER_X : c,
    );
  };
}
const OPENING_SQUARE_BRACKET = 0x5b;
/** Any character that neither starts `--`, `doctype` nor `[`, nor ends the declaration. */
const LETTER_X = 0x78;

/**
 * `decodeHTML` in pieces cut before an `&`, with a deadline check between them (`eachPiece`): one
 * text of megabytes of entities (the fuzzer's flood of 1.8 million `&#xD800;`) was decoded in one
 * stretch of 170–260 ms. An entity starts at an `&` and ends before the next one at the latest,
 * so each piece decodes as it does inside the whole.
 */
export function decodeText(text: string): string {
  return decodeInPieces(text, decodeHTML);
}

/**
 * `decodeHTMLAttribute` in pieces, as `decodeText`: the fuzzer put a flood of 1.8 million
 * `&#99999999;` inside an `href`, decoded in one stretch of 350–440 ms. The attribute rule (a
 * legacy entity without `;` stays as written before `=` or a letter or digit) sees the same next
 * character at a cut, which falls before an `&`, as in the whole value.
 */
export function decodeAttributeValue(value: string): string {
  return decodeInPieces(value, decodeHTMLAttribute);
}

function decodeInPieces(text: string, decode: (piece: string) => string): string {
  const beforeAmpersand = (from: number) => {
    const cut = text.indexOf('&', from);
    return cut < 0 ? text.length : cut;
  };
  return mapPieces(text, beforeAmpersand, decode, 'parsing');
}

/**
 * A `<title>` without `</title>` swallows the rest of the page as raw text, in
 * browsers too; page authors never mean that, and annotators saw the page as
 * rendered by lenient old browsers. We close such a title at the next `<`. This
 * is the one repair that changes the source: `Doc.source` holds the repaired
 * text, and all offsets refer to it.
 */
function closeRunawayTitle(html: string): string {
  // `/<title\b[^>]*>/i` would retry its `[^>]*` from every `<title` of a page without `>`: the square of
  // the page. The first `<title` start, then the first `>` after it, is the same match in one scan.
  const open = /<title\b/i.exec(html);
  if (!open) return html;
  const end = html.indexOf('>', open.index + 6);
  if (end < 0) return html;
  const after = end + 1;
  const close = /<\/title[\s/>]/gi;
  close.lastIndex = after;
  if (close.test(html)) return html;
  const next = html.indexOf('<', after);
  if (next < 0) return html;
  return `${html.slice(0, next)}</title>${html.slice(next)}`;
}

const { fromCodePoint } = String;

/** `</noscript` ending a tag name (as the tokenizer ends one: space, `/` or `>`), any case. */
const NOSCRIPT_END_TAG = /<\/noscript[\t\n\f\r />]/gi;
const RAW_TEXT_END_TAGS = new Map<string, RegExp>();

/** `</name` ending a tag name, any case (`name` a raw-text element's: letters only). */
function rawTextEndTag(name: string): RegExp {
  let pattern = RAW_TEXT_END_TAGS.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi');
    RAW_TEXT_END_TAGS.set(name, pattern);
  }
  return pattern;
}

/**
 * The text nodes that are whitespace alone (the indentation between tags: 711 of the 1,006 text
 * nodes a page on the speed mix, a few dozen distinct strings), as strings kept from page to page
 * instead of a slice each. A slice shorter than 13 characters is a copy in V8, of two bytes a
 * character on a page with any character past U+00FF, a longer one a 32-byte view of the page;
 * one-character ones V8 already shares. Direct-mapped by a hash of the characters: a text
 * that finds another in its slot takes the slot (made fresh, never a slice, so that the cache
 * keeps no page alive). Same characters, same string: the output cannot change.
 */
class SpaceTexts {
  private static readonly SLOTS = 256;
  /** Longest whitespace text looked up (longer ones are rare and sliced). */
  private static readonly MAX_LENGTH = 64;
  private readonly slots: (string | undefined)[] = new Array(SpaceTexts.SLOTS).fill(undefined);
  private readonly codes: number[] = [];

  /** The string `source[start, end)` when it is 2–64 characters of tab, LF, FF, CR or space; else undefined. */
  find(source: string, start: number, end: number): string | undefined {
    const length = end - start;
    if (length < 2 || length > SpaceTexts.MAX_LENGTH) return undefined;
    let hash = 0x811c9dc5;
    for (let index = start; index < end; index++) {
      const code = source.charCodeAt(index);
      if (code !== 32 && code !== 10 && code !== 9 && code !== 13 && code !== 12) return undefined;
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    const slot = (hash >>> 24) ^ (hash & 0xff);
    const kept = this.slots[slot];
    if (kept !== undefined && kept.length === length && source.startsWith(kept, start)) return kept;
    const codes = this.codes;
    codes.length = length;
    for (let index = 0; index < length; index++) codes[index] = source.charCodeAt(start + index);
    // biome-ignore lint/plugin: at most MAX_LENGTH (64) codes
    const made = String.fromCharCode.apply(null, codes);
    this.slots[slot] = made;
    return made;
  }
}
const SPACE_TEXTS = new SpaceTexts();

/**
 * Builds the Doc from htmlparser2's tokenizer events. It keeps its own stack of open
 * elements and applies the tree-construction rules itself (docs/decisions.md, "Parser"):
 * one html/head/body, an implied body, implied end tags (p, li, dd/dt, cells, rows), end
 * tags that never close through a block or a cell, headings closed by any heading's end tag.
 *
 * Attributes are collected while the start tag is read and the element is created when the
 * tag ends (`>`), so a tag cut off by the end of the input makes no element.
 */
class DocBuilder implements TokenizerCallbacks {
  private capacity: number;
  private size = 1;
  private kind: Uint8Array;
  private tag: Uint16Array;
  private parent: Int32Array;
  private end: Int32Array;
  private depth: Uint16Array;
  private sourceStart: Int32Array;
  private sourceEnd: Int32Array;
  private hidden: Uint8Array;
  /** 1 while an element is open. */
  private isOpen: Uint8Array;
  /** 1 for <a> elements with an href. */
  private isLink: Uint8Array;
  private inLink: Uint8Array;
  /** 1 for a text node whose text is exactly its source (measured there, see computeCounts). */
  private textIsSource: Uint8Array;
  /** The foreign-content context inside an element (HTML_CONTEXT, SVG_CONTEXT, MATHML_CONTEXT). */
  private context: Uint8Array;
  /** Attributes of node n are `attrNameIds/attrValues[attrOffset[n] … attrOffset[n + 1])`. */
  private attrOffset: Int32Array;
  /** Names as numbers (`attrNames`): a `string[]` of names was half of the 75 KB a page the attribute arrays allocated. */
  private attrNameIds: Int32Array;
  private readonly attrNames = new PageAttributeNames();
  /**
   * Made for as many attributes as node slots (a page has 0.7 a node): pushed one by one, its
   * growth was 37 KB a page, three times its final size. Trimmed to `attrCount` at the end.
   */
  private attrValues: string[];
  private attrCount = 0;
  /** Attributes of a repeated <html>/<body> tag merged into the first one (rare). */
  private mergedAttributes: Map<number, Record<string, string>> | undefined;
  /**
   * By node: made for the node slots like `attrValues`. Written at each text or comment node's
   * id, which skips the elements' ids, so a `[]` grew by half again many times over: 53 KB a page,
   * three times its final size (bench/speed/allocation.ts with --no-turbo-inlining).
   */
  private texts: (string | undefined)[];
  private readonly unknownTagNames = new Map<number, string>();
  /** Ids of the open elements, innermost last. */
  private readonly open: number[] = [0];
  private htmlNode = -1;
  private headNode = -1;
  private bodyNode = -1;
  private hiddenDepth = 0;
  private linkDepth = 0;
  private openForms = 0;
  private openTables = 0;
  private lastText = -1;
  /**
   * Nodes that HTML's foster parenting moved in front of a table they appear in (node → the
   * table); their `parent` is already the table's. Ids are renumbered into document order at
   * the end when there is any (see `placeFosteredNodes`).
   */
  private fostered: Map<number, number> | undefined;
  /** The table the node being added goes in front of, or -1. */
  private fosterBefore = -1;

  /** Where the last token ended: the start of the next one (htmlparser2 Parser's `startIndex`). */
  private cursor = 0;
  // The start tag being read.
  private tagStart = 0;
  private tagName = '';
  private tagIdOfName = 0;
  private tagIgnored = false;
  /** A `<noscript>` start tag was read and no `</noscript>` since (as tokens, not as the tree). */
  private noscriptStarted = false;
  /** `nextMatch`'s last answer per pattern: searched from `from`, first match at `at` (-1: none). */
  private readonly matches = new Map<RegExp, { from: number; at: number }>();
  private attrName = 0;
  private attrValue = '';
  private readonly pendingNames: number[] = [];
  private readonly pendingValues: string[] = [];
  private pendingCount = 0;

  constructor(
    private readonly source: string,
    private readonly limits: { maxNodes: number; maxDepth: number },
    expectedNodes: number,
  ) {
    this.capacity = Math.max(1, Math.min(limits.maxNodes + 1, expectedNodes));
    this.kind = new Uint8Array(this.capacity);
    this.tag = new Uint16Array(this.capacity);
    this.parent = new Int32Array(this.capacity);
    this.end = new Int32Array(this.capacity);
    this.depth = new Uint16Array(this.capacity);
    this.sourceStart = new Int32Array(this.capacity);
    this.sourceEnd = new Int32Array(this.capacity);
    this.hidden = new Uint8Array(this.capacity);
    this.isOpen = new Uint8Array(this.capacity);
    this.isLink = new Uint8Array(this.capacity);
    this.inLink = new Uint8Array(this.capacity);
    this.context = new Uint8Array(this.capacity);
    this.textIsSource = new Uint8Array(this.capacity);
    this.attrOffset = new Int32Array(this.capacity + 1);
    this.attrNameIds = new Int32Array(this.capacity);
    // Not beyond 2^16: V8 makes a larger `new Array(n)` a dictionary; past it the array grows as pushed.
    this.attrValues = new Array(Math.min(this.capacity, 1 << 16));
    this.texts = new Array(Math.min(this.capacity, 1 << 16));
    this.kind[0] = NodeKind.Document;
    this.parent[0] = -1;
    this.sourceEnd[0] = source.length;
  }

  /** Replaces every per-node column by `change(column)` (the attribute offsets excepted). */
  private changeColumns(change: <T extends Uint8Array | Uint16Array | Int32Array>(column: T) => T): void {
    this.kind = change(this.kind);
    this.tag = change(this.tag);
    this.parent = change(this.parent);
    this.end = change(this.end);
    this.depth = change(this.depth);
    this.sourceStart = change(this.sourceStart);
    this.sourceEnd = change(this.sourceEnd);
    this.hidden = change(this.hidden);
    this.isOpen = change(this.isOpen);
    this.isLink = change(this.isLink);
    this.inLink = change(this.inLink);
    this.context = change(this.context);
    this.textIsSource = change(this.textIsSource);
  }

  private grow(): void {
    const capacity = Math.min(this.capacity * 2, this.limits.maxNodes + 1);
    const widen = <T extends Uint8Array | Uint16Array | Int32Array>(array: T, length = capacity): T => {
      const wider = new (array.constructor as new (length: number) => T)(length);
      wider.set(array);
      return wider;
    };
    this.changeColumns(widen);
    this.attrOffset = widen(this.attrOffset, capacity + 1);
    this.capacity = capacity;
  }

  private addNode(kind: NodeKind, start: number): number {
    const node = this.size;
    if (node > this.limits.maxNodes) {
      throw new PithError('TOO_MANY_NODES', `page has more than ${this.limits.maxNodes} nodes`, {
        limit: 'maxNodes',
      });
    }
    if (node >= this.capacity) this.grow();
    tick('parsing');
    let parent = this.open[this.open.length - 1];
    if (this.fosterBefore >= 0) {
      parent = this.parent[this.fosterBefore];
      this.fostered ??= new Map();
      this.fostered.set(node, this.fosterBefore);
      this.fosterBefore = -1;
    }
    this.size = node + 1;
    this.kind[node] = kind;
    this.parent[node] = parent;
    this.depth[node] = this.depth[parent] + 1;
    this.sourceStart[node] = start;
    this.hidden[node] = this.hiddenDepth > 0 ? 1 : 0;
    this.inLink[node] = this.linkDepth > 0 ? 1 : 0;
    this.attrOffset[node] = this.attrCount;
    return node;
  }

  // ── tokenizer events ───────────────────────────────────────────────────────

  /** Inside SVG or MathML (not at an HTML integration point): asked by the tokenizer too. */
  isInForeignContext(): boolean {
    return this.context[this.open[this.open.length - 1]] !== HTML_CONTEXT;
  }

  /**
   * Asked by the tokenizer as a raw-text element's content starts at `from`: whether it ends at a
   * `</noscript>` coming before its own end tag (`endRawTextAtNoscriptEnd`). Only after a
   * `<noscript>` start tag not yet ended; the raw-text element is the start tag just read.
   */
  rawTextEndsAtNoscript(from: number): boolean {
    if (!this.noscriptStarted) return false;
    const noscriptEnd = this.nextMatch(NOSCRIPT_END_TAG, from);
    if (noscriptEnd < 0) return false;
    // `<plaintext>` has no end tag: it would run to the end of the input.
    if (this.tagIdOfName === TAG.plaintext) return true;
    const ownEnd = this.nextMatch(rawTextEndTag(this.tagName), from);
    return ownEnd < 0 || noscriptEnd < ownEnd;
  }

  /**
   * Where `pattern` (global) first matches the source at or after `from`, or -1. The answers are
   * kept per pattern: `from` only grows, so an earlier search that found its match at or after
   * `from`, or found none, answers again, and the source is scanned about once per pattern. A page
   * of `<noscript><iframe></noscript>` repeated, with no `</iframe>`, scanned to the end for every
   * iframe without this (2.3 MB: 111 s).
   */
  private nextMatch(pattern: RegExp, from: number): number {
    const known = this.matches.get(pattern);
    if (known !== undefined && from >= known.from && (known.at < 0 || known.at >= from)) return known.at;
    pattern.lastIndex = from;
    const at = pattern.exec(this.source)?.index ?? -1;
    this.matches.set(pattern, { from, at });
    return at;
  }

  onopentagname(start: number, endIndex: number): void {
    const context = this.context[this.open[this.open.length - 1]];
    let id = TAG_NAME_TABLE.find(this.source, start, endIndex);
    let name: string;
    if (id > 0) name = tagNameOf(id);
    else {
      name = this.source.slice(start, endIndex).toLowerCase();
      if (context === SVG_CONTEXT) name = SVG_TAG_NAMES.get(name) ?? name;
      id = tagId(name);
    }
    if (id === TAG.image && context === HTML_CONTEXT) {
      id = TAG.img;
      name = 'img';
    }
    this.tagStart = this.cursor;
    this.tagName = name;
    this.tagIdOfName = id;
    if (id === TAG.noscript) this.noscriptStarted = true;
    // A <form> inside an open form is ignored, attributes and all (as htmlparser2 and the spec do).
    this.tagIgnored = this.tagIdOfName === TAG.form && this.openForms > 0;
    this.pendingCount = 0;
  }

  onattribname(start: number, endIndex: number): void {
    this.attrName = this.attrNames.add(this.source, start, endIndex);
  }

  onattribdata(start: number, endIndex: number): void {
    const data = this.source.slice(start, endIndex);
    this.attrValue = this.attrValue === '' ? data : this.attrValue + data;
  }

  onattribentity(codepoint: number): void {
    this.attrValue += fromCodePoint(codepoint);
  }

  onattribend(_quote: QuoteType, _endIndex: number): void {
    tick('parsing');
    const value = this.attrValue;
    const index = this.pendingCount++;
    this.pendingNames[index] = this.attrName;
    this.pendingValues[index] = value.indexOf('&') < 0 ? value : decodeAttributeValue(value);
    this.attrValue = '';
  }

  onopentagend(endIndex: number): void {
    this.startTag(endIndex, false);
    this.cursor = endIndex + 1;
  }

  onselfclosingtag(endIndex: number): void {
    this.startTag(endIndex, true);
    this.cursor = endIndex + 1;
  }

  onclosetag(start: number, endIndex: number): void {
    tick('parsing');
    const tagEnd = this.endOfTag(endIndex);
    const known = TAG_NAME_TABLE.find(this.source, start, endIndex);
    if (known === TAG.noscript) this.noscriptStarted = false;
    if (known > 0 && known !== TAG.image) this.endTag(known, tagNameOf(known), tagEnd);
    else {
      const name = this.closeTagName(start, endIndex);
      this.endTag(tagId(name), name, tagEnd);
    }
    this.cursor = tagEnd;
  }

  ontext(start: number, endIndex: number): void {
    const text = SPACE_TEXTS.find(this.source, start, endIndex) ?? this.source.slice(start, endIndex);
    const top = this.open[this.open.length - 1];
    const raw = RAW_TEXT[this.tag[top]] === 1 && this.context[top] === HTML_CONTEXT;
    if (raw || text.indexOf('&') < 0) this.addText(text, start, endIndex, true);
    else this.addText(decodeText(text), start, endIndex, false);
    this.cursor = endIndex;
  }

  ontextentity(codepoint: number, endIndex: number): void {
    this.addText(fromCodePoint(codepoint), this.cursor, endIndex, false);
    this.cursor = endIndex;
  }

  oncomment(start: number, endIndex: number, offset: number): void {
    this.addComment(this.source.slice(start, endIndex - offset), endIndex + 1);
    this.cursor = endIndex + 1;
  }

  oncdata(start: number, endIndex: number, offset: number): void {
    const value = this.source.slice(start, endIndex - offset);
    // As htmlparser2: CDATA is text in SVG/MathML, a comment in HTML.
    if (this.isInForeignContext()) this.addText(value, this.cursor, endIndex + 1, false);
    else this.addComment(`[CDATA[${value}]]`, endIndex + 1);
    this.cursor = endIndex + 1;
  }

  ondeclaration(_start: number, endIndex: number): void {
    this.cursor = endIndex + 1;
  }

  onprocessinginstruction(_start: number, endIndex: number): void {
    this.cursor = endIndex + 1;
  }

  onend(): void {}

  // ── start tags ─────────────────────────────────────────────────────────────

  private startTag(endIndex: number, selfClosing: boolean): void {
    if (this.tagIgnored) return;
    const id = this.tagIdOfName;
    const name = this.tagName;
    const start = this.tagStart;
    // Tree-construction fix-ups (see docs/decisions.md): one html, one head, one body,
    // and page content never inside <head>.
    const duplicate = this.duplicateStructuralElement(id);
    if (duplicate !== undefined) {
      if (duplicate >= 0) this.mergeAttributes(duplicate);
      return;
    }
    // Rows, cells and sections outside any table are dropped, their content kept (as browsers do).
    if (TABLE_START[id] && id !== TAG.table && this.openTables === 0) return;
    if (id === TAG.body) this.closeHeadContent(start);
    else if (this.bodyNode < 0 && !HEAD_CONTENT[id] && id !== TAG.html && id !== TAG.head) {
      this.openImpliedBody(start);
    }
    if (this.fostered !== undefined && TABLE_START[id]) {
      // A row or cell after content that was fostered out of the table belongs to the table
      // again (HTML clears the stack back to the table context): the fostered element ends.
      const fosteredOpen = this.openFosteredElement();
      if (fosteredOpen >= 0) this.closeThrough(fosteredOpen, start);
    }
    if ((id === TAG.table || id === TAG.form) && TABLE_CONTEXT[this.tag[this.open[this.open.length - 1]]]) {
      const table = this.currentTable();
      if (table >= 0 && id === TAG.table) {
        // A table directly in a table ends the first one: the two are siblings.
        this.closeThrough(table, start);
      } else if (table >= 0) {
        // A form directly in a table, row or section stays empty: its rows are the table's.
        this.closeThrough(this.openElement(id, name, start, true), endIndex + 1);
        return;
      }
    }
    this.closeImpliedBy(id, start);
    const node = this.openElement(id, name, start, true);
    if (id === TAG.html) this.htmlNode = node;
    else if (id === TAG.head) this.headNode = node;
    else if (id === TAG.body) this.bodyNode = node;
    if (IS_VOID[id] || (id === 0 && OBSOLETE_VOID_NAMES.has(name))) {
      this.closeThrough(node, endIndex + 1);
    } else if (selfClosing && this.context[node] !== HTML_CONTEXT) {
      // `<path/>` in SVG: self-closing tags only mean something in foreign content.
      this.closeThrough(node, endIndex + 1);
    }
  }

  /**
   * The HTML5 implied end tags that matter for text landing in the right block: the
   * current element closed by a few start tags (CLOSES_CURRENT), then the deeper searches:
   * a block start tag closes an open <p> in button scope, <li> closes the open list item,
   * <dd>/<dt> the open definition, a cell, row or table section the open one. The search
   * looks at most SCOPE_SEARCH_LIMIT elements up, so hostile nesting stays linear.
   */
  private closeImpliedBy(id: number, start: number): void {
    const closesCurrent = CLOSES_CURRENT[id];
    if (closesCurrent !== undefined) {
      const open = this.open;
      while (open.length > 1) {
        const top = open[open.length - 1];
        if (!closesCurrent[this.tag[top]]) break;
        this.closeThrough(top, start);
      }
    }
    if (id === TAG.li) this.closeOpen(LIST_ITEM, LIST_ITEM_STOP, start);
    else if (id === TAG.dd || id === TAG.dt) this.closeOpen(DEFINITION_ITEM, DEFINITION_ITEM_STOP, start);
    else if (id === TAG.td || id === TAG.th) this.closeOpen(TABLE_CELL, TABLE_SCOPE, start);
    else if (id === TAG.tr) this.closeOpen(TABLE_ROW, TABLE_SCOPE, start);
    else if (TABLE_SECTION[id]) this.closeOpen(TABLE_SECTION, TABLE_SCOPE, start);
    if (CLOSES_P[id]) this.closeOpen(PARAGRAPH, BUTTON_SCOPE, start);
  }

  private closeOpen(wanted: Uint8Array, stop: Uint8Array, sourceEnd: number): void {
    const node = this.findOpen(wanted, stop);
    if (node >= 0) this.closeThrough(node, sourceEnd);
  }

  /**
   * The table whose structure the current element belongs to (the current element and those
   * it is in, up to that table, all being table, section or row elements), or -1.
   */
  private currentTable(): number {
    const open = this.open;
    for (let index = open.length - 1; index >= 1; index--) {
      const tag = this.tag[open[index]];
      if (tag === TAG.table) return open[index];
      if (!TABLE_CONTEXT[tag]) return -1;
    }
    return -1;
  }

  /** The outermost fostered element open in the current table context, or -1. */
  private openFosteredElement(): number {
    const open = this.open;
    const fostered = this.fostered as Map<number, number>;
    const lowest = Math.max(1, open.length - SCOPE_SEARCH_LIMIT);
    let found = -1;
    for (let index = open.length - 1; index >= lowest; index--) {
      const node = open[index];
      if (fostered.has(node)) found = node;
      else if (TABLE_CONTEXT[this.tag[node]] || TABLE_CELL[this.tag[node]] || this.tag[node] === TAG.caption)
        break;
    }
    return found;
  }

  /** Whether an element may stand directly in a table (see ALLOWED_IN_TABLE). */
  private allowedInTable(id: number, withAttributes: boolean): boolean {
    if (ALLOWED_IN_TABLE[id]) return true;
    if (id !== TAG.input || !withAttributes) return false;
    for (let index = 0; index < this.pendingCount; index++) {
      if (this.pendingNames[index] === TYPE_ATTRIBUTE)
        return this.pendingValues[index].toLowerCase() === 'hidden';
    }
    return false;
  }

  /** The nearest open element with a tag in `wanted`, not beyond a tag in `stop`, or -1. */
  private findOpen(wanted: Uint8Array, stop: Uint8Array): number {
    const open = this.open;
    const lowest = Math.max(1, open.length - SCOPE_SEARCH_LIMIT);
    for (let index = open.length - 1; index >= lowest; index--) {
      const node = open[index];
      const tag = this.tag[node];
      if (wanted[tag]) return node;
      if (stop[tag]) return -1;
    }
    return -1;
  }

  /**
   * For a second <html>, <head> (or a <head> after the body started) or <body>:
   * the existing element its attributes merge into (-1: none), else undefined. An <html>
   * after a <head> and before the body is one too (browsers merge it into the root): opened
   * inside a `<HEAD>` that came first (CleanEval 719, 720), it took the whole page into the head.
   * (An <html> inside the body, an embedded document, stays an element: ignored too, as browsers
   * do, it regrouped L3S-GN1 6150b773's blocks, 0.95 → 0.88 held out.)
   */
  private duplicateStructuralElement(id: number): number | undefined {
    if (id === TAG.html && (this.htmlNode >= 0 || (this.headNode >= 0 && this.bodyNode < 0)))
      return this.htmlNode;
    if (id === TAG.head && (this.headNode >= 0 || this.bodyNode >= 0)) return -1;
    if (id === TAG.body && this.bodyNode >= 0) return this.bodyNode;
    return undefined;
  }

  /** A repeated <html>/<body> tag: its attributes go to the existing element, as browsers do. */
  private mergeAttributes(existing: number): void {
    if (this.pendingCount === 0) return;
    const merged: Record<string, string> = Object.create(null);
    const { attrNames, attrNameIds, attrValues, pendingNames, pendingValues } = this;
    // Written last to first, so that a repeated name keeps its first value.
    for (let index = this.pendingCount - 1; index >= 0; index--)
      merged[attrNames.nameOf(pendingNames[index])] = pendingValues[index];
    // The first tag's attributes win.
    const before = this.mergedAttributes?.get(existing);
    if (before) Object.assign(merged, before);
    else {
      for (let index = this.attrOffset[existing + 1] - 1; index >= this.attrOffset[existing]; index--)
        merged[attrNames.nameOf(attrNameIds[index])] = attrValues[index];
    }
    this.mergedAttributes ??= new Map();
    this.mergedAttributes.set(existing, merged);
  }

  /** Opens an element; `withAttributes`: it takes the attributes of the start tag being read. */
  private openElement(id: number, name: string, start: number, withAttributes: boolean): number {
    if (this.open.length > this.limits.maxDepth) {
      throw new PithError('TOO_DEEP', `elements nest deeper than ${this.limits.maxDepth} levels`, {
        limit: 'maxDepth',
      });
    }
    const top = this.open[this.open.length - 1];
    const parentContext = this.context[top];
    if (TABLE_CONTEXT[this.tag[top]] && !this.allowedInTable(id, withAttributes)) {
      this.fosterBefore = this.currentTable();
    }
    const node = this.addNode(NodeKind.Element, start);
    this.tag[node] = id;
    if (id === 0) this.unknownTagNames.set(node, name);
    let hasHref = false;
    const count = withAttributes ? this.pendingCount : 0;
    if (count > 0) {
      const { attrValues, pendingNames, pendingValues } = this;
      for (let index = 0; index < count; index++) {
        const attribute = pendingNames[index];
        this.addAttributeName(this.attrCount, attribute);
        attrValues[this.attrCount++] = pendingValues[index];
        if (attribute === HREF_ATTRIBUTE) hasHref = true;
      }
      this.pendingCount = 0;
    }
    this.attrOffset[node + 1] = this.attrCount;
    this.open.push(node);
    this.isOpen[node] = 1;
    this.context[node] =
      id === TAG.svg
        ? SVG_CONTEXT
        : id === TAG.math
          ? MATHML_CONTEXT
          : parentContext !== HTML_CONTEXT && HTML_INTEGRATION_POINTS.has(name)
            ? HTML_CONTEXT
            : parentContext;
    if (IS_HIDDEN_CONTENT[id]) this.hiddenDepth++;
    if (id === TAG.form) this.openForms++;
    else if (id === TAG.table) this.openTables++;
    // Only an <a> with an href is a link; <a name="top"> anchors (often left
    // unclosed around whole pages) are not, for readers or for link density.
    if (id === TAG.a && hasHref) {
      this.isLink[node] = 1;
      this.linkDepth++;
    }
    this.lastText = -1;
    return node;
  }

  /** Writes the name of attribute `index`, growing the column when it is full. */
  private addAttributeName(index: number, id: number): void {
    if (index >= this.attrNameIds.length) {
      const wider = new Int32Array(index * 2);
      wider.set(this.attrNameIds);
      this.attrNameIds = wider;
    }
    this.attrNameIds[index] = id;
  }

  /** Closes `node` and every element opened inside it that is still open. */
  private closeThrough(node: number, sourceEnd: number): void {
    if (!this.isOpen[node]) return;
    const open = this.open;
    while (open.length > 1) {
      const top = open.pop() as number;
      this.isOpen[top] = 0;
      this.sourceEnd[top] = Math.max(sourceEnd, this.sourceStart[top]);
      this.end[top] = this.size;
      const id = this.tag[top];
      if (IS_HIDDEN_CONTENT[id]) this.hiddenDepth--;
      if (id === TAG.form) this.openForms--;
      else if (id === TAG.table) this.openTables--;
      if (this.isLink[top]) this.linkDepth--;
      if (top === node) break;
    }
    this.lastText = -1;
  }

  /**
   * Page content ends the head: whatever head content is still open (the <head>,
   * a <noscript> in it…) closes, as in the HTML "in head" insertion modes.
   */
  private closeHeadContent(start: number): void {
    const keep = this.htmlNode >= 0 && this.isOpen[this.htmlNode] ? this.htmlNode : 0;
    const open = this.open;
    while (open.length > 1 && open[open.length - 1] !== keep) {
      this.closeThrough(open[open.length - 1], start);
    }
  }

  /** Page content before any <body> tag: open the body a browser would have created. */
  private openImpliedBody(start: number): void {
    if (this.bodyNode >= 0) return;
    this.closeHeadContent(start);
    this.bodyNode = this.openElement(TAG.body, 'body', start, false);
  }

  // ── end tags ───────────────────────────────────────────────────────────────

  /** Where an end tag's `>` is (the tokenizer reports the end of the name). */
  private endOfTag(nameEnd: number): number {
    if (this.source.charCodeAt(nameEnd) === 62) return nameEnd + 1;
    const close = this.source.indexOf('>', nameEnd);
    return close < 0 ? this.source.length : close + 1;
  }

  private closeTagName(start: number, endIndex: number): string {
    const name = this.source.slice(start, endIndex).toLowerCase();
    const context = this.context[this.open[this.open.length - 1]];
    if (context === SVG_CONTEXT) return SVG_TAG_NAMES.get(name) ?? name;
    const svgName = SVG_TAG_NAMES.get(name);
    if (svgName !== undefined) return svgName;
    return context === HTML_CONTEXT && name === 'image' ? 'img' : name;
  }

  /**
   * An end tag, by the HTML rules rather than "pop to the nearest element of that name":
   * it never closes through a table cell or a block it does not belong to (`</font>`,
   * `</span>` or a nested form's `</form>` across a `<td>`), `</h1>` closes an open
   * `<h2>`, and `</body>`/`</html>` wait for the end of the input.
   */
  private endTag(id: number, name: string, tagEnd: number): void {
    if (id === TAG.p) {
      this.endParagraph(tagEnd);
      return;
    }
    if (id === TAG.br) {
      // `</br>` is a <br>.
      const start = this.cursor;
      if (this.bodyNode < 0) this.openImpliedBody(start);
      this.closeThrough(this.openElement(TAG.br, 'br', start, false), tagEnd);
      return;
    }
    if (IS_VOID[id] || id === TAG.body || id === TAG.html) return;
    const special = SPECIAL[id] && id !== TAG.form;
    const scope = TABLE_STRUCTURE[id] ? TABLE_SCOPE : id === TAG.li ? LIST_ITEM_STOP_END : DEFAULT_SCOPE;
    const open = this.open;
    const lowest = Math.max(1, open.length - SCOPE_SEARCH_LIMIT);
    for (let index = open.length - 1; index >= lowest; index--) {
      const node = open[index];
      const tag = this.tag[node];
      if (tag === id && (id !== 0 || this.unknownTagNames.get(node) === name)) {
        this.closeElement(node, tagEnd);
        return;
      }
      if (IS_HEADING[id] && IS_HEADING[tag]) {
        this.closeThrough(node, tagEnd);
        return;
      }
      if (special ? scope[tag] : SPECIAL[tag]) return;
    }
  }

  /**
   * Closes `node` at its end tag: the elements still open inside it end where the end
   * tag starts, the node itself after its `>`.
   */
  private closeElement(node: number, tagEnd: number): void {
    const open = this.open;
    while (open.length > 1 && open[open.length - 1] !== node) {
      this.closeThrough(open[open.length - 1], this.cursor);
    }
    this.closeThrough(node, tagEnd);
  }

  /**
   * `</p>`: closes the open <p> in button scope (not beyond a cell, a table or a button);
   * with none, it is an empty <p> (both as HTML says).
   */
  private endParagraph(tagEnd: number): void {
    const paragraph = this.findOpen(PARAGRAPH, BUTTON_SCOPE);
    if (paragraph >= 0) {
      this.closeElement(paragraph, tagEnd);
      return;
    }
    const start = this.cursor;
    if (this.bodyNode < 0) this.openImpliedBody(start);
    this.closeImpliedBy(TAG.p, start);
    this.closeThrough(this.openElement(TAG.p, 'p', start, false), tagEnd);
  }

  // ── text and comments ──────────────────────────────────────────────────────

  /** `isSource`: `data` is `source[start, stop)` as it is. */
  private addText(data: string, start: number, stop: number, isSource: boolean): void {
    // The tokenizer may deliver one run of text in several pieces: keep one node.
    const inTable = TABLE_CONTEXT[this.tag[this.open[this.open.length - 1]]] === 1;
    if (this.lastText >= 0) {
      const node = this.lastText;
      this.texts[node] = this.texts[node] + data;
      this.sourceEnd[node] = stop;
      this.textIsSource[node] = 0;
      if (inTable && !this.fostered?.has(node) && NOT_TABLE_WHITESPACE.test(data)) this.fosterText(node);
      return;
    }
    if (this.bodyNode < 0 && !this.insideRawText() && /\S/.test(data)) this.openImpliedBody(start);
    // Text other than whitespace directly in a table goes in front of it (foster parenting).
    if (inTable && NOT_TABLE_WHITESPACE.test(data)) this.fosterBefore = this.currentTable();
    const node = this.addNode(NodeKind.Text, start);
    this.texts[node] = data;
    this.sourceEnd[node] = stop;
    this.end[node] = node + 1;
    this.textIsSource[node] = isSource ? 1 : 0;
    this.lastText = node;
  }

  /** A text node of a table that turned out not to be whitespace only: in front of the table. */
  private fosterText(node: number): void {
    const table = this.currentTable();
    if (table < 0) return;
    this.parent[node] = this.parent[table];
    this.depth[node] = this.depth[table];
    this.fostered ??= new Map();
    this.fostered.set(node, table);
  }

  /** Inside a <title>, <script>, <style>… of the head, text is theirs, not the page's. */
  private insideRawText(): boolean {
    const top = this.open[this.open.length - 1];
    return top > 0 && HEAD_CONTENT[this.tag[top]] === 1;
  }

  private addComment(data: string, stop: number): void {
    const node = this.addNode(NodeKind.Comment, this.cursor);
    this.texts[node] = data;
    this.sourceEnd[node] = stop;
    this.end[node] = node + 1;
    this.lastText = -1;
  }

  // ── the result ─────────────────────────────────────────────────────────────

  finish(url: string | undefined): Doc {
    checkDeadline('parsing');
    // Close whatever the page left open.
    if (this.open.length > 1) this.closeThrough(this.open[1], this.source.length);
    const size = this.size;
    this.end[0] = size;
    this.attrOffset[size] = this.attrCount;
    this.attrValues.length = this.attrCount;
    if (this.fostered !== undefined) this.placeFosteredNodes();
    const columns = this.computeCounts(size);
    return new Doc({
      source: this.source,
      size,
      columns,
      texts: this.texts,
      textIsSource: this.textIsSource.subarray(0, size),
      attributes: {
        offsets: this.attrOffset.subarray(0, size + 1),
        nameIds: this.attrNameIds.subarray(0, this.attrCount),
        names: this.attrNames,
        values: this.attrValues,
        merged: this.mergedAttributes,
      },
      unknownTagNames: this.unknownTagNames,
      url,
      html: this.htmlNode,
      head: this.headNode,
      body: this.bodyNode,
    });
  }

  /**
   * Foster-parented nodes were numbered when they were read, after the table they stand in
   * front of: renumber every node in document order (a pre-order walk over children lists in
   * which each fostered node is linked in before its table) and permute the columns. Only
   * pages with misplaced table content pay for this.
   */
  private placeFosteredNodes(): void {
    const size = this.size;
    const fostered = this.fostered as Map<number, number>;
    const { parent } = this;
    const firstChild = new Int32Array(size).fill(-1);
    const lastChild = new Int32Array(size).fill(-1);
    const next = new Int32Array(size).fill(-1);
    const previous = new Int32Array(size).fill(-1);
    for (let node = 1; node < size; node++) {
      tick('parsing');
      const up = parent[node];
      const table = fostered.get(node);
      if (table !== undefined && parent[table] === up) {
        // Before the table, after whatever was fostered there earlier.
        const before = previous[table];
        previous[node] = before;
        next[node] = table;
        previous[table] = node;
        if (before >= 0) next[before] = node;
        else firstChild[up] = node;
      } else {
        const last = lastChild[up];
        previous[node] = last;
        if (last >= 0) next[last] = node;
        else firstChild[up] = node;
        lastChild[up] = node;
      }
    }
    // Pre-order walk: order[newId] = oldId.
    const order = new Int32Array(size);
    const renumber = new Int32Array(size);
    let count = 0;
    let node = 0;
    while (node >= 0) {
      order[count] = node;
      renumber[node] = count++;
      if (firstChild[node] >= 0) {
        node = firstChild[node];
        continue;
      }
      while (node >= 0 && next[node] < 0) node = node === 0 ? -1 : parent[node];
      if (node >= 0) node = next[node];
    }
    // `parent` keeps the old column: changeColumns puts permuted copies in place.
    this.changeColumns(<T extends Uint8Array | Uint16Array | Int32Array>(column: T): T => {
      const out = new (column.constructor as new (length: number) => T)(column.length);
      for (let id = 0; id < size; id++) out[id] = column[order[id]];
      return out;
    });
    const newParent = this.parent;
    newParent[0] = -1;
    for (let id = 1; id < size; id++) newParent[id] = renumber[parent[order[id]]];
    // A subtree ends where the last node under it does.
    const end = this.end.fill(0);
    for (let id = size - 1; id >= 0; id--) {
      if (end[id] === 0) end[id] = id + 1;
      if (id > 0 && end[newParent[id]] < end[id]) end[newParent[id]] = end[id];
    }
    checkDeadline('parsing');
    const texts: (string | undefined)[] = [];
    const nameIds = this.attrNameIds.slice();
    const values: string[] = [];
    const offsets = new Int32Array(this.attrOffset.length);
    for (let id = 0; id < size; id++) {
      tick('parsing');
      const old = order[id];
      if (this.texts[old] !== undefined) texts[id] = this.texts[old];
      offsets[id] = values.length;
      for (let index = this.attrOffset[old]; index < this.attrOffset[old + 1]; index++) {
        nameIds[values.length] = this.attrNameIds[index];
        values.push(this.attrValues[index]);
      }
    }
    offsets[size] = values.length;
    this.texts = texts;
    this.attrNameIds = nameIds;
    this.attrValues = values;
    this.attrOffset = offsets;
    const unknown = [...this.unknownTagNames];
    this.unknownTagNames.clear();
    for (const [old, name] of unknown) this.unknownTagNames.set(renumber[old], name);
    if (this.mergedAttributes !== undefined) {
      this.mergedAttributes = new Map(
        [...this.mergedAttributes].map(([old, record]) => [renumber[old], record]),
      );
    }
    if (this.htmlNode >= 0) this.htmlNode = renumber[this.htmlNode];
    if (this.headNode >= 0) this.headNode = renumber[this.headNode];
    if (this.bodyNode >= 0) this.bodyNode = renumber[this.bodyNode];
  }

  /** Measures every text node, then sums counts up the tree in one backwards pass. */
  private computeCounts(size: number): DocColumns {
    const textLength = new Int32Array(size);
    const linkTextLength = new Int32Array(size);
    const tagCount = new Int32Array(size);
    const wordCount = new Int32Array(size);
    const linkCount = new Int32Array(size);
    const { kind, tag, parent, hidden, inLink, isLink, texts, textIsSource, source } = this;
    const measured: TextMeasure = { length: 0, words: 0 };
    checkDeadline('parsing');
    for (let node = size - 1; node > 0; node--) {
      tick('parsing');
      const nodeKind = kind[node];
      if (nodeKind === NodeKind.Text) {
        if (!hidden[node]) {
          if (textIsSource[node])
            measureTextRange(source, this.sourceStart[node], this.sourceEnd[node], measured);
          else {
            const text = texts[node] ?? '';
            measureTextRange(text, 0, text.length, measured);
          }
          textLength[node] = measured.length;
          wordCount[node] = measured.words;
          if (inLink[node]) linkTextLength[node] = measured.length;
        }
      } else if (nodeKind === NodeKind.Element) {
        tagCount[node] += 1;
        if (isLink[node]) linkCount[node] += 1;
        if (IS_HIDDEN_CONTENT[tag[node]]) {
          // Hidden elements keep their tag counts but no text reaches their ancestors.
          textLength[node] = 0;
          linkTextLength[node] = 0;
          wordCount[node] = 0;
        }
      }
      const up = parent[node];
      textLength[up] += textLength[node];
      linkTextLength[up] += linkTextLength[node];
      tagCount[up] += tagCount[node];
      wordCount[up] += wordCount[node];
      linkCount[up] += linkCount[node];
    }
    return {
      kind: this.kind.subarray(0, size),
      tag: this.tag.subarray(0, size),
      parent: this.parent.subarray(0, size),
      end: this.end.subarray(0, size),
      depth: this.depth.subarray(0, size),
      sourceStart: this.sourceStart.subarray(0, size),
      sourceEnd: this.sourceEnd.subarray(0, size),
      textLength,
      linkTextLength,
      tagCount,
      wordCount,
      linkCount,
      hidden: this.hidden.subarray(0, size),
    };
  }
}
