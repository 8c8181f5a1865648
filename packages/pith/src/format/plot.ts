/**
 * Line plots as SVG strings: the per-line diagnostics of line-based extractors
 * (TTR, density: one value per source line, thresholds, chosen lines shaded) and
 * small charts for analyses (a metric against a parameter). Pure functions, no
 * dependencies; the output is a standalone SVG document.
 *
 * Extractors that want `--plot` put a `LinePlotDiagnostics` under
 * `diagnostics.plot`; `plotExtraction()` draws it.
 */
import { escapeXmlText } from './xml.js';

export interface LinePlotSeries {
  name: string;
  values: ArrayLike<number>;
  /** CSS colour (default: from a fixed palette, in series order). */
  color?: string;
  dashed?: boolean;
  /** Draw a dot at every point (for short series such as parameter sweeps). */
  markers?: boolean;
}

export interface LinePlotThreshold {
  label: string;
  value: number;
  color?: string;
}

export interface LinePlotOptions {
  series: readonly LinePlotSeries[];
  /** The x value of each point (default: its index). Must be ascending. */
  x?: ArrayLike<number>;
  title?: string;
  xLabel?: string;
  yLabel?: string;
  /** Horizontal lines across the plot. */
  thresholds?: readonly LinePlotThreshold[];
  /** Indices of points whose x range is shaded (the chosen lines). */
  shaded?: ArrayLike<number>;
  /** Legend text of the shading (default 'chosen'). */
  shadedLabel?: string;
  /** Fixed y range (default: from 0, or the data minimum when negative, to the data maximum). */
  yMin?: number;
  yMax?: number;
  /** Size in pixels (default 960 × 360). */
  width?: number;
  height?: number;
}

/**
 * What a line-based extractor puts under `diagnostics.plot` for `plotExtraction`:
 * one value per line for each named series (all the same length), horizontal
 * thresholds, and the indices of the chosen lines.
 */
export interface LinePlotDiagnostics {
  series: Record<string, ArrayLike<number>>;
  thresholds?: readonly { label: string; value: number }[];
  chosen?: ArrayLike<number>;
  x?: ArrayLike<number>;
  title?: string;
  xLabel?: string;
  yLabel?: string;
}

const PALETTE = ['#9aa5b1', '#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#17becf'];
const THRESHOLD_COLORS = ['#d62728', '#ff7f0e', '#9467bd'];
const SHADE = '#2ca02c';

/** Numbers in SVG: short, never NaN or exponent notation. */
function num(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** "Nice" tick values (1, 2, 5 × 10^n steps) covering [low, high]. */
export function niceTicks(low: number, high: number, count = 5): number[] {
  if (!(high > low)) return [low];
  const rough = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let i = Math.ceil(low / step - 1e-9); i * step <= high + step * 1e-9; i++) {
    // Rounded to the step's decimals so that 3 × 0.2 is 0.6, not 0.6000000000000001.
    ticks.push(Number((i * step).toFixed(decimals)) + 0);
  }
  return ticks;
}

function tickLabel(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/**
 * The points of a series as an SVG path. Above two points per pixel column the
 * series is reduced to each column's first, minimum, maximum and last points, so
 * peaks survive and the SVG stays small on pages with 100,000 lines.
 */
function seriesPath(
  values: ArrayLike<number>,
  xOf: (index: number) => number,
  yOf: (value: number) => number,
  plotWidth: number,
): string {
  const n = values.length;
  const parts: string[] = [];
  let pen = false;
  const point = (index: number) => {
    const value = values[index];
    if (!Number.isFinite(value)) {
      pen = false;
      return;
    }
    parts.push(`${pen ? 'L' : 'M'}${num(xOf(index))} ${num(yOf(value))}`);
    pen = true;
  };
  if (n <= 2 * plotWidth) {
    for (let index = 0; index < n; index++) point(index);
    return parts.join('');
  }
  let column = -1;
  let bucket: number[] = [];
  const flush = () => {
    if (bucket.length === 0) return;
    let low = bucket[0];
    let high = bucket[0];
    for (const index of bucket) {
      if (values[index] < values[low]) low = index;
      if (values[index] > values[high]) high = index;
    }
    const picks = [...new Set([bucket[0], low, high, bucket[bucket.length - 1]])].sort((a, b) => a - b);
    for (const index of picks) point(index);
    bucket = [];
  };
  for (let index = 0; index < n; index++) {
    const at = Math.floor(xOf(index));
    if (at !== column) {
      flush();
      column = at;
    }
    bucket.push(index);
  }
  flush();
  return parts.join('');
}

/** Runs of consecutive indices, as [first, last] pairs. */
function runsOf(indices: ArrayLike<number>): [number, number][] {
  const sorted = Array.from(indices).sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const index of sorted) {
    const last = runs[runs.length - 1];
    if (last && index <= last[1] + 1) last[1] = Math.max(last[1], index);
    else runs.push([index, index]);
  }
  return runs;
}

/** Renders a line plot as a standalone SVG document. */
export function renderLinePlot(options: LinePlotOptions): string {
  const width = options.width ?? 960;
  const height = options.height ?? 360;
  const margin = { left: 64, right: 16, top: options.title ? 56 : 36, bottom: 48 };
  const plotWidth = Math.max(10, width - margin.left - margin.right);
  const plotHeight = Math.max(10, height - margin.top - margin.bottom);
  const series = options.series;
  const n = series.reduce((most, s) => Math.max(most, s.values.length), 0);
  const xs = options.x;
  const xAt = (index: number) => (xs ? xs[index] : index);
  const xMin = n > 0 ? xAt(0) : 0;
  const xMax = n > 1 ? xAt(n - 1) : xMin + 1;
  const xSpan = xMax > xMin ? xMax - xMin : 1;

  let dataMin = 0;
  let dataMax = 0;
  for (const s of series) {
    for (let i = 0; i < s.values.length; i++) {
      const value = s.values[i];
      if (!Number.isFinite(value)) continue;
      if (value < dataMin) dataMin = value;
      if (value > dataMax) dataMax = value;
    }
  }
  for (const threshold of options.thresholds ?? []) {
    if (Number.isFinite(threshold.value)) {
      dataMin = Math.min(dataMin, threshold.value);
      dataMax = Math.max(dataMax, threshold.value);
    }
  }
  const yMin = options.yMin ?? dataMin;
  let yMax = options.yMax ?? (dataMax > yMin ? dataMax * 1.05 : yMin + 1);
  if (!(yMax > yMin)) yMax = yMin + 1;

  const xOfValue = (value: number) => margin.left + ((value - xMin) / xSpan) * plotWidth;
  const xOf = (index: number) => xOfValue(xAt(index));
  const yOf = (value: number) =>
    margin.top + plotHeight - ((Math.min(Math.max(value, yMin), yMax) - yMin) / (yMax - yMin)) * plotHeight;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  if (options.title) {
    out.push(
      `<text x="${num(width / 2)}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${escapeXmlText(options.title)}</text>`,
    );
  }

  // Shaded chosen points: each run covers from halfway to its left neighbour to halfway to its right one.
  const shadedRuns = options.shaded ? runsOf(options.shaded).filter(([first]) => first < n) : [];
  if (shadedRuns.length > 0) {
    const edge = (index: number, side: -1 | 1): number => {
      const neighbour = index + side;
      if (neighbour < 0 || neighbour >= n) {
        const step = n > 1 ? Math.abs(xAt(Math.min(n - 1, 1)) - xAt(0)) : 1;
        return xOfValue(xAt(index) + (side * step) / 2);
      }
      return xOfValue((xAt(index) + xAt(neighbour)) / 2);
    };
    out.push(`<g fill="${SHADE}" fill-opacity="0.18">`);
    for (const [first, rawLast] of shadedRuns) {
      const last = Math.min(rawLast, n - 1);
      const left = Math.max(margin.left, edge(first, -1));
      const right = Math.min(margin.left + plotWidth, edge(last, 1));
      out.push(
        `<rect x="${num(left)}" y="${margin.top}" width="${num(Math.max(0.5, right - left))}" height="${plotHeight}"/>`,
      );
    }
    out.push('</g>');
  }

  // Axes, ticks and grid.
  out.push('<g stroke="#e5e7eb" stroke-width="1">');
  const yTicks = niceTicks(yMin, yMax);
  for (const tick of yTicks)
    out.push(
      `<line x1="${margin.left}" x2="${margin.left + plotWidth}" y1="${num(yOf(tick))}" y2="${num(yOf(tick))}"/>`,
    );
  out.push('</g>');
  out.push(
    `<g stroke="#374151" stroke-width="1" fill="none"><line x1="${margin.left}" y1="${margin.top}" x2="${margin.left}" y2="${margin.top + plotHeight}"/><line x1="${margin.left}" y1="${margin.top + plotHeight}" x2="${margin.left + plotWidth}" y2="${margin.top + plotHeight}"/></g>`,
  );
  out.push('<g fill="#374151">');
  for (const tick of yTicks) {
    out.push(
      `<text x="${margin.left - 6}" y="${num(yOf(tick) + 4)}" text-anchor="end">${tickLabel(tick)}</text>`,
    );
  }
  for (const tick of niceTicks(xMin, xMax, 10)) {
    out.push(
      `<text x="${num(xOfValue(tick))}" y="${margin.top + plotHeight + 16}" text-anchor="middle">${tickLabel(tick)}</text>`,
    );
  }
  if (options.xLabel) {
    out.push(
      `<text x="${num(margin.left + plotWidth / 2)}" y="${height - 10}" text-anchor="middle">${escapeXmlText(options.xLabel)}</text>`,
    );
  }
  if (options.yLabel) {
    const y = margin.top + plotHeight / 2;
    out.push(
      `<text x="14" y="${num(y)}" text-anchor="middle" transform="rotate(-90 14 ${num(y)})">${escapeXmlText(options.yLabel)}</text>`,
    );
  }
  out.push('</g>');

  // Series.
  series.forEach((s, index) => {
    const color = s.color ?? PALETTE[index % PALETTE.length];
    const path = seriesPath(s.values, xOf, yOf, plotWidth);
    if (path) {
      out.push(
        `<path d="${path}" fill="none" stroke="${color}" stroke-width="1.5"${s.dashed ? ' stroke-dasharray="5 3"' : ''}/>`,
      );
    }
    if (s.markers) {
      out.push(`<g fill="${color}">`);
      for (let i = 0; i < s.values.length; i++) {
        if (Number.isFinite(s.values[i]))
          out.push(`<circle cx="${num(xOf(i))}" cy="${num(yOf(s.values[i]))}" r="2.5"/>`);
      }
      out.push('</g>');
    }
  });

  // Thresholds.
  (options.thresholds ?? []).forEach((threshold, index) => {
    if (!Number.isFinite(threshold.value)) return;
    const color = threshold.color ?? THRESHOLD_COLORS[index % THRESHOLD_COLORS.length];
    const y = num(yOf(threshold.value));
    out.push(
      `<line x1="${margin.left}" x2="${margin.left + plotWidth}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="1" stroke-dasharray="6 4"/>`,
    );
    out.push(
      `<text x="${margin.left + plotWidth - 4}" y="${num(yOf(threshold.value) - 4)}" text-anchor="end" fill="${color}">${escapeXmlText(`${threshold.label} = ${tickLabel(Math.round(threshold.value * 100) / 100)}`)}</text>`,
    );
  });

  // Legend, in one row above the plot.
  const legend: { label: string; color: string; kind: 'line' | 'box' | 'dash' }[] = series.map(
    (s, index) => ({
      label: s.name,
      color: s.color ?? PALETTE[index % PALETTE.length],
      kind: s.dashed ? 'dash' : 'line',
    }),
  );
  if (shadedRuns.length > 0)
    legend.push({ label: options.shadedLabel ?? 'chosen', color: SHADE, kind: 'box' });
  let legendX = margin.left;
  const legendY = margin.top - 12;
  out.push('<g>');
  for (const entry of legend) {
    if (entry.kind === 'box') {
      out.push(
        `<rect x="${legendX}" y="${legendY - 8}" width="18" height="10" fill="${entry.color}" fill-opacity="0.25"/>`,
      );
    } else {
      out.push(
        `<line x1="${legendX}" x2="${legendX + 18}" y1="${legendY - 3}" y2="${legendY - 3}" stroke="${entry.color}" stroke-width="2"${entry.kind === 'dash' ? ' stroke-dasharray="5 3"' : ''}/>`,
      );
    }
    out.push(
      `<text x="${legendX + 22}" y="${legendY + 1}" fill="#374151">${escapeXmlText(entry.label)}</text>`,
    );
    legendX += 22 + 7 * entry.label.length + 18;
  }
  out.push('</g>');
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function isNumberArray(value: unknown): value is ArrayLike<number> {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return false;
  const array = value as ArrayLike<unknown>;
  for (let i = 0; i < array.length; i++) if (typeof array[i] !== 'number') return false;
  return true;
}

/** True when `value` has the `LinePlotDiagnostics` shape. */
export function isLinePlotDiagnostics(value: unknown): value is LinePlotDiagnostics {
  if (typeof value !== 'object' || value === null) return false;
  const plot = value as Record<string, unknown>;
  if (typeof plot.series !== 'object' || plot.series === null) return false;
  const series = Object.values(plot.series as Record<string, unknown>);
  if (series.length === 0 || !series.every(isNumberArray)) return false;
  if (plot.chosen !== undefined && !isNumberArray(plot.chosen)) return false;
  if (plot.x !== undefined && !isNumberArray(plot.x)) return false;
  if (plot.thresholds !== undefined) {
    if (!Array.isArray(plot.thresholds)) return false;
    for (const threshold of plot.thresholds as unknown[]) {
      const t = threshold as { label?: unknown; value?: unknown } | null;
      if (!t || typeof t.label !== 'string' || typeof t.value !== 'number') return false;
    }
  }
  return true;
}

/**
 * The SVG plot of an extraction whose diagnostics carry a per-line plot
 * (`diagnostics.plot`, see `LinePlotDiagnostics`), or undefined when they do not.
 * The first series is drawn grey (the raw values), the next ones in colour.
 */
export function plotExtraction(
  extraction: { extractor: string; diagnostics: unknown },
  options: { width?: number; height?: number } = {},
): string | undefined {
  const diagnostics = extraction.diagnostics as { plot?: unknown } | null | undefined;
  const plot = diagnostics && typeof diagnostics === 'object' ? diagnostics.plot : undefined;
  if (!isLinePlotDiagnostics(plot)) return undefined;
  return renderLinePlot({
    series: Object.entries(plot.series).map(([name, values]) => ({ name, values })),
    x: plot.x,
    thresholds: plot.thresholds,
    shaded: plot.chosen,
    title: plot.title ?? `${extraction.extractor}: values per line`,
    xLabel: plot.xLabel ?? 'line',
    yLabel: plot.yLabel,
    // Wide enough for about two pixels per line, within reason.
    width: options.width ?? Math.max(960, Math.min(2400, 2 * (firstLength(plot) + 40))),
    height: options.height,
  });
}

function firstLength(plot: LinePlotDiagnostics): number {
  return Object.values(plot.series)[0]?.length ?? 0;
}
