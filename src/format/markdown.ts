import type { Extraction } from '../dom/index.js';
import { renderBlocks } from './blocks.js';
import type { MarkdownOptions } from './types.js';

/**
 * The kept content as CommonMark, plus GFM pipe tables and `~~strikethrough~~`.
 *
 * - Headings: ATX (`#`…`######`). Paragraphs separated by blank lines; `<br>` is a
 *   backslash hard break.
 * - Lists: `-` bullets and `1.` numbers (from `start`), nested by indenting to the
 *   parent's content column; items of one list are tight. Two lists in a row
 *   alternate markers (`-`/`*`, `.`/`)`) so they stay apart.
 * - Block quotes (`>`, nested), `<hr>` as `---`.
 * - Code: fenced blocks with the language when marked (`language-xx`, `lang-xx`,
 *   `highlight-xx`, `highlight-source-xx`, `brush: xx`, `data-lang`), fences longer
 *   than any backtick run inside; inline `<code>`/`<kbd>`/`<samp>`/`<tt>` as code spans.
 * - Tables: GFM pipe tables, the first row as header, `|` escaped, row/col spans
 *   laid out as empty cells, block content inside cells flattened to one line.
 *   Tables holding another table or a single cell (layout tables) are written as
 *   ordinary blocks; tables wider than 64 columns as one paragraph per cell.
 * - Links `[text](absolute href)` (unsafe schemes dropped, text kept); images
 *   `![alt](src)` with lazy-loading sources (`data-src`, `data-srcset`, `srcset`);
 *   `<figcaption>` as an italic paragraph; `<dt>`/`<summary>` as bold paragraphs.
 * - Text is escaped so that it renders as itself: `\ \` * _ [ ] < ~` (with `*` and
 *   `_` left alone where CommonMark cannot read them as emphasis, e.g. inside
 *   words), `&` before an entity name, and block markers (`#`, `>`, `-`, `+`, `=`,
 *   `1.`) at the start of a line.
 * - The text reads as the page shows it, as in `toText` (no soft hyphens, ruby
 *   readings or MathML annotations; spaces between inline elements; NFC).
 */
export function toMarkdown(extraction: Extraction, options: MarkdownOptions = {}): string {
  return renderBlocks(extraction, options, false);
}
