import type { Metadata } from '../metadata/types.js';

/** The formats a selection can be rendered to. */
export type ContentFormat = 'text' | 'markdown' | 'html';

/** Options shared by the content formatters (each ignores what it has no use for). */
export interface FormatOptions {
  /**
   * The page URL, used to resolve relative links and images (falls back to
   * `doc.url`; a `<base href>` in the page is honoured on top of it).
   */
  url?: string;
  /** Keep images (Markdown `![alt](src)`, HTML `<img>`). Default true. */
  images?: boolean;
  /** Keep links (Markdown `[text](href)`, HTML `<a href>`); when false only their text is kept. Default true. */
  links?: boolean;
  /** The page title, when known (used by `dropTitle`). */
  title?: string;
  /**
   * Drop the first block of the output when it is an `<h1>` whose text equals
   * `title` (case and whitespace ignored), so a caller that prints the title
   * separately does not print it twice. Default false.
   */
  dropTitle?: boolean;
}

export type TextOptions = FormatOptions;
export type MarkdownOptions = FormatOptions;
export type HtmlOptions = FormatOptions;

/** What `toJson` and `toXml` wrap: formatted content plus what is known about the page. */
export interface FormattedResult {
  url?: string;
  content: string;
  contentFormat: ContentFormat;
  metadata: Metadata;
  extractor: { name: string; version: string };
  /** Included in the output only when present. */
  diagnostics?: unknown;
  /** The page's comment section, formatted like `content`, when extracted apart. */
  comments?: string;
}
