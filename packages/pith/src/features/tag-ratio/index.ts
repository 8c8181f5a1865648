/**
 * features/tag-ratio: the per-line text-to-tag ratio of a page source and the way back from
 * chosen lines to a node selection, shared by the line-based extractors (`ttr`, `cetr`).
 */
export { lineExtraction, lineMeasures, settingsOver } from './extraction.js';
export { computeTtrLines, type TtrLineOptions, type TtrLines } from './lines.js';
export { selectionFromRanges } from './select.js';
