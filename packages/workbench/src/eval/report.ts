/**
 * Markdown tables of benchmark results.
 */
import type { Interval } from './metrics/bootstrap.js';
import type { SnippetRow, WordSequenceRow } from './runner.js';

/** A Markdown table; cells are escaped for `|`. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export function formatNumber(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

/** `0.912 (0.901–0.922)`. */
export function formatInterval(interval: Interval, digits = 3): string {
  if (!Number.isFinite(interval.estimate)) return '–';
  return `${formatNumber(interval.estimate, digits)} (${formatNumber(interval.low, digits)}–${formatNumber(interval.high, digits)})`;
}

function formatRate(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

export const WORD_SEQUENCE_HEADERS = [
  'extractor',
  'n (scored / all)',
  'precision',
  'recall',
  'F1 (95% CI)',
  'F1, all pages',
  'special: mismatch / ret. empty / rel. empty / both empty',
  'failures',
  'pages/s',
] as const;

/** One row per extractor: seed 002's means with bootstrap intervals, special cases, failures, speed. */
export function wordSequenceTable(rows: readonly WordSequenceRow[]): string {
  return markdownTable(
    WORD_SEQUENCE_HEADERS,
    rows.map((row) => {
      const s = row.summary;
      const special = s.specialCases;
      return [
        row.extractor,
        `${s.scored} / ${s.documents}`,
        formatInterval(row.precision),
        formatInterval(row.recall),
        formatInterval(row.f1),
        formatNumber(s.f1AllDocuments),
        `${special.mismatch} / ${special.retrievedEmpty} / ${special.relevantEmpty} / ${special.bothEmpty}`,
        String(row.failures),
        formatRate(row.pagesPerSecond),
      ];
    }),
  );
}

export const SNIPPET_HEADERS = [
  'extractor',
  'n',
  'precision',
  'recall',
  'accuracy',
  'F1 (95% CI)',
  'TP / FP / FN / TN',
  'failures',
  'pages/s',
] as const;

/** One row per extractor: trafilatura's micro-averaged scores with bootstrap intervals. */
export function snippetTable(rows: readonly SnippetRow[]): string {
  return markdownTable(
    SNIPPET_HEADERS,
    rows.map((row) => [
      row.extractor,
      String(row.documents),
      formatInterval(row.precision),
      formatInterval(row.recall),
      formatInterval(row.accuracy),
      formatInterval(row.f1),
      `${row.counts.tp} / ${row.counts.fp} / ${row.counts.fn} / ${row.counts.tn}`,
      String(row.failures),
      formatRate(row.pagesPerSecond),
    ]),
  );
}
