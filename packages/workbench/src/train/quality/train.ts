/**
 * Trains and evaluates the quality model (models/quality.json) from the held-out rows (rows.ts):
 * gradient-boosted trees over QUALITY_FEATURES predicting each page's held-out F1 (logistic loss,
 * F1 as a soft label), then isotonic calibration.
 *
 * Evaluation on pages the model did not see: k folds by site over the rows (a site's pages in one
 * fold, pooled over the datasets); each fold's pages get the trees trained on the other folds and
 * the isotonic map fitted on the other folds' out-of-fold scores. Reported per dataset and pooled:
 * Spearman(quality, F1), ECE (10 bins), the mean F1 after dropping the 5 % lowest-quality pages,
 * the keep-share curve, and the mean F1 of the pages with each reason code. Then the shipped model:
 * trees on every row, isotonic map on every out-of-fold score.
 */
import {
  calibrate,
  compiledProbability,
  compileGbdt,
  type GbdtParams,
  isotonicFit,
  pith,
  QUALITY_FEATURES,
  QUALITY_MODEL_FORMAT,
  QUALITY_MODEL_VERSION,
  QUALITY_REASONS,
  type QualityModelFile,
  qualityReasons,
  serializeModel,
  trainGbdt,
} from 'pith/internal';
import {
  expectedCalibrationError,
  keepCurve,
  ranks,
  reliabilityBins,
  reliabilityDiagram,
  spearman,
} from '../../eval/index.js';
import { groupedFolds } from '../folds.js';
import { manifestCode } from '../manifest.js';
import type { QualityRow } from './rows.js';

export const QUALITY_GBDT_PARAMS: Partial<GbdtParams> = {
  rounds: 150,
  learningRate: 0.05,
  maxDepth: 4,
  minSamplesLeaf: 20,
  minChildWeight: 0.5,
  subsample: 0.8,
  colsampleByTree: 0.8,
  seed: 1,
};

/**
 * What the trees learn: the F1 itself, its percentile among all pages (`rank`, which weighs every
 * step of the order alike, Spearman's view, instead of the few large errors), or the mean of the
 * two (`blend`, the shipped choice); the isotonic map turns the trees' score into F1 either way.
 */
export type QualityTarget = 'f1' | 'rank' | 'blend';
export const QUALITY_TARGETS: readonly QualityTarget[] = ['f1', 'rank', 'blend'];

export interface TrainQualityOptions {
  rows: readonly QualityRow[];
  folds: number;
  seed: number;
  params?: Partial<GbdtParams>;
  target: QualityTarget;
  /** Candidate features of `row.extra` to evaluate beside QUALITY_FEATURES (no model is written then). */
  extra?: readonly string[];
  command: string;
  /** The code the model depends on (its manifest's commit). */
  code: readonly string[];
  log?: (message: string) => void;
}

/** One dataset's (or the pool's) held-out figures. */
export interface QualityFigures {
  n: number;
  meanF1: number;
  meanQuality: number;
  spearman: number;
  ece: number;
  meanF1Kept95: number;
  gainDrop5: number;
  curve: ReturnType<typeof keepCurve>;
  bins: ReturnType<typeof reliabilityBins>;
}

export interface QualityTraining {
  /** The model file's text; undefined with `extra` features (the library does not compute them). */
  text?: string;
  /** Held-out figures: `calibrated` and `raw`, each per dataset and `pooled`. */
  heldOut: { calibrated: Record<string, QualityFigures>; raw: Record<string, QualityFigures> };
  /** Per reason code (and `none`): pages, their mean F1 and mean quality. */
  reasons: Record<string, { n: number; meanF1: number; meanQuality: number }>;
  /** Reliability diagrams (SVG) of the calibrated estimate, per dataset and pooled. */
  diagrams: Record<string, string>;
  /** The report for the terminal (Markdown tables). */
  report: string;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (list: readonly number[]) => list.reduce((sum, v) => sum + v, 0) / Math.max(1, list.length);

export function trainQuality(options: TrainQualityOptions): QualityTraining {
  const log = options.log ?? (() => {});
  const { rows } = options;
  const extraNames = options.extra ?? [];
  for (const row of rows)
    if (row.features.length !== QUALITY_FEATURES.length)
      throw new Error(
        `${row.dataset}/${row.id}: ${row.features.length} features, expected ${QUALITY_FEATURES.length} (rows of an older pith: collect them again)`,
      );
  if (rows.length < options.folds * 2)
    throw new Error(`${rows.length} rows: too few for ${options.folds} folds`);
  const params = { ...QUALITY_GBDT_PARAMS, ...options.params };
  const featureNames = [...QUALITY_FEATURES, ...extraNames.map((name) => `extra.${name}`)];
  const width = featureNames.length;
  const matrix = (subset: readonly number[]) => {
    const out = new Float32Array(subset.length * width);
    subset.forEach((index, r) => {
      const row = rows[index];
      // own-keys: --extra names the operator chose among the recorded ones; a missing one reads as NaN
      const values = [...row.features, ...extraNames.map((name) => row.extra?.[name] ?? null)];
      values.forEach((value, j) => {
        out[r * width + j] = value === null ? Number.NaN : value;
      });
    });
    return out;
  };
  const k = options.folds;
  const fold = groupedFolds(
    rows.map((row) => ({ keys: [`site:${row.site}`], stratum: row.dataset })),
    k,
    options.seed,
  );
  const all = rows.map((_, index) => index);
  const labels = rows.map((row) => Math.min(1, Math.max(0, row.f1)));
  const percentiles = Array.from(ranks(labels), (rank) => (rank - 0.5) / labels.length);
  const treeLabels =
    options.target === 'rank'
      ? percentiles
      : options.target === 'blend'
        ? labels.map((f1, i) => (f1 + percentiles[i]) / 2)
        : labels;
  const train = (subset: readonly number[]) =>
    trainGbdt({ features: matrix(subset), featureNames, labels: subset.map((i) => treeLabels[i]) }, params)
      .model;
  const predictRaw = (model: ReturnType<typeof train>, subset: readonly number[]) => {
    const features = matrix(subset);
    const compiled = compileGbdt(model);
    return Float64Array.from(subset, (_, r) => compiledProbability(compiled, features, r * width));
  };

  // Out-of-fold raw scores, then each fold calibrated by the map of the other folds' scores.
  const raw = new Float64Array(rows.length);
  for (let f = 0; f < k; f++) {
    const trainSet = all.filter((i) => fold[i] !== f);
    const testSet = all.filter((i) => fold[i] === f);
    predictRaw(train(trainSet), testSet).forEach((value, r) => {
      raw[testSet[r]] = value;
    });
    log(`fold ${f}: ${trainSet.length} train, ${testSet.length} held out`);
  }
  const calibrated = new Float64Array(rows.length);
  for (let f = 0; f < k; f++) {
    const others = all.filter((i) => fold[i] !== f);
    const map = isotonicFit(
      others.map((i) => raw[i]),
      others.map((i) => labels[i]),
    );
    for (const i of all) if (fold[i] === f) calibrated[i] = Math.min(1, Math.max(0, calibrate(map, raw[i])));
  }

  const figures = (subset: readonly number[], scores: Float64Array): QualityFigures => {
    const predicted = subset.map((i) => scores[i]);
    const observed = subset.map((i) => labels[i]);
    const bins = reliabilityBins(predicted, observed, 10);
    const curve = keepCurve(predicted, observed);
    const drop5 = curve.find((point) => point.share === 0.95)?.meanKept ?? Number.NaN;
    return {
      n: subset.length,
      meanF1: round(mean(observed)),
      meanQuality: round(mean(predicted)),
      spearman: round(spearman(predicted, observed)),
      ece: round(expectedCalibrationError(bins)),
      meanF1Kept95: round(drop5),
      gainDrop5: round(drop5 - curve[0].meanKept),
      curve: curve.map((point) => ({
        ...point,
        threshold: round(point.threshold),
        meanKept: round(point.meanKept),
      })),
      bins: bins.map((bin) => ({ ...bin, predicted: round(bin.predicted), observed: round(bin.observed) })),
    };
  };
  const datasets = [...new Set(rows.map((row) => row.dataset))];
  const section = (scores: Float64Array) => {
    const out: Record<string, QualityFigures> = { pooled: figures(all, scores) };
    for (const dataset of datasets) {
      const subset = all.filter((i) => rows[i].dataset === dataset);
      // own-keys: a dataset's name, from the run's own list
      out[dataset] = figures(subset, scores);
    }
    return out;
  };
  const heldOut = { calibrated: section(calibrated), raw: section(raw) };

  // The reasons as the current rules give them (they read the feature row only).
  const reasonsOf = rows.map((row) =>
    qualityReasons(Float32Array.from(row.features, (value) => (value === null ? Number.NaN : value))),
  );
  const reasonFigures = (subset: readonly number[]) => ({
    n: subset.length,
    meanF1: round(mean(subset.map((i) => labels[i]))),
    meanQuality: round(mean(subset.map((i) => calibrated[i]))),
  });
  const reasons: QualityTraining['reasons'] = {};
  for (const reason of QUALITY_REASONS)
    reasons[reason] = reasonFigures(all.filter((i) => reasonsOf[i].includes(reason)));
  reasons.none = reasonFigures(all.filter((i) => reasonsOf[i].length === 0));

  const diagrams = Object.fromEntries(
    Object.entries(heldOut.calibrated).map(([dataset, line]) => [
      dataset,
      reliabilityDiagram({
        bins: line.bins,
        title: `Quality calibration, ${dataset} (n = ${line.n}, held out): ECE ${line.ece}, Spearman ${line.spearman}`,
      }),
    ]),
  );
  const report = [
    `Held out (${k} folds by site, seed ${options.seed}), the calibrated estimate against each page's F1:`,
    '',
    '| rows | n | mean F1 | mean quality | Spearman | ECE | gain dropping 5 % |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(heldOut.calibrated).map(
      ([name, f]) =>
        `| ${name} | ${f.n} | ${f.meanF1} | ${f.meanQuality} | ${f.spearman} | ${f.ece} | ${f.gainDrop5} |`,
    ),
    '',
    '| reason | pages | mean F1 | mean quality |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(reasons).map(([name, r]) => `| ${name} | ${r.n} | ${r.meanF1} | ${r.meanQuality} |`),
    '',
  ].join('\n');
  if (extraNames.length > 0) return { heldOut, reasons, diagrams, report };

  log('the model on every row');
  const model = train(all);
  const map = isotonicFit(
    all.map((i) => raw[i]),
    all.map((i) => labels[i]),
  );
  const pooled = heldOut.calibrated.pooled;
  const file: QualityModelFile = {
    format: QUALITY_MODEL_FORMAT,
    version: QUALITY_MODEL_VERSION,
    manifest: {
      command: options.command,
      ...manifestCode(options.code, pith.version),
      data: Object.fromEntries(datasets.map((d) => [d, rows.filter((row) => row.dataset === d).length])),
      rows: 'every development page extracted with a block model that did not see its site (pith train blocks --folds 5; the shipped model for datasets it never trained on)',
      gbdt: params,
      target: options.target,
      calibration: `isotonic (pool adjacent violators) on the ${k}-fold out-of-fold scores`,
      heldOut: {
        folds: `${k} by site, seed ${options.seed}`,
        pooled: { spearman: pooled.spearman, ece: pooled.ece, gainDrop5: pooled.gainDrop5 },
        ...Object.fromEntries(
          datasets.map((d) => {
            // own-keys: a dataset's name, from the run's own list
            const line = heldOut.calibrated[d];
            return [d, { n: line.n, spearman: line.spearman, ece: line.ece, gainDrop5: line.gainDrop5 }];
          }),
        ),
      },
    },
    features: [...QUALITY_FEATURES],
    model: JSON.parse(serializeModel(model, { binEdges: false })),
    calibration: { x: map.x.map((v) => round(v, 5)), y: map.y.map((v) => round(v, 4)) },
  };
  return { text: `${JSON.stringify(file)}\n`, heldOut, reasons, diagrams, report };
}
