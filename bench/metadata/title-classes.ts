/**
 * Where the held-out title misses come from (issue 42): every WCXB dev page the title's likeliest
 * candidate gets wrong (held out 5-fold by site, the trainer's fit), put in one class by how the
 * chosen value and the gold relate (the gold not among the candidates; the chosen one holds the
 * gold and more, a site's name or a section; the chosen one is a part of the gold; typography
 * only; another text) and by which sources give each (the gold's candidate and the chosen one),
 * so that the classes can be counted. `--show CLASS` prints that class's pages.
 *
 *   nice -n 10 npx tsx bench/metadata/title-classes.ts [--seed 1] [--show holds-gold]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_FIT } from '@pith/workbench/train';
import { chosenRow } from 'pith/internal';
import { heldOutPages, metadataFolds, wcxbMetadataRows } from './held-out-fits.js';

const { values: options } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    show: { type: 'string' },
  },
});
const set = await wcxbMetadataRows();
const names = set.names.title;
const { folds, rows } = metadataFolds(set, 5, Number(options.seed));
const width = names.length;
/** The sources (and forms) a candidate's row says it comes from. */
function sourcesOf(page: (typeof rows.title)[number], row: number): string {
  const out: string[] = [];
  for (let column = 0; column < width; column++) {
    const name = names[column];
    const value = page.rows[row * width + column];
    if (!(value > 0)) continue;
    if (name.startsWith('title.whole.')) out.push(name.slice(12));
    else if (name.startsWith('title.form.')) out.push(`~${name.slice(11)}`);
  }
  return out.join('+');
}
/** The kind of source a candidate's row comes from, coarsely: an `<h1>`, a declared title whole, a part of one, other headings. */
function sideOf(page: (typeof rows.title)[number], row: number): string {
  const at = (name: string) => page.rows[row * width + names.indexOf(name)] > 0;
  if (at('title.whole.h1.first') || at('title.whole.h1.other')) return 'h1';
  if (
    ['og', 'twitter', 'ld.headline', 'ld.name', 'micro', 'meta.other', 'title', 'ld.page'].some((s) =>
      at(`title.whole.${s}`),
    )
  )
    return 'declared whole';
  if (['stripped', 'head', 'tail', 'inner'].some((form) => at(`title.form.${form}`))) return 'declared part';
  return 'h2/breadcrumb/rules';
}
const coarse = new Map<string, number>();
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const classes = new Map<string, number>();
const pairs = new Map<string, number>();
const shown: string[] = [];
let wrong = 0;
for (const { index, page, probabilities, margins } of heldOutPages('title', names, rows.title, folds, 5, {
  ...DEFAULT_FIT,
  titleMargins: 'none',
})) {
  const row = chosenRow(probabilities, page.rulesRow, margins);
  if (page.labels[row] === 1) continue;
  wrong++;
  const info = set.pages[index];
  const values = info.fields.title.values;
  const answer = values[row] ?? '';
  const gold = info.gold.title ?? '';
  const goldRow = page.labels.indexOf(1);
  const a = letters(answer);
  const g = letters(gold);
  let kind: string;
  if (goldRow < 0) kind = a === g ? 'absent-typography' : 'absent';
  else if (a === g) kind = 'typography';
  else if (a.includes(g)) kind = 'holds-gold';
  else if (g.includes(a)) kind = 'part-of-gold';
  else kind = 'other';
  classes.set(kind, (classes.get(kind) ?? 0) + 1);
  const pair = `${kind}: chose ${sourcesOf(page, row)} | gold ${goldRow < 0 ? '-' : sourcesOf(page, goldRow)}`;
  pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  const side = `${kind}: chose ${sideOf(page, row)}, gold ${goldRow < 0 ? '-' : sideOf(page, goldRow)}`;
  coarse.set(side, (coarse.get(side) ?? 0) + 1);
  if (options.show === undefined || options.show === kind)
    shown.push(
      `${kind}\t${info.pageType}\t${info.url}\n  chose ${JSON.stringify(answer)} [${sourcesOf(page, row)}] p=${probabilities[row].toFixed(2)}\n  gold  ${JSON.stringify(gold)} [${goldRow < 0 ? '-' : sourcesOf(page, goldRow)}] p=${goldRow < 0 ? '-' : probabilities[goldRow].toFixed(2)}`,
    );
}
if (options.show !== undefined) console.log(shown.join('\n'));
console.log(
  `seed ${options.seed}: ${wrong} wrong of ${set.pages.length}, right ${(1 - wrong / set.pages.length).toFixed(3)}`,
);
for (const [kind, count] of [...classes].sort((x, y) => y[1] - x[1])) console.log(`${count}\t${kind}`);
for (const [side, count] of [...coarse].sort((x, y) => y[1] - x[1])) console.log(`${count}\t${side}`);
for (const [pair, count] of [...pairs].sort((x, y) => y[1] - x[1]).slice(0, 40))
  console.log(`${count}\t${pair}`);
