/**
 * Page-type features: one pass over a `Doc` gives a fixed-length vector of
 * named numbers — URL cues, head signals (og:type, schema.org types from
 * JSON-LD and microdata, generator and platform assets), DOM counts normalised
 * by page size, repeated-sibling structure (cards, posts), class/id cues and
 * short English text cues. Counts are log1p-compressed, shares are in [0, 1].
 *
 * Cost: linear in the document; class strings are matched once per distinct
 * string (pages repeat them), text cues only on short texts, JSON-LD walks are
 * bounded. See docs/algorithms/page-type.md for the measured time.
 */
import { type Doc, IS_BLOCK, NodeKind, TAG, tick } from '../../dom/index.js';
import type { Metadata } from '../../metadata/index.js';
import { parseJsonLd } from '../../metadata/index.js';
import {
  CLASS_CUES,
  combinedPattern,
  cueMask,
  KeywordMatcher,
  PLATFORM_CUES,
  SCHEMA_FAMILIES,
  TEXT_CUES,
} from './cues.js';
import { URL_FEATURE_NAMES, urlFeatures } from './url.js';

const HEAD_FEATURE_NAMES = [
  'head.ogArticle',
  'head.ogProduct',
  'head.ogWebsite',
  'head.ogOther',
  'head.productPriceMeta',
  'head.relNext',
  'head.titleWords',
  'head.jsonLdBlocks',
  'head.schemaProducts',
  'head.schemaListItems',
  'head.schemaArticleBody',
  'head.metadataArticleType',
] as const;

const DOM_FEATURE_NAMES = [
  'dom.words',
  'dom.elements',
  'dom.textNodes',
  'dom.linkDensity',
  'dom.linksPerWord',
  'dom.wordsPerContainer',
  'dom.pCount',
  'dom.pRate',
  'dom.pShare',
  'dom.longP',
  'dom.longPShare',
  'dom.liCount',
  'dom.liRate',
  'dom.liShare',
  'dom.liLinkDensity',
  'dom.tables',
  'dom.tableShare',
  'dom.pre',
  'dom.preShare',
  'dom.code',
  'dom.articles',
  'dom.articleShare',
  'dom.sections',
  'dom.sectionRate',
  'dom.main',
  'dom.h1',
  'dom.h2',
  'dom.h3',
  'dom.headingsPerKiloWord',
  'dom.forms',
  'dom.inputs',
  'dom.buttons',
  'dom.selects',
  'dom.textareas',
  'dom.images',
  'dom.imagesPerKiloWord',
  'dom.time',
  'dom.nav',
  'dom.aside',
  'dom.blockquote',
  'dom.dl',
  'dom.svg',
  'dom.iframes',
  'dom.videos',
  'dom.prices',
  'dom.pricesPerKiloWord',
  'dom.breadcrumb',
  'dom.pagination',
  'dom.topBlockWords',
  'dom.topBlockShare',
  'dom.topBlockProseShare',
  'dom.secondBlockRatio',
  'dom.proseBlocks',
  'dom.linkedHeadings',
  'dom.linkedHeadingShare',
] as const;

const REPEAT_FEATURE_NAMES = [
  'rep.maxRun',
  'rep.runs',
  'rep.richRuns',
  'rep.cardItems',
  'rep.cardRate',
  'rep.topRunTextShare',
  'rep.topRunItems',
  'rep.topRunWordsPerItem',
  'rep.topRunLinkDensity',
  'rep.longItemRuns',
] as const;

type CueName<T extends readonly (readonly [string, unknown])[]> = T[number][0];

const CLASS_FEATURE_NAMES = CLASS_CUES.map(([name]) => `cls.${name}` as const);
const TEXT_FEATURE_NAMES = TEXT_CUES.map(([name]) => `txt.${name}` as const);
const SCHEMA_FEATURE_NAMES = SCHEMA_FAMILIES.map(([name]) => `schema.${name}` as const);
const PLATFORM_FEATURE_NAMES = PLATFORM_CUES.map(([name]) => `gen.${name}` as const);

export type PageTypeFeatureName =
  | (typeof URL_FEATURE_NAMES)[number]
  | (typeof HEAD_FEATURE_NAMES)[number]
  | (typeof DOM_FEATURE_NAMES)[number]
  | (typeof REPEAT_FEATURE_NAMES)[number]
  | `cls.${CueName<typeof CLASS_CUES>}`
  | `txt.${CueName<typeof TEXT_CUES>}`
  | `schema.${CueName<typeof SCHEMA_FAMILIES>}`
  | `gen.${CueName<typeof PLATFORM_CUES>}`;

/** The names of the features, in vector order. */
export const PAGE_TYPE_FEATURE_NAMES: readonly PageTypeFeatureName[] = Object.freeze([
  ...URL_FEATURE_NAMES,
  ...HEAD_FEATURE_NAMES,
  ...SCHEMA_FEATURE_NAMES,
  ...PLATFORM_FEATURE_NAMES,
  ...DOM_FEATURE_NAMES,
  ...REPEAT_FEATURE_NAMES,
  ...CLASS_FEATURE_NAMES,
  ...TEXT_FEATURE_NAMES,
]);

/** Where each feature sits in the vector. */
export const PAGE_TYPE_FEATURE_INDEX: Readonly<Record<PageTypeFeatureName, number>> = Object.freeze(
  Object.fromEntries(PAGE_TYPE_FEATURE_NAMES.map((name, index) => [name, index])) as Record<
    PageTypeFeatureName,
    number
  >,
);

const F = PAGE_TYPE_FEATURE_INDEX;
const URL_OFFSET = F['url.present'];
const SCHEMA_OFFSET = F[`schema.${SCHEMA_FAMILIES[0][0]}`];
const PLATFORM_OFFSET = F[`gen.${PLATFORM_CUES[0][0]}`];
const CLASS_OFFSET = F[`cls.${CLASS_CUES[0][0]}`];
const TEXT_OFFSET = F[`txt.${TEXT_CUES[0][0]}`];

const CLASS_MATCHER = new KeywordMatcher(CLASS_CUES);
const TEXT_PATTERN = combinedPattern(TEXT_CUES);
const PLATFORM_PATTERN = combinedPattern(
  PLATFORM_CUES.map(([name, words]) => [name, `\\b(?:${words})\\b`] as const),
);
const CLASS_SLOT = Object.fromEntries(CLASS_CUES.map(([name], index) => [name, index])) as Record<
  CueName<typeof CLASS_CUES>,
  number
>;

/** A price: a currency sign next to a number, or a number followed by a currency. */
const PRICE =
  /[$€£¥₹₩₽]\s?\d|\d(?:[.,]\d{2})?\s?(?:€|£|zł|kr|kč|lei|₽|руб|eur|usd|gbp|chf|sek|nok|dkk|pln)(?:$|[^a-z])/i;
/** Longest visible text (trimmed characters) tested against the English text cues. */
const SHORT_TEXT = 48;
/** Words that make a `<p>` a prose paragraph. */
const LONG_PARAGRAPH_WORDS = 25;
/** Words that make a block of direct text and paragraphs a prose block. */
const PROSE_BLOCK_WORDS = 25;
/** Bounds on the JSON-LD walk (values visited per page, nesting). */
const MAX_JSONLD_VISITS = 20_000;
const MAX_JSONLD_DEPTH = 24;
const MAX_JSONLD_BLOCKS = 32;
const MAX_JSONLD_LENGTH = 2 * 1024 * 1024;

/** What a class string says: its cue bits, and an id for sibling signatures. */
interface ClassInfo {
  mask: number;
  id: number;
}

/** Per-tag slots of the simple element counters. */
const COUNTED = [
  'p',
  'li',
  'table',
  'pre',
  'code',
  'article',
  'section',
  'main',
  'h1',
  'h2',
  'h3',
  'h4',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'img',
  'time',
  'nav',
  'aside',
  'blockquote',
  'dl',
  'svg',
  'iframe',
  'video',
] as const;
type Counted = (typeof COUNTED)[number];
const SLOT_OF_TAG = new Int8Array(256).fill(-1);
COUNTED.forEach((name, slot) => {
  SLOT_OF_TAG[TAG[name]] = slot;
});
const SLOT = Object.fromEntries(COUNTED.map((name, slot) => [name, slot])) as Record<Counted, number>;

/** Elements that can be the items of a repeated structure (cards, posts, teasers). */
const IS_ITEM = new Uint8Array(256);
for (const name of ['div', 'li', 'article', 'section', 'figure', 'a', 'dd', 'unknown'] as const)
  IS_ITEM[TAG[name]] = 1;
/** Headings h1–h6 (for headings that are links: teasers). */
const IS_HEADING_TAG = new Uint8Array(256);
for (const name of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const) IS_HEADING_TAG[TAG[name]] = 1;

/** Elements whose words are summed over the outermost ones only (nesting is not counted twice). */
const OUTERMOST = ['li', 'table', 'pre', 'article'] as const;
const OUTER_SLOT_OF_TAG = new Int8Array(256).fill(-1);
OUTERMOST.forEach((name, slot) => {
  OUTER_SLOT_OF_TAG[TAG[name]] = slot;
});
const OUTER = Object.fromEntries(OUTERMOST.map((name, slot) => [name, slot])) as Record<
  (typeof OUTERMOST)[number],
  number
>;

/** Optional inputs of `pageTypeFeatures`. */
export type PageTypeMetadata = Pick<Metadata, 'pageType' | 'canonicalUrl'>;

const log1p = Math.log1p;
const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/**
 * The page-type feature vector of a document (names in `PAGE_TYPE_FEATURE_NAMES`).
 *
 * `url` defaults to the Doc's URL, then to the metadata's canonical URL.
 * `metadata` (from `extractMetadata`), when given, adds its main-entity type.
 *
 * One pass over the nodes fills a {@link PageTally}; each group of features is then written
 * from it by a step of its own.
 */
export function pageTypeFeatures(doc: Doc, url?: string, metadata?: PageTypeMetadata): Float32Array {
  const out = new Float32Array(PAGE_TYPE_FEATURE_NAMES.length);
  urlFeatures(url ?? doc.url ?? metadata?.canonicalUrl, out, URL_OFFSET);
  const tally = tallyPage(doc);
  writeHeadFeatures(out, tally, metadata);
  writeDomFeatures(out, tally);
  writeProseBlockFeatures(out, tally);
  writeRunFeatures(out, tally);
  writeCueFeatures(out, tally);
  return out;
}

/** What one pass over a page counts, for the feature groups to read. */
class PageTally {
  readonly doc: Doc;
  readonly root: number;
  readonly bodyWords: number;
  readonly bodyText: number;
  readonly bodyElements: number;
  readonly scratch: Scratch;
  // Head: what the page declares about itself.
  ogType = '';
  productPriceMeta = 0;
  relNext = 0;
  titleWords = 0;
  jsonLdBlocks = 0;
  readonly jsonLd = { products: 0, listItems: 0, articleBody: 0 };
  readonly schemaTypes = new Set<string>();
  platformMask = 0;
  // Elements and text.
  readonly counts = new Int32Array(COUNTED.length);
  readonly classCounts = new Int32Array(CLASS_CUES.length);
  readonly textCounts = new Int32Array(TEXT_CUES.length);
  /** The cue mask and number of each `class` value of the page, by `Doc.classValueNumber`. */
  readonly classInfos: (ClassInfo | undefined)[];
  /** The page's numbers of the attributes `tallyCues` reads on every element (`Doc.attributeId`). */
  readonly attributeIds: { id: number; itemType: number; ariaLabel: number; rel: number };
  textNodes = 0;
  containers = 0;
  prices = 0;
  breadcrumbLabel = 0;
  headings = 0;
  linkedHeadings = 0;
  // Words inside the outermost element of each kind (no double counting of nesting).
  pWords = 0;
  longP = 0;
  longPWords = 0;
  readonly outerEnd = new Int32Array(OUTERMOST.length).fill(-1);
  readonly outerWords = new Float64Array(OUTERMOST.length);
  liLinkText = 0;
  liText = 0;
  // The largest block of direct prose (scratch.blockWords holds every block's).
  topBlockWords = 0;
  readonly runs: RunSummary = {
    maxRun: 0,
    runs: 0,
    richRuns: 0,
    longItemRuns: 0,
    cardItems: 0,
    topRunText: 0,
    topRunItems: 0,
    topRunWords: 0,
    topRunLinkText: 0,
  };

  constructor(doc: Doc) {
    this.doc = doc;
    this.classInfos = new Array(doc.classCount).fill(undefined);
    this.attributeIds = {
      id: doc.attributeId('id'),
      itemType: doc.attributeId('itemtype'),
      ariaLabel: doc.attributeId('aria-label'),
      rel: doc.attributeId('rel'),
    };
    this.root = doc.contentRoot;
    const { wordCount, textLength, tagCount } = doc.columns;
    this.bodyWords = wordCount[this.root];
    this.bodyText = textLength[this.root];
    this.bodyElements = Math.max(1, tagCount[this.root]);
    this.scratch = scratchFor(doc.size);
  }

  /** Adds `words` of prose to `block`, keeping the largest block's count. */
  addBlockWords(block: number, words: number): void {
    const blockWords = this.scratch.blockWords;
    blockWords[block] += words;
    if (blockWords[block] > this.topBlockWords) this.topBlockWords = blockWords[block];
  }
}

/** The one pass: every visible text node and element, head elements read and skipped. */
function tallyPage(doc: Doc): PageTally {
  const tally = new PageTally(doc);
  const { kind, tag, hidden } = doc.columns;
  const size = doc.size;
  for (let node = 0; node < size; node++) {
    tick('page type');
    const nodeKind = kind[node];
    if (nodeKind === NodeKind.Text) {
      if (!hidden[node]) tallyText(tally, node);
      continue;
    }
    if (nodeKind !== NodeKind.Element) continue;
    const tagId = tag[node];
    const last = tallyHeadElement(tally, node, tagId);
    if (last >= 0) {
      node = last;
      continue;
    }
    if (hidden[node]) continue;
    node = tallyElement(tally, node, tagId);
  }
  for (let owner = 0; owner < size; owner++)
    if (tally.scratch.runLength[owner] >= 3) flushRun(tally.scratch, tally.runs, owner);
  return tally;
}

/** A visible text node: containers, direct prose of its block, prices, short text cues. */
function tallyText(tally: PageTally, node: number): void {
  const { doc } = tally;
  const { tag, parent, textLength, linkTextLength, wordCount } = doc.columns;
  const length = textLength[node];
  if (length === 0) return;
  tally.textNodes++;
  const owner = parent[node];
  if (owner >= 0) {
    const containerSeen = tally.scratch.containerSeen;
    if (containerSeen[owner] === 0) {
      containerSeen[owner] = 1;
      tally.containers++;
    }
    // Text directly in a block (old layouts: text and <br> in a <td> or <div>), through
    // inline wrappers (<font>, <b>, <span>); link text is not prose.
    if (linkTextLength[node] === 0) {
      const block = blockOf(tag, parent, tally.root, owner);
      if (tag[block] !== TAG.p) tally.addBlockWords(block, wordCount[node]);
    }
  }
  const text = doc.text(node);
  if (PRICE.test(text)) tally.prices++;
  if (length <= SHORT_TEXT) {
    const mask = textMask(text);
    if (mask !== 0)
      for (let bit = 0; bit < TEXT_CUES.length; bit++) if (mask & (1 << bit)) tally.textCounts[bit]++;
  }
}

/**
 * Head and asset elements (`<meta>`, `<link>`, `<script>`, `<title>`): read, never counted as
 * content. Returns the last node they cover (the walk goes on after it), or -1 for other elements.
 */
function tallyHeadElement(tally: PageTally, node: number, tagId: number): number {
  const { doc } = tally;
  if (tagId === TAG.meta) {
    const property = (doc.attr(node, 'property') ?? doc.attr(node, 'name') ?? '').toLowerCase();
    const content = doc.attr(node, 'content') ?? '';
    if (property === 'og:type') tally.ogType = content.trim().toLowerCase();
    else if (property === 'generator') tally.platformMask |= platformMaskOf(content);
    else if (/^(?:product|og):price:amount$/.test(property)) tally.productPriceMeta = 1;
    return node;
  }
  if (tagId === TAG.link) {
    const rel = (doc.attr(node, 'rel') ?? '').toLowerCase();
    if (rel === 'next' || rel === 'prev') tally.relNext = 1;
    const href = doc.attr(node, 'href');
    if (href !== undefined && rel.includes('stylesheet')) tally.platformMask |= platformMaskOf(href);
    return node;
  }
  if (tagId === TAG.script) {
    const type = doc.attr(node, 'type');
    if (type !== undefined && /ld\+json/i.test(type) && tally.jsonLdBlocks < MAX_JSONLD_BLOCKS) {
      tally.jsonLdBlocks++;
      readJsonLdTypes(doc, node, tally.schemaTypes, tally.jsonLd);
    } else {
      const source = doc.attr(node, 'src');
      if (source !== undefined) tally.platformMask |= platformMaskOf(source);
    }
    return doc.end(node) - 1;
  }
  if (tagId === TAG.title) {
    if (tally.titleWords === 0) tally.titleWords = countWords(doc, node);
    return doc.end(node) - 1;
  }
  return -1;
}

/** A visible content element: its tag counts, prose, cues and sibling run. Returns where the walk goes on from. */
function tallyElement(tally: PageTally, node: number, tagId: number): number {
  const { doc } = tally;
  const { tag, end, parent, textLength, linkTextLength, wordCount, linkCount } = doc.columns;
  let last = node;
  const slot = SLOT_OF_TAG[tagId] ?? -1;
  if (slot >= 0) tally.counts[slot]++;
  const outer = OUTER_SLOT_OF_TAG[tagId] ?? -1;
  if (outer >= 0 && node >= tally.outerEnd[outer]) {
    tally.outerEnd[outer] = end[node];
    tally.outerWords[outer] += wordCount[node];
    if (tagId === TAG.li) {
      tally.liText += textLength[node];
      tally.liLinkText += linkTextLength[node];
    }
  }
  if (IS_HEADING_TAG[tagId] === 1 && wordCount[node] > 0) {
    tally.headings++;
    const up = parent[node];
    if (
      linkCount[node] > 0 ||
      (up >= 0 && (tag[up] === TAG.a || (parent[up] >= 0 && tag[parent[up]] === TAG.a)))
    ) {
      tally.linkedHeadings++;
    }
  }
  switch (tagId) {
    case TAG.p: {
      tally.pWords += wordCount[node];
      const holder = parent[node] >= 0 ? blockOf(tag, parent, tally.root, parent[node]) : -1;
      if (holder >= 0 && linkTextLength[node] * 2 < textLength[node])
        tally.addBlockWords(holder, wordCount[node]);
      if (wordCount[node] >= LONG_PARAGRAPH_WORDS) {
        tally.longP++;
        tally.longPWords += wordCount[node];
      }
      break;
    }
    case TAG.svg:
    case TAG.iframe:
      last = end[node] - 1; // nothing inside is content
      break;
  }
  // After an <svg> or <iframe> these read the last node inside it, not the element: the shipped
  // page-type and block models were trained on features counted so; reading the element's own
  // class is a change for the next retraining of both.
  const classes = tallyCues(tally, last, tagId);
  extendRun(tally, last, tagId, classes);
  return last;
}

/** Class/id cues, microdata types, a breadcrumb label, `rel=next` on a link. */
function tallyCues(tally: PageTally, node: number, tagId: number): ClassInfo {
  const { doc, attributeIds } = tally;
  const classes = classInfoOf(tally, node);
  const id = doc.classNumber(node) < 0 ? doc.attrById(node, attributeIds.id) : undefined;
  let mask = classes.mask;
  // An id's cues only: ids differ per element, and numbering each one in the class table (for the
  // sibling runs, which read classes) made an entry and an object per element for nothing.
  if (id !== undefined && id.length > 0) mask |= classMask(id);
  if (mask !== 0) {
    for (let bit = 0; bit < CLASS_CUES.length; bit++) if (mask & (1 << bit)) tally.classCounts[bit]++;
  }
  const itemType = doc.attrById(node, attributeIds.itemType);
  if (itemType !== undefined) addMicrodataTypes(itemType, tally.schemaTypes);
  const label = doc.attrById(node, attributeIds.ariaLabel);
  if (label !== undefined && /breadcrumb/i.test(label)) tally.breadcrumbLabel = 1;
  if (tagId === TAG.a && tally.relNext === 0) {
    const rel = doc.attrById(node, attributeIds.rel);
    if (rel === 'next' || rel === 'prev') tally.relNext = 1;
  }
  return classes;
}

/**
 * Sibling runs: same tag and same class string in a row under one parent. Only item-like
 * containers: table rows of old layouts and an article's paragraphs are not cards.
 */
function extendRun(tally: PageTally, node: number, tagId: number, classes: ClassInfo): void {
  const { parent, textLength, linkTextLength, wordCount, linkCount } = tally.doc.columns;
  const owner = parent[node];
  if (owner < 0 || IS_ITEM[tagId] !== 1) return;
  const { runSignature, runLength, runText, runLinkText, runWords, runCards } = tally.scratch;
  const signature = classes.id * 512 + tagId + 1;
  const words = wordCount[node];
  const card = linkCount[node] > 0 && words >= 3 && words <= 80 ? 1 : 0;
  if (runSignature[owner] === signature) {
    runLength[owner]++;
    runText[owner] += textLength[node];
    runLinkText[owner] += linkTextLength[node];
    runWords[owner] += words;
    runCards[owner] += card;
  } else {
    flushRun(tally.scratch, tally.runs, owner);
    runSignature[owner] = signature;
    runLength[owner] = 1;
    runText[owner] = textLength[node];
    runLinkText[owner] = linkTextLength[node];
    runWords[owner] = words;
    runCards[owner] = card;
  }
}

/** `head.*`, `schema.*`, `gen.*`: what the page declares (OpenGraph, JSON-LD, microdata, generator). */
function writeHeadFeatures(
  out: Float32Array,
  tally: PageTally,
  metadata: PageTypeMetadata | undefined,
): void {
  const { ogType, jsonLd, schemaTypes } = tally;
  out[F['head.ogArticle']] = /^(?:article|blog|news)/.test(ogType) ? 1 : 0;
  out[F['head.ogProduct']] = /product/.test(ogType) ? 1 : 0;
  out[F['head.ogWebsite']] = ogType === 'website' ? 1 : 0;
  out[F['head.ogOther']] = ogType !== '' && !/^(?:article|blog|news|website)|product/.test(ogType) ? 1 : 0;
  out[F['head.productPriceMeta']] = tally.productPriceMeta;
  out[F['head.relNext']] = tally.relNext;
  out[F['head.titleWords']] = log1p(tally.titleWords);
  out[F['head.jsonLdBlocks']] = log1p(tally.jsonLdBlocks);
  out[F['head.schemaProducts']] = log1p(jsonLd.products);
  out[F['head.schemaListItems']] = log1p(jsonLd.listItems);
  out[F['head.schemaArticleBody']] = log1p(jsonLd.articleBody) / 10;
  const declared = metadata?.pageType?.toLowerCase() ?? '';
  out[F['head.metadataArticleType']] = /article|posting|report/.test(declared) ? 1 : 0;
  if (declared !== '') schemaTypes.add(declared.replace(/^.*[/:]/, ''));
  for (const type of schemaTypes) {
    for (let family = 0; family < SCHEMA_FAMILIES.length; family++) {
      if (SCHEMA_FAMILIES[family][1].test(type)) out[SCHEMA_OFFSET + family] = 1;
    }
  }
  for (let bit = 0; bit < PLATFORM_CUES.length; bit++)
    out[PLATFORM_OFFSET + bit] = tally.platformMask & (1 << bit) ? 1 : 0;
}

/** `dom.*` counts and shares: words, links, paragraphs, lists, tables, forms, media, prices. */
function writeDomFeatures(out: Float32Array, tally: PageTally): void {
  const { bodyWords, bodyText, bodyElements, root, counts, outerWords } = tally;
  const { linkTextLength, linkCount } = tally.doc.columns;
  const kiloWords = Math.max(bodyWords, 50) / 1000;
  const rate = (count: number) => (100 * count) / bodyElements;
  const c = (name: Counted) => counts[SLOT[name]];
  out[F['dom.words']] = log1p(bodyWords);
  out[F['dom.elements']] = log1p(bodyElements);
  out[F['dom.textNodes']] = log1p(tally.textNodes);
  out[F['dom.linkDensity']] = share(linkTextLength[root], bodyText);
  out[F['dom.linksPerWord']] = Math.min(1, linkCount[root] / Math.max(1, bodyWords));
  out[F['dom.wordsPerContainer']] = log1p(tally.containers > 0 ? bodyWords / tally.containers : 0);
  out[F['dom.pCount']] = log1p(c('p'));
  out[F['dom.pRate']] = rate(c('p'));
  out[F['dom.pShare']] = share(tally.pWords, bodyWords);
  out[F['dom.longP']] = log1p(tally.longP);
  out[F['dom.longPShare']] = share(tally.longPWords, bodyWords);
  out[F['dom.liCount']] = log1p(c('li'));
  out[F['dom.liRate']] = rate(c('li'));
  out[F['dom.liShare']] = share(outerWords[OUTER.li], bodyWords);
  out[F['dom.liLinkDensity']] = share(tally.liLinkText, tally.liText);
  out[F['dom.tables']] = log1p(c('table'));
  out[F['dom.tableShare']] = share(outerWords[OUTER.table], bodyWords);
  out[F['dom.pre']] = log1p(c('pre'));
  out[F['dom.preShare']] = share(outerWords[OUTER.pre], bodyWords);
  out[F['dom.code']] = log1p(c('code'));
  out[F['dom.articles']] = log1p(c('article'));
  out[F['dom.articleShare']] = share(outerWords[OUTER.article], bodyWords);
  out[F['dom.sections']] = log1p(c('section'));
  out[F['dom.sectionRate']] = rate(c('section'));
  out[F['dom.main']] = c('main') > 0 ? 1 : 0;
  out[F['dom.h1']] = log1p(c('h1'));
  out[F['dom.h2']] = log1p(c('h2'));
  out[F['dom.h3']] = log1p(c('h3') + c('h4'));
  out[F['dom.headingsPerKiloWord']] = log1p((c('h1') + c('h2') + c('h3') + c('h4')) / kiloWords);
  out[F['dom.forms']] = log1p(c('form'));
  out[F['dom.inputs']] = log1p(c('input'));
  out[F['dom.buttons']] = log1p(c('button'));
  out[F['dom.selects']] = log1p(c('select'));
  out[F['dom.textareas']] = log1p(c('textarea'));
  out[F['dom.images']] = log1p(c('img'));
  out[F['dom.imagesPerKiloWord']] = log1p(c('img') / kiloWords);
  out[F['dom.time']] = log1p(c('time'));
  out[F['dom.nav']] = log1p(c('nav'));
  out[F['dom.aside']] = log1p(c('aside'));
  out[F['dom.blockquote']] = log1p(c('blockquote'));
  out[F['dom.dl']] = log1p(c('dl'));
  out[F['dom.svg']] = log1p(c('svg'));
  out[F['dom.iframes']] = log1p(c('iframe'));
  out[F['dom.videos']] = log1p(c('video'));
  out[F['dom.prices']] = log1p(tally.prices);
  out[F['dom.pricesPerKiloWord']] = log1p(tally.prices / kiloWords);
  out[F['dom.breadcrumb']] = tally.breadcrumbLabel || tally.classCounts[CLASS_SLOT.breadcrumb] > 0 ? 1 : 0;
  out[F['dom.pagination']] = tally.relNext || tally.classCounts[CLASS_SLOT.pagination] > 0 ? 1 : 0;
}

/** Prose blocks: one dominant block is an article; many similar ones are teasers or posts. */
function writeProseBlockFeatures(out: Float32Array, tally: PageTally): void {
  const { bodyWords, bodyText, root, topBlockWords, headings, linkedHeadings } = tally;
  const blockWords = tally.scratch.blockWords;
  const size = tally.doc.size;
  let secondBlockWords = 0;
  let proseBlocks = 0;
  let seenTop = false;
  for (let node = 0; node < size; node++) {
    tick('page type');
    const words = blockWords[node];
    if (words >= PROSE_BLOCK_WORDS) proseBlocks++;
    if (words === topBlockWords && !seenTop) seenTop = true;
    else if (words > secondBlockWords) secondBlockWords = words;
  }
  const linkShare = share(tally.doc.columns.linkTextLength[root], bodyText);
  const proseWords = bodyWords * (1 - linkShare);
  out[F['dom.topBlockProseShare']] = share(topBlockWords, proseWords);
  out[F['dom.secondBlockRatio']] = share(secondBlockWords, topBlockWords);
  out[F['dom.proseBlocks']] = log1p(proseBlocks);
  out[F['dom.topBlockWords']] = log1p(topBlockWords);
  out[F['dom.topBlockShare']] = share(topBlockWords, bodyWords);
  out[F['dom.linkedHeadings']] = log1p(linkedHeadings);
  out[F['dom.linkedHeadingShare']] = share(linkedHeadings, headings);
}

/** `rep.*`: runs of same-signature siblings (cards, posts, menu items). */
function writeRunFeatures(out: Float32Array, tally: PageTally): void {
  const {
    maxRun,
    runs,
    richRuns,
    longItemRuns,
    cardItems,
    topRunText,
    topRunItems,
    topRunWords,
    topRunLinkText,
  } = tally.runs;
  out[F['rep.maxRun']] = log1p(maxRun);
  out[F['rep.runs']] = log1p(runs);
  out[F['rep.richRuns']] = log1p(richRuns);
  out[F['rep.cardItems']] = log1p(cardItems);
  out[F['rep.cardRate']] = (100 * cardItems) / tally.bodyElements;
  out[F['rep.topRunTextShare']] = share(topRunText, tally.bodyText);
  out[F['rep.topRunItems']] = log1p(topRunItems);
  out[F['rep.topRunWordsPerItem']] = log1p(topRunItems > 0 ? topRunWords / topRunItems : 0);
  out[F['rep.topRunLinkDensity']] = share(topRunLinkText, topRunText);
  out[F['rep.longItemRuns']] = log1p(longItemRuns);
}

/** `cls.*` and `txt.*`: how many elements and short texts carry each cue. */
function writeCueFeatures(out: Float32Array, tally: PageTally): void {
  for (let bit = 0; bit < CLASS_CUES.length; bit++) out[CLASS_OFFSET + bit] = log1p(tally.classCounts[bit]);
  for (let bit = 0; bit < TEXT_CUES.length; bit++) out[TEXT_OFFSET + bit] = log1p(tally.textCounts[bit]);
}

/** What the repeated-sibling runs of a page add up to. */
interface RunSummary {
  maxRun: number;
  runs: number;
  richRuns: number;
  longItemRuns: number;
  cardItems: number;
  topRunText: number;
  topRunItems: number;
  topRunWords: number;
  topRunLinkText: number;
}

/** Adds the run of same-signature siblings that just ended under `owner` (if 3+ long). */
function flushRun(scratch: Scratch, summary: RunSummary, owner: number): void {
  const length = scratch.runLength[owner];
  if (length < 3) return;
  const { runText, runLinkText, runWords, runCards } = scratch;
  summary.runs++;
  const words = runWords[owner];
  if (words >= 5 * length) summary.richRuns++;
  if (words >= 40 * length && runLinkText[owner] < 0.3 * runText[owner]) summary.longItemRuns++;
  if (runCards[owner] >= 3) summary.cardItems += runCards[owner];
  if (length > summary.maxRun) summary.maxRun = length;
  // The run holding the most non-link text is the page's main repeated structure.
  if (runText[owner] - runLinkText[owner] > summary.topRunText - summary.topRunLinkText) {
    summary.topRunText = runText[owner];
    summary.topRunLinkText = runLinkText[owner];
    summary.topRunItems = length;
    summary.topRunWords = words;
  }
}

/** The nearest block element at or above `node`, climbing at most three inline wrappers. */
function blockOf(tag: Uint16Array, parent: Int32Array, root: number, node: number): number {
  let at = node;
  for (let step = 0; step < 3 && at > root && IS_BLOCK[tag[at]] === 0 && parent[at] >= 0; step++)
    at = parent[at];
  return at;
}

const NO_CLASS: ClassInfo = { mask: 0, id: 0 };

/**
 * The cue mask and the per-page id of an element's class (none or empty: `NO_CLASS`). The id is the
 * page's number of the class value (`Doc.classValueNumber`): the sibling runs compare ids only, and
 * the number is an array read where a map keyed by the value hashed each element's string.
 */
function classInfoOf(tally: PageTally, node: number): ClassInfo {
  const number = tally.doc.classValueNumber(node);
  if (number === 0) return NO_CLASS;
  let info = tally.classInfos[number];
  if (info === undefined) {
    const value = tally.doc.attr(node, 'class') ?? '';
    info = value.length === 0 ? NO_CLASS : { mask: classMask(value), id: number };
    tally.classInfos[number] = info;
  }
  return info;
}

/** Per-node working arrays, kept between calls (zeroed for each page) to spare the allocator. */
interface Scratch {
  capacity: number;
  runSignature: Int32Array;
  runLength: Int32Array;
  runText: Int32Array;
  runLinkText: Int32Array;
  runWords: Int32Array;
  runCards: Int32Array;
  blockWords: Int32Array;
  containerSeen: Uint8Array;
}
let shared: Scratch | undefined;
/** Pages above this many nodes get their own arrays, so one huge page does not pin memory. */
const SCRATCH_KEEP_NODES = 200_000;

function scratchFor(size: number): Scratch {
  if (shared && shared.capacity >= size) {
    for (const key of SCRATCH_KEYS) shared[key].fill(0, 0, size);
    return shared;
  }
  const fresh: Scratch = {
    capacity: size,
    runSignature: new Int32Array(size),
    runLength: new Int32Array(size),
    runText: new Int32Array(size),
    runLinkText: new Int32Array(size),
    runWords: new Int32Array(size),
    runCards: new Int32Array(size),
    blockWords: new Int32Array(size),
    containerSeen: new Uint8Array(size),
  };
  if (size <= SCRATCH_KEEP_NODES) shared = fresh;
  return fresh;
}
const SCRATCH_KEYS = [
  'runSignature',
  'runLength',
  'runText',
  'runLinkText',
  'runWords',
  'runCards',
  'blockWords',
  'containerSeen',
] as const;

/** The class cues of a class or id string; the matcher folds ASCII case itself (no lower-cased copy). */
const classMask = (value: string) => CLASS_MATCHER.mask(value);
const textMask = (text: string) => cueMask(TEXT_PATTERN, TEXT_CUES.length, text.trim().toLowerCase());

function platformMaskOf(text: string): number {
  return cueMask(PLATFORM_PATTERN, PLATFORM_CUES.length, text.slice(0, 500).toLowerCase());
}

function countWords(doc: Doc, node: number): number {
  let words = 0;
  for (let child = node + 1; child < doc.end(node); child++) {
    tick('page type');
    if (doc.kind(child) === NodeKind.Text) words += doc.text(child).split(/\s+/).filter(Boolean).length;
  }
  return words;
}

/** `itemtype` holds one or more schema.org URLs. */
function addMicrodataTypes(itemType: string, types: Set<string>): void {
  for (const url of itemType.trim().split(/\s+/).slice(0, 4)) {
    const name = url.replace(/^.*[/#:]/, '').toLowerCase();
    if (name.length > 0 && name.length < 60) types.add(name);
  }
}

/** Collects every `@type` in a JSON-LD block, counts products and list items, notes the longest article body. */
function readJsonLdTypes(
  doc: Doc,
  script: number,
  types: Set<string>,
  totals: { products: number; listItems: number; articleBody: number },
): void {
  let text = '';
  for (let node = script + 1; node < doc.end(script); node++) {
    tick('page type');
    if (doc.kind(node) === NodeKind.Text) text += doc.text(node);
    if (text.length > MAX_JSONLD_LENGTH) return;
  }
  const parsed = parseJsonLd(text);
  if (parsed === undefined || parsed === null) return;
  const stack: [unknown, number][] = [[parsed, 0]];
  let visits = 0;
  while (stack.length > 0 && visits < MAX_JSONLD_VISITS) {
    const [value, depth] = stack.pop() as [unknown, number];
    visits++;
    if (depth > MAX_JSONLD_DEPTH || typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let index = Math.min(value.length, MAX_JSONLD_VISITS) - 1; index >= 0; index--) {
        stack.push([value[index], depth + 1]);
      }
      continue;
    }
    const object = value as Record<string, unknown>;
    const rawType = object['@type'];
    const typeList = Array.isArray(rawType) ? rawType.slice(0, 8) : [rawType];
    let breadcrumb = false;
    for (const item of typeList) {
      if (typeof item !== 'string' || item.length > 100) continue;
      const name = item.replace(/^.*[/:]/, '').toLowerCase();
      types.add(name);
      if (name === 'product' || name === 'productgroup') totals.products++;
      if (name === 'breadcrumblist') breadcrumb = true;
    }
    const elements = object.itemListElement;
    if (!breadcrumb && Array.isArray(elements)) totals.listItems += elements.length;
    const body = object.articleBody ?? object.text;
    if (typeof body === 'string' && body.length > totals.articleBody) totals.articleBody = body.length;
    for (const key in object) {
      const child = object[key];
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
}
