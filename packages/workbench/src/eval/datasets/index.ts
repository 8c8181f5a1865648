/**
 * eval/datasets: one reader per dataset format (a lister of pages plus an async
 * generator over them), format detection and `--dataset` resolution.
 */
export {
  type ArticleBodyOptions,
  type ArticleBodyPage,
  findArticleBodyGroundTruth,
  isArticleBodyGroundTruth,
  listArticleBody,
  readArticleBody,
} from './article-body.js';
export {
  type CleanEvalOptions,
  type CleanEvalPage,
  type CleanEvalSplit,
  cleanGoldText,
  listCleanEval,
  readCleanEval,
  stripTextWrapper,
} from './cleaneval.js';
export { type InputGoldPage, listInputGold, readInputGold } from './input-gold.js';
export {
  L3S_DEFAULT_CLASSES,
  L3S_LABELS,
  type L3sLabel,
  type L3sOptions,
  l3sGoldText,
  l3sPrepareRetrieved,
  listL3sGn1,
  parseL3sUrlMapping,
  readL3sGn1,
} from './l3s-gn1.js';
export { METADATA_HALVES, type MetadataHalf, metadataHalfOf } from './metadata-split.js';
export {
  listNewspaperFulltext,
  type NewspaperFulltextPage,
  parseUrlsTsv,
  readNewspaperFulltext,
} from './newspaper-fulltext.js';
export {
  listReadabilityTestPages,
  READABILITY_TEST_URL,
  type ReadabilityTestPage,
  readReadabilityTestPages,
  visibleText,
} from './readability-testpages.js';
export {
  DATASET_FORMATS,
  type DatasetFormat,
  type DatasetScoring,
  type DatasetSpec,
  datasetScoring,
  detectDatasetFormat,
  isDatasetFormat,
  type ListOptions,
  listDataset,
  type PrimaryMetric,
  type PublishedKey,
  type ResolveOptions,
  resolveDatasetSpec,
  SHARED_DATASETS,
} from './registry.js';
export {
  DATASET_SPLITS,
  type DatasetSplit,
  inSplit,
  isSealedUrl,
  SEALED_FORMATS,
  siteOf,
} from './sealed.js';
export { compareIds, decodeGoldBytes, decodeWindows1252, fileStem } from './text.js';
export { listTrafilaturaEval, readTrafilaturaEval, type TrafilaturaEvalPage } from './trafilatura-eval.js';
export {
  applyRetrievedTransform,
  type DatasetPage,
  type DatasetReader,
  type Gold,
  type GoldMetadata,
  loadAll,
  type PageRef,
  type RetrievedTransform,
  type SnippetsGold,
  type TextGold,
} from './types.js';
export {
  listWcxb,
  parseWcxbGroundTruth,
  readWcxb,
  WCXB_PAGE_TYPES,
  type WcxbOptions,
  type WcxbPage,
  wcxbPageType,
} from './wcxb.js';
