import type { Extraction } from '../dom/index.js';
import { renderBlocks } from './blocks.js';
import type { TextOptions } from './types.js';

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
  return renderBlocks(extraction, options, true);
}
