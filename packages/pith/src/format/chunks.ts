/**
 * Chunks for retrieval (issue 41): pith's Markdown cut into pieces of at most `maxTokens` that
 * follow the heading tree. Each heading starts a chunk (a heading with nothing before its first
 * sub-heading goes along with it), a long section is cut between its blocks, and each chunk
 * carries its heading path, its place in the Markdown and its size.
 *
 * The cut never falls inside a code block, a formula, a table row, a list item, a quote or a
 * footnote; a table cut between rows repeats its header rows. Only an element that alone is over
 * the cap is cut inside (code and formulas between lines, each piece fenced again; others between
 * lines, then sentences, then words), and the chunks it becomes say so (`split`).
 *
 * Pure, for every runtime: the Markdown is read as pith's writer writes it (blocks apart by blank
 * lines, list items and table rows line by line, containers indented), and sizes are counted by a
 * `TokenCounter` the caller passes (pith/tokens has one of a real tokenizer), else estimated from
 * characters.
 */

import { isJsSpaceCode, withoutTrailing } from '../dom/index.js';
import { PithError } from '../errors.js';
import { estimateTokens } from './token-estimate.js';

/** Counts the tokens of a text. */
export interface TokenCounter {
  /** What is counted (`cl100k_base`, `characters/4`), recorded in every chunk. */
  readonly name: string;
  count(text: string): number;
  /**
   * The count of a text is the sum of its parts' counts when it is cut where a non-space
   * character meets a space or tab, or after a line break before a non-space character: true of
   * a tokenizer whose pre-tokenizer never joins across those places (cl100k_base's). The chunker
   * then counts each part once and reuses it (`cachedCounter`); counts stay exact.
   */
  readonly additive?: boolean;
  /**
   * Set on an estimate of a tokenizer's count: how far over the cap (a fraction of the cap) a
   * chunk packed by the estimate may be when counted by the tokenizer itself. The chunker packs
   * to `maxTokens / (1 + margin)`, so that the real count stays under the cap.
   */
  readonly margin?: number;
}

/**
 * The counters a caller can name: a real tokenizer's (`cl100k_base`), the estimate of its count
 * (`estimate`, no tokenizer loaded, ~1 % of extract()'s time against ~9–26 %), or a token per
 * four characters (`characters`).
 */
export type TokenizerName = 'cl100k_base' | 'estimate' | 'characters';

/**
 * The counter of a name. `cl100k_base` (OpenAI's embedding models and GPT-4) is gpt-tokenizer's,
 * pure JavaScript for every runtime, imported only when first asked for (its ranks are 1.2 MB of
 * JavaScript and ~18 MB of heap: a bundler puts it in a chunk of its own); docs/decisions.md, "Chunks".
 * gpt-tokenizer is the library's one optional peer dependency (30 of the 32 MB an install of pith
 * took with it): without it, asking for `cl100k_base` is a BAD_OPTION that says what to install.
 */
export async function loadTokenCounter(name: TokenizerName): Promise<TokenCounter> {
  if (name === 'characters') return CHARACTER_ESTIMATE;
  if (name === 'estimate') return TOKEN_ESTIMATE;
  cl100k ??= cl100kCounter(() => import('gpt-tokenizer/encoding/cl100k_base'));
  return cl100k;
}

/** cl100k_base's counter from gpt-tokenizer's module, or a clear error when it is not installed. */
export function cl100kCounter(
  importModule: () => Promise<{ countTokens: (text: string, options: typeof AS_TEXT) => number }>,
): Promise<TokenCounter> {
  return importModule().then(
    ({ countTokens }) =>
      Object.freeze({
        name: 'cl100k_base',
        count: (text: string) => countTokens(text, AS_TEXT),
        additive: true,
      }),
    (cause: unknown) => {
      throw new PithError(
        'BAD_OPTION',
        "tokenizer 'cl100k_base' needs the package gpt-tokenizer, an optional peer dependency of pith: " +
          "install it (npm install gpt-tokenizer@4), or count with tokenizer 'characters'",
        { cause },
      );
    },
  );
}

let cl100k: Promise<TokenCounter> | undefined;
/** Text is counted as text: a page that writes `<|endoftext|>` is no special token (and no error). */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** The fallback: a token per four characters, rounded up (English prose averages ~4 characters a token). */
export const CHARACTER_ESTIMATE: TokenCounter = Object.freeze({
  name: 'characters/4',
  count: (text: string) => Math.ceil(text.length / 4),
});

/**
 * The default counter: cl100k_base's count estimated from the text's words, digits, punctuation
 * and scripts (format/token-estimate.ts, fitted on WCXB dev and half of trafilatura's pages).
 * On held-out pages' chunks it is off by 4.5–9.6 % on average (by set) and at worst counts half
 * the real tokens (a chunk of long URLs or identifiers); packed 15 % under the cap, 1.5 % of
 * held-out chunks were still over it counted exactly, by at most a third (docs/decisions.md,
 * "Chunks: the estimate"). For a cap that always holds, count with `cl100k_base`.
 */
export const TOKEN_ESTIMATE: TokenCounter = Object.freeze({
  name: 'cl100k_base-estimate',
  count: (text: string) => estimateTokens(text),
  margin: 0.15,
});

/** The least length of a part before an optional cut (a cut falls only where the count adds up). */
const PART = 48;

/**
 * A counter that counts each text (an additive counter: each part of a text) once per chunking.
 * Packing asks for the same text many times (a block alone, then in its chunk, a chunk's check,
 * then its record; a long paragraph's growing prefix while it is cut): counted once, the
 * tokenizer's share of the work is one pass over the Markdown (bench/format/chunk-cost.ts).
 * Parts of an additive count: cut after a line break before a non-space character (always), and
 * where a non-space character meets a space or tab once a part is PART long and at the last such
 * place of a line; cl100k_base's
 * pre-tokenizer ends a piece at both (test/format/chunks.test.ts checks the sums on random text,
 * with `part` 1: every cut).
 */
export function cachedCounter(counter: TokenCounter, part = PART): TokenCounter {
  // The estimates cost less than a lookup.
  if (counter === CHARACTER_ESTIMATE || counter === TOKEN_ESTIMATE) return counter;
  const cache = new Map<string, number>();
  const once = (text: string): number => {
    let count = cache.get(text);
    if (count === undefined) {
      count = counter.count(text);
      cache.set(text, count);
    }
    return count;
  };
  if (counter.additive !== true) return { name: counter.name, count: once };
  const count = (text: string): number => {
    let total = 0;
    let from = 0;
    // The last place a part may end, kept for the end of the line: a line's last word is a part
    // of its own, so the line counted again with the break after it costs that word alone.
    let last = 0;
    const cut = (at: number) => {
      total += once(text.slice(from, at));
      from = at;
    };
    for (let at = 1; at < text.length; at++) {
      const code = text.charCodeAt(at);
      const before = text.charCodeAt(at - 1);
      if (before === 10) {
        if (!isJsSpaceCode(code)) cut(at);
      } else if (code === 10 || code === 13) {
        if (last > from) cut(last);
      } else if (isJsSpaceCode(code) && !isJsSpaceCode(before)) {
        if (at - from >= part) cut(at);
        else last = at;
      }
    }
    if (last > from) cut(last);
    return total + once(from === 0 ? text : text.slice(from));
  };
  return { name: counter.name, count, additive: true };
}

export interface ChunkOptions {
  /** The cap of a chunk's size in tokens (default 512). */
  maxTokens?: number;
  /**
   * Tokens of the chunk before repeated at the start of the next one of the same section
   * (default 0): whole blocks from its end, or a paragraph's last sentences; never part of a
   * code block, table, formula, list item or quote. At most half of `maxTokens`.
   */
  overlap?: number;
  /** How tokens are counted (default `TOKEN_ESTIMATE`, cl100k_base's count estimated). */
  tokens?: TokenCounter;
}

/** What a chunk's blocks are made of (the kind of the element a `split` chunk was cut out of). */
export type ChunkBlockKind =
  | 'heading'
  | 'paragraph'
  | 'code'
  | 'formula'
  | 'table'
  | 'table row'
  | 'list item'
  | 'quote'
  | 'footnote'
  | 'rule';

export interface Chunk {
  /** Position among the page's chunks, from 0. */
  index: number;
  /** The chunk's Markdown. */
  text: string;
  /** The headings it sits under, outermost first, as written (without `#`); [] before the first heading and for footnotes. */
  headings: string[];
  /** The part of the page's Markdown it covers: `markdown.slice(start, end)`, overlap included. */
  start: number;
  end: number;
  /** Its size in the counter's tokens, and in characters. */
  tokens: number;
  chars: number;
  /** Characters at the start of `text` that repeat the chunk before (`overlap`); 0 for none. */
  overlapChars: number;
  /**
   * Set when the chunk is a piece of one element cut because alone it is over the cap: the
   * element's kind. Its pieces are fenced again (code, formulas) or carry the table's header.
   */
  split?: ChunkBlockKind;
}

/** A block of the Markdown that is never cut unless alone over the cap. */
interface Atom {
  kind: ChunkBlockKind;
  start: number;
  end: number;
  text: string;
  tokens: number;
  /** Headings: the level and the text. */
  level?: number;
  heading?: string;
  /** Table rows: the header lines of their table (repeated when a chunk starts inside it). */
  header?: Atom;
  /** A table row: whether a chunk that starts at it repeats the table's header (when both fit under the cap). */
  repeat?: boolean;
  /** A piece of an element cut because it was over the cap. */
  split?: ChunkBlockKind;
  /** A list item right under the line before (no blank line): written back the same way. */
  tight?: boolean;
}

const DEFAULT_MAX_TOKENS = 512;
/**
 * Read on the line without its trailing spaces and tabs (`headingOf`), the run after the `#`s taken
 * whole (a look-ahead and its back-reference: an atomic group): `(.*?)[ \t]*$`, and `[ \t]+(.*)` on
 * a line with a `\r` in it, retried every split of a long run of blanks.
 */
const HEADING = /^(#{1,6})(?:(?=([ \t]+))\2(.*))?$/;
function headingOf(line: string): RegExpExecArray | null {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 0x20 || line.charCodeAt(end - 1) === 0x09)) end--;
  return HEADING.exec(end === line.length ? line : line.slice(0, end));
}
const FENCE = /^(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const FOOTNOTE = /^\[\^[^\]\s]+\]:/;
const RULE = /^(?:-{3,}|_{3,}|\*{3,})\s*$/;
const TABLE_DELIMITER = /^\|(?:\s*:?-+:?\s*\|)+\s*$/;

interface Line {
  text: string;
  start: number;
  /** Offset after the line's text (before its line break). */
  end: number;
}

function linesOf(markdown: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= markdown.length) {
    let stop = markdown.indexOf('\n', start);
    if (stop < 0) stop = markdown.length;
    lines.push({ text: markdown.slice(start, stop), start, end: stop });
    start = stop + 1;
  }
  return lines;
}

const isBlank = (line: string) => line.trim() === '';
const isIndented = (line: string) => line.startsWith(' ') || line.startsWith('\t');

/** A line that closes a fence opened by `mark`: the same character, at least as many, nothing after. */
function closesFence(line: string, mark: string): boolean {
  let count = 0;
  while (count < line.length && line[count] === mark[0]) count++;
  return count >= mark.length && line.slice(count).trim() === '';
}

/** Where an indented container (a list item, a footnote) that starts at line `from` ends (exclusive). */
function containerEnd(lines: Line[], from: number): number {
  let at = from + 1;
  let last = from;
  while (at < lines.length) {
    const text = lines[at].text;
    if (isBlank(text)) {
      at++;
      continue;
    }
    if (!isIndented(text)) break;
    last = at;
    at++;
  }
  return last + 1;
}

/** The blocks of a Markdown document as pith writes it, in order (headings, tables' rows, …). */
function blocksOf(markdown: string, counter: TokenCounter): Atom[] {
  const lines = linesOf(markdown);
  const atoms: Atom[] = [];
  const atom = (kind: ChunkBlockKind, first: number, last: number, extra?: Partial<Atom>): Atom => {
    const start = lines[first].start;
    const end = lines[last].end;
    const text = markdown.slice(start, end);
    const made: Atom = { kind, start, end, text, tokens: counter.count(text), ...extra };
    return made;
  };
  let at = 0;
  while (at < lines.length) {
    const text = lines[at].text;
    if (isBlank(text)) {
      at++;
      continue;
    }
    const fence = FENCE.exec(text);
    if (fence) {
      const mark = fence[1];
      let stop = at + 1;
      while (stop < lines.length && !closesFence(lines[stop].text, mark)) stop++;
      const last = Math.min(stop, lines.length - 1);
      atoms.push(atom('code', at, last));
      at = last + 1;
      continue;
    }
    if (text === '$$') {
      let stop = at + 1;
      while (stop < lines.length && lines[stop].text !== '$$') stop++;
      const last = Math.min(stop, lines.length - 1);
      atoms.push(atom('formula', at, last));
      at = last + 1;
      continue;
    }
    const heading = headingOf(text);
    if (heading) {
      atoms.push(atom('heading', at, at, { level: heading[1].length, heading: heading[3] ?? '' }));
      at++;
      continue;
    }
    if (text.startsWith('|')) {
      let stop = at;
      while (stop + 1 < lines.length && lines[stop + 1].text.startsWith('|')) stop++;
      let first = at;
      let header: Atom | undefined;
      if (stop > at && TABLE_DELIMITER.test(lines[at + 1].text)) {
        header = atom('table', at, at + 1);
        first = at + 2;
        atoms.push(header);
      }
      for (let row = first; row <= stop; row++)
        atoms.push(atom('table row', row, row, header ? { header } : undefined));
      at = stop + 1;
      continue;
    }
    if (LIST_ITEM.test(text) || FOOTNOTE.test(text)) {
      const stop = containerEnd(lines, at);
      const tight = at > 0 && !isBlank(lines[at - 1].text);
      atoms.push(atom(LIST_ITEM.test(text) ? 'list item' : 'footnote', at, stop - 1, { tight }));
      at = stop;
      continue;
    }
    if (text.startsWith('>')) {
      let stop = at;
      while (stop + 1 < lines.length && lines[stop + 1].text.startsWith('>')) stop++;
      atoms.push(atom('quote', at, stop));
      at = stop + 1;
      continue;
    }
    if (RULE.test(text)) {
      atoms.push(atom('rule', at, at));
      at++;
      continue;
    }
    let stop = at;
    while (stop + 1 < lines.length && !isBlank(lines[stop + 1].text)) stop++;
    atoms.push(atom('paragraph', at, stop));
    at = stop + 1;
  }
  return atoms;
}

// ── cutting one element that is over the cap ─────────────────────────────────

/**
 * Inline formulas and code spans: a cut between sentences or words never falls inside one. A code
 * span opens at the start of a backtick run only (CommonMark: a run is one opener), which also keeps
 * a long run from being retried at each of its backticks.
 */
const INLINE_WHOLE = /(?<!\\)\$(?!\s)[^$\n]+?(?<![\s\\])\$|(?<!`)(`+)[^`][\s\S]*?\1/g;

/** A text's pieces at `boundary` (each piece keeps what follows it up to the next boundary). */
function piecesAt(text: string, boundary: RegExp): string[] {
  const pieces: string[] = [];
  const wholes: [number, number][] = [];
  INLINE_WHOLE.lastIndex = 0;
  for (let match = INLINE_WHOLE.exec(text); match !== null; match = INLINE_WHOLE.exec(text))
    wholes.push([match.index, match.index + match[0].length]);
  let whole = 0;
  let from = 0;
  boundary.lastIndex = 0;
  for (let match = boundary.exec(text); match !== null; match = boundary.exec(text)) {
    const stop = match.index + match[0].length;
    if (stop <= from) {
      boundary.lastIndex++;
      continue;
    }
    while (whole < wholes.length && wholes[whole][1] <= match.index) whole++;
    if (whole < wholes.length && wholes[whole][0] < match.index) continue;
    pieces.push(text.slice(from, stop));
    from = stop;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}

/** From the first mark of a run only: the same matches, but a run with no space after it is tried once, not at each mark. */
const SENTENCE_END = /(?<![.!?。！？])[.!?。！？]+["'”’)\]]*\s+/gu;
const WORD_END = /\s+/g;

/** Cuts a text into pieces of at most `max` tokens: at line breaks, then sentences, words, characters. */
function cutText(
  text: string,
  max: number,
  counter: TokenCounter,
  levels = [/\n/g, SENTENCE_END, WORD_END],
): string[] {
  if (counter.count(text) <= max) return [text];
  const [boundary, ...rest] = levels;
  const pieces = boundary ? piecesAt(text, boundary) : hardPieces(text, max, counter);
  if (boundary && pieces.length <= 1) return cutText(text, max, counter, rest);
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const piece of pieces) {
    const own = counter.count(piece);
    let joined = own;
    if (current !== '') {
      // A line added after a line break adds its count (an additive counter's rule), and an
      // estimate's pieces (cut after whitespace) sum to at least the estimate of their text: no
      // recount of the growing text at each piece.
      joined =
        counter.margin !== undefined ||
        (counter.additive === true && current.endsWith('\n') && !isJsSpaceCode(piece.charCodeAt(0)))
          ? size + own
          : counter.count(current + piece);
      if (joined > max) {
        out.push(current);
        current = '';
        joined = own;
      }
    }
    if (own > max) {
      for (const part of cutText(piece, max, counter, rest)) out.push(part);
      continue;
    }
    current += piece;
    size = joined;
  }
  if (current !== '') out.push(current);
  return out;
}

/** The last resort: pieces of characters (whole code points) of at most `max` tokens. */
function hardPieces(text: string, max: number, counter: TokenCounter): string[] {
  const out: string[] = [];
  const points = Array.from(text);
  let from = 0;
  while (from < points.length) {
    // The longest run that fits, by halving (a token is at least one character here).
    let length = Math.min(points.length - from, Math.max(1, max * 4));
    while (length > 1 && counter.count(points.slice(from, from + length).join('')) > max)
      length = Math.max(1, length >> 1);
    out.push(points.slice(from, from + length).join(''));
    from += length;
  }
  return out;
}

/** The pieces of a fenced block (code, formula) over the cap: its lines in runs, each fenced again. */
function cutFenced(atom: Atom, max: number, counter: TokenCounter): string[] {
  const lines = atom.text.split('\n');
  const open = lines[0];
  const close = atom.kind === 'formula' ? '$$' : (FENCE.exec(open)?.[1] ?? '```');
  const closed =
    lines.length > 1 &&
    (atom.kind === 'formula'
      ? lines[lines.length - 1] === '$$'
      : closesFence(lines[lines.length - 1], close));
  const body = lines.slice(1, closed ? -1 : undefined).join('\n');
  const room = Math.max(1, max - counter.count(`${open}\n\n${close}`));
  return cutText(body, room, counter, [/\n/g, WORD_END]).map(
    (piece) => `${open}\n${piece.replace(/\n$/, '')}\n${close}`,
  );
}

/** An atom over the cap as pieces of at most `max` tokens (a table row keeps its table's header). */
function cutAtom(atom: Atom, max: number, counter: TokenCounter): Atom[] {
  let texts: string[];
  if (atom.kind === 'code' || atom.kind === 'formula') texts = cutFenced(atom, max, counter);
  else texts = cutText(atom.text, max, counter).map((piece) => withoutTrailing(piece, 0x0a));
  // An inline formula or code span alone over the cap was cut too: the pieces say so.
  let split = atom.kind;
  INLINE_WHOLE.lastIndex = 0;
  for (let match = INLINE_WHOLE.exec(atom.text); match !== null; match = INLINE_WHOLE.exec(atom.text)) {
    const whole = match[0];
    if (!texts.some((text) => text.includes(whole))) {
      split = whole.startsWith('$') ? 'formula' : 'code';
      break;
    }
  }
  return texts
    .filter((text) => text.trim() !== '')
    .map((text) => ({
      kind: atom.kind,
      start: atom.start,
      end: atom.end,
      text,
      tokens: counter.count(text),
      split,
      ...(atom.header ? { header: atom.header } : {}),
    }));
}

// ── packing blocks into chunks ────────────────────────────────────────────────

interface Draft {
  atoms: Atom[];
  headings: string[];
  /** Atoms at the start repeated from the chunk before. */
  overlap: number;
  /** The overlap when it is a paragraph's last sentences rather than whole atoms: their text and offset. */
  overlapText?: string;
  overlapStart?: number;
}

const SEPARATOR = '\n\n';

/** A table row whose header is not in the draft yet (a chunk that starts inside a table repeats it). */
function needsHeader(draft: Draft, atom: Atom): boolean {
  const header = atom.header;
  if (atom.kind !== 'table row' || header === undefined || atom.repeat === false) return false;
  return !draft.atoms.some((other) => other === header || other.header === header);
}

/** The Markdown of a draft: blocks apart by blank lines, rows and a tight list's items line by line. */
function draftText(draft: Draft): string {
  const parts: string[] = [];
  if (draft.overlapText !== undefined) parts.push(draft.overlapText);
  let previous: Atom | undefined;
  const seen: Draft = { atoms: [], headings: [], overlap: 0 };
  for (const atom of draft.atoms) {
    const whole = atom.split === undefined && previous?.split === undefined;
    const inTable =
      atom.kind === 'table row' &&
      previous !== undefined &&
      (previous === atom.header || previous.header === atom.header);
    // Items of a loose list stay apart by a blank line, as written: a chunk is its range's text.
    const inList = atom.kind === 'list item' && previous?.kind === 'list item' && atom.tight === true;
    if (previous !== undefined && whole && (inTable || inList)) parts[parts.length - 1] += `\n${atom.text}`;
    else if (needsHeader(seen, atom)) parts.push(`${(atom.header as Atom).text}\n${atom.text}`);
    else parts.push(atom.text);
    seen.atoms.push(atom);
    previous = atom;
  }
  return parts.join(SEPARATOR);
}

/** Packs blocks into drafts of at most `max` tokens along the heading tree. */
class Packer {
  readonly drafts: Draft[] = [];
  private readonly path: { level: number; text: string }[] = [];
  private draft: Draft = { atoms: [], headings: [], overlap: 0 };
  private size = 0;
  private readonly separator: number;

  constructor(
    private readonly max: number,
    private readonly overlap: number,
    private readonly counter: TokenCounter,
  ) {
    this.separator = counter.count(SEPARATOR);
  }

  private headings(): string[] {
    return this.path.map((heading) => heading.text);
  }

  /** Ends the draft (kept when it has blocks of its own) and starts one under the current headings. */
  private flush(carried: Atom[] = [], overlapText?: { text: string; start: number }): void {
    if (this.draft.atoms.length > this.draft.overlap) this.drafts.push(this.draft);
    this.draft = { atoms: [], headings: this.headings(), overlap: 0 };
    this.size = 0;
    if (overlapText) {
      this.draft.overlapText = overlapText.text;
      this.draft.overlapStart = overlapText.start;
      this.size = this.counter.count(overlapText.text);
    }
    for (const atom of carried) this.push(atom);
    this.draft.overlap = carried.length;
  }

  private cost(atom: Atom): number {
    const draft = this.draft;
    const apart = draft.atoms.length > 0 || draft.overlapText !== undefined ? this.separator : 0;
    return atom.tokens + apart + (needsHeader(draft, atom) ? (atom.header as Atom).tokens + 1 : 0);
  }

  private push(atom: Atom): void {
    this.size += this.cost(atom);
    this.draft.atoms.push(atom);
  }

  /** Takes the draft's last atom back (a table's header that would end a chunk without a row). */
  private pop(): Atom {
    const atom = this.draft.atoms.pop() as Atom;
    const atoms = this.draft.atoms;
    this.draft.atoms = [];
    this.size = this.draft.overlapText === undefined ? 0 : this.counter.count(this.draft.overlapText);
    for (const kept of atoms) this.push(kept);
    return atom;
  }

  /** The end of the draft to repeat at the start of the next: whole blocks, or a paragraph's last sentences. */
  private carried(): { atoms: Atom[]; text?: { text: string; start: number } } {
    if (this.overlap === 0) return { atoms: [] };
    const draft = this.draft;
    const atoms: Atom[] = [];
    let total = 0;
    for (let index = draft.atoms.length - 1; index >= draft.overlap; index--) {
      const atom = draft.atoms[index];
      if (atom.kind === 'heading' || atom.kind === 'table row' || atom.split !== undefined) break;
      const cost = atom.tokens + (atoms.length > 0 ? this.separator : 0);
      if (total + cost <= this.overlap) {
        atoms.unshift(atom);
        total += cost;
        continue;
      }
      if (atoms.length === 0 && atom.kind === 'paragraph') {
        const sentences = piecesAt(atom.text, SENTENCE_END);
        let text = '';
        for (let at = sentences.length - 1; at > 0; at--) {
          const longer = sentences[at] + text;
          if (this.counter.count(longer) > this.overlap) break;
          text = longer;
        }
        if (text.trim() !== '') return { atoms: [], text: { text, start: atom.end - text.length } };
      }
      break;
    }
    return { atoms };
  }

  heading(atom: Atom): void {
    const level = atom.level ?? 1;
    // A heading right after a heading (nothing between) stays with it: one chunk for both.
    const draft = this.draft;
    const onlyHeadings = draft.atoms.length > 0 && draft.atoms.every((other) => other.kind === 'heading');
    while (this.path.length > 0 && this.path[this.path.length - 1].level >= level) this.path.pop();
    this.path.push({ level, text: atom.heading ?? '' });
    if (onlyHeadings) draft.headings = this.headings();
    else this.flush();
    this.add(atom);
  }

  /** The notes at the end of the body belong to no section. */
  notes(): void {
    if (this.path.length === 0) return;
    this.path.length = 0;
    this.flush();
  }

  add(atom: Atom): void {
    const max = this.max;
    const tableHeader = atom.kind === 'table row' ? atom.header : undefined;
    if (tableHeader)
      atom.repeat = tableHeader.tokens + atom.tokens + 1 <= max || tableHeader.tokens + 1 <= max / 2;
    const header = tableHeader && atom.repeat ? tableHeader.tokens + 1 : 0;
    if (atom.tokens + header > max) {
      // Alone over the cap: its pieces, each a chunk.
      this.flush();
      for (const piece of cutAtom(atom, max - header, this.counter)) {
        this.push(piece);
        this.flush();
      }
      return;
    }
    if (this.size + this.cost(atom) > max) {
      // A table's header goes along with its first row.
      const draft = this.draft;
      const header =
        atom.kind === 'table row' && draft.atoms.length > draft.overlap && draft.atoms.at(-1) === atom.header
          ? this.pop()
          : undefined;
      if (this.draft.atoms.length > this.draft.overlap) {
        const carried = this.carried();
        this.flush(carried.atoms, carried.text);
      }
      // No room beside the overlap: the block starts a chunk of its own.
      if (this.size + this.cost(atom) + (header ? header.tokens : 0) > max) this.flush();
      if (header) this.push(header);
    }
    this.push(atom);
  }

  finish(): Draft[] {
    this.flush();
    // The blocks' counts are what was packed; a tokenizer may count the joined text a little
    // higher (merges across a separator): such a chunk gives its last blocks to a chunk of their own.
    const out: Draft[] = [];
    const queue = [...this.drafts];
    while (queue.length > 0) {
      const draft = queue.shift() as Draft;
      const moved: Atom[] = [];
      while (draft.atoms.length > draft.overlap + 1 && this.counter.count(draftText(draft)) > this.max)
        moved.unshift(draft.atoms.pop() as Atom);
      out.push(draft);
      if (moved.length > 0) queue.unshift({ atoms: moved, headings: draft.headings, overlap: 0 });
    }
    return out;
  }
}

/**
 * The chunks of pith's Markdown (`markdown`: a result's `content` in the Markdown format), in order.
 * An empty document has none.
 */
export function chunkMarkdown(markdown: string, options: ChunkOptions = {}): Chunk[] {
  const tokens = options.tokens ?? TOKEN_ESTIMATE;
  const counter = cachedCounter(tokens);
  // An estimate packs under the cap by its margin, so that the real count stays under the cap.
  const cap = Math.max(1, Math.floor(options.maxTokens ?? DEFAULT_MAX_TOKENS));
  const max = Math.max(1, Math.floor(cap / (1 + (tokens.margin ?? 0))));
  const overlap = Math.max(0, Math.min(Math.floor(options.overlap ?? 0), Math.floor(max / 2)));
  const packer = new Packer(max, overlap, counter);
  for (const atom of blocksOf(markdown, counter)) {
    if (atom.kind === 'heading') packer.heading(atom);
    else {
      if (atom.kind === 'footnote') packer.notes();
      packer.add(atom);
    }
  }
  return packer.finish().map((draft, index) => {
    const text = draftText(draft);
    const own = draft.atoms.slice(draft.overlap);
    const start = draft.overlapStart ?? draft.atoms[0]?.start ?? 0;
    const end = own.length > 0 ? own[own.length - 1].end : start;
    const repeated: Draft = { atoms: draft.atoms.slice(0, draft.overlap), headings: [], overlap: 0 };
    if (draft.overlapText !== undefined) repeated.overlapText = draft.overlapText;
    const overlapChars =
      draft.overlap > 0 || draft.overlapText !== undefined
        ? draftText(repeated).length + SEPARATOR.length
        : 0;
    const split = own.find((atom) => atom.split !== undefined)?.split;
    return {
      index,
      text,
      headings: draft.headings,
      start,
      end,
      tokens: counter.count(text),
      chars: text.length,
      overlapChars,
      ...(split !== undefined ? { split } : {}),
    };
  });
}
