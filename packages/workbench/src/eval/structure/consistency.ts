/**
 * Consistency of pith's Markdown with its HTML (issue 19, item 3): the two renderings of one
 * selection, read back into elements (elements.ts), must hold the same headings (level, text),
 * list items (depth, text), table cells, code blocks (text, byte for byte after `cleanCode`), link
 * targets and image sources. Unlike the structure score, which forgives what a reader of the
 * article would not notice, texts here are compared as written (NFKC, whitespace collapsed): a
 * stray backslash or a lost `*` is a mismatch.
 *
 * Two differences of the formats are not counted: a list or heading in a table cell (a GFM cell
 * cannot hold one; the Markdown writes its text in the cell, where the cell's text compares it), and how many
 * times a link target occurs (a Markdown link cannot hold blocks: an `<a>` around a card's image,
 * title and summary is written once per block), so links are compared as a page's set of targets.
 */
import { extract } from 'pith';
import { type Elements, htmlElements, markdownElements } from './elements.js';

export const CONSISTENCY_CLASSES = [
  'headings',
  'list items',
  'table cells',
  'code',
  'links',
  'images',
] as const;
export type ConsistencyClass = (typeof CONSISTENCY_CLASSES)[number];

export interface ClassConsistency {
  html: number;
  markdown: number;
  /** Elements of either side the other lacks (each counted once per missing copy). */
  mismatched: number;
  /** The keys only the HTML has, and those only the Markdown has (for reading a page's mismatches). */
  onlyHtml: string[];
  onlyMarkdown: string[];
}

export type Consistency = Record<ConsistencyClass, ClassConsistency>;

/** The compared keys of each class; elements without text are left out. */
export function consistencyKeys(elements: Elements): Record<ConsistencyClass, string[]> {
  const nonEmpty = (keys: string[]) => keys.filter((key) => key !== '');
  return {
    headings: elements.headings
      .filter((h) => h.text !== '' && !h.inTable)
      .map((h) => `h${h.level} ${h.text}`),
    'list items': elements.listItems
      .filter((i) => i.text !== '' && !i.inTable)
      .map((i) => `${i.depth} ${i.text}`),
    'table cells': nonEmpty(elements.tables.flat(2)),
    code: nonEmpty(elements.code.map((block) => block.text)),
    links: [...new Set(nonEmpty(elements.links))],
    images: nonEmpty(elements.images),
  };
}

/** Elements of `a` not in `b`, as a multiset (each key used at most as often as `b` has it). */
export function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const key of b) counts.set(key, (counts.get(key) ?? 0) + 1);
  const missing: string[] = [];
  for (const key of a) {
    const left = counts.get(key) ?? 0;
    if (left > 0) counts.set(key, left - 1);
    else missing.push(key);
  }
  return missing;
}

/** Class by class, the elements of the HTML and of the Markdown, and those one side lacks. */
export function compareConsistency(html: Elements, markdown: Elements): Consistency {
  const htmlKeys = consistencyKeys(html);
  const markdownKeys = consistencyKeys(markdown);
  const out = {} as Consistency;
  for (const name of CONSISTENCY_CLASSES) {
    const onlyHtml = missingFrom(htmlKeys[name], markdownKeys[name]);
    const onlyMarkdown = missingFrom(markdownKeys[name], htmlKeys[name]);
    out[name] = {
      html: htmlKeys[name].length,
      markdown: markdownKeys[name].length,
      mismatched: onlyHtml.length + onlyMarkdown.length,
      onlyHtml,
      onlyMarkdown,
    };
  }
  return out;
}

/**
 * pith's Markdown and HTML of one page, as `extract` writes them (the body, its title left out),
 * compared. Extraction is deterministic: both are renderings of the same selection.
 */
export function pageConsistency(html: string | Uint8Array, url: string | undefined): Consistency {
  const markdown = extract(html, { url, format: 'markdown' }).content;
  const fragment = extract(html, { url, format: 'html' }).content;
  return compareConsistency(htmlElements(fragment, url), markdownElements(markdown, url));
}
