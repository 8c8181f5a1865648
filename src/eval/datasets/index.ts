/**
 * eval/datasets: one reader per dataset format, each an async generator of pages
 * with their gold standard.
 */
export {
  type CleanEvalOptions,
  type CleanEvalPage,
  type CleanEvalSplit,
  cleanGoldText,
  readCleanEval,
  stripTextWrapper,
} from './cleaneval.js';
export {
  L3S_DEFAULT_CLASSES,
  L3S_LABELS,
  type L3sLabel,
  type L3sOptions,
  l3sGoldText,
  l3sPrepareRetrieved,
  parseL3sUrlMapping,
  readL3sGn1,
} from './l3s-gn1.js';
export { compareIds, decodeGoldBytes, decodeWindows1252, fileStem } from './text.js';
export { readTrafilaturaEval, type TrafilaturaEvalPage } from './trafilatura-eval.js';
export type { DatasetPage, DatasetReader, Gold, SnippetsGold, TextGold } from './types.js';
