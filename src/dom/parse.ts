import { Parser } from 'htmlparser2';
import { PithError } from '../errors.js';
import { Doc, type DocColumns, NodeKind } from './doc.js';
import { IS_HEADING, IS_HIDDEN_CONTENT, IS_VOID, TAG, tagId } from './tags.js';
import { measureText } from './text-measure.js';

/** Bounds on what one page may cost. Over a bound, parsing fails with a `PithError`. */
export interface ParseLimits {
  /** Largest accepted input, in characters (default 32 Mi). */
  maxInputLength?: number;
  /** Most nodes (elements, text, comments) one document may have (default 2,000,000). */
  maxNodes?: number;
  /** Deepest element nesting accepted (default 1,024; browsers cap tree depth at 512). */
  maxDepth?: number;
  /** Wall-clock deadline as a `Date.now()` timestamp; checked every few thousand nodes. */
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

const DEADLINE_CHECK_EVERY = 4096;

/** Most elements searched up from the current one when applying an implied end tag. */
const SCOPE_SEARCH_LIMIT = 64;

const PARAGRAPH = new Set<number>([TAG.p]);
const LIST_ITEM = new Set<number>([TAG.li]);
const DEFINITION_ITEM = new Set<number>([TAG.dd, TAG.dt]);

/** HTML's "button scope": an open <p> beyond one of these is not closed by a block. */
const BUTTON_SCOPE = new Set<number>([
  TAG.html,
  TAG.body,
  TAG.table,
  TAG.td,
  TAG.th,
  TAG.caption,
  TAG.marquee,
  TAG.object,
  TAG.applet,
  TAG.template,
  TAG.button,
]);

const TABLE_CELL = new Set<number>([TAG.td, TAG.th]);
const TABLE_ROW = new Set<number>([TAG.tr]);
const TABLE_SECTION = new Set<number>([TAG.tbody, TAG.thead, TAG.tfoot]);
const TABLE_STRUCTURE = new Set<number>([
  TAG.table,
  TAG.tbody,
  TAG.thead,
  TAG.tfoot,
  TAG.tr,
  TAG.td,
  TAG.th,
  TAG.caption,
]);

/** HTML's "table scope": where the search for an open cell, row or section stops. */
const TABLE_SCOPE = new Set<number>([TAG.html, TAG.table, TAG.template]);

/** HTML's default scope: an end tag does not close an element beyond one of these. */
const DEFAULT_SCOPE = new Set<number>([
  TAG.html,
  TAG.table,
  TAG.td,
  TAG.th,
  TAG.caption,
  TAG.marquee,
  TAG.object,
  TAG.applet,
  TAG.template,
]);

/** Where `</li>` stops looking: list item scope. */
const LIST_ITEM_STOP_END = new Set<number>([...DEFAULT_SCOPE, TAG.ul, TAG.ol]);

/**
 * HTML's "special" elements: the end tag of an ordinary element (`</span>`,
 * `</font>`, `</b>`) is ignored when one of these stands between it and its element.
 */
const SPECIAL = new Set<number>([
  TAG.address,
  TAG.applet,
  TAG.area,
  TAG.article,
  TAG.aside,
  TAG.base,
  TAG.basefont,
  TAG.bgsound,
  TAG.blockquote,
  TAG.body,
  TAG.br,
  TAG.button,
  TAG.caption,
  TAG.center,
  TAG.col,
  TAG.colgroup,
  TAG.dd,
  TAG.details,
  TAG.dir,
  TAG.div,
  TAG.dl,
  TAG.dt,
  TAG.embed,
  TAG.fieldset,
  TAG.figcaption,
  TAG.figure,
  TAG.footer,
  TAG.form,
  TAG.frame,
  TAG.frameset,
  TAG.h1,
  TAG.h2,
  TAG.h3,
  TAG.h4,
  TAG.h5,
  TAG.h6,
  TAG.head,
  TAG.header,
  TAG.hgroup,
  TAG.hr,
  TAG.html,
  TAG.iframe,
  TAG.img,
  TAG.input,
  TAG.keygen,
  TAG.li,
  TAG.link,
  TAG.listing,
  TAG.main,
  TAG.marquee,
  TAG.menu,
  TAG.meta,
  TAG.nav,
  TAG.noembed,
  TAG.noframes,
  TAG.noscript,
  TAG.object,
  TAG.ol,
  TAG.p,
  TAG.param,
  TAG.plaintext,
  TAG.pre,
  TAG.script,
  TAG.search,
  TAG.section,
  TAG.select,
  TAG.source,
  TAG.style,
  TAG.summary,
  TAG.table,
  TAG.tbody,
  TAG.td,
  TAG.template,
  TAG.textarea,
  TAG.tfoot,
  TAG.th,
  TAG.thead,
  TAG.title,
  TAG.tr,
  TAG.track,
  TAG.ul,
  TAG.wbr,
  TAG.xmp,
]);

/** Start tags that close an open <p> (the HTML tree-construction rules). */
const CLOSES_P = new Set<number>([
  TAG.address,
  TAG.article,
  TAG.aside,
  TAG.blockquote,
  TAG.center,
  TAG.details,
  TAG.dialog,
  TAG.dir,
  TAG.div,
  TAG.dl,
  TAG.fieldset,
  TAG.figcaption,
  TAG.figure,
  TAG.footer,
  TAG.header,
  TAG.hgroup,
  TAG.main,
  TAG.menu,
  TAG.nav,
  TAG.ol,
  TAG.p,
  TAG.search,
  TAG.section,
  TAG.summary,
  TAG.ul,
  TAG.h1,
  TAG.h2,
  TAG.h3,
  TAG.h4,
  TAG.h5,
  TAG.h6,
  TAG.pre,
  TAG.listing,
  TAG.form,
  TAG.li,
  TAG.dd,
  TAG.dt,
  TAG.plaintext,
  TAG.table,
  TAG.hr,
  TAG.xmp,
]);

/** Blocks that end the search for an open list or definition item (other than address, div and p). */
const ITEM_SEARCH_BARRIERS = [
  TAG.article,
  TAG.aside,
  TAG.blockquote,
  TAG.section,
  TAG.nav,
  TAG.header,
  TAG.footer,
  TAG.main,
  TAG.table,
  TAG.form,
  TAG.fieldset,
  TAG.figure,
  TAG.details,
];

/** Where the search for an open <li> stops: its list, a scope boundary, or a block other than address/div/p. */
const LIST_ITEM_STOP = new Set<number>([
  ...BUTTON_SCOPE,
  ...ITEM_SEARCH_BARRIERS,
  TAG.ul,
  TAG.ol,
  TAG.dl,
  TAG.dd,
  TAG.dt,
]);

/** Where the search for an open <dd>/<dt> stops. */
const DEFINITION_ITEM_STOP = new Set<number>([
  ...BUTTON_SCOPE,
  ...ITEM_SEARCH_BARRIERS,
  TAG.dl,
  TAG.ul,
  TAG.ol,
  TAG.li,
]);

/** Elements that belong in <head>; anything else before <body> starts the body. */
const HEAD_CONTENT = new Set<number>([
  TAG.title,
  TAG.meta,
  TAG.link,
  TAG.script,
  TAG.style,
  TAG.base,
  TAG.noscript,
  TAG.template,
  TAG.basefont,
  TAG.bgsound,
]);

/**
 * Parses HTML into a `Doc`. Uses htmlparser2's tokenizer and its implied-end-tag
 * rules (see docs/decisions.md for why), builds the compact columns in one pass
 * and the subtree counts in a second, backwards pass. Linear in the input.
 */
export function parseHtml(html: string, options: ParseOptions = {}): Doc {
  const maxInputLength = options.maxInputLength ?? DEFAULT_LIMITS.maxInputLength;
  if (html.length > maxInputLength) {
    throw new PithError(
      'INPUT_TOO_LARGE',
      `input is ${html.length} characters, over the limit of ${maxInputLength} (raise maxInputLength to accept it)`,
    );
  }
  html = closeRunawayTitle(html);
  const builder = new DocBuilder(html, {
    maxNodes: options.maxNodes ?? DEFAULT_LIMITS.maxNodes,
    maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    deadline: options.deadline,
  });
  const parser = new TreeBuildingParser(html, builder, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    recognizeSelfClosing: false,
  });
  builder.parser = parser;
  parser.end(html);
  return builder.finish(options.url);
}

/**
 * A `<title>` without `</title>` swallows the rest of the page as raw text, in
 * browsers too; page authors never mean that, and annotators saw the page as
 * rendered by lenient old browsers. We close such a title at the next `<`. This
 * is the one repair that changes the source: `Doc.source` holds the repaired
 * text, and all offsets refer to it.
 */
function closeRunawayTitle(html: string): string {
  const open = /<title\b[^>]*>/i.exec(html);
  if (!open) return html;
  const after = open.index + open[0].length;
  const close = /<\/title[\s/>]/gi;
  close.lastIndex = after;
  if (close.test(html)) return html;
  const next = html.indexOf('<', after);
  if (next < 0) return html;
  return `${html.slice(0, next)}</title>${html.slice(next)}`;
}

/**
 * htmlparser2's `Parser`, with end tags decided by the HTML tree-construction
 * rules instead of "pop to the nearest element of that name": an end tag never
 * closes through a table cell or a block it does not belong to (`</font>`,
 * `</span>` or a nested form's `</form>` across a `<td>`), `</h1>` closes an open
 * `<h2>`, and `</body>`/`</html>` wait for the end of the input. The raw end tag is
 * only visible here: by the time the handler hears of it, htmlparser2 has
 * already popped its stack.
 */
class TreeBuildingParser extends Parser {
  constructor(
    private readonly html: string,
    private readonly builder: DocBuilder,
    options: ConstructorParameters<typeof Parser>[1],
  ) {
    super(builder, options);
  }

  override onclosetag(start: number, endIndex: number): void {
    const action = this.builder.endTagAction(this.html.slice(start, endIndex).toLowerCase());
    if (action === 'delegate') {
      super.onclosetag(start, endIndex);
      return;
    }
    this.endIndex = endIndex;
    if (action !== 'ignore') this.builder.closeForEndTag(action, endIndex + 1);
    this.startIndex = endIndex + 1;
  }
}

type Handler = ConstructorParameters<typeof Parser>[0] & object;

class DocBuilder implements Partial<NonNullable<Handler>> {
  parser: Parser | undefined;
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
  /** 1 while an element is open (our fix-ups may close one before htmlparser2 does). */
  private isOpen: Uint8Array;
  /** 1 for <a> elements with an href. */
  private isLink: Uint8Array;
  private inLink: Uint8Array;
  private readonly texts: (string | undefined)[] = [];
  private readonly attributes: (Record<string, string> | undefined)[] = [];
  private readonly unknownTagNames = new Map<number, string>();
  /** Ids of the open elements, innermost last. */
  private readonly open: number[] = [0];
  /** Per htmlparser2 open event, the node it made (-1 when we ignored the tag), so closes pair up. */
  private readonly eventStack: number[] = [];
  private htmlNode = -1;
  private headNode = -1;
  private bodyNode = -1;
  private hiddenDepth = 0;
  private linkDepth = 0;
  private lastText = -1;

  constructor(
    private readonly source: string,
    private readonly limits: { maxNodes: number; maxDepth: number; deadline: number | undefined },
  ) {
    this.capacity = Math.max(64, Math.min(limits.maxNodes + 1, Math.ceil(source.length / 16)));
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
    this.kind[0] = NodeKind.Document;
    this.parent[0] = -1;
    this.sourceEnd[0] = source.length;
  }

  private grow(): void {
    const capacity = Math.min(this.capacity * 2, this.limits.maxNodes + 1);
    const widen = <T extends Uint8Array | Uint16Array | Int32Array>(array: T): T => {
      const wider = new (array.constructor as new (length: number) => T)(capacity);
      wider.set(array);
      return wider;
    };
    this.kind = widen(this.kind);
    this.tag = widen(this.tag);
    this.parent = widen(this.parent);
    this.end = widen(this.end);
    this.depth = widen(this.depth);
    this.sourceStart = widen(this.sourceStart);
    this.sourceEnd = widen(this.sourceEnd);
    this.hidden = widen(this.hidden);
    this.isOpen = widen(this.isOpen);
    this.isLink = widen(this.isLink);
    this.inLink = widen(this.inLink);
    this.capacity = capacity;
  }

  private addNode(kind: NodeKind, start: number): number {
    const node = this.size;
    if (node > this.limits.maxNodes) {
      throw new PithError(
        'TOO_MANY_NODES',
        `page has more than ${this.limits.maxNodes} nodes (raise maxNodes to accept it)`,
      );
    }
    if (node >= this.capacity) this.grow();
    if (
      this.limits.deadline !== undefined &&
      node % DEADLINE_CHECK_EVERY === 0 &&
      Date.now() > this.limits.deadline
    ) {
      throw new PithError('TIMEOUT', `parsing ran past its time budget after ${node} nodes`);
    }
    const parent = this.open[this.open.length - 1];
    this.size = node + 1;
    this.kind[node] = kind;
    this.parent[node] = parent;
    this.depth[node] = this.open.length;
    this.sourceStart[node] = start;
    this.hidden[node] = this.hiddenDepth > 0 ? 1 : 0;
    this.inLink[node] = this.linkDepth > 0 ? 1 : 0;
    return node;
  }

  onopentag(name: string, attributes: Record<string, string>): void {
    const id = tagId(name);
    // Tree-construction fix-ups htmlparser2 does not make (see docs/decisions.md):
    // one html, one head, one body, and page content never inside <head>.
    const duplicate = this.duplicateStructuralElement(id);
    if (duplicate !== undefined) {
      this.ignoreOpenTag(duplicate, attributes);
      return;
    }
    if (id === TAG.body) this.closeHeadContent();
    else if (this.bodyNode < 0 && !HEAD_CONTENT.has(id) && id !== TAG.html && id !== TAG.head) {
      this.openImpliedBody();
    }
    this.closeImpliedBy(id);
    const node = this.openElement(id, name, attributes);
    this.eventStack.push(node);
    if (id === TAG.html) this.htmlNode = node;
    else if (id === TAG.head) this.headNode = node;
    else if (id === TAG.body) this.bodyNode = node;
  }

  /**
   * The HTML5 implied end tags that matter for text landing in the right block,
   * beyond what htmlparser2 does (it only closes an element at the very top of
   * its stack): a block start tag closes an open <p> in button scope, <li>
   * closes the open list item, <dd>/<dt> the open definition. The search looks
   * at most SCOPE_SEARCH_LIMIT elements up, so hostile nesting stays linear.
   */
  private closeImpliedBy(id: number): void {
    const start = this.parser?.startIndex ?? 0;
    let closed = false;
    const close = (node: number) => {
      if (node < 0) return;
      this.closeThrough(node, start);
      closed = true;
    };
    if (id === TAG.li) close(this.findOpen(LIST_ITEM, LIST_ITEM_STOP));
    else if (id === TAG.dd || id === TAG.dt) close(this.findOpen(DEFINITION_ITEM, DEFINITION_ITEM_STOP));
    else if (id === TAG.td || id === TAG.th) close(this.findOpen(TABLE_CELL, TABLE_SCOPE));
    else if (id === TAG.tr) close(this.findOpen(TABLE_ROW, TABLE_SCOPE));
    else if (TABLE_SECTION.has(id)) close(this.findOpen(TABLE_SECTION, TABLE_SCOPE));
    if (CLOSES_P.has(id)) close(this.findOpen(PARAGRAPH, BUTTON_SCOPE));
    if (closed) this.forgetClosedElements();
  }

  /**
   * How an end tag is applied: 'delegate' lets htmlparser2 pop to the element of
   * that name (our stacks agree there), 'ignore' drops the tag, and a node id
   * means "close this element" (a heading closed by another heading's end tag).
   */
  endTagAction(name: string): 'delegate' | 'ignore' | number {
    const id = tagId(name);
    if (id === TAG.p || id === TAG.br || IS_VOID[id]) return 'delegate';
    if (id === TAG.body || id === TAG.html) return 'ignore';
    const special = SPECIAL.has(id) && id !== TAG.form;
    const scope = TABLE_STRUCTURE.has(id) ? TABLE_SCOPE : id === TAG.li ? LIST_ITEM_STOP_END : DEFAULT_SCOPE;
    const lowest = Math.max(1, this.open.length - SCOPE_SEARCH_LIMIT);
    for (let index = this.open.length - 1; index >= lowest; index--) {
      const node = this.open[index];
      const tag = this.tag[node];
      if (tag === id && (id !== 0 || this.unknownTagNames.get(node) === name)) return 'delegate';
      if (IS_HEADING[id] && IS_HEADING[tag]) return node;
      if (special ? scope.has(tag) : SPECIAL.has(tag)) return 'ignore';
    }
    return 'ignore';
  }

  /** Closes an element for an end tag htmlparser2 would have applied elsewhere. */
  closeForEndTag(node: number, sourceEnd: number): void {
    this.closeThrough(node, sourceEnd);
    this.forgetClosedElements();
  }

  /** The nearest open element with a tag in `wanted`, not beyond a tag in `stop`, or -1. */
  private findOpen(wanted: ReadonlySet<number>, stop: ReadonlySet<number>): number {
    const lowest = Math.max(1, this.open.length - SCOPE_SEARCH_LIMIT);
    for (let index = this.open.length - 1; index >= lowest; index--) {
      const node = this.open[index];
      const tag = this.tag[node];
      if (wanted.has(tag)) return node;
      if (stop.has(tag)) return -1;
    }
    return -1;
  }

  /**
   * For a second <html>, <head> (or a <head> after the body started) or <body>:
   * the existing element its attributes merge into (-1: none), else undefined.
   */
  private duplicateStructuralElement(id: number): number | undefined {
    if (id === TAG.html && this.htmlNode >= 0) return this.htmlNode;
    if (id === TAG.head && (this.headNode >= 0 || this.bodyNode >= 0)) return -1;
    if (id === TAG.body && this.bodyNode >= 0) return this.bodyNode;
    return undefined;
  }

  /** An open tag we do not turn into a node; its attributes go to the existing element, as browsers do. */
  private ignoreOpenTag(existing: number, attributes: Record<string, string>): void {
    this.eventStack.push(-1);
    if (existing < 0) return;
    const merged = { ...attributes, ...(this.attributes[existing] ?? {}) };
    if (Object.keys(merged).length > 0) this.attributes[existing] = merged;
  }

  private openElement(id: number, name: string, attributes: Record<string, string>): number {
    if (this.open.length > this.limits.maxDepth) {
      throw new PithError(
        'TOO_DEEP',
        `elements nest deeper than ${this.limits.maxDepth} levels (raise maxDepth to accept it)`,
      );
    }
    const node = this.addNode(NodeKind.Element, this.parser?.startIndex ?? 0);
    this.tag[node] = id;
    if (id === 0) this.unknownTagNames.set(node, name);
    for (const _ in attributes) {
      this.attributes[node] = attributes;
      break;
    }
    this.open.push(node);
    this.isOpen[node] = 1;
    if (IS_HIDDEN_CONTENT[id]) this.hiddenDepth++;
    // Only an <a> with an href is a link; <a name="top"> anchors (often left
    // unclosed around whole pages) are not, for readers or for link density.
    if (id === TAG.a && attributes.href !== undefined) {
      this.isLink[node] = 1;
      this.linkDepth++;
    }
    this.lastText = -1;
    return node;
  }

  /** Closes `node` and every element opened inside it that is still open. */
  private closeThrough(node: number, sourceEnd: number): void {
    if (!this.isOpen[node]) return;
    while (this.open.length > 1) {
      const top = this.open.pop() as number;
      this.isOpen[top] = 0;
      this.sourceEnd[top] = Math.max(sourceEnd, this.sourceStart[top]);
      this.end[top] = this.size;
      const id = this.tag[top];
      if (IS_HIDDEN_CONTENT[id]) this.hiddenDepth--;
      if (this.isLink[top]) this.linkDepth--;
      if (top === node) break;
    }
    this.lastText = -1;
  }

  /**
   * Page content ends the head: whatever head content is still open (the <head>,
   * a <noscript> in it…) closes, as in the HTML "in head" insertion modes.
   */
  private closeHeadContent(): void {
    const keep = this.htmlNode >= 0 && this.isOpen[this.htmlNode] ? this.htmlNode : 0;
    const start = this.parser?.startIndex ?? 0;
    if (this.open[this.open.length - 1] === keep) return;
    while (this.open.length > 1 && this.open[this.open.length - 1] !== keep) {
      this.closeThrough(this.open[this.open.length - 1], start);
    }
    this.forgetClosedElements();
  }

  /**
   * htmlparser2 keeps its own stack of open tag names, parallel to `eventStack`.
   * Elements we closed early must leave both, or a later end tag that matches one
   * of them (a stray `</noscript>`) would make htmlparser2 close the body.
   * (`stack` is internal to htmlparser2, newest first; a test pins this.)
   */
  private forgetClosedElements(): void {
    const parserStack = (this.parser as unknown as { stack?: string[] } | undefined)?.stack;
    if (!parserStack) return;
    // While an open tag is being reported, htmlparser2 has already pushed it.
    const pending = parserStack.length - this.eventStack.length;
    if (pending !== 0 && pending !== 1) return;
    for (let index = this.eventStack.length - 1; index >= 0; index--) {
      const node = this.eventStack[index];
      if (node >= 0 && !this.isOpen[node]) {
        parserStack.splice(this.eventStack.length - 1 - index + pending, 1);
        this.eventStack.splice(index, 1);
      }
    }
  }

  /** Page content before any <body> tag: open the body a browser would have created. */
  private openImpliedBody(): void {
    if (this.bodyNode >= 0) return;
    this.closeHeadContent();
    this.bodyNode = this.openElement(TAG.body, 'body', {});
  }

  onclosetag(_name: string, isImplied: boolean): void {
    const node = this.eventStack.pop();
    if (node === undefined || node < 0) return;
    const parser = this.parser;
    const sourceEnd = parser
      ? isImplied && !IS_VOID[this.tag[node]]
        ? parser.startIndex
        : parser.endIndex + 1
      : 0;
    this.closeThrough(node, sourceEnd);
  }

  ontext(data: string): void {
    const parser = this.parser;
    const start = parser?.startIndex ?? 0;
    const stop = parser ? parser.endIndex + 1 : 0;
    // htmlparser2 may deliver one run of text in several pieces: keep one node.
    if (this.lastText >= 0) {
      this.texts[this.lastText] += data;
      this.sourceEnd[this.lastText] = stop;
      return;
    }
    if (this.bodyNode < 0 && !this.insideRawText() && /\S/.test(data)) this.openImpliedBody();
    const node = this.addNode(NodeKind.Text, start);
    this.texts[node] = data;
    this.sourceEnd[node] = stop;
    this.end[node] = node + 1;
    this.lastText = node;
  }

  /** Inside a <title>, <script>, <style>… of the head, text is theirs, not the page's. */
  private insideRawText(): boolean {
    const top = this.open[this.open.length - 1];
    return top > 0 && HEAD_CONTENT.has(this.tag[top]);
  }

  oncomment(data: string): void {
    const parser = this.parser;
    const node = this.addNode(NodeKind.Comment, parser?.startIndex ?? 0);
    this.texts[node] = data;
    this.sourceEnd[node] = parser ? parser.endIndex + 1 : 0;
    this.end[node] = node + 1;
    this.lastText = -1;
  }

  finish(url: string | undefined): Doc {
    // Close whatever the page left open.
    if (this.open.length > 1) this.closeThrough(this.open[1], this.source.length);
    const size = this.size;
    this.end[0] = size;
    const columns = this.computeCounts(size);
    return new Doc({
      source: this.source,
      size,
      columns,
      texts: this.texts,
      attributes: this.attributes,
      unknownTagNames: this.unknownTagNames,
      url,
    });
  }

  /** Measures every text node, then sums counts up the tree in one backwards pass. */
  private computeCounts(size: number): DocColumns {
    const textLength = new Int32Array(size);
    const linkTextLength = new Int32Array(size);
    const tagCount = new Int32Array(size);
    const wordCount = new Int32Array(size);
    const linkCount = new Int32Array(size);
    const { kind, tag, parent, hidden, inLink, texts } = this;
    for (let node = size - 1; node > 0; node--) {
      const nodeKind = kind[node];
      if (nodeKind === NodeKind.Text) {
        if (!hidden[node]) {
          const measured = measureText(texts[node] ?? '');
          textLength[node] = measured.length;
          wordCount[node] = measured.words;
          if (inLink[node]) linkTextLength[node] = measured.length;
        }
      } else if (nodeKind === NodeKind.Element) {
        tagCount[node] += 1;
        if (this.isLink[node]) linkCount[node] += 1;
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
