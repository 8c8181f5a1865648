/**
 * `cetr`: Content Extraction via Tag Ratios (Weninger, Hsu & Han, WWW 2010 and SIGKDD
 * Explorations 2010), the successor of `ttr` by the same authors:
 *
 * 1. tag ratios T: per source line, non-tag characters over tags, after removing scripts,
 *    styles, comments and empty lines (features/tag-ratio, shared with `ttr`);
 * 2. T′: T smoothed with a Gaussian kernel (σ) (`ratios.ts`);
 * 3. G: the absolute smoothed derivative, |mean of the α next T′ − T′_k| (`ratios.ts`);
 * 4. k-means over the points (T′, G) with one centroid fixed at the origin; the lines outside
 *    the origin's cluster are content (`kmeans.ts`). `dimensions: 1` clusters T′ alone (the
 *    one-dimensional variant the paper compares against).
 *
 * Every reading of the paper is stated in docs/algorithms/cetr.md.
 */
import { type Doc, type Extraction, listOf } from '../../dom/index.js';
import { PithError } from '../../errors.js';
import {
  computeTtrLines,
  lineExtraction,
  lineMeasures,
  settingsOver,
} from '../../features/tag-ratio/index.js';
import { seededRandom } from '../../random.js';
import type { Extractor } from '../types.js';
import { originKMeans } from './kmeans.js';
import { absoluteDerivative, gaussianSmooth } from './ratios.js';

export { type CetrClusters, originKMeans } from './kmeans.js';
export { absoluteDerivative, gaussianKernel, gaussianSmooth } from './ratios.js';

export interface CetrOptions {
  /** σ of the Gaussian smoothing of the tag ratios (the kernel reaches ⌈3σ⌉ lines each way). */
  sigma: number;
  /** α: the derivative compares a line with the mean of the α lines after it. */
  alpha: number;
  /** k: clusters, the origin's included. */
  k: number;
  /** 2: cluster (T′, G), CETR; 1: cluster T′ alone. */
  dimensions: number;
  /** Remove `<style>` elements with their content, as scripts and comments are. */
  removeStyle: boolean;
  /** Re-break the source at block-level tags before computing the ratios (beyond the paper). */
  reflow: boolean;
  /** Seed of the random choice of the free centroids' starting points. */
  seed: number;
}

const DEFAULTS: CetrOptions = {
  sigma: 1,
  alpha: 3,
  k: 3,
  dimensions: 2,
  removeStyle: true,
  reflow: false,
  seed: 1,
};

export interface CetrDiagnostics {
  settings: CetrOptions;
  /** Lines (re-flowed segments with `reflow`) before and after empty ones were dropped. */
  totalLines: number;
  keptLines: number;
  /** Per kept line: source offsets `[start, end)`, the 0-based source line, x (text) and y (tags). */
  offsets: { start: number[]; end: number[] };
  sourceLines: number[];
  text: number[];
  tags: number[];
  /** The clusters: centroids (T′, G), the first the origin's; sizes; the label per kept line. */
  clusters: { centroids: [number, number][]; sizes: number[]; iterations: number; labels: number[] };
  /** The per-line plot shape of the line-based extractors (src/format/plot.ts draws it). */
  plot: {
    series: { raw: number[]; smoothed: number[]; derivative: number[] };
    thresholds: { label: string; value: number }[];
    chosen: number[];
    xLabel: string;
    yLabel: string;
    title: string;
  };
}

// 1.0.0: first version.
const VERSION = '1.0.0';

function checkOptions(settings: CetrOptions): void {
  const bad = (message: string): never => {
    throw new PithError('BAD_OPTION', `cetr: ${message}`);
  };
  if (!Number.isFinite(settings.sigma) || settings.sigma < 0 || settings.sigma > 100)
    bad(`sigma must be a number from 0 to 100, got ${settings.sigma}`);
  if (!Number.isInteger(settings.alpha) || settings.alpha < 1 || settings.alpha > 1000)
    bad(`alpha must be an integer from 1 to 1000, got ${settings.alpha}`);
  if (!Number.isInteger(settings.k) || settings.k < 2 || settings.k > 10)
    bad(`k must be an integer from 2 to 10, got ${settings.k}`);
  if (settings.dimensions !== 1 && settings.dimensions !== 2)
    bad(`dimensions must be 1 or 2, got ${settings.dimensions}`);
  for (const name of ['removeStyle', 'reflow'] as const)
    if (typeof settings[name] !== 'boolean')
      bad(`${name} must be true or false, got ${String(settings[name])}`);
  if (!Number.isInteger(settings.seed)) bad(`seed must be an integer, got ${settings.seed}`);
}

/** The whole CETR pipeline on a document: the diagnostics and the content mask per kept line. */
export function analyseCetr(
  doc: Doc,
  options: Partial<CetrOptions> = {},
): CetrDiagnostics & { content: Uint8Array } {
  const settings = settingsOver(DEFAULTS, options);
  checkOptions(settings);
  const lines = computeTtrLines(
    doc.source,
    { removeStyle: settings.removeStyle, reflow: settings.reflow, stage: 'cetr' },
    doc.lineStarts,
  );
  const smoothed = gaussianSmooth(lines.ttr, settings.sigma);
  const derivative = absoluteDerivative(smoothed, settings.alpha);
  const ys = settings.dimensions === 2 ? derivative : new Float64Array(smoothed.length);
  const clusters = originKMeans(smoothed, ys, settings.k, seededRandom(settings.seed));
  const content = new Uint8Array(smoothed.length);
  const chosen: number[] = [];
  for (let line = 0; line < content.length; line++) {
    if (clusters.labels[line] === 0) continue;
    content[line] = 1;
    chosen.push(line);
  }
  return {
    settings,
    ...lineMeasures(lines, 'cetr'),
    clusters: {
      centroids: clusters.centroids,
      sizes: clusters.sizes,
      iterations: clusters.iterations,
      labels: listOf(clusters.labels, 'cetr'),
    },
    plot: {
      series: {
        raw: listOf(lines.ttr, 'cetr'),
        smoothed: listOf(smoothed, 'cetr'),
        derivative: listOf(derivative, 'cetr'),
      },
      thresholds: [],
      chosen,
      xLabel: settings.reflow ? 'segment (re-flowed, empty ones removed)' : 'line (empty lines removed)',
      yLabel: 'tag ratio',
      title: `CETR per ${settings.reflow ? 'segment' : 'line'}: tag ratio, smoothed, derivative`,
    },
    content,
  };
}

/** Content Extraction via Tag Ratios. */
export const cetr: Extractor<CetrOptions, CetrDiagnostics> = {
  name: 'cetr',
  version: VERSION,
  description:
    'CETR (Weninger, Hsu & Han, 2010): per source line the Gaussian-smoothed tag ratio and its absolute derivative, clustered by k-means around the origin.',
  parameters: [
    {
      name: 'sigma',
      type: 'number',
      default: DEFAULTS.sigma,
      description: 'σ of the Gaussian smoothing of the tag ratios (kernel radius ⌈3σ⌉ lines).',
    },
    {
      name: 'alpha',
      type: 'number',
      default: DEFAULTS.alpha,
      description: 'The derivative compares a line with the mean of the α lines after it.',
    },
    {
      name: 'k',
      type: 'number',
      default: DEFAULTS.k,
      description: 'k-means clusters, the one fixed at the origin (non-content) included.',
    },
    {
      name: 'dimensions',
      type: 'number',
      default: DEFAULTS.dimensions,
      description: '2: cluster (smoothed ratio, derivative), CETR; 1: the smoothed ratio alone.',
    },
    {
      name: 'removeStyle',
      type: 'boolean',
      default: DEFAULTS.removeStyle,
      description: 'Remove <style> content with scripts and comments before computing the ratios.',
    },
    {
      name: 'reflow',
      type: 'boolean',
      default: DEFAULTS.reflow,
      description:
        'Re-break the source before block-level start tags and after block-level end tags instead of using its lines.',
    },
    {
      name: 'seed',
      type: 'number',
      default: DEFAULTS.seed,
      description: "Seed of the random choice of the free centroids' starting points.",
    },
  ],
  extract(doc: Doc, options: Partial<CetrOptions>): Extraction<CetrDiagnostics> {
    const { content, ...diagnostics } = analyseCetr(doc, options);
    return lineExtraction(doc, 'cetr', VERSION, diagnostics, content);
  },
};
