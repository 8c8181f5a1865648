/**
 * The quality of empty answers (issue 37, item 3: "when no candidate is good, say so"): over the
 * quality rows of bench/misses/guard-pages.ts (`quality-on-*.jsonl`), the empty answers' F1 and
 * the shipped quality model's estimate, and the Spearman of the estimate with F1 per set, as it is
 * and with every empty answer's quality set to 0 (measured and not shipped: the journal's "Body
 * guard, session 6"). The shipped quality model was trained on these pages: in sample.
 *
 *   npx tsx bench/misses/empty-quality.ts ROWS.jsonl …
 */
import { readFileSync } from 'node:fs';
import { spearman } from '@pith/workbench/eval';
import { loadQualityModel, QUALITY_FEATURES } from 'pith/internal';

interface Row {
  dataset: string;
  id: string;
  f1: number;
  features: (number | null)[];
}
const rows: Row[] = process.argv
  .slice(2)
  .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n'))
  .map((line) => JSON.parse(line) as Row);
const model = loadQualityModel();
const keptWords = QUALITY_FEATURES.indexOf('kept.words');
const estimate = rows.map((row) =>
  model.predict(Float32Array.from(row.features, (value) => (value === null ? Number.NaN : value))),
);
const empty = (index: number) => rows[index].features[keptWords] === 0;
const capped = estimate.map((value, index) => (empty(index) ? 0 : value));
const f1 = rows.map((row) => row.f1);
for (const [index, row] of rows.entries())
  if (empty(index))
    console.log(`${row.dataset} ${row.id}: F1 ${row.f1.toFixed(2)}, quality ${estimate[index].toFixed(2)}`);
for (const set of ['all', ...new Set(rows.map((row) => row.dataset))]) {
  const picked = rows.flatMap((row, index) => (set === 'all' || row.dataset === set ? [index] : []));
  const of = (values: number[]) => picked.map((index) => values[index]);
  console.log(
    `${set}: ${picked.length} rows, Spearman ${spearman(of(estimate), of(f1)).toFixed(3)}, empty answers at 0: ${spearman(of(capped), of(f1)).toFixed(3)}`,
  );
}
