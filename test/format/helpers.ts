import { type Doc, type Extraction, parseHtml, Selection } from '../../packages/pith/src/dom/index.js';

/** An extraction of `html` that keeps the whole document, or what `keep` selects. */
export function extraction(
  html: string,
  options: { url?: string; keep?: (doc: Doc) => Selection } = {},
): Extraction {
  const doc = parseHtml(html, { url: options.url });
  const selection = options.keep ? options.keep(doc) : new Selection(doc).keepSubtree(0);
  return { extractor: 'test', version: '0', doc, selection, roots: [], diagnostics: undefined };
}

/** Keeps only the subtree of the first element matching `tag` (by name). */
export function keepFirst(tag: string): (doc: Doc) => Selection {
  return (doc) => {
    for (let node = 0; node < doc.size; node++) {
      if (doc.tagName(node) === tag) return new Selection(doc).keepSubtree(node);
    }
    throw new Error(`no <${tag}>`);
  };
}

/** Keeps every text node (and no element). */
export function keepTextOnly(doc: Doc): Selection {
  const selection = new Selection(doc);
  for (let node = 0; node < doc.size; node++) if (doc.isText(node)) selection.keepNode(node);
  return selection;
}

/** Page text as the text outputs write it: soft hyphens (U+00AD) dropped, canonically composed (NFC). */
export function asRead(text: string): string {
  return text.replaceAll('\u00ad', '').normalize('NFC');
}
