/**
 * `density` (seed 003): the per-line density filter, then a trained boilerplate
 * classifier (character n-gram language models, keep vs discard) over the lines
 * that pass. See docs/algorithms/density.md.
 *
 * A line is a source line of the page; the selection keeps the visible text that
 * starts on the chosen lines (`Selection.fromLines`).
 */
import {
  checkDeadline,
  type Doc,
  type Extraction,
  fewLinesWarning,
  Selection,
  tick,
} from '../../dom/index.js';
import { PithError } from '../../errors.js';
import type { Extractor } from '../types.js';
import { DEFAULT_MIN_TEXT_CHARS, densityFilter } from './filter.js';
import { type Category, classifyChunk, type DensityModel } from './model.js';
import { DEFAULT_DENSITY_MODEL, loadDensityModel, SHIPPED_DENSITY_MODELS } from './model-file.js';

export {
  DEFAULT_MIN_TEXT_CHARS,
  type DensityFilterOptions,
  type DensityFilterResult,
  densityFilter,
  lineDensity,
  measureLine,
  sampleStandardDeviation,
} from './filter.js';
export { EMPTY_KEY, extendKey, KeyTable, keyOf } from './hash-table.js';
export { CharLanguageModel, decodeCounts, encodeCounts, type NgramCounts } from './language-model.js';
export {
  CATEGORIES,
  type Category,
  type ChunkClassification,
  classifierPrefix,
  classifierText,
  classifyChunk,
  DEFAULT_ALPHABET_SIZE,
  DENSITY_MODEL_FORMAT,
  DENSITY_MODEL_FORMAT_VERSION,
  DENSITY_MODEL_FORMAT_VERSION_MAPPED,
  type DensityModel,
  type DensityModelFile,
  logPriors,
  type ManifestDataset,
  mapText,
  mapTextInPieces,
  modelFile,
  modelFromCounts,
  parseDensityModel,
  TEXT_MAPS,
  type TextMap,
  type TrainingManifest,
} from './model.js';
export { DEFAULT_DENSITY_MODEL, loadDensityModel } from './model-file.js';

export interface DensityOptions {
  /** Lines with fewer text characters are skipped (seed 003: 60). */
  minTextChars: number;
  /**
   * Keep only the lines whose density is above 0.5 − σ before the classifier (seed 003). false:
   * every measured line goes to the classifier (NCleaner, which has no density filter).
   */
  filter: boolean;
  /** Run the trained classifier after the filter (false: the filter alone). */
  classifier: boolean;
  /** The model: '' = the shipped models/density.json, a shipped model's name, a name the tools' reader knows (a file path), or a loaded model. */
  model: string | DensityModel;
}

/**
 * Every trimmed non-empty source line, one entry per line in each column.
 * `category`/`keepBits`/`discardBits` are null for lines the classifier did not see.
 */
export interface DensityLineDiagnostics {
  line: number[];
  textChars: number[];
  markupChars: number[];
  density: number[];
  /** False: fewer than `minTextChars` text characters, skipped. */
  measured: boolean[];
  /** Density above the threshold. */
  passed: boolean[];
  category: (Category | null)[];
  keepBits: (number | null)[];
  discardBits: (number | null)[];
  /** In the result. */
  kept: boolean[];
}

/**
 * The per-line plot shape of line-based extractors (`LinePlotDiagnostics` in
 * src/format/plot.ts, which draws it; repeated here because extractors do not import
 * format/): one value per trimmed non-empty line, its source line as x, the threshold,
 * and the indices of the lines in the result.
 */
export interface DensityLineSeries {
  series: { density: number[] };
  /** The 0-based source line of each point. */
  x: number[];
  thresholds: { label: string; value: number }[];
  chosen: number[];
  xLabel: string;
  yLabel: string;
  title: string;
}

export interface DensityDiagnostics {
  minTextChars: number;
  /** Measured lines (text ≥ minTextChars) and their density statistics. */
  measuredLines: number;
  meanDensity: number | null;
  /** Sample standard deviation of the measured densities. */
  sigma: number | null;
  /** 0.5 − σ: lines above it pass. */
  threshold: number | null;
  passedLines: number;
  keptLines: number;
  /** The model used, or null when the classifier is off. */
  model: {
    path: string | null;
    n: number;
    minCount: number;
    /** The classifier read at most this many characters of each line (0 = all). */
    maxChunkChars: number;
    trainedOn: string[];
    date: string;
  } | null;
  lines: DensityLineDiagnostics;
  plot: DensityLineSeries;
}

// 1.1.0: the classifier reads at most the model's maxChunkChars characters of a line (model format 2).
// 1.2.0: option `filter`; models over mapped text (format 3, NCleaner's non-lexical model).
const VERSION = '1.2.0';

const DEFAULTS: DensityOptions = {
  minTextChars: DEFAULT_MIN_TEXT_CHARS,
  filter: true,
  classifier: true,
  model: '',
};

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function resolveModel(model: string | DensityModel): { model: DensityModel; path: string | null } {
  if (typeof model !== 'string') return { model, path: null };
  const path = model === '' ? DEFAULT_DENSITY_MODEL : model;
  return { model: loadDensityModel(path), path };
}

function checkOptions(options: DensityOptions): void {
  const { minTextChars, classifier, model } = options;
  if (typeof minTextChars !== 'number' || !Number.isInteger(minTextChars) || minTextChars < 0) {
    throw new PithError(
      'BAD_OPTION',
      `density: minTextChars must be a whole number, got ${String(minTextChars)}`,
    );
  }
  for (const [name, value] of [
    ['classifier', classifier],
    ['filter', options.filter],
  ] as const) {
    if (typeof value !== 'boolean') {
      throw new PithError('BAD_OPTION', `density: ${name} must be true or false, got ${String(value)}`);
    }
  }
  if (typeof model !== 'string' && (typeof model !== 'object' || model === null || !('keep' in model))) {
    throw new PithError('BAD_OPTION', 'density: model must be a model name or a loaded density model');
  }
}

export const density: Extractor<DensityOptions, DensityDiagnostics> = {
  name: 'density',
  version: VERSION,
  description:
    'Text density filter + boilerplate classifier (Sujit Pal, 2009): per-line text density, then a trained n-gram keep/discard classifier.',
  parameters: [
    {
      name: 'minTextChars',
      type: 'number',
      default: DEFAULTS.minTextChars,
      description: 'Lines with fewer text characters (markup removed, trimmed) are skipped.',
    },
    {
      name: 'filter',
      type: 'boolean',
      default: DEFAULTS.filter,
      description:
        'Keep only lines denser than 0.5 − σ before the classifier; false sends every measured line to it (NCleaner).',
    },
    {
      name: 'classifier',
      type: 'boolean',
      default: DEFAULTS.classifier,
      description: 'Run the trained keep/discard classifier on the lines the filter keeps.',
    },
    {
      name: 'model',
      type: 'string',
      default: '',
      description:
        "The classifier's model: '' = the shipped models/density.json, a shipped model's name; the CLI also takes a model file.",
      models: ['', ...SHIPPED_DENSITY_MODELS],
    },
  ],
  extract(doc: Doc, options: Partial<DensityOptions>): Extraction<DensityDiagnostics> {
    const settings: DensityOptions = { ...DEFAULTS, ...options };
    checkOptions(settings);
    const filtered = densityFilter(doc.source, { minTextChars: settings.minTextChars }, doc.lineStarts);
    const used = settings.classifier ? resolveModel(settings.model) : null;
    const { lines } = filtered;
    const count = lines.line.length;
    const diagnosticsLines: DensityLineDiagnostics = {
      line: lines.line,
      textChars: lines.textChars,
      markupChars: lines.markupChars,
      density: lines.density,
      measured: lines.measured,
      passed: lines.kept,
      category: new Array<Category | null>(count).fill(null),
      keepBits: new Array<number | null>(count).fill(null),
      discardBits: new Array<number | null>(count).fill(null),
      kept: new Array<boolean>(count).fill(false),
    };
    const chosen = new Uint8Array(doc.lineCount);
    let passedLines = 0;
    let keptLines = 0;
    // Without the filter, every measured line (≥ minTextChars text characters) goes on.
    const passes = settings.filter ? lines.kept : lines.measured;
    diagnosticsLines.passed = passes;
    for (let i = 0; i < count; i++) {
      tick('density');
      if (!passes[i]) continue;
      passedLines++;
      let keep = true;
      if (used) {
        // Scoring is linear in the text, but a minified page can be one long line: keep the time budget.
        checkDeadline('density');
        const verdict = classifyChunk(used.model, lines.text[i]);
        diagnosticsLines.category[i] = verdict.category;
        diagnosticsLines.keepBits[i] = verdict.keepBits;
        diagnosticsLines.discardBits[i] = verdict.discardBits;
        keep = verdict.category === 'keep';
      }
      if (keep) {
        diagnosticsLines.kept[i] = true;
        chosen[lines.line[i]] = 1;
        keptLines++;
      }
    }
    const chosenIndices: number[] = [];
    for (let i = 0; i < count; i++) if (diagnosticsLines.kept[i]) chosenIndices.push(i);
    const warning = fewLinesWarning(doc, 'density', 'try another extractor (pith, cuter)');
    const model = used
      ? {
          path: used.path,
          n: used.model.n,
          minCount: used.model.minCount,
          maxChunkChars: used.model.maxChunkChars,
          trainedOn: (used.model.manifest.datasets ?? []).map((d) => d.name),
          date: used.model.manifest.date ?? '',
        }
      : null;
    return {
      extractor: 'density',
      version: VERSION,
      doc,
      selection: Selection.fromLines(doc, chosen),
      roots: [],
      ...(warning ? { warnings: [warning] } : {}),
      diagnostics: {
        minTextChars: settings.minTextChars,
        measuredLines: lines.measured.filter(Boolean).length,
        meanDensity: finite(filtered.mean),
        sigma: finite(filtered.sigma),
        threshold: finite(filtered.threshold),
        passedLines,
        keptLines,
        model,
        lines: diagnosticsLines,
        plot: {
          series: { density: lines.density },
          x: lines.line,
          thresholds: Number.isFinite(filtered.threshold)
            ? [{ label: '0.5 − σ', value: filtered.threshold }]
            : [],
          chosen: chosenIndices,
          xLabel: 'line (empty lines removed)',
          yLabel: 'density (text + 1) / (markup + text + 1)',
          title: `Density per line, ${used ? (settings.filter ? 'filter + classifier' : 'classifier alone (no filter)') : 'filter alone'}`,
        },
      },
    };
  },
};
