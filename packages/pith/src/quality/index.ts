/**
 * quality/: how good an extraction probably is. `assessQuality` gives every result its
 * expected F1 against what a person would mark (`quality`, from the default extractor's
 * signals and the shipped model, calibrated on held-out pages), the page type with its
 * probability, and reason codes for what lowered the score or emptied the result.
 * See docs/algorithms/quality.md.
 */
import type { Extraction } from '../dom/index.js';
import { pageDocOf } from '../extractors/index.js';
import {
  classifyPageType,
  loadPageTypeModel,
  PAGE_TYPES,
  type PageType,
} from '../features/page-type/index.js';
import type { Metadata } from '../metadata/index.js';
import { qualityFeatures } from './features.js';
import { loadQualityModel } from './model.js';
import { type QualityReason, qualityReasons } from './reasons.js';
import { type QualitySignals, qualitySignals } from './signals.js';

export { QUALITY_FEATURES, qualityFeatures } from './features.js';
export {
  type Calibration,
  calibrate,
  DEFAULT_QUALITY_MODEL,
  loadQualityModel,
  QUALITY_MODEL_FORMAT,
  QUALITY_MODEL_VERSION,
  type QualityModel,
  type QualityModelFile,
  qualityModelFromJson,
} from './model.js';
export { QUALITY_REASON_TEXTS, QUALITY_REASONS, type QualityReason, qualityReasons } from './reasons.js';
export { type QualitySignals, qualitySignals } from './signals.js';

/** The page type as results report it: one of WCXB's seven, or 'other' when no recogniser ran. */
export type ResultPageType = PageType | 'other';
export const RESULT_PAGE_TYPES: readonly ResultPageType[] = [...PAGE_TYPES, 'other'];

export interface QualityAssessment {
  /**
   * Expected F1 of this extraction against a person's marking, in [0, 1] (3 decimals); null
   * when there is no estimate (another extractor than the default, or no quality model).
   */
  quality: number | null;
  pageType: { type: ResultPageType; probability: number };
  reasons: QualityReason[];
}

/** Everything `assessQuality` computes, the feature row included (for training and benches). */
export interface QualityDetails extends QualityAssessment {
  signals: QualitySignals;
  features: Float32Array;
}

function pageTypeOf(extraction: Extraction, metadata: Metadata, signals: QualitySignals) {
  if (signals.pith)
    return { type: signals.pith.pageType.type, probability: signals.pith.pageType.probability };
  try {
    const result = classifyPageType(extraction.doc, extraction.doc.url, {
      model: loadPageTypeModel(),
      metadata,
    });
    return { type: result.type, probability: result.probabilities[result.type] };
  } catch {
    return { type: 'other' as const, probability: 0 };
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function qualityDetails(extraction: Extraction, metadata: Metadata): QualityDetails {
  const signals = qualitySignals(extraction, metadata);
  // The heuristic's candidates are nodes of the page's document, not of an embedded body's answer.
  const pageDoc = pageDocOf(extraction);
  const contains = (ancestor: number, descendant: number) => pageDoc.contains(ancestor, descendant);
  const features = qualityFeatures(signals, contains);
  // With a choice, the quality is the chosen candidate's estimated F1 (calibrated held out).
  const chosen = signals.pith?.choice?.estimate;
  const model = signals.pith && chosen === undefined ? loadQualityModel() : undefined;
  const pageType = pageTypeOf(extraction, metadata, signals);
  return {
    quality: chosen !== undefined ? chosen : model ? round3(model.predict(features)) : null,
    pageType: { type: pageType.type, probability: round3(pageType.probability) },
    reasons: qualityReasons(features, chosen),
    signals,
    features,
  };
}

/** The quality estimate, page type and reason codes of one extraction. */
export function assessQuality(extraction: Extraction, metadata: Metadata): QualityAssessment {
  const { quality, pageType, reasons } = qualityDetails(extraction, metadata);
  return { quality, pageType, reasons };
}
