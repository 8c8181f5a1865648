/**
 * train/page-type: the page-type recogniser's model (`models/page-type.json`,
 * `pith train page-type`). One-vs-rest gradient-boosted trees over `pageTypeFeatures`, trained
 * on WCXB dev's page-type labels; held out by 5-fold cross-validation grouped by host (a host's
 * pages in one fold) beside stratified folds, with per-type figures of the recogniser's
 * decision (the model and its rule overrides, as `classifyPageType` answers).
 */
import {
  DEFAULT_DECISION_POLICY,
  decide,
  PAGE_TYPES,
  pageTypeCues,
  serializePageTypeModel,
} from 'pith/internal';
import { TRAINING_ROOM_CODE } from '../code.js';
import { type ModelManifest, manifestCode } from '../manifest.js';
import { loadFeatureSet } from './features.js';
import {
  crossValidate,
  fitPageTypeModel,
  labelledRows,
  pageTypeGroupedFolds,
  pageTypeStratifiedFolds,
  predictRows,
  type Scores,
  SHIPPED_FIT,
  score,
} from './fit.js';

export { type FeatureRow, type FeatureSet, hostOf, loadFeatureSet } from './features.js';
export {
  argmax,
  crossValidate,
  type FitOptions,
  fitPageTypeModel,
  isPageType,
  type LabelledRow,
  labelledRows,
  pageTypeGroupedFolds,
  pageTypeStratifiedFolds,
  predictRows,
  type Scores,
  SHIPPED_FIT,
  score,
} from './fit.js';

/** The code a page-type model depends on (repository paths; see test/train/code-paths.test.ts). */
export const PAGE_TYPE_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/page-type',
  'packages/pith/src/features/page-type',
  'packages/pith/src/learn',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
  'packages/workbench/src/eval/datasets',
  'packages/workbench/src/eval/metrics/snippets.ts',
  'packages/pith/src/errors.ts',
  'packages/pith/src/model-files.ts',
  'packages/pith/src/model-packing.ts',
  'packages/pith/src/index.ts',
  'packages/pith/src/extract-options.ts',
  'packages/pith/src/random.ts',
  'packages/pith/src/version.ts',
  'package-lock.json',
];

export interface TrainPageTypeOptions {
  /** The dataset with page-type labels (default wcxb-dev). */
  dataset?: string;
  /** Cross-validation folds (0: none). */
  folds?: number;
  seed?: number;
  command: string;
  log?: (message: string) => void;
}

export interface TrainPageTypeResult {
  text: string;
  manifest: ModelManifest;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function summary(scores: Scores, perType = false) {
  return {
    accuracy: round(scores.accuracy),
    macroF1: round(scores.macroF1),
    ...(perType
      ? {
          perType: Object.fromEntries(
            scores.perType.map((t) => [
              t.type,
              { pages: t.support, precision: round(t.precision), recall: round(t.recall), f1: round(t.f1) },
            ]),
          ),
        }
      : {}),
  };
}

/** Trains the page-type model, measures it held out, returns the file's text with its manifest. */
export async function trainPageType(options: TrainPageTypeOptions): Promise<TrainPageTypeResult> {
  const log = options.log ?? (() => {});
  const dataset = options.dataset ?? 'wcxb-dev';
  const k = options.folds ?? 5;
  const seed = options.seed ?? 1;
  const set = await loadFeatureSet(dataset, log);
  const rows = labelledRows(set);
  if (rows.length === 0) throw new Error(`${dataset} has no page-type labels`);
  const labels = rows.map((row) => row.label);
  const fit = { ...SHIPPED_FIT, featureNames: set.names };
  /** The recogniser's answer (classifyPageType): the model's probabilities and the rule overrides. */
  const decided = (probabilities: Float64Array[]) =>
    score(
      labels,
      probabilities,
      probabilities.map((p, i) => decide(p, pageTypeCues(rows[i].features), DEFAULT_DECISION_POLICY)),
    );

  log(`training on ${rows.length} pages, ${set.names.length} features…`);
  // Figures of the recogniser's answer (what classifyPageType returns), in-sample and held out.
  const evaluation: Record<string, unknown> = {};
  evaluation.inSample = summary(decided(predictRows(fitPageTypeModel(rows, set.names, fit), rows)));
  if (k > 0) {
    log(`${k}-fold cross-validation, grouped by host, then stratified…`);
    const grouped = crossValidate(rows, set.names, fit, pageTypeGroupedFolds(rows, k, seed), k);
    const stratified = crossValidate(rows, set.names, fit, pageTypeStratifiedFolds(rows, k, seed), k);
    evaluation.crossValidation = {
      folds: k,
      seed,
      groupedByHost: summary(decided(grouped), true),
      stratified: summary(decided(stratified)),
    };
  }
  const manifest: ModelManifest = {
    datasets: [
      {
        name: set.dataset,
        format: 'wcxb',
        path: dataset,
        pages: rows.length,
        ...Object.fromEntries(PAGE_TYPES.map((type) => [type, labels.filter((l) => l === type).length])),
      },
    ],
    command: options.command,
    ...manifestCode(PAGE_TYPE_MODEL_CODE),
    options: { oneVsRest: true, ...SHIPPED_FIT, folds: k, seed },
    evaluation,
  };
  // Training is deterministic: the same fit with the manifest attached gives the same trees.
  const model = fitPageTypeModel(rows, set.names, fit, manifest as unknown as Record<string, unknown>);
  return { text: serializePageTypeModel(model), manifest };
}
