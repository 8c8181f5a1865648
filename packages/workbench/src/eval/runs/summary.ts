/**
 * From per-page results to the figures of the reports: per dataset and
 * extractor, the means of every metric with bootstrap intervals, special cases,
 * failures and speed; paired bootstrap differences between extractors; per-page
 * values for the distributions; the worst pages.
 */
import type { PrimaryMetric } from '../datasets/registry.js';
import { type BagOfWordsSummary, summariseBagOfWords } from '../metrics/bag-of-words.js';
import {
  type BootstrapOptions,
  bootstrapMeans,
  bootstrapShingleScores,
  bootstrapSnippetScores,
  type Interval,
  type PairedDifference,
  pairedBootstrap,
} from '../metrics/bootstrap.js';
import {
  expectedCalibrationError,
  type KeepPoint,
  keepCurve,
  type ReliabilityBin,
  reliabilityBins,
  spearman,
} from '../metrics/calibration.js';
import { type ShingleSummary, summariseShingles } from '../metrics/shingles.js';
import { type SnippetCounts, snippetScores, sumSnippetCounts } from '../metrics/snippets.js';
import {
  summariseWordSequence,
  type WordSequenceScore,
  type WordSequenceSpecialCase,
  type WordSequenceSummary,
} from '../metrics/word-sequence.js';
import type { BenchDatasetInfo, BenchPageResult, BenchResult } from './types.js';

export interface PrfIntervals {
  precision: Interval;
  recall: Interval;
  f1: Interval;
}

export interface ExtractorSummary {
  extractor: string;
  kind: 'pith' | 'peer';
  version: string;
  pages: number;
  failures: number;
  timeouts: number;
  /** Pages per second of extraction time in the quality pass (one thread; cached pages keep their first time). */
  docsPerSecond: number;
  /** The headline P/R/F1 in the dataset's primary metric. */
  primary: PrfIntervals;
  /**
   * On this dataset: `in-sample` when the extractor's model was trained on these pages (a
   * held-out row of it covers the dataset); the held-out scheme when this row is that held-out
   * row ('5-fold by site'). Absent otherwise.
   */
  training?: { inSample: true } | { heldOut: string; of: string };
  wordSequence?: PrfIntervals & {
    summary: WordSequenceSummary;
    /** Seed 002's exclusive categories: special cases among the pages that did not fail. */
    specialNotFailed: Record<WordSequenceSpecialCase, number>;
  };
  bagOfWords?: PrfIntervals & { summary: BagOfWordsSummary; withRate: Interval; withoutRate: Interval };
  shingles?: PrfIntervals & { summary: ShingleSummary };
  snippets?: PrfIntervals & { accuracy: Interval; counts: SnippetCounts };
  lcs?: { lcsRecall: Interval; editDistanceRatio: Interval; wordUnitPages: number };
  cuter?: { accuracy: Interval; noise: Interval };
  spaceSavings?: { raw: Interval; gzip: Interval };
}

export interface PairedComparison {
  /** The extractor compared (usually `pith`). */
  a: string;
  b: string;
  /** Difference of the primary F1, a − b. */
  difference: PairedDifference;
  /** Pages in the comparison (word sequence: pages regular for both). */
  pages: number;
}

/** One language's pages of a dataset: the primary F1 of each extractor on them (point estimates). */
export interface LanguageGroup {
  /** A language code, `other` (the languages with fewer pages, listed in `members`) or `undeclared`. */
  language: string;
  pages: number;
  /** The languages pooled in `other`, with their page counts. */
  members?: { language: string; pages: number }[];
  /** Extractor → primary F1 over the group (computed as over the whole dataset). */
  f1: Record<string, number>;
}

export interface DatasetSummary {
  info: BenchDatasetInfo;
  rows: ExtractorSummary[];
  comparisons: PairedComparison[];
  /** By language, when the pages have one (trafilatura-eval: the language each page declares). */
  byLanguage?: LanguageGroup[];
}

/** Languages with fewer pages than this are pooled as `other` in {@link summariseByLanguage}. */
export const LANGUAGE_GROUP_MIN_PAGES = 10;

const NO_INTERVAL: Interval = {
  estimate: Number.NaN,
  low: Number.NaN,
  high: Number.NaN,
  confidence: 0.95,
  resamples: 0,
};
const NO_PRF: PrfIntervals = { precision: NO_INTERVAL, recall: NO_INTERVAL, f1: NO_INTERVAL };

function finiteColumn(values: readonly (number | undefined)[]): number[] {
  return values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

function meanInterval(values: readonly (number | undefined)[], options: BootstrapOptions): Interval {
  const column = finiteColumn(values);
  return bootstrapMeans([column], options)[0] ?? NO_INTERVAL;
}

/** Seed 002's regular documents: no special case, not failed. */
function regularWord(page: BenchPageResult): WordSequenceScore | undefined {
  const word = page.scores.wordSequence;
  return word && !word.special && !page.failed ? word : undefined;
}

function shingleStatistic(sample: readonly { tp: number; fp: number; fn: number }[]): number {
  return summariseShingles(sample).f1;
}

function snippetF1(sample: readonly SnippetCounts[]): number {
  return snippetScores(sumSnippetCounts(sample)).f1;
}

/** Summarises one extractor's pages of one dataset. */
export function summariseExtractor(
  pages: readonly BenchPageResult[],
  extractor: { name: string; kind: 'pith' | 'peer'; version: string },
  primary: PrimaryMetric,
  options: BootstrapOptions,
): ExtractorSummary {
  const extractMs = pages.reduce((sum, p) => sum + p.ms, 0);
  const row: ExtractorSummary = {
    extractor: extractor.name,
    kind: extractor.kind,
    version: extractor.version,
    pages: pages.length,
    failures: pages.filter((p) => p.failed).length,
    timeouts: pages.filter((p) => p.timedOut).length,
    docsPerSecond: extractMs > 0 ? (pages.length * 1000) / extractMs : Number.NaN,
    primary: NO_PRF,
  };
  const words = pages.filter((p) => p.scores.wordSequence);
  if (words.length > 0) {
    const summary = summariseWordSequence(
      words.map((p) => ({ ...(p.scores.wordSequence as WordSequenceScore), failed: p.failed })),
    );
    const regular = words.map(regularWord).filter((w): w is WordSequenceScore => w !== undefined);
    const [precision, recall, f1] = bootstrapMeans(
      [regular.map((s) => s.precision), regular.map((s) => s.recall), regular.map((s) => s.f1)],
      options,
    );
    const specialNotFailed: Record<WordSequenceSpecialCase, number> = {
      mismatch: 0,
      retrievedEmpty: 0,
      relevantEmpty: 0,
      bothEmpty: 0,
    };
    for (const page of words) {
      const special = page.scores.wordSequence?.special;
      if (special && !page.failed) specialNotFailed[special]++;
    }
    row.wordSequence = { summary, precision, recall, f1, specialNotFailed };
  }
  const bags = pages.filter((p) => p.scores.bagOfWords);
  if (bags.length > 0) {
    const scores = bags.map((p) => ({
      ...p.scores.bagOfWords,
      ...(p.pageType ? { pageType: p.pageType } : {}),
    }));
    const summary = summariseBagOfWords(scores);
    const [precision, recall, f1, withRate, withoutRate] = bootstrapMeans(
      [
        scores.map((s) => s.precision ?? 0),
        scores.map((s) => s.recall ?? 0),
        scores.map((s) => s.f1 ?? 0),
        scores.map((s) => s.withRate ?? 1),
        scores.map((s) => s.withoutRate ?? 1),
      ],
      options,
    );
    row.bagOfWords = { summary, precision, recall, f1, withRate, withoutRate };
  }
  const shingles = pages
    .filter((p) => p.scores.shingles)
    .map((p) => p.scores.shingles as NonNullable<typeof p.scores.shingles>);
  if (shingles.length > 0) {
    const summary = summariseShingles(shingles);
    row.shingles = { summary, ...bootstrapShingleScores(shingles, options) };
  }
  const snippets = pages.filter((p) => p.scores.snippets).map((p) => p.scores.snippets as SnippetCounts);
  if (snippets.length > 0) {
    const intervals = bootstrapSnippetScores(snippets, options);
    const totals = sumSnippetCounts(snippets);
    row.snippets = { ...intervals, counts: totals };
  }
  const lcs = pages.filter((p) => p.scores.lcs).map((p) => p.scores.lcs as NonNullable<typeof p.scores.lcs>);
  if (lcs.length > 0) {
    row.lcs = {
      lcsRecall: meanInterval(
        lcs.map((s) => s.lcsRecall),
        options,
      ),
      editDistanceRatio: meanInterval(
        lcs.map((s) => s.editDistanceRatio),
        options,
      ),
      wordUnitPages: lcs.filter((s) => s.unit === 'word').length,
    };
  }
  const cuter = pages
    .filter((p) => p.scores.cuter)
    .map((p) => p.scores.cuter as NonNullable<typeof p.scores.cuter>);
  if (cuter.length > 0) {
    row.cuter = {
      accuracy: meanInterval(
        cuter.map((s) => s.accuracy),
        options,
      ),
      noise: meanInterval(
        cuter.map((s) => s.noise),
        options,
      ),
    };
  }
  const savings = pages
    .filter((p) => p.scores.spaceSavings)
    .map((p) => p.scores.spaceSavings as NonNullable<typeof p.scores.spaceSavings>);
  if (savings.length > 0) {
    row.spaceSavings = {
      raw: meanInterval(
        savings.map((s) => s.raw),
        options,
      ),
      gzip: meanInterval(
        savings.map((s) => s.gzip),
        options,
      ),
    };
  }
  const headline =
    primary === 'word-sequence'
      ? row.wordSequence
      : primary === 'bag-of-words'
        ? row.bagOfWords
        : primary === 'shingles'
          ? row.shingles
          : row.snippets;
  if (headline) row.primary = { precision: headline.precision, recall: headline.recall, f1: headline.f1 };
  return row;
}

/** The per-page score of the primary metric used to rank pages (`--worst`), in [0, 1]. */
export function pagePrimaryScore(page: BenchPageResult, primary: PrimaryMetric): number {
  const s = page.scores;
  switch (primary) {
    case 'word-sequence': {
      const w = s.wordSequence;
      if (!w) return Number.NaN;
      if (w.special) return w.special === 'bothEmpty' && !page.failed ? 1 : 0;
      return page.failed ? 0 : w.f1;
    }
    case 'bag-of-words':
      return s.bagOfWords?.f1 ?? Number.NaN;
    case 'shingles': {
      const sh = s.shingles;
      if (!sh) return Number.NaN;
      return sh.tp + sh.fp + sh.fn === 0 ? 1 : Number.isFinite(sh.f1) ? sh.f1 : 0;
    }
    case 'snippets': {
      const c = s.snippets;
      if (!c) return Number.NaN;
      const denominator = 2 * c.tp + c.fp + c.fn;
      return denominator === 0 ? 1 : (2 * c.tp) / denominator;
    }
  }
}

/** Per-page precision, recall and F1 of the primary metric, for the distributions (seed 002: regular pages only). */
export function pagePrf(
  page: BenchPageResult,
  primary: PrimaryMetric,
): { p: number; r: number; f1: number } | undefined {
  const s = page.scores;
  switch (primary) {
    case 'word-sequence': {
      const w = regularWord(page);
      return w ? { p: w.precision, r: w.recall, f1: w.f1 } : undefined;
    }
    case 'bag-of-words':
      return s.bagOfWords
        ? { p: s.bagOfWords.precision, r: s.bagOfWords.recall, f1: s.bagOfWords.f1 }
        : undefined;
    case 'shingles': {
      const sh = s.shingles;
      if (!sh || !Number.isFinite(sh.precision) || !Number.isFinite(sh.recall)) return undefined;
      return { p: sh.precision, r: sh.recall, f1: Number.isFinite(sh.f1) ? sh.f1 : 0 };
    }
    case 'snippets': {
      const c = s.snippets;
      if (!c || c.tp + c.fp === 0 || c.tp + c.fn === 0) return undefined;
      const p = c.tp / (c.tp + c.fp);
      const r = c.tp / (c.tp + c.fn);
      return { p, r, f1: p + r > 0 ? (2 * p * r) / (p + r) : 0 };
    }
  }
}

/** Paired bootstrap of the primary F1 of `a` minus that of `b`, over the pages both ran on. */
export function comparePaired(
  pagesA: readonly BenchPageResult[],
  pagesB: readonly BenchPageResult[],
  primary: PrimaryMetric,
  options: BootstrapOptions,
): { difference: PairedDifference; pages: number } {
  const byId = new Map(pagesB.map((p) => [p.id, p]));
  const pairs = pagesA
    .map((p) => [p, byId.get(p.id)] as const)
    .filter((pair): pair is readonly [BenchPageResult, BenchPageResult] => pair[1] !== undefined);
  switch (primary) {
    case 'word-sequence': {
      const regular = pairs
        .map(([x, y]) => [regularWord(x), regularWord(y)] as const)
        .filter((pair): pair is readonly [WordSequenceScore, WordSequenceScore] => !!pair[0] && !!pair[1]);
      const difference = pairedBootstrap(
        regular,
        (sample) => sample.reduce((sum, [x, y]) => sum + x.f1 - y.f1, 0) / sample.length,
        options,
      );
      return { difference, pages: regular.length };
    }
    case 'bag-of-words': {
      const values = pairs.map(
        ([x, y]) => [x.scores.bagOfWords?.f1 ?? 0, y.scores.bagOfWords?.f1 ?? 0] as const,
      );
      const difference = pairedBootstrap(
        values,
        (sample) => sample.reduce((sum, [x, y]) => sum + x - y, 0) / sample.length,
        options,
      );
      return { difference, pages: values.length };
    }
    case 'shingles': {
      const zero = { tp: 0, fp: 0, fn: 0 };
      const values = pairs.map(([x, y]) => [x.scores.shingles ?? zero, y.scores.shingles ?? zero] as const);
      const difference = pairedBootstrap(
        values,
        (sample) => shingleStatistic(sample.map(([x]) => x)) - shingleStatistic(sample.map(([, y]) => y)),
        options,
      );
      return { difference, pages: values.length };
    }
    case 'snippets': {
      const zero = { tp: 0, fp: 0, fn: 0, tn: 0 };
      const values = pairs.map(([x, y]) => [x.scores.snippets ?? zero, y.scores.snippets ?? zero] as const);
      const difference = pairedBootstrap(
        values,
        (sample) => snippetF1(sample.map(([x]) => x)) - snippetF1(sample.map(([, y]) => y)),
        options,
      );
      return { difference, pages: values.length };
    }
  }
}

/** The primary F1 of one extractor over some pages, as {@link summariseExtractor} computes it, no interval. */
export function primaryF1(pages: readonly BenchPageResult[], primary: PrimaryMetric): number {
  switch (primary) {
    case 'word-sequence': {
      const regular = pages.map(regularWord).filter((w): w is WordSequenceScore => w !== undefined);
      return regular.length ? regular.reduce((sum, w) => sum + w.f1, 0) / regular.length : Number.NaN;
    }
    case 'bag-of-words': {
      const bags = pages.filter((p) => p.scores.bagOfWords);
      return bags.length
        ? bags.reduce((sum, p) => sum + (p.scores.bagOfWords?.f1 ?? 0), 0) / bags.length
        : Number.NaN;
    }
    case 'shingles': {
      const shingles = pages.flatMap((p) => (p.scores.shingles ? [p.scores.shingles] : []));
      return shingles.length ? summariseShingles(shingles).f1 : Number.NaN;
    }
    case 'snippets': {
      const counts = pages.flatMap((p) => (p.scores.snippets ? [p.scores.snippets] : []));
      return counts.length ? snippetF1(counts) : Number.NaN;
    }
  }
}

/**
 * The primary F1 per language and extractor, when the pages carry a language: languages with
 * at least {@link LANGUAGE_GROUP_MIN_PAGES} pages by descending page count, then the others
 * pooled as `other`, then `undeclared`. Undefined when no page has a language.
 */
export function summariseByLanguage(
  byExtractor: ReadonlyMap<string, readonly BenchPageResult[]>,
  primary: PrimaryMetric,
): LanguageGroup[] | undefined {
  const first = [...byExtractor.values()].find((pages) => pages.length > 0) ?? [];
  if (!first.some((p) => p.language)) return undefined;
  const counts = new Map<string, number>();
  for (const page of first) counts.set(page.language ?? '', (counts.get(page.language ?? '') ?? 0) + 1);
  const declared = [...counts].filter(([language]) => language !== '');
  declared.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  const large = declared.filter(([, n]) => n >= LANGUAGE_GROUP_MIN_PAGES);
  const small = declared.filter(([, n]) => n < LANGUAGE_GROUP_MIN_PAGES);
  const groupOf = (language: string | undefined): string =>
    !language ? 'undeclared' : (counts.get(language) ?? 0) >= LANGUAGE_GROUP_MIN_PAGES ? language : 'other';
  const groups: LanguageGroup[] = large.map(([language, pages]) => ({ language, pages, f1: {} }));
  if (small.length > 0) {
    groups.push({
      language: 'other',
      pages: small.reduce((sum, [, n]) => sum + n, 0),
      members: small.map(([language, pages]) => ({ language, pages })),
      f1: {},
    });
  }
  if (counts.has('')) groups.push({ language: 'undeclared', pages: counts.get('') ?? 0, f1: {} });
  for (const [extractor, pages] of byExtractor) {
    const grouped = new Map<string, BenchPageResult[]>();
    for (const page of pages) {
      const key = groupOf(page.language);
      const list = grouped.get(key) ?? [];
      list.push(page);
      grouped.set(key, list);
    }
    // own-keys: an extractor's label, from the run's own list
    for (const group of groups) group.f1[extractor] = primaryF1(grouped.get(group.language) ?? [], primary);
  }
  return groups;
}

/** Groups results by dataset, then extractor (in the run's order). */
export function groupPages(result: BenchResult): Map<string, Map<string, BenchPageResult[]>> {
  const groups = new Map<string, Map<string, BenchPageResult[]>>();
  for (const dataset of result.datasets) {
    const byExtractor = new Map<string, BenchPageResult[]>();
    for (const extractor of result.extractors) byExtractor.set(extractor.name, []);
    groups.set(dataset.name, byExtractor);
  }
  for (const page of result.pages) groups.get(page.dataset)?.get(page.extractor)?.push(page);
  return groups;
}

/** The extractor the others are compared with: `pith` when it ran, else the first of pith's. */
export function comparisonBase(result: BenchResult): string | undefined {
  return (
    result.extractors.find((e) => e.name === 'pith')?.name ??
    result.extractors.find((e) => e.kind === 'pith')?.name ??
    result.extractors[0]?.name
  );
}

/** Every dataset's summary. */
export function summariseBench(result: BenchResult, options: BootstrapOptions = {}): DatasetSummary[] {
  const groups = groupPages(result);
  const base = comparisonBase(result);
  return result.datasets.map((info) => {
    const byExtractor = groups.get(info.name) ?? new Map<string, BenchPageResult[]>();
    const rows = result.extractors.map((extractor) =>
      summariseExtractor(byExtractor.get(extractor.name) ?? [], extractor, info.scoring.primary, options),
    );
    const comparisons: PairedComparison[] = [];
    if (base !== undefined) {
      for (const extractor of result.extractors) {
        if (extractor.name === base) continue;
        const { difference, pages } = comparePaired(
          byExtractor.get(base) ?? [],
          byExtractor.get(extractor.name) ?? [],
          info.scoring.primary,
          options,
        );
        // An extractor with no usable page (all failed) has nothing to compare.
        if (pages > 0) comparisons.push({ a: base, b: extractor.name, difference, pages });
      }
    }
    // Rows of a model trained on this dataset: its held-out row says so, and it is in-sample.
    result.extractors.forEach((extractor, index) => {
      const heldOut = extractor.heldOut;
      if (!heldOut?.datasets.includes(info.name)) return;
      rows[index].training = { heldOut: heldOut.scheme, of: heldOut.of };
      const of = rows.find((row) => row.extractor === heldOut.of);
      if (of) of.training = { inSample: true };
    });
    const byLanguage = summariseByLanguage(byExtractor, info.scoring.primary);
    return { info, rows, comparisons, ...(byLanguage ? { byLanguage } : {}) };
  });
}

export interface WorstPage {
  id: string;
  score: number;
  page: BenchPageResult;
}

/** The `n` pages with the lowest primary score, per extractor. */
export function worstPages(result: BenchResult, dataset: string, n: number): Map<string, WorstPage[]> {
  const info = result.datasets.find((d) => d.name === dataset);
  const out = new Map<string, WorstPage[]>();
  if (!info) return out;
  const byExtractor = groupPages(result).get(dataset) ?? new Map<string, BenchPageResult[]>();
  for (const [extractor, pages] of byExtractor) {
    const scored = pages
      .map((page) => ({ id: page.id, score: pagePrimaryScore(page, info.scoring.primary), page }))
      .filter((w) => Number.isFinite(w.score))
      .sort((x, y) => x.score - y.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    out.set(extractor, scored.slice(0, n));
  }
  return out;
}

/** How well pith's quality estimate matched the pages' primary scores, for one extractor on one dataset. */
export interface QualityCalibration {
  extractor: string;
  n: number;
  meanScore: number;
  meanQuality: number;
  spearman: number;
  ece: number;
  bins: ReliabilityBin[];
  /** Keep the best-scored share of the pages → mean primary score of those kept. */
  curve: KeepPoint[];
}

/** Shares of the keep curve the reports print. */
export const KEEP_SHARES = [1, 0.98, 0.95, 0.9, 0.8, 0.5];

/**
 * The quality calibration of every extractor that gave a quality estimate on this dataset's
 * pages (pith's), against the per-page primary score (`pagePrimaryScore`); at least 10 pages.
 */
export function qualityCalibrations(result: BenchResult, dataset: string): QualityCalibration[] {
  const info = result.datasets.find((d) => d.name === dataset);
  if (!info) return [];
  const out: QualityCalibration[] = [];
  for (const [extractor, pages] of groupPages(result).get(dataset) ?? []) {
    const predicted: number[] = [];
    const observed: number[] = [];
    for (const page of pages) {
      const score = pagePrimaryScore(page, info.scoring.primary);
      if (typeof page.quality !== 'number' || !Number.isFinite(score)) continue;
      predicted.push(page.quality);
      observed.push(score);
    }
    if (predicted.length < 10) continue;
    const bins = reliabilityBins(predicted, observed, 10);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    out.push({
      extractor,
      n: predicted.length,
      meanScore: mean(observed),
      meanQuality: mean(predicted),
      spearman: spearman(predicted, observed),
      ece: expectedCalibrationError(bins),
      bins,
      curve: keepCurve(predicted, observed, KEEP_SHARES),
    });
  }
  return out;
}
