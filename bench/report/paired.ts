/**
 * Two bench runs of the same pages, side by side: per dataset, the primary F1 of A and of B, their
 * paired bootstrap difference (B − A, 95 %), and how many pages went up or down by more than
 * `--min` (0.0005: below it a change is a tie). `-v` lists the pages that moved.
 *
 * Usage: npx tsx bench/report/paired.ts A/results.json B/results.json [-v] [--extractor NAME] [--min X]
 * The extractor is, per dataset, the held-out row when a run has one (`pith bench --held-out`,
 * bench/news/held-ab.ts), else `pith`.
 */
import { parseArgs } from 'node:util';
import {
  type BenchPageResult,
  type BenchResult,
  comparePaired,
  pagePrimaryScore,
  primaryF1,
  readResult,
} from '@pith/workbench/eval';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    verbose: { type: 'boolean', short: 'v', default: false },
    extractor: { type: 'string' },
    min: { type: 'string', default: '0.0005' },
  },
});
if (positionals.length !== 2) {
  process.stderr.write('usage: paired.ts A/results.json B/results.json [-v] [--extractor NAME] [--min X]\n');
  process.exit(2);
}
const minChange = Number(values.min);
const [a, b] = await Promise.all(positionals.map((file) => readResult(file)));

/** A dataset's pages of the row to compare: the one named, else a held-out row's, else `pith`'s. */
function pagesOf(result: BenchResult, dataset: string): BenchPageResult[] {
  const ofSet = result.pages.filter((p) => p.dataset === dataset);
  if (values.extractor) return ofSet.filter((p) => p.extractor === values.extractor);
  // The bench names its held-out row "pith (held out, 5-fold by site)"; bench/news/held-ab.ts writes "held-out".
  const heldOut = ofSet.filter((p) => /held[- ]out/.test(p.extractor));
  return heldOut.length > 0 ? heldOut : ofSet.filter((p) => p.extractor === 'pith');
}

const f = (x: number, digits = 4): string => (x >= 0 ? '+' : '') + x.toFixed(digits);

for (const info of b.datasets) {
  const primary = info.scoring.primary;
  const before = pagesOf(a, info.name);
  const after = pagesOf(b, info.name);
  if (before.length === 0 || after.length === 0) {
    process.stdout.write(`${info.name}: not in both runs\n`);
    continue;
  }
  const { difference, pages } = comparePaired(after, before, primary, { seed: 1 });
  const beforeById = new Map(before.map((p) => [p.id, p]));
  const moved: { id: string; from: number; to: number }[] = [];
  for (const page of after) {
    const old = beforeById.get(page.id);
    if (!old) continue;
    const from = pagePrimaryScore(old, primary);
    const to = pagePrimaryScore(page, primary);
    if (Math.abs(to - from) > minChange) moved.push({ id: page.id, from, to });
  }
  const up = moved.filter((m) => m.to > m.from).length;
  const failed = after.filter((p) => p.failed).length;
  process.stdout.write(
    `${info.name} (${primary}) n=${pages}: ${primaryF1(before, primary).toFixed(4)} → ` +
      `${primaryF1(after, primary).toFixed(4)}, ${f(difference.estimate)} ` +
      `[${f(difference.low)}, ${f(difference.high)}], up ${up} / down ${moved.length - up}` +
      (failed ? `, ${failed} failed in B` : '') +
      '\n',
  );
  if (values.verbose) {
    moved.sort((x, y) => x.to - x.from - (y.to - y.from));
    for (const m of moved) process.stdout.write(`  ${m.id}  ${m.from.toFixed(3)} → ${m.to.toFixed(3)}\n`);
  }
}
