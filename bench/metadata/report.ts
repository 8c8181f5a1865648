/**
 * Metadata beside the peers, from one `pith bench` run: every extractor's title, authors and date
 * on WCXB dev scored against the page's gold with the metric of src/eval/metrics/metadata.ts, per
 * half of the metadata split (src/eval/datasets/metadata-split.ts: the tuning half was looked at
 * while writing rules, the held-out half never was). A page is right when the values are equal,
 * or when neither the gold nor the extractor has one.
 *
 *   pith bench -d wcxb-dev -e pith --peer trafilatura -o .cache/bench/metadata
 *   npx tsx bench/metadata/report.ts .cache/bench/metadata/results.json [--dataset DIR] [--json OUT]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type BenchResult,
  countMetadataField,
  listWcxb,
  METADATA_FIELDS,
  METADATA_HALVES,
  type MetadataGoldValues,
  type MetadataHalf,
  type MetadataScores,
  metadataHalfOf,
  scoreMetadata,
} from '@pith/workbench/eval';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dataset: { type: 'string', default: '.cache/datasets/wcxb-dev' },
    json: { type: 'string' },
  },
});
const resultsFile = positionals[0];
if (!resultsFile) {
  process.stderr.write('usage: npx tsx bench/metadata/report.ts RESULTS.json [--dataset DIR] [--json OUT]\n');
  process.exit(2);
}

const bench = JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResult;
const gold = new Map<string, { half: MetadataHalf; values: MetadataGoldValues }>();
for (const ref of await listWcxb(values.dataset as string)) {
  const page = await ref.load();
  if (page.gold.metadata) gold.set(page.id, { half: metadataHalfOf(page.url), values: page.gold.metadata });
}

// extractor → half → scores; a page the extractor failed on (or read no metadata of) is scored as empty.
const scores = new Map<string, Map<MetadataHalf, MetadataScores[]>>();
for (const result of bench.pages) {
  const page = gold.get(result.id);
  if (!page || !result.dataset.startsWith('wcxb')) continue;
  const byHalf = scores.get(result.extractor) ?? new Map<MetadataHalf, MetadataScores[]>();
  scores.set(result.extractor, byHalf);
  const list = byHalf.get(page.half) ?? [];
  byHalf.set(page.half, list);
  list.push(scoreMetadata(page.values, result.metadata));
}
if (scores.size === 0) {
  process.stderr.write(`${resultsFile}: no WCXB page with metadata (was the run on wcxb-dev?)\n`);
  process.exit(1);
}

const table: Record<string, Record<string, Record<string, number>>> = {};
const lines = ['| extractor | half | n | title | author | date |', '|---|---|---|---|---|---|'];
for (const [extractor, byHalf] of scores) {
  table[extractor] = {};
  for (const half of METADATA_HALVES) {
    const list = byHalf.get(half) ?? [];
    const row: Record<string, number> = { n: list.length };
    for (const field of METADATA_FIELDS) {
      const counts = countMetadataField(list, field);
      row[field] = counts.pages === 0 ? 0 : (counts.correctWithGold + counts.rightNone) / counts.pages;
    }
    table[extractor][half] = row;
    const cells = METADATA_FIELDS.map((field) => row[field].toFixed(3));
    lines.push(`| ${extractor} | ${half} | ${list.length} | ${cells.join(' | ')} |`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
if (values.json) writeFileSync(values.json, JSON.stringify(table, null, 2));
