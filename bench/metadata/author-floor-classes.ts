/**
 * The author's empty answers held out (issue 42, round 15), by page type and the sources of the row that would be
 * answered: `floor` mode, the pages the floor alone empties (the best row beats "none" with its margin but is under
 * the floor), and whether that row is right (+) or wrong (-, the gold none or another name); `none` mode, the pages
 * the "none" row wins before the floor, answered with the likeliest candidate. Each page as id, +/-, probability /
 * floor. The fold models of a base run are frozen (as frozen-folds.ts), on a rows file.
 *
 *   nice -n 5 npx tsx bench/metadata/author-floor-classes.ts BASE_DIR ROWS.json [floor|none]
 */
import { rowProbabilities } from '@pith/workbench/train';
import { chosenRow, PAGE_TYPE_NAMES, weightedMargins } from 'pith/internal';
import { frozenFieldRows } from './frozen-rows.js';

const [base, rowsFile, mode = 'floor'] = process.argv.slice(2);
const field = 'author' as const;
const { set, folds, models, rows, names, width } = frozenFieldRows(base, rowsFile, field);
const srcCols = names
  .map((n, i) => [n, i] as const)
  .filter(([n]) => n.includes('.src.') && !n.endsWith('.rules'));
const groups = new Map<string, { right: number; wrong: number; ps: string[] }>();
rows.forEach((page, index) => {
  const entry = models[folds[index]].fields[field];
  const probs = rowProbabilities(entry.model, page);
  const margins = weightedMargins(entry, page.types);
  const none = probs.length - 1;
  const row = chosenRow(probs, page.rulesRow, margins);
  let noFloor = chosenRow(probs, page.rulesRow, { ...margins, floor: 0 });
  if (mode === 'none') {
    if (row !== none || noFloor !== none) return;
    for (let q = 0; q < none; q++) if (noFloor === none || probs[q] > probs[noFloor]) noFloor = q;
  }
  if (row !== none || noFloor === none) return;
  const raw = set.pages[index].fields[field].rows as unknown as number[];
  const srcs = srcCols
    .filter(([, c]) => raw[noFloor * width + c] > 0)
    .map(([n]) => n.replace(`${field}.src.`, ''));
  const key = `${PAGE_TYPE_NAMES[page.type]} ${srcs.join(',')}`;
  const g = groups.get(key) ?? { right: 0, wrong: 0, ps: [] };
  const right = page.labels[noFloor] === 1;
  if (right) g.right++;
  else g.wrong++;
  g.ps.push(
    `${set.pages[index].id}${right ? '+' : '-'}${probs[noFloor].toFixed(2)}/${(margins.floor ?? 0).toFixed(2)}`,
  );
  groups.set(key, g);
});
let r = 0;
let w = 0;
for (const [key, g] of [...groups].sort((a, b) => b[1].right + b[1].wrong - a[1].right - a[1].wrong)) {
  r += g.right;
  w += g.wrong;
  console.log(`${key}\t+${g.right} -${g.wrong}\t${g.ps.join(' ')}`);
}
console.log(`total +${r} -${w}`);
