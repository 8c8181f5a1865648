/**
 * Held-out page-type probabilities for WCXB's development pages (issue 37, the favor switch):
 * the shipped page-type model was trained on every one of them, so the choice lines' page-type
 * columns are in sample there. Here each page's probabilities come from the shipped fit trained
 * on the other folds (5 folds grouped by site, `siteOf`), in PAGE_TYPES order, keyed by page id.
 *
 *   npx tsx bench/choice/page-types.ts [--out .cache/choice/page-types-wcxb.json]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  crossValidate,
  isPageType,
  labelledRows,
  loadFeatureSet,
  pageTypeGroupedFolds,
  SHIPPED_FIT,
} from '@pith/workbench/train';

const { values } = parseArgs({
  options: { out: { type: 'string', default: '.cache/choice/page-types-wcxb.json' } },
});
const set = await loadFeatureSet('wcxb-dev', (message) => process.stderr.write(`${message}\n`));
const rows = labelledRows(set);
const ids = set.rows.filter((row) => isPageType(row.label)).map((row) => row.id);
const held = crossValidate(
  rows,
  set.names,
  { ...SHIPPED_FIT, featureNames: set.names },
  pageTypeGroupedFolds(rows, 5, 1),
  5,
);
const out: Record<string, number[]> = {};
held.forEach((probabilities, index) => {
  out[ids[index]] = Array.from(probabilities, (value) => Math.round(value * 1e4) / 1e4);
});
writeFileSync(values.out ?? '', JSON.stringify(out));
process.stderr.write(`${held.length} pages\n`);
