/**
 * How the metrics' cost grows with text size, up to 1 MB of text: each metric on
 * an extracted text against a gold of similar size, at 125 k, 250 k, 500 k and
 * 1 M characters, in two shapes:
 *
 * - `distinct`: texts of many different L3S-GN1 pages (the all-text output of
 *   each page against pith's), as long pages are;
 * - `repeated`: one page's text repeated (a page of many identical cards), the
 *   worst case for difflib-style matching, where every word recurs.
 *
 * A ratio near 2 per doubling is linear. Prints a Markdown table (ms per call).
 *
 *   npx tsx bench/report/metric-scaling.ts [--dataset l3s-gn1]
 */
import { parseArgs } from 'node:util';
import {
  listDataset,
  markdownTable,
  resolveDatasetSpec,
  scoreBagOfWords,
  scoreCuterAccuracy,
  scoreLcs,
  scoreShingles,
  scoreWordSequence,
} from '@pith/workbench/eval';
import { extract } from 'pith';

const { values } = parseArgs({ options: { dataset: { type: 'string', default: 'l3s-gn1' } } });
const SIZES = [125_000, 250_000, 500_000, 1_000_000];
const METRICS: [string, (a: string, b: string) => unknown][] = [
  ['word sequence (seed 002)', (a, b) => scoreWordSequence(a, b)],
  ['bag of words (WCXB)', (a, b) => scoreBagOfWords(a, b)],
  ['4-token shingles', (a, b) => scoreShingles(a, b)],
  ['LCS recall + EDR (seed 000)', (a, b) => scoreLcs(a, b)],
  ['CUTER accuracy + noise', (a, b) => scoreCuterAccuracy(a, b)],
];

const spec = await resolveDatasetSpec(values.dataset ?? 'l3s-gn1');
const all: string[] = [];
const pith: string[] = [];
let length = 0;
for (const ref of await listDataset(spec)) {
  const page = await ref.load();
  all.push(extract(page.html, { extractor: 'all-text', format: 'text' }).content);
  pith.push(extract(page.html, { extractor: 'pith', format: 'text' }).content);
  length += all[all.length - 1].length;
  if (length > SIZES[SIZES.length - 1]) break;
}

function take(parts: readonly string[], size: number): string {
  let out = '';
  for (let i = 0; out.length < size; i = (i + 1) % parts.length) out += `${parts[i]}\n`;
  return out.slice(0, size);
}

const rows: string[][] = [];
for (const shape of ['distinct', 'repeated'] as const) {
  for (const [name, metric] of METRICS) {
    const cells = [shape, name];
    let previous = Number.NaN;
    for (const size of SIZES) {
      const a = shape === 'distinct' ? take(all, size) : take([all[0]], size);
      const b = shape === 'distinct' ? take(pith, size * 0.8) : take([pith[0]], size * 0.8);
      const started = performance.now();
      metric(a, b);
      const ms = performance.now() - started;
      cells.push(`${ms.toFixed(0)}${Number.isFinite(previous) ? ` (×${(ms / previous).toFixed(1)})` : ''}`);
      previous = ms;
    }
    rows.push(cells);
    process.stderr.write(`${shape} · ${name}: done\n`);
  }
}
process.stdout.write(
  `${markdownTable(['texts', 'metric', ...SIZES.map((s) => `${s / 1000}k chars, ms (×previous)`)], rows)}\n`,
);
