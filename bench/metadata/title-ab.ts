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
import {
  DEFAULT_FIT,
  fieldRows,
  fitFieldWithBias,
  foldPageTypes,
  groupedFolds,
  loadMetadataRows,
  marginsOfPage,
  outcomeOf,
  resolveDatasets,
  rowProbabilities,
} from '@pith/workbench/train';
import { chosenRow } from 'pith/internal';

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
const set = await loadMetadataRows(await resolveDatasets(['wcxb-dev']), (line) => console.error(line));
const pages = set.pages;
const lines: string[] = [];
for (const seed of values.seeds.split(',').map(Number)) {
  const folds = groupedFolds(
    pages.map((page) => ({
      keys: [`site:${page.site}`, `bytes:${page.digest}`],
      stratum: page.pageType ?? page.dataset,
    })),
    k,
    seed,
  );
  const full = fieldRows(set, foldPageTypes(set, folds, k).probabilities).title;
  const names = set.names.title;
  const columns = masked.map((name) => {
    const column = names.indexOf(name);
    if (column < 0) throw new Error(`no feature ${name}`);
    return column;
  });
  const maskedRows = full.map((page) => {
    const rows = page.rows.slice();
    for (let at = 0; at < rows.length; at += names.length)
      for (const column of columns) rows[at + column] = Number.NaN;
    return { ...page, rows };
  });
  const all = pages.map((_, index) => index);
  const right: Record<string, number> = {};
  for (let f = 0; f < k; f++) {
    const train = all.filter((index) => folds[index] !== f);
    for (const [how, settings, mask] of variants) {
      const rows = mask ? maskedRows : full;
      right[how] ??= 0;
      const fit = fitFieldWithBias('title', names, rows, train, folds, settings);
      for (const index of all) {
        if (folds[index] !== f) continue;
        const page = rows[index];
        const probabilities = rowProbabilities(fit.model, page);
        const row = chosenRow(probabilities, page.rulesRow, marginsOfPage(fit, page));
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
  }
  console.log(
    `seed ${seed}: title right, ${variants.map(([how]) => `${how} ${(right[how] / pages.length).toFixed(3)}`).join(', ')} (${pages.length} pages)`,
  );
}
if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
