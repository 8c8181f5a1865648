/**
 * layout/: where each element of a `Doc` is on the page and how it looks, for the
 * visual algorithms (VCE). The library estimates it without a browser (`estimateLayout`);
 * a caller with a real layout engine passes a `LayoutProvider` to `extractAsync()`, and
 * may build its answer with `instrumentHtml` (the page with node ids) and
 * `layoutFromSnapshot` (a DevTools DOM snapshot mapped onto the `Doc`).
 *
 * Headless Chromium through playwright-core (browser.ts, screenshot.ts) is a tool's
 * (src/internal.ts re-exports it for them): it is not on the library's import graph.
 */
export { ESTIMATE_DEFAULTS, type EstimateOptions, estimateLayout } from './estimate.js';
export { type InstrumentedPage, instrumentHtml, NODE_ID_ATTRIBUTE } from './instrument.js';
export { type DomSnapshot, layoutFromSnapshot, SNAPSHOT_STYLES, type SnapshotDocument } from './snapshot.js';
export {
  allocateLayoutColumns,
  alphaOf,
  DEFAULT_VIEWPORT,
  Display,
  displayOf,
  isBlockLevel,
  type Layout,
  type LayoutProvider,
  type LayoutSource,
  type LayoutStats,
  packRgba,
  parseCssColor,
  rgbaHex,
  type Viewport,
} from './types.js';
