import { Doc, outputText, Selection, tick, tickAt } from '../dom/index.js';
import type { Metadata } from '../metadata/index.js';
import { emptyRecord, type PageRecord } from './record.js';
import type { ContentFormat, FormattedResult, OutputComment, ResultAssessment } from './types.js';

export interface JsonOptions {
  /** Indent with two spaces (default false: one line, ready for JSONL). */
  pretty?: boolean;
}

/** Metadata with every field present, `null` when unknown (the record's fields). */
export interface JsonMetadata {
  title: string | null;
  authors: string[];
  published: string | null;
  modified: string | null;
  siteName: string | null;
  language: string | null;
  direction: 'ltr' | 'rtl' | null;
  description: string | null;
  canonicalUrl: string | null;
  image: string | null;
  tags: string[];
  pageType: string | null;
}

/**
 * What a page record is built from: the content in the formats rendered, and what is known about
 * the page. Fields not given stay null (the caller fills what only it knows: an archive's
 * position, a feed item, the language read from the text).
 */
export interface RecordSource {
  url?: string;
  /** The body in each format rendered (the others are null). */
  content: Partial<Record<ContentFormat, string | null>>;
  metadata: Metadata;
  extractor: { name: string; version: string };
  assessment?: ResultAssessment;
  /** The page's comments, when extracted apart. */
  comments?: readonly OutputComment[];
  /** The extractor's diagnostics (made JSON-safe here), when asked for. */
  diagnostics?: unknown;
  encoding?: string;
  bytes?: number;
}

/**
 * The one place a page record is built (format/record.ts: its fields and JSON Schema), for every
 * output that writes one: `-f json`, the CLI's JSON Lines, batch runs, the queue and the service.
 * Strings follow the output rule (dom/characters.ts); diagnostics are made JSON-safe (see jsonSafe).
 */
export function pageRecord(source: RecordSource): PageRecord {
  const record = emptyRecord();
  const metadata = jsonMetadata(source.metadata);
  record.url = source.url ?? null;
  record.ok = true;
  record.title = metadata.title;
  record.authors = metadata.authors;
  record.published = metadata.published;
  record.modified = metadata.modified;
  record.language = metadata.language;
  record.siteName = metadata.siteName;
  record.pageType = metadata.pageType;
  record.tags = metadata.tags;
  record.description = metadata.description;
  record.canonicalUrl = metadata.canonicalUrl;
  record.image = metadata.image;
  record.direction = metadata.direction;
  if (source.assessment) {
    record.quality = source.assessment.quality;
    record.detectedPageType = source.assessment.pageType.type;
    record.pageTypeProbability = source.assessment.pageType.probability;
    record.reasons = [...source.assessment.reasons];
  }
  record.text = source.content.text ?? null;
  record.markdown = source.content.markdown ?? null;
  record.html = source.content.html ?? null;
  record.comments = source.comments === undefined ? null : source.comments.map(jsonComment);
  record.extractor = source.extractor.name;
  record.extractorVersion = source.extractor.version;
  record.encoding = source.encoding ?? null;
  record.bytes = source.bytes ?? null;
  if (source.diagnostics !== undefined) {
    const safe = jsonSafe(source.diagnostics, [], 0);
    record.diagnostics =
      typeof safe === 'object' && safe !== null && !Array.isArray(safe)
        ? (safe as Record<string, unknown>)
        : null;
  }
  return record;
}

/** `toJson`'s record: the content in the column of its format. */
export function toJsonDocument(result: FormattedResult): PageRecord {
  return pageRecord({
    url: result.url,
    content: { [result.contentFormat]: result.content },
    metadata: result.metadata,
    extractor: result.extractor,
    assessment: result.assessment,
    comments: result.comments,
    diagnostics: result.diagnostics,
  });
}

function jsonComment(comment: OutputComment): OutputComment {
  return {
    ...comment,
    text: outputText(comment.text),
    ...(comment.author === undefined ? {} : { author: outputText(comment.author) }),
    ...(comment.date === undefined ? {} : { date: outputText(comment.date) }),
  };
}

/** The result as JSON: its page record (format/record.ts, schemas/record.schema.json). */
export function toJson(result: FormattedResult, options: JsonOptions = {}): string {
  return JSON.stringify(toJsonDocument(result), null, options.pretty ? 2 : undefined);
}

/** Metadata for the JSON output, its strings by the output rule (dom/characters.ts). */
export function jsonMetadata(metadata: Metadata): JsonMetadata {
  const text = (value: string | undefined) => (value === undefined ? null : outputText(value));
  return {
    title: text(metadata.title),
    authors: (metadata.authors ?? []).map(outputText),
    published: text(metadata.published),
    modified: text(metadata.modified),
    siteName: text(metadata.siteName),
    language: text(metadata.language),
    direction: metadata.direction ?? null,
    description: text(metadata.description),
    canonicalUrl: text(metadata.canonicalUrl),
    image: text(metadata.image),
    tags: (metadata.tags ?? []).map(outputText),
    pageType: text(metadata.pageType),
  };
}

const MAX_DEPTH = 64;
/**
 * Items of one diagnostics array written (then a string says how many more): a page's per-line or
 * per-block arrays can hold hundreds of thousands, which JSON.stringify then writes in one stretch
 * the time budget cannot break (fuzz seed 201, page 273).
 */
const MAX_ITEMS = 10_000;

/** An array (or typed array) cut to MAX_ITEMS, its rest counted in a last string item. */
function capped<T>(items: ArrayLike<T>, safe: (item: T) => unknown): unknown[] {
  const out: unknown[] = [];
  for (let index = 0; index < Math.min(items.length, MAX_ITEMS); index++) {
    tickAt(index, 'output');
    out.push(safe(items[index]));
  }
  if (items.length > MAX_ITEMS) out.push(`[${items.length - MAX_ITEMS} more]`);
  return out;
}

/** A copy of `value` that `JSON.stringify` renders faithfully and without throwing. */
export function jsonSafe(value: unknown, ancestors: object[] = [], depth = 0): unknown {
  switch (typeof value) {
    case 'string':
      return outputText(value);
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  // Diagnostics can be as large as the page (cuter's per-line arrays of a 510,000-item list: 1.7 s
  // of JSON, fuzz seed 201, page 273): each value counts against the page's time budget.
  tick('output');
  const object = value as object;
  if (object instanceof Doc) return `[Doc: ${object.size} nodes]`;
  if (object instanceof Selection) return `[Selection: ${object.keptTextLength()} characters kept]`;
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (ancestors.includes(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (ArrayBuffer.isView(object)) {
    if (object instanceof DataView) return `[DataView: ${object.byteLength} bytes]`;
    return capped(object as unknown as ArrayLike<number | bigint>, (item) =>
      typeof item === 'bigint' ? item.toString() : Number.isFinite(item) ? item : null,
    );
  }
  ancestors.push(object);
  try {
    if (Array.isArray(object)) return capped(object, (item) => jsonSafe(item, ancestors, depth + 1) ?? null);
    if (object instanceof Set)
      return capped([...object], (item) => jsonSafe(item, ancestors, depth + 1) ?? null);
    if (!(object instanceof Map) && typeof (object as { toJSON?: unknown }).toJSON === 'function') {
      return jsonSafe((object as { toJSON: () => unknown }).toJSON(), ancestors, depth + 1);
    }
    const entries =
      object instanceof Map
        ? [...object].map(([key, item]) => [String(key), item] as const)
        : Object.entries(object);
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      const safe = jsonSafe(item, ancestors, depth + 1);
      // own-keys: an extractor's diagnostics names, never the page's
      if (safe !== undefined) out[key] = safe;
    }
    return out;
  } finally {
    ancestors.pop();
  }
}
