import { Doc, outputText, Selection, tick, tickAt } from '../dom/index.js';
import type { Metadata } from '../metadata/index.js';
import type { FormattedResult, OutputComment, ResultAssessment } from './types.js';

/** Version of the JSON shape below; bumped when a field changes meaning or goes away. */
export const ENVELOPE_SCHEMA = 2;

export interface JsonOptions {
  /** Indent with two spaces (default false: one line, ready for JSONL). */
  pretty?: boolean;
}

/** The `metadata` object of the JSON output: every field always present, `null` when unknown. */
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
 * The JSON output, keys always in this order:
 *
 * ```json
 * {
 *   "schema": 1,
 *   "url": "https://…" | null,
 *   "extractor": { "name": "pith", "version": "…" },
 *   "quality": 0.93 | null,      // expected F1 of this extraction (null: no estimate)
 *   "pageType": { "type": "article", "probability": 0.97 } | null,
 *   "reasons": ["TOO_SHORT", …],  // what lowered the quality or emptied the result
 *   "metadata": { "title", "authors": [], "published", "modified", "siteName", "language",
 *                 "direction", "description", "canonicalUrl", "image", "tags": [], "pageType" },
 *   "contentFormat": "text" | "markdown" | "html",
 *   "content": "…",
 *   "comments": [{ "author"?, "date"?, "text", "replyTo"? }] | null,
 *   "diagnostics": …            // only when the result has diagnostics
 * }
 * ```
 *
 * Unknown metadata fields are `null` (lists are empty), never missing.
 * `comments` is `null` unless comments were asked for (then a list, maybe
 * empty); each comment's `text` is plain text, `date` ISO 8601 when the page's
 * date could be read, `replyTo` the index of the comment it answers. Schema 1
 * had `comments` as one formatted string.
 * `metadata.structuredBody` (an extractor signal) is not included. Diagnostics
 * are made JSON-safe: typed arrays become arrays, Maps objects, Sets arrays,
 * bigints strings, non-finite numbers null; a `Doc` or `Selection` inside is
 * replaced by a short description, cycles by "[circular]".
 */
export interface JsonDocument {
  schema: number;
  url: string | null;
  extractor: { name: string; version: string };
  quality: number | null;
  pageType: { type: string; probability: number } | null;
  reasons: string[];
  metadata: JsonMetadata;
  contentFormat: FormattedResult['contentFormat'];
  content: string;
  comments: OutputComment[] | null;
  diagnostics?: unknown;
}

export function toJsonDocument(result: FormattedResult): JsonDocument {
  const document: JsonDocument = {
    schema: ENVELOPE_SCHEMA,
    url: result.url ?? null,
    extractor: { name: result.extractor.name, version: result.extractor.version },
    ...jsonAssessment(result.assessment),
    metadata: jsonMetadata(result.metadata),
    contentFormat: result.contentFormat,
    content: result.content,
    comments: result.comments === undefined ? null : result.comments.map(jsonComment),
  };
  if (result.diagnostics !== undefined) document.diagnostics = jsonSafe(result.diagnostics, [], 0);
  return document;
}

function jsonAssessment(
  assessment: ResultAssessment | undefined,
): Pick<JsonDocument, 'quality' | 'pageType' | 'reasons'> {
  if (!assessment) return { quality: null, pageType: null, reasons: [] };
  return {
    quality: assessment.quality,
    pageType: { type: assessment.pageType.type, probability: assessment.pageType.probability },
    reasons: [...assessment.reasons],
  };
}

function jsonComment(comment: OutputComment): OutputComment {
  return {
    ...comment,
    text: outputText(comment.text),
    ...(comment.author === undefined ? {} : { author: outputText(comment.author) }),
    ...(comment.date === undefined ? {} : { date: outputText(comment.date) }),
  };
}

/** The result as JSON (see `JsonDocument` for the shape). */
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
