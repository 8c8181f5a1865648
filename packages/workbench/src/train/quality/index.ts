/** quality/: `pith train quality`, the quality estimate's model (packages/pith/src/quality). */
import { SCORED_EXTRACTION_CODE, TRAINING_ROOM_CODE } from '../code.js';

export {
  type CollectQualityOptions,
  candidateAgreement,
  collectQualityRows,
  extraFeatures,
  QUALITY_DATASETS,
  type QualityRow,
  qualityRowOf,
  readQualityRows,
} from './rows.js';
export {
  QUALITY_GBDT_PARAMS,
  QUALITY_TARGETS,
  type QualityFigures,
  type QualityTarget,
  type QualityTraining,
  type TrainQualityOptions,
  trainQuality,
} from './train.js';

/**
 * The code the quality model depends on (repository paths): its rows are the default extractor's
 * held-out output and features, so the whole scored extraction.
 */
export const QUALITY_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/quality',
  'packages/workbench/src/train/choice/pages.ts',
  ...SCORED_EXTRACTION_CODE,
];
