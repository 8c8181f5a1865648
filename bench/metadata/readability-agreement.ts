/**
 * Agreement of `extractMetadata` with Mozilla Readability's expected metadata
 * over its test pages (130 cases).
 *
 *   npx tsx bench/metadata/readability-agreement.ts [dir] [--mismatches]
 *
 * `dir` defaults to `.cache/datasets/readability-testpages` (`npm run datasets`
 * unpacks it there). Each field is scored only over the cases where Readability's
 * expected value is not null (upstream does so for dir, lang and publishedTime).
 * Readability's values are its own heuristics, not ground truth.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dateInstant, extractMetadata, type Metadata, parseDate, parseHtml } from 'pith/internal';

/** Upstream's harness parses every page with this URL. */
const PAGE_URL = 'http://fakehost/test/page.html';

interface Expected {
  title?: string | null;
  byline?: string | null;
  dir?: string | null;
  lang?: string | null;
  excerpt?: string | null;
  siteName?: string | null;
  publishedTime?: string | null;
}

export interface CaseResult {
  name: string;
  expected: Expected;
  actual: Metadata;
}

const normalize = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** Levenshtein similarity of two strings in [0, 1] (case-insensitive, whitespace-normalised). */
export function textSimilarity(a: string, b: string): number {
  const x = Array.from(normalize(a).toLowerCase().slice(0, 1000));
  const y = Array.from(normalize(b).toLowerCase().slice(0, 1000));
  if (x.length === 0 && y.length === 0) return 1;
  if (x.length === 0 || y.length === 0) return 0;
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return 1 - previous[y.length] / Math.max(x.length, y.length);
}

/** Reads a file as UTF-8 (upstream reads every file so), without a BOM. */
function readUtf8(path: string): string {
  const text = new TextDecoder('utf-8').decode(readFileSync(path));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function runCases(dir: string): CaseResult[] {
  const results: CaseResult[] = [];
  for (const name of readdirSync(dir).sort()) {
    const source = join(dir, name, 'source.html');
    const expectedPath = join(dir, name, 'expected-metadata.json');
    if (!existsSync(source) || !existsSync(expectedPath)) continue;
    const expected = JSON.parse(readUtf8(expectedPath)) as Expected;
    const doc = parseHtml(readUtf8(source), { url: PAGE_URL });
    results.push({ name, expected, actual: extractMetadata(doc, { url: PAGE_URL }) });
  }
  return results;
}

export interface FieldScore {
  field: string;
  /** Cases with a non-null expected value. */
  n: number;
  /** Exact matches (after whitespace normalisation; case-insensitive for lang). */
  exact: number;
  /** Matches with similarity ≥ 0.9 (text fields) or on the same date (publishedTime). */
  loose: number;
  looseLabel: string;
  /** Cases with an expected value where we give none. */
  missing: number;
  /** Cases where Readability has null and we give a value. */
  extra: number;
  /** Cases where Readability has null (the denominator of `extra`). */
  nulls: number;
  mismatches: { name: string; expected: string; actual: string }[];
}

type Getter = (metadata: Metadata) => string | undefined;

function dateKey(value: string): { instant: number; date: string; hasTime: boolean } | undefined {
  const iso = parseDate(value, Number.MAX_SAFE_INTEGER / 2);
  if (!iso) return undefined;
  return { instant: dateInstant(iso), date: iso.slice(0, 10), hasTime: iso.length > 10 };
}

function scoreField(
  results: readonly CaseResult[],
  field: keyof Expected,
  get: Getter,
  compare: (expected: string, actual: string) => { exact: boolean; loose: boolean },
  looseLabel: string,
): FieldScore {
  const score: FieldScore = {
    field,
    n: 0,
    exact: 0,
    loose: 0,
    looseLabel,
    missing: 0,
    extra: 0,
    nulls: 0,
    mismatches: [],
  };
  for (const { name, expected, actual } of results) {
    const want = expected[field];
    const got = get(actual);
    if (want === null || want === undefined) {
      score.nulls++;
      if (got !== undefined && got !== '') score.extra++;
      continue;
    }
    score.n++;
    if ((got === undefined || got === '') && want !== '') score.missing++;
    const result = got === undefined ? { exact: false, loose: false } : compare(want, got);
    if (result.exact) score.exact++;
    if (result.loose) score.loose++;
    if (!result.exact) score.mismatches.push({ name, expected: want, actual: got ?? '∅' });
  }
  return score;
}

const textCompare = (expected: string, actual: string) => {
  const exact = normalize(expected) === normalize(actual);
  return { exact, loose: exact || textSimilarity(expected, actual) >= 0.9 };
};

/** Readability keeps "By " in visible bylines; pith drops it. The loose byline score forgives that. */
const bylineCompare = (expected: string, actual: string) => {
  const exact = normalize(expected) === normalize(actual);
  const stripped = normalize(expected).replace(/^(?:written\s+)?(?:by|par|por|von)\b[\s:]*/i, '');
  return { exact, loose: exact || textSimilarity(stripped, actual) >= 0.9 };
};

export function scoreAll(results: readonly CaseResult[]): FieldScore[] {
  const similar = 'similarity ≥ 0.9';
  return [
    scoreField(results, 'title', (m) => m.title ?? '', textCompare, similar),
    scoreField(
      results,
      'byline',
      (m) => (m.authors.length > 0 ? m.authors.join(', ') : undefined),
      bylineCompare,
      'similarity ≥ 0.9 after dropping a leading "By"',
    ),
    scoreField(results, 'excerpt', (m) => m.description, textCompare, similar),
    scoreField(results, 'siteName', (m) => m.siteName, textCompare, similar),
    scoreField(
      results,
      'lang',
      (m) => m.language,
      (expected, actual) => {
        const exact = expected.trim().toLowerCase() === actual.toLowerCase();
        const primary = expected.trim().toLowerCase().split(/[-_]/)[0] === actual.toLowerCase().split('-')[0];
        return { exact, loose: primary };
      },
      'same primary language',
    ),
    scoreField(
      results,
      'publishedTime',
      (m) => m.published,
      (expected, actual) => {
        const want = dateKey(expected);
        const got = dateKey(actual);
        if (!want || !got) return { exact: false, loose: false };
        const sameInstant = want.hasTime && got.hasTime && Math.abs(want.instant - got.instant) < 1000;
        const sameDate = want.date === got.date;
        const exact = sameInstant || (!want.hasTime && sameDate);
        return { exact, loose: exact || sameDate };
      },
      'same instant or same written date',
    ),
    scoreField(
      results,
      'dir',
      (m) => m.direction,
      (expected, actual) => ({ exact: expected === actual, loose: expected === actual }),
      'same',
    ),
  ];
}

/** True when `actual` is `expected` with leading or trailing separator-delimited parts removed. */
export function isTitleMinusPart(expected: string, actual: string): boolean {
  const want = normalize(expected);
  const got = normalize(actual);
  if (got.length === 0 || got.length >= want.length) return false;
  const separator = /^\s*(?:\||-|–|—|::|·|»)\s/;
  if (want.startsWith(got)) return separator.test(want.slice(got.length));
  if (want.endsWith(got)) return /\s(?:\||-|–|—|::|·|»)\s*$/.test(want.slice(0, want.length - got.length));
  return false;
}

const percent = (count: number, n: number): string => (n === 0 ? '–' : `${((100 * count) / n).toFixed(1)}%`);

export function markdownTable(scores: readonly FieldScore[]): string {
  const lines = [
    '| Readability field | pith field | n (expected non-null) | exact | loose | loose means | pith has none | pith has one where Readability is null |',
    '|---|---|---:|---:|---:|---|---:|---:|',
  ];
  const ours: Record<string, string> = {
    title: 'title',
    byline: 'authors (joined ", ")',
    excerpt: 'description',
    siteName: 'siteName',
    lang: 'language',
    publishedTime: 'published',
    dir: 'direction',
  };
  for (const score of scores) {
    lines.push(
      `| ${score.field} | ${ours[score.field]} | ${score.n} | ${score.exact} (${percent(score.exact, score.n)}) | ` +
        `${score.loose} (${percent(score.loose, score.n)}) | ${score.looseLabel} | ${score.missing} | ` +
        `${score.extra}/${score.nulls} |`,
    );
  }
  return lines.join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const showMismatches = args.includes('--mismatches');
  const dir = resolve(args.find((arg) => !arg.startsWith('--')) ?? '.cache/datasets/readability-testpages');
  if (!existsSync(dir)) {
    process.stderr.write(`no dataset at ${dir}: run \`npm run datasets\` or pass the unpacked folder\n`);
    process.exit(1);
  }
  const started = performance.now();
  const results = runCases(dir);
  const elapsed = performance.now() - started;
  const scores = scoreAll(results);
  process.stdout.write(
    `Metadata agreement with Readability's expected metadata: ${results.length} cases (${dir})\n\n`,
  );
  process.stdout.write(`${markdownTable(scores)}\n\n`);
  const title = scores.find((score) => score.field === 'title');
  if (title) {
    const stripped = title.mismatches.filter(({ expected, actual }) =>
      isTitleMinusPart(expected, actual),
    ).length;
    process.stdout.write(
      `title: ${stripped} of the ${title.mismatches.length} inexact titles are Readability's title minus a ` +
        `" | "-style separated part (the site name or author that pith strips)\n`,
    );
  }
  process.stdout.write(`parse + extractMetadata: ${elapsed.toFixed(0)} ms for ${results.length} pages\n`);
  if (showMismatches) {
    for (const score of scores) {
      process.stdout.write(`\n## ${score.field}: ${score.mismatches.length} not exact\n`);
      for (const { name, expected, actual } of score.mismatches) {
        process.stdout.write(
          `- ${name}\n    expected: ${JSON.stringify(expected)}\n    ours:     ${JSON.stringify(actual)}\n`,
        );
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('readability-agreement.ts'))
  main();
