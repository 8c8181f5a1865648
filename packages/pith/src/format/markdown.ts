import type { Extraction } from '../dom/index.js';
import {
  type BlockSyntax,
  type InlineMarkup,
  type ListState,
  MAX_TABLE_COLUMNS,
  type NodeRange,
  renderBlocks,
  type TableCell,
  withTitle,
} from './blocks.js';
import { longestRun } from './common.js';
import { escapeMarkdown, linkDestination, MarkdownInline } from './inline.js';
import type { MarkdownOptions } from './types.js';

const MARKUP: InlineMarkup = {
  strong: '**',
  emphasis: '*',
  strike: '~~',
  linkOpen: '[',
  linkClose: (href) => `](${linkDestination(href)})`,
  image: (alt, src, cell) => `![${escapeMarkdown(alt, cell)}](${linkDestination(src)})`,
};

/** The Markdown renderer of the block walk (CommonMark + GFM tables and strikethrough). */
export const MARKDOWN: BlockSyntax = {
  inline: () => new MarkdownInline(),
  markup: MARKUP,
  codeSpans: true,
  cellBreaks: true,
  quotePrefix: '> ',
  itemMarker(list: ListState | undefined): string {
    if (list?.kept && list.ordered) return `${list.next}${list.delimiter} `;
    return `${list?.kept ? list.bullet : '-'} `;
  },
  // CommonMark: only a bullet or an ordered list starting at 1 may interrupt a paragraph.
  interruptsParagraph: (list) => !(list?.kept && list.ordered) || list.next === 1,
  // The title is the document's one `#` heading (printed or not): an `<h1>` of the body is `##`,
  // as Readability and Defuddle write it.
  heading: (level, content) => `${'#'.repeat(Math.max(2, level))} ${protectClosingHashes(content)}`,
  codeBlock(content, language) {
    const fence = '`'.repeat(Math.max(3, longestRun(content, '`') + 1));
    return `${fence}${language() ?? ''}\n${content}\n${fence}`;
  },
  // `---` right after a list marker or `>` would read as a setext underline of nothing; `___` cannot.
  rule: (atContainerStart) => (atContainerStart ? '___' : '---'),
  table: pipeTable,
  title: (text) => `# ${protectClosingHashes(escapeMarkdown(text, false))}`,
  // `$…$` inline, `$$` fences around a displayed one (blank lines inside would end it).
  formula: (tex, display) => (display ? `$$\n${tex.replace(/\n\s*\n/g, '\n')}\n$$` : `$${tex}$`),
  footnote: (label) => `[^${label}]`,
  // The note's later lines indented by four spaces, so that they stay in it.
  footnoteDefinition: (label, body) => `[^${label}]: ${body.replace(/\n(?=.)/g, '\n    ')}`,
};

/**
 * The kept content as CommonMark, plus GFM pipe tables and `~~strikethrough~~`.
 *
 * - Headings: ATX (`##`…`######`; an `<h1>` of the body is `##`, `#` is the title's). Paragraphs separated by blank lines; `<br>` is a
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
  return withTitle(renderBlocks(extraction, options, MARKDOWN), options, MARKDOWN);
}

/** `toMarkdown` over the nodes `start … stop - 1` only (for the comments' parts). */
export function toMarkdownRange(extraction: Extraction, options: MarkdownOptions, range: NodeRange): string {
  return withTitle(renderBlocks(extraction, options, MARKDOWN, range), options, MARKDOWN);
}

/** A GFM pipe table, the first row as header; wider than `MAX_TABLE_COLUMNS`, one paragraph per cell. */
function pipeTable(rows: TableCell[][]): string[] {
  const grid = tableGrid(rows);
  let columns = 0;
  for (const row of grid) columns = Math.max(columns, row.length);
  if (columns > MAX_TABLE_COLUMNS) {
    const blocks: string[] = [];
    for (const row of rows) for (const cell of row) if (cell.text !== '') blocks.push(cell.text);
    return blocks;
  }
  const lines: string[] = [];
  for (let index = 0; index < grid.length; index++) {
    const row = grid[index];
    while (row.length < columns) row.push('');
    lines.push(`| ${row.join(' | ')} |`);
    if (index === 0) lines.push(`|${' --- |'.repeat(columns)}`);
  }
  return [lines.join('\n')];
}

/**
 * Places cells on a grid, leaving empty cells where row and column spans reach (a GFM pipe table
 * cannot span). The structure scorer reads an HTML gold's tables on the same grid.
 */
export function tableGrid(rows: readonly (readonly TableCell[])[]): string[][] {
  const grid: string[][] = [];
  const spans: number[] = [];
  for (const row of rows) {
    const out: string[] = [];
    let column = 0;
    for (const cell of row) {
      while (spans[column] > 0) {
        spans[column]--;
        out.push('');
        column++;
      }
      for (let offset = 0; offset < cell.colspan; offset++) {
        out.push(offset === 0 ? cell.text : '');
        spans[column] = cell.rowspan - 1;
        column++;
      }
    }
    for (let rest = column; rest < spans.length; rest++) {
      if (spans[rest] > 0) {
        spans[rest]--;
        while (out.length < rest) out.push('');
        out.push('');
      }
    }
    grid.push(out);
  }
  return grid;
}

/** Backslash-escapes a trailing run of `#` that CommonMark would take for a closing sequence. */
function protectClosingHashes(content: string): string {
  let index = content.length;
  while (index > 0 && content.charCodeAt(index - 1) === 35) index--;
  if (index === content.length) return content;
  if (index > 0 && content.charCodeAt(index - 1) !== 32) return content;
  return `${content.slice(0, index)}\\${content.slice(index)}`;
}
