/**
 * The author's empty answers where the gold is among the candidates (issue 42, round 15): each page's type, why
 * it is empty (`floor`: the best row beats "none" but is under the floor; `none-row`: "none" with its margin wins),
 * the best row's probability against "none" + its margin and the floor, and the gold's rows with their sources.
 * The fold models of a base run are frozen (as frozen-folds.ts), on a rows file.
 *
 *   nice -n 5 npx tsx bench/metadata/author-empties.ts BASE_DIR ROWS.json
 */
import { outcomeOf, rowProbabilities } from '@pith/workbench/train';
import { chosenRow, PAGE_TYPE_NAMES, weightedMargins } from 'pith/internal';
import { frozenFieldRows } from './frozen-rows.js';

const [base, rowsFile] = process.argv.slice(2);
const field = 'author' as const;
const { set, folds, models, rows, names, width } = frozenFieldRows(base, rowsFile, field);
const srcCols = names.map((n, i) => [n, i] as const).filter(([n]) => n.includes('.src.'));
const typeNames = PAGE_TYPE_NAMES;
rows.forEach((page, index) => {
  const entry = models[folds[index]].fields[field];
  const probs = rowProbabilities(entry.model, page);
  const margins = weightedMargins(entry, page.types);
  const row = chosenRow(probs, page.rulesRow, margins);
  const outcome = outcomeOf(page.labels, row);
  const labels = page.labels;
  const goldRows = labels
    .map((l: number, r: number) => (l === 1 && r < labels.length - 1 ? r : -1))
    .filter((r: number) => r >= 0);
  if (outcome !== 'empty' || goldRows.length === 0) return;
  const sp = set.pages[index];
  const none = probs.length - 1;
  const raw = sp.fields[field].rows as unknown as number[];
  let best = -1;
  for (let r = 0; r < none; r++) if (best < 0 || probs[r] > probs[best]) best = r;
  const t = Array.from(page.types as ArrayLike<number>);
  let ti = 0;
  t.forEach((v, i) => {
    if (v > t[ti]) ti = i;
  });
  const desc = goldRows.map((r: number) => {
    const srcs = srcCols
      .filter(([, c]) => raw[r * width + c] > 0)
      .map(([n]) => n.replace(`${field}.src.`, ''));
    return `r${r} p=${probs[r].toFixed(3)} ${JSON.stringify(sp.fields[field].values[r])} [${srcs.join(',')}]`;
  });
  const why =
    probs[best] >= margins.floor! && probs[best] + 0 > probs[none] + margins.noneBias
      ? 'other'
      : probs[best] < (margins.floor ?? 0)
        ? 'floor'
        : 'none-row';
  console.log(
    [
      sp.id,
      typeNames[ti],
      why,
      `best r${best} p=${probs[best].toFixed(3)} none=${probs[none].toFixed(3)}+${margins.noneBias.toFixed(3)} floor=${(margins.floor ?? 0).toFixed(3)} rules=r${page.rulesRow}`,
      `gold ${JSON.stringify(sp.gold.author)}`,
      desc.join(' | '),
      `n=${none}`,
    ].join('\t'),
  );
});
