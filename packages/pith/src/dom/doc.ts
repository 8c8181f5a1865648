import { ClassNumbers } from './class-numbers.js';
import { tick, tickAt } from './deadline.js';
import { IS_BLOCK, IS_HIDDEN_CONTENT, TAG, tagNameOf } from './tags.js';
import { isJsSpaceCode } from './text-measure.js';

/** What a node is. */
export const NodeKind = Object.freeze({ Document: 0, Element: 1, Text: 2, Comment: 3 } as const);
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

/**
 * The raw columns of a parsed document. Node ids are assigned in document
 * (pre-)order, so node 0 is the document, a node's descendants are exactly the
 * ids `i + 1 … end[i] - 1`, and "depth-first id" (CUTER's IX) is the id itself.
 *
 * Counts cover the node's whole subtree and leave out text that is never shown
 * (scripts, styles, templates, `<noscript>`, `<head>` …, see `IS_HIDDEN_CONTENT`).
 */
export interface DocColumns {
  readonly kind: Uint8Array;
  /** Interned tag id (`TAG.*`); 0 for text, comments and unknown tags. */
  readonly tag: Uint16Array;
  /** Parent id; -1 for the document node. */
  readonly parent: Int32Array;
  /** One past the last descendant's id. */
  readonly end: Int32Array;
  readonly depth: Uint16Array;
  /** Source offsets (UTF-16 code units into `Doc.source`), `[sourceStart, sourceEnd)`. */
  readonly sourceStart: Int32Array;
  readonly sourceEnd: Int32Array;
  /** Visible text length of the subtree (whitespace runs count as one, each text node trimmed). */
  readonly textLength: Int32Array;
  /** The part of `textLength` that sits inside links (`<a href>`). */
  readonly linkTextLength: Int32Array;
  /** Number of elements in the subtree, the node itself included. */
  readonly tagCount: Int32Array;
  /** Words in the subtree's visible text (each CJK character counts as a word). */
  readonly wordCount: Int32Array;
  /** Number of links (`<a href>`) in the subtree, the node itself included. */
  readonly linkCount: Int32Array;
  /** 1 when the node is inside an element whose content is never shown (`IS_HIDDEN_CONTENT`). */
  readonly hidden: Uint8Array;
}

const EMPTY_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

/** @internal The attribute names of one page, by number (see `AttributeStore`). */
export interface AttributeNames {
  /** The number of `name` (lower case as stored), or -1 when no attribute of the page has it. */
  idOf(name: string): number;
  nameOf(id: number): string;
}

/**
 * @internal How `parseHtml()` hands attributes over: flat columns, the attributes of node n
 * at `[offsets[n], offsets[n + 1])` in source order (a repeated name: the first one counts),
 * their names as numbers (`nameIds`, read through `names`), and `merged`, whole records for
 * the few elements whose attributes a repeated `<html>` or `<body>` tag added to.
 */
export interface AttributeStore {
  readonly offsets: Int32Array;
  readonly nameIds: Int32Array;
  readonly names: AttributeNames;
  readonly values: readonly string[];
  readonly merged?: ReadonlyMap<number, Record<string, string>>;
}

/** A character `toLowerCase` may change: A–Z, or any beyond ASCII. */
const MAY_LOWER = /[A-Z\u0080-\uffff]/;

/** White space other than a single space: where `textContent`'s collapse changes something. */
export const NEEDS_COLLAPSE = /\s\s|[^\S ]/;

/** `textContent`'s stack of block ends, one for the module (the walk calls nothing that reads text). */
const BLOCK_ENDS: number[] = [];

/**
 * `text.toLowerCase()`, without the copy that makes when there is nothing to lower (V8 copies a
 * string of two-byte characters, as a slice of a page with one curly quote is, even then; a short
 * one-byte string's copy is made before it finds nothing to change).
 */
export function lowerCased(text: string): string {
  return MAY_LOWER.test(text) ? text.toLowerCase() : text;
}

/**
 * A parsed HTML document: one compact tree shared by every extractor, with
 * source offsets, per-node counts and a view of the source by lines.
 * Build one with `parseHtml()`.
 */
export class Doc {
  /** The HTML the document was parsed from. */
  readonly source: string;
  /** Number of nodes (the document node included). */
  readonly size: number;
  readonly columns: DocColumns;
  /** The `<html>`, `<head>` and `<body>` elements, or -1 when the page has none. */
  readonly html: number;
  readonly head: number;
  readonly body: number;
  /** The page URL, when known (used to resolve relative links). */
  readonly url: string | undefined;

  readonly #texts: (string | undefined)[];
  readonly #textIsSource: Uint8Array | undefined;
  readonly #attributes: AttributeStore;
  readonly #unknownTagNames: Map<number, string>;
  #lineStarts: Int32Array | undefined;
  /** Per attribute number, 1 when some element of the page has that attribute (see `attributeId`). */
  #presentNames: Uint8Array | undefined;
  /** `attributes()` records, made on first request. */
  #attributeRecords: (Record<string, string> | undefined)[] | undefined;
  /** `classAndId()` of the elements with an id, by node. */
  #withIds: Map<number, string> | undefined;
  /**
   * Per node, the number of its `class` value (0: none), bit-inverted (`~n`, negative) when the
   * element has an id too; made in one pass over the attribute store on first use (see `classNumber`).
   */
  #classColumn: Int32Array | undefined;
  /** `classAndId()` of the elements with a class and no id, by class number, each made on first request. */
  #classOnly: (string | undefined)[] = [];
  /** The page's `class` values by number ([0]: ''). */
  #classValues: readonly string[] = [''];

  /** @internal Use `parseHtml()`. */
  constructor(init: {
    source: string;
    size: number;
    columns: DocColumns;
    texts: (string | undefined)[];
    /** Per node, 1 when a text node's data is its source range as it is (see `isSourceText`). */
    textIsSource?: Uint8Array;
    attributes: AttributeStore;
    unknownTagNames: Map<number, string>;
    url: string | undefined;
    /** The first `<html>`, `<head>` and `<body>` when the parser knows them (else searched). */
    html?: number;
    head?: number;
    body?: number;
  }) {
    this.source = init.source;
    this.size = init.size;
    this.columns = init.columns;
    this.#texts = init.texts;
    this.#textIsSource = init.textIsSource;
    this.#attributes = init.attributes;
    this.#unknownTagNames = init.unknownTagNames;
    this.url = init.url;
    this.html = init.html ?? this.findFirst(TAG.html);
    this.head = init.head ?? this.findFirst(TAG.head);
    this.body = init.body ?? this.findFirst(TAG.body);
  }

  /** Where page content lives: the `<body>`, or the document node when the page has none. */
  get contentRoot(): number {
    return Math.max(this.body, 0);
  }

  // ── structure ────────────────────────────────────────────────────────────

  kind(node: number): NodeKind {
    return this.columns.kind[node] as NodeKind;
  }
  isElement(node: number): boolean {
    return this.columns.kind[node] === NodeKind.Element;
  }
  isText(node: number): boolean {
    return this.columns.kind[node] === NodeKind.Text;
  }
  /** Interned tag id (compare with `TAG.*`). */
  tag(node: number): number {
    return this.columns.tag[node];
  }
  /** Lower-case tag name of an element ('' for other nodes). */
  tagName(node: number): string {
    if (this.columns.kind[node] !== NodeKind.Element) return '';
    const id = this.columns.tag[node];
    return id === 0 ? (this.#unknownTagNames.get(node) ?? '') : tagNameOf(id);
  }
  parent(node: number): number {
    return this.columns.parent[node];
  }
  /** One past the last descendant: descendants of `node` are `node + 1 … end(node) - 1`. */
  end(node: number): number {
    return this.columns.end[node];
  }
  depth(node: number): number {
    return this.columns.depth[node];
  }
  /** True when `descendant` is inside `ancestor` (or is it). */
  contains(ancestor: number, descendant: number): boolean {
    return descendant >= ancestor && descendant < this.columns.end[ancestor];
  }
  firstChild(node: number): number {
    return node + 1 < this.columns.end[node] ? node + 1 : -1;
  }
  nextSibling(node: number): number {
    const parent = this.columns.parent[node];
    if (parent < 0) return -1;
    const next = this.columns.end[node];
    return next < this.columns.end[parent] ? next : -1;
  }
  /** The sibling before a node, or -1 (climbing from the node before it in document order: depth steps at most). */
  previousSibling(node: number): number {
    const parent = this.columns.parent[node];
    let at = node - 1;
    if (at <= parent) return -1;
    while (this.columns.parent[at] !== parent) at = this.columns.parent[at];
    return at;
  }
  /** An `<ol>`'s first number when its `start` says one (a non-negative integer); undefined otherwise. */
  listStart(node: number): number | undefined {
    if (this.tag(node) !== TAG.ol) return undefined;
    const start = this.attr(node, 'start');
    return start !== undefined && /^\s*\d{1,9}\s*$/.test(start) ? Number(start) : undefined;
  }
  /** The ids of a node's children, in order. */
  children(node: number): number[] {
    const out: number[] = [];
    const stop = this.columns.end[node];
    for (let child = node + 1; child < stop; child = this.columns.end[child]) {
      tick('document walk');
      out.push(child);
    }
    return out;
  }
  /** The nearest ancestor (or the node itself) with the given tag id, or -1. */
  closest(node: number, tag: number): number {
    for (let at = node; at >= 0; at = this.columns.parent[at]) {
      if (this.columns.kind[at] === NodeKind.Element && this.columns.tag[at] === tag) return at;
    }
    return -1;
  }
  /** First element with this tag id in document order, or -1. */
  findFirst(tag: number, within = 0): number {
    const stop = this.columns.end[within] ?? this.size;
    for (let node = within; node < stop; node++) {
      tick('document walk');
      if (this.columns.tag[node] === tag && this.columns.kind[node] === NodeKind.Element) return node;
    }
    return -1;
  }
  /** All elements with this tag id inside `within` (default: the whole document). */
  findAll(tag: number, within = 0): number[] {
    const out: number[] = [];
    const stop = this.columns.end[within] ?? this.size;
    for (let node = within; node < stop; node++) {
      tick('document walk');
      if (this.columns.tag[node] === tag && this.columns.kind[node] === NodeKind.Element) out.push(node);
    }
    return out;
  }

  // ── attributes and text ──────────────────────────────────────────────────

  attr(node: number, name: string): string | undefined {
    const store = this.#attributes;
    if (store.merged !== undefined) {
      const merged = store.merged.get(node);
      if (merged !== undefined) return Object.hasOwn(merged, name) ? merged[name] : undefined;
    }
    const { offsets, nameIds } = store;
    const start = offsets[node];
    const stop = offsets[node + 1];
    // Most elements have no attributes (and text nodes none): no name to look up.
    if (start === stop) return undefined;
    const id = store.names.idOf(name);
    if (id < 0) return undefined;
    for (let index = start; index < stop; index++) {
      if (nameIds[index] === id) return store.values[index];
    }
    return undefined;
  }
  /**
   * The number of attribute `name` on this page, for {@link attrById}; -1 when no element of the
   * page has it (then every `attrById` of it is `undefined` at once). A walk that reads the same
   * names on every element resolves them once per page: `attr` looks its name up in a map on every
   * call (`idOf`, 3 % of the extractor's features stage, s38-class2).
   */
  attributeId(name: string): number {
    const store = this.#attributes;
    const id = store.names.idOf(name);
    if (id < 0) return -1;
    const present = this.#presentNames ?? this.#findPresentNames();
    return id < present.length && present[id] === 1 ? id : -1;
  }
  /** `attr(node, name)` for `id = attributeId(name)`. */
  attrById(node: number, id: number): string | undefined {
    if (id < 0) return undefined;
    const store = this.#attributes;
    if (store.merged !== undefined) {
      const merged = store.merged.get(node);
      if (merged !== undefined) {
        const name = store.names.nameOf(id);
        return Object.hasOwn(merged, name) ? merged[name] : undefined;
      }
    }
    const { offsets, nameIds } = store;
    const stop = offsets[node + 1];
    for (let index = offsets[node]; index < stop; index++) {
      if (nameIds[index] === id) return store.values[index];
    }
    return undefined;
  }
  /** The attribute numbers the page uses: the flat store's and the merged records' names. */
  #findPresentNames(): Uint8Array {
    const { nameIds, names, merged } = this.#attributes;
    const ids: number[] = [];
    let largest = -1;
    for (let index = 0; index < nameIds.length; index++)
      if (nameIds[index] > largest) largest = nameIds[index];
    if (merged !== undefined) {
      for (const record of merged.values()) {
        for (const name of Object.keys(record)) {
          const id = names.idOf(name);
          if (id >= 0) ids.push(id);
          if (id > largest) largest = id;
        }
      }
    }
    const present = new Uint8Array(largest + 1);
    for (let index = 0; index < nameIds.length; index++) present[nameIds[index]] = 1;
    for (const id of ids) present[id] = 1;
    this.#presentNames = present;
    return present;
  }
  attributes(node: number): Readonly<Record<string, string>> {
    const store = this.#attributes;
    const merged = store.merged?.get(node);
    if (merged !== undefined) return merged;
    const start = store.offsets[node];
    const stop = store.offsets[node + 1];
    if (start === stop || start === undefined) return EMPTY_ATTRIBUTES;
    this.#attributeRecords ??= new Array(this.size);
    let record = this.#attributeRecords[node];
    if (record === undefined) {
      // No prototype: an attribute named __proto__ or constructor is an attribute like any other.
      const fresh: Record<string, string> = Object.create(null);
      for (let index = start; index < stop; index++) {
        const name = store.names.nameOf(store.nameIds[index]);
        if (!Object.hasOwn(fresh, name)) fresh[name] = store.values[index];
      }
      this.#attributeRecords[node] = fresh;
      record = fresh;
    }
    return record;
  }
  /**
   * Whether any element's attribute `name` has a value containing `part` (case as given): one
   * pass over the flat attribute store, no per-element lookups.
   */
  hasAttributeContaining(name: string, part: string): boolean {
    const { nameIds, names, values, merged } = this.#attributes;
    const id = names.idOf(name);
    for (let index = 0; id >= 0 && index < values.length; index++) {
      if (nameIds[index] === id && values[index].includes(part)) return true;
    }
    if (merged !== undefined) {
      for (const record of merged.values())
        if (Object.hasOwn(record, name) && record[name].includes(part)) return true;
    }
    return false;
  }
  /**
   * The `class` and `id` of an element joined by a space, lower-cased (for class/id cues); an
   * element without an id has its class alone. Kept per class string for the elements without an
   * id (the cards of a listing share one class) and per element for the few with one (68 of 851
   * elements a page on the speed mix), found by the page's class numbers (`classNumber`): an array
   * of one string per node, made for every page, was with its strings 4 % of the bytes a page
   * allocates (bench/speed/allocation.ts).
   *
   * The readers' tests take the string's ends as white space (`(?:^|\s)`, `(?:$|[\s_-])`, token
   * scans), so a class without an id is its value as it is, not `"<class> "`: the joined copy (a
   * rope, flattened by the first test) was made for each of the ~105 class strings a page.
   */
  classAndId(node: number): string {
    const column = this.#classColumn ?? this.#numberClasses();
    const number = column[node];
    if (number === 0) return '';
    if (number > 0) {
      const known = this.#classOnly[number];
      if (known !== undefined) return known;
      const lowered = lowerCased(this.#classValues[number]);
      this.#classOnly[number] = lowered;
      return lowered;
    }
    this.#withIds ??= new Map();
    let joined = this.#withIds.get(node);
    if (joined === undefined) {
      joined = lowerCased(`${this.attr(node, 'class') ?? ''} ${this.attr(node, 'id')}`);
      this.#withIds.set(node, joined);
    }
    return joined;
  }
  /**
   * The number of a node's `classAndId()` string within this page, for answers kept per string in
   * an array: 0 for '' (no class, no id), 1 … `classCount - 1` for the elements with a class and no
   * id (equal numbers, equal strings), -1 for the elements with an id (their string is their own).
   * The `class` values are numbered once per page, in one pass over the attribute store: a cache
   * keyed by the value paid a hash of the whole string and a comparison on every lookup, each
   * element's value being a string of its own (s38-meta's profile: 12.5 % of its page scan).
   */
  classNumber(node: number): number {
    const number = (this.#classColumn ?? this.#numberClasses())[node];
    return number < 0 ? -1 : number;
  }
  /** The number of a node's `class` value within this page (0: no `class`), with an id or not. */
  classValueNumber(node: number): number {
    const number = (this.#classColumn ?? this.#numberClasses())[node];
    return number < 0 ? ~number : number;
  }
  /** One more than the largest `classNumber` or `classValueNumber` of the page. */
  get classCount(): number {
    this.#classColumn ?? this.#numberClasses();
    return this.#classOnly.length;
  }
  /** The page's `class` value numbered `number` (`classValueNumber`), as written; '' for 0. */
  classValue(number: number): string {
    this.#classColumn ?? this.#numberClasses();
    return this.#classValues[number] ?? '';
  }
  /** Numbers every element's `class` value (the first `class` and `id`, as `attr` reads them). */
  #numberClasses(): Int32Array {
    const { offsets, nameIds, values, names, merged } = this.#attributes;
    const column = new Int32Array(this.size);
    const classNameId = names.idOf('class');
    const idNameId = names.idOf('id');
    const numbers = new ClassNumbers();
    if (classNameId >= 0 || idNameId >= 0 || merged !== undefined) {
      for (let node = 0; node < this.size; node++) {
        const start = offsets[node];
        const stop = offsets[node + 1];
        let cls: string | undefined;
        let hasId = false;
        const record = merged?.get(node);
        if (record !== undefined) {
          if (Object.hasOwn(record, 'class')) cls = record.class;
          hasId = Object.hasOwn(record, 'id');
        } else {
          // Most elements have no attributes (and text nodes none).
          if (start === stop) continue;
          for (let index = start; index < stop; index++) {
            const nameId = nameIds[index];
            if (nameId === classNameId) cls ??= values[index];
            else if (nameId === idNameId) hasId = true;
          }
        }
        const number = cls === undefined ? 0 : numbers.numberOf(cls);
        column[node] = hasId ? ~number : number;
      }
    }
    numbers.release();
    this.#classColumn = column;
    this.#classValues = numbers.values;
    this.#classOnly.length = numbers.values.length;
    return column;
  }
  /**
   * True when a text node's data is exactly `source.slice(sourceStart, sourceEnd)`: no
   * character reference was decoded and no pieces were joined. Scanning that range of the
   * source (one flat string) is several times faster than scanning the node's own string.
   */
  isSourceText(node: number): boolean {
    return this.#textIsSource !== undefined && this.#textIsSource[node] === 1;
  }
  /** The data of a text or comment node, entities decoded ('' for elements). */
  text(node: number): string {
    return this.#texts[node] ?? '';
  }
  /**
   * The visible text of a subtree: text nodes joined, whitespace collapsed, with a
   * space at block boundaries so words of adjacent blocks never run together.
   */
  textContent(node: number): string {
    const { kind, tag, end } = this.columns;
    // Pieces joined by `+` (one piece is returned as it is, no array, no join), and the block
    // ends in a stack kept for the module (no array a call): the pieces, their array and the
    // collapsed copy were 25 KB a page (bench/speed/allocation.ts, s38-alloc).
    let joined = '';
    const stop = end[node];
    // Ends of the block elements we are inside, innermost last: leaving one is a boundary too.
    const blockEnds = BLOCK_ENDS;
    let depth = 0;
    for (let at = node; at < stop; at++) {
      tick('document walk');
      while (depth > 0 && at >= blockEnds[depth - 1]) {
        depth--;
        joined += ' ';
      }
      if (kind[at] === NodeKind.Text) {
        if (!this.columns.hidden[at]) joined += this.#texts[at] ?? '';
      } else if (kind[at] === NodeKind.Element) {
        if (IS_HIDDEN_CONTENT[tag[at]]) {
          at = end[at] - 1;
        } else if (IS_BLOCK[tag[at]]) {
          joined += ' ';
          blockEnds[depth++] = end[at];
        }
      }
    }
    // Collapsing a text whose only white space is single spaces would copy it unchanged.
    return (NEEDS_COLLAPSE.test(joined) ? joined.replace(/\s+/g, ' ') : joined).trim();
  }
  /**
   * The code of the last character of `textContent(node)` (-1 when it is empty), read in place:
   * the last character of a visible text node that is not white space as `\s` has it (the
   * boundaries `textContent` adds are spaces, collapsed and trimmed). Asks what a text ends
   * with without building it.
   */
  lastTextCode(node: number): number {
    const { kind, tag, end, hidden } = this.columns;
    const stop = end[node];
    let last = -1;
    for (let at = node; at < stop; at++) {
      tick('document walk');
      if (kind[at] === NodeKind.Text) {
        if (hidden[at]) continue;
        const text = this.#texts[at] ?? '';
        for (let i = text.length - 1; i >= 0; i--) {
          const code = text.charCodeAt(i);
          if (!isJsSpaceCode(code)) {
            last = code;
            break;
          }
        }
      } else if (kind[at] === NodeKind.Element && IS_HIDDEN_CONTENT[tag[at]]) {
        at = end[at] - 1;
      }
    }
    return last;
  }

  // ── counts ───────────────────────────────────────────────────────────────

  textLength(node: number): number {
    return this.columns.textLength[node];
  }
  linkTextLength(node: number): number {
    return this.columns.linkTextLength[node];
  }
  tagCount(node: number): number {
    return this.columns.tagCount[node];
  }
  wordCount(node: number): number {
    return this.columns.wordCount[node];
  }
  linkCount(node: number): number {
    return this.columns.linkCount[node];
  }
  /** Share of the subtree's visible text that is link text (0 when there is no text). */
  linkDensity(node: number): number {
    const text = this.columns.textLength[node];
    return text === 0 ? 0 : this.columns.linkTextLength[node] / text;
  }
  /** True when the node is inside an element whose content is never shown (script, style, …). */
  isHiddenContent(node: number): boolean {
    return (
      this.columns.hidden[node] === 1 || (this.isElement(node) && IS_HIDDEN_CONTENT[this.tag(node)] === 1)
    );
  }

  // ── source lines ─────────────────────────────────────────────────────────

  /** Offsets at which each source line starts (lines split at \n, \r\n or \r). */
  get lineStarts(): Int32Array {
    if (!this.#lineStarts) this.#lineStarts = computeLineStarts(this.source);
    return this.#lineStarts;
  }
  get lineCount(): number {
    return this.lineStarts.length;
  }
  /** The 0-based line that holds a source offset. */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
  /** The source text of a line, without its line break. */
  line(index: number): string {
    const starts = this.lineStarts;
    const start = starts[index];
    let stop = index + 1 < starts.length ? starts[index + 1] : this.source.length;
    while (
      stop > start &&
      (this.source.charCodeAt(stop - 1) === 10 || this.source.charCodeAt(stop - 1) === 13)
    )
      stop--;
    return this.source.slice(start, stop);
  }
}

/** Offsets at which each source line starts (line breaks: \n, \r\n, \r). */
export function computeLineStarts(source: string): Int32Array {
  const starts: number[] = [0];
  const length = source.length;
  for (let index = 0; index < length; index++) {
    tickAt(index, 'document walk');
    const code = source.charCodeAt(index);
    if (code === 10) starts.push(index + 1);
    else if (code === 13) {
      if (source.charCodeAt(index + 1) === 10) index++;
      starts.push(index + 1);
    }
  }
  return Int32Array.from(starts);
}
