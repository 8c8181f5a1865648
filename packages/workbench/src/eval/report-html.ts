/**
 * The self-contained HTML report (docs/report.html): the Markdown report's
 * tables, and static inline SVG charts per dataset — the distribution of
 * per-page precision, recall and F1 in 20 bins per extractor (seed 002's
 * figure), the special cases as stacked bars (seed 002), precision against
 * recall with the published systems, and the speed bars. No script, no external
 * file, no chart library.
 */

import { PUBLISHED } from './published.js';
import { formatNumber } from './report.js';
import {
  allMetricsTable,
  comparisonLines,
  costTable,
  headlineTable,
  languageTable,
  languageTableIntro,
  lcsUnitNote,
  type MarkdownReportOptions,
  METRIC_DESCRIPTIONS,
  pageTypeTable,
  primaryTable,
  QUALITY_INTRO,
  qualityTable,
  runDescription,
  seed002Table,
  speedTable,
} from './report-bench.js';
import {
  bars,
  binCounts,
  escapeXml,
  histogram,
  maxOf,
  PALETTE,
  reliabilityDiagram,
  type ScatterPoint,
  scatter,
  stackedBars,
} from './report-svg.js';
import {
  type DatasetSummary,
  groupPages,
  pagePrf,
  qualityCalibrations,
  summariseBench,
} from './runs/summary.js';
import type { BenchResult } from './runs/types.js';

/** Inline Markdown: `code`, **strong**, *em*. Input is escaped first. */
function inline(markdown: string): string {
  return escapeXml(markdown)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>');
}

function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (body[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** The Markdown this module's reports produce (headings, paragraphs, lists, tables) as HTML. */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = (/^#+/.exec(line) as RegExpExecArray)[0].length;
      out.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(splitRow(lines[i++]));
      const [head, , ...body] = rows;
      out.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${body
          .map(
            (r) =>
              `<tr${r[0]?.includes('published') ? ' class="published"' : ''}>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`,
          )
          .join('')}</tbody></table>`,
      );
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      while (i < lines.length && lines[i].startsWith('- ')) items.push(lines[i++].slice(2));
      out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    } else {
      const paragraph: string[] = [];
      while (i < lines.length && lines[i].trim() !== '' && !/^(#|\||- )/.test(lines[i]))
        paragraph.push(lines[i++]);
      out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

const SPECIAL_COLOURS = {
  regular: '#2ca02c',
  mismatch: '#d62728',
  retrievedEmpty: '#ff7f0e',
  relevantEmpty: '#9467bd',
  bothEmpty: '#8c564b',
  failed: '#333333',
};

function distributionCharts(result: BenchResult, summary: DatasetSummary): string {
  const pages = groupPages(result).get(summary.info.name);
  if (!pages) return '';
  const primary = summary.info.scoring.primary;
  const perExtractor = summary.rows.map((row) => {
    const values = (pages.get(row.extractor) ?? [])
      .map((page) => pagePrf(page, primary))
      .filter((v): v is { p: number; r: number; f1: number } => v !== undefined);
    return { row, values };
  });
  // One y scale for every panel of the dataset, so that heights compare across extractors.
  const maxCount = Math.max(
    1,
    maxOf(
      perExtractor.flatMap(({ values }) =>
        (['p', 'r', 'f1'] as const).flatMap((key) => binCounts(values.map((v) => v[key]))),
      ),
    ),
  );
  const rows = perExtractor.map(({ row, values }, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const panels = (
      [
        ['p', 'precision'],
        ['r', 'recall'],
        ['f1', 'F1'],
      ] as const
    ).map(([key, name]) =>
      histogram({
        values: values.map((v) => v[key]),
        title: `${name} (n = ${values.length})`,
        colour,
        maxCount,
      }),
    );
    return `<div class="row"><div class="label">${escapeXml(row.extractor)}</div>${panels.join('')}</div>`;
  });
  const note =
    primary === 'word-sequence'
      ? 'Per-page values of the regular documents (outside the special cases), as in seed 002.'
      : primary === 'snippets'
        ? 'Per-page snippet precision and recall (pages where both are defined).'
        : 'Per-page values.';
  return `<h4>Distribution of per-page scores (20 bins)</h4><p>${note}</p>${rows.join('\n')}`;
}

function specialCaseCharts(result: BenchResult, summary: DatasetSummary): string {
  const pages = groupPages(result).get(summary.info.name);
  const rows = summary.rows.filter((row) => row.wordSequence);
  if (!pages || rows.length === 0) return '';
  // Seed 002's categories are exclusive: a failed page counts as failed, not in the special
  // case its empty output falls into.
  const kinds = ['regular', 'mismatch', 'retrievedEmpty', 'relevantEmpty', 'bothEmpty', 'failed'] as const;
  const counts = rows.map((row) => {
    const count = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<
      (typeof kinds)[number],
      number
    >;
    for (const page of pages.get(row.extractor) ?? []) {
      const word = page.scores.wordSequence;
      if (!word) continue;
      count[page.failed ? 'failed' : (word.special ?? 'regular')]++;
    }
    return count;
  });
  const series = (kind: (typeof kinds)[number], label: string) => ({
    label,
    colour: SPECIAL_COLOURS[kind],
    values: counts.map((count) => count[kind]),
  });
  const special = [
    series('mismatch', 'mismatch'),
    series('retrievedEmpty', 'retrieved empty'),
    series('relevantEmpty', 'relevant empty'),
    series('bothEmpty', 'both empty'),
    series('failed', 'failed'),
  ];
  const categories = rows.map((row) => row.extractor);
  return (
    '<h4>Special cases (seed 002)</h4><p>Every page is successful (in the means), in one of the four special cases, or failed; the right-hand chart leaves the successful pages out.</p><div class="row">' +
    stackedBars({
      categories,
      series: [series('regular', 'successful'), ...special],
      title: 'all pages',
      width: 460,
    }) +
    stackedBars({ categories, series: special, title: 'without the successful pages', width: 460 }) +
    '</div>'
  );
}

function scatterChart(summary: DatasetSummary): string {
  const points: ScatterPoint[] = summary.rows
    .filter(
      (row) =>
        Number.isFinite(row.primary.recall.estimate) && Number.isFinite(row.primary.precision.estimate),
    )
    .map((row, i) => ({
      x: row.primary.recall.estimate,
      y: row.primary.precision.estimate,
      xLow: row.primary.recall.low,
      xHigh: row.primary.recall.high,
      yLow: row.primary.precision.low,
      yHigh: row.primary.precision.high,
      label: row.extractor,
      colour: PALETTE[i % PALETTE.length],
      legend: true,
    }));
  const key = summary.info.scoring.published;
  if (key) {
    for (const p of PUBLISHED[key].rows) {
      if (p.precision === undefined || p.recall === undefined) continue;
      points.push({ x: p.recall, y: p.precision, label: p.system, colour: '#777', hollow: true });
    }
  }
  if (points.length === 0) return '';
  return (
    '<h4>Precision against recall</h4><p>Filled: measured here, with 95% intervals; open: published.</p>' +
    scatter({
      points,
      title: `${summary.info.name}: mean precision vs recall`,
      xLabel: 'recall',
      yLabel: 'precision',
    })
  );
}

function speedCharts(result: BenchResult): string {
  const speed = result.speed;
  if (!speed) return '';
  const reference = speed.rows.find((row) => row.name === speed.reference);
  const colour = (kind: string, i: number) => (kind === 'parse-only' ? '#999' : PALETTE[i % PALETTE.length]);
  const ratio = (value: number, base: number | undefined) =>
    base && Number.isFinite(value) && base > 0
      ? `${(value / base).toFixed(2)}× ${speed.reference}`
      : undefined;
  const docs = bars({
    title: 'documents per second (one thread)',
    unit: 'docs/s',
    log: true,
    bars: speed.rows.map((row, i) => ({
      label: row.kind === 'parse-only' ? 'parseHtml only' : row.name,
      value: row.docsPerSecond,
      colour: colour(row.kind, i),
      ...(ratio(row.docsPerSecond, reference?.docsPerSecond)
        ? { note: ratio(row.docsPerSecond, reference?.docsPerSecond) }
        : {}),
    })),
  });
  const p95 = bars({
    title: 'p95 time per page',
    unit: 'ms',
    log: true,
    digits: 2,
    bars: speed.rows.map((row, i) => ({
      label: row.kind === 'parse-only' ? 'parseHtml only' : row.name,
      value: row.p95Ms,
      colour: colour(row.kind, i),
    })),
  });
  const rss = bars({
    title: 'peak RSS of the process',
    unit: 'MB',
    digits: 0,
    bars: speed.rows.map((row, i) => ({
      label: row.kind === 'parse-only' ? 'parseHtml only' : row.name,
      value: row.peakRssMb,
      colour: colour(row.kind, i),
    })),
  });
  return `<div class="row">${docs}${p95}</div><div class="row">${rss}</div>`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 12.5px; }
th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
tr.published td { color: #666; background: #fafafa; }
code { background: #f2f2f2; padding: 0 3px; border-radius: 3px; }
.row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin: 6px 0; }
.label { width: 150px; font-weight: 600; padding-top: 40px; overflow-wrap: anywhere; }
h2 { border-bottom: 1px solid #ddd; padding-bottom: 4px; margin-top: 2em; }
`;

/** The whole HTML report. */
export function renderHtmlReport(result: BenchResult, options: MarkdownReportOptions = {}): string {
  const summaries = options.summaries ?? summariseBench(result, options.bootstrap);
  const body: string[] = [
    '<h1>pith benchmark report</h1>',
    markdownToHtml(runDescription(result, options)),
    '<h2>Headline</h2>',
    markdownToHtml(headlineTable(summaries)),
  ];
  for (const summary of summaries) {
    const info = summary.info;
    body.push(`<h2>${escapeXml(`${info.name} (${info.format}, n = ${info.pages})`)}</h2>`);
    body.push(`<p>Metric: ${escapeXml(METRIC_DESCRIPTIONS[info.scoring.primary])}.</p>`);
    body.push(markdownToHtml(primaryTable(summary)));
    const seed = seed002Table(summary);
    if (seed) body.push("<p>In seed 002's table shape:</p>", markdownToHtml(seed));
    const types = pageTypeTable(summary);
    if (types) body.push('<p>By page type (bag-of-words F1):</p>', markdownToHtml(types));
    const languages = languageTable(summary);
    if (languages) body.push(`<p>${escapeXml(languageTableIntro(summary))}</p>`, markdownToHtml(languages));
    const quality = qualityTable(result, info.name);
    if (quality) {
      body.push(`<p>${escapeXml(QUALITY_INTRO)}</p>`, markdownToHtml(quality));
      for (const calibration of qualityCalibrations(result, info.name)) {
        body.push(
          `<figure>${reliabilityDiagram({
            bins: calibration.bins,
            title: `${calibration.extractor}: quality calibration on ${info.name} (n = ${calibration.n}), ECE ${formatNumber(calibration.ece)}, Spearman ${formatNumber(calibration.spearman)}`,
          })}</figure>`,
        );
      }
    }
    const comparisons = comparisonLines(summary);
    if (comparisons.length)
      body.push('<p>Paired differences in F1:</p>', markdownToHtml(comparisons.join('\n')));
    body.push('<p>Every metric:</p>', markdownToHtml(allMetricsTable(summary)));
    const unit = lcsUnitNote(summary);
    if (unit) body.push(`<p>${escapeXml(unit)}</p>`);
    body.push(scatterChart(summary), specialCaseCharts(result, summary), distributionCharts(result, summary));
  }
  const speed = speedTable(result);
  if (speed) body.push('<h2>Speed</h2>', markdownToHtml(speed), speedCharts(result));
  body.push('<h2>Cost of the run</h2>', markdownToHtml(costTable(result)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pith benchmark report</title>
<style>${STYLE}</style>
</head>
<body>
${body.filter(Boolean).join('\n')}
</body>
</html>
`;
}
