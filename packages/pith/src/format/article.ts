/**
 * The article output format (CUTER's XML output, schemas/article.xsd): the article's
 * URL, title, text blocks and multimedia; or a batch of them, with failures.
 *
 * ```xml
 * <?xml version="1.0" encoding="UTF-8"?>
 * <article schema="2" url="https://example.com/a" extractor="cuter" extractor-version="1.0.0">
 *   <title>The article title</title>                     optional
 *   <text>
 *     <block kind="heading" level="1">The article title</block>
 *     <block kind="paragraph">First paragraph…</block>
 *     <block kind="list-item">…</block>                  heading, paragraph, list-item, quote,
 *   </text>                                              preformatted, caption, cell
 *   <media>
 *     <item type="image" src="https://example.com/a.jpg" width="640" height="480">
 *       <alt>…</alt><title>…</title><caption>…</caption>   each optional
 *     </item>                                            type: image, video, audio, embed
 *   </media>
 * </article>
 * ```
 *
 * What `extract(…, { format: 'xml' })` writes, for every extractor, also holds what the JSON
 * output holds beyond the text (schema 2):
 *
 * ```xml
 *   <title>…</title>
 *   <metadata>                 after the title: the page's metadata, each element only when known
 *     <author>…</author>       one per author
 *     <published>…</published> <modified>…</modified> <site-name>…</site-name> <language>…</language>
 *     <direction>ltr|rtl</direction> <description>…</description> <canonical-url>…</canonical-url>
 *     <image>…</image> <tag>…</tag> (one per tag) <page-type>…</page-type>
 *   </metadata>
 *   <quality score="0.93" page-type="article" page-type-probability="0.97">   score absent: no estimate
 *     <reason>TOO_SHORT</reason>   one per reason code
 *   </quality>
 *   <text>…</text> <media>…</media>
 *   <comments>                 when comments were asked for
 *     <comment author="…" date="…" reply-to="0">text</comment>
 *   </comments>
 *   <diagnostics format="json">…</diagnostics>   when diagnostics were asked for
 * ```
 *
 * A batch is `<articles schema="2">` holding `<article>` and
 * `<failure id=… url=… code="TIMEOUT">message</failure>` elements in input order.
 */
import { type Doc, type Extraction, IS_BLOCK, IS_HEADING, NodeKind, TAG, tick } from '../dom/index.js';
import type { Metadata } from '../metadata/index.js';
import { collapseWhitespace, mapTextPieces } from './common.js';
import { isPixel, isProgressiveThumbnail } from './elements/images.js';
import { jsonSafe } from './envelope.js';
import { TitleSearch } from './title.js';
import type { OutputComment, ResultAssessment } from './types.js';
import { baseUrlOf, imageNames, imageSource, safeUrl } from './url.js';
import { escapeXmlAttribute, escapeXmlText } from './xml.js';

/** Version of the article format; bumped when an element or attribute changes meaning. */
export const ARTICLE_XML_SCHEMA = 2;

export type ArticleBlockKind =
  | 'heading'
  | 'paragraph'
  | 'list-item'
  | 'quote'
  | 'preformatted'
  | 'caption'
  | 'cell';

export interface ArticleBlock {
  kind: ArticleBlockKind;
  /** Heading level 1–6 (headings only). */
  level?: number;
  text: string;
}

export type ArticleMediaType = 'image' | 'video' | 'audio' | 'embed';

/** A multimedia item (the shape of the `media` diagnostics of the cuter extractor). */
export interface ArticleMedia {
  type: ArticleMediaType;
  src: string;
  alt?: string;
  title?: string;
  caption?: string;
  width?: number;
  height?: number;
  poster?: string;
}

export interface Article {
  id?: string;
  url?: string;
  title?: string;
  extractor: { name: string; version: string };
  blocks: ArticleBlock[];
  media: ArticleMedia[];
  /** The page's metadata (its title is the article's `title`). */
  metadata?: Metadata;
  /** The page's comments, when asked for (`comments: true`). */
  comments?: readonly OutputComment[];
  /** The quality estimate, page type and reasons. */
  assessment?: ResultAssessment;
  /** The extractor's diagnostics, when asked for. */
  diagnostics?: unknown;
}

/** A page of a batch that could not be extracted. */
export interface ArticleFailure {
  id?: string;
  url?: string;
  /** The PithError code, or 'ERROR'. */
  code: string;
  message: string;
}

export interface ArticleOptions {
  id?: string;
  url?: string;
  /** The article title (the caller's, else the page metadata's). */
  title?: string;
  /**
   * The article's media. By default, the extraction's `diagnostics.media` when it is
   * a list of media items (the cuter extractor's), else the images of the kept text (the ones
   * the Markdown and HTML writers keep).
   */
  media?: readonly ArticleMedia[];
  metadata?: Metadata;
  comments?: readonly OutputComment[];
  assessment?: ResultAssessment;
  diagnostics?: unknown;
  /**
   * Leave out the block near the top that repeats `title` (pith's convention: the text is
   * the body, the title its own element), as the Markdown, text and HTML writers do.
   */
  dropTitle?: boolean;
}

const MEDIA_TYPES: readonly string[] = ['image', 'video', 'audio', 'embed'];

function isMediaList(value: unknown): value is ArticleMedia[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        MEDIA_TYPES.includes((item as ArticleMedia).type) &&
        typeof (item as ArticleMedia).src === 'string',
    )
  );
}

function blockKind(doc: Doc, block: number): { kind: ArticleBlockKind; level?: number } {
  const tag = doc.tag(block);
  if (IS_HEADING[tag]) return { kind: 'heading', level: tag - TAG.h1 + 1 };
  if (tag === TAG.li || tag === TAG.dt || tag === TAG.dd) return { kind: 'list-item' };
  if (tag === TAG.figcaption || tag === TAG.caption) return { kind: 'caption' };
  if (tag === TAG.td || tag === TAG.th) return { kind: 'cell' };
  if (doc.closest(block, TAG.pre) >= 0) return { kind: 'preformatted' };
  if (doc.closest(block, TAG.blockquote) >= 0) return { kind: 'quote' };
  return { kind: 'paragraph' };
}

/**
 * The kept text of an extraction as blocks: the text of each block-level element
 * (with its inline elements), in document order; a block interrupted by a nested
 * block continues as a new block after it. Whitespace is collapsed except in `<pre>`.
 */
export function articleBlocks(extraction: Extraction): ArticleBlock[] {
  const { doc, selection } = extraction;
  const { kind, tag, hidden, parent } = doc.columns;
  const blocks: ArticleBlock[] = [];
  let currentBlock = -1;
  let parts: string[] = [];
  const flush = () => {
    if (currentBlock < 0) return;
    const { kind: blockKindName, level } = blockKind(doc, currentBlock);
    const raw = parts.join('');
    const text =
      blockKindName === 'preformatted'
        ? raw.replace(/^\n+/, '').trimEnd()
        : mapTextPieces(raw, collapseWhitespace).trim();
    if (text !== '')
      blocks.push(level === undefined ? { kind: blockKindName, text } : { kind: blockKindName, level, text });
    currentBlock = -1;
    parts = [];
  };
  // Nearest block-level ancestor of each node, top-down (br is a line break, not a block).
  const blockOf = new Int32Array(doc.size);
  for (let node = 1; node < doc.size; node++) {
    const up = parent[node];
    const startsBlock = kind[node] === NodeKind.Element && IS_BLOCK[tag[node]] && tag[node] !== TAG.br;
    blockOf[node] = startsBlock ? node : blockOf[up];
  }
  for (let node = 1; node < doc.size; node++) {
    if (hidden[node]) continue;
    const k = kind[node];
    if (k === NodeKind.Element && tag[node] === TAG.br) {
      if (blockOf[node] === currentBlock) parts.push('\n');
      continue;
    }
    if (k !== NodeKind.Text || !selection.has(node)) continue;
    const block = blockOf[node];
    if (block !== currentBlock) {
      flush();
      currentBlock = block;
    }
    parts.push(doc.text(node));
  }
  flush();
  return blocks;
}

/** The blocks without the first one near the top that repeats the title (the title search of format/title.ts). */
function withoutTitle(blocks: ArticleBlock[], title: string | undefined): ArticleBlock[] {
  const search = new TitleSearch({ title, dropTitle: true });
  let chars = 0;
  for (let index = 0; index < blocks.length && search.reaches(index, chars); index++) {
    if (search.repeatedBy(blocks[index].text)) return [...blocks.slice(0, index), ...blocks.slice(index + 1)];
    chars += blocks[index].text.length;
  }
  return blocks;
}

/** Whole non-negative pixel sizes from an attribute (`width="640"`), else undefined. */
function pixels(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\s*\d{1,6}\s*$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The images inside the kept selection, in document order, by the Markdown writer's rules
 * (tracking pixels and placeholders left out, `src` resolved against the page URL or `<base>`),
 * each source once.
 */
function keptImages(extraction: Extraction, url: string | undefined): ArticleMedia[] {
  const { doc, selection } = extraction;
  const { kind, tag, hidden } = doc.columns;
  const base = baseUrlOf(doc, url);
  const seen = new Set<string>();
  const media: ArticleMedia[] = [];
  for (let node = 1; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Element || (tag[node] !== TAG.img && tag[node] !== TAG.image)) continue;
    if (hidden[node] || !selection.has(node) || isPixel(doc, node) || isProgressiveThumbnail(doc, node))
      continue;
    const src = safeUrl(imageSource(doc, node), base, 'image');
    if (src === undefined || seen.has(src)) continue;
    // A lazy image's <noscript> copy may choose another of the picture's names: one item.
    for (const name of imageNames(doc, node, base)) seen.add(name);
    seen.add(src);
    const item: ArticleMedia = { type: 'image', src };
    const alt = doc.attr(node, 'alt')?.replace(/\s+/g, ' ').trim();
    const title = doc.attr(node, 'title')?.replace(/\s+/g, ' ').trim();
    const width = pixels(doc.attr(node, 'width'));
    const height = pixels(doc.attr(node, 'height'));
    if (alt) item.alt = alt;
    if (title) item.title = title;
    if (width !== undefined) item.width = width;
    if (height !== undefined) item.height = height;
    media.push(item);
  }
  return media;
}

/** An article from an extraction and what is known about its page. */
export function articleOf(extraction: Extraction, options: ArticleOptions = {}): Article {
  const diagnosticsMedia = (extraction.diagnostics as { media?: unknown } | null | undefined)?.media;
  const media =
    options.media ?? (isMediaList(diagnosticsMedia) ? diagnosticsMedia : keptImages(extraction, options.url));
  const article: Article = {
    extractor: { name: extraction.extractor, version: extraction.version },
    blocks: options.dropTitle
      ? withoutTitle(articleBlocks(extraction), options.title)
      : articleBlocks(extraction),
    media: media.map((item) => ({ ...item })),
  };
  if (options.id !== undefined) article.id = options.id;
  if (options.url !== undefined) article.url = options.url;
  if (options.title !== undefined && options.title.trim() !== '') article.title = options.title.trim();
  if (options.metadata !== undefined) article.metadata = options.metadata;
  if (options.comments !== undefined) article.comments = options.comments;
  if (options.assessment !== undefined) article.assessment = options.assessment;
  if (options.diagnostics !== undefined) article.diagnostics = options.diagnostics;
  return article;
}

// ── writing ──────────────────────────────────────────────────────────────────

/** Character data, escaped in pieces (a block can be megabytes of one text node). */
const text = (value: string) => mapTextPieces(value, escapeXmlText);

function attribute(name: string, value: string | number | undefined): string {
  if (value === undefined) return '';
  return ` ${name}="${escapeXmlAttribute(String(value))}"`;
}

/** Whole non-negative numbers only: the schema's xs:nonNegativeInteger. */
function size(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

export interface ArticleXmlOptions {
  /** Indent with two spaces, one element per line (default true). Text is never re-indented. */
  pretty?: boolean;
}

function articleElement(article: Article, level: number, pretty: boolean, standalone: boolean): string {
  const nl = pretty ? '\n' : '';
  const pad = (extra: number) => (pretty ? '  '.repeat(level + extra) : '');
  const out: string[] = [];
  out.push(
    `${pad(0)}<article${standalone ? attribute('schema', ARTICLE_XML_SCHEMA) : ''}${attribute('id', article.id)}${attribute('url', article.url)}` +
      `${attribute('extractor', article.extractor.name)}${attribute('extractor-version', article.extractor.version)}>${nl}`,
  );
  if (article.title !== undefined) out.push(`${pad(1)}<title>${text(article.title)}</title>${nl}`);
  if (article.metadata !== undefined) out.push(metadataElement(article.metadata, pad, nl));
  if (article.assessment !== undefined) out.push(qualityElement(article.assessment, pad, nl));
  if (article.blocks.length === 0) out.push(`${pad(1)}<text/>${nl}`);
  else {
    out.push(`${pad(1)}<text>${nl}`);
    for (const block of article.blocks) {
      tick('output');
      const level =
        block.kind === 'heading' && block.level !== undefined ? attribute('level', block.level) : '';
      out.push(`${pad(2)}<block${attribute('kind', block.kind)}${level}>${text(block.text)}</block>${nl}`);
    }
    out.push(`${pad(1)}</text>${nl}`);
  }
  if (article.media.length === 0) out.push(`${pad(1)}<media/>${nl}`);
  else {
    out.push(`${pad(1)}<media>${nl}`);
    for (const item of article.media) {
      tick('output');
      const attributes =
        attribute('type', item.type) +
        attribute('src', item.src) +
        attribute('width', size(item.width)) +
        attribute('height', size(item.height)) +
        attribute('poster', item.poster);
      const children: string[] = [];
      if (item.alt !== undefined) children.push(`<alt>${text(item.alt)}</alt>`);
      if (item.title !== undefined) children.push(`<title>${text(item.title)}</title>`);
      if (item.caption !== undefined) children.push(`<caption>${text(item.caption)}</caption>`);
      if (children.length === 0) out.push(`${pad(2)}<item${attributes}/>${nl}`);
      else {
        out.push(`${pad(2)}<item${attributes}>${nl}`);
        for (const child of children) out.push(`${pad(3)}${child}${nl}`);
        out.push(`${pad(2)}</item>${nl}`);
      }
    }
    out.push(`${pad(1)}</media>${nl}`);
  }
  if (article.comments !== undefined) out.push(commentsElement(article.comments, pad, nl));
  if (article.diagnostics !== undefined) {
    const json = JSON.stringify(jsonSafe(article.diagnostics)) ?? 'null';
    out.push(`${pad(1)}<diagnostics format="json">${text(json)}</diagnostics>${nl}`);
  }
  out.push(`${pad(0)}</article>${nl}`);
  return out.join('');
}

function qualityElement(assessment: ResultAssessment, pad: (extra: number) => string, nl: string): string {
  const attributes =
    attribute('score', assessment.quality ?? undefined) +
    attribute('page-type', assessment.pageType.type) +
    attribute('page-type-probability', assessment.pageType.probability);
  if (assessment.reasons.length === 0) return `${pad(1)}<quality${attributes}/>${nl}`;
  const reasons = assessment.reasons.map((reason) => `${pad(2)}<reason>${text(reason)}</reason>${nl}`);
  return `${pad(1)}<quality${attributes}>${nl}${reasons.join('')}${pad(1)}</quality>${nl}`;
}

function metadataElement(metadata: Metadata, pad: (extra: number) => string, nl: string): string {
  const fields: [string, string | undefined][] = [];
  for (const author of metadata.authors ?? []) fields.push(['author', author]);
  fields.push(
    ['published', metadata.published],
    ['modified', metadata.modified],
    ['site-name', metadata.siteName],
    ['language', metadata.language],
    ['direction', metadata.direction],
    ['description', metadata.description],
    ['canonical-url', metadata.canonicalUrl],
    ['image', metadata.image],
  );
  for (const tag of metadata.tags ?? []) fields.push(['tag', tag]);
  fields.push(['page-type', metadata.pageType]);
  const present = fields.filter((field): field is [string, string] => field[1] !== undefined);
  if (present.length === 0) return `${pad(1)}<metadata/>${nl}`;
  const lines = present.map(([name, value]) => `${pad(2)}<${name}>${text(value)}</${name}>${nl}`);
  return `${pad(1)}<metadata>${nl}${lines.join('')}${pad(1)}</metadata>${nl}`;
}

function commentsElement(
  comments: readonly OutputComment[],
  pad: (extra: number) => string,
  nl: string,
): string {
  if (comments.length === 0) return `${pad(1)}<comments/>${nl}`;
  const lines = comments.map(
    (comment) =>
      `${pad(2)}<comment${attribute('author', comment.author)}${attribute('date', comment.date)}` +
      `${attribute('reply-to', comment.replyTo)}>${text(comment.text)}</comment>${nl}`,
  );
  return `${pad(1)}<comments>${nl}${lines.join('')}${pad(1)}</comments>${nl}`;
}

function failureElement(failure: ArticleFailure, level: number, pretty: boolean): string {
  const pad = pretty ? '  '.repeat(level) : '';
  return `${pad}<failure${attribute('id', failure.id)}${attribute('url', failure.url)}${attribute('code', failure.code)}>${text(failure.message)}</failure>${pretty ? '\n' : ''}`;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** One article as an XML document (schemas/article.xsd, root `<article>`). */
export function toXml(article: Article, options: ArticleXmlOptions = {}): string {
  const pretty = options.pretty !== false;
  const body = articleElement(article, 0, pretty, true);
  return `${DECLARATION}${pretty ? body : `${body}\n`}`;
}

/** The start of a batch document; follow with `writeBatchEntry` per page and `ARTICLES_XML_END`. */
export const ARTICLES_XML_START = `${DECLARATION}<articles schema="${ARTICLE_XML_SCHEMA}">\n`;
export const ARTICLES_XML_END = '</articles>\n';

/** One entry of a batch (an article or a failure), for streaming output. */
export function writeBatchEntry(entry: Article | ArticleFailure, options: ArticleXmlOptions = {}): string {
  const pretty = options.pretty !== false;
  const element =
    'code' in entry ? failureElement(entry, 1, pretty) : articleElement(entry, 1, pretty, false);
  return pretty ? element : `${element}\n`;
}

/** A batch as one XML document (schemas/article.xsd, root `<articles>`). */
export function writeArticlesXml(
  entries: readonly (Article | ArticleFailure)[],
  options: ArticleXmlOptions = {},
): string {
  return `${ARTICLES_XML_START}${entries.map((entry) => writeBatchEntry(entry, options)).join('')}${ARTICLES_XML_END}`;
}
