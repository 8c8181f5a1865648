/**
 * features/page-type: what kind of page a document is, in WCXB's seven types
 * (article, forum, product, collection, listing, documentation, service).
 *
 * - `pageTypeFeatures(doc, url?, metadata?)`: one pass → a named Float32Array;
 * - `classifyPageType(doc, url?, options?)`: → { type, probabilities, reasons },
 *   from the shipped one-vs-rest tree model (models/page-type.json) and the rule cues;
 * - the model file's reader, writer and prediction, for training scripts.
 *
 * See docs/algorithms/page-type.md.
 */

export {
  type ClassifyPageTypeOptions,
  classifyPageType,
  classifyPageTypeFeatures,
  DEFAULT_DECISION_POLICY,
  type DecisionPolicy,
  decide,
  decidePageType,
  type PageTypeDecision,
  type PageTypeResult,
} from './classify.js';
export { KeywordMatcher } from './cues.js';
export {
  PAGE_TYPE_FEATURE_INDEX,
  PAGE_TYPE_FEATURE_NAMES,
  type PageTypeFeatureName,
  type PageTypeMetadata,
  pageTypeFeatures,
} from './features.js';
export {
  type CombineRule,
  combineMargins,
  DEFAULT_PAGE_TYPE_MODEL,
  loadPageTypeModel,
  makePageTypeModel,
  PAGE_TYPE_MODEL_FORMAT,
  PAGE_TYPE_MODEL_VERSION,
  PAGE_TYPES,
  type PageType,
  type PageTypeModel,
  pageTypeModelFromJson,
  predictPageTypeProbabilities,
  serializePageTypeModel,
} from './model.js';
export { type PageTypeCue, pageTypeCues } from './rules.js';
