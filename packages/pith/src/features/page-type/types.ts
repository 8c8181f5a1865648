/**
 * The page types pith recognises: WCXB's seven, in its `evaluate.py` report order. One list for
 * the recogniser, the default extractor's page signals and the workbench's per-type tables.
 */
export const PAGE_TYPES = [
  'article',
  'forum',
  'product',
  'collection',
  'listing',
  'documentation',
  'service',
] as const;

export type PageType = (typeof PAGE_TYPES)[number];
