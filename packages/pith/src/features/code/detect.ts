/**
 * Code: the language a code block is marked with, line-number gutters, the toolbar buttons
 * around a listing, and `<code>` elements that are blocks rather than spans.
 */
import { type Doc, IS_BLOCK, NodeKind, TAG, tick } from '../../dom/index.js';

const LANGUAGE_CLASS = /^(?:language|lang|highlight-source|highlight|syntax)-([\w+#.-]{1,40})$/i;
/** Pandoc's `class="sourceCode python"` and SyntaxHighlighter's `class="syntaxhighlighter js"`: the next word. */
const LANGUAGE_AFTER = /(?:^|\s)(?:sourcecode|syntaxhighlighter)\s+(?:nogutter\s+)?([\w+#.-]{1,40})(?:\s|$)/i;
const BRUSH = /(?:^|[\s;])brush:\s*([\w+#.-]{1,40})/i;
/** Hexo's `<figure class="highlight sh">` (its listing a table of a gutter and `<br>` lines): the word after. */
const HEXO_FIGURE = /^\s*highlight\s+([\w+#.-]{1,40})\s*$/i;
const LANGUAGE_NAME = /^[\w+#.-]{1,40}$/;
/** Names that mean "no highlighting", and Sphinx's `highlight-default` (the project's default lexer, not a language). */
const IGNORED_LANGUAGES = new Set([
  'none',
  'text',
  'plain',
  'plaintext',
  'nohighlight',
  'source',
  'code',
  'default',
]);
/** Attributes that name a code block's language. */
const LANGUAGE_ATTRIBUTES = ['data-lang', 'data-language', 'language', 'data-code-language'];

function languageOfElement(doc: Doc, node: number): string | undefined {
  for (const name of LANGUAGE_ATTRIBUTES) {
    const value = doc.attr(node, name)?.trim();
    if (value && LANGUAGE_NAME.test(value) && !IGNORED_LANGUAGES.has(value.toLowerCase())) return value;
  }
  const cls = doc.attr(node, 'class');
  if (!cls) return undefined;
  if (isVersoListing(doc, node)) return VERSO_LANGUAGE.exec(cls)?.[1];
  const bounded = cls.length > 1000 ? cls.slice(0, 1000) : cls;
  const hexo = doc.tag(node) === TAG.figure ? HEXO_FIGURE.exec(bounded) : null;
  if (hexo && !IGNORED_LANGUAGES.has(hexo[1].toLowerCase())) return hexo[1];
  const brush = BRUSH.exec(bounded);
  if (brush) return IGNORED_LANGUAGES.has(brush[1].toLowerCase()) ? undefined : brush[1];
  const after = LANGUAGE_AFTER.exec(bounded);
  if (
    after &&
    !IGNORED_LANGUAGES.has(after[1].toLowerCase()) &&
    !/^(?:sourcecode|numbersource)$/i.test(after[1])
  )
    return after[1];
  for (const token of cls.split(/\s+/, 50)) {
    const match = LANGUAGE_CLASS.exec(token);
    if (match && !IGNORED_LANGUAGES.has(match[1].toLowerCase())) return match[1];
  }
  return undefined;
}

/**
 * Ancestors of a `<pre>` looked at for its language: Sphinx wraps it twice, Rouge's line-number
 * table seven times. An ancestor counts while it holds little more than the listing (its text at
 * most twice the listing's and 400 characters more: a gutter, a label, a button).
 */
const LANGUAGE_ANCESTORS = 8;

/**
 * The language a code block is marked with, looking at the `<pre>`, its first
 * `<code>` child and up to three ancestors: classes `language-xx`, `lang-xx`,
 * `highlight-xx`, `highlight-source-xx`, `syntax-xx`, `brush: xx`, `sourceCode
 * xx`, `syntaxhighlighter xx`, and `data-lang` / `data-language` / `language` attributes.
 * Undefined when none is marked.
 */
export function codeLanguage(doc: Doc, pre: number): string | undefined {
  const own = languageOfElement(doc, pre);
  if (own) return own;
  const stop = doc.end(pre);
  let passedOver = 0;
  for (let child = pre + 1; child < stop; child = doc.end(child)) {
    if (doc.isElement(child)) {
      if (doc.tag(child) === TAG.code) {
        const inner = languageOfElement(doc, child);
        if (inner) return inner;
      }
      // A header bar before the `<code>` inside the `<pre>` (mdBook's highlight.js listings:
      // `<div class="buttons">` of a copy button, no text; a "Run" link) is passed over: a few
      // children at most, each cheap to test (this runs for every classed child of a `<pre>`).
      if (++passedOver <= MAX_LEADING_CONTROLS && (isBlank(doc, child) || codeHeaders(doc).has(child)))
        continue;
      break;
    }
    if (doc.isText(child) && doc.text(child).trim() !== '') break;
  }
  const listing = doc.textLength(pre);
  let ancestor = doc.parent(pre);
  for (let level = 0; level < LANGUAGE_ANCESTORS && ancestor > 0; level++, ancestor = doc.parent(ancestor)) {
    const tag = doc.tag(ancestor);
    if (tag === TAG.body || tag === TAG.html || tag === TAG.article || tag === TAG.main) break;
    if (level >= 3 && doc.textLength(ancestor) > 2 * listing + 400) break;
    const language = languageOfElement(doc, ancestor);
    if (language) return language;
  }
  // The label of its header bar ("Python" over ChatGPT's listings).
  for (const header of codeHeaders(doc).values()) if (header.pre === pre && header.label) return header.label;
  return undefined;
}

/** Classes of line-number gutters (Pygments, Chroma, Rouge, highlight.js, Prism, SyntaxHighlighter, GitHub…). */
const GUTTER =
  /(?:^|\s)(?:gutter|rouge-gutter|line-?numbers?(?:-rows)?|linenos?|lineno|linenodiv|linenumber|lnt|ln|hljs-ln-numbers|hljs-ln-n|crayon-nums|blob-num|codemirror-linenumber|line-number-?\w*)(?:\s|$)/i;
const NUMBERS_ONLY = /^[\d\s.:]*$/;
/** Chroma without classes (Hugo's `noClasses`) styles its inline line numbers so that they cannot be selected. */
const UNSELECTABLE = /(?:^|;)\s*(?:-webkit-)?user-select\s*:\s*none/i;

/**
 * Line-number gutters of a code listing (`is`): an element with a gutter class, or styled
 * unselectable, whose text is nothing but numbers (so a class or style alone never drops text).
 * Both writers ask it of every element they open, so one is made per walk of a page: the class
 * test is read once per class value of the page (`Doc.classValueNumber`; a listing's cards share
 * one), not run on each element's string, and the `style` attribute is looked up by its number
 * (issue 38, s52-features).
 */
export class GutterTest {
  readonly #doc: Doc;
  /** By class value number: 0 not read yet, 1 a gutter class, 2 not. */
  readonly #byClass: Uint8Array;
  readonly #style: number;

  constructor(doc: Doc) {
    this.#doc = doc;
    this.#byClass = new Uint8Array(doc.classCount);
    this.#style = doc.attributeId('style');
  }

  is(node: number): boolean {
    const doc = this.#doc;
    if (!this.#hasGutterClass(node)) {
      const style = doc.attrById(node, this.#style);
      if (style === undefined || !UNSELECTABLE.test(style)) return false;
    }
    return isNumbersOnly(doc, node);
  }

  #hasGutterClass(node: number): boolean {
    const number = this.#doc.classValueNumber(node);
    if (number === 0) return false;
    let known = this.#byClass[number];
    if (known === 0) {
      known = GUTTER.test(this.#doc.classValue(number)) ? 1 : 2;
      this.#byClass[number] = known;
    }
    return known === 1;
  }
}

/** True when every text node under `node` is numbers only. */
function isNumbersOnly(doc: Doc, node: number): boolean {
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    tick('output');
    if (doc.isText(at) && !NUMBERS_ONLY.test(doc.text(at))) return false;
  }
  return true;
}

/** Labels of the buttons that copy a listing (UI, never content). */
const COPY_LABEL = /^\s*(?:copy(?: code| to clipboard)?|copied!?)\s*$/i;

/** A `<button>` inside a code block, or one that copies code: toolbar, not text. */
export function isCodeButton(doc: Doc, node: number, inCode: boolean): boolean {
  if (doc.tag(node) !== TAG.button) return false;
  return inCode || COPY_LABEL.test(doc.textContent(node));
}

/** Longest label of a control set in a `<pre>` before its `<code>` ("Run", "Copy"). */
const MAX_CONTROL_LABEL = 20;
/**
 * Most siblings a `<pre>`'s leading toolbar spans (controls, blank text, empty elements): the test
 * looks no further, so it costs O(1) however many children a hostile `<pre>` has.
 */
const MAX_LEADING_CONTROLS = 8;

/** A link or button of a short label (the `<pre>`'s child: the caller knows). */
function isControlShape(doc: Doc, node: number): boolean {
  const t = doc.tag(node);
  return (t === TAG.a || t === TAG.button) && doc.textLength(node) <= MAX_CONTROL_LABEL;
}

/** Blank text, or an element with no text: nothing a reader sees between a toolbar's controls. */
function isBlank(doc: Doc, node: number): boolean {
  if (doc.isText(node)) return doc.text(node).trim() === '';
  if (!doc.isElement(node)) return true;
  return doc.textLength(node) <= MAX_CONTROL_LABEL && doc.textContent(node).trim() === '';
}

/**
 * The links and buttons of a `<pre>`'s leading run, when a `<code>` follows the run (a blog's
 * `<pre><a class="run" href="https://play.rust-lang.org/?code=…">Run</a><code
 * class="language-rust">`, WCXB 0494): the listing's toolbar, not a line of code. Only the run
 * before any text counts (a link in the code's text, "Run <a>cargo</a> then see <code>…", stays),
 * and only its first few children are looked at, however many a hostile `<pre>` has.
 */
function leadingControls(doc: Doc, pre: number): number[] {
  const controls: number[] = [];
  let steps = 0;
  for (
    let at = doc.firstChild(pre);
    at >= 0 && steps < MAX_LEADING_CONTROLS;
    at = doc.nextSibling(at), steps++
  ) {
    if (doc.isElement(at) && doc.tag(at) === TAG.code) return controls;
    if (doc.isElement(at) && isControlShape(doc, at)) controls.push(at);
    else if (!isBlank(doc, at)) return [];
  }
  return [];
}

/** Longest `<code>` subtree searched for blocks inside it. */
const MAX_CODE_SCAN = 20000;

/**
 * True for a `<code>` that holds blocks (a `<pre>`, a table of numbered lines): a wrapper, not
 * a code span; its content is written as blocks.
 */
export function codeHoldsBlocks(doc: Doc, node: number): boolean {
  const stop = Math.min(doc.end(node), node + MAX_CODE_SCAN);
  for (let at = node + 1; at < stop; at++) {
    tick('output');
    if (doc.isElement(at) && IS_BLOCK[doc.tag(at)]) return true;
  }
  return false;
}

/** Verso's classes name the language after `hl`: `hl lean block`, `hl lean lean-output information`. */
const VERSO_LANGUAGE = /(?:^|\s)hl\s+([\w+#-]{1,40})(?:\s|$)/;

function classTokens(doc: Doc, node: number): string[] {
  const cls = doc.attr(node, 'class');
  return cls === undefined || cls.length > 200 ? [] : cls.trim().split(/\s+/);
}

/**
 * Verso (Lean's documentation tool) writes a listing as `<code class="hl lean block">` (its lines
 * in its text, `white-space: pre` in the style sheet) and what Lean answers as `<pre class="hl
 * lean lean-output">`: blocks of code, not code spans.
 */
export function isVersoListing(doc: Doc, node: number): boolean {
  const t = doc.tag(node);
  if (t !== TAG.code && t !== TAG.pre) return false;
  const tokens = classTokens(doc, node);
  if (!tokens.includes('hl')) return false;
  return t === TAG.code ? tokens.includes('block') : tokens.some((token) => token.startsWith('lean'));
}

/**
 * A block of code without `<pre>`: Verso's `<code class="hl lean block">`, and JetBrains
 * Writerside's `<div class="code-block" data-lang="http">` (its lines in its text).
 */
export function isBlockListing(doc: Doc, node: number): boolean {
  const t = doc.tag(node);
  if (t === TAG.code) return isVersoListing(doc, node);
  if (t !== TAG.div || doc.attr(node, 'data-lang') === undefined) return false;
  return classTokens(doc, node).includes('code-block') && doc.findFirst(TAG.pre, node) < 0;
}

/** Verso's type hovers inside a listing repeat what the code says: not code. */
export function isVersoHover(doc: Doc, node: number): boolean {
  const tokens = classTokens(doc, node);
  return tokens.includes('hover-info') || tokens.includes('hover-container');
}

const PRE_STYLE = /(?:^|;)\s*white-space\s*:\s*pre(?:-wrap)?\s*(?:;|$|!)/i;

/** True for an element styled `white-space: pre` that holds a line break: a listing without `<pre>`. */
export function isPreformatted(doc: Doc, node: number): boolean {
  const style = doc.attr(node, 'style');
  if (style === undefined || !PRE_STYLE.test(style)) return false;
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    tick('output');
    if (doc.isText(at) && doc.text(at).includes('\n')) return true;
  }
  return false;
}

/** A listing's header bar is at most this many levels above its button (ChatGPT: three). */
const HEADER_LEVELS = 3;
/** A header bar's text, its buttons' aside, is a label of at most this many characters. */
const MAX_HEADER_TEXT = 40;
/** A language's name as a header shows it: one word, no dots (a file name is no language). */
const HEADER_LANGUAGE = /^[A-Za-z][\w+#-]{0,19}$/;

export interface CodeHeader {
  /** The listing the bar is the header of (a `<pre>`). */
  pre: number;
  /** Its label, when it is one word that names a language ("Python", "java"). */
  label: string | undefined;
}

const headersOfDoc = new WeakMap<Doc, Map<number, CodeHeader>>();

/**
 * The header bars of code listings, by node: an element holding a button (copy, run) and at most
 * a short label, first inside a `<pre>` (ChatGPT's "Python" bar in the listing) or right before
 * the element that holds one (react-syntax-highlighter's and highlight.js themes' "java | Copy"
 * bar), and the links and buttons of a `<pre>`'s leading run (`leadingControls`: a "Run" link,
 * no label). Toolbar, not text: the writers leave it out and read the listing's language from it.
 * Found from the page's buttons and `<pre>`s, once per `Doc`.
 */
export function codeHeaders(doc: Doc): Map<number, CodeHeader> {
  let headers = headersOfDoc.get(doc);
  if (headers !== undefined) return headers;
  headers = new Map();
  // The page's buttons and `<pre>`s in one walk over the tags.
  const buttons: number[] = [];
  const pres: number[] = [];
  const { tag, kind } = doc.columns;
  for (let node = 0; node < doc.size; node++) {
    tick('document walk');
    if (kind[node] !== NodeKind.Element) continue;
    if (tag[node] === TAG.button) buttons.push(node);
    else if (tag[node] === TAG.pre) pres.push(node);
  }
  for (const button of buttons) {
    let node = doc.parent(button);
    for (let level = 0; level < HEADER_LEVELS && node > 0 && doc.tag(node) !== TAG.pre; level++) {
      if (doc.textLength(node) > MAX_HEADER_TEXT + doc.textLength(button) + 20) break;
      const pre = listingOfHeader(doc, node);
      if (pre >= 0) {
        const label = headerLabel(doc, node);
        if (label !== null) headers.set(node, { pre, label });
        break;
      }
      node = doc.parent(node);
    }
  }
  for (const pre of pres)
    for (const control of leadingControls(doc, pre))
      if (!headers.has(control)) headers.set(control, { pre, label: undefined });
  headersOfDoc.set(doc, headers);
  return headers;
}

/** The `<pre>` whose header `node` would be (first thing in it, or before the element holding it), or -1. */
function listingOfHeader(doc: Doc, node: number): number {
  const inside = doc.closest(node, TAG.pre);
  if (inside >= 0) {
    for (let at = inside + 1; at < node; at++) if (doc.isText(at) && doc.text(at).trim() !== '') return -1;
    return inside;
  }
  let next = doc.nextSibling(node);
  while (next >= 0 && doc.isText(next) && doc.text(next).trim() === '') next = doc.nextSibling(next);
  if (next < 0 || !doc.isElement(next)) return -1;
  return doc.tag(next) === TAG.pre ? next : doc.findFirst(TAG.pre, next);
}

/**
 * The label of a header bar: `undefined` for none, a language name, or `null` when its text
 * (buttons aside) is more than a label: then it is no header bar.
 */
function headerLabel(doc: Doc, node: number): string | undefined | null {
  let text = '';
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    if (doc.isElement(at) && doc.tag(at) === TAG.button) at = doc.end(at) - 1;
    else if (doc.isText(at) && !doc.isHiddenContent(at)) text += doc.text(at);
  }
  text = text.trim();
  if (text === '') return undefined;
  // A file name ("main.py") or a caption is content: the bar is then no header.
  return HEADER_LANGUAGE.test(text) && !IGNORED_LANGUAGES.has(text.toLowerCase()) ? text.toLowerCase() : null;
}
