/**
 * The density filter of seed 003: per trimmed, non-empty source line, characters
 * inside `<…>` are markup and the rest is text; lines with fewer than `minTextChars`
 * text characters are skipped; density = (text + 1) / (markup + text + 1); a line is
 * kept when its density is above 0.5 − σ, σ the standard deviation of the densities
 * of the measured (not skipped) lines.
 *
 * Faithful to the post's DensityFilter.java in the details that change numbers:
 * - the `<` and `>` delimiters count as neither markup nor text;
 * - the markup state starts afresh on every line (a tag broken over two lines counts
 *   its second half as text), as `inMarkup` is a per-line local in the Java;
 * - the text count is the length of the line's non-markup characters after trimming
 *   (UTF-16 code units, like Java's `String.length()`); entities count as written.
 *
 * σ is the *sample* standard deviation (n − 1 denominator), because that is what the
 * post computed: Apache Commons Math's `DescriptiveStatistics.getStandardDeviation()`
 * is the bias-corrected sample statistic. With one measured line σ = 0 (Commons Math
 * returns 0 for a single value), with none there is nothing to keep.
 */
import { computeLineStarts, tick, tickAt } from '../../dom/index.js';

export interface DensityFilterOptions {
  /** Lines with fewer text characters than this are skipped (the post's MIN_CHARS_IN_TEXT). */
  minTextChars: number;
}

export const DEFAULT_MIN_TEXT_CHARS = 60;

/** Per-line measurements, one entry per measured line, in source order (columnar). */
export interface LineMeasures {
  /** 0-based source line index. */
  line: number[];
  /** Characters inside `<…>` (delimiters excluded). */
  markupChars: number[];
  /** Non-markup characters after trimming. */
  textChars: number[];
  /** (text + 1) / (markup + text + 1). */
  density: number[];
  /** The line's non-markup characters, trimmed: the chunk the classifier sees. */
  text: string[];
}

export interface DensityFilterResult {
  /** Every trimmed non-empty line, measured (skipped lines have `measured[i] = false`). */
  lines: {
    line: number[];
    markupChars: number[];
    textChars: number[];
    density: number[];
    /** False when the line has fewer than `minTextChars` text characters (skipped). */
    measured: boolean[];
    /** True when the line passed the density threshold. */
    kept: boolean[];
    text: string[];
  };
  /** Mean of the measured densities (NaN when none). */
  mean: number;
  /** Sample standard deviation of the measured densities (0 for one, NaN for none). */
  sigma: number;
  /** 0.5 − σ (NaN when no line was measured). */
  threshold: number;
}

const LT = 60; // <
const GT = 62; // >

/** Measures one line (already cut from the source, line break excluded). */
export function measureLine(raw: string): { markupChars: number; textChars: number; text: string } | null {
  const line = raw.trim();
  if (line.length === 0) return null;
  let inMarkup = false;
  let markupChars = 0;
  const parts: string[] = [];
  let runStart = -1; // start of the current run of text characters, -1 when none
  for (let at = 0; at < line.length; at++) {
    tickAt(at, 'density');
    const code = line.charCodeAt(at);
    if (code === LT || code === GT) {
      if (runStart >= 0) parts.push(line.slice(runStart, at));
      runStart = -1;
      inMarkup = code === LT;
    } else if (inMarkup) {
      markupChars++;
    } else if (runStart < 0) {
      runStart = at;
    }
  }
  if (runStart >= 0) parts.push(line.slice(runStart));
  const text = parts.join('').trim();
  return { markupChars, textChars: text.length, text };
}

/** (text + 1) / (markup + text + 1): the post's density with its +1 guard. */
export function lineDensity(textChars: number, markupChars: number): number {
  return (textChars + 1) / (markupChars + textChars + 1);
}

/** Sample standard deviation (n − 1), as Commons Math: 0 for one value, NaN for none. */
export function sampleStandardDeviation(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  if (n === 1) return 0;
  let mean = 0;
  for (const value of values) mean += value;
  mean /= n;
  let squares = 0;
  for (const value of values) squares += (value - mean) * (value - mean);
  return Math.sqrt(squares / (n - 1));
}

/**
 * Runs the density filter over a source text. `lineStarts` are the offsets at which
 * lines start (pass `doc.lineStarts` to reuse the document's; computed otherwise).
 */
export function densityFilter(
  source: string,
  options: Partial<DensityFilterOptions> = {},
  lineStarts: Int32Array = computeLineStarts(source),
): DensityFilterResult {
  const minTextChars = options.minTextChars ?? DEFAULT_MIN_TEXT_CHARS;
  const lines: DensityFilterResult['lines'] = {
    line: [],
    markupChars: [],
    textChars: [],
    density: [],
    measured: [],
    kept: [],
    text: [],
  };
  const densities: number[] = [];
  for (let index = 0; index < lineStarts.length; index++) {
    tick('density');
    const start = lineStarts[index];
    const stop = index + 1 < lineStarts.length ? lineStarts[index + 1] : source.length;
    const measure = measureLine(source.slice(start, stop));
    if (!measure) continue;
    const density = lineDensity(measure.textChars, measure.markupChars);
    const measured = measure.textChars >= minTextChars;
    lines.line.push(index);
    lines.markupChars.push(measure.markupChars);
    lines.textChars.push(measure.textChars);
    lines.density.push(density);
    lines.measured.push(measured);
    lines.kept.push(false);
    lines.text.push(measure.text);
    if (measured) densities.push(density);
  }
  const sigma = sampleStandardDeviation(densities);
  const threshold = 0.5 - sigma;
  let mean = Number.NaN;
  if (densities.length > 0) mean = densities.reduce((sum, d) => sum + d, 0) / densities.length;
  for (let i = 0; i < lines.line.length; i++) {
    tick('density');
    lines.kept[i] = lines.measured[i] && lines.density[i] > threshold;
  }
  return { lines, mean, sigma, threshold };
}
