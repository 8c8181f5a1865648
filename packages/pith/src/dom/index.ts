/**
 * dom/: HTML → `Doc`, the one document model every extractor reads.
 */
export {
  eachPiece,
  isWordUnit,
  lettersKey,
  mapPieces,
  mapStablePieces,
  outputText,
  TEXT_PIECE,
  trimCodes,
  withoutControls,
  wordRunCount,
} from './characters.js';
export {
  checkDeadline,
  currentDeadline,
  int32Of,
  listOf,
  monitorDeadlineChecks,
  TICKS_PER_CHECK,
  tick,
  tickAt,
  timeoutError,
  withDeadline,
} from './deadline.js';
export { computeLineStarts, Doc, type DocColumns, lowerCased, NEEDS_COLLAPSE, NodeKind } from './doc.js';
export { DEFAULT_LIMITS, type ParseLimits, type ParseOptions, parseHtml } from './parse.js';
export { type Extraction, fewLinesWarning, Selection } from './selection.js';
export { SpareArray } from './spare-arrays.js';
export {
  IS_BLOCK,
  IS_HEADING,
  IS_HIDDEN_CONTENT,
  IS_VOID,
  TAG,
  TAG_COUNT,
  tagId,
  tagNameOf,
} from './tags.js';
export {
  isCjkCode,
  isJsSpaceCode,
  isSpaceCode,
  measureText,
  type TextMeasure,
  withoutTrailing,
} from './text-measure.js';
