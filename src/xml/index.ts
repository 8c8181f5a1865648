/**
 * xml/: CUTER's universal XML in and out (seed 001, section III): pages in
 * (schemas/pages.xsd), articles out (schemas/article.xsd), and the small exact XML
 * reader both are read with.
 */
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
  writeArticlesXml,
  writeArticleXml,
  writeBatchEntry,
} from './article.js';
export { readXmlPages, type XmlPage } from './pages.js';
export { childElements, readXml, textOf, type XmlElement, type XmlReadOptions } from './reader.js';
