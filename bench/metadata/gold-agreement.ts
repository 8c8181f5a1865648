/**
 * pith's metadata against the metadata gold of WCXB dev (title, author, publish_date; null where
 * the page has none) and of trafilatura's benchmark (title, author, date of its dev split), with
 * the metric of `pith bench` (src/eval/metrics/metadata.ts): normalised exact title, the same set
 * of author names, the same day. No extraction, no peer: the quick loop for work on src/metadata.
 * The figures beside trafilatura's, from one run, come from `pith bench` (bench/metadata/report.ts).
 *
 *   nice -n 10 npx tsx bench/metadata/gold-agreement.ts [--dataset wcxb|trafilatura]
 *       [--half tuning|held-out] [--mismatches title|author|date] [--json out.json]
 *
 * WCXB dev is split in two halves by site (src/eval/datasets/metadata-split.ts): rules are written
 * by looking at the tuning half; the held-out half is only scored, so `--mismatches` lists tuning
 * pages only (and trafilatura-eval's dev pages, never its sealed quarter, which is not read).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  authorNameSet,
  countMetadataField,
  isSealedUrl,
  listWcxb,
  METADATA_FIELDS,
  type MetadataField,
  type MetadataFieldCounts,
  type MetadataGoldValues,
  type MetadataHalf,
  metadataHalfOf,
  scoreMetadata,
} from '@pith/workbench/eval';
import { decodeHtml, extractMetadata, type Metadata, parseHtml } from 'pith/internal';

export interface GoldCase {
  dataset: 'wcxb-dev' | 'trafilatura-eval';
  id: string;
  url: string;
  /** WCXB: the page's half; trafilatura-eval: undefined (never tuned on). */
  half?: MetadataHalf;
  gold: MetadataGoldValues;
  actual: Metadata;
}

/** The dates are checked against this "now" so that runs do not change with the day. */
export const NOW = Date.UTC(2026, 10, 21);

export async function wcxbCases(dir: string, half?: MetadataHalf): Promise<GoldCase[]> {
  const cases: GoldCase[] = [];
  for (const ref of await listWcxb(dir)) {
    const page = await ref.load();
    const pageHalf = metadataHalfOf(page.url);
    if (half !== undefined && pageHalf !== half) continue;
    const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
    cases.push({
      dataset: 'wcxb-dev',
      id: page.id,
      url: page.url,
      half: pageHalf,
      gold: page.gold.metadata ?? {},
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

/** trafilatura-eval's entries with metadata gold, dev split only (the sealed quarter is not read). */
export function trafilaturaCases(dir: string): GoldCase[] {
  const data = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<
    string,
    TrafilaturaEntry
  >;
  const cases: GoldCase[] = [];
  for (const url of Object.keys(data).sort()) {
    const entry = data[url];
    if (!('title' in entry) || isSealedUrl(url)) continue;
    const path = ['html', 'cache', 'eval'].map((sub) => join(dir, sub, entry.file)).find(existsSync);
    if (path === undefined) continue;
    const doc = parseHtml(decodeHtml(new Uint8Array(readFileSync(path))).text, { url });
    cases.push({
      dataset: 'trafilatura-eval',
      id: entry.file,
      url,
      gold: {
        title: entry.title ?? null,
        author: Array.isArray(entry.author) ? entry.author.join('; ') : (entry.author ?? null),
        date: entry.date ?? null,
      },
      actual: extractMetadata(doc, { url, now: NOW }),
    });
  }
  return cases;
}

const percent = (count: number, n: number) => (n === 0 ? '–' : `${((100 * count) / n).toFixed(1)}%`);

/** One field's counts over some cases. */
export function fieldCounts(cases: readonly GoldCase[], field: MetadataField): MetadataFieldCounts {
  return countMetadataField(
    cases.map((item) => scoreMetadata(item.gold, item.actual)),
    field,
  );
}

export function table(cases: readonly GoldCase[]): string {
  const lines = [
    '| field | pages | right (none = right when pith has none) | gold has one | right of those | pith has none | gold has none: pith has one |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const field of METADATA_FIELDS) {
    const c = fieldCounts(cases, field);
    const right = c.correctWithGold + c.rightNone;
    lines.push(
      `| ${field} | ${c.pages} | ${right} (${percent(right, c.pages)}) | ${c.withGold} | ${c.correctWithGold} (${percent(c.correctWithGold, c.withGold)}) | ${c.missing} | ${c.extra} of ${c.pages - c.withGold} |`,
    );
  }
  return lines.join('\n');
}

function shown(field: MetadataField, actual: Metadata): string {
  if (field === 'title') return actual.title ?? '∅';
  if (field === 'author')
    return actual.authors.length > 0 ? [...authorNameSet(actual.authors)].join(' ; ') : '∅';
  return actual.published ?? '∅';
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const only = option('--dataset');
  const half = option('--half') as MetadataHalf | undefined;
  if (half !== undefined && half !== 'tuning' && half !== 'held-out')
    throw new Error(`--half is tuning or held-out, not '${half}'`);
  const mismatchField = option('--mismatches') as MetadataField | undefined;
  if (mismatchField && only !== 'trafilatura' && half !== 'tuning')
    throw new Error('--mismatches lists WCXB pages of the tuning half only: add --half tuning');
  const root = '.cache/datasets';
  const started = performance.now();
  const sets: [string, GoldCase[]][] = [];
  if (!only || only === 'wcxb') {
    const all = await wcxbCases(join(root, 'wcxb-dev'), half);
    for (const name of half ? [half] : (['held-out', 'tuning'] as const)) {
      sets.push([`WCXB dev, ${name} half`, all.filter((item) => item.half === name)]);
    }
  }
  if (!only || only === 'trafilatura')
    sets.push(['trafilatura-eval (dev split)', trafilaturaCases(join(root, 'trafilatura-eval'))]);
  const json: Record<string, Record<string, MetadataFieldCounts>> = {};
  for (const [name, cases] of sets) {
    process.stdout.write(`#### ${name} (${cases.length} pages)\n\n${table(cases)}\n\n`);
    json[name] = Object.fromEntries(METADATA_FIELDS.map((field) => [field, fieldCounts(cases, field)]));
    if (!mismatchField || (name.startsWith('WCXB') && !name.includes('tuning'))) continue;
    for (const item of cases) {
      if (scoreMetadata(item.gold, item.actual)[mismatchField].correct) continue;
      const gold = mismatchField === 'date' ? item.gold.date : item.gold[mismatchField];
      process.stdout.write(
        `- ${item.id} ${item.url}\n    gold: ${JSON.stringify(gold ?? null)}\n    ours: ${JSON.stringify(shown(mismatchField, item.actual))}\n`,
      );
    }
  }
  process.stdout.write(
    `decode + parse + extractMetadata: ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  const jsonPath = option('--json');
  if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
}

if (process.argv[1]?.endsWith('gold-agreement.ts')) await main();
