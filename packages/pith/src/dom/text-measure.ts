import { TEXT_PIECE } from './characters.js';
import { checkDeadline } from './deadline.js';
/** Whitespace as HTML rendering collapses it, plus the no-break and typographic spaces. */
export function isSpaceCode(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 160 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** White space as JavaScript's `\s` has it: {@link isSpaceCode} less U+200B, plus U+1680. */
export function isJsSpaceCode(code: number): boolean {
  return code === 0x1680 || (code !== 0x200b && isSpaceCode(code));
}

/**
 * `text` without the run of `code` at its end. A loop, not `/,+$/` and kin: a pattern anchored at the
 * end still tries every start of a run in the middle (`a,,,,…,x,`: the square of the run).
 */
export function withoutTrailing(text: string, code: number): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === code) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * Han ideographs, kana and their fullwidth forms: scripts written without spaces,
 * where one character is the closest thing to a word.
 */
export function isCjkCode(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff66 && code <= 0xff9f)
  );
}

export interface TextMeasure {
  /** Length after trimming and collapsing each whitespace run to one space. */
  length: number;
  /** Runs of non-space characters, each CJK character counted as its own word. */
  words: number;
}

/** Measures a piece of text in one pass, without allocating strings. */
export function measureText(text: string): TextMeasure {
  const measured = { length: 0, words: 0 };
  measureTextRange(text, 0, text.length, measured);
  return measured;
}

/**
 * `measureText(text.slice(start, end))` without the slice. The parser measures every visible
 * text node of a page in its source string: one flat string read throughout, where texts
 * sliced from it would each be a string of their own representation (a measured 5× slower to
 * read character by character). ASCII takes a shortcut: no ASCII character is CJK, and its
 * only spaces are 32 and 9–13. The result goes into `into`: one object for all the text nodes of
 * a page, not one per node (the function is too large to be inlined, so a returned object was
 * allocated for each: 2.5 % of the bytes a page allocates).
 */
export function measureTextRange(text: string, start: number, end: number, into: TextMeasure): void {
  let length = 0;
  let words = 0;
  let inWord = false;
  let pendingSpace = false;
  // In pieces with a deadline check between them: one text node can be megabytes (18 MB: ~110 ms).
  for (let pieceStart = start; pieceStart < end; pieceStart += TEXT_PIECE) {
    if (pieceStart !== start) checkDeadline('parsing');
    const pieceEnd = Math.min(end, pieceStart + TEXT_PIECE);
    for (let index = pieceStart; index < pieceEnd; index++) {
      const code = text.charCodeAt(index);
      if (code < 128 ? code === 32 || (code >= 9 && code <= 13) : isSpaceCode(code)) {
        if (length > 0) pendingSpace = true;
        inWord = false;
        continue;
      }
      if (pendingSpace) {
        length++;
        pendingSpace = false;
      }
      length++;
      if (code >= 128 && isCjkCode(code)) {
        words++;
        inWord = false;
      } else if (!inWord) {
        words++;
        inWord = true;
      }
    }
  }
  into.length = length;
  into.words = words;
}
