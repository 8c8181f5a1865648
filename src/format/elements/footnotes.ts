/**
 * Footnotes: the marks in the text and the notes they point to, so that Markdown can write them
 * as `[^1]` references and `[^1]: …` definitions. The shapes read:
 *
 * - a link to a fragment whose text is a short label (`1`, `[2]`, `*`, `iv`), as Wikipedia
 *   (`cite_note`), WordPress and Jetpack, Pandoc and Hugo (`footnote-ref`, `fnref:`), Word
 *   (`_ftn1`), Google Docs (`ftnt1`), mdBook and pulldown-cmark, named anchors (`<a name>`)
 *   write them; it is a footnote when the note links back to it, or when the mark says so
 *   (`role="doc-noteref"`, a `<sup>` around it, a footnote-like class or target id), or when the
 *   target sits in a list of notes;
 * - `data-definition="id"` on the mark (the footnote plugins that hide the note in an `<aside>`),
 *   `<label for="id">` (Org mode's CSS sidenotes);
 * - a bare `<sup>N</sup>` (or `.footnote-ref`) without a link, numbered into a list of notes
 *   (`.footnotes`, `.endnotes`, `ol.references`, `role="doc-endnotes"`), or into the numbered
 *   paragraphs after the last `<hr>` (a note then runs over the blocks up to the next number).
 *
 * The note is the block holding the target (the target itself when it is a block); its own
 * number and its links back to the text are left out of its text.
 */
import { type Doc, IS_BLOCK, IS_HEADING, TAG, tick } from '../../dom/index.js';

/** A note: the nodes `start … stop - 1` (one element, or a run of sibling blocks). */
export interface Note {
  readonly start: number;
  readonly stop: number;
  /** The label of its first mark (a note may start with it as text: `1. The note`). */
  readonly label?: string;
}

export interface Footnotes {
  /** The outermost element of each mark (`<sup>`, `<a>`, `<label>`, `<span>`) → its note's index. */
  readonly marks: Map<number, number>;
  /** The notes, in document order. */
  readonly notes: Note[];
  /** A note's first node → its index. */
  readonly noteAt: Map<number, number>;
  /** Nodes written nowhere: the notes' own numbers and back-links, inline copies of notes (sidenotes). */
  readonly skipped: Set<number>;
}

/** What a footnote mark's text may be: a number, a letter, a roman numeral, a symbol run. */
const LABEL = /^(?:\d{1,4}|[a-z]|[ivx]{1,5}|[*†‡§¶#]{1,3})$/i;
/** A mark's text around its label: `[1]`, `(2)`, `1.` */
const LABEL_WRAPPING = /^[[(]?\s*([^\s\]).]{1,8})\s*[\])]?\.?$/;
/** Marks that say they are footnote marks (class, id or rel of the mark or its wrapper). */
const MARK_HINT = /foot|fn|note|cite|(?:^|[\s_-])ref(?:$|[\s_:-])/i;
/** Targets that are something else: equations, figures, tables, sections. */
const NOT_A_NOTE = /^(?:eq|mjx|fig|tab|sec|chap|toc|top)/i;
/** Target ids that say they are notes. */
const NOTE_ID = /^(?:_?ftn|fn|footnote|cite_note|note|endnote|sdfootnote|easy-footnote)/i;
/** Containers of a list of notes. */
const NOTES_CONTAINER =
  /(?:^|[\s_-])(?:foot-?notes?|end-?notes?|references|footnotes-list|notes)(?:$|[\s_-])/;
/** Back-links of a note to its mark. */
const BACKLINK = /backlink|backref|footnote-back|reversefootnote|footnote-return|cite-backlink/i;
/** Inline copies of a note beside its mark. */
const SIDENOTE = /(?:^|\s)(?:sidenote|marginnote)(?:\s|$)/;
/** A number at the start of a loose note paragraph. */
const LEADING_NUMBER = /^\s*\[?(\d{1,3})\]?[.:)]?(?:\s|$)/;
/** Marks and notes looked at on one page, at most (a page of thousands of links is no footnote page). */
const MAX_MARKS = 2000;
/** A note longer than this is not a note (a section the link points to). */
const MAX_NOTE_TEXT = 8000;
/** Wrappers looked through around a mark's link (`<sup><a>`, `<span id><sup>`). */
const MARK_WRAPPERS = 3;

const CACHE = new WeakMap<Doc, Footnotes | null>();

/** The footnotes of a page (one pass over it, cached), or undefined when it has none. */
export function footnotesOf(doc: Doc): Footnotes | undefined {
  let found = CACHE.get(doc);
  if (found === undefined) {
    found = findFootnotes(doc) ?? null;
    CACHE.set(doc, found);
  }
  return found ?? undefined;
}

/** The selection keeps text of the note (it is written at the end even when no mark of it is). */
export function keepsNoteText(doc: Doc, kept: Uint8Array, note: Note): boolean {
  for (let node = note.start; node < note.stop; node++) if (kept[node] && doc.isText(node)) return true;
  return false;
}

/** A note's first text without the note's own label in front (`1.`, `[1]`, `1)`). */
export function withoutLeadingLabel(text: string, label: string | undefined): string {
  if (label === undefined || label === '') return text;
  const trimmed = text.trimStart();
  const match = /^[[(]?([^\s\]).]{1,8})[\])]?[.:)]?(?:\s+|$)/.exec(trimmed);
  return match && match[1] === label ? trimmed.slice(match[0].length) : text;
}

/** The text of a mark reduced to its label ('' when it is not one). */
function labelOf(text: string): string {
  const match = LABEL_WRAPPING.exec(text.trim());
  if (!match || !LABEL.test(match[1])) return '';
  return match[1];
}

interface Candidate {
  /** The link, label or bare `<sup>`. */
  node: number;
  kind: 'link' | 'definition' | 'label' | 'bare';
  target: string;
  label: string;
}

function findFootnotes(doc: Doc): Footnotes | undefined {
  const { kind, tag, end } = doc.columns;
  const candidates: Candidate[] = [];
  /** Elements that may hold a list of notes, tested only on a page with marks (few have any). */
  const maybeContainers: number[] = [];
  const rules: number[] = [];
  for (let node = 1; node < doc.size; node++) {
    tick('output');
    if (kind[node] !== 1 /* element */) continue;
    const t = tag[node];
    if (t === TAG.a) {
      const fragment = doc.textLength(node) <= 12 ? samePageFragment(doc, doc.attr(node, 'href')) : undefined;
      if (fragment !== undefined) {
        const label = labelOf(doc.textContent(node));
        if (label !== '') candidates.push({ node, kind: 'link', target: fragment, label });
      }
    } else if (t === TAG.hr) {
      rules.push(node);
    } else if (t === TAG.sup || t === TAG.label || t === TAG.span) {
      const definition = doc.attr(node, 'data-definition');
      if (definition !== undefined) {
        candidates.push({ node, kind: 'definition', target: definition, label: '' });
        node = end[node] - 1;
        continue;
      }
      if (doc.textLength(node) > 12) continue;
      if (t === TAG.label) {
        const target = doc.attr(node, 'for');
        const label = labelOf(doc.textContent(node));
        if (target !== undefined && label !== '') candidates.push({ node, kind: 'label', target, label });
      } else if (t === TAG.sup || /footnote-ref/.test(doc.classAndId(node))) {
        // A number inside or around a link is the link's.
        if (doc.findFirst(TAG.a, node) > 0 || doc.closest(node, TAG.a) > 0) continue;
        const label = labelOf(doc.textContent(node));
        if (/^\d+$/.test(label)) candidates.push({ node, kind: 'bare', target: '', label });
        node = end[node] - 1;
      }
    } else if (t === TAG.ol || t === TAG.ul || t === TAG.section || t === TAG.div || t === TAG.aside) {
      maybeContainers.push(node);
    }
    if (candidates.length > MAX_MARKS) return undefined;
  }
  if (candidates.length === 0) return undefined;
  const containers = maybeContainers.filter(
    (node) =>
      doc.attr(node, 'role') === 'doc-endnotes' ||
      NOTES_CONTAINER.test(doc.classAndId(node)) ||
      NOTES_CONTAINER.test((doc.attr(node, 'aria-label') ?? '').toLowerCase()),
  );

  const ids = new Map<string, number[]>();
  const wanted = new Set(candidates.map((candidate) => candidate.target));
  wanted.delete('');
  const addTarget = (value: string | undefined, node: number) => {
    if (value === undefined || !wanted.has(value)) return;
    const list = ids.get(value);
    if (list) list.push(node);
    else ids.set(value, [node]);
  };
  // Bare marks have no target: a page with only those needs no pass over the ids.
  for (let node = wanted.size > 0 ? 1 : doc.size; node < doc.size; node++) {
    tick('output');
    if (kind[node] !== 1) continue;
    addTarget(doc.attr(node, 'id'), node);
    addTarget(doc.attr(node, 'name'), node);
  }

  const found = new Builder(doc);
  const listed = listedNotes(doc, containers);
  const linked: { mark: number; target: number; note: number; ids: string[]; label: string }[] = [];
  for (const candidate of candidates) {
    if (candidate.kind === 'bare' || NOT_A_NOTE.test(candidate.target)) continue;
    const mark = markBox(doc, candidate.node);
    for (const target of ids.get(candidate.target) ?? []) {
      const note = noteBlock(doc, target);
      // A note comes after its mark (the link from a note back to its mark is no mark).
      if (note <= mark || doc.contains(note, mark)) continue;
      if (candidate.kind === 'link' && !isLinkedNote(doc, candidate, mark, note, listed)) continue;
      linked.push({ mark, target, note, ids: markIds(doc, mark, candidate.node), label: candidate.label });
      break;
    }
  }
  // Several notes in one block (named anchors between `<br>`s): each runs from its anchor to the next.
  const targetsIn = new Map<number, number[]>();
  for (const { target, note } of linked) {
    if (target === note) continue;
    const tops = targetsIn.get(note) ?? [];
    const top = childUnder(doc, note, target);
    if (!tops.includes(top)) tops.push(top);
    targetsIn.set(note, tops);
  }
  for (const { mark, target, note, ids: markIds, label } of linked) {
    const tops = targetsIn.get(note);
    if (target !== note && tops !== undefined && tops.length > 1) {
      tops.sort((a, b) => a - b);
      const top = childUnder(doc, note, target);
      const next = tops[tops.indexOf(top) + 1];
      found.link(mark, { start: top, stop: next ?? end[note], label }, markIds);
    } else found.link(mark, { start: note, stop: end[note], label }, markIds);
  }
  // Bare numbers: into a list of notes, else into numbered paragraphs after the last rule.
  const bare = candidates.filter((candidate) => candidate.kind === 'bare');
  if (bare.length > 0) {
    let numbered = listed.size > 0 ? listedByNumber(doc, containers) : looseNotes(doc, rules, bare);
    if (numbered.size === 0) numbered = followingList(doc, bare);
    for (const candidate of bare) {
      const note = numbered.get(Number(candidate.label));
      if (
        note &&
        !(candidate.node >= note.start && candidate.node < note.stop) &&
        candidate.node < note.start
      )
        found.link(markBox(doc, candidate.node), note, []);
    }
  }
  return found.result();
}

/** Collects marks and notes; works out what each note leaves out. */
class Builder {
  private readonly marks = new Map<number, number>();
  private readonly notes: Note[] = [];
  private readonly noteAt = new Map<number, number>();
  private readonly backTo = new Map<number, Set<string>>();

  constructor(private readonly doc: Doc) {}

  link(mark: number, note: Note, ids: readonly string[]): void {
    if (this.marks.has(mark) || !hasText(this.doc, note)) return;
    let index = this.noteAt.get(note.start);
    if (index === undefined) {
      for (const other of this.notes) if (note.start < other.stop && other.start < note.stop) return;
      index = this.notes.length;
      this.notes.push(note);
      this.noteAt.set(note.start, index);
      this.backTo.set(index, new Set());
    }
    this.marks.set(mark, index);
    const back = this.backTo.get(index) as Set<string>;
    for (const id of ids) back.add(id);
  }

  result(): Footnotes | undefined {
    if (this.notes.length === 0) return undefined;
    const doc = this.doc;
    const skipped = new Set<number>();
    this.notes.forEach((note, index) => {
      const back = this.backTo.get(index) as Set<string>;
      let leading = true;
      const first = note.stop === doc.end(note.start) ? note.start + 1 : note.start;
      for (let at = first; at < note.stop; at++) {
        tick('output');
        if (doc.isText(at)) {
          if (doc.text(at).trim() !== '') leading = false;
          continue;
        }
        if (!doc.isElement(at)) continue;
        const t = doc.tag(at);
        const cls = doc.classAndId(at);
        const fragment = t === TAG.a ? samePageFragment(doc, doc.attr(at, 'href')) : undefined;
        const isBack =
          BACKLINK.test(cls) ||
          doc.attr(at, 'role') === 'doc-backlink' ||
          (fragment !== undefined && back.has(fragment)) ||
          (t === TAG.a && /^\s*[↩↑^]\s*$/.test(doc.textContent(at)));
        // The note's own number before its text: `<sup>1</sup>`, `<strong>1</strong>`, `<a>[1]</a>`.
        const isNumber =
          leading &&
          !IS_BLOCK[t] &&
          t !== TAG.img &&
          doc.textLength(at) <= 12 &&
          labelOf(doc.textContent(at)) !== '';
        if (isBack || isNumber) {
          skipped.add(at);
          at = doc.end(at) - 1;
        }
      }
    });
    // Sidenotes: an inline copy of a note right after its mark.
    for (const mark of this.marks.keys()) {
      const next = doc.nextSibling(mark);
      for (let at = next, steps = 0; at > 0 && steps < 3; at = doc.nextSibling(at), steps++) {
        if (doc.isElement(at) && SIDENOTE.test(doc.classAndId(at))) {
          skipped.add(at);
          break;
        }
      }
    }
    return { marks: this.marks, notes: this.notes, noteAt: this.noteAt, skipped };
  }
}

/** True when a note has any text. */
function hasText(doc: Doc, note: Note): boolean {
  for (let at = note.start; at < note.stop; at = doc.end(at)) if (doc.textLength(at) > 0) return true;
  return false;
}

/**
 * The fragment of a link to a place on this page: `#id`, or the page's own URL and `#id` (Substack
 * writes its marks and back-links absolute). Undefined for links elsewhere and bare `#`.
 */
function samePageFragment(doc: Doc, href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return undefined;
  if (hash > 0 && !isThisPage(doc, href.slice(0, hash))) return undefined;
  return safeDecode(href.slice(hash + 1));
}

/** The page's own address without its fragment ('' when it has none), per document. */
const PAGE_ADDRESS = new WeakMap<Doc, string>();

/** True when `address` (a link without its fragment) names the page itself. */
function isThisPage(doc: Doc, address: string): boolean {
  let page = PAGE_ADDRESS.get(doc);
  if (page === undefined) {
    page = '';
    if (doc.url !== undefined && URL.canParse(doc.url)) {
      const url = new URL(doc.url);
      url.hash = '';
      page = url.href;
    }
    PAGE_ADDRESS.set(doc, page);
  }
  return page !== '' && URL.canParse(address, page) && new URL(address, page).href === page;
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The outermost inline wrapper of a mark that holds nothing else (`<sup id><a>1</a></sup>`). */
function markBox(doc: Doc, node: number): number {
  const text = doc.textContent(node).trim();
  let box = node;
  for (let level = 0; level < MARK_WRAPPERS; level++) {
    const parent = doc.parent(box);
    if (parent <= 0) break;
    const t = doc.tag(parent);
    if (IS_BLOCK[t] || (t !== TAG.sup && t !== TAG.span && t !== TAG.small)) break;
    if (doc.textContent(parent).trim() !== text) break;
    box = parent;
  }
  return box;
}

/** The ids and names of a mark and its wrappers (what a note's back-link points to). */
function markIds(doc: Doc, box: number, inner: number): string[] {
  const out: string[] = [];
  for (let at = inner; at > 0; at = doc.parent(at)) {
    for (const name of ['id', 'name']) {
      const value = doc.attr(at, name);
      if (value) out.push(value);
    }
    if (at === box) break;
  }
  return out;
}

/** The block a link target stands for: itself when it is a block, else the block around it. */
function noteBlock(doc: Doc, target: number): number {
  let at = target;
  while (at > 0 && !IS_BLOCK[doc.tag(at)]) at = doc.parent(at);
  if (at <= 0) return -1;
  const t = doc.tag(at);
  if (
    IS_HEADING[t] ||
    t === TAG.body ||
    t === TAG.html ||
    t === TAG.main ||
    t === TAG.article ||
    (t === TAG.table && at !== target) ||
    t === TAG.tr ||
    doc.textLength(at) > MAX_NOTE_TEXT ||
    doc.findFirst(TAG.h2, at) > 0 ||
    doc.findFirst(TAG.h3, at) > 0
  )
    return -1;
  return at;
}

/** True when a link's target block is its note: it links back, the mark says so, or it is listed. */
function isLinkedNote(
  doc: Doc,
  candidate: Candidate,
  mark: number,
  note: number,
  listed: ReadonlySet<number>,
): boolean {
  const ids = new Set(markIds(doc, mark, candidate.node));
  const stop = doc.end(note);
  for (let at = note + 1; at < stop; at++) {
    tick('output');
    if (doc.tag(at) !== TAG.a) continue;
    const fragment = samePageFragment(doc, doc.attr(at, 'href'));
    if (fragment !== undefined && ids.has(fragment)) return true;
  }
  if (listed.has(note) || NOTE_ID.test(candidate.target)) return true;
  if (doc.attr(candidate.node, 'role') === 'doc-noteref') return true;
  for (let at = candidate.node, level = 0; at > 0 && level <= MARK_WRAPPERS; at = doc.parent(at), level++) {
    if (doc.tag(at) === TAG.sup) return true;
    if (MARK_HINT.test(doc.classAndId(at)) || MARK_HINT.test(doc.attr(at, 'rel') ?? '')) return true;
    if (at === mark) break;
  }
  return false;
}

/** The items of lists of notes (the `<li>`s of the containers, or of the lists inside them). */
function listedNotes(doc: Doc, containers: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const container of containers) {
    const stop = doc.end(container);
    for (let at = container + 1; at < stop; at++) {
      tick('output');
      if (doc.tag(at) === TAG.li) {
        out.add(at);
        at = doc.end(at) - 1;
      }
    }
  }
  return out;
}

/** The items of the first list of notes by their number (`start=` counted). */
function listedByNumber(doc: Doc, containers: readonly number[]): Map<number, Note> {
  const out = new Map<number, Note>();
  for (const container of containers) {
    const list = doc.tag(container) === TAG.ol ? container : doc.findFirst(TAG.ol, container);
    if (list <= 0) continue;
    let number = Number.parseInt(doc.attr(list, 'start') ?? '1', 10) || 1;
    for (const item of doc.children(list)) {
      if (doc.tag(item) !== TAG.li) continue;
      out.set(number++, { start: item, stop: doc.end(item) });
    }
    if (out.size > 0) break;
  }
  return out;
}

/** The child of `block` on the way down to `node`. */
function childUnder(doc: Doc, block: number, node: number): number {
  let at = node;
  while (doc.parent(at) !== block && doc.parent(at) > 0) at = doc.parent(at);
  return at;
}

/**
 * Bare numbers with no list of notes marked as such: the first ordered list after the last mark
 * whose items (from its `start`) cover every number.
 */
function followingList(doc: Doc, marks: readonly Candidate[]): Map<number, Note> {
  const out = new Map<number, Note>();
  let low = Number.POSITIVE_INFINITY;
  let high = 0;
  for (const mark of marks) {
    low = Math.min(low, Number(mark.label));
    high = Math.max(high, Number(mark.label));
  }
  for (let at = marks[marks.length - 1].node; at < doc.size; at++) {
    tick('output');
    if (doc.tag(at) !== TAG.ol) continue;
    const start = Number.parseInt(doc.attr(at, 'start') ?? '1', 10) || 1;
    const items = doc.children(at).filter((item) => doc.tag(item) === TAG.li);
    if (start > low || start + items.length - 1 < high) return out;
    for (let index = 0; index < items.length; index++) {
      out.set(start + index, { start: items[index], stop: doc.end(items[index]) });
    }
    return out;
  }
  return out;
}

/**
 * Notes written as numbered paragraphs after the last `<hr>` that follows the marks: a block
 * starting with a number opens note N; the blocks after it, up to the next number, continue it.
 */
function looseNotes(doc: Doc, rules: readonly number[], marks: readonly Candidate[]): Map<number, Note> {
  const out = new Map<number, Note>();
  // The last rule after a mark (the notes' own numbers may be bare `<sup>`s too).
  const firstMark = marks[0].node;
  let rule: number | undefined;
  for (const node of rules) if (node > firstMark) rule = node;
  if (rule === undefined) return out;
  let open: { number: number; start: number; stop: number } | undefined;
  for (let at = doc.nextSibling(rule); at > 0; at = doc.nextSibling(at)) {
    if (!doc.isElement(at)) continue;
    if (!IS_BLOCK[doc.tag(at)] || IS_HEADING[doc.tag(at)] || doc.tag(at) === TAG.hr) break;
    const match = LEADING_NUMBER.exec(doc.textContent(at).slice(0, 16));
    const number = match ? Number(match[1]) : Number.NaN;
    if (match && !out.has(number) && (open === undefined || number === open.number + 1)) {
      if (open) out.set(open.number, { start: open.start, stop: open.stop, label: String(open.number) });
      open = { number, start: at, stop: doc.end(at) };
    } else if (open) open.stop = doc.end(at);
    else break;
  }
  if (open) out.set(open.number, { start: open.start, stop: open.stop, label: String(open.number) });
  return out;
}
