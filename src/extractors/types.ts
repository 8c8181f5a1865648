import type { Doc, Extraction } from '../dom/index.js';
import type { Layout } from '../layout/index.js';
import type { Metadata } from '../metadata/index.js';

/** What every extractor receives besides the document. */
export interface ExtractorContext {
  /** Metadata already read from the page (title, JSON-LD body…), as hints. */
  metadata?: Metadata;
  /** The article title when the caller knows it (from a feed, `--title`…). */
  title?: string;
  /** Wall-clock deadline (`Date.now()` timestamp) the extractor should respect. */
  deadline?: number;
  /** Where each element is on the page (browser or estimated), for extractors with `needsLayout`. */
  layout?: Layout;
}

/** A parameter an extractor exposes, with its default, for `--help`, the API and the workbench. */
export interface ExtractorParameter {
  name: string;
  type: 'number' | 'boolean' | 'string';
  default: number | boolean | string;
  description: string;
  /** Allowed values for string parameters. */
  choices?: readonly string[];
  /**
   * For a string parameter that names a model: the models shipped with pith it may name
   * (`models/<name>.json`), plus the special values the extractor takes ('' = the default,
   * 'none' …). The library also takes a loaded model, the CLI a file path (the tools' model
   * reader); the HTTP service takes only these names (nothing a client sends may name a file on
   * the server). `extractAsync()` loads the shipped models listed here before it runs.
   */
  models?: readonly string[];
}

/**
 * Whether the HTTP service may pass a parameter's value through: numbers and booleans of the
 * declared type, strings from the declared `choices` or `models`. A free string is never
 * service-safe, whatever it holds: it could name a file, a directory or a device.
 */
export function isServiceSafeValue(parameter: ExtractorParameter, value: unknown): boolean {
  if (typeof value !== parameter.type) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return true;
  const allowed = parameter.choices ?? parameter.models;
  return allowed?.includes(value) === true;
}

/**
 * An extraction algorithm: a pure function from a document (and options) to a
 * selection plus diagnostics. Extractors never build output strings.
 */
export interface Extractor<Options extends object = Record<string, unknown>, Diagnostics = unknown> {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly parameters: readonly ExtractorParameter[];
  /**
   * True when the extractor reads `context.layout` (visual algorithms): `extractAsync()`
   * computes a browser layout for it, `extract()` an estimated one.
   */
  readonly needsLayout?: boolean;
  extract(doc: Doc, options: Partial<Options>, context: ExtractorContext): Extraction<Diagnostics>;
}
