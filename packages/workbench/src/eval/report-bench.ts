/**
 * The Markdown report of a bench run: a headline table, then per dataset the
 * table in the dataset's own metric (rows = extractors and peers, P/R/F1 with
 * bootstrap intervals, special cases, failures, docs/s) with the published
 * figures beside ours, seed 002's table shape for CleanEval and L3S-GN1, paired
 * differences, every other metric, WCXB per page type; then the speed table.
 * Every number comes from the results; nothing is typed by hand.
 */

import type { PrimaryMetric } from './datasets/registry.js';
import type { BootstrapOptions, Interval } from './metrics/bootstrap.js';
import { PUBLISHED } from './published.js';
import { formatInterval, formatNumber, markdownTable } from './report.js';
import { warmUpPages } from './runs/speed-types.js';
import {
  type DatasetSummary,
  type ExtractorSummary,
  KEEP_SHARES,
  LANGUAGE_GROUP_MIN_PAGES,
  qualityCalibrations,
  summariseBench,
  worstPages,
} from './runs/summary.js';
import type { BenchResult } from './runs/types.js';

export interface MarkdownReportOptions {
  bootstrap?: BootstrapOptions;
  /** Level of the top heading (default 1: `#`). */
  headingLevel?: number;
  /** List this many worst pages per extractor and dataset (default 0). */
  worst?: number;
  /** A line naming the command that produced the run (default: the recorded one). */
  command?: string;
  /** The run's summaries, when already computed with the same bootstrap options (they cost seconds). */
  summaries?: readonly DatasetSummary[];
}

export const METRIC_DESCRIPTIONS: Record<PrimaryMetric, string> = {
  'word-sequence':
    'word-sequence precision/recall/F1 of seed 002 (difflib matching blocks on normalised word arrays), means over the documents outside the four special cases',
  'bag-of-words':
    "bag-of-words precision/recall/F1 per page as WCXB's evaluate.py computes it (lower-cased \\w+ tokens, multiset overlap), means over all pages",
  shingles:
    'precision/recall/F1 of 4-token shingles, per-document tp/fp/fn normalised to sum 1 and averaged (the article-extraction benchmark)',
  snippets:
    "snippet precision/recall/accuracy/F1 of trafilatura's eval_common.py (whitespace-normalised, case-sensitive substrings), micro-averaged over documents",
};

function heading(level: number, text: string): string {
  return `${'#'.repeat(Math.min(6, Math.max(1, level)))} ${text}`;
}

function rate(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function point(interval: Interval | undefined): string {
  return interval ? formatNumber(interval.estimate) : '–';
}

function failures(row: ExtractorSummary): string {
  return row.timeouts > 0 ? `${row.failures} (${row.timeouts} timed out)` : String(row.failures);
}

function label(row: ExtractorSummary): string {
  if (row.kind === 'peer') return `${row.extractor} (peer)`;
  return row.training && 'inSample' in row.training ? `${row.extractor} (in-sample)` : row.extractor;
}

function signed(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;
}

/**
 * The headline: primary F1 per dataset (columns) and extractor (rows). Where a model was trained
 * on a dataset and a held-out row of it ran (`pith:held-out=FILE`), the extractor's cell is the
 * held-out figure, with the in-sample one marked beside it, and the held-out row is not repeated.
 */
export function headlineTable(summaries: readonly DatasetSummary[]): string {
  const rows = summaries[0]?.rows ?? [];
  const heldOutRow = (summary: DatasetSummary, name: string) =>
    summary.rows.find((row) => row.training && 'of' in row.training && row.training.of === name);
  const isHeldOut = (index: number) =>
    summaries.some((summary) => {
      const training = summary.rows[index]?.training;
      return training !== undefined && 'of' in training;
    });
  const headers = [
    'extractor',
    ...summaries.map((s) => `${s.info.name} F1 (${metricShort(s.info.scoring.primary)})`),
  ];
  const body: string[][] = [];
  rows.forEach((row, i) => {
    if (isHeldOut(i)) return;
    body.push([
      row.kind === 'peer' ? `${row.extractor} (peer)` : row.extractor,
      ...summaries.map((s) => {
        const own = s.rows[i];
        const heldOut =
          own?.training && 'inSample' in own.training ? heldOutRow(s, own.extractor) : undefined;
        if (!heldOut?.training || !('heldOut' in heldOut.training))
          return formatInterval(own?.primary.f1 ?? NAN);
        return `${formatInterval(heldOut.primary.f1)} held out¹; ${point(own.primary.f1)} in-sample`;
      }),
    ]);
  });
  return markdownTable(headers, body);
}

/** The note under the headline that says what "held out" means there (empty when nothing was). */
export function headlineNotes(summaries: readonly DatasetSummary[]): string {
  const schemes = new Map<string, Set<string>>();
  for (const summary of summaries) {
    for (const row of summary.rows) {
      if (!row.training || !('heldOut' in row.training)) continue;
      const key = `${row.training.of} (${row.training.heldOut})`;
      schemes.set(key, (schemes.get(key) ?? new Set()).add(summary.info.name));
    }
  }
  if (schemes.size === 0) return '';
  const parts = [...schemes].map(([key, datasets]) => `${key} on ${[...datasets].join(', ')}`);
  return (
    `¹ Held out: the model was trained on these datasets, so each page is scored by a model that did not see it — ${parts.join('; ')} ` +
    "(cross-validation folds keep a site's pages together). The in-sample figure beside it is the shipped model, which saw these pages."
  );
}

const NAN: Interval = {
  estimate: Number.NaN,
  low: Number.NaN,
  high: Number.NaN,
  confidence: 0.95,
  resamples: 0,
};

function metricShort(metric: PrimaryMetric): string {
  return {
    'word-sequence': 'word seq.',
    'bag-of-words': 'bag of words',
    shingles: 'shingles',
    snippets: 'snippets',
  }[metric];
}

/** A published system's row: its figures after the name and n, the table's other columns blank. */
function publishedRow(
  system: string,
  published: { documents?: number } | undefined,
  figures: readonly (number | undefined)[],
  width: number,
): string[] {
  const row = [
    `*published:* ${system}`,
    String(published?.documents ?? ''),
    ...figures.map((f) => formatNumber(f ?? Number.NaN)),
  ];
  while (row.length < width) row.push('');
  return row;
}

/** The dataset's table in its primary metric, with the published rows beside ours. */
export function primaryTable(summary: DatasetSummary): string {
  const { primary } = summary.info.scoring;
  const published = summary.info.scoring.published ? PUBLISHED[summary.info.scoring.published] : undefined;
  const n = summary.info.pages;
  if (primary === 'word-sequence') {
    const headers = [
      'extractor',
      'n (scored / all)',
      'precision',
      'recall',
      'F1 (95% CI)',
      'F1, all pages',
      'special cases (pages not failed): mismatch / ret. empty / rel. empty / both empty',
      'failures',
      'docs/s',
    ];
    const rows = summary.rows.map((row) => {
      const w = row.wordSequence;
      const s = w?.summary;
      return [
        label(row),
        s ? `${s.scored} / ${s.documents}` : '–',
        w ? formatInterval(w.precision) : '–',
        w ? formatInterval(w.recall) : '–',
        w ? formatInterval(w.f1) : '–',
        s ? formatNumber(s.f1AllDocuments) : '–',
        w
          ? `${w.specialNotFailed.mismatch} / ${w.specialNotFailed.retrievedEmpty} / ${w.specialNotFailed.relevantEmpty} / ${w.specialNotFailed.bothEmpty}`
          : '–',
        failures(row),
        rate(row.docsPerSecond),
      ];
    });
    for (const p of published?.rows ?? [])
      rows.push(publishedRow(p.system, published, [p.precision, p.recall, p.f1], headers.length));
    return markdownTable(headers, rows);
  }
  if (primary === 'bag-of-words') {
    const headers = [
      'extractor',
      'n',
      'precision',
      'recall',
      'F1 (95% CI)',
      'with snippets found',
      'without snippets found (lower is better)',
      'failures',
      'docs/s',
    ];
    const rows = summary.rows.map((row) => {
      const b = row.bagOfWords;
      return [
        label(row),
        String(b?.summary.pages ?? 0),
        b ? formatInterval(b.precision) : '–',
        b ? formatInterval(b.recall) : '–',
        b ? formatInterval(b.f1) : '–',
        b ? formatInterval(b.withRate) : '–',
        b ? formatInterval(b.withoutRate) : '–',
        failures(row),
        rate(row.docsPerSecond),
      ];
    });
    for (const p of published?.rows ?? [])
      rows.push(publishedRow(p.system, published, [p.precision, p.recall, p.f1], headers.length));
    return markdownTable(headers, rows);
  }
  if (primary === 'snippets') {
    const headers = [
      'extractor',
      'n',
      'precision',
      'recall',
      'accuracy',
      'F1 (95% CI)',
      'TP / FP / FN / TN',
      'failures',
      'docs/s',
    ];
    const rows = summary.rows.map((row) => {
      const s = row.snippets;
      return [
        label(row),
        String(row.pages),
        s ? formatInterval(s.precision) : '–',
        s ? formatInterval(s.recall) : '–',
        s ? formatInterval(s.accuracy) : '–',
        s ? formatInterval(s.f1) : '–',
        s ? `${s.counts.tp} / ${s.counts.fp} / ${s.counts.fn} / ${s.counts.tn}` : '–',
        failures(row),
        rate(row.docsPerSecond),
      ];
    });
    for (const p of published?.rows ?? [])
      rows.push(publishedRow(p.system, published, [p.precision, p.recall, p.accuracy, p.f1], headers.length));
    return markdownTable(headers, rows);
  }
  const headers = ['extractor', 'n', 'precision', 'recall', 'F1 (95% CI)', 'failures', 'docs/s'];
  return markdownTable(
    headers,
    summary.rows.map((row) => {
      const s = row.shingles;
      return [
        label(row),
        String(n),
        s ? formatInterval(s.precision) : '–',
        s ? formatInterval(s.recall) : '–',
        s ? formatInterval(s.f1) : '–',
        failures(row),
        rate(row.docsPerSecond),
      ];
    }),
  );
}

/** Seed 002's table shape (`| CleanEval | precision | recall | F1 |`): the published rows, then ours. */
export function seed002Table(summary: DatasetSummary): string | undefined {
  const key = summary.info.scoring.published;
  if (key !== 'cleaneval' && key !== 'l3s-gn1') return undefined;
  const published = PUBLISHED[key];
  const rows = published.rows.map((p) => [
    `${p.system} *(published)*`,
    formatNumber(p.precision ?? Number.NaN),
    formatNumber(p.recall ?? Number.NaN),
    formatNumber(p.f1),
  ]);
  for (const row of summary.rows) {
    const w = row.wordSequence;
    rows.push([`**${label(row)}**`, point(w?.precision), point(w?.recall), point(w?.f1)]);
  }
  return markdownTable([published.title, 'precision', 'recall', 'F1'], rows);
}

/** Every metric's headline per extractor (the primary one included), for comparison across metric families. */
export function allMetricsTable(summary: DatasetSummary): string {
  const has = (pick: (row: ExtractorSummary) => unknown) =>
    summary.rows.some((row) => pick(row) !== undefined);
  const columns: { header: string; cell: (row: ExtractorSummary) => string }[] = [];
  if (has((r) => r.wordSequence))
    columns.push({ header: 'word-seq. F1', cell: (r) => point(r.wordSequence?.f1) });
  if (has((r) => r.bagOfWords))
    columns.push({ header: 'bag-of-words F1', cell: (r) => point(r.bagOfWords?.f1) });
  if (has((r) => r.shingles)) columns.push({ header: 'shingle F1', cell: (r) => point(r.shingles?.f1) });
  if (has((r) => r.snippets)) columns.push({ header: 'snippet F1', cell: (r) => point(r.snippets?.f1) });
  if (has((r) => r.lcs)) {
    columns.push({ header: 'LCS recall', cell: (r) => point(r.lcs?.lcsRecall) });
    columns.push({ header: 'edit-distance ratio', cell: (r) => point(r.lcs?.editDistanceRatio) });
  }
  if (has((r) => r.cuter)) {
    columns.push({ header: 'CUTER accuracy', cell: (r) => point(r.cuter?.accuracy) });
    columns.push({ header: 'CUTER noise', cell: (r) => point(r.cuter?.noise) });
  }
  if (has((r) => r.spaceSavings)) {
    columns.push({ header: 'space savings raw', cell: (r) => point(r.spaceSavings?.raw) });
    columns.push({ header: 'space savings gzip', cell: (r) => point(r.spaceSavings?.gzip) });
  }
  return markdownTable(
    ['extractor', ...columns.map((c) => c.header)],
    summary.rows.map((row) => [label(row), ...columns.map((c) => c.cell(row))]),
  );
}

/** What the LCS columns of {@link allMetricsTable} were computed over (seed 000 uses characters). */
export function lcsUnitNote(summary: DatasetSummary): string | undefined {
  const rows = summary.rows.filter((row) => row.lcs);
  if (rows.length === 0) return undefined;
  const words = rows.reduce((sum, row) => sum + (row.lcs?.wordUnitPages ?? 0), 0);
  const all = rows.reduce((sum, row) => sum + row.pages, 0);
  if (words === all) return 'LCS recall and edit-distance ratio are over words (seed 000 uses characters).';
  return `LCS recall and edit-distance ratio are over characters, and over words on the ${words} of ${all} page runs where characters were too slow.`;
}

/** WCXB per page type: our F1 per extractor beside the published per-type F1. */
export function pageTypeTable(summary: DatasetSummary): string | undefined {
  const rows = summary.rows.filter((row) => row.bagOfWords && row.bagOfWords.summary.byType.length > 0);
  if (rows.length === 0) return undefined;
  const published = summary.info.scoring.published === 'wcxb' ? PUBLISHED.wcxb.byType : undefined;
  const types = rows[0].bagOfWords?.summary.byType.map((t) => t.type) ?? [];
  const headers = [
    'page type',
    'n',
    ...rows.map((row) => `${label(row)} F1`),
    ...(published?.systems.map((system) => `*published:* ${system}`) ?? []),
  ];
  return markdownTable(
    headers,
    types.map((type) => {
      const n = rows[0].bagOfWords?.summary.byType.find((t) => t.type === type)?.pages ?? 0;
      const ours = rows.map((row) =>
        formatNumber(row.bagOfWords?.summary.byType.find((t) => t.type === type)?.f1 ?? Number.NaN),
      );
      const theirs = published
        ? published.systems.map((_, i) =>
            formatNumber(published.rows.find((r) => r.type === type)?.f1[i] ?? Number.NaN),
          )
        : [];
      return [type, String(n), ...ours, ...theirs];
    }),
  );
}

/** The primary F1 per language and extractor (see `summariseByLanguage`), or undefined. */
export function languageTable(summary: DatasetSummary): string | undefined {
  const groups = summary.byLanguage;
  if (!groups || groups.length === 0) return undefined;
  return markdownTable(
    ['language', 'n', ...summary.rows.map((row) => `${label(row)} F1`)],
    groups.map((group) => [
      group.language === 'other' && group.members
        ? `other (${group.members.map((m) => `${m.language} ${m.pages}`).join(', ')})`
        : group.language,
      String(group.pages),
      ...summary.rows.map((row) =>
        formatNumber(Object.hasOwn(group.f1, row.extractor) ? group.f1[row.extractor] : Number.NaN),
      ),
    ]),
  );
}

/** The sentence introducing {@link languageTable}. */
export function languageTableIntro(summary: DatasetSummary): string {
  const declared = summary.info.format === 'trafilatura-eval';
  return (
    `By ${declared ? 'the language each page declares (`<html lang>`, content-language, og:locale or JSON-LD, read by pith; the dataset records none)' : "the dataset's language field"}: ` +
    `F1 in the dataset's metric over each language's pages, point estimates; languages with fewer than ${LANGUAGE_GROUP_MIN_PAGES} pages pooled as other.`
  );
}

/** One line per paired comparison. */
export function comparisonLines(summary: DatasetSummary): string[] {
  return summary.comparisons.map((c) => {
    const d = c.difference;
    return (
      `- ${c.a} − ${c.b}: ΔF1 = ${signed(d.estimate)} (95% CI ${signed(d.low)} to ${signed(d.high)}), ` +
      `share of resamples with Δ ≤ 0: ${formatNumber(d.shareNotAbove)}, n = ${c.pages}`
    );
  });
}

/** The speed table, with ratios to the reference row. */
export function speedTable(result: BenchResult): string | undefined {
  const speed = result.speed;
  if (!speed) return undefined;
  const reference = speed.rows.find((row) => row.name === speed.reference);
  const ratio = (value: number, base: number | undefined) =>
    base !== undefined && Number.isFinite(value) && Number.isFinite(base) && base > 0
      ? `${(value / base).toFixed(2)}×`
      : '–';
  const pith = speed.rows.find((row) => row.name === 'pith');
  const parse = speed.rows.find((row) => row.kind === 'parse-only');
  const headers = [
    'extractor',
    'docs/s',
    'CPU docs/s',
    'MB/s',
    'p50 ms',
    'p95 ms',
    'max ms',
    'peak RSS MB',
    `docs/s ÷ ${speed.reference ?? 'reference'}`,
    `CPU docs/s ÷ ${speed.reference ?? 'reference'}`,
    `p50 ÷ ${speed.reference ?? 'reference'}`,
    `p95 ÷ ${speed.reference ?? 'reference'}`,
    `peak RSS ÷ ${speed.reference ?? 'reference'}`,
    'failures',
  ];
  const rows = speed.rows.map((row) => [
    row.kind === 'parse-only'
      ? 'parseHtml only (floor)'
      : row.kind === 'peer'
        ? `${row.name} (peer)`
        : row.name,
    rate(row.docsPerSecond),
    rate(row.cpuDocsPerSecond ?? Number.NaN),
    rate(row.megabytesPerSecond),
    formatNumber(row.p50Ms, 2),
    formatNumber(row.p95Ms, 2),
    formatNumber(row.maxMs, 1),
    formatNumber(row.peakRssMb, 0),
    ratio(row.docsPerSecond, reference?.docsPerSecond),
    ratio(row.cpuDocsPerSecond ?? Number.NaN, reference?.cpuDocsPerSecond),
    ratio(row.p50Ms, reference?.p50Ms),
    ratio(row.p95Ms, reference?.p95Ms),
    ratio(row.peakRssMb, reference?.peakRssMb),
    row.error ? `${row.failures} (${row.error})` : String(row.failures),
  ]);
  const lines = [markdownTable(headers, rows)];
  if (pith && parse && pith.totalMs > 0) {
    lines.push(
      '',
      `Parsing alone (\`parseHtml\` on the decoded page) takes ${formatNumber((100 * parse.totalMs) / pith.totalMs, 1)}% of pith's time per page (${formatNumber(parse.totalMs, 0)} of ${formatNumber(pith.totalMs, 0)} ms over the ${speed.pages} pages).`,
    );
  }
  const peers = speed.rows.filter(
    (row) => row.kind === 'peer' && Number.isFinite(row.cpuDocsPerSecond ?? Number.NaN),
  );
  if (pith && Number.isFinite(pith.cpuDocsPerSecond ?? Number.NaN) && peers.length > 0) {
    const times = peers.map(
      (peer) =>
        `${((pith.cpuDocsPerSecond ?? Number.NaN) / (peer.cpuDocsPerSecond ?? Number.NaN)).toFixed(2)}× ${peer.name}'s`,
    );
    lines.push('', `pith's CPU docs/s is ${times.join(', ')} (one core each, the same turns).`);
  }
  if (speed.reference !== 'readability-jsdom') {
    lines.push(
      '',
      `Readability on jsdom (peer \`readability-jsdom\`) did not run, so the ratios are to ${speed.reference ?? 'nothing'} instead.`,
    );
  }
  return lines.join('\n');
}

/**
 * Where the quality pass's time went, per extractor: the summed wall time of its extractions and
 * scorings (inflated by whatever else ran on the machine) and, where measured, the CPU time of
 * the worker thread (which is not). Cached page runs count their first extraction's wall time and
 * no CPU time.
 */
export function costTable(result: BenchResult): string {
  const seconds = (ms: number) => (ms >= 100_000 ? (ms / 1000).toFixed(0) : (ms / 1000).toFixed(1));
  const rows = result.extractors.map((extractor) => {
    const pages = result.pages.filter((p) => p.extractor === extractor.name);
    const sum = (pick: (p: (typeof pages)[number]) => number | undefined) =>
      pages.reduce((total, p) => total + (pick(p) ?? 0), 0);
    const measured = pages.some((p) => p.cpuMs !== undefined);
    return {
      name: extractor.kind === 'peer' ? `${extractor.name} (peer)` : extractor.name,
      pages: pages.length,
      wall: sum((p) => p.ms),
      scoreWall: sum((p) => p.scoreMs),
      cpu: measured ? sum((p) => p.cpuMs) : Number.NaN,
      scoreCpu: measured ? sum((p) => p.scoreCpuMs) : Number.NaN,
    };
  });
  const total = rows.reduce(
    (t, r) => ({
      name: 'all',
      pages: t.pages + r.pages,
      wall: t.wall + r.wall,
      scoreWall: t.scoreWall + r.scoreWall,
      cpu: t.cpu + r.cpu,
      scoreCpu: t.scoreCpu + r.scoreCpu,
    }),
    { name: 'all', pages: 0, wall: 0, scoreWall: 0, cpu: 0, scoreCpu: 0 },
  );
  const cell = (ms: number) => (Number.isFinite(ms) ? seconds(ms) : '–');
  return markdownTable(
    [
      'extractor',
      'page runs',
      'extraction, wall s',
      'scoring, wall s',
      'extraction, CPU s',
      'scoring, CPU s',
    ],
    [...rows, total].map((r) => [
      r.name,
      String(r.pages),
      cell(r.wall),
      cell(r.scoreWall),
      cell(r.cpu),
      cell(r.scoreCpu),
    ]),
  );
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** The run's metadata as a bullet list. */
export function runDescription(result: BenchResult, options: MarkdownReportOptions = {}): string {
  const m = result.machine;
  const resamples = options.bootstrap?.resamples ?? 2000;
  const seed = options.bootstrap?.seed ?? 1;
  const lines = [
    `- Command: \`${options.command ?? result.command ?? 'pith bench'}\``,
    `- Date: ${result.startedAt.slice(0, 10)} (${result.startedAt}). Node ${m.node}, ${m.platform} ${m.arch}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB RAM. Timings were taken on a machine shared with other engineers' jobs.`,
    `- Wall time: ${formatDuration(result.wallMs)} in all (quality pass ${formatDuration(result.qualityWallMs)} on ${result.jobs} worker threads${result.speed ? `, speed pass ${formatDuration(result.speed.wallMs)}` : ''}); per-page time budget ${result.timeoutMs / 1000} s; ${result.workerReplacements} worker(s) replaced after a timeout or crash.`,
    `- Extractors: ${result.extractors.map((e) => `${e.name} (${e.kind === 'peer' ? 'peer, ' : ''}${e.version})`).join(', ')}.`,
    `- Datasets: ${result.datasets.map((d) => `${d.name} (${d.format}, ${d.pages} pages)`).join(', ')}.`,
    `- Intervals: 95% percentile bootstrap over documents, ${resamples} resamples, seed ${seed}; differences between extractors by paired bootstrap on the same resamples of documents.`,
    `- pith's extractors run through the public \`extract(bytes, { url, format: 'text' })\` on the raw page bytes (pith decodes). Peers get the page decoded once by pith's \`decodeHtml\`, the same string for all.`,
    '- docs/s in the dataset tables: pages per second of extraction time in the quality pass, per worker thread, with the other worker busy; cached pages keep the time of their first run. The speed table below is the proper measurement.',
  ];
  if (result.skippedPeers.length > 0) {
    lines.push(`- Peers skipped: ${result.skippedPeers.map((p) => `${p.name} (${p.reason})`).join('; ')}.`);
  }
  return lines.join('\n');
}

/** The whole Markdown report. */
/** What the quality section says before its table: what the estimate is, and whether it is held out. */
export const QUALITY_INTRO =
  "pith's quality estimate (`result.quality`, the expected F1 of each extraction) against each page's primary score: Spearman's rank correlation, the expected calibration error over 10 bins (ECE) and the mean score of the pages kept when keeping the best-scored share. The quality model was trained on held-out extractions of these datasets: with the shipped block model the pages are in-sample for it (confident margins); `--held-out FILE` gives the honest figures.";

/** The quality estimate against the pages' scores, one row per extractor that gave one; undefined when none did. */
export function qualityTable(result: BenchResult, dataset: string): string | undefined {
  const rows = qualityCalibrations(result, dataset);
  if (rows.length === 0) return undefined;
  return markdownTable(
    [
      'extractor',
      'n',
      'mean score',
      'mean quality',
      'Spearman',
      'ECE',
      ...KEEP_SHARES.slice(1).map((share) => `keep ${Math.round(share * 100)} %`),
    ],
    rows.map((row) => [
      row.extractor,
      String(row.n),
      formatNumber(row.meanScore),
      formatNumber(row.meanQuality),
      formatNumber(row.spearman),
      formatNumber(row.ece),
      ...row.curve
        .slice(1)
        .map((point) => `${formatNumber(point.meanKept)} (q ≥ ${formatNumber(point.threshold)})`),
    ]),
  );
}

export function renderMarkdownReport(result: BenchResult, options: MarkdownReportOptions = {}): string {
  const level = options.headingLevel ?? 1;
  const summaries = options.summaries ?? summariseBench(result, options.bootstrap);
  const out: string[] = [heading(level, 'Benchmark results'), '', runDescription(result, options), ''];
  out.push(heading(level + 1, 'Headline'), '');
  out.push(
    "F1 in each dataset's own metric (word seq. = seed 002's word-sequence F1 over regular documents; bag of words = WCXB's; snippets = trafilatura's), 95% bootstrap intervals.",
    '',
    headlineTable(summaries),
    '',
  );
  const notes = headlineNotes(summaries);
  if (notes) out.push(notes, '');
  for (const summary of summaries) {
    const info = summary.info;
    out.push(heading(level + 1, `${info.name} (${info.format}, n = ${info.pages})`), '');
    out.push(
      `Metric: ${METRIC_DESCRIPTIONS[info.scoring.primary]}${info.scoring.primary === 'word-sequence' ? (info.scoring.removeNonAscii ? '; non-ASCII removed (seed 002 step 4)' : '; non-ASCII kept') : ''}.`,
      '',
    );
    out.push(primaryTable(summary), '');
    const published = info.scoring.published ? PUBLISHED[info.scoring.published] : undefined;
    if (published) {
      out.push(
        `Rows marked *published* are from ${published.source}: ${published.method}, n = ${published.documents}. They were measured by others, with other code.`,
        '',
      );
    }
    const seed = seed002Table(summary);
    if (seed) out.push("In seed 002's table shape (published rows first, ours in bold):", '', seed, '');
    const types = pageTypeTable(summary);
    if (types) out.push('By page type (bag-of-words F1, means over the pages of each type):', '', types, '');
    const languages = languageTable(summary);
    if (languages) out.push(languageTableIntro(summary), '', languages, '');
    const quality = qualityTable(result, info.name);
    if (quality) out.push(QUALITY_INTRO, '', quality, '');
    const comparisons = comparisonLines(summary);
    if (comparisons.length > 0) {
      out.push('Paired differences in the F1 above (same documents, paired bootstrap):', '');
      for (const line of comparisons) out.push(line);
      out.push('');
    }
    out.push('Every metric on this dataset (point estimates):', '', allMetricsTable(summary), '');
    const unit = lcsUnitNote(summary);
    if (unit) out.push(unit, '');
    if (options.worst && options.worst > 0) {
      out.push(`The ${options.worst} worst pages per extractor (primary per-page score):`, '');
      for (const [extractor, pages] of worstPages(result, info.name, options.worst)) {
        out.push(
          `- ${extractor}: ${pages.map((w) => `${w.id} (${formatNumber(w.score)}${w.page.failed ? ', failed' : ''})`).join(', ')}`,
        );
      }
      out.push('');
    }
  }
  const speed = speedTable(result);
  if (speed && result.speed) {
    out.push(heading(level + 1, 'Speed'), '');
    out.push(
      `Each extractor in a child process of its own, one thread, on the same ${result.speed.pages} pages (${formatNumber(result.speed.bytes / 1e6, 1)} MB; ${result.speed.sample}), after a warm-up on the first ${warmUpPages(result.speed.pages)} of them; the extractors take turns of 10 pages, never two at once, so that the machine's drift falls on all alike. docs/s is in wall time, CPU docs/s in the extracting thread's (a Python peer's process's) CPU time. pith's time is \`extract()\` on the raw bytes (decoding, parsing, metadata, extraction, text output); a peer's is its own call on the decoded string. Peak RSS is the child's \`maxRSS\` and includes the pages held in memory.`,
      '',
      speed,
      '',
    );
  }
  out.push(heading(level + 1, 'Cost of the run'), '');
  out.push(
    `Summed over the page runs of the quality pass (${result.jobs} worker threads, ${formatDuration(result.qualityWallMs)} of wall time). Wall times include the waits for a CPU on a loaded machine; CPU times are the worker thread's own (Linux, 10 ms ticks), decoding included for peers.`,
    '',
    costTable(result),
    '',
  );
  return `${out.join('\n').trimEnd()}\n`;
}
