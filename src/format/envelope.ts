import { Doc, Selection } from '../dom/index.js';
import type { Metadata } from '../metadata/index.js';
import type { OutputComment } from './comments.js';
import type { FormattedResult } from './types.js';

/** Version of the JSON and XML shapes below; bumped when a field changes meaning or goes away. */
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
    metadata: jsonMetadata(result.metadata),
    contentFormat: result.contentFormat,
    content: result.content,
    comments: result.comments === undefined ? null : result.comments.map((comment) => ({ ...comment })),
  };
  if (result.diagnostics !== undefined) document.diagnostics = jsonSafe(result.diagnostics, [], 0);
  return document;
}

/** The result as JSON (see `JsonDocument` for the shape). */
export function toJson(result: FormattedResult, options: JsonOptions = {}): string {
  return JSON.stringify(toJsonDocument(result), null, options.pretty ? 2 : undefined);
}

function jsonMetadata(metadata: Metadata): JsonMetadata {
  return {
    title: metadata.title ?? null,
    authors: [...(metadata.authors ?? [])],
    published: metadata.published ?? null,
    modified: metadata.modified ?? null,
    siteName: metadata.siteName ?? null,
    language: metadata.language ?? null,
    direction: metadata.direction ?? null,
    description: metadata.description ?? null,
    canonicalUrl: metadata.canonicalUrl ?? null,
    image: metadata.image ?? null,
    tags: [...(metadata.tags ?? [])],
    pageType: metadata.pageType ?? null,
  };
}

const MAX_DEPTH = 64;

/** A copy of `value` that `JSON.stringify` renders faithfully and without throwing. */
function jsonSafe(value: unknown, ancestors: object[], depth: number): unknown {
  switch (typeof value) {
    case 'string':
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
  const object = value as object;
  if (object instanceof Doc) return `[Doc: ${object.size} nodes]`;
  if (object instanceof Selection) return `[Selection: ${object.keptTextLength()} characters kept]`;
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (ancestors.includes(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (ArrayBuffer.isView(object)) {
    if (object instanceof DataView) return `[DataView: ${object.byteLength} bytes]`;
    const numbers: unknown[] = [];
    for (const item of object as unknown as Iterable<number | bigint>) {
      numbers.push(typeof item === 'bigint' ? item.toString() : Number.isFinite(item) ? item : null);
    }
    return numbers;
  }
  ancestors.push(object);
  try {
    if (Array.isArray(object)) {
      return object.map((item) => {
        const safe = jsonSafe(item, ancestors, depth + 1);
        return safe === undefined ? null : safe;
      });
    }
    if (object instanceof Set) return [...object].map((item) => jsonSafe(item, ancestors, depth + 1) ?? null);
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
      if (safe !== undefined) out[key] = safe;
    }
    return out;
  } finally {
    ancestors.pop();
  }
}

// ── XML ──────────────────────────────────────────────────────────────────────

export interface XmlOptions {
  /** Put each element on its own indented line (default true). The content is never re-indented. */
  pretty?: boolean;
}

/** Characters XML 1.0 does not allow (C0 controls other than tab/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes the characters XML 1.0 does not allow. */
export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
}

function escapeXmlText(text: string): string {
  return stripInvalidXml(text).replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );
}

function escapeXmlAttribute(text: string): string {
  return stripInvalidXml(text).replace(/[&<>"\t\n\r]/g, (char) => XML_ATTRIBUTE_ESCAPES[char]);
}
const XML_ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Character data in CDATA sections, split wherever the text holds "]]>". */
function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXml(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * The result as an XML 1.0 document (UTF-8):
 *
 * ```xml
 * <?xml version="1.0" encoding="UTF-8"?>
 * <pith-document schema="1" url="https://…">
 *   <extractor name="pith" version="…"/>
 *   <metadata>
 *     <title>…</title>            each metadata element only when known
 *     <author>…</author>          one per author
 *     <published>…</published>
 *     <modified>…</modified>
 *     <site-name>…</site-name>
 *     <language>…</language>
 *     <direction>ltr|rtl</direction>
 *     <description>…</description>
 *     <canonical-url>…</canonical-url>
 *     <image>…</image>
 *     <tag>…</tag>                one per tag
 *     <page-type>…</page-type>
 *   </metadata>
 *   <content format="text|markdown|html">…</content>
 *   <comments>                                  when comments were asked for
 *     <comment author="…" date="…" reply-to="0">text</comment>
 *   </comments>
 *   <diagnostics format="json">…</diagnostics> when diagnostics are present
 * </pith-document>
 * ```
 *
 * Text and Markdown content are escaped character data; HTML content is one or
 * more CDATA sections (split at "]]>"), so the markup reads as-is but is not
 * part of the XML tree. Diagnostics are the JSON of `toJson`, escaped.
 * Characters XML 1.0 forbids are removed everywhere. (A CUTER-compatible XML
 * shape is a separate format.)
 */
export function toXml(result: FormattedResult, options: XmlOptions = {}): string {
  const pretty = options.pretty !== false;
  const nl = pretty ? '\n' : '';
  const indent = (level: number) => (pretty ? '  '.repeat(level) : '');
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  out.push(`<pith-document schema="${ENVELOPE_SCHEMA}"`);
  if (result.url !== undefined) out.push(` url="${escapeXmlAttribute(result.url)}"`);
  out.push(`>${nl}`);
  out.push(
    `${indent(1)}<extractor name="${escapeXmlAttribute(result.extractor.name)}" version="${escapeXmlAttribute(result.extractor.version)}"/>${nl}`,
  );
  const metadata = result.metadata;
  const fields: [string, string | undefined][] = [['title', metadata.title]];
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
  const present = fields.filter(([, value]) => value !== undefined);
  if (present.length === 0) out.push(`${indent(1)}<metadata/>${nl}`);
  else {
    out.push(`${indent(1)}<metadata>${nl}`);
    for (const [name, value] of present)
      out.push(`${indent(2)}<${name}>${escapeXmlText(value as string)}</${name}>${nl}`);
    out.push(`${indent(1)}</metadata>${nl}`);
  }
  const body = (text: string) => (result.contentFormat === 'html' ? cdata(text) : escapeXmlText(text));
  out.push(
    `${indent(1)}<content format="${escapeXmlAttribute(result.contentFormat)}">${body(result.content)}</content>${nl}`,
  );
  if (result.comments !== undefined) {
    if (result.comments.length === 0) out.push(`${indent(1)}<comments/>${nl}`);
    else {
      out.push(`${indent(1)}<comments>${nl}`);
      for (const comment of result.comments) {
        let attributes = '';
        if (comment.author !== undefined) attributes += ` author="${escapeXmlAttribute(comment.author)}"`;
        if (comment.date !== undefined) attributes += ` date="${escapeXmlAttribute(comment.date)}"`;
        if (comment.replyTo !== undefined) attributes += ` reply-to="${comment.replyTo}"`;
        out.push(`${indent(2)}<comment${attributes}>${escapeXmlText(comment.text)}</comment>${nl}`);
      }
      out.push(`${indent(1)}</comments>${nl}`);
    }
  }
  if (result.diagnostics !== undefined) {
    const json = JSON.stringify(jsonSafe(result.diagnostics, [], 0)) ?? 'null';
    out.push(`${indent(1)}<diagnostics format="json">${escapeXmlText(json)}</diagnostics>${nl}`);
  }
  out.push('</pith-document>\n');
  return out.join('');
}
