/**
 * The text-to-tag ratio of every line of the HTML source, after removing script and comment
 * ("remark") content and the lines left empty: step 1 of TTR (seed 000, Algorithm 1), and the
 * tag ratios CETR (Weninger, Hsu & Han, 2010) starts from.
 *
 * The source is classified once, character by character, in one linear scan:
 * text, tag (`<…>`, quoted attribute values honoured) or removed (`<script>…</script>`,
 * `<!-- … -->`, and `<style>…</style>` when `removeStyle` is on). Lines are then
 * either the physical source lines (the paper) or, with `reflow`, segments
 * re-broken at block-level tags. For each line:
 *
 * - x = the line's non-tag characters, in code points, with the whitespace at the
 *   line's two ends left out (indentation is source layout, not text);
 * - y = the tags that start on the line;
 * - TTR = x / y, or x when y = 0.
 *
 * A line with neither text nor tags once removed content is gone is empty and is
 * dropped, as the paper does.
 */
import { checkDeadline, computeLineStarts, IS_BLOCK, int32Of, tagId, tick, tickAt } from '../../dom/index.js';

/** Character classes of the scan. */
const TEXT = 0;
const TAG_CHAR = 1;
const REMOVED = 2;

export interface TtrLineOptions {
  /** Remove `<style>` elements with their content, as scripts are (the paper removes only scripts and comments). */
  removeStyle: boolean;
  /** Re-break the source at block-level tags instead of using its physical lines. */
  reflow: boolean;
  /** The pipeline stage a timeout names (the extractor's name; default 'ttr'). */
  stage?: string;
}

/** The kept (non-empty) lines of a page, in source order, with their TTR. */
export interface TtrLines {
  /** Source offsets `[start, end)` of each kept line (end excludes the line break). */
  starts: Int32Array;
  ends: Int32Array;
  /** The 0-based physical source line on which each kept line starts. */
  sourceLines: Int32Array;
  /** x: non-tag characters of the line. */
  text: Int32Array;
  /** y: tags starting on the line. */
  tags: Int32Array;
  /** TTR = x / y, or x when y = 0. */
  ttr: Float64Array;
  /** Lines (physical or re-flowed) before empty ones were dropped. */
  totalLines: number;
}

interface Scan {
  /** One class per UTF-16 code unit: TEXT, TAG_CHAR or REMOVED. */
  classes: Uint8Array;
  /** Offsets of the `<` of every counted tag, ascending. */
  tagStarts: number[];
  /** Reflow break offsets (before block start tags, after block end tags), ascending. */
  blockBreaks: number[];
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Where a tag that starts at `at` ends (one past its `>`), honouring quoted attribute values. */
function tagEnd(source: string, at: number): number {
  let quote = 0;
  let afterEquals = false;
  for (let index = at + 1; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (quote !== 0) {
      if (code === quote) quote = 0;
      continue;
    }
    if (code === 62) return index + 1; // >
    if (afterEquals && (code === 34 || code === 39)) {
      quote = code;
      afterEquals = false;
      continue;
    }
    if (code === 61)
      afterEquals = true; // =
    else if (!isSpace(code)) afterEquals = false;
  }
  return source.length;
}

/** The lower-case tag name starting at `at` (letters, digits, `-`, `:`). */
function tagNameAt(source: string, at: number): string {
  let end = at;
  while (end < source.length) {
    const code = source.charCodeAt(end);
    if (isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 45 || code === 58) end++;
    else break;
  }
  return source.slice(at, end).toLowerCase();
}

const closeTagPatterns = new Map<string, RegExp>();

/** Start of the next `</name` at or after `from`, or the end of the source. */
function closeTagStart(source: string, from: number, name: string): number {
  let pattern = closeTagPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
    closeTagPatterns.set(name, pattern);
  }
  pattern.lastIndex = from;
  const match = pattern.exec(source);
  return match ? match.index : source.length;
}

/** End of a raw-text element's content with its end tag: one past the `>` of `</name`, or the end of the source. */
function rawTextEnd(source: string, from: number, name: string): number {
  const close = closeTagStart(source, from, name);
  return close >= source.length ? source.length : tagEnd(source, close);
}

function scan(source: string, options: TtrLineOptions): Scan {
  const classes = new Uint8Array(source.length);
  const tagStarts: number[] = [];
  const blockBreaks: number[] = [];
  let index = 0;
  let nextCheck = 0;
  while (index < source.length) {
    if (index >= nextCheck) {
      checkDeadline(options.stage ?? 'ttr');
      nextCheck = index + 0x10000;
    }
    if (source.charCodeAt(index) !== 60) {
      index++;
      continue;
    }
    const next = source.charCodeAt(index + 1);
    if (next === 33 && source.startsWith('<!--', index)) {
      // A comment ("remark"): removed up to `-->` (`<!-->` and `<!--->` close at once, as in HTML).
      let stop: number;
      if (source.startsWith('>', index + 4)) stop = index + 5;
      else if (source.startsWith('->', index + 4)) stop = index + 6;
      else {
        const close = source.indexOf('-->', index + 4);
        stop = close < 0 ? source.length : close + 3;
      }
      classes.fill(REMOVED, index, stop);
      index = stop;
      continue;
    }
    const closing = next === 47;
    const nameStart = closing ? index + 2 : index + 1;
    const isTag = isAsciiLetter(source.charCodeAt(nameStart)) || (!closing && (next === 33 || next === 63));
    if (!isTag) {
      index++; // a lone `<` is text
      continue;
    }
    const end = tagEnd(source, index);
    const name = next === 33 || next === 63 ? '' : tagNameAt(source, nameStart);
    if (!closing && (name === 'script' || (name === 'style' && options.removeStyle))) {
      const stop = rawTextEnd(source, end, name);
      classes.fill(REMOVED, index, stop);
      index = stop;
      continue;
    }
    classes.fill(TAG_CHAR, index, end);
    tagStarts.push(index);
    if (options.reflow && name !== '' && IS_BLOCK[tagId(name)]) blockBreaks.push(closing ? end : index);
    if (!closing && (name === 'style' || name === 'textarea' || name === 'title' || name === 'xmp')) {
      // Raw text: what looks like a tag inside is text. (`<style>` content is text when it is kept.)
      const stop = closeTagStart(source, end, name);
      // Comments are removed even inside a kept <style>: 2008-era pages wrap their CSS in
      // `<!-- … -->`, and the paper's removal of "remark tags" removes that CSS with them.
      if (name === 'style') removeComments(source, classes, end, stop);
      index = stop;
      continue;
    }
    index = end;
  }
  return { classes, tagStarts, blockBreaks };
}

/** Marks every `<!-- … -->` inside `[from, to)` as removed (an unclosed one runs to `to`). */
function removeComments(source: string, classes: Uint8Array, from: number, to: number): void {
  // Searched in a slice so that no search runs past `to` (linear over all style elements).
  const content = source.slice(from, to);
  let at = content.indexOf('<!--');
  while (at >= 0) {
    const close = content.indexOf('-->', at + 4);
    const stop = close < 0 ? content.length : close + 3;
    classes.fill(REMOVED, from + at, from + stop);
    at = content.indexOf('<!--', stop);
  }
}

/** Segment starts for reflow: 0 plus every block break inside the source, deduplicated. */
function reflowStarts(source: string, breaks: readonly number[]): Int32Array {
  const starts: number[] = [0];
  for (const at of breaks) {
    if (at > starts[starts.length - 1] && at < source.length) starts.push(at);
  }
  return int32Of(starts, 'ttr');
}

function lineIndexOf(lineStarts: Int32Array, offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The TTR array of a page source (Algorithm 1). Pure; linear in the source length.
 *
 * @param lineStarts the physical line starts (`Doc.lineStarts`); computed when absent.
 */
export function computeTtrLines(
  source: string,
  options: TtrLineOptions,
  lineStarts: Int32Array = computeLineStarts(source),
): TtrLines {
  const stage = options.stage ?? 'ttr';
  const { classes, tagStarts, blockBreaks } = scan(source, options);
  const segmentStarts = options.reflow ? reflowStarts(source, blockBreaks) : lineStarts;
  const count = segmentStarts.length;
  const starts: number[] = [];
  const ends: number[] = [];
  const sourceLines: number[] = [];
  const text: number[] = [];
  const tags: number[] = [];
  let tagCursor = 0;
  for (let segment = 0; segment < count; segment++) {
    tick(stage);
    const start = segmentStarts[segment];
    let end = segment + 1 < count ? segmentStarts[segment + 1] : source.length;
    let y = 0;
    while (tagCursor < tagStarts.length && tagStarts[tagCursor] < end) {
      if (tagStarts[tagCursor] >= start) y++;
      tagCursor++;
    }
    // Trim the line break and the whitespace at both ends, and removed content at both ends.
    let first = start;
    while (first < end && (classes[first] === REMOVED || isSpace(source.charCodeAt(first)))) first++;
    let last = end;
    while (last > first && (classes[last - 1] === REMOVED || isSpace(source.charCodeAt(last - 1)))) last--;
    if (first === last) continue; // empty once removed content is gone
    let x = 0;
    for (let at = first; at < last; at++) {
      tickAt(at, stage);
      if (classes[at] !== TEXT) continue;
      const code = source.charCodeAt(at);
      if (code >= 0xdc00 && code <= 0xdfff) continue; // low surrogate: counted with its high half
      x++;
    }
    if (!options.reflow) {
      while (end > start && (source.charCodeAt(end - 1) === 10 || source.charCodeAt(end - 1) === 13)) end--;
    }
    starts.push(start);
    ends.push(end);
    sourceLines.push(options.reflow ? lineIndexOf(lineStarts, first) : segment);
    text.push(x);
    tags.push(y);
  }
  const ttr = new Float64Array(text.length);
  for (let line = 0; line < text.length; line++)
    ttr[line] = tags[line] === 0 ? text[line] : text[line] / tags[line];
  return {
    starts: int32Of(starts, stage),
    ends: int32Of(ends, stage),
    sourceLines: int32Of(sourceLines, stage),
    text: int32Of(text, stage),
    tags: int32Of(tags, stage),
    ttr,
    totalLines: count,
  };
}
