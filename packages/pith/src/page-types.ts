/**
 * The page types pith recognises: WCXB's seven, in its `evaluate.py` report order. A leaf, so that
 * the recogniser (features/page-type), the metadata choice (metadata/, which imports no features/
 * room), the default extractor's page signals and the workbench's per-type tables share one list.
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
