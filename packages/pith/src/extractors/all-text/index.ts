import { type Doc, type Extraction, Selection } from '../../dom/index.js';
import type { Extractor } from '../types.js';

/**
 * The floor every extractor must clear: all visible text of the page body.
 * (Hidden content such as scripts and styles is never text, see dom/.)
 */
export const allText: Extractor<Record<string, never>, Record<string, never>> = {
  name: 'all-text',
  version: '1',
  description: 'Baseline: every visible text of the page body, nothing removed.',
  parameters: [],
  extract(doc: Doc): Extraction<Record<string, never>> {
    const root = doc.contentRoot;
    return {
      extractor: 'all-text',
      version: '1',
      doc,
      selection: new Selection(doc).keepSubtree(root),
      roots: [root],
      diagnostics: {},
    };
  },
};
