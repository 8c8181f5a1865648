/**
 * pith: find the main content of a web page.
 *
 * ```ts
 * import { extract } from 'pith';
 * const { content, metadata } = extract(html, { url: 'https://example.com/a', format: 'markdown' });
 * ```
 *
 * The pipeline is bytes → decode → parse (`Doc`) → extractor (`Extraction`) → format.
 * Every step is exported for callers who want to run it themselves.
 */
import {
  checkDeadline,
  type Doc,
  type Extraction,
  type ParseLimits,
  parseHtml,
  withDeadline,
} from './dom/index.js';
import { PithError } from './errors.js';
import type { EXTRACT_OPTIONS, ExtractOptionName } from './extract-options.js';
import { EXTRACTORS, type ExtractorName, getExtractor } from './extractors/index.js';
import { diagnosticsPageTypeProbabilities } from './extractors/pith/index.js';
import type { Extractor, ExtractorParameter } from './extractors/types.js';
import {
  FORUM_OUTSIDE_SHARE_UNASKED,
  type SeparatedComments,
  separateComments,
} from './features/comments/index.js';
import {
  classifyPageType,
  loadPageTypeModel,
  type PageTypeModel,
  pageTypeFeatures,
  pageTypeModelFromJson,
  predictPageTypeProbabilities,
} from './features/page-type/index.js';
import {
  articleOf,
  type Chunk,
  type ChunkOptions,
  chunkMarkdown,
  formatComments,
  formatExtraction,
  type JsonMetadata,
  type OutputComment,
  type ReadComments,
  readComments,
  TOKEN_ESTIMATE,
  toJson,
  toXml,
  withFrontMatter,
} from './format/index.js';
import { checkIsPage, DEFAULT_MAX_INPUT_BYTES, decodeHtml, utf8Length } from './input/index.js';
import {
  DEFAULT_VIEWPORT,
  estimateLayout,
  type Layout,
  type LayoutProvider,
  type LayoutSource,
  type Viewport,
} from './layout/index.js';
import {
  chooseMetadata,
  loadMetadataModel,
  type Metadata,
  type MetadataModel,
  type MetadataOptions,
  type MetadataReading,
  PAGE_TYPE_NAMES,
  readMetadata,
  shippedMetadataModel,
} from './metadata/index.js';
import { isShippedModel, loadShippedModels } from './model-files.js';
import { assessQuality, type QualityAssessment } from './quality/index.js';

// The public API: what a user of the library needs, in any JavaScript runtime (no file system, no
// Node built-in). pith's own tools (cli/, server/, eval/, train/, bench/) find everything else at
// their own door, src/internal.ts.
export type { Doc, Extraction, ParseLimits } from './dom/index.js';
export { DEFAULT_LIMITS, parseHtml } from './dom/index.js';
export {
  isPithError,
  type LimitName,
  messageWithLimitNames,
  PithError,
  type PithErrorCode,
} from './errors.js';
export { EXTRACTORS, type ExtractorName, getExtractor } from './extractors/index.js';
export type { Extractor, ExtractorContext, ExtractorParameter } from './extractors/types.js';
export {
  type Article,
  articleOf,
  CHARACTER_ESTIMATE,
  type Chunk,
  type ChunkBlockKind,
  type ChunkOptions,
  type ContentFormat,
  chunkMarkdown,
  emptyRecord,
  type FormatOptions,
  formatExtraction,
  loadTokenCounter,
  type OutputComment,
  type PageRecord,
  pageRecord,
  RECORD_COLUMNS,
  RECORD_CONTENT_FORMATS,
  RECORD_SCHEMA_VERSION,
  type RecordColumnType,
  type RecordContentFormat,
  type RecordFetch,
  type RecordKeptView,
  type RecordSource,
  recordJsonSchema,
  type ServiceFields,
  TOKEN_ESTIMATE,
  type TokenCounter,
  type TokenizerName,
  toJson,
  toXml,
} from './format/index.js';
export { DEFAULT_MAX_INPUT_BYTES, type DecodedHtml, decodeHtml } from './input/index.js';
export type { Layout, LayoutProvider, LayoutSource, Viewport } from './layout/index.js';
export type { Metadata, MetadataOptions, MetadataSources } from './metadata/index.js';
export {
  loadShippedModels,
  type ModelReader,
  SHIPPED_MODELS,
  type ShippedModelName,
  setModelReader,
} from './model-files.js';
export {
  QUALITY_REASON_TEXTS,
  QUALITY_REASONS,
  type QualityAssessment,
  type QualityReason,
  RESULT_PAGE_TYPES,
  type ResultPageType,
} from './quality/index.js';
export { VERSION } from './version.js';

/** Output formats of `extract()`. */
export type OutputFormat = 'text' | 'markdown' | 'html' | 'json' | 'xml';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['markdown', 'text', 'html', 'json', 'xml'];

export interface ExtractOptions {
  /** The page URL: resolves relative links and images, and is reported in JSON/XML. */
  url?: string;
  /** HTTP `Content-Type` header of the page, when known (its charset wins over `<meta>`). */
  contentType?: string;
  /** Output format (default 'markdown'). */
  format?: OutputFormat;
  /** For 'json': the format of the content inside (default 'text'). 'xml' holds the text as blocks. */
  contentFormat?: 'text' | 'markdown' | 'html';
  /** Extractor name (default 'pith'); see `EXTRACTORS`. */
  extractor?: ExtractorName | string;
  /** Parameters of the chosen extractor (see its `parameters`). */
  extractorOptions?: Record<string, unknown>;
  /** The article title when known (from a feed, say): a hint for extractors that use one. */
  title?: string;
  /**
   * The model that chooses the title, authors and date among the page's candidates: the name of a
   * shipped model (`metadata`, the default, loaded with the library) or a name the model reader
   * knows (a file path, in pith's tools); `false` gives the rules' reading alone (what extractors read).
   */
  metadataModel?: string | false;
  /** Include the extractor's diagnostics in JSON/XML output and in the result. */
  diagnostics?: boolean;
  /** Keep images in Markdown and HTML output (default true). */
  images?: boolean;
  /** Keep links in Markdown and HTML output (default true). */
  links?: boolean;
  /**
   * Output the page's comments apart from the body: a final "Comments" section
   * in Markdown, text and HTML, a `comments` list in JSON, XML and the result.
   * Either way the comment sections leave the body — unless they are most of what
   * the extractor kept (a forum thread, whose posts are the content). Default false:
   * the body without the comments, and no comments output.
   */
  comments?: boolean;
  /**
   * Leave the comment sections in the body, as the extractor selected them (default
   * false: readers' comments are not the article; `comments: true` outputs them apart).
   */
  keepComments?: boolean;
  /**
   * Print the page title as a heading on top of the content (Markdown `# Title`, HTML
   * `<h1>`, a first line of text). Default false: `content` is the body in every format,
   * and the title is `metadata.title` (the body's own copy of the headline is left out
   * either way).
   */
  titleHeading?: boolean;
  /**
   * Put YAML front matter (title, authors, dates, URL, site, language, description, image,
   * tags, quality, page type, reasons) on top of Markdown and text content. Default false.
   */
  frontMatter?: boolean;
  /**
   * Viewport for extractors that need a layout (`vce`), default 1366×768. `extract()`
   * estimates the layout; `extractAsync()` can lay the page out in a real browser.
   */
  viewport?: Viewport;
  /** Bounds on input size, node count, depth and time (see `ParseLimits`). */
  limits?: ParseLimits & {
    /**
     * Time budget for the whole extraction, in milliseconds (default 10,000): parse, metadata,
     * extractor and output (and, in `extractAsync()`, the browser layout). Over it → TIMEOUT.
     */
    timeoutMs?: number;
    /**
     * Largest input in bytes (default 32 MiB), checked before decoding; a string counts its
     * UTF-8 length. Over it → INPUT_TOO_LARGE.
     */
    maxBytes?: number;
  };
}

/**
 * `ExtractOptions` and the option table the tools derive their flags, schemas and docs from
 * (extract-options.ts) name the same options with the same types: a key missing from either,
 * or a type that differs, is a type error here.
 */
type TableValueMatches<Spec, Value> = Spec extends { type: 'boolean' }
  ? [Value] extends [boolean]
    ? [boolean] extends [Value]
      ? true
      : false
    : false
  : Spec extends { choices: readonly (infer Choice)[] }
    ? [Value] extends [Choice]
      ? [Choice] extends [Value]
        ? true
        : false
      : false
    : Spec extends { type: 'string' }
      ? [string] extends [Value]
        ? true
        : false
      : [Value] extends [object]
        ? true
        : false;
type OptionsTableMismatch =
  | Exclude<keyof ExtractOptions, ExtractOptionName>
  | Exclude<ExtractOptionName, keyof ExtractOptions>
  | {
      [Spec in (typeof EXTRACT_OPTIONS)[number] as Spec['name']]: TableValueMatches<
        Spec,
        NonNullable<ExtractOptions[Spec['name']]>
      > extends true
        ? never
        : Spec['name'];
    }[ExtractOptionName];
type MustBeTrue<Check extends true> = Check;
// The names in the error are the options that differ.
export type ExtractOptionsMatchTheTable = MustBeTrue<
  [OptionsTableMismatch] extends [never] ? true : OptionsTableMismatch
>;

export interface ExtractResult extends QualityAssessment {
  /** The main content in the requested format. */
  content: string;
  format: OutputFormat;
  metadata: Metadata;
  extractor: { name: string; version: string };
  /** The character encoding the input bytes were decoded with (absent for string input). */
  encoding?: string;
  /** The extractor's diagnostics, when `diagnostics: true`. */
  diagnostics?: unknown;
  /** The page's comments, when `comments: true` (in page order; `replyTo` indexes this list). */
  comments?: OutputComment[];
  /** The selection over the parsed document, for callers that want to look deeper. */
  extraction: Extraction;
  /** What the caller should know about this result (e.g. a minified page a line-based extractor cannot read well). */
  warnings: string[];
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Extracts the main content of one HTML page.
 *
 * @param input the page, as a string or as raw bytes (decoded with the HTTP charset,
 *   a BOM, `<meta charset>` or detection, in that order)
 * @throws PithError when the page is over a limit (size, nodes, depth, time) or an
 *   option is invalid; never for malformed HTML.
 */
export function extract(input: string | Uint8Array, options: ExtractOptions = {}): ExtractResult {
  const { deadline, budget } = budgetOf(options);
  return withDeadline(
    deadline,
    () => {
      const prepared = prepare(input, options, deadline);
      const layout = prepared.extractor.needsLayout
        ? estimateLayout(prepared.doc, { viewport: options.viewport })
        : undefined;
      return finish(prepared, layout, options);
    },
    budget,
  );
}

/** The time budget of one call and its deadline (see dom/deadline.ts). */
function budgetOf(options: ExtractOptions): { deadline: number; budget: number } {
  const budget = options.limits?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof budget !== 'number' || Number.isNaN(budget)) {
    throw new PithError('BAD_OPTION', `limits.timeoutMs must be a number of ms, got ${String(budget)}`);
  }
  return { deadline: Date.now() + budget, budget };
}

export interface ExtractAsyncOptions extends ExtractOptions {
  /**
   * Where extractors that need a layout (`vce`) get it: a `LayoutProvider` (pith's tools pass
   * headless Chromium, `BrowserLayoutEngine`; a browser extension could measure the live page), or
   * 'estimate' (default): the layout estimated without a browser, as `extract()` does.
   * Ignored by extractors that need no layout.
   */
  layout?: LayoutProvider | 'estimate';
  /**
   * When the provider fails: 'estimate' (default) uses the estimated layout, with a warning;
   * 'error' rejects with the provider's error.
   */
  onLayoutError?: 'estimate' | 'error';
  /**
   * Time allowed for the provider's layout, in ms. The layout also counts against
   * `limits.timeoutMs`: it never gets more than what is left of it.
   */
  layoutTimeoutMs?: number;
}

export interface ExtractAsyncResult extends ExtractResult {
  /** The layout the extractor used, when it needs one. */
  layout?: { source: LayoutSource; ms: number; measured: number; unmapped: number };
}

/**
 * `extract()` that may wait: it loads the shipped model its extractor needs when that one is not
 * loaded with the library (density's, mss's), and for extractors that want a real layout (`vce`) it
 * asks the caller's `layout` provider before the extractor runs. Everything else is as in `extract()`.
 *
 * @throws PithError as `extract()`; with `onLayoutError: 'error'`, also the provider's error.
 */
export async function extractAsync(
  input: string | Uint8Array,
  options: ExtractAsyncOptions = {},
): Promise<ExtractAsyncResult> {
  await loadShippedModels(shippedModelsOf(options.extractor ?? 'pith'));
  const { deadline, budget } = budgetOf(options);
  const prepared = withDeadline(deadline, () => prepare(input, options, deadline), budget);
  const warnings: string[] = [];
  let layout: Layout | undefined;
  if (prepared.extractor.needsLayout) {
    // The browser counts against the page's budget: it gets what is left, at most layoutTimeoutMs.
    const left = Math.max(1, deadline - Date.now());
    const layoutTimeoutMs = Math.min(left, options.layoutTimeoutMs ?? Number.POSITIVE_INFINITY);
    layout = await layoutFor(prepared.doc, { ...options, layoutTimeoutMs }, warnings);
  }
  const result = withDeadline(deadline, () => finish(prepared, layout, options), budget);
  return {
    ...result,
    warnings: [...warnings, ...result.warnings],
    ...(layout
      ? {
          layout: {
            source: layout.source,
            ms: layout.stats.ms,
            measured: layout.stats.measured,
            unmapped: layout.stats.unmapped,
          },
        }
      : {}),
  };
}

/** The shipped models an extractor may name (its model parameter's list), which `extractAsync()` loads. */
function shippedModelsOf(name: string) {
  const extractor = EXTRACTORS[name as ExtractorName] as Extractor | undefined;
  return (extractor?.parameters ?? []).flatMap((parameter) => parameter.models ?? []).filter(isShippedModel);
}

async function layoutFor(doc: Doc, options: ExtractAsyncOptions, warnings: string[]): Promise<Layout> {
  const provider = options.layout ?? 'estimate';
  const onError = options.onLayoutError ?? 'estimate';
  if (provider !== 'estimate' && typeof (provider as Partial<LayoutProvider>)?.layout !== 'function') {
    throw new PithError(
      'BAD_OPTION',
      `layout must be 'estimate' or a LayoutProvider, got ${String(provider)}`,
    );
  }
  if (onError !== 'estimate' && onError !== 'error') {
    throw new PithError(
      'BAD_OPTION',
      `onLayoutError must be 'estimate' or 'error', got '${String(onError)}'`,
    );
  }
  const viewport = options.viewport ?? DEFAULT_VIEWPORT;
  if (provider === 'estimate') return estimateLayout(doc, { viewport });
  try {
    return await provider.layout(doc, { viewport, timeoutMs: options.layoutTimeoutMs });
  } catch (error) {
    if (onError === 'error') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push(`layout failed (${reason}); using the estimated layout`);
    return estimateLayout(doc, { viewport });
  }
}

interface Prepared {
  format: OutputFormat;
  extractor: Extractor<Record<string, unknown>, unknown>;
  deadline: number;
  doc: Doc;
  /** Every source of the page's metadata and the rules' answer (what the extractor reads). */
  reading: MetadataReading;
  encoding: string | undefined;
  /** What the caller should know from the steps before the extractor (an encoding read as another). */
  warnings: string[];
}

function checkedFormat(format: OutputFormat): OutputFormat {
  if (!OUTPUT_FORMATS.includes(format)) {
    throw new PithError(
      'UNKNOWN_FORMAT',
      `unknown format '${format}' (choose from ${OUTPUT_FORMATS.join(', ')})`,
    );
  }
  return format;
}

/** The steps before the extractor: options checked, bytes decoded, page parsed, metadata read. */
function prepare(input: string | Uint8Array, options: ExtractOptions, deadline: number): Prepared {
  const format = checkedFormat(options.format ?? 'markdown');
  const extractor = getExtractor(options.extractor ?? 'pith');
  checkExtractorOptions(extractor.name, extractor.parameters, options.extractorOptions ?? {});
  checkInputSize(input, options.limits?.maxBytes ?? DEFAULT_MAX_INPUT_BYTES);

  let html: string;
  let encoding: string | undefined;
  const warnings: string[] = [];
  if (typeof input === 'string') {
    html = input;
    checkIsPage(html);
  } else {
    const decoded = decodeHtml(input, { contentType: options.contentType });
    html = decoded.text;
    encoding = decoded.encoding;
    if (decoded.readAs !== undefined)
      warnings.push(
        `this runtime's TextDecoder does not know ${encoding}: the page was read as ${decoded.readAs}, ` +
          'so its characters outside ASCII are probably wrong',
      );
    checkIsPage(html, input);
  }
  checkDeadline('decoding');

  const doc = parseHtml(html, { ...options.limits, deadline, url: options.url });
  const reading = readMetadata(doc, { url: options.url });
  checkDeadline('metadata');
  return { format, extractor, deadline, doc, reading, encoding, warnings };
}

/**
 * The title the body's own copy of the headline is found by (`dropTitle`): the rules' (what the
 * extractor read), so that the learned choice of `metadata.title` leaves the body as it was.
 * Results re-rendered by `formatResult` find it here; any other metadata is its own.
 */
const BODY_TITLE = new WeakMap<Metadata, string | undefined>();

/** The model a `metadataModel` option names (undefined: the shipped one). */
function metadataModelOf(option: string | false | undefined): MetadataModel | null {
  if (option === false) return null;
  if (option === undefined) return shippedMetadataModel();
  return loadMetadataModel(option);
}

/** The page-type models metadata models carry (cross-validation folds' own), read once per model. */
const OWN_PAGE_TYPE = new WeakMap<MetadataModel, PageTypeModel>();

/**
 * The page-type probabilities the metadata choice reads, in PAGE_TYPE_NAMES order: those of the
 * page-type model the metadata model carries, if any (a fold's); else the default extractor's own
 * (it reads the page type anyway); else the recogniser's.
 */
function pageTypeProbabilities(
  doc: Doc,
  rules: Metadata,
  model: MetadataModel,
  extraction?: Extraction,
): number[] {
  if (model.pageType !== undefined) {
    let own = OWN_PAGE_TYPE.get(model);
    if (own === undefined) {
      own = pageTypeModelFromJson(model.pageType);
      OWN_PAGE_TYPE.set(model, own);
    }
    const values = predictPageTypeProbabilities(own, pageTypeFeatures(doc, doc.url, rules));
    return PAGE_TYPE_NAMES.map((_, index) => values[index]);
  }
  const typed = diagnosticsPageTypeProbabilities(extraction?.diagnostics);
  const probabilities: Readonly<Record<string, number>> =
    typed ?? classifyPageType(doc, doc.url, { model: loadPageTypeModel(), metadata: rules }).probabilities;
  return PAGE_TYPE_NAMES.map((type) => probabilities[type] ?? Number.NaN);
}

/**
 * The metadata of a result: the learned choice over the page's candidates (the rules' without a
 * model). `doc` is the page's (an extraction's may be its embedded body's own document).
 */
function chosenMetadata(
  doc: Doc,
  reading: MetadataReading,
  extraction: Extraction,
  option: string | false | undefined,
): Metadata {
  const model = metadataModelOf(option);
  if (model === null) return chooseMetadata(reading, { model });
  return chooseMetadata(reading, {
    model,
    pageType: pageTypeProbabilities(doc, reading.rules, model, extraction),
  });
}

/**
 * Reads a page's metadata: every source's candidates for the title, the authors and the
 * publication date, chosen by the shipped model (`metadataModel`: another model, or `false` for the
 * rules alone), the other fields by the rules; `sources` says where each value was found.
 */
export function extractMetadata(
  doc: Doc,
  options: MetadataOptions & { metadataModel?: string | false } = {},
): Metadata {
  const reading = readMetadata(doc, options);
  const model = metadataModelOf(options.metadataModel);
  if (model === null) return chooseMetadata(reading, { model });
  return chooseMetadata(reading, { model, pageType: pageTypeProbabilities(doc, reading.rules, model) });
}

/** The steps from the extractor on: extraction, rendering, the result. */
function finish(prepared: Prepared, layout: Layout | undefined, options: ExtractOptions): ExtractResult {
  const { extractor, doc, reading, format, encoding, deadline, warnings } = prepared;
  // The extractor, the quality estimate and the body's headline removal read the rules' metadata:
  // the learned choice changes what the result says about the page, not the body.
  const rules = reading.rules;
  const extraction = extractor.extract(doc, options.extractorOptions ?? {}, {
    metadata: rules,
    title: options.title,
    deadline,
    ...(layout ? { layout } : {}),
  });
  checkDeadline(extraction.extractor);
  const chosen = (): Metadata => {
    const metadata = chosenMetadata(doc, reading, extraction, options.metadataModel);
    BODY_TITLE.set(metadata, rules.title);
    return metadata;
  };
  // The learned choice (title, authors, date) is made when `metadata` is first read, unless the
  // output prints it: the body and its text, Markdown and HTML read the rules' title and URL.
  const printsMetadata = !BODY_ONLY_FORMATS.has(format) || options.frontMatter || options.titleHeading;
  const metadata = printsMetadata ? chosen() : undefined;
  checkDeadline('metadata');
  const assessment = new LazyAssessment(extraction, rules);
  const { content, commentList } = renderStep(extraction, metadata ?? rules, assessment, format, options);
  // Built in steps so that the keys keep their order (content … reasons, encoding, … warnings).
  const result = { content, format } as ExtractResult;
  if (metadata !== undefined) result.metadata = metadata;
  else withLazyMetadata(result, chosen);
  RULES.set(result, rules);
  result.extractor = { name: extraction.extractor, version: extraction.version };
  withAssessment(result, assessment);
  if (encoding !== undefined) result.encoding = encoding;
  if (options.diagnostics) result.diagnostics = extraction.diagnostics;
  if (commentList) result.comments = commentList;
  result.extraction = extraction;
  result.warnings = [...warnings, ...(extraction.warnings ?? [])];
  if (format === 'markdown' && !options.frontMatter && !options.titleHeading && !commentList?.length)
    Object.defineProperty(result, BODY_MARKDOWN, { value: true });
  return result;
}

/**
 * The formats whose content is the body alone: what they print of the metadata (the body's headline,
 * left out; the base URL links resolve from) is the rules', which the learned choice leaves as it is.
 */
const BODY_ONLY_FORMATS: ReadonlySet<OutputFormat> = new Set(['text', 'markdown', 'html']);

/**
 * `metadata` as a getter that makes the learned choice on its first read and then stays a plain
 * value: a caller who reads only `content` does not pay for it (about a twentieth of `extract()`).
 * Enumerable, so JSON, spreads and structured clones (worker pools) read it as any other field.
 */
function withLazyMetadata(result: ExtractResult, chosen: () => Metadata): void {
  Object.defineProperty(result, 'metadata', {
    get(this: ExtractResult) {
      const metadata = chosen();
      settle(this, metadata);
      return metadata;
    },
    set(this: ExtractResult, value: Metadata) {
      settle(this, value);
    },
    enumerable: true,
    configurable: true,
  });
}

/** `metadata` as a plain field again, in its place among the keys. */
function settle(result: ExtractResult, value: Metadata): void {
  Object.defineProperty(result, 'metadata', { value, enumerable: true, writable: true, configurable: true });
}

/** Set (not enumerable) on a result whose `content` is the Markdown body alone (what `chunk()` reads). */
const BODY_MARKDOWN = Symbol('body markdown');

/**
 * A result's Markdown body in chunks for retrieval (src/format/chunks.ts): at most `maxTokens`
 * each (counted by `tokens`; `pith/tokens` has a real tokenizer, the default estimates from
 * characters), along the heading tree, never cut inside a code block, formula, table row, list
 * item, quote or footnote unless that element alone is over the cap (the chunk says so: `split`).
 * A result in another format (or with front matter, a title heading, comments) is rendered as
 * Markdown again for it.
 */
export function chunk(result: ExtractResult, options: ChunkOptions = {}): Chunk[] {
  const markdown =
    (result as ExtractResult & { [BODY_MARKDOWN]?: true })[BODY_MARKDOWN] === true
      ? result.content
      : formatResult(result, { format: 'markdown' });
  return chunkMarkdown(markdown, options);
}

/** A chunk as a record of its own (JSON Lines): the page's URL and metadata, then the chunk. */
export interface ChunkRecord
  extends Chunk,
    Pick<JsonMetadata, 'title' | 'authors' | 'published' | 'modified' | 'siteName' | 'language'> {
  url: string | null;
  /** How `tokens` were counted (`cl100k_base`, `characters/4`). */
  tokenizer: string;
  /** The page's number of chunks. */
  chunkCount: number;
}

/** The rules' metadata of a result (what its body and the fields the choice leaves read). */
const RULES = new WeakMap<ExtractResult, Metadata>();

/**
 * The page's URL: the one the caller gave, else the page's own (its canonical link or `og:url`).
 * It reads the rules' metadata, so a text or Markdown result does not make the learned choice for it.
 */
export function pageUrl(result: ExtractResult): string | undefined {
  return result.extraction.doc.url ?? (RULES.get(result) ?? result.metadata).canonicalUrl;
}

/** `chunk()`'s chunks as records, each with the page's URL (`url`, else its canonical URL) and metadata. */
export function chunkRecords(
  result: ExtractResult,
  options: ChunkOptions & { url?: string } = {},
): ChunkRecord[] {
  const chunks = chunk(result, options);
  const { metadata } = result;
  const page = {
    url: options.url ?? pageUrl(result) ?? null,
    title: metadata.title ?? null,
    authors: metadata.authors,
    published: metadata.published ?? null,
    modified: metadata.modified ?? null,
    siteName: metadata.siteName ?? null,
    language: metadata.language ?? null,
    tokenizer: (options.tokens ?? TOKEN_ESTIMATE).name,
    chunkCount: chunks.length,
  };
  return chunks.map((one) => ({ ...page, ...one }));
}

/**
 * Renders an extraction again, in another format or with other output options (`format`,
 * `contentFormat`, `comments`, `images`, `links`, `diagnostics`, `url`), without parsing or
 * extracting again. Bounded by `limits.timeoutMs` as `extract()` is.
 */
export function formatResult(result: ExtractResult, options: ExtractOptions = {}): string {
  const { deadline, budget } = budgetOf(options);
  const format = checkedFormat(options.format ?? result.format);
  return withDeadline(
    deadline,
    () => renderStep(result.extraction, result.metadata, assessmentOf(result), format, options).content,
    budget,
  );
}

/**
 * The quality estimate, page type and reasons, computed when first read: the formats that do not
 * carry them (text, Markdown without front matter, HTML) and callers that never read them do not
 * pay for the quality step (about 3 % of a call).
 *
 * A class, not an object literal with getters: V8 keeps a literal's getters in the object's
 * hidden class, so every call made a hidden class of its own whose getters held the page (its
 * extraction and metadata); the collector's young-generation pass reaches those through the
 * shared transition tree and copied every page's data to the old generation (0.7 instead of
 * 0.3 ms a page in the collector, `--trace-gc-nvp` over the 200 speed pages).
 */
class LazyAssessment implements QualityAssessment {
  #assessment: QualityAssessment | undefined;
  constructor(
    private readonly extraction: Extraction,
    private readonly metadata: Metadata,
  ) {}
  #assessed(): QualityAssessment {
    this.#assessment ??= assessQuality(this.extraction, this.metadata);
    return this.#assessment;
  }
  get quality(): QualityAssessment['quality'] {
    return this.#assessed().quality;
  }
  get pageType(): QualityAssessment['pageType'] {
    return this.#assessed().pageType;
  }
  get reasons(): QualityAssessment['reasons'] {
    return this.#assessed().reasons;
  }
}

/** Where a result keeps the assessment its getters read (not enumerable: no output shows it). */
const ASSESSMENT = Symbol('assessment');

interface WithAssessment {
  [ASSESSMENT]: QualityAssessment;
}

/**
 * The result's `quality`, `pageType` and `reasons`: enumerable getters over its lazy assessment,
 * the same functions on every result (so every result shares one hidden class; see
 * {@link LazyAssessment}).
 */
const ASSESSMENT_GETTERS: PropertyDescriptorMap = Object.fromEntries(
  (['quality', 'pageType', 'reasons'] as const).map((key) => [
    key,
    {
      get(this: WithAssessment) {
        return this[ASSESSMENT][key];
      },
      enumerable: true,
      configurable: true,
    },
  ]),
);

function withAssessment(result: ExtractResult, assessment: QualityAssessment): void {
  Object.defineProperty(result, ASSESSMENT, { value: assessment });
  Object.defineProperties(result, ASSESSMENT_GETTERS);
}

function assessmentOf(result: ExtractResult): QualityAssessment {
  return { quality: result.quality, pageType: result.pageType, reasons: result.reasons };
}

/** The forum probability over which the comments step reads a page as a discussion: more likely than not. */
const FORUM_READ_PROBABILITY = 0.5;

/** The comments step (found once, taken out of the body, read once for every output), then the output. */
function renderStep(
  extraction: Extraction,
  metadata: Metadata,
  assessment: QualityAssessment,
  format: OutputFormat,
  options: ExtractOptions,
): { content: string; commentList: OutputComment[] | undefined } {
  // The comments step: found once, taken out of the body (unless kept in it), and read
  // once for every output when asked for.
  // A story's readers' comments that outweigh it are still comments; a forum's replies are its content.
  const readsAsArticle = () => assessment.pageType.type === 'article';
  // A discussion's replies are its content: on a page read as a forum more likely than not (the
  // forum probability over half: a story's fragment of 18 comments reads forum at 0.44 as the
  // largest of seven weak reads, test/format/comments-story.test.ts) the comments stay in the body.
  const readsAsForum = () =>
    assessment.pageType.type === 'forum' && assessment.pageType.probability > FORUM_READ_PROBABILITY;
  const comments = options.comments
    ? separateComments(extraction, { readsAsArticle })
    : options.keepComments
      ? undefined
      : separateComments(extraction, {
          forumOutsideShare: FORUM_OUTSIDE_SHARE_UNASKED,
          keptSubtreeOnly: true,
          readsAsArticle,
          readsAsForum,
        });
  const formatOptions = formatOptionsOf(metadata, options);
  const readList =
    comments && options.comments ? readComments(extraction.doc, comments.sections, formatOptions) : undefined;
  const content = render(
    extraction,
    metadata,
    assessment,
    format,
    options,
    formatOptions,
    comments,
    readList,
  );
  checkDeadline('output');
  return { content, commentList: readList?.list };
}

/** INPUT_TOO_LARGE before any decoding: bytes as given, a string by its UTF-8 length. */
function checkInputSize(input: string | Uint8Array, maxBytes: number): void {
  if (typeof maxBytes !== 'number' || !(maxBytes >= 0)) {
    throw new PithError('BAD_OPTION', `limits.maxBytes must be a number of bytes, got ${String(maxBytes)}`);
  }
  // A string has at most 3 UTF-8 bytes per UTF-16 code unit: measure only when it could be over.
  const size =
    typeof input !== 'string' ? input.length : input.length * 3 <= maxBytes ? 0 : utf8Length(input);
  if (size > maxBytes) {
    throw new PithError('INPUT_TOO_LARGE', `the input is ${size} bytes, over the limit of ${maxBytes}`, {
      limit: 'maxBytes',
    });
  }
}

/** Unknown parameter names and values of the wrong type are caller mistakes: say so. */
function checkExtractorOptions(
  name: string,
  parameters: readonly ExtractorParameter[],
  given: Record<string, unknown>,
): void {
  for (const [key, value] of Object.entries(given)) {
    const parameter = parameters.find((candidate) => candidate.name === key);
    if (!parameter) {
      const known = parameters.map((candidate) => candidate.name).join(', ') || 'none';
      throw new PithError(
        'BAD_OPTION',
        `extractor '${name}' has no parameter '${key}' (its parameters: ${known})`,
      );
    }
    if (value !== undefined && typeof value !== parameter.type) {
      throw new PithError('BAD_OPTION', `parameter '${key}' of '${name}' must be a ${parameter.type}`);
    }
    if (parameter.choices && typeof value === 'string' && !parameter.choices.includes(value)) {
      throw new PithError(
        'BAD_OPTION',
        `parameter '${key}' of '${name}' must be one of ${parameter.choices.join(', ')}`,
      );
    }
  }
}

/**
 * The output. `content` is the body in every format: the headline is `metadata.title`,
 * and the body's own copy of it is left out (the convention of trafilatura, Readability
 * and Defuddle); `titleHeading` prints it on top, `frontMatter` puts the metadata on top
 * of Markdown and text. Scoring against gold texts that include the headline puts it
 * back in the scorer (src/eval), not here.
 */
function formatOptionsOf(metadata: Metadata, options: ExtractOptions) {
  // A title printed on top is the result's; the body's copy is found by the rules' title.
  const title =
    options.titleHeading === true || !BODY_TITLE.has(metadata) ? metadata.title : BODY_TITLE.get(metadata);
  return {
    // Without a URL from the caller, links resolve from the page's own (canonical, og:url; a <base href> on top).
    url: options.url ?? metadata.canonicalUrl,
    images: options.images ?? true,
    links: options.links ?? true,
    title,
  };
}

function render(
  extraction: Extraction,
  metadata: Metadata,
  assessment: QualityAssessment,
  format: OutputFormat,
  options: ExtractOptions,
  formatOptions: ReturnType<typeof formatOptionsOf>,
  comments: SeparatedComments | undefined,
  readList: ReadComments | undefined,
): string {
  const commentList = readList?.list;
  const body = comments?.body ?? extraction;
  const bodyIn = (contentFormat: 'text' | 'markdown' | 'html') => {
    const content = formatExtraction(body, contentFormat, {
      ...formatOptions,
      dropTitle: true,
      printTitle: options.titleHeading === true,
    });
    return options.frontMatter && contentFormat !== 'html'
      ? withFrontMatter(content, metadata, options.url, assessment)
      : content;
  };
  if (format === 'text' || format === 'markdown' || format === 'html') {
    const content = bodyIn(format);
    const section = readList ? formatComments(readList, format) : '';
    return section === '' ? content : content === '' ? section : `${content}\n\n${section}`;
  }
  if (format === 'xml') {
    const article = articleOf(body, {
      url: options.url,
      title: formatOptions.title,
      dropTitle: true,
      metadata,
      assessment,
      ...(commentList ? { comments: commentList } : {}),
      ...(options.diagnostics ? { diagnostics: extraction.diagnostics } : {}),
    });
    // The body's copy of the headline is found by the rules' title; the article's title is the result's.
    const title = metadata.title?.trim();
    if (title) article.title = title;
    else delete article.title;
    return toXml(article);
  }
  const contentFormat = options.contentFormat ?? 'text';
  return toJson({
    url: options.url,
    content: bodyIn(contentFormat),
    contentFormat,
    metadata,
    extractor: { name: extraction.extractor, version: extraction.version },
    assessment,
    ...(options.diagnostics ? { diagnostics: extraction.diagnostics } : {}),
    ...(commentList ? { comments: commentList } : {}),
  });
}
