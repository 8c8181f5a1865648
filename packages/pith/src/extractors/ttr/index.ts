/**
 * `ttr`: content extraction by the Text-To-Tag Ratio (seed 000, Weninger & Hsu,
 * "Text Extraction from the Web via Text-to-Tag Ratio", 2008).
 *
 * 1. TTR array: per source line, non-tag characters over tags, after removing
 *    scripts, comments and empty lines (`lines.ts`);
 * 2. smoothing: mean over a window of radius r (`smooth.ts`);
 * 3. clustering into content and non-content lines: threshold at k·σ, K-Means, EM
 *    or Farthest-First for 1…3 clusters with the σ rule, or prediction (`cluster.ts`);
 * 4. the chosen lines become a node selection (`select.ts`).
 *
 * Every reading of the paper is stated in docs/algorithms/ttr.md.
 */
import { type Doc, type Extraction, listOf, tick } from '../../dom/index.js';
import { PithError } from '../../errors.js';
import {
  computeTtrLines,
  lineExtraction,
  lineMeasures,
  settingsOver,
} from '../../features/tag-ratio/index.js';
import type { Extractor } from '../types.js';
import {
  type Cluster,
  type ClusterAlgorithm,
  clusterContent,
  predictionClustering,
  thresholdContent,
} from './cluster.js';
import { smooth, standardDeviation } from './smooth.js';

export { computeLineStarts as physicalLineStarts } from '../../dom/index.js';
export {
  computeTtrLines,
  selectionFromRanges,
  type TtrLineOptions,
  type TtrLines,
} from '../../features/tag-ratio/index.js';
export {
  type Cluster,
  type Clustering,
  chooseRun,
  countHits,
  expectationMaximization,
  farthestFirst,
  kMeans,
  predictionClustering,
  thresholdContent,
} from './cluster.js';
export { seededRandom } from './random.js';
export { smooth, standardDeviation } from './smooth.js';

export const TTR_METHODS = ['threshold', 'kmeans', 'em', 'farthest-first', 'prediction'] as const;
export type TtrMethod = (typeof TTR_METHODS)[number];

export interface TtrOptions {
  /** Clustering method (paper: threshold had the best recall, Farthest-First the best precision). */
  method: TtrMethod;
  /** Threshold multiplier: a line is content when its smoothed TTR is ≥ k·σ (method `threshold`). */
  k: number;
  /** Smoothing radius r (paper: 2). */
  radius: number;
  /** Whether the smoothing window holds the line itself (2r + 1 values) or only its 2r neighbours. */
  includeCenter: boolean;
  /** Remove `<style>` elements and their content as scripts are (the paper removes only scripts and comments). */
  removeStyle: boolean;
  /** Re-break the source at block-level tags before computing TTR (beyond the paper). */
  reflow: boolean;
  /** Most clusters tried by K-Means, EM and Farthest-First (paper: 3). */
  maxClusters: number;
  /** Seed of the random choices of K-Means, EM and Farthest-First. */
  seed: number;
}

const DEFAULTS: TtrOptions = {
  method: 'threshold',
  k: 1,
  radius: 2,
  includeCenter: true,
  removeStyle: false,
  reflow: false,
  maxClusters: 3,
  seed: 1,
};

/** One clustering run (1, 2 or 3 clusters) as reported in the diagnostics. */
export interface TtrClusterRun {
  /** Clusters asked for. */
  clusters: number;
  /** Clusters with a mean above σ. */
  hits: number;
  /** The non-empty clusters, by ascending mean, each marked content or not. */
  found: (Cluster & { content: boolean })[];
}

/**
 * `diagnostics.plot`, the per-line plot shape shared with the other line-based
 * extractors (`LinePlotDiagnostics` in src/format/plot.ts, which draws it): one value
 * per kept line for each series, horizontal threshold lines, the chosen lines' indices.
 */
export interface TtrLineSeries {
  series: { raw: number[]; smoothed: number[] };
  thresholds: { label: string; value: number }[];
  chosen: number[];
  xLabel: string;
  yLabel: string;
  title: string;
}

export interface TtrDiagnostics {
  method: TtrMethod;
  settings: TtrOptions;
  /** Kept lines (re-flowed segments with `reflow`) before and after empty ones were dropped. */
  totalLines: number;
  keptLines: number;
  /** Per kept line: the source offsets `[start, end)`, the 0-based source line, x and y. */
  offsets: { start: number[]; end: number[] };
  sourceLines: number[];
  text: number[];
  tags: number[];
  /** The TTR arrays, the chosen kept lines and the threshold: the shared per-line plot shape. */
  plot: TtrLineSeries;
  /** σ of the smoothed array (threshold and cluster rules) and of the raw array (prediction). */
  sigma: number;
  rawSigma: number;
  /** k·σ, for the threshold method. */
  threshold?: number;
  /** K-Means, EM, Farthest-First: every run, the winning cluster count and its labels per kept line. */
  clustering?: { runs: TtrClusterRun[]; chosenClusters: number; labels: number[] };
  /** Prediction: the lines where content sections start and end. */
  prediction?: { entries: number[]; exits: number[] };
  /** The chosen lines as 0-based physical source lines (distinct, ascending). */
  chosenSourceLines: number[];
}

const VERSION = '1.0.0';

function checkOptions(settings: TtrOptions): void {
  const bad = (message: string): never => {
    throw new PithError('BAD_OPTION', `ttr: ${message}`);
  };
  if (!(TTR_METHODS as readonly string[]).includes(settings.method))
    bad(`method must be one of ${TTR_METHODS.join(', ')}, got '${String(settings.method)}'`);
  if (!Number.isFinite(settings.k) || settings.k < 0) bad(`k must be a number ≥ 0, got ${settings.k}`);
  if (!Number.isInteger(settings.radius) || settings.radius < 0 || settings.radius > 1000)
    bad(`radius must be an integer from 0 to 1000, got ${settings.radius}`);
  if (!Number.isInteger(settings.maxClusters) || settings.maxClusters < 1 || settings.maxClusters > 10)
    bad(`maxClusters must be an integer from 1 to 10, got ${settings.maxClusters}`);
  if (!Number.isInteger(settings.seed)) bad(`seed must be an integer, got ${settings.seed}`);
}

/** The whole TTR pipeline on a document, without building the selection: for analyses and sweeps. */
export function analyseTtr(
  doc: Doc,
  options: Partial<TtrOptions> = {},
): TtrDiagnostics & { content: Uint8Array } {
  const settings = settingsOver(DEFAULTS, options);
  checkOptions(settings);
  const lines = computeTtrLines(
    doc.source,
    { removeStyle: settings.removeStyle, reflow: settings.reflow },
    doc.lineStarts,
  );
  const raw = lines.ttr;
  const smoothed = smooth(raw, settings.radius, settings.includeCenter);
  const sigma = standardDeviation(smoothed);
  const rawSigma = standardDeviation(raw);
  let content: Uint8Array;
  let threshold: number | undefined;
  let clustering: TtrDiagnostics['clustering'];
  let prediction: TtrDiagnostics['prediction'];
  const thresholds: { label: string; value: number }[] = [];
  switch (settings.method) {
    case 'threshold':
      threshold = settings.k * sigma;
      content = thresholdContent(smoothed, threshold);
      thresholds.push({ label: `${settings.k}·σ`, value: threshold });
      break;
    case 'prediction': {
      const result = predictionClustering(raw, rawSigma);
      content = result.content;
      prediction = { entries: result.entries, exits: result.exits };
      thresholds.push({ label: 'σ (raw)', value: rawSigma });
      break;
    }
    default: {
      const choice = clusterContent(
        smoothed,
        sigma,
        settings.method as ClusterAlgorithm,
        settings.maxClusters,
        settings.seed,
      );
      content = choice.content;
      const run = choice.runs[choice.chosen];
      clustering = {
        runs: choice.runs.map((r) => ({
          clusters: r.requested,
          hits: r.hits,
          found: r.clusters.map((cluster) => ({ ...cluster, content: cluster.mean > sigma })),
        })),
        chosenClusters: run.requested,
        labels: listOf(run.labels, 'ttr'),
      };
      thresholds.push({ label: 'σ', value: sigma });
    }
  }
  const chosen: number[] = [];
  const chosenSourceLines: number[] = [];
  for (let line = 0; line < content.length; line++) {
    tick('ttr');
    if (!content[line]) continue;
    chosen.push(line);
    const sourceLine = lines.sourceLines[line];
    if (chosenSourceLines[chosenSourceLines.length - 1] !== sourceLine) chosenSourceLines.push(sourceLine);
  }
  return {
    method: settings.method,
    settings,
    ...lineMeasures(lines, 'ttr'),
    plot: {
      series: { raw: listOf(raw, 'ttr'), smoothed: listOf(smoothed, 'ttr') },
      thresholds,
      chosen,
      xLabel: settings.reflow ? 'segment (re-flowed, empty ones removed)' : 'line (empty lines removed)',
      yLabel: 'TTR',
      title: `TTR per ${settings.reflow ? 'segment' : 'line'}, ${settings.method}`,
    },
    sigma,
    rawSigma,
    ...(threshold === undefined ? {} : { threshold }),
    ...(clustering ? { clustering } : {}),
    ...(prediction ? { prediction } : {}),
    chosenSourceLines,
    content,
  };
}

/** The Text-To-Tag Ratio extractor. */
export const ttr: Extractor<TtrOptions, TtrDiagnostics> = {
  name: 'ttr',
  version: VERSION,
  description:
    'Text-To-Tag Ratio (Weninger & Hsu, 2008): the ratio per source line, smoothed and clustered into content lines.',
  parameters: [
    {
      name: 'method',
      type: 'string',
      default: DEFAULTS.method,
      choices: TTR_METHODS,
      description:
        'Clustering: threshold (k·σ), kmeans, em, farthest-first (1–3 clusters, σ rule) or prediction',
    },
    {
      name: 'k',
      type: 'number',
      default: DEFAULTS.k,
      description:
        'Threshold method: a line is content when its smoothed TTR is ≥ k·σ (paper: 1; swept 0–2).',
    },
    {
      name: 'radius',
      type: 'number',
      default: DEFAULTS.radius,
      description: 'Smoothing radius r: each TTR becomes the mean of the lines within r (paper: 2).',
    },
    {
      name: 'includeCenter',
      type: 'boolean',
      default: DEFAULTS.includeCenter,
      description: 'Smoothing window holds the line itself (2r+1 values); false: only its 2r neighbours.',
    },
    {
      name: 'removeStyle',
      type: 'boolean',
      default: DEFAULTS.removeStyle,
      description:
        'Also remove <style> content before computing TTR (the paper removes scripts and comments only).',
    },
    {
      name: 'reflow',
      type: 'boolean',
      default: DEFAULTS.reflow,
      description:
        'Re-break the source before block-level start tags and after block-level end tags instead of using its lines.',
    },
    {
      name: 'maxClusters',
      type: 'number',
      default: DEFAULTS.maxClusters,
      description: 'K-Means, EM, Farthest-First: run for 1 … this many clusters (paper: 3).',
    },
    {
      name: 'seed',
      type: 'number',
      default: DEFAULTS.seed,
      description: 'Seed of the random choices of K-Means, EM and Farthest-First.',
    },
  ],
  extract(doc: Doc, options: Partial<TtrOptions>): Extraction<TtrDiagnostics> {
    const { content, ...diagnostics } = analyseTtr(doc, options);
    return lineExtraction(doc, 'ttr', VERSION, diagnostics, content);
  },
};
