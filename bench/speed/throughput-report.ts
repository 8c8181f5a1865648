// The throughput table of bench/speed/throughput.ts, from its results file, so that the size-curve
// section of docs/benchmarks-journal.md (bench/speed/size-curve.ts --write) can show the last run too.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../parsers/corpus.js';

export const THROUGHPUT_TARGETS = [
  'parse',
  'pith-text',
  'pith-markdown',
  'pith-markdown-bytes',
  'readability-linkedom',
  'readability-jsdom',
] as const;
export type Target = (typeof THROUGHPUT_TARGETS)[number];

const TARGET_LABELS: Record<Target, string> = {
  parse: 'pith `parseHtml` only',
  'pith-text': 'pith `extract`, text',
  'pith-markdown': 'pith `extract`, Markdown',
  'pith-markdown-bytes': 'pith `extract(bytes)`, Markdown (decoding included)',
  'readability-linkedom': 'Readability on linkedom',
  'readability-jsdom': 'Readability on jsdom',
};

/** What one target's process reports. */
export interface ChildResult {
  target: Target;
  pages: number;
  bytes: number;
  /** CPU ms and wall ms of each timed pass. */
  cpuMs: number[];
  wallMs: number[];
  /** CPU ms per dataset, median pass. */
  cpuMsByDataset: Record<string, number>;
  bytesByDataset: Record<string, number>;
  pagesByDataset: Record<string, number>;
  failures: number;
  peakRssMb: number;
}

/** The results file. */
export interface SavedThroughput {
  command: string;
  machine: string;
  /** ISO time of the run. */
  date: string;
  passes: number;
  results: ChildResult[];
}

export const THROUGHPUT_JSON = path.join(repoRoot, '.cache', 'speed', 'throughput.json');

export function readThroughput(): SavedThroughput | undefined {
  return existsSync(THROUGHPUT_JSON)
    ? (JSON.parse(readFileSync(THROUGHPUT_JSON, 'utf8')) as SavedThroughput)
    : undefined;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The run as Markdown: conditions, command, the table, and the parse/after-parse split. */
export function throughputMarkdown(run: SavedThroughput): string {
  const { results, passes } = run;
  const first = results[0];
  const datasets = Object.keys(first.pagesByDataset);
  const docsPerSecond = (r: ChildResult) => (1000 * r.pages) / median(r.cpuMs);
  const reference = (name: Target) => results.find((r) => r.target === name);
  const ratio = (r: ChildResult, base: ChildResult | undefined) =>
    base ? `${(docsPerSecond(r) / docsPerSecond(base)).toFixed(2)}×` : '–';
  const lines = [
    `${first.pages} pages (${datasets.map((d) => `${first.pagesByDataset[d]} ${d}`).join(', ')}), ` +
      `${(first.bytes / 1e6).toFixed(1)} MB; one process per target, V8 --single-threaded, warm-up pass then ` +
      `median of ${passes} passes by CPU time; ${run.machine}; ${run.date.slice(0, 10)}; shared machine.`,
    `Command: \`${run.command}\``,
    '',
    `| target | docs/s | MB/s | ${datasets.map((d) => `${d} docs/s`).join(' | ')} | docs/s (wall) | × Readability-linkedom | × Readability-jsdom | peak RSS MB | failures |`,
    `|---|---:|---:|${datasets.map(() => '---:|').join('')}---:|---:|---:|---:|---:|`,
  ];
  for (const r of results) {
    const perDataset = datasets.map((d) =>
      ((1000 * r.pagesByDataset[d]) / (r.cpuMsByDataset[d] ?? Number.NaN)).toFixed(0),
    );
    lines.push(
      `| ${TARGET_LABELS[r.target]} | ${docsPerSecond(r).toFixed(0)} | ${(r.bytes / 1e6 / (median(r.cpuMs) / 1000)).toFixed(1)} | ` +
        `${perDataset.join(' | ')} | ${((1000 * r.pages) / median(r.wallMs)).toFixed(0)} | ` +
        `${ratio(r, reference('readability-linkedom'))} | ${ratio(r, reference('readability-jsdom'))} | ` +
        `${r.peakRssMb.toFixed(0)} | ${r.failures} |`,
    );
  }
  const parse = reference('parse');
  const markdown = reference('pith-markdown');
  if (parse && markdown) {
    const parseMs = median(parse.cpuMs);
    const rest = median(markdown.cpuMs) - parseMs;
    lines.push(
      '',
      `pith Markdown: parsing ${(parseMs / markdown.pages).toFixed(2)} ms/page, everything after the parse ` +
        `(metadata, extraction, formatting) ${(rest / markdown.pages).toFixed(2)} ms/page (${(rest / parseMs).toFixed(2)}× the parse).`,
    );
  }
  return lines.join('\n');
}
