import type { Metadata } from '../metadata/index.js';

/** One comment as output. */
export interface OutputComment {
  /** The author's name, when the page gives it. */
  author?: string;
  /** When it was written: ISO 8601 when the page's date could be read, else as the page writes it. */
  date?: string;
  /** Its text (plain text; blocks separated by blank lines). */
  text: string;
  /** Index, in the same list, of the comment it replies to. */
  replyTo?: number;
}

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
  /** The page title, when known (used by `dropTitle` and `printTitle`). */
  title?: string;
  /**
   * Leave out of the body the block that repeats `title`: the first heading (of
   * any level) when at most 3 blocks and 300 characters come before it, or a
   * first paragraph, when its text equals the title (compared on letters and
   * digits, case ignored). For callers that show the title apart. Default false.
   */
  dropTitle?: boolean;
  /**
   * Write `title` as the first block (Markdown `# Title`, HTML `<h1>`, a line of
   * text) and leave the body's copy out as `dropTitle` does. Default false.
   */
  printTitle?: boolean;
}

export type TextOptions = FormatOptions;
export type MarkdownOptions = FormatOptions;
export type HtmlOptions = FormatOptions;

/**
 * How good the extraction probably is (src/quality computes it; format only prints it): the
 * expected F1 (null when there is no estimate), the page type and the reason codes.
 */
export interface ResultAssessment {
  quality: number | null;
  pageType: { type: string; probability: number };
  reasons: readonly string[];
}

/** What `toJson` and `toXml` wrap: formatted content plus what is known about the page. */
export interface FormattedResult {
  url?: string;
  content: string;
  contentFormat: ContentFormat;
  metadata: Metadata;
  extractor: { name: string; version: string };
  /** Printed as `quality`, `pageType` and `reasons` (null, null and [] when absent). */
  assessment?: ResultAssessment;
  /** Included in the output only when present. */
  diagnostics?: unknown;
  /** The page's comments, when extracted apart (`comments: true`). */
  comments?: readonly OutputComment[];
}
