/**
 * batch/: many pages on all cores. A worker-thread pool (`PagePool`; its threads run the page →
 * record step, page.ts, which the main thread never loads: nor eld's database), and the run loop
 * (`runBatch`): a source of items (archive records, feed items) → the pool → part files, bounded,
 * ordered or not, resumable through a checkpoint.
 */
export { type ArchiveSourceOptions, archiveSource, shareChunkBytes } from './archive-source.js';
export { archiveSourceInThread } from './archive-thread.js';
export {
  FEED_PROBLEMS,
  type FeedProblem,
  type FeedSourceOptions,
  feedProblem,
  feedSource,
  mergeFeedFields,
  type UrlSourceOptions,
  urlSource,
} from './feed-source.js';
export { FeedValidators } from './feed-validators.js';
export { DEFAULT_THREAD_HEAP_MB, PagePool, type PagePoolOptions } from './pool.js';
export { failedResult } from './result.js';
export {
  BatchError,
  type BatchOptions,
  type BatchOutcome,
  type BatchProgress,
  type BatchSource,
  type CheckpointStore,
  dropBelowQuality,
  type RunState,
  runBatch,
  type SourceItem,
} from './run.js';
export { runShares, type ShareRunOptions, splitInputs } from './shares.js';
export type { PageResult, PageSettings, PageTask } from './types.js';
