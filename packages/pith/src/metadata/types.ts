/** What pith knows about a page besides its main content. Absent fields are unknown. */
export interface Metadata {
  title?: string;
  /** Author names, in page order, without duplicates. */
  authors: string[];
  /** ISO 8601 (date, or date-time with offset when the page gives a time). */
  published?: string;
  modified?: string;
  siteName?: string;
  /** BCP 47 language tag, e.g. 'en', 'pt-BR'. */
  language?: string;
  /** Text direction when the page declares one. */
  direction?: 'ltr' | 'rtl';
  description?: string;
  /** Absolute canonical URL. */
  canonicalUrl?: string;
  /** Absolute URL of the main image. */
  image?: string;
  /** Keywords, tags and article sections, without duplicates. */
  tags: string[];
  /** The page's own type: og:type or the JSON-LD @type of its main entity (e.g. 'NewsArticle'). */
  pageType?: string;
  /**
   * The text the page itself declares as its body in JSON-LD (`articleBody`,
   * `text`, `reviewBody`, `description` of a Product…), a signal for extractors.
   */
  structuredBody?: string;
}
