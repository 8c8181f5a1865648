/**
 * Static SVG charts for the HTML report and the docs: a 20-bin histogram, horizontal
 * stacked bars, a precision–recall scatter, horizontal bars, lines over time. Each function returns a
 * self-contained `<svg>` string (no script, no external resource), sized in
 * pixels, with text escaped.
 */

/** Largest and smallest of a list (no spread: lists can be long). */
export function maxOf(values: readonly number[]): number {
  return values.reduce((high, value) => Math.max(high, value), Number.NEGATIVE_INFINITY);
}
export function minOf(values: readonly number[]): number {
  return values.reduce((low, value) => Math.min(low, value), Number.POSITIVE_INFINITY);
}

export const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#7f7f7f',
];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function num(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '0';
}

function svg(width: number, height: number, body: string[], title?: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11" role="img"${title ? ` aria-label="${escapeXml(title)}"` : ''}>`,
    ...(title ? [`<title>${escapeXml(title)}</title>`] : []),
    ...body,
    '</svg>',
  ].join('');
}

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${num(x)}" y="${num(y)}"${attributes ? ` ${attributes}` : ''}>${escapeXml(content)}</text>`;
}

/** Counts of `values` in `bins` equal-width bins over [0, 1] (1 falls in the last bin; others ignored). */
export function binCounts(values: readonly number[], bins = 20): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (const value of values) {
    if (!Number.isFinite(value) || value < 0 || value > 1) continue;
    counts[Math.min(bins - 1, Math.floor(value * bins))]++;
  }
  return counts;
}

export interface HistogramOptions {
  values: readonly number[];
  bins?: number;
  width?: number;
  height?: number;
  title: string;
  colour?: string;
  /** Shared y maximum, so that small multiples are comparable. */
  maxCount?: number;
}

/** A histogram of values in [0, 1] (seed 002: 20 equal bins). */
export function histogram(options: HistogramOptions): string {
  const width = options.width ?? 220;
  const height = options.height ?? 120;
  const bins = options.bins ?? 20;
  const counts = binCounts(options.values, bins);
  const max = Math.max(1, options.maxCount ?? maxOf(counts));
  const left = 30;
  const right = 6;
  const top = 16;
  const bottom = 18;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const barW = plotW / bins;
  const body: string[] = [
    text(left, 11, options.title, 'font-weight="600"'),
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#888"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#888"/>`,
    text(left - 3, top + 8, String(max), 'text-anchor="end"'),
    text(left - 3, top + plotH, '0', 'text-anchor="end"'),
    text(left, height - 4, '0', 'text-anchor="middle"'),
    text(left + plotW / 2, height - 4, '0.5', 'text-anchor="middle"'),
    text(left + plotW, height - 4, '1', 'text-anchor="middle"'),
  ];
  counts.forEach((count, i) => {
    if (count === 0) return;
    const h = (count / max) * plotH;
    body.push(
      `<rect x="${num(left + i * barW + 0.5)}" y="${num(top + plotH - h)}" width="${num(barW - 1)}" height="${num(h)}" fill="${options.colour ?? PALETTE[0]}"><title>${(i / bins).toFixed(2)}–${((i + 1) / bins).toFixed(2)}: ${count}</title></rect>`,
    );
  });
  return svg(width, height, body, options.title);
}

export interface StackedSeries {
  label: string;
  colour: string;
  /** One value per category. */
  values: readonly number[];
}

export interface StackedBarsOptions {
  categories: readonly string[];
  series: readonly StackedSeries[];
  title: string;
  width?: number;
  /** Scale each bar to 100% (default false: absolute counts, common maximum). */
  percent?: boolean;
}

/** Horizontal stacked bars, one per category, with a legend. */
export function stackedBars(options: StackedBarsOptions): string {
  const width = options.width ?? 520;
  const rowH = 18;
  const left = 150;
  const right = 40;
  const top = 22;
  const legendH = 18 * Math.ceil(options.series.length / 3);
  const height = top + options.categories.length * (rowH + 4) + 8 + legendH;
  const plotW = width - left - right;
  const totals = options.categories.map((_, c) =>
    options.series.reduce((sum, s) => sum + (s.values[c] ?? 0), 0),
  );
  const max = Math.max(1, maxOf(totals));
  const body: string[] = [text(0, 12, options.title, 'font-weight="600"')];
  options.categories.forEach((category, c) => {
    const y = top + c * (rowH + 4);
    body.push(text(left - 6, y + rowH - 5, category, 'text-anchor="end"'));
    const scale = options.percent ? (totals[c] > 0 ? plotW / totals[c] : 0) : plotW / max;
    let x = left;
    for (const series of options.series) {
      const value = series.values[c] ?? 0;
      if (value <= 0) continue;
      const w = value * scale;
      body.push(
        `<rect x="${num(x)}" y="${y}" width="${num(w)}" height="${rowH}" fill="${series.colour}"><title>${escapeXml(`${category} · ${series.label}: ${value}`)}</title></rect>`,
      );
      x += w;
    }
    body.push(text(x + 4, y + rowH - 5, String(totals[c])));
  });
  const legendTop = top + options.categories.length * (rowH + 4) + 8;
  options.series.forEach((series, i) => {
    const x = (i % 3) * (width / 3);
    const y = legendTop + Math.floor(i / 3) * 18;
    body.push(`<rect x="${num(x)}" y="${y}" width="10" height="10" fill="${series.colour}"/>`);
    body.push(text(x + 14, y + 9, series.label));
  });
  return svg(width, height, body, options.title);
}

export interface ScatterPoint {
  x: number;
  y: number;
  label: string;
  colour: string;
  /** Drawn as an open circle (published figures). */
  hollow?: boolean;
  /** Named in a legend beside the plot instead of a label next to the point (crowded points). */
  legend?: boolean;
  xLow?: number;
  xHigh?: number;
  yLow?: number;
  yHigh?: number;
}

export interface ScatterOptions {
  points: readonly ScatterPoint[];
  title: string;
  xLabel: string;
  yLabel: string;
  width?: number;
  height?: number;
  /** Lower bound of both axes (default: just below the smallest value, at most 0.5). */
  min?: number;
}

/** A scatter over [min, 1]², with interval whiskers and labels. */
export function scatter(options: ScatterOptions): string {
  const legend = options.points.filter((p) => p.legend && Number.isFinite(p.x) && Number.isFinite(p.y));
  const legendWidth = legend.length > 0 ? 250 : 0;
  const height = options.height ?? 460;
  const width = (options.width ?? 460) + legendWidth;
  const left = 44;
  const bottom = 36;
  const top = 22;
  const right = 12 + legendWidth;
  const values = options.points
    .flatMap((p) => [p.x, p.y, p.xLow ?? p.x, p.yLow ?? p.y])
    .filter(Number.isFinite);
  const min = options.min ?? Math.min(0.5, Math.floor((Math.min(1, minOf(values)) - 0.02) * 10) / 10);
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const sx = (v: number) => left + ((v - min) / (1 - min)) * plotW;
  const sy = (v: number) => top + plotH - ((v - min) / (1 - min)) * plotH;
  const body: string[] = [text(0, 12, options.title, 'font-weight="600"')];
  for (let tick = Math.ceil(min * 10) / 10; tick <= 1.0001; tick += 0.1) {
    body.push(
      `<line x1="${num(sx(tick))}" y1="${top}" x2="${num(sx(tick))}" y2="${top + plotH}" stroke="#eee"/>`,
      `<line x1="${left}" y1="${num(sy(tick))}" x2="${left + plotW}" y2="${num(sy(tick))}" stroke="#eee"/>`,
      text(sx(tick), top + plotH + 13, tick.toFixed(1), 'text-anchor="middle"'),
      text(left - 4, sy(tick) + 4, tick.toFixed(1), 'text-anchor="end"'),
    );
  }
  body.push(
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    text(left + plotW / 2, height - 6, options.xLabel, 'text-anchor="middle"'),
    text(
      12,
      top + plotH / 2,
      options.yLabel,
      `text-anchor="middle" transform="rotate(-90 12 ${num(top + plotH / 2)})"`,
    ),
  );
  for (const p of options.points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const x = sx(Math.max(min, p.x));
    const y = sy(Math.max(min, p.y));
    if (
      p.xLow !== undefined &&
      p.xHigh !== undefined &&
      Number.isFinite(p.xLow) &&
      Number.isFinite(p.xHigh)
    ) {
      body.push(
        `<line x1="${num(sx(Math.max(min, p.xLow)))}" y1="${num(y)}" x2="${num(sx(p.xHigh))}" y2="${num(y)}" stroke="${p.colour}"/>`,
      );
    }
    if (
      p.yLow !== undefined &&
      p.yHigh !== undefined &&
      Number.isFinite(p.yLow) &&
      Number.isFinite(p.yHigh)
    ) {
      body.push(
        `<line x1="${num(x)}" y1="${num(sy(Math.max(min, p.yLow)))}" x2="${num(x)}" y2="${num(sy(p.yHigh))}" stroke="${p.colour}"/>`,
      );
    }
    body.push(
      `<circle cx="${num(x)}" cy="${num(y)}" r="${p.hollow ? 3.5 : 4.5}" fill="${p.hollow ? 'white' : p.colour}" stroke="${p.colour}" stroke-width="1.5"><title>${escapeXml(`${p.label}: ${p.x.toFixed(3)}, ${p.y.toFixed(3)}`)}</title></circle>`,
    );
    if (!p.legend)
      body.push(
        text(x + 6, y - 5, p.label, `fill="${p.hollow ? '#777' : '#222'}" font-size="${p.hollow ? 9 : 11}"`),
      );
  }
  legend.forEach((p, i) => {
    const x = width - legendWidth + 8;
    const y = top + 8 + i * 16;
    body.push(
      `<circle cx="${x}" cy="${y}" r="4.5" fill="${p.colour}"/>`,
      text(x + 9, y + 4, `${p.label} (${p.x.toFixed(3)}, ${p.y.toFixed(3)})`),
    );
  });
  return svg(width, height, body, options.title);
}

export interface Bar {
  label: string;
  value: number;
  colour?: string;
  /** Shown after the value (a ratio, say). */
  note?: string;
}

export interface BarsOptions {
  bars: readonly Bar[];
  title: string;
  unit: string;
  width?: number;
  /** Logarithmic scale (speeds that differ by orders of magnitude). */
  log?: boolean;
  digits?: number;
}

/** Horizontal bars with values written at their ends. */
export function bars(options: BarsOptions): string {
  const width = options.width ?? 520;
  const rowH = 16;
  const left = 170;
  const right = 130;
  const top = 22;
  const height = top + options.bars.length * (rowH + 4) + 6;
  const plotW = width - left - right;
  const finite = options.bars.map((b) => b.value).filter((v) => Number.isFinite(v) && v > 0);
  const max = Math.max(maxOf(finite), 1e-9);
  const minLog = Math.min(minOf(finite), max) / 2;
  const scale = (v: number) =>
    !Number.isFinite(v) || v <= 0
      ? 0
      : options.log
        ? (Math.log(v / minLog) / Math.log(max / minLog)) * plotW
        : (v / max) * plotW;
  const body: string[] = [
    text(0, 12, `${options.title}${options.log ? ' (log scale)' : ''}`, 'font-weight="600"'),
  ];
  options.bars.forEach((bar, i) => {
    const y = top + i * (rowH + 4);
    const w = scale(bar.value);
    body.push(text(left - 6, y + rowH - 4, bar.label, 'text-anchor="end"'));
    body.push(
      `<rect x="${left}" y="${y}" width="${num(w)}" height="${rowH}" fill="${bar.colour ?? PALETTE[0]}"/>`,
    );
    const value = Number.isFinite(bar.value) ? bar.value.toFixed(options.digits ?? 1) : '–';
    body.push(
      text(left + w + 4, y + rowH - 4, `${value} ${options.unit}${bar.note ? ` (${bar.note})` : ''}`),
    );
  });
  return svg(width, height, body, options.title);
}

export interface LineSeries {
  label: string;
  colour: string;
  points: readonly { x: number; y: number }[];
}

export interface LineChartOptions {
  series: readonly LineSeries[];
  title: string;
  xLabel: string;
  yLabel: string;
  /** Horizontal reference lines (a band, a limit), drawn dashed with their label. */
  guides?: readonly { y: number; label: string }[];
  /** Lower bound of the y axis (default 0). */
  yMin?: number;
  /** A line of small print under the chart (the command, the machine). */
  caption?: string;
  width?: number;
  height?: number;
}

/** "Nice" tick step for a range: 1, 2 or 5 times a power of ten, about `count` ticks. */
function tickStep(range: number, count: number): number {
  const raw = range / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10;
  return step * power;
}

/** Lines over a linear x axis (time, say), with optional dashed reference lines. */
export function lineChart(options: LineChartOptions): string {
  const width = options.width ?? 720;
  const height = options.height ?? 360;
  const left = 52;
  const right = 16;
  const top = 24;
  const bottom = options.caption ? 58 : 40;
  const points = options.series.flatMap((series) => series.points);
  const xs = points.map((point) => point.x);
  const ys = [...points.map((point) => point.y), ...(options.guides ?? []).map((guide) => guide.y)];
  const xMin = minOf(xs);
  const xMax = Math.max(xMin + 1, maxOf(xs));
  const yMin = options.yMin ?? 0;
  const yTop = Math.max(maxOf(ys), yMin + 1);
  const yStep = tickStep(yTop - yMin, 6);
  const yMax = Math.ceil(yTop / yStep) * yStep;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const sx = (v: number) => left + ((v - xMin) / (xMax - xMin)) * plotW;
  const sy = (v: number) => top + plotH - ((v - yMin) / (yMax - yMin)) * plotH;
  const body: string[] = [text(0, 14, options.title, 'font-weight="600"')];
  for (let tick = yMin; tick <= yMax + yStep / 1000; tick += yStep) {
    body.push(
      `<line x1="${left}" y1="${num(sy(tick))}" x2="${left + plotW}" y2="${num(sy(tick))}" stroke="#eee"/>`,
      text(left - 4, sy(tick) + 4, String(Math.round(tick * 1000) / 1000), 'text-anchor="end"'),
    );
  }
  const xStep = tickStep(xMax - xMin, 10);
  for (let tick = Math.ceil(xMin / xStep) * xStep; tick <= xMax; tick += xStep) {
    body.push(
      `<line x1="${num(sx(tick))}" y1="${top}" x2="${num(sx(tick))}" y2="${top + plotH}" stroke="#eee"/>`,
      text(sx(tick), top + plotH + 13, String(Math.round(tick * 1000) / 1000), 'text-anchor="middle"'),
    );
  }
  body.push(
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    text(left + plotW / 2, top + plotH + 30, options.xLabel, 'text-anchor="middle"'),
    text(
      12,
      top + plotH / 2,
      options.yLabel,
      `text-anchor="middle" transform="rotate(-90 12 ${num(top + plotH / 2)})"`,
    ),
  );
  for (const guide of options.guides ?? []) {
    body.push(
      `<line x1="${left}" y1="${num(sy(guide.y))}" x2="${left + plotW}" y2="${num(sy(guide.y))}" stroke="#999" stroke-dasharray="6 4"/>`,
      text(left + plotW - 4, sy(guide.y) - 4, guide.label, 'text-anchor="end" fill="#777"'),
    );
  }
  options.series.forEach((series, index) => {
    body.push(
      `<polyline fill="none" stroke="${series.colour}" stroke-width="1.6" points="${series.points
        .map((point) => `${num(sx(point.x))},${num(sy(point.y))}`)
        .join(' ')}"/>`,
      `<rect x="${left + 8}" y="${top + 8 + index * 14}" width="10" height="3" fill="${series.colour}"/>`,
      text(left + 22, top + 13 + index * 14, series.label),
    );
  });
  if (options.caption) body.push(text(8, height - 8, options.caption, 'fill="#555" font-size="10"'));
  return svg(width, height, body, options.title);
}

export interface ReliabilityDiagramOptions {
  /** Equal-width bins over [0, 1]: mean prediction, mean outcome and count of each. */
  bins: readonly { low: number; high: number; count: number; predicted: number; observed: number }[];
  title: string;
  width?: number;
  height?: number;
}

/**
 * A reliability diagram: for each bin of predicted scores, the mean outcome (a bar from 0,
 * its width the bin) and the mean prediction (a dot on the diagonal's scale), the diagonal of
 * perfect calibration, and each bin's count above it.
 */
export function reliabilityDiagram(options: ReliabilityDiagramOptions): string {
  const width = options.width ?? 460;
  const height = options.height ?? 420;
  const left = 44;
  const right = 12;
  const top = 24;
  const bottom = 40;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const sx = (v: number) => left + v * plotW;
  const sy = (v: number) => top + plotH - v * plotH;
  const body: string[] = [text(0, 14, options.title, 'font-weight="600"')];
  for (let tick = 0; tick <= 10; tick++) {
    const v = tick / 10;
    body.push(
      `<line x1="${num(sx(v))}" y1="${top}" x2="${num(sx(v))}" y2="${top + plotH}" stroke="#eee"/>`,
      `<line x1="${left}" y1="${num(sy(v))}" x2="${left + plotW}" y2="${num(sy(v))}" stroke="#eee"/>`,
      text(sx(v), top + plotH + 13, v.toFixed(1), 'text-anchor="middle"'),
      text(left - 4, sy(v) + 4, v.toFixed(1), 'text-anchor="end"'),
    );
  }
  for (const bin of options.bins) {
    if (bin.count === 0 || !Number.isFinite(bin.observed)) continue;
    const x = sx(bin.low) + 1;
    const w = sx(bin.high) - sx(bin.low) - 2;
    body.push(
      `<rect x="${num(x)}" y="${num(sy(bin.observed))}" width="${num(w)}" height="${num(sy(0) - sy(bin.observed))}" fill="${PALETTE[0]}" fill-opacity="0.55"><title>${escapeXml(`${bin.low.toFixed(1)}–${bin.high.toFixed(1)}: ${bin.count} pages, mean quality ${bin.predicted.toFixed(3)}, mean F1 ${bin.observed.toFixed(3)}`)}</title></rect>`,
      `<circle cx="${num(sx(bin.predicted))}" cy="${num(sy(bin.observed))}" r="3" fill="${PALETTE[1]}"/>`,
      text(
        x + w / 2,
        sy(bin.observed) - 4,
        String(bin.count),
        'text-anchor="middle" font-size="9" fill="#555"',
      ),
    );
  }
  body.push(
    `<line x1="${num(sx(0))}" y1="${num(sy(0))}" x2="${num(sx(1))}" y2="${num(sy(1))}" stroke="#999" stroke-dasharray="5 4"/>`,
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    text(left + plotW / 2, height - 8, 'quality (predicted F1), 10 bins', 'text-anchor="middle"'),
    text(
      12,
      top + plotH / 2,
      'mean true F1',
      `text-anchor="middle" transform="rotate(-90 12 ${num(top + plotH / 2)})"`,
    ),
  );
  return svg(width, height, body, options.title);
}
