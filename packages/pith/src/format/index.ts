/**
 * format/: every output of pith in one place. Formatters are pure functions of
 * an `Extraction` (the `Doc` and its `Selection`) plus options; they look at
 * nothing else, and each is one linear walk over the document.
 */
import { type Extraction, outputText } from '../dom/index.js';
import { PithError } from '../errors.js';
import { toHtml } from './html.js';
import { toMarkdown } from './markdown.js';
import { toText } from './text.js';
import type { ContentFormat, FormatOptions } from './types.js';

export {
  ARTICLE_XML_SCHEMA,
  ARTICLES_XML_END,
  ARTICLES_XML_START,
  type Article,
  type ArticleBlock,
  type ArticleBlockKind,
  type ArticleFailure,
  type ArticleMedia,
  type ArticleMediaType,
  type ArticleOptions,
  type ArticleXmlOptions,
  articleBlocks,
  articleOf,
  toXml,
  writeArticlesXml,
  writeBatchEntry,
} from './article.js';
export { spanOf, type TableCell } from './blocks.js';
export {
  CHARACTER_ESTIMATE,
  type Chunk,
  type ChunkBlockKind,
  type ChunkOptions,
  cachedCounter,
  chunkMarkdown,
  cl100kCounter,
  loadTokenCounter,
  TOKEN_ESTIMATE,
  type TokenCounter,
  type TokenizerName,
} from './chunks.js';
export {
  type CommentNodes,
  type CommentSectionNodes,
  type CommentsOptions,
  formatComments,
  type ReadComments,
  readComments,
} from './comments.js';
export {
  type JsonMetadata,
  type JsonOptions,
  jsonMetadata,
  pageRecord,
  type RecordSource,
  toJson,
  toJsonDocument,
} from './envelope.js';
export { frontMatter, withFrontMatter } from './front-matter.js';
export { escapeHtmlAttribute, escapeHtmlText, HTML_ALLOW_LIST, toHtml } from './html.js';
export { tableGrid, toMarkdown } from './markdown.js';
export {
  isLinePlotDiagnostics,
  type LinePlotDiagnostics,
  type LinePlotOptions,
  type LinePlotSeries,
  type LinePlotThreshold,
  plotExtraction,
  renderLinePlot,
} from './plot.js';
export {
  emptyRecord,
  type PageRecord,
  RECORD_COLUMNS,
  RECORD_CONTENT_FORMATS,
  RECORD_SCHEMA_VERSION,
  type RecordColumnType,
  type RecordContentFormat,
  type RecordFetch,
  type RecordKeptView,
  recordJsonSchema,
  type ServiceFields,
} from './record.js';
export { toText } from './text.js';
export { ESTIMATE_FEATURES, ESTIMATE_WEIGHTS, estimateFeatures, estimateTokens } from './token-estimate.js';
export type {
  ContentFormat,
  FormatOptions,
  FormattedResult,
  HtmlOptions,
  MarkdownOptions,
  OutputComment,
  TextOptions,
} from './types.js';
export { baseUrlOf, imageSource, LINK_SCHEMES, largestSrcsetCandidate, parseSrcset, safeUrl } from './url.js';
export { escapeXmlAttribute, escapeXmlText, stripInvalidXml } from './xml.js';

/** The content formats, in order of preference for reading. */
export const FORMATS: readonly ContentFormat[] = Object.freeze(['markdown', 'text', 'html'] as const);

export function isContentFormat(value: unknown): value is ContentFormat {
  return typeof value === 'string' && (FORMATS as readonly string[]).includes(value);
}

/**
 * Renders an extraction in one of the content formats.
 * @throws PithError('UNKNOWN_FORMAT') for any other format name.
 */
export function formatExtraction(
  extraction: Extraction,
  format: ContentFormat,
  options: FormatOptions = {},
): string {
  // Every output by one rule for control characters (dom/characters.ts).
  switch (format) {
    case 'text':
      return outputText(toText(extraction, options));
    case 'markdown':
      return outputText(toMarkdown(extraction, options));
    case 'html':
      return outputText(toHtml(extraction, options));
    default:
      throw new PithError(
        'UNKNOWN_FORMAT',
        `unknown content format '${String(format)}' (choose from ${FORMATS.join(', ')})`,
      );
  }
}
