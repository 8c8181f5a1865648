/**
 * pith's small learning library: gradient-boosted trees and logistic regression for binary
 * classification, metrics, and a compact deterministic JSON model format.
 * See docs/algorithms/learn.md.
 */

export { binColumns, computeBinEdges } from './binning.js';
export {
  type CompiledGbdt,
  compiledMargin,
  compiledMargins,
  compiledProbability,
  compileGbdt,
} from './compiled.js';
export type { CheckedData, LabelledRows, TrainingData } from './data.js';
export {
  type FeatureImportance,
  featureImportance,
  type GbdtModel,
  type GbdtParams,
  type GbdtTree,
} from './gbdt-model.js';
export {
  DEFAULT_GBDT_PARAMS,
  type GbdtOptions,
  type GbdtTraining,
  type RoundLog,
  trainGbdt,
} from './gbdt-train.js';
export { type Calibration, calibrate, type IsotonicFit, isotonicFit } from './isotonic.js';
export {
  DEFAULT_LOGISTIC_PARAMS,
  type LogisticModel,
  type LogisticParams,
  type LogisticTraining,
  trainLogistic,
} from './logistic.js';
export { accuracy, auc, logLoss } from './metrics.js';
export { sigmoid } from './numbers.js';
export { predictMargin, predictProbabilities, predictProbability } from './predict.js';
export {
  GBDT_FORMAT,
  LOGISTIC_FORMAT,
  MODEL_VERSION,
  type Model,
  ModelFormatError,
  modelFromJson,
  parseModel,
  type SerializeOptions,
  serializeModel,
} from './serialise.js';
