/**
 * Mozilla Readability, shared by the two peers that run it on different DOMs
 * (`readability-jsdom`, `readability-linkedom`).
 */
import {
  htmlToText,
  loadPeerModule,
  type ModuleLoader,
  type PeerDocument,
  type PeerOptions,
  type PeerTextSource,
} from './types.js';

interface ReadabilityArticle {
  textContent?: string | null;
  content?: string | null;
}

export interface ReadabilityModule {
  Readability: new (document: PeerDocument) => { parse(): ReadabilityArticle | null };
}

/** Options of both Readability peers. */
export interface ReadabilityPeerOptions extends PeerOptions {
  /** `native` (default): the article's `textContent`; `pith`: its `content` HTML read by pith. */
  text?: PeerTextSource;
}

export const READABILITY_PACKAGE = '@mozilla/readability';

export function loadReadability(peer: string, load?: ModuleLoader): Promise<ReadabilityModule> {
  return loadPeerModule<ReadabilityModule>(peer, READABILITY_PACKAGE, READABILITY_PACKAGE, load);
}

/**
 * Readability's article text with its default options; '' when it finds no article (null).
 * Readability modifies the document it is given.
 */
export function readabilityText(
  readability: ReadabilityModule,
  document: PeerDocument,
  text: PeerTextSource = 'native',
): string {
  const article = new readability.Readability(document).parse();
  if (!article) return '';
  if (text === 'pith') return article.content ? htmlToText(article.content) : '';
  return article.textContent ?? '';
}
