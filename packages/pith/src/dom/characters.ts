import { checkDeadline } from './deadline.js';

/**
 * The one rule for control characters in pith's output (docs/decisions.md, "Control
 * characters"): every format (text, Markdown, HTML, JSON, XML) and the metadata carry only the
 * characters XML 1.0 allows, less DEL. U+0000 and the other C0 controls except tab, line feed
 * and carriage return, U+007F and the noncharacters U+FFFE and U+FFFF are removed (browsers drop
 * a NUL in page text; no reader sees the others; Postgres text columns reject NUL, XML all of
 * them); a lone surrogate becomes U+FFFD, as any UTF-8 encoder would make it. A U+FFFD in the
 * page (a `&#0;` reference, an undecodable byte) stays: it is a visible character.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
const HAS_UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;
const UNWANTED = new RegExp(HAS_UNWANTED.source, 'g');

interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** `text` without the characters the rule removes (lone surrogates left as they are). */
export function withoutControls(text: string): string {
  return HAS_UNWANTED.test(text) ? text.replace(UNWANTED, '') : text;
}

/** `text` by the output rule above (the same string, after one scan, when there is nothing to change). */
export function outputText(text: string): string {
  return mapStablePieces(text, outputPiece, 'output');
}

function outputPiece(text: string): string {
  const cleaned = withoutControls(text);
  // Native in Node 20 (ES2024), not yet in TypeScript's ES2022 library.
  const unicode = cleaned as unknown as WellFormed;
  return unicode.isWellFormed() ? cleaned : unicode.toWellFormed();
}

/**
 * `text` without the characters `isEdge` accepts at either end (by UTF-16 code unit). A scan: a
 * regular expression `/^[…]+|[…]+$/` is quadratic on a long run of such characters inside the text
 * (the tail alternative is tried from each position of the run; fuzz seed 201, page 3236: 40 s for
 * 228,000 spaces in an `href`).
 */
export function trimCodes(text: string, isEdge: (code: number) => boolean): string {
  let start = 0;
  let end = text.length;
  while (start < end && isEdge(text.charCodeAt(start))) start++;
  while (end > start && isEdge(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Texts longer than this are worked on in pieces of about this size (`eachPiece`). */
export const TEXT_PIECE = 1 << 16;

/**
 * Calls `visit` with consecutive pieces of `text` (all of it, in order) of about TEXT_PIECE
 * characters, checking the deadline of `stage` between them: a whole-string step (collapsing,
 * escaping, decoding) over a text of megabytes would otherwise run in one stretch without a check.
 * `nextCut(from, limit)` says where at or after `from` a piece may end: `text.length` when nowhere,
 * -1 when nowhere before `limit` (the search goes on in the next window, after a check, so a rule
 * that scans need not scan the whole rest at once); each caller's rule keeps the pieces coming out
 * as the whole would.
 */
export function eachPiece(
  text: string,
  nextCut: (from: number, limit: number) => number,
  visit: (piece: string) => void,
  stage: string,
): void {
  let start = 0;
  let from = TEXT_PIECE;
  while (from < text.length) {
    const limit = Math.min(text.length, from + TEXT_PIECE);
    const stop = nextCut(from, limit);
    if (stop >= text.length) break;
    if (stop >= from) {
      visit(text.slice(start, stop));
      start = stop;
      from = stop + TEXT_PIECE;
    } else from = limit;
    checkDeadline(stage);
  }
  visit(start === 0 ? text : text.slice(start));
}

/**
 * Whether nothing before this UTF-16 code unit composes with it or is reordered around it (NFC),
 * it is no second half of a surrogate pair and the control rule keeps it: printable ASCII, tab, line
 * feed and carriage return, CJK ideographs (U+3400–U+9FFF) and Hangul syllables. A text cut before
 * one normalises, and drops controls, piece by piece as the whole does (before a control that the
 * rule removes, a surrogate pair split around it would join in the whole but not in the pieces).
 */
function isStableStart(code: number): boolean {
  return (
    (code >= 0x20 && code < 0x7f) ||
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x3400 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7a3)
  );
}

/**
 * `transform` (one that works character by character, or that the cut rule keeps local) over `text`
 * in pieces cut by `nextCut` (`eachPiece`), joined; one call for a text of one piece.
 */
export function mapPieces(
  text: string,
  nextCut: (from: number, limit: number) => number,
  transform: (piece: string) => string,
  stage: string,
): string {
  if (text.length <= TEXT_PIECE) return transform(text);
  const out: string[] = [];
  eachPiece(text, nextCut, (piece) => out.push(flattened(transform(piece))), stage);
  return out.join('');
}

/**
 * `text`, flattened now (`Number()` flattens a string in V8; only the speed depends on it, not
 * the result). A transform returns a rope that whoever reads it next flattens in one go: a replace
 * with many matches (joining the pieces of 4.6 MB of one-letter words took 175–204 ms in one
 * stretch, 3 ms once each piece was flattened as made) and entities' decoders, which build their
 * result by `+=` (300 pieces of a 1.8-million-entity flood held 1.8 million cells: 450 ms of pieces
 * and 108 ms of join as ropes, 75 and 2 ms flattened).
 */
function flattened(text: string): string {
  Number(text);
  return text;
}

/** `transform` (NFC, the control rule) over `text` in pieces cut before a stable start (`isStableStart`). */
export function mapStablePieces(text: string, transform: (piece: string) => string, stage: string): string {
  const beforeStable = (from: number, limit: number) => {
    for (let at = from; at < limit; at++) if (isStableStart(text.charCodeAt(at))) return at;
    return -1;
  };
  return mapPieces(text, beforeStable, transform, stage);
}

/** A text's letters and digits (any script), lower-cased: the loose form texts are compared in. */
export function lettersKey(text: string): string {
  return text.toLowerCase().replace(NOT_LETTER_OR_DIGIT, '');
}
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * Per UTF-16 unit outside the surrogates: 0 not yet known, 1 when it is a letter or digit
 * (`[\p{L}\p{N}]`), 2 when not. Filled on first sight of each unit.
 */
const WORD_UNIT = new Uint8Array(65536);
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/** Whether a UTF-16 unit that is not a surrogate is a letter or digit (`[\p{L}\p{N}]`); a lone surrogate is not. */
export function isWordUnit(code: number): boolean {
  let known = WORD_UNIT[code];
  if (known === 0) {
    known = WORD_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
    WORD_UNIT[code] = known;
  }
  return known === 1;
}

/**
 * How many runs of letters and digits a text holds: `text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0`
 * without the array of the runs (a string each). Read by code point, as the `u` flag reads.
 */
export function wordRunCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let word: boolean;
    if (code < 0x80)
      word =
        (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        // An astral letter or digit (rare: tested as it comes).
        word = WORD_CHARACTER.test(text.slice(index, index + 2));
        index++;
      } else word = false;
    } else word = isWordUnit(code);
    if (word && !inWord) count++;
    inWord = word;
  }
  return count;
}
