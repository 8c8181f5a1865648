/**
 * Runs one extractor over the pages of one dataset and scores every page with the
 * metrics its gold calls for (text → word sequence, snippets → snippet counts).
 * A page whose extraction throws is counted as a failure and scored as empty text
 * (for snippets: as upstream does with a crash, no snippet found).
 */
import { performance } from 'node:perf_hooks';
import { applyRetrievedTransform, type DatasetPage } from './datasets/types.js';
import {
  type BootstrapOptions,
  bootstrapMeans,
  bootstrapSnippetScores,
  type Interval,
} from './metrics/bootstrap.js';
import { countSnippets, type SnippetCounts, snippetScores, sumSnippetCounts } from './metrics/snippets.js';
import {
  scoreWordSequence,
  summariseWordSequence,
  type WordSequenceOptions,
  type WordSequenceScore,
  type WordSequenceSummary,
} from './metrics/word-sequence.js';

/** Extracts the main text of one page; throws when the extraction fails. */
export type ExtractText = (page: DatasetPage) => string;

export interface PageResult {
  id: string;
  failed: boolean;
  error?: string;
  /** Wall-clock time of the extraction, in milliseconds. */
  ms: number;
  bytes: number;
  word?: WordSequenceScore;
  snippets?: SnippetCounts;
}

export interface RunResult {
  extractor: string;
  pages: PageResult[];
  /** Sum of the per-page extraction times, in milliseconds. */
  extractMs: number;
  failures: number;
}

export interface RunOptions {
  /** Options of the word-sequence metric. */
  word?: WordSequenceOptions;
  /** Called after each page (for progress output). */
  onPage?: (done: number, total: number, result: PageResult) => void;
}

export function runExtractor(
  name: string,
  pages: readonly DatasetPage[],
  extractText: ExtractText,
  options: RunOptions = {},
): RunResult {
  const results: PageResult[] = [];
  let extractMs = 0;
  let failures = 0;
  for (const page of pages) {
    let text: string | null = null;
    let error: string | undefined;
    const started = performance.now();
    try {
      text = extractText(page);
      if (typeof text !== 'string') throw new TypeError('extractor returned no text');
    } catch (caught) {
      text = null;
      error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
    }
    const ms = performance.now() - started;
    extractMs += ms;
    const failed = text === null;
    if (failed) failures++;
    const result: PageResult = { id: page.id, failed, ms, bytes: page.html.length };
    if (error !== undefined) result.error = error;
    if (page.gold.snippets) result.snippets = countSnippets(page.gold.snippets, text);
    if (page.gold.text !== undefined) {
      const retrieved = text === null ? '' : applyRetrievedTransform(text, page.retrievedTransform);
      result.word = scoreWordSequence(retrieved, page.gold.text, options.word);
    }
    results.push(result);
    options.onPage?.(results.length, pages.length, result);
  }
  return { extractor: name, pages: results, extractMs, failures };
}

export interface WordSequenceRow {
  extractor: string;
  summary: WordSequenceSummary;
  precision: Interval;
  recall: Interval;
  f1: Interval;
  failures: number;
  pagesPerSecond: number;
  megabytesPerSecond: number;
}

export interface SnippetRow {
  extractor: string;
  documents: number;
  counts: SnippetCounts;
  precision: Interval;
  recall: Interval;
  accuracy: Interval;
  f1: Interval;
  failures: number;
  pagesPerSecond: number;
  megabytesPerSecond: number;
}

function speed(run: RunResult): { pagesPerSecond: number; megabytesPerSecond: number } {
  const seconds = run.extractMs / 1000;
  const bytes = run.pages.reduce((sum, page) => sum + page.bytes, 0);
  return {
    pagesPerSecond: seconds > 0 ? run.pages.length / seconds : Number.NaN,
    megabytesPerSecond: seconds > 0 ? bytes / 1e6 / seconds : Number.NaN,
  };
}

/** Seed 002's means over the regular documents, with bootstrap intervals over those documents. */
export function summariseWordRun(run: RunResult, bootstrap: BootstrapOptions = {}): WordSequenceRow {
  const scores = run.pages
    .filter((page) => page.word)
    .map((page) => ({ ...(page.word as WordSequenceScore), failed: page.failed }));
  const summary = summariseWordSequence(scores);
  const regular = scores.filter((score) => !score.special && !score.failed);
  const [precision, recall, f1] = bootstrapMeans(
    [regular.map((s) => s.precision), regular.map((s) => s.recall), regular.map((s) => s.f1)],
    bootstrap,
  );
  return { extractor: run.extractor, summary, precision, recall, f1, failures: run.failures, ...speed(run) };
}

/** trafilatura's micro-averaged snippet scores, with bootstrap intervals over documents. */
export function summariseSnippetRun(run: RunResult, bootstrap: BootstrapOptions = {}): SnippetRow {
  const counts = run.pages.filter((page) => page.snippets).map((page) => page.snippets as SnippetCounts);
  const intervals = bootstrapSnippetScores(counts, bootstrap);
  const totals = snippetScores(sumSnippetCounts(counts));
  return {
    extractor: run.extractor,
    documents: counts.length,
    counts: { tp: totals.tp, fp: totals.fp, fn: totals.fn, tn: totals.tn },
    ...intervals,
    failures: run.failures,
    ...speed(run),
  };
}
