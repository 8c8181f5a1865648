/**
 * batch/: many pages on all cores. A worker-thread pool (`PagePool`), the page → record step
 * (`extractPage`), and the run loop (`runBatch`): a source of items (archive records, feed items)
 * → the pool → part files, bounded, ordered or not, resumable through a checkpoint.
 */
export { type ArchiveSourceOptions, archiveSource } from './archive-source.js';
export {
  type FeedSourceOptions,
  feedSource,
  mergeFeedFields,
  type UrlSourceOptions,
  urlSource,
} from './feed-source.js';
export { extractPage, failedResult } from './page.js';
export { PagePool, type PagePoolOptions } from './pool.js';
export {
  BatchError,
  type BatchOptions,
  type BatchOutcome,
  type BatchProgress,
  type BatchSource,
  dropBelowQuality,
  runBatch,
  type SourceItem,
} from './run.js';
export type { PageResult, PageSettings, PageTask } from './types.js';
