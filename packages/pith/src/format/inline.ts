import { withoutControls } from '../dom/index.js';
import { EMPHASIS, type InlineBuffer, LINK } from './blocks.js';
import {
  collapseWhitespace,
  leadingSpaceEnd,
  longestRun,
  trailingSpaceStart,
  withoutSoftHyphens,
} from './common.js';

/** The delimiter character of each kind (runs of one character are one delimiter run). */
const RUN_CHAR = ['*', '*', '~', '['];

interface InlineFrame {
  readonly kind: number;
  readonly open: string;
  readonly close: string;
  /** False for frames that add nothing (nested in a frame of the same kind). */
  readonly active: boolean;
  /** Its opener is in the current block's parts. */
  emitted: boolean;
  /** Dropped for this block because its delimiters could not flank its content. */
  dead: boolean;
  openIndex: number;
}

// ── character classes (CommonMark's, for delimiter flanking) ────────────────

const UNICODE_PUNCTUATION = /[\p{P}\p{S}]/u;
const UNICODE_SPACE = /\s/;
const UNICODE_WORD = /[\p{L}\p{N}]/u;

function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}
/** True for '' (start or end of a line) and whitespace. */
function isSpaceChar(char: string): boolean {
  return char === '' || char === ' ' || char === '\n' || UNICODE_SPACE.test(char);
}
function isPunctuationChar(char: string): boolean {
  if (char === '') return false;
  const code = char.charCodeAt(0);
  return code < 128 ? isAsciiPunctuation(code) : UNICODE_PUNCTUATION.test(char);
}
function isWordAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return UNICODE_WORD.test(text[index]);
}
function isSpaceAt(text: string, index: number): boolean {
  return index >= 0 && index < text.length && text.charCodeAt(index) === 32;
}

// ── escaping ─────────────────────────────────────────────────────────────────

/** The characters `escapeMarkdown` may escape (`|` whether or not in a cell). */
const MAY_ESCAPE = /[\\`[\]<~*_&|]/;

const ENTITY_LIKE = /&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[a-zA-Z][a-zA-Z0-9]{0,40});/y;

/**
 * Escapes the characters of a run of text that Markdown would otherwise read as
 * syntax: backslash, backtick, brackets, `<`, `~`, `*` (unless it stands alone
 * between spaces), `_` (unless inside a word, where CommonMark never reads it
 * as emphasis), `&` when it would start an entity, and `|` inside table cells.
 * Ordinary punctuation (`.`, `-`, `#`, `!`, `(`…) is left alone here; what only
 * matters at the start of a line is handled by `escapeLineStart`.
 */
export function escapeMarkdown(text: string, cell: boolean): string {
  // Most texts hold none of the characters read below: one regular-expression scan answers them
  // (the loop's `charCodeAt` over a sliced string was 15 % of the Markdown writer, issue 38).
  if (!MAY_ESCAPE.test(text)) return text;
  let out = '';
  let last = 0;
  let changed = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let needed = false;
    switch (code) {
      case 92: // \
      case 96: // `
      case 91: // [
      case 93: // ]
      case 60: // <
      case 126: // ~
        needed = true;
        break;
      case 42: // *
        needed = !(isSpaceAt(text, index - 1) && isSpaceAt(text, index + 1));
        break;
      case 95: // _
        needed = !(isWordAt(text, index - 1) && isWordAt(text, index + 1));
        break;
      case 38: // &
        ENTITY_LIKE.lastIndex = index;
        needed = ENTITY_LIKE.test(text);
        break;
      case 124: // |
        needed = cell;
        break;
    }
    if (needed) {
      out += `${text.slice(last, index)}\\`;
      last = index;
      changed = true;
    }
  }
  return changed ? out + text.slice(last) : text;
}

/**
 * Escapes what would start a block when it opens a line: ATX headings (`#`),
 * block quotes (`>`), bullets and thematic breaks or setext underlines (`-`,
 * `+`, `=`), and ordered list markers (`1.` / `1)`).
 */
export function escapeLineStart(text: string): string {
  const code = text.charCodeAt(0);
  if (code === 62) return `\\${text}`; // >
  if (code === 35) {
    let index = 1;
    while (index < text.length && text.charCodeAt(index) === 35) index++;
    return index <= 6 && (index === text.length || text.charCodeAt(index) === 32) ? `\\${text}` : text;
  }
  if (code === 45 || code === 43 || code === 61) {
    const next = text.charCodeAt(1);
    return Number.isNaN(next) || next === 32 || next === code ? `\\${text}` : text;
  }
  if (code >= 48 && code <= 57) {
    let index = 1;
    while (index < text.length && index < 10 && text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57)
      index++;
    const delimiter = text.charCodeAt(index);
    if (index <= 9 && (delimiter === 46 || delimiter === 41)) {
      const after = text.charCodeAt(index + 1);
      if (Number.isNaN(after) || after === 32) return `${text.slice(0, index)}\\${text.slice(index)}`;
    }
  }
  return text;
}

/** A code span for `code` (whitespace already collapsed): a backtick fence longer than any run inside. */
export function codeSpan(code: string, cell: boolean): string {
  const fence = '`'.repeat(longestRun(code, '`') + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  const body = cell ? code.replace(/\|/g, '\\|') : code;
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * A link destination that needs no angle brackets and reads back as the same URL: parentheses,
 * `<>`, backslash, backtick and `|` (for table cells) backslash-escaped, `&` too where it would
 * start an entity reference; spaces and controls (only in URLs left relative, or opaque ones like
 * `mailto:`), which no escape can hold, percent-encoded.
 */
export function linkDestination(url: string): string {
  const encoded = url.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being encoded.
    /[\u0000-\u0020\u007f]|[()<>\\`|]/g,
    (char) =>
      char.charCodeAt(0) <= 32 || char === '\u007f'
        ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
        : `\\${char}`,
  );
  return encoded.indexOf('&') < 0 ? encoded : escapeEntityAmpersands(encoded);
}

function escapeEntityAmpersands(text: string): string {
  let out = '';
  let last = 0;
  for (let index = text.indexOf('&'); index >= 0; index = text.indexOf('&', index + 1)) {
    ENTITY_LIKE.lastIndex = index;
    if (ENTITY_LIKE.test(text)) {
      out += `${text.slice(last, index)}\\`;
      last = index;
    }
  }
  return out + text.slice(last);
}

/** The pieces of an empty block. */
const NO_PIECES: readonly string[] = [];

/**
 * The inline content of a Markdown block being built: collapses whitespace across
 * text nodes, escapes text, opens formatting lazily (so `<b> x </b>` becomes
 * ` **x** `, and formatting with no content vanishes) and closes it at block
 * ends (reopening it in the next block). When the block ends, emphasis whose
 * delimiters CommonMark would not read as such (`**Note:**text`) is removed
 * rather than left as stray asterisks.
 */
export class MarkdownInline implements InlineBuffer {
  private parts: string[] = [];
  /**
   * For each part, the delimiter character when it is an emphasis delimiter, else ''. Kept from
   * block to block and written by index (only the current block's parts are read): one array
   * grown once a page, not one a block.
   */
  private readonly markers: string[] = [];
  /** Emphasis pairs written in this block: [open index, close index, kind]… */
  private pairs: number[] = [];
  private hasContent = false;
  private pendingSpace = false;
  private pendingBreak = false;
  private atLineStart = true;
  /**
   * Digits the line starts with, written in text parts of their own so far (React writes "1", "."
   * and " Counter" as three text nodes): the part after them may make them a list marker.
   */
  private lineStartDigits = 0;
  private lastWasImage = false;
  /** A list item's marker in a table cell, written before the item's first content (`linePrefix`). */
  private pendingPrefix = '';
  private readonly frames: InlineFrame[] = [];
  private readonly activeCount = [0, 0, 0, 0];
  /** The last part pushed was this closer (formatting of the same kind continues across it). */
  private lastCloser: { kind: number; index: number; openIndex: number } | undefined;
  /** The code span last written, to merge with one right after it. */
  private lastCode: { index: number; content: string } | undefined;
  /** Escape `|` (inside a Markdown table cell). */
  cell = false;

  /** A line break is waiting for more content. */
  get breakPending(): boolean {
    return this.pendingBreak;
  }

  text(raw: string): void {
    const text = withoutSoftHyphens(raw);
    const start = leadingSpaceEnd(text);
    if (start === text.length) {
      if (start > 0) this.space();
      return;
    }
    // The words between the edges' white space, collapsed alone (each edge is one space of the
    // collapsed text): an indented text node is not copied whole before it is sliced (s43-alloc).
    const stop = trailingSpaceStart(text);
    const core = collapseWhitespace(text.slice(start, stop));
    // Control characters go before the delimiter checks see the text (the output rule,
    // dom/characters.ts; formatExtraction applies the rest of it to the whole output). One taken
    // out next to a space moves the space to an edge: read such a text whole.
    if (withoutControls(core) !== core) this.textWithControls(text);
    else this.words(start > 0, core, stop < text.length);
  }

  private textWithControls(text: string): void {
    const collapsed = withoutControls(collapseWhitespace(text));
    if (collapsed === '') return;
    const leading = collapsed.charCodeAt(0) === 32;
    const trailing = collapsed.length > 1 && collapsed.charCodeAt(collapsed.length - 1) === 32;
    this.words(leading, collapsed.slice(leading ? 1 : 0, trailing ? -1 : undefined), trailing);
  }

  /** Collapsed words with a space before and after them or not. */
  private words(leading: boolean, core: string, trailing: boolean): void {
    if (leading) this.space();
    if (core !== '') {
      this.emit(escapeMarkdown(core, this.cell), true);
      this.lastWasImage = false;
    }
    if (trailing) this.space();
  }

  /** Whitespace between words (a collapsed run, or a block boundary inside a heading or cell). */
  space(): void {
    if (this.hasContent) this.pendingSpace = true;
  }

  /** A hard line break (`<br>`); dropped at the start and end of a block. */
  lineBreak(): void {
    if (this.hasContent) this.pendingBreak = true;
  }

  /** Markup put before the next content, on its line (a list item's marker in a table cell). */
  linePrefix(markup: string): void {
    this.pendingPrefix = markup;
  }

  /** Markup that is content of its own (an image). */
  image(markup: string): void {
    if (this.lastWasImage) this.space();
    this.emit(markup, false);
    this.lastWasImage = true;
  }

  raw(markup: string): void {
    this.emit(markup, false);
    this.lastWasImage = false;
  }

  /** Inline code (whitespace already collapsed, not empty). */
  code(raw: string): void {
    // Control characters out first (dom/characters.ts): a span of nothing else is no span.
    const content = withoutControls(raw);
    if (content === '') return;
    this.lastWasImage = false;
    const last = this.lastCode;
    if (
      last &&
      last.index === this.parts.length - 1 &&
      !this.pendingSpace &&
      !this.pendingBreak &&
      !this.hasPendingOpener()
    ) {
      // Two code spans in a row would read as one odd span: write them as one.
      last.content += content;
      this.parts[last.index] = codeSpan(last.content, this.cell);
      return;
    }
    this.emit(codeSpan(content, this.cell), false);
    this.lastCode = { index: this.parts.length - 1, content };
  }

  pushFrame(kind: number, open: string, close: string): void {
    const active = open !== '' && this.activeCount[kind] === 0;
    if (active) this.activeCount[kind]++;
    this.frames.push({ kind, open, close, active, emitted: false, dead: false, openIndex: -1 });
  }

  popFrame(): void {
    const frame = this.frames.pop();
    if (!frame?.active) return;
    this.activeCount[frame.kind]--;
    if (frame.emitted) this.closeFrame(frame);
  }

  /** Ends the block: closes open formatting and returns its Markdown, '' when empty. */
  flush(): string {
    return this.flushPieces().join('');
  }

  /** `flush`'s Markdown in pieces (none when the block is empty). */
  flushPieces(): readonly string[] {
    for (let index = this.frames.length - 1; index >= 0; index--) {
      const frame = this.frames[index];
      if (frame.active && frame.emitted) this.closeFrame(frame);
    }
    for (const frame of this.frames) frame.dead = false;
    if (this.pairs.length > 0) this.checkDelimiters();
    const out = this.hasContent ? this.parts : NO_PIECES;
    this.parts = [];
    this.pairs = [];
    this.hasContent = false;
    this.pendingSpace = false;
    this.pendingBreak = false;
    this.atLineStart = true;
    this.lineStartDigits = 0;
    this.lastWasImage = false;
    this.pendingPrefix = '';
    this.lastCloser = undefined;
    this.lastCode = undefined;
    return out;
  }

  private push(part: string, marker: string): void {
    this.markers[this.parts.push(part) - 1] = marker;
    this.lastCloser = undefined;
  }

  private hasPendingOpener(): boolean {
    for (const frame of this.frames) if (frame.active && !frame.emitted && !frame.dead) return true;
    return false;
  }

  private closeFrame(frame: InlineFrame): void {
    frame.emitted = false;
    if (frame.dead) return;
    if (frame.kind === LINK) {
      this.push(frame.close, '');
      return;
    }
    const index = this.parts.length;
    this.push(frame.close, RUN_CHAR[frame.kind]);
    this.pairs.push(frame.openIndex, index, frame.kind);
    this.lastCloser = { kind: frame.kind, index, openIndex: frame.openIndex };
  }

  private emit(content: string, isText: boolean): void {
    if (this.hasContent && this.pendingBreak) {
      // A GFM cell is one line: its line breaks are HTML's.
      this.push(this.cell ? '<br>' : '\\\n', '');
      this.atLineStart = true;
    } else if (this.hasContent && this.pendingSpace) {
      this.push(' ', '');
    }
    this.pendingBreak = false;
    this.pendingSpace = false;
    if (this.pendingPrefix !== '') {
      this.push(this.pendingPrefix, '');
      this.pendingPrefix = '';
      this.atLineStart = false;
    }
    if (this.hasPendingOpener()) this.openFrames();
    let digits = 0;
    if (isText && this.atLineStart) {
      content = escapeLineStart(content);
      const count = leadingDigits(content, 9);
      if (count === content.length) digits = count;
    } else if (isText && this.lineStartDigits > 0 && this.parts[this.parts.length - 1] !== ' ') {
      // The line so far is digits: "." or ")" after them (then a space or this part's end) is a marker.
      const more = leadingDigits(content, 9 - this.lineStartDigits);
      if (more === content.length) digits = this.lineStartDigits + more;
      else if (/^[.)](?: |$)/.test(content.slice(more)))
        content = `${content.slice(0, more)}\\${content.slice(more)}`;
    }
    this.lineStartDigits = digits;
    this.push(content, '');
    this.atLineStart = false;
    this.hasContent = true;
  }

  /** Writes the openers waiting for content, outermost first. */
  private openFrames(): void {
    const parts = this.parts;
    let adjacent = this.lastCloser;
    for (const frame of this.frames) {
      if (!frame.active || frame.emitted || frame.dead) continue;
      if (adjacent && frame.kind === adjacent.kind) {
        // The same formatting right after it ended: continue it instead of reopening.
        parts[adjacent.index] = '';
        this.markers[adjacent.index] = '';
        const pairs = this.pairs;
        for (let pair = pairs.length - 3; pair >= 0; pair -= 3) {
          if (pairs[pair + 1] === adjacent.index) pairs.splice(pair, 3);
        }
        frame.emitted = true;
        frame.openIndex = adjacent.openIndex;
        adjacent = undefined;
        continue;
      }
      if (frame.kind === LINK) {
        const previous = parts.length > 0 ? parts[parts.length - 1] : '';
        // "!" right before "[" would turn the link into an image.
        if (previous.endsWith('!')) parts[parts.length - 1] = `${previous.slice(0, -1)}\\!`;
        this.push(frame.open, '');
      } else if (adjacent && RUN_CHAR[adjacent.kind] === RUN_CHAR[frame.kind]) {
        // Right after a closer of the same character both would fuse into one
        // delimiter run that parsers may pair differently: drop this one.
        frame.dead = true;
        continue;
      } else {
        this.push(frame.open, RUN_CHAR[frame.kind]);
      }
      frame.emitted = true;
      frame.openIndex = parts.length - 1;
      adjacent = undefined;
    }
  }

  /**
   * Settles emphasis once the block is complete. An emphasis next to a strong
   * delimiter switches to `_` (so `**` and `*` never fuse into an ambiguous
   * `***` run). Then pairs whose delimiter runs CommonMark would not read as
   * such are removed: an opening run must be left-flanking and a closing run
   * right-flanking, judged on the characters around the whole run (with the
   * stricter rules for `_`). Removing a pair changes its neighbours'
   * surroundings, so this repeats until nothing changes (a few rounds; then
   * all emphasis of the block goes).
   */
  private checkDelimiters(): void {
    const { parts, markers, pairs } = this;
    this.indexLiveParts();
    for (let pair = 0; pair < pairs.length; pair += 3) {
      if (pairs[pair + 2] !== EMPHASIS) continue;
      const open = pairs[pair];
      const close = pairs[pair + 1];
      if (
        this.neighbourMarker(open, -1) === '*' ||
        this.neighbourMarker(open, 1) === '*' ||
        this.neighbourMarker(close, -1) === '*' ||
        this.neighbourMarker(close, 1) === '*'
      ) {
        parts[open] = '_';
        parts[close] = '_';
        markers[open] = '_';
        markers[close] = '_';
      }
    }
    for (let round = 0; round < 6; round++) {
      if (round > 0) this.indexLiveParts();
      let changed = false;
      for (let pair = 0; pair < pairs.length; pair += 3) {
        const open = pairs[pair];
        const close = pairs[pair + 1];
        if (parts[open] === '' || parts[close] === '') continue;
        const underscore = markers[open] === '_';
        const openBefore = this.runBefore(open);
        const openAfter = this.runAfter(open);
        const closeBefore = this.runBefore(close);
        const closeAfter = this.runAfter(close);
        const opens =
          leftFlanking(openBefore, openAfter) &&
          (!underscore || !rightFlanking(openBefore, openAfter) || isPunctuationChar(openBefore));
        const closes =
          rightFlanking(closeBefore, closeAfter) &&
          (!underscore || !leftFlanking(closeBefore, closeAfter) || isPunctuationChar(closeAfter));
        if (!opens || !closes) {
          parts[open] = '';
          parts[close] = '';
          changed = true;
        }
      }
      if (!changed) return;
    }
    for (let pair = 0; pair < pairs.length; pair += 3) {
      parts[pairs[pair]] = '';
      parts[pairs[pair + 1]] = '';
    }
  }

  /** Indices of the non-empty parts, and each one's place among them, so that neighbours are O(1). */
  private live: number[] = [];
  private position: Int32Array = new Int32Array(0);

  private indexLiveParts(): void {
    const parts = this.parts;
    const live: number[] = [];
    const position = new Int32Array(parts.length).fill(-1);
    for (let at = 0; at < parts.length; at++) {
      if (parts[at] !== '') {
        position[at] = live.length;
        live.push(at);
      }
    }
    this.live = live;
    this.position = position;
  }

  private neighbourMarker(at: number, step: number): string {
    const next = this.position[at] + step;
    return next >= 0 && next < this.live.length ? this.markers[this.live[next]] : '';
  }

  /** The character before the delimiter run that holds the part at `at` ('' at the line start). */
  private runBefore(at: number): string {
    const { live, markers } = this;
    const char = markers[at];
    let start = this.position[at];
    while (start > 0 && markers[live[start - 1]] === char) start--;
    return start > 0 ? lastCodePoint(this.parts[live[start - 1]]) : '';
  }

  /** The character after the delimiter run that holds the part at `at` ('' at the end). */
  private runAfter(at: number): string {
    const { live, markers } = this;
    const char = markers[at];
    let stop = this.position[at];
    while (stop < live.length - 1 && markers[live[stop + 1]] === char) stop++;
    return stop < live.length - 1 ? firstCodePoint(this.parts[live[stop + 1]]) : '';
  }
}

/** How many ASCII digits `text` starts with; 0 when more than `max`. */
function leadingDigits(text: string, max: number): number {
  let count = 0;
  while (count < text.length && text.charCodeAt(count) >= 48 && text.charCodeAt(count) <= 57) count++;
  return count <= max ? count : 0;
}

/** CommonMark: a delimiter run between `before` and `after` can open emphasis. */
function leftFlanking(before: string, after: string): boolean {
  return (
    !isSpaceChar(after) && (!isPunctuationChar(after) || isSpaceChar(before) || isPunctuationChar(before))
  );
}
/** CommonMark: a delimiter run between `before` and `after` can close emphasis. */
function rightFlanking(before: string, after: string): boolean {
  return (
    !isSpaceChar(before) && (!isPunctuationChar(before) || isSpaceChar(after) || isPunctuationChar(after))
  );
}

function lastCodePoint(text: string): string {
  const code = text.charCodeAt(text.length - 1);
  return code >= 0xdc00 && code <= 0xdfff && text.length > 1 ? text.slice(-2) : text.slice(-1);
}
function firstCodePoint(text: string): string {
  const code = text.charCodeAt(0);
  return code >= 0xd800 && code <= 0xdbff && text.length > 1 ? text.slice(0, 2) : text.slice(0, 1);
}
