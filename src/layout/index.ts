/**
 * layout/: where each element of a `Doc` is on the page and how it looks, for the
 * visual algorithms (VCE). Two sources: a real headless Chromium (`BrowserLayoutEngine`,
 * `browserLayout`) and an estimate that needs no browser (`estimateLayout`).
 * Plus the screenshot diagnostic (`renderBlocksScreenshot`).
 *
 * Only browser.ts and screenshot.ts touch playwright-core, and only through a dynamic
 * import when a browser is actually asked for.
 */
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
export { ESTIMATE_DEFAULTS, type EstimateOptions, estimateLayout } from './estimate.js';
export { type InstrumentedPage, instrumentHtml, NODE_ID_ATTRIBUTE } from './instrument.js';
export {
  type BlocksScreenshot,
  type BlocksScreenshotOptions,
  type OutlinedBlock,
  outlineCss,
  outlinesOf,
  renderBlocksScreenshot,
} from './screenshot.js';
export { type DomSnapshot, layoutFromSnapshot, SNAPSHOT_STYLES, type SnapshotDocument } from './snapshot.js';
export {
  allocateLayoutColumns,
  alphaOf,
  DEFAULT_VIEWPORT,
  Display,
  displayOf,
  isBlockLevel,
  type Layout,
  type LayoutSource,
  type LayoutStats,
  packRgba,
  parseCssColor,
  rgbaHex,
  type Viewport,
} from './types.js';
