/**
 * Peer `article-extractor`: `@extractus/article-extractor`'s `extractFromHtml(html, url)` (itself
 * Readability on linkedom, with URL normalisation and per-site transformations around it). Its
 * `content` is HTML; the text is taken with pith's own parser ({@link htmlToText}).
 *
 * It returns null when the cleaned content has fewer than 200 characters (its
 * `contentLengthThreshold`), or when it has no valid URL: that counts as an empty extraction ('').
 * The placeholder URL stands in for pages without one. `extractFromHtml` never fetches
 * (only `extract(url)` does).
 */
import {
  htmlToText,
  loadPeerModule,
  type PeerOptions,
  pageUrl,
  peerPackageVersion,
  type TextExtractor,
} from './types.js';

const NAME = 'article-extractor';
const PACKAGE = '@extractus/article-extractor';

interface ArticleExtractorModule {
  extractFromHtml(html: string, url: string): Promise<{ content?: string } | null>;
}

export async function createArticleExtractor(options: PeerOptions = {}): Promise<TextExtractor<string>> {
  const module = await loadPeerModule<ArticleExtractorModule>(NAME, PACKAGE, PACKAGE, options.load);
  return {
    name: NAME,
    version: peerPackageVersion(NAME, PACKAGE),
    async extract(html: string, url: string): Promise<string> {
      const article = await module.extractFromHtml(html, pageUrl(url));
      return article?.content ? htmlToText(article.content) : '';
    },
  };
}
