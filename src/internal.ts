/**
 * The tools' door: what pith's own tools (`cli/`, `server/`, `eval/`, `train/` and the
 * scripts in `bench/`) need beyond the public API (`index.ts`). Library code never imports
 * it; users should not either: nothing here is promised to stay. Each room is re-exported
 * through its own door, so a tool never reaches into a room's files (the import rules in
 * .dependency-cruiser.cjs check it).
 */
export * from './dom/index.js';
export * from './errors.js';
export * from './extractors/all-text/index.js';
export * from './extractors/cetr/index.js';
export * from './extractors/cuter/index.js';
// Two rooms name a step `decide`: the page-type decision keeps the name, CUTER's is renamed.
export { decide as cuterDecide } from './extractors/cuter/index.js';
export * from './extractors/density/index.js';
export * from './extractors/index.js';
export * from './extractors/mss/index.js';
export * from './extractors/pith/index.js';
export * from './extractors/ttr/index.js';
export * from './extractors/vce/index.js';
export * from './features/blocks/index.js';
export * from './features/comments/index.js';
export * from './features/page-type/index.js';
export { decide } from './features/page-type/index.js';
export * from './features/tag-ratio/index.js';
export * from './format/index.js';
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
} from './input/fetch.js';
export * from './input/index.js';
export { isPrivateAddress } from './input/ip.js';
export {
  isGzip,
  type ReadInputOptions,
  readInputFile,
  readInputFileSync,
  readInputStream,
} from './input/read.js';
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
} from './layout/browser.js';
export * from './layout/index.js';
export {
  type BlocksScreenshot,
  type BlocksScreenshotOptions,
  type OutlinedBlock,
  outlineCss,
  outlinesOf,
  renderBlocksScreenshot,
} from './layout/screenshot.js';
export * from './learn/index.js';
export * from './metadata/index.js';
export {
  isShippedModel,
  loadShippedModels,
  type ModelParser,
  type ModelReader,
  modelLoader,
  SHIPPED_MODELS,
  type ShippedModelName,
  setModelReader,
} from './model-files.js';
export * from './quality/index.js';
export * from './random.js';
export * from './version.js';
