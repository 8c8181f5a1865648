/**
 * Agreement of `extractMetadata` with the metadata gold of WCXB dev (title,
 * author, publish_date of 1,497 pages; null where the page has none) and of
 * trafilatura's benchmark (title, author, date of 851 entries; '' where none).
 *
 *   nice -n 10 npx tsx bench/metadata/gold-agreement.ts [--dataset wcxb|trafilatura]
 *       [--mismatches title|author|date] [--json out.json] [--write]
 *
 * Per field: n (gold non-empty), exact, loose, missing (pith has none), and
 * extra (pith has a value where the gold says there is none). Comparisons:
 * - title: exact after collapsing whitespace, case ignored; loose when the
 *   Levenshtein similarity is ≥ 0.9.
 * - author: exact when pith's names joined with ", " equal the gold (case and
 *   whitespace ignored); loose when every pith name is in the gold string, or
 *   the gold is in pith's.
 * - date: exact when pith's `published` is on the gold day; loose when
 *   `published` or `modified` is.
 * Readability's expected metadata (bench/metadata/readability-agreement.ts) is
 * scored too. `--json FILE` saves the figures; `--write --before FILE` replaces
 * the `<!-- metadata:start -->` section of docs/benchmarks.md with before/after
 * tables (before: the figures saved by a run on an older commit) and
 * bench/metadata/NOTES.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listWcxb } from '../../src/eval/index.js';
import { decodeHtml, extractMetadata, type Metadata, parseHtml } from '../../src/internal.js';
import { runContext, writeDocSection } from '../format/doc-section.js';
import { runCases, scoreAll, textSimilarity } from './readability-agreement.js';

export interface GoldCase {
  dataset: string;
  id: string;
  title: string | null;
  author: string | null;
  date: string | null;
  actual: Metadata;
}

/** The dates are checked against this "now" so that runs do not change with the day. */
const NOW = Date.UTC(2026, 10, 21);

const normalise = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
const empty = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export async function wcxbCases(dir: string, limit = Number.POSITIVE_INFINITY): Promise<GoldCase[]> {
  const cases: GoldCase[] = [];
  for (const ref of (await listWcxb(dir)).slice(0, limit)) {
    const page = await ref.load();
    const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
    const gold = page.gold.metadata ?? {};
    cases.push({
      dataset: 'wcxb-dev',
      id: page.id,
      title: gold.title ?? null,
      author: gold.author ?? null,
      date: gold.date ?? null,
      actual: extractMetadata(doc, { url: page.url, now: NOW }),
    });
  }
  return cases;
}

interface TrafilaturaEntry {
  file: string;
  title?: string;
  /** A name, names joined with "; " or ", ", or (4 entries) a list. */
  author?: string | string[];
  date?: string;
}

export function trafilaturaCases(dir: string, limit = Number.POSITIVE_INFINITY): GoldCase[] {
  const data = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<
    string,
    TrafilaturaEntry
  >;
  const cases: GoldCase[] = [];
  for (const url of Object.keys(data).sort()) {
    const entry = data[url];
    if (!('title' in entry)) continue; // entries without metadata gold
    let path = '';
    for (const sub of ['html', 'cache', 'eval']) {
      if (existsSync(join(dir, sub, entry.file))) path = join(dir, sub, entry.file);
    }
    if (path === '') continue;
    const doc = parseHtml(decodeHtml(new Uint8Array(readFileSync(path))).text, { url });
    cases.push({
      dataset: 'trafilatura-eval',
      id: entry.file,
      title: empty(entry.title) ? null : (entry.title as string),
      author: Array.isArray(entry.author)
        ? entry.author.join(', ')
        : empty(entry.author)
          ? null
          : (entry.author as string),
      date: empty(entry.date) ? null : (entry.date as string),
      actual: extractMetadata(doc, { url, now: NOW }),
    });
    if (cases.length >= limit) break;
  }
  return cases;
}

type Field = 'title' | 'author' | 'date';

interface Comparison {
  exact: boolean;
  loose: boolean;
  ours: string | undefined;
}

function compare(field: Field, gold: string, actual: Metadata): Comparison {
  switch (field) {
    case 'title': {
      const ours = actual.title;
      if (ours === undefined) return { exact: false, loose: false, ours };
      const exact = normalise(ours) === normalise(gold);
      return { exact, loose: exact || textSimilarity(ours, gold) >= 0.9, ours };
    }
    case 'author': {
      const ours = actual.authors.length > 0 ? actual.authors.join(', ') : undefined;
      if (ours === undefined) return { exact: false, loose: false, ours };
      const exact = normalise(ours) === normalise(gold);
      const goldKey = normalise(gold);
      const loose =
        exact ||
        actual.authors.every((name) => goldKey.includes(normalise(name))) ||
        normalise(ours).includes(goldKey);
      return { exact, loose, ours };
    }
    case 'date': {
      const day = gold.trim().slice(0, 10).replace(/\./g, '-');
      const published = actual.published?.slice(0, 10);
      const modified = actual.modified?.slice(0, 10);
      const exact = published === day;
      return { exact, loose: exact || modified === day, ours: actual.published };
    }
  }
}

export interface FieldScore {
  field: Field;
  n: number;
  exact: number;
  loose: number;
  missing: number;
  extra: number;
  nulls: number;
  mismatches: { id: string; gold: string; ours: string }[];
}

export function score(cases: readonly GoldCase[], field: Field): FieldScore {
  const out: FieldScore = { field, n: 0, exact: 0, loose: 0, missing: 0, extra: 0, nulls: 0, mismatches: [] };
  for (const item of cases) {
    const gold = item[field];
    const result = gold === null ? undefined : compare(field, gold, item.actual);
    const ours =
      field === 'title'
        ? item.actual.title
        : field === 'author'
          ? item.actual.authors.join(', ') || undefined
          : item.actual.published;
    if (gold === null) {
      out.nulls++;
      if (ours !== undefined) out.extra++;
      continue;
    }
    out.n++;
    if (!result) continue;
    if (result.ours === undefined) out.missing++;
    if (result.exact) out.exact++;
    if (result.loose) out.loose++;
    if (!result.exact) out.mismatches.push({ id: item.id, gold, ours: result.ours ?? '∅' });
  }
  return out;
}

const percent = (count: number, n: number) => (n === 0 ? '–' : `${((100 * count) / n).toFixed(1)}%`);

export function table(scores: readonly FieldScore[]): string {
  const lines = [
    '| field | n (gold has one) | exact | loose | pith has none | pith has one where the gold has none |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const s of scores) {
    lines.push(
      `| ${s.field} | ${s.n} | ${s.exact} (${percent(s.exact, s.n)}) | ${s.loose} (${percent(s.loose, s.n)}) | ${s.missing} | ${s.extra}/${s.nulls} |`,
    );
  }
  return lines.join('\n');
}

interface Run {
  date: string;
  commit: string;
  scores: Record<string, { pages: number; fields: Omit<FieldScore, 'mismatches'>[] }>;
}

/** The Readability agreement as `FieldScore`s (exact = its exact; loose = its loose). */
function readabilityScores(dir: string): { pages: number; fields: Omit<FieldScore, 'mismatches'>[] } {
  const results = runCases(dir);
  const fields = scoreAll(results).map((s) => ({
    field: s.field as Field,
    n: s.n,
    exact: s.exact,
    loose: s.loose,
    missing: s.missing,
    extra: s.extra,
    nulls: s.nulls,
  }));
  return { pages: results.length, fields };
}

function beforeAfter(before: Run | undefined, after: Run): string {
  const lines: string[] = [];
  for (const [name, run] of Object.entries(after.scores)) {
    const old = before?.scores[name];
    lines.push(`#### ${name} (${run.pages} pages)`, '');
    lines.push(
      '| field | n (gold has one) | exact before | exact after | loose before | loose after | none, after | one where the gold has none, before → after |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const field of run.fields) {
      const was = old?.fields.find((candidate) => candidate.field === field.field);
      const cell = (count: number | undefined, n: number) =>
        count === undefined ? '–' : `${count} (${percent(count, n)})`;
      lines.push(
        `| ${field.field} | ${field.n} | ${cell(was?.exact, field.n)} | ${cell(field.exact, field.n)} | ${cell(was?.loose, field.n)} | ${cell(field.loose, field.n)} | ${field.missing} | ${was ? was.extra : '–'} → ${field.extra} of ${field.nulls} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const only = option('--dataset');
  const mismatchField = option('--mismatches') as Field | undefined;
  const root = '.cache/datasets';
  const started = performance.now();
  const sets: [string, GoldCase[]][] = [];
  if (!only || only === 'wcxb') sets.push(['WCXB dev', await wcxbCases(join(root, 'wcxb-dev'))]);
  if (!only || only === 'trafilatura')
    sets.push(['trafilatura-eval', trafilaturaCases(join(root, 'trafilatura-eval'))]);
  const run: Run = {
    date: new Date().toISOString().slice(0, 10),
    commit: option('--commit') ?? '',
    scores: {},
  };
  for (const [name, cases] of sets) {
    const scores = (['title', 'author', 'date'] as const).map((field) => score(cases, field));
    run.scores[name] = { pages: cases.length, fields: scores.map(({ mismatches: _, ...rest }) => rest) };
    process.stdout.write(`#### ${name} (${cases.length} pages)\n\n${table(scores)}\n\n`);
    if (mismatchField) {
      const mismatches = scores.find((s) => s.field === mismatchField)?.mismatches ?? [];
      for (const { id, gold, ours } of mismatches) {
        process.stdout.write(
          `- ${id}\n    gold: ${JSON.stringify(gold)}\n    ours: ${JSON.stringify(ours)}\n`,
        );
      }
    }
  }
  const readabilityDir = join(root, 'readability-testpages');
  if (!only && existsSync(readabilityDir)) {
    run.scores["Readability's expected metadata (readability-testpages)"] = readabilityScores(readabilityDir);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  process.stdout.write(`decode + parse + extractMetadata: ${seconds} s\n`);
  const jsonPath = option('--json');
  if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify(run, null, 2)}\n`);
  if (args.includes('--write')) {
    const beforePath = option('--before');
    const before = beforePath ? (JSON.parse(readFileSync(beforePath, 'utf8')) as Run) : undefined;
    writeSection(beforeAfter(before, run), before);
  }
}

function writeSection(tables: string, before: Run | undefined): void {
  const notes = existsSync('bench/metadata/NOTES.md')
    ? readFileSync('bench/metadata/NOTES.md', 'utf8').trim()
    : '';
  writeDocSection('metadata', [
    '## Metadata',
    '',
    "How often `extractMetadata()` agrees with the metadata gold the datasets carry: WCXB dev (title, author, publish date of 1,497 pages, null where the page has none), trafilatura's benchmark (title, author, date of 851 entries) and the metadata Mozilla Readability's test suite expects of its 130 pages (Readability's own heuristics, not ground truth).",
    '',
    `- Command (after): \`nice -n 10 npx tsx bench/metadata/gold-agreement.ts --json after.json --write --before before.json\` (datasets in \`.cache/datasets\`, \`npm run datasets\`). Mismatches of one field: \`--dataset wcxb --mismatches author\`; Readability's per field: \`npx tsx bench/metadata/readability-agreement.ts --mismatches\`.`,
    `- Command (before): the same script with \`--json before.json\`, run in a copy of this tree whose \`src/metadata\` is that of commit ${before?.commit || '(not given)'} (\`git worktree add ../pith-before HEAD\`, copy \`src/\` and \`bench/\` in, \`git checkout ${before?.commit || 'COMMIT'} -- src/metadata\`, link \`node_modules\` and \`.cache/datasets\`): only the metadata code differs between the runs.`,
    `- ${runContext()} Dates are checked against a fixed "now" (2026-11-21).`,
    '- exact: title equal after collapsing whitespace, case ignored; authors joined with ", " equal to the gold; published on the gold day. loose: title similarity ≥ 0.9 (Levenshtein); every author name found in the gold string (or the gold in ours); published or modified on the gold day. On Readability\'s pages: byline loose forgives a leading "By", lang compares the primary language, publishedTime exact is the same instant (or the same day when Readability gives no time), other loose is similarity ≥ 0.9.',
    '',
    tables,
    notes,
  ]);
}

if (process.argv[1]?.endsWith('gold-agreement.ts')) await main();
