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
 *   paragraphs after the last `<hr>` (a note then runs over the blocks up to the next number), or
 *   into `<p class="footnote">`s and the `<aside><ol start="N">`s of notes set beside the text, or
 *   into paragraphs opening with `<sup>N</sup>`/`<strong>N</strong>` (when two numbers agree);
 * - a mark that names its note whatever the address: HTMLBook's `data-type="noteref"` (O'Reilly:
 *   `ch01.html#ch01fn3`), Word's `_ftn1`/`_edn1` anchors (a pasted export keeps the path of the
 *   file); a script link whose id pairs with its note's (Wikidot: `footnoteref-1` → `footnote-1`);
 * - a note without an id, found by its link back to the mark (Word exports: `href="#_ftnref1"`);
 * - a mark written with the page's own address before the fragment: the URL it was read from, or
 *   the one its head names (`<link rel=canonical>`, `og:url`; Substack read under another address);
 * - a note under a heading that is only its number (Texinfo: `h5.footnote-body-heading`): the
 *   blocks after the heading, up to the next one;
 * - inline notes beside their mark, written at the end instead: a `span.footnote-container`,
 *   `.sidenote-container` or `.inline-footnote` (the box is the mark, its `span.footnote`,
 *   `.sidenote` or `.footnoteContent` the note), a `span.sidenote` right after its number or
 *   label (Tufte CSS: `<label class="sidenote-number"></label><input><span class="sidenote">`).
 *
 * The note is the block holding the target (the target itself when it is a block; the item of a
 * list of notes around it, Nature's `<li><p id="ref-CR1">`); its own number and its links back to
 * the text are left out of its text. A bibliography's references are notes too
 * (`role="doc-biblioref"` marks, `role="doc-bibliography"` lists of `role="listitem"`, Science).
 */
import { type Doc, IS_BLOCK, IS_HEADING, TAG, tick } from '../../dom/index.js';

/** A note: the nodes `start … stop - 1` (one element, or a run of sibling blocks). */
export interface Note {
  readonly start: number;
  readonly stop: number;
  /** The label of its first mark (a note may start with it as text: `1. The note`). */
  readonly label?: string;
  /** An inline note inside the text (a sidenote): leaving it out breaks no paragraph. */
  readonly inline?: boolean;
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
/** Anchors that name their note whatever the address before them (Word's own, kept by a pasted export). */
const WORD_ANCHOR = /^_(?:ftn|edn)(?:ref)?\d{1,4}$/;
/** A script link's id that pairs with its note's (`footnoteref-1` → `footnote-1`, `fnref:1` → `fn:1`). */
const PAIRED_REF = /^(\w*?(?:note|fn|ftn))[-_]?ref([-_:.]?\d{1,4})$/i;
/** Inline boxes of a mark and its note beside it (Tufte-style sidenotes, inline footnotes). */
const INLINE_NOTE_BOX = /(?:^|\s)(?:footnote-container|sidenote-container|inline-footnote)(?:\s|$)/;
/** The note inside such a box. */
const INLINE_NOTE_PART =
  /(?:^|\s)(?:footnote|sidenote|footnoteContent|footnote-content|footnote-text)(?:\s|$)/;
/** An inline note right after its mark (Tufte CSS, Org mode's CSS sidenotes). */
const INLINE_SIDENOTE = /(?:^|\s)sidenote(?:\s|$)/;
/** Paragraphs that say they are a note (`<p class="footnote"><sup>1</sup> …`). */
const NOTE_PARAGRAPH = /(?:^|\s)(?:footnote|endnote)(?:\s|$)/;
/** Targets that are something else: equations, figures, tables, sections. */
const NOT_A_NOTE = /^(?:eq|mjx|fig|tab|sec|chap|toc|top)/i;
/** Target ids that say they are notes. */
const NOTE_ID = /^(?:_?ftn|_?edn|fn|footnote|cite_note|note|endnote|sdfootnote|easy-footnote)/i;
/**
 * Containers of a list of notes; `ref-list` is JATS's reference list as the journal sites that
 * render JATS name it (PubMed Central: `<section class="ref-list"><ul class="ref-list"><li id="b1-…">`).
 */
const NOTES_CONTAINER =
  /(?:^|[\s_-])(?:foot-?notes?|end-?notes?|references|footnotes-list|notes|ref-list)(?:$|[\s_-])/;
/** Roles of a list of notes (a bibliography's references are notes too, as Science writes them). */
const LIST_ROLE = /^doc-(?:endnotes|footnotes|bibliography)$/;
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
/** Blocks of a note under its number heading, at most. */
const MAX_NOTE_BLOCKS = 50;
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

/**
 * A note's first text without the note's own label in front (`1.`, `[1]`, `1)`), or without the
 * punctuation left after its number element (`<a>1</a>. The note`, Wikidot).
 */
export function withoutLeadingLabel(text: string, label: string | undefined): string {
  if (label === undefined || label === '') return text;
  const trimmed = text.trimStart();
  const rest = /^[.:)]\s+/.exec(trimmed);
  if (rest) return trimmed.slice(rest[0].length);
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

/**
 * Whether the first pass of `findFootnotes` can find a mark or an inline note on the page: its tests
 * for those alone, stopping at the first. Most pages have none (10 of the speed mix's 300 pass this
 * test, 1 has footnotes), and there the pass's other work is skipped: the candidate lists of notes,
 * rules and numbered paragraphs (read only once a mark is found) and a class and number test per
 * `<p>`. True wherever that pass finds a candidate, a box or a sidenote (it may be true where it
 * finds none: a `<sup>` inside a link). The attribute store's page-wide scans
 * (`Doc.hasAttributeContaining`) for the classes and `data-definition` cost more than the lookups
 * on spans they would spare (0.11 ms a page for four, more than the whole pass).
 */
export function mayHaveMarks(doc: Doc): boolean {
  const { kind, tag } = doc.columns;
  for (let node = 1; node < doc.size; node++) {
    tick('output');
    if (kind[node] !== 1 /* element */) continue;
    const t = tag[node];
    if (t === TAG.a) {
      if (
        doc.textLength(node) <= 12 &&
        markTarget(doc, node) !== undefined &&
        labelOf(doc.textContent(node)) !== ''
      )
        return true;
    } else if (t === TAG.sup || t === TAG.label || t === TAG.span) {
      if (doc.attr(node, 'data-definition') !== undefined) return true;
      if (t === TAG.span) {
        const cls = doc.attr(node, 'class') ?? '';
        if (INLINE_NOTE_BOX.test(cls) || INLINE_SIDENOTE.test(cls)) return true;
      }
      if (doc.textLength(node) > 12) continue;
      if (t === TAG.label) {
        if (doc.attr(node, 'for') !== undefined && labelOf(doc.textContent(node)) !== '') return true;
      } else if (t === TAG.sup || /footnote-ref/.test(doc.classAndId(node))) {
        if (/^\d+$/.test(labelOf(doc.textContent(node)))) return true;
      }
    }
  }
  return false;
}

/**
 * The footnotes of a page, not cached (`footnotesOf` caches them). `screened: false` runs the first
 * pass on every page, as before `mayHaveMarks` (the tests compare the two).
 */
export function findFootnotes(doc: Doc, screened = true): Footnotes | undefined {
  if (screened && !mayHaveMarks(doc)) return undefined;
  const { kind, tag, end } = doc.columns;
  const candidates: Candidate[] = [];
  /** Elements that may hold a list of notes, tested only on a page with marks (few have any). */
  const maybeContainers: number[] = [];
  const rules: number[] = [];
  /** Inline notes: boxes of a mark and its note, sidenotes after their mark. */
  const boxes: number[] = [];
  const sidenotes: number[] = [];
  /** Blocks of notes for bare numbers: `<p class="footnote">`s, `<aside><ol start>`s. */
  const numberedBlocks: number[] = [];
  /** Paragraphs opening with a `<sup>N</sup>` or `<strong>N</strong>` (notes, when the marks agree). */
  const numberedParagraphs: number[] = [];
  for (let node = 1; node < doc.size; node++) {
    tick('output');
    if (kind[node] !== 1 /* element */) continue;
    const t = tag[node];
    if (t === TAG.a) {
      const fragment = doc.textLength(node) <= 12 ? markTarget(doc, node) : undefined;
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
      if (t === TAG.span && boxes.length + sidenotes.length <= MAX_MARKS) {
        const cls = doc.attr(node, 'class') ?? '';
        if (INLINE_NOTE_BOX.test(cls)) boxes.push(node);
        else if (INLINE_SIDENOTE.test(cls)) sidenotes.push(node);
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
      // A note set beside the text, numbered by its list (`<aside><ol start="3"><li>`).
      if (t === TAG.ol && tag[doc.parent(node)] === TAG.aside && doc.attr(node, 'start') !== undefined)
        numberedBlocks.push(node);
    } else if (t === TAG.p) {
      if (NOTE_PARAGRAPH.test(doc.attr(node, 'class') ?? '')) numberedBlocks.push(node);
      else if (startsWithNumber(doc, node)) numberedParagraphs.push(node);
    }
    if (candidates.length > MAX_MARKS || numberedBlocks.length + numberedParagraphs.length > MAX_MARKS)
      return undefined;
  }
  if (candidates.length === 0 && boxes.length === 0 && sidenotes.length === 0) return undefined;
  const containers = maybeContainers.filter(
    (node) =>
      LIST_ROLE.test(doc.attr(node, 'role') ?? '') ||
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
  backLinkedTargets(doc, candidates, ids);

  const found = new Builder(doc);
  const listed = listedNotes(doc, containers);
  const linked: { mark: number; target: number; note: number; ids: string[]; label: string }[] = [];
  for (const candidate of candidates) {
    if (candidate.kind === 'bare' || NOT_A_NOTE.test(candidate.target)) continue;
    const mark = markBox(doc, candidate.node);
    for (const target of ids.get(candidate.target) ?? []) {
      const under = headingNote(doc, target);
      if (under !== undefined) {
        // The heading links back to the mark, or says it is a note's.
        const ids = markIds(doc, mark, candidate.node);
        if (
          under.start <= mark ||
          !(linksBack(doc, new Set(ids), under.heading) || /note/i.test(doc.classAndId(under.heading)))
        )
          continue;
        const note = { start: under.start, stop: under.stop, label: candidate.label };
        if (found.link(mark, note, ids)) found.skip(under.heading);
        break;
      }
      const note = listedItem(doc, noteBlock(doc, target), listed);
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
  inlineNotes(doc, found, boxes, sidenotes);
  // Bare numbers: into a list of notes, else into numbered paragraphs after the last rule, else
  // into blocks that say they are notes, else into paragraphs opening with the numbers.
  const bare = candidates.filter((candidate) => candidate.kind === 'bare');
  if (bare.length > 0) {
    let numbered = listed.size > 0 ? listedByNumber(doc, containers) : looseNotes(doc, rules, bare);
    if (numbered.size === 0) numbered = notesByNumber(doc, numberedBlocks);
    if (numbered.size === 0) numbered = numberedNotes(doc, numberedParagraphs, bare);
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
  private readonly skippedToo = new Set<number>();

  constructor(private readonly doc: Doc) {}

  /** Links a mark to its note: false when the mark has one already or the note overlaps another. */
  link(mark: number, note: Note, ids: readonly string[]): boolean {
    if (this.marks.has(mark) || !hasText(this.doc, note)) return false;
    let index = this.noteAt.get(note.start);
    if (index === undefined) {
      for (const other of this.notes) if (note.start < other.stop && other.start < note.stop) return false;
      index = this.notes.length;
      this.notes.push(note);
      this.noteAt.set(note.start, index);
      this.backTo.set(index, new Set());
    }
    this.marks.set(mark, index);
    const back = this.backTo.get(index) as Set<string>;
    for (const id of ids) back.add(id);
    return true;
  }

  /** Leaves a node out of the output (a heading that is only a note's number). */
  skip(node: number): void {
    this.skippedToo.add(node);
  }

  isMark(node: number): boolean {
    return this.marks.has(node);
  }

  isNote(start: number): boolean {
    return this.noteAt.has(start);
  }

  /** True when a mark lies in `node`'s subtree. */
  holdsMark(node: number): boolean {
    const stop = this.doc.end(node);
    for (let at = node; at < stop; at++) if (this.marks.has(at)) return true;
    return false;
  }

  result(): Footnotes | undefined {
    if (this.notes.length === 0) return undefined;
    const doc = this.doc;
    const skipped = new Set<number>(this.skippedToo);
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
        const fragment = t === TAG.a ? linkFragment(doc, at) : undefined;
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
        if (doc.isElement(at) && !this.noteAt.has(at) && SIDENOTE.test(doc.classAndId(at))) {
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

/**
 * The fragment a link points to on this page; anchors that name a note (Word's `_ftn1`, HTMLBook's
 * `data-type="noteref"` with the chapter's file before it) count whatever the address.
 */
function linkFragment(doc: Doc, link: number): string | undefined {
  const href = doc.attr(link, 'href');
  const fragment = samePageFragment(doc, href);
  if (fragment !== undefined || href === undefined) return fragment;
  const hash = href.indexOf('#');
  if (hash < 0) return undefined;
  const named = safeDecode(href.slice(hash + 1));
  return WORD_ANCHOR.test(named) || doc.attr(link, 'data-type') === 'noteref' ? named : undefined;
}

/**
 * Where a mark link points: its fragment, or, for a script link (`javascript:;`, Wikidot's
 * `scrollToReference`), the note its id pairs with (`footnoteref-1` → `footnote-1`).
 */
function markTarget(doc: Doc, link: number): string | undefined {
  const fragment = linkFragment(doc, link);
  if (fragment !== undefined) return fragment;
  const href = (doc.attr(link, 'href') ?? '').trim();
  if (href !== '' && href !== '#' && !/^javascript:/i.test(href)) return undefined;
  const paired = PAIRED_REF.exec(doc.attr(link, 'id') ?? '');
  return paired ? paired[1] + paired[2] : undefined;
}

/**
 * Targets no element has (Word exports write `<a href="#_ftn1" name="_ftnref1">` and a note with no
 * id): the links back to the mark, after it, stand for its note.
 */
function backLinkedTargets(doc: Doc, candidates: readonly Candidate[], ids: Map<string, number[]>): void {
  const byMarkId = new Map<string, Candidate>();
  for (const candidate of candidates) {
    if (candidate.kind !== 'link' || ids.has(candidate.target)) continue;
    for (const id of markIds(doc, markBox(doc, candidate.node), candidate.node)) byMarkId.set(id, candidate);
  }
  if (byMarkId.size === 0) return;
  for (let node = 1; node < doc.size; node++) {
    tick('output');
    if (doc.tag(node) !== TAG.a || doc.textLength(node) > 12) continue;
    const fragment = linkFragment(doc, node);
    const candidate = fragment === undefined ? undefined : byMarkId.get(fragment);
    if (candidate === undefined || node < candidate.node || ids.has(candidate.target)) continue;
    ids.set(candidate.target, [node]);
  }
}

/** The page's own addresses without their fragment (none when it has none), per document. */
const PAGE_ADDRESSES = new WeakMap<Doc, readonly string[]>();

/** An address without its fragment, resolved against `base` ('' when it is no URL). */
function withoutFragment(address: string, base?: string): string {
  if (!URL.canParse(address, base)) return '';
  const url = new URL(address, base);
  url.hash = '';
  return url.href;
}

/**
 * The addresses the page has for itself: the URL it was read from, and the ones it names in its
 * head (`<link rel=canonical>`, `og:url`). A page saved or served under another address than its
 * own (a mirror, a saved copy read from a file, a custom domain) still links its marks to its
 * notes with its canonical address in front (Substack: `href="https://x.substack.com/p/post#footnote-1"`),
 * and those are links to this page, not to another.
 */
function pageAddresses(doc: Doc): readonly string[] {
  let addresses = PAGE_ADDRESSES.get(doc);
  if (addresses !== undefined) return addresses;
  const found = new Set<string>();
  const own = doc.url === undefined ? '' : withoutFragment(doc.url);
  if (own !== '') found.add(own);
  const { kind, tag } = doc.columns;
  for (let node = 1; node < doc.size; node++) {
    tick('output');
    if (kind[node] !== 1 /* element */) continue;
    let named: string | undefined;
    if (tag[node] === TAG.link) {
      if (/(?:^|\s)canonical(?:\s|$)/i.test(doc.attr(node, 'rel') ?? '')) named = doc.attr(node, 'href');
    } else if (tag[node] === TAG.meta) {
      if ((doc.attr(node, 'property') ?? doc.attr(node, 'name'))?.toLowerCase() === 'og:url')
        named = doc.attr(node, 'content');
    } else continue;
    const address = named === undefined ? '' : withoutFragment(named.trim(), own || undefined);
    if (address !== '' && /^https?:/.test(address)) found.add(address);
  }
  addresses = [...found];
  PAGE_ADDRESSES.set(doc, addresses);
  return addresses;
}

/** True when `address` (a link without its fragment) names the page itself. */
function isThisPage(doc: Doc, address: string): boolean {
  const pages = pageAddresses(doc);
  if (pages.length === 0) return false;
  const resolved = withoutFragment(address, pages[0]);
  return resolved !== '' && pages.includes(resolved);
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

/**
 * A note under a heading that is only its number (Texinfo: `<h5 class="footnote-body-heading"><a
 * id="FOOT1" href="#DOCF1">(1)</a></h5><p>…`): the heading and the blocks after it, up to the next
 * heading or rule.
 */
function headingNote(doc: Doc, target: number): { heading: number; start: number; stop: number } | undefined {
  let heading = target;
  while (heading > 0 && !IS_BLOCK[doc.tag(heading)]) heading = doc.parent(heading);
  if (heading <= 0 || !IS_HEADING[doc.tag(heading)] || labelOf(doc.textContent(heading)) === '')
    return undefined;
  let start = -1;
  let stop = -1;
  let length = 0;
  let blocks = 0;
  for (let at = doc.nextSibling(heading); at > 0; at = doc.nextSibling(at)) {
    if (!doc.isElement(at)) continue;
    if (IS_HEADING[doc.tag(at)] || doc.tag(at) === TAG.hr) break;
    length += doc.textLength(at);
    if (length > MAX_NOTE_TEXT || ++blocks > MAX_NOTE_BLOCKS) break;
    if (start < 0) start = at;
    stop = doc.end(at);
  }
  return start < 0 ? undefined : { heading, start, stop };
}

/**
 * Inline notes beside their marks, linked unless a mark inside already points to a note elsewhere
 * (then the inline one is a copy, left out): a box of mark and note is the mark of the note inside
 * it; a sidenote after a short number or an empty label is the note of that.
 */
function inlineNotes(doc: Doc, found: Builder, boxes: readonly number[], sidenotes: readonly number[]): void {
  for (const box of boxes) {
    if (doc.textLength(box) > MAX_NOTE_TEXT || found.holdsMark(box)) continue;
    const stop = doc.end(box);
    for (let at = box + 1; at < stop; at++) {
      tick('output');
      // The note, not the number beside it (`<sup class="footnote">1</sup>`).
      if (!doc.isElement(at) || !INLINE_NOTE_PART.test(doc.attr(at, 'class') ?? '')) continue;
      if (labelOf(doc.textContent(at)) !== '') continue;
      found.link(box, { start: at, stop: doc.end(at), inline: true }, []);
      break;
    }
  }
  for (const sidenote of sidenotes) {
    if (found.isNote(sidenote) || doc.textLength(sidenote) > MAX_NOTE_TEXT) continue;
    const mark = markBefore(doc, sidenote);
    if (mark > 0 && !found.isMark(mark))
      found.link(mark, { start: sidenote, stop: doc.end(sidenote), inline: true }, []);
  }
}

/**
 * The mark right before a sidenote (only form controls and spaces between): a label (Tufte's is
 * empty, its number drawn by CSS), a `<sup>` or a footnote-like element whose text is a label.
 */
function markBefore(doc: Doc, sidenote: number): number {
  for (let at = doc.previousSibling(sidenote); at > 0; at = doc.previousSibling(at)) {
    if (doc.isText(at)) {
      if (doc.text(at).trim() !== '') return -1;
      continue;
    }
    if (!doc.isElement(at)) continue;
    const t = doc.tag(at);
    if (t === TAG.input) continue;
    if (doc.textLength(at) > 12 || !(t === TAG.label || t === TAG.sup || MARK_HINT.test(doc.classAndId(at))))
      return -1;
    const text = doc.textContent(at);
    return labelOf(text) !== '' || (t === TAG.label && text.trim() === '') ? markBox(doc, at) : -1;
  }
  return -1;
}

/**
 * Bare numbers' notes in blocks that say so: `<p class="footnote">` by its leading number, the
 * items of an `<aside><ol start="N">` from N.
 */
function notesByNumber(doc: Doc, blocks: readonly number[]): Map<number, Note> {
  const out = new Map<number, Note>();
  for (const block of blocks) {
    if (doc.tag(block) === TAG.ol) {
      let number = doc.listStart(block) ?? 0;
      if (number === 0) continue;
      for (const item of doc.children(block)) {
        if (doc.tag(item) !== TAG.li) continue;
        if (!out.has(number)) out.set(number, { start: item, stop: doc.end(item) });
        number++;
      }
      continue;
    }
    const match = LEADING_NUMBER.exec(doc.textContent(block).slice(0, 16));
    const number = match ? Number(match[1]) : 0;
    if (number > 0 && !out.has(number))
      out.set(number, { start: block, stop: doc.end(block), label: String(number) });
  }
  return out;
}

/** A paragraph whose first node is its number: `<sup>1</sup>`, `<strong>1</strong>`, `<b><sup>1</sup></b>`. */
function startsWithNumber(doc: Doc, paragraph: number): boolean {
  const first = doc.firstChild(paragraph);
  if (first <= 0 || !doc.isElement(first) || doc.textLength(first) > 4) return false;
  const t = doc.tag(first);
  return (
    (t === TAG.sup || t === TAG.strong || t === TAG.b) && /^\d{1,3}$/.test(doc.textContent(first).trim())
  );
}

/**
 * Paragraphs opening with their number (a note section without a list, trailing the article) as
 * the notes of bare numbers after them, when at least two numbers agree (a page of numbered steps
 * and an exponent is no page of notes).
 */
function numberedNotes(
  doc: Doc,
  paragraphs: readonly number[],
  marks: readonly Candidate[],
): Map<number, Note> {
  const out = new Map<number, Note>();
  const first = marks[0].node;
  for (const paragraph of paragraphs) {
    if (paragraph < first) continue;
    const number = Number(doc.textContent(doc.firstChild(paragraph)).trim());
    if (!out.has(number))
      out.set(number, { start: paragraph, stop: doc.end(paragraph), label: String(number) });
  }
  const agreeing = new Set<number>();
  for (const mark of marks) {
    const note = out.get(Number(mark.label));
    if (note && mark.node < note.start) agreeing.add(Number(mark.label));
  }
  return agreeing.size >= 2 ? out : new Map();
}

/** True when a link's target block is its note: it links back, the mark says so, or it is listed. */
function isLinkedNote(
  doc: Doc,
  candidate: Candidate,
  mark: number,
  note: number,
  listed: ReadonlySet<number>,
): boolean {
  if (linksBack(doc, new Set(markIds(doc, mark, candidate.node)), note)) return true;
  if (listed.has(note) || NOTE_ID.test(candidate.target)) return true;
  if (/^doc-(?:noteref|biblioref)$/.test(doc.attr(candidate.node, 'role') ?? '')) return true;
  for (let at = candidate.node, level = 0; at > 0 && level <= MARK_WRAPPERS; at = doc.parent(at), level++) {
    if (doc.tag(at) === TAG.sup) return true;
    if (MARK_HINT.test(doc.classAndId(at)) || MARK_HINT.test(doc.attr(at, 'rel') ?? '')) return true;
    if (at === mark) break;
  }
  return false;
}

/**
 * The item of a list of notes around a target block (Nature: `<li><p id="ref-CR1">…</p><p>links…`):
 * the whole item is the note, its number and links with it.
 */
function listedItem(doc: Doc, block: number, listed: ReadonlySet<number>): number {
  if (block <= 0 || listed.has(block)) return block;
  for (let at = doc.parent(block), level = 0; at > 0 && level < 3; at = doc.parent(at), level++)
    if (listed.has(at)) return at;
  return block;
}

/** True when a link inside `block` points to one of the mark's ids. */
function linksBack(doc: Doc, ids: ReadonlySet<string>, block: number): boolean {
  const stop = doc.end(block);
  for (let at = block + 1; at < stop; at++) {
    tick('output');
    if (doc.tag(at) !== TAG.a) continue;
    const fragment = linkFragment(doc, at);
    if (fragment !== undefined && ids.has(fragment)) return true;
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
      if (doc.tag(at) === TAG.li || doc.attr(at, 'role') === 'listitem') {
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
