/**
 * The title's choice held out by site on WCXB dev, two fits side by side on the same folds
 * (issue 42), for each fold seed given: the margins toward the rules' answer chosen in the inner
 * folds against the likeliest candidate alone (the default); or, with `--mask COLUMNS`, the shipped
 * fit with those feature columns missing on every row (as if they did not exist: a column missing
 * everywhere is never split on) against the same fit with them. Only the title is fitted (the
 * author's and the date's fits do not read it), so a run takes minutes, not the whole trainer's.
 * Writes every page's held-out answers to --out (JSON lines) for reading.
 *
 *   nice -n 10 npx tsx bench/metadata/title-ab.ts --seeds 1,2 [--mask title.restWords,title.restSite] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_FIT, outcomeOf } from '@pith/workbench/train';
import { chosenRow } from 'pith/internal';
import { heldOutPages, metadataFolds, wcxbMetadataRows } from './held-out-fits.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2' },
    folds: { type: 'string', default: '5' },
    mask: { type: 'string' },
    out: { type: 'string' },
  },
});
const masked = values.mask === undefined ? [] : values.mask.split(',');
/** The two fits compared: [A, B], each with its settings and whether the masked columns are missing. */
const variants =
  masked.length === 0
    ? ([
        ['inner', { ...DEFAULT_FIT, titleMargins: 'inner' }, false],
        ['none', { ...DEFAULT_FIT, titleMargins: 'none' }, false],
      ] as const)
    : ([
        ['without', DEFAULT_FIT, true],
        ['with', DEFAULT_FIT, false],
      ] as const);
const k = Number(values.folds);
const set = await wcxbMetadataRows();
const pages = set.pages;
const names = set.names.title;
const columns = masked.map((name) => {
  const column = names.indexOf(name);
  if (column < 0) throw new Error(`no feature ${name}`);
  return column;
});
const lines: string[] = [];
for (const seed of values.seeds.split(',').map(Number)) {
  const { folds, rows } = metadataFolds(set, k, seed);
  const full = rows.title;
  const maskedRows = full.map((page) => {
    const rows = page.rows.slice();
    for (let at = 0; at < rows.length; at += names.length)
      for (const column of columns) rows[at + column] = Number.NaN;
    return { ...page, rows };
  });
  const right: Record<string, number> = {};
  for (const [how, settings, mask] of variants) {
    right[how] = 0;
    for (const { index, page, probabilities, margins } of heldOutPages(
      'title',
      names,
      mask ? maskedRows : full,
      folds,
      k,
      settings,
    )) {
      const row = chosenRow(probabilities, page.rulesRow, margins);
      const outcome = outcomeOf(page.labels, row);
      if (outcome === 'right') right[how]++;
      lines.push(
        JSON.stringify({
          seed,
          how,
          id: pages[index].id,
          url: pages[index].url,
          type: pages[index].pageType,
          outcome,
          answer: pages[index].fields.title.values[row] ?? '',
          gold: pages[index].gold.title,
          rules: pages[index].rules.title,
        }),
      );
    }
  }
  console.log(
    `seed ${seed}: title right, ${variants.map(([how]) => `${how} ${(right[how] / pages.length).toFixed(3)}`).join(', ')} (${pages.length} pages)`,
  );
}
if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
