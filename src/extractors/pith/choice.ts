/**
 * The learned choice among the candidates (issue 37): gradient-boosted trees over
 * `CHOICE_FEATURE_NAMES` that predict each candidate's F1 (trained with the logistic loss on
 * the F1 as a soft label, held out by site: src/train/choice), then an isotonic map from that
 * prediction to the mean F1 of held-out candidates with it. The page's answer is the candidate
 * with the highest prediction; its calibrated prediction is the result's quality.
 * The file is `models/pith-choice.json` (`pith train choice`); without it the extractor answers
 * with its balanced candidate, as before the choice.
 */
import { PithError } from '../../errors.js';
import {
  type Calibration,
  calibrate,
  compiledProbability,
  compileGbdt,
  modelFromJson,
} from '../../learn/index.js';
import { isShippedModel, modelLoader, parseJsonModel } from '../../model-files.js';
import { CANDIDATE_NAMES, type Candidate } from './candidates.js';
import { CHOICE_COLUMNS, CHOICE_FEATURE_NAMES, CHOICE_WIDTH } from './choice-features.js';

export const CHOICE_MODEL_FORMAT = 'pith-choice';
export const CHOICE_MODEL_VERSION = 1;
/** The name of the shipped choice model (`models/pith-choice.json`), once one ships. */
export const DEFAULT_CHOICE_MODEL = 'pith-choice';
/** The choice models shipped with pith, by name: none yet (without one the extractor answers 'balanced'). */
export const SHIPPED_CHOICE_MODELS: readonly string[] = [DEFAULT_CHOICE_MODEL].filter(isShippedModel);

/** The file as `pith train choice` writes it. */
export interface ChoiceModelFile {
  format: typeof CHOICE_MODEL_FORMAT;
  version: number;
  manifest?: Record<string, unknown>;
  candidates: string[];
  features: string[];
  model: unknown;
  calibration: Calibration;
}

export interface ChoiceModel {
  /** The trees' estimate of the F1 of the candidate whose row starts at `offset`. */
  raw(values: Float32Array, offset: number): number;
  /** The calibrated estimate, in [0, 1]. */
  calibrated(raw: number): number;
}

function fail(file: string, why: string): never {
  throw new PithError('BAD_OPTION', `choice model ${file}: ${why}`);
}

export function choiceModelFromJson(value: unknown, file = 'choice model'): ChoiceModel {
  const record = value as Partial<ChoiceModelFile> | null;
  if (!record || typeof record !== 'object' || record.format !== CHOICE_MODEL_FORMAT)
    fail(file, `not a ${CHOICE_MODEL_FORMAT} file`);
  if (record.version !== CHOICE_MODEL_VERSION)
    fail(file, `version ${String(record.version)} is not supported`);
  const { calibration, features, candidates } = record;
  if (!Array.isArray(features) || !Array.isArray(candidates) || !calibration || !Array.isArray(calibration.x))
    fail(file, 'features, candidates or calibration missing');
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((name, index) => name === b[index]);
  if (!same(features, CHOICE_FEATURE_NAMES) || !same(candidates, CANDIDATE_NAMES))
    fail(file, 'trained on other features or candidates (retrain it: pith train choice)');
  const model = modelFromJson(record.model);
  if (model.kind !== 'gbdt') fail(file, 'expected gradient-boosted trees');
  const compiled = compileGbdt(model);
  return {
    raw: (values, offset) => compiledProbability(compiled, values, offset),
    calibrated: (raw) => Math.min(1, Math.max(0, calibrate(calibration, raw))),
  };
}

const readChoiceModel = modelLoader<ChoiceModel>({
  parse: parseJsonModel(choiceModelFromJson, fail),
  cannotRead: (file, error) =>
    new PithError(
      'BAD_OPTION',
      (error as { code?: unknown }).code === 'ENOENT'
        ? `choice model file not found: ${file}`
        : `choice model: cannot read ${file}`,
      { cause: error },
    ),
});

/**
 * '' = the shipped model (undefined while none ships: no choice), 'none' = no choice, a shipped
 * model's name, or a name the tools' model reader knows (a file path).
 */
export function loadChoiceModel(value: string): ChoiceModel | undefined {
  if (value === 'none') return undefined;
  if (value !== '') return readChoiceModel(value);
  return SHIPPED_CHOICE_MODELS.length > 0 ? readChoiceModel(DEFAULT_CHOICE_MODEL) : undefined;
}

export interface ChoiceOutcome {
  /** Index of the chosen candidate. */
  chosen: number;
  /** Per candidate: the trees' estimate of its F1 (uncalibrated). */
  raw: Float64Array;
  /** True when the footer guard overruled the highest estimate. */
  guarded: boolean;
}

/** A candidate this much footer, cookie or navigation text is not a body. */
const FOOTER_SHARE = 0.5;
/** A body candidate has at most this much of it, and this share of its words in sentences. */
const BODY_FOOTER_SHARE = 0.3;
const BODY_SENTENCE_SHARE = 0.3;
/** "Tiny beside another candidate": under this share of the body candidate's words. */
const TINY_SHARE = 0.1;
/** The body candidate may be estimated this much below the winner and still replace it. */
const GUARD_SLACK = 0.25;

/**
 * Never a footer for a body (issue 37, item 3): when the winner is mostly footer, cookie or
 * navigation text, or tiny beside a candidate that reads as a body, the best-estimated body
 * candidate answers instead (if one is estimated within GUARD_SLACK of the winner).
 */
export function guardFooter(
  features: ArrayLike<number>,
  raw: ArrayLike<number>,
  chosen: number,
  eligible: (index: number) => boolean = () => true,
): number {
  const at = (index: number, column: number) => features[index * CHOICE_WIDTH + column];
  const footer = (index: number) =>
    Math.max(
      at(index, CHOICE_COLUMNS.footerShare),
      at(index, CHOICE_COLUMNS.boilerplateCueShare),
      at(index, CHOICE_COLUMNS.cookieCueShare),
    );
  const words = (index: number) => Math.expm1(at(index, CHOICE_COLUMNS.logWords));
  const isBody = (index: number) =>
    footer(index) <= BODY_FOOTER_SHARE && at(index, CHOICE_COLUMNS.sentenceShare) >= BODY_SENTENCE_SHARE;
  const mostlyFooter = footer(chosen) >= FOOTER_SHARE;
  let best = -1;
  for (let index = 0; index < raw.length; index++) {
    if (index === chosen || !eligible(index) || !isBody(index)) continue;
    if (raw[index] < raw[chosen] - GUARD_SLACK) continue;
    const tiny = words(chosen) < TINY_SHARE * words(index);
    if (!mostlyFooter && !tiny) continue;
    if (best < 0 || raw[index] > raw[best]) best = index;
  }
  return best < 0 ? chosen : best;
}

/**
 * Per candidate the trees' estimate; the highest wins (the earlier candidate on a tie: the
 * balanced one first), unless the footer guard overrules it. `eligible` leaves candidates out
 * (the favor modes).
 */
export function chooseCandidate(
  model: ChoiceModel,
  features: Float32Array,
  candidates: readonly Candidate[],
  eligible: (index: number) => boolean = () => true,
): ChoiceOutcome {
  const raw = new Float64Array(candidates.length);
  let highest = 0;
  for (let index = 0; index < candidates.length; index++) {
    raw[index] = model.raw(features, index * CHOICE_WIDTH);
    if (eligible(index) && raw[index] > raw[highest]) highest = index;
  }
  const chosen = guardFooter(features, raw, highest, eligible);
  return { chosen, raw, guarded: chosen !== highest };
}
