/**
 * tools/: what several of pith's tools share that needs Node (the library itself runs in any
 * JavaScript runtime and reads no file): the model-file reader, fetching, Chromium, the thread pool.
 */

// Headless Chromium (playwright-core, Node): the tools' layout engine, off the library's import graph.
export {
  type BrowserAvailability,
  type BrowserEngineOptions,
  BrowserLayoutEngine,
  browserAvailability,
  browserLayout,
  CHROMIUM_ARGS,
  CHROMIUM_CANDIDATES,
  findChromium,
  type PageLayoutOptions,
  type ScreenshotOptions,
} from './browser.js';
// Reading files and streams, fetching: the tools' (Node), off the library's import graph.
export {
  DEFAULT_ACCEPT,
  DEFAULT_FETCH_MAX_BYTES,
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_USER_AGENT,
  FetchBlockedError,
  type FetchedPage,
  type FetchOptions,
  FetchStatusError,
  FetchUnresolvedError,
  fetchPage,
  retryAfterMs,
} from './fetch.js';
export { isPrivateAddress } from './ip.js';
export { readModelFile, useModelFiles } from './model-files.js';
export {
  isGzip,
  type ReadInputOptions,
  readInputFile,
  readInputFileSync,
  readInputStream,
} from './read.js';
export {
  type BlocksScreenshot,
  type BlocksScreenshotOptions,
  type OutlinedBlock,
  outlineCss,
  outlinesOf,
  renderBlocksScreenshot,
} from './screenshot.js';
// The tools' one thread pool (batch, service, bench): bounded queue, kill-and-replace on timeout.
export {
  moved,
  type RunLimits,
  startThread,
  type ThreadOutcome,
  ThreadPool,
  type ThreadPoolOptions,
  threadExecArgv,
} from './thread-pool.js';
