/**
 * Where the bench's scoring time goes: every metric `scorePage` runs, timed on
 * its own, over the pages of the unpacked datasets, on the outputs of two of
 * pith's extractors (`pith`, and `all-text`, whose long outputs are the worst
 * case for the sequence metrics). Single-threaded, in this process.
 *
 * Prints per dataset the total milliseconds per metric, then the slowest
 * scorings. `gold prep` is the gold side of every metric (`prepareGold`), which a
 * bench worker computes once per page and reuses for every extractor; it is
 * counted here once per page.
 *
 *   npx tsx bench/report/scoring-profile.ts [--stride N] [--extractor NAME …] [--dataset NAME …]
 */
import { parseArgs } from 'node:util';
import {
  applyRetrievedTransform,
  listDataset,
  markdownTable,
  prepareGold,
  resolveDatasetSpec,
  scorePrepared,
} from '@pith/workbench/eval';
import { extract } from 'pith';

const { values } = parseArgs({
  options: {
    stride: { type: 'string', default: '1' },
    extractor: { type: 'string', multiple: true, default: ['pith', 'all-text'] },
    dataset: {
      type: 'string',
      multiple: true,
      default: [
        'cleaneval',
        'l3s-gn1',
        'wcxb-dev',
        'trafilatura-eval',
        'readability-testpages',
        'cleanportaleval',
      ],
    },
  },
});
const stride = Math.max(1, Number(values.stride));

type Timings = Map<string, number>;
const add = (timings: Timings, name: string, ms: number) => timings.set(name, (timings.get(name) ?? 0) + ms);

const perDataset: { name: string; pages: number; scorings: number; timings: Timings }[] = [];
const slowest: { where: string; ms: number; chars: number }[] = [];
for (const name of values.dataset) {
  const spec = await resolveDatasetSpec(name);
  const refs = (await listDataset(spec)).filter((_, i) => i % stride === 0);
  // As the bench does: seed 002's non-ASCII removal on CleanEval and L3S-GN1.
  const options = { removeNonAscii: name === 'cleaneval' || name === 'l3s-gn1' };
  const timings: Timings = new Map();
  let scorings = 0;
  for (const ref of refs) {
    const page = await ref.load();
    let started = performance.now();
    const prepared = prepareGold(page, options);
    add(timings, 'gold prep', performance.now() - started);
    for (const extractor of values.extractor) {
      const text = extract(page.html, { extractor, format: 'text' }).content;
      started = performance.now();
      scorePrepared(prepared, text, { time: (metric, ms) => add(timings, metric, ms) });
      const ms = performance.now() - started;
      add(timings, 'all metrics', ms);
      slowest.push({
        where: `${name}/${ref.id} ${extractor}`,
        ms,
        chars: applyRetrievedTransform(text, page.retrievedTransform).length,
      });
      scorings++;
    }
  }
  perDataset.push({ name, pages: refs.length, scorings, timings });
  process.stderr.write(`${name}: ${refs.length} pages\n`);
}
const columns = [...new Set(perDataset.flatMap((d) => [...d.timings.keys()]))];
const totals: Timings = new Map();
for (const d of perDataset) for (const [key, ms] of d.timings) add(totals, key, ms);
const cells = (timings: Timings) => columns.map((c) => (timings.get(c) ?? 0).toFixed(0));
const rows = perDataset.map((d) => [d.name, String(d.pages), String(d.scorings), ...cells(d.timings)]);
rows.push([
  'all',
  String(perDataset.reduce((s, d) => s + d.pages, 0)),
  String(perDataset.reduce((s, d) => s + d.scorings, 0)),
  ...cells(totals),
]);
process.stdout.write(
  `${markdownTable(['dataset', 'pages', 'scorings', ...columns.map((c) => `${c}, ms`)], rows)}\n\n`,
);
slowest.sort((x, y) => y.ms - x.ms);
process.stdout.write(
  `${markdownTable(
    ['slowest scorings', 'ms', 'extracted chars'],
    slowest.slice(0, 10).map((s) => [s.where, s.ms.toFixed(1), String(s.chars)]),
  )}\n`,
);
