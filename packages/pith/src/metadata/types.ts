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
  /**
   * Where each field's value was found, by source name: `html:title` (`#part`: a part of it cut at a
   * separator, `#without-site`: without the site's name), `html:h1`, `html:h2`, `breadcrumb`,
   * `og:title`, `twitter:title`, `json-ld:headline`… for the title; `json-ld:author`, `meta:author`,
   * `html:byline`… for the authors; `json-ld:datePublished`, `meta:published`, `html:time`,
   * `html:text` (a date written on the page), `url`… for the date; `og:site_name`,
   * `json-ld:publisher`… for the site name; `html:lang`, `meta:content-language`, `og:locale`,
   * `detected` (read from the page's text) for the language. A field without a value has no entry.
   */
  sources?: MetadataSources;
}

/** Where the fields of a `Metadata` were found (see `Metadata.sources`). */
export interface MetadataSources {
  title?: string[];
  authors?: string[];
  published?: string[];
  siteName?: string;
  language?: string;
}
