/**
 * `pith/internal`: what pith's own tools (the packages @pith/tools, @pith/crawl, @pith/server,
 * @pith/workbench, @pith/cli and the scripts in bench/) use beyond the public API (`index.ts`).
 * Not promised to stay: users import `pith`. Named exports only, each through its room's door, so
 * that this list is what the tools use and no more (written by the split's internal-names.mjs:
 * docs/decisions.md, "Packages"). Library code never imports it; tests import the rooms' doors.
 */
export {
  checkDeadline,
  Doc,
  type Extraction,
  IS_BLOCK,
  IS_HEADING,
  IS_VOID,
  monitorDeadlineChecks,
  NodeKind,
  parseHtml,
  Selection,
  TAG,
  timeoutError,
  withDeadline,
} from './dom/index.js';
export { isPithError, PithError } from './errors.js';
export { allText } from './extractors/all-text/index.js';
export {
  analysePage,
  buildSelection,
  CUTER_DEFAULTS,
  type CuterAnalysis,
  type CuterOptions,
  cuter,
  decide as cuterDecide,
  MIN_TP_RULES,
  type MinTpRule,
} from './extractors/cuter/index.js';
export {
  classifierText,
  classifyChunk,
  DEFAULT_MIN_TEXT_CHARS,
  type DensityModel,
  type DensityModelFile,
  density,
  densityFilter,
  EMPTY_KEY,
  extendKey,
  KeyTable,
  type ManifestDataset,
  mapText,
  modelFile,
  modelFromCounts,
  type NgramCounts,
  TEXT_MAPS,
  type TextMap,
  type TrainingManifest,
} from './extractors/density/index.js';
export { getExtractor, type PithDiagnostics, serviceOptions } from './extractors/index.js';
export {
  MSS_MODEL_FORMAT,
  MSS_MODEL_FORMAT_VERSION,
  type MssFeatureFile,
  type MssModelFile,
  mss,
  TokenKind,
  tokenize,
  trigramAt,
} from './extractors/mss/index.js';
export {
  CANDIDATE_NAMES,
  CHOICE_FEATURE_NAMES,
  CHOICE_MODEL_FORMAT,
  CHOICE_MODEL_VERSION,
  CHOICE_WIDTH,
  type ChoiceModelFile,
  candidatesOf,
  guardFooter,
  loadBlockModel,
  type PageRows,
  pageRows,
  pith,
  runHeuristic,
  STACK_FEATURE_NAMES,
  STACK_WIDTH,
  stackRows,
} from './extractors/pith/index.js';
export { seededRandom, TTR_METHODS, type TtrMethod, ttr } from './extractors/ttr/index.js';
export {
  averageFontSize,
  averagesOf,
  type BlockTree,
  getBlockTree,
  linkDensityOf,
  resolveOptions,
  selectMainBlock,
  VCE_DEFAULTS,
  VCE_PAPER_READING,
  type VceOptions,
  vce,
} from './extractors/vce/index.js';
export {
  type Blocks,
  blockFeatures,
  blockText,
  CUE_GROUPS,
  LANDMARKS,
  labelBlocks,
  segmentBlocks,
  wordTokens,
} from './features/blocks/index.js';
export {
  type CommentSection,
  commentMask,
  FORUM_OUTSIDE_SHARE_UNASKED,
  findComments,
  separateComments,
} from './features/comments/index.js';
export {
  type CombineRule,
  classifyPageType,
  classifyPageTypeFeatures,
  DEFAULT_DECISION_POLICY,
  type DecisionPolicy,
  decide,
  loadPageTypeModel,
  makePageTypeModel,
  PAGE_TYPE_FEATURE_NAMES,
  PAGE_TYPES,
  type PageType,
  type PageTypeModel,
  pageTypeCues,
  pageTypeFeatures,
  predictPageTypeProbabilities,
  serializePageTypeModel,
} from './features/page-type/index.js';
export {
  type ContentFormat,
  formatExtraction,
  HTML_ALLOW_LIST,
  type JsonMetadata,
  LINK_SCHEMES,
  plotExtraction,
  renderLinePlot,
} from './format/index.js';
export {
  contentCodings,
  DEFAULT_MAX_INPUT_BYTES,
  decodeHtml,
  MAX_CONTENT_CODINGS,
  mimeEssence,
  readXmlPages,
} from './input/index.js';
export {
  allocateLayoutColumns,
  DEFAULT_VIEWPORT,
  Display,
  type DomSnapshot,
  estimateLayout,
  instrumentHtml,
  type Layout,
  type LayoutProvider,
  layoutFromSnapshot,
  NODE_ID_ATTRIBUTE,
  SNAPSHOT_STYLES,
  type Viewport,
} from './layout/index.js';
export {
  auc,
  binColumns,
  type Calibration,
  compiledProbability,
  compileGbdt,
  computeBinEdges,
  DEFAULT_GBDT_PARAMS,
  type GbdtModel,
  type GbdtParams,
  isotonicFit,
  type LogisticParams,
  type Model,
  parseModel,
  predictProbabilities,
  predictProbability,
  serializeModel,
  type TrainingData,
  trainGbdt,
  trainLogistic,
} from './learn/index.js';
export {
  dateInstant,
  extractMetadata,
  type Metadata,
  parseDate,
  parseJsonLd,
  stripSiteName,
} from './metadata/index.js';
export { loadShippedModels, setModelReader } from './model-files.js';
export {
  assessQuality,
  calibrate,
  QUALITY_FEATURES,
  QUALITY_MODEL_FORMAT,
  QUALITY_MODEL_VERSION,
  QUALITY_REASONS,
  type QualityModelFile,
  qualityDetails,
  qualityReasons,
} from './quality/index.js';
export { type Random, randomIndex } from './random.js';
export { VERSION } from './version.js';
