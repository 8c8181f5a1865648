import type { Extraction } from '../dom/index.js';
import { type BlockSyntax, type InlineBuffer, type NodeRange, renderBlocks, withTitle } from './blocks.js';
import { collapseWhitespace, leadingSpaceEnd, trailingSpaceStart, withoutSoftHyphens } from './common.js';
import type { TextOptions } from './types.js';

/** The pieces of an empty block. */
const NO_PIECES: readonly string[] = [];

/** A block's text: whitespace collapsed across text nodes, `<br>` as a newline, nothing marked up. */
export class TextInline implements InlineBuffer {
  private parts: string[] = [];
  private hasContent = false;
  private pendingSpace = false;
  private pendingBreak = false;
  cell = false;

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
    if (start > 0) this.space();
    this.emit(collapseWhitespace(text.slice(start, stop)));
    if (stop < text.length) this.space();
  }

  space(): void {
    if (this.hasContent) this.pendingSpace = true;
  }

  lineBreak(): void {
    if (this.hasContent) this.pendingBreak = true;
  }

  code(content: string): void {
    this.emit(content);
  }

  image(markup: string): void {
    this.emit(markup);
  }

  raw(markup: string): void {
    this.emit(markup);
  }

  pushFrame(): void {}
  popFrame(): void {}

  flush(): string {
    return this.flushPieces().join('');
  }

  flushPieces(): readonly string[] {
    const out = this.hasContent ? this.parts : NO_PIECES;
    this.parts = [];
    this.hasContent = false;
    this.pendingSpace = false;
    this.pendingBreak = false;
    return out;
  }

  private emit(content: string): void {
    if (this.hasContent && this.pendingBreak) this.parts.push('\n');
    else if (this.hasContent && this.pendingSpace) this.parts.push(' ');
    this.pendingBreak = false;
    this.pendingSpace = false;
    this.parts.push(content);
    this.hasContent = true;
  }
}

/** The text renderer of the block walk: no markers, quotes and rules are plain blocks. */
export const TEXT: BlockSyntax = {
  inline: () => new TextInline(),
  markup: undefined,
  codeSpans: false,
  quotePrefix: undefined,
  itemMarker: () => '',
  interruptsParagraph: () => true,
  heading: (_level, content) => content,
  codeBlock: (content) => content,
  rule: () => undefined,
  table: (rows) => [
    rows
      .map((row) =>
        row
          .map((cell) => cell.text)
          .join('\t')
          .trimEnd(),
      )
      .join('\n'),
  ],
  title: (text) => text,
};

/**
 * The kept content as plain text.
 *
 * - Blocks (paragraphs, headings, quotes, figures, `<dt>`/`<dd>`…) are separated by a blank line.
 * - List items are one per line, without markers or indentation; a list is a block.
 * - `<br>` is a line break (two in a row end the paragraph).
 * - Whitespace is collapsed inside blocks; `<pre>` is kept verbatim (leading blank
 *   lines and trailing whitespace trimmed).
 * - Table rows are one per line, cells separated by a tab (`\t`).
 * - Images, link targets and formatting add nothing; hidden content never appears.
 * - The text reads as a browser shows it: soft hyphens (U+00AD) are dropped; ruby
 *   readings (`<rt>`, `<rp>`), MathML annotations (TeX source) and MathML hidden
 *   by an inline `display: none` are left out; whitespace between two inline
 *   elements is one space even when the selection skipped it; the output is NFC.
 *
 * Every word of the output is a word of the kept text (no markers are added;
 * soft hyphens removed, NFC), so the output is safe for word-level metrics.
 * Deterministic and trimmed.
 */
export function toText(extraction: Extraction, options: TextOptions = {}): string {
  return withTitle(renderBlocks(extraction, options, TEXT), options, TEXT);
}

/** `toText` over the nodes `start … stop - 1` only (for the comments' parts). */
export function toTextRange(extraction: Extraction, options: TextOptions, range: NodeRange): string {
  return withTitle(renderBlocks(extraction, options, TEXT, range), options, TEXT);
}
