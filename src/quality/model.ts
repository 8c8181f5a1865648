/**
 * The quality model (`models/quality.json`): gradient-boosted trees over `QUALITY_FEATURES`
 * that predict a page's F1 (trained with the logistic loss on F1 as a soft label), then an
 * isotonic map from that prediction to the mean F1 of held-out pages with it (the calibration).
 * Read once per name (the shipped `quality`, or a file the tools' model reader reads).
 */
import { PithError } from '../errors.js';
import {
  type Calibration,
  calibrate,
  compiledProbability,
  compileGbdt,
  type Model,
  modelFromJson,
} from '../learn/index.js';

export { type Calibration, calibrate };

import { modelLoader, parseJsonModel } from '../model-files.js';
import { QUALITY_FEATURES } from './features.js';

export const QUALITY_MODEL_FORMAT = 'pith-quality';
export const QUALITY_MODEL_VERSION = 1;
export const DEFAULT_QUALITY_MODEL = 'quality';

/** The file as written by the trainer. */
export interface QualityModelFile {
  format: typeof QUALITY_MODEL_FORMAT;
  version: number;
  manifest?: Record<string, unknown>;
  features: string[];
  model: unknown;
  calibration: Calibration;
}

export interface QualityModel {
  readonly features: readonly string[];
  /** The calibrated expected F1 of a feature row, in [0, 1]. */
  predict(row: Float32Array): number;
  /** The trees' own estimate, before calibration (for training and evaluation). */
  raw(row: Float32Array): number;
}

function fail(file: string, why: string): never {
  throw new PithError('BAD_OPTION', `quality model ${file}: ${why}`);
}

export function qualityModelFromJson(value: unknown, file = 'quality model'): QualityModel {
  const record = value as Partial<QualityModelFile> | null;
  if (!record || typeof record !== 'object' || record.format !== QUALITY_MODEL_FORMAT) {
    fail(file, `not a ${QUALITY_MODEL_FORMAT} file`);
  }
  if (record.version !== QUALITY_MODEL_VERSION)
    fail(file, `version ${String(record.version)} is not supported`);
  const calibration = record.calibration;
  if (
    !Array.isArray(record.features) ||
    !calibration ||
    !Array.isArray(calibration.x) ||
    !Array.isArray(calibration.y) ||
    calibration.x.length !== calibration.y.length
  ) {
    fail(file, 'features or calibration missing');
  }
  let model: Model;
  try {
    model = modelFromJson(record.model);
  } catch (error) {
    fail(file, (error as Error).message);
  }
  if (model.kind !== 'gbdt') fail(file, 'expected gradient-boosted trees');
  const names = record.features;
  if (names.length !== QUALITY_FEATURES.length || names.some((name, k) => name !== QUALITY_FEATURES[k])) {
    fail(file, 'trained on other features (retrain it: pith train quality)');
  }
  const compiled = compileGbdt(model);
  const raw = (row: Float32Array) => compiledProbability(compiled, row, 0);
  return {
    features: record.features,
    raw,
    predict: (row) => Math.min(1, Math.max(0, calibrate(calibration, raw(row)))),
  };
}

const readQualityModel = modelLoader<QualityModel>({
  parse: parseJsonModel(qualityModelFromJson, fail),
  cannotRead: (file, error) =>
    new PithError('BAD_OPTION', `quality model: cannot read ${file}`, { cause: error }),
});

/** The shipped quality model, or the one `name` names (a file path, read by the tools' model reader). */
export function loadQualityModel(name: string = DEFAULT_QUALITY_MODEL): QualityModel {
  return readQualityModel(name);
}
