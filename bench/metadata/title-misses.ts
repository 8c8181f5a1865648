/**
 * The title's misses under a base run's frozen fold models, by class (issue 42, session 24): for each page the
 * frozen models get wrong, how the chosen candidate and the gold's relate to the page's sources. The classes,
 * in order:
 *
 * - `absent`: no candidate is the gold (the annotator's own wording, a part no separator cuts);
 * - `typography`: the answer and the gold differ only in spaces, punctuation or symbols;
 * - `h1 page: …`: the page's first `<h1>` is no declared title (`<title>`, og:title, twitter:title) nor a part of
 *   one, so the page offers two wordings; `chose h1, gold declared`, `chose declared, gold h1`, or `other`;
 * - else (the `<h1>` is a declared title or a part of one, or there is none): `gold h1, chose another part`,
 *   `chose h1, gold another part`, `gold whole, chose a part` (a suffix dropped), `gold a part, chose whole`
 *   (a suffix kept), `both parts` (two parts of a declared title), `other`.
 *
 * Then the pages of the `h1 page` kind (all of them, not only the misses): which side the gold takes, how often the
 * frozen models are right there, and how often one side holds within a site (sites with two or more such pages)
 * against the whole set — the site's habit no page-level feature sees, since a site's pages are held out together.
 *
 *   nice -n 5 npx tsx bench/metadata/title-misses.ts BASE_DIR ROWS.json [--show CLASS]
 */
import { parseArgs } from 'node:util';
import { outcomeOf, rowProbabilities } from '@pith/workbench/train';
import { chosenRow, weightedMargins } from 'pith/internal';
import { frozenFieldRows } from './frozen-rows.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { show: { type: 'string' } },
});
const [base, rowsFile] = positionals;
if (!base || !rowsFile) {
  process.stderr.write('usage: npx tsx bench/metadata/title-misses.ts BASE_DIR ROWS.json [--show CLASS]\n');
  process.exit(2);
}
const { set, folds, models, rows, names, width } = frozenFieldRows(base, rowsFile, 'title');

const DECLARED = ['title', 'og', 'twitter'];
const column = (name: string) => names.indexOf(name);
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

const classes = new Map<string, number>();
const byType = new Map<string, number>();
const sides = new Map<string, number>();
const bySite = new Map<string, string[]>();
/** The `h1 page`s: the site, the gold's side, the side the frozen answer took, whether it is right. */
const twoWordingPages: { site: string; side: string; chose: string; right: boolean }[] = [];
const shown: string[] = [];
let misses = 0;
rows.forEach((page, index) => {
  const entry = models[folds[index]].fields.title;
  const row = chosenRow(
    rowProbabilities(entry.model, page),
    page.rulesRow,
    weightedMargins(entry, page.types),
  );
  const data = set.pages[index];
  const raw = data.fields.title.rows as unknown as number[];
  const at = (candidate: number, name: string) => raw[candidate * width + column(name)] > 0;
  const fromH1 = (candidate: number) => at(candidate, 'title.src.h1.first');
  const declared = (candidate: number) => DECLARED.some((source) => at(candidate, `title.src.${source}`));
  const declaredWhole = (candidate: number) =>
    DECLARED.some((source) => at(candidate, `title.whole.${source}`));
  const candidates = data.fields.title.values.length - 1;
  const h1 = Array.from({ length: candidates }, (_, candidate) => candidate).find(fromH1);
  const goldRow = page.labels.indexOf(1);
  const twoWordings = h1 !== undefined && !declared(h1);
  const right = outcomeOf(page.labels, row) === 'right';
  if (twoWordings) {
    const side =
      goldRow === h1
        ? 'h1'
        : goldRow >= 0 && goldRow < candidates && declared(goldRow)
          ? 'declared'
          : 'neither';
    increment(sides, `gold ${side}, ${right ? 'right' : 'missed'}`);
    if (side !== 'neither') bySite.set(data.site, [...(bySite.get(data.site) ?? []), side]);
    const chose = row === h1 ? 'h1' : row < candidates && declared(row) ? 'declared' : 'other';
    twoWordingPages.push({ site: data.site, side, chose, right });
  }
  if (right) return;
  misses++;
  const answer = data.fields.title.values[row] ?? '';
  const gold = data.gold.title ?? '';
  let kind: string;
  if (goldRow < 0 || goldRow >= candidates)
    kind = letters(answer) === letters(gold) ? 'typography' : 'absent';
  else if (letters(answer) === letters(gold)) kind = 'typography';
  else if (twoWordings)
    kind =
      row === h1 && declared(goldRow)
        ? 'h1 page: chose h1, gold declared'
        : goldRow === h1 && declared(row)
          ? 'h1 page: chose declared, gold h1'
          : 'h1 page: other';
  else if (goldRow === h1) kind = 'gold h1, chose another part';
  else if (row === h1) kind = 'chose h1, gold another part';
  else if (declaredWhole(goldRow) && declared(row) && !declaredWhole(row)) kind = 'gold whole, chose a part';
  else if (declaredWhole(row) && declared(goldRow) && !declaredWhole(goldRow))
    kind = 'gold a part, chose whole';
  else if (declared(row) && declared(goldRow)) kind = 'both parts';
  else kind = 'other';
  increment(classes, kind);
  increment(byType, `${kind}\t${data.pageType ?? '-'}`);
  if (options.show === kind)
    shown.push(
      `${data.id} ${data.pageType} ${data.url}\n  chose ${JSON.stringify(answer)}\n  gold  ${JSON.stringify(gold)}`,
    );
});
if (shown.length > 0) console.log(shown.join('\n'));
console.log(`${misses} misses of ${rows.length}`);
for (const [kind, count] of [...classes].sort((x, y) => y[1] - x[1])) {
  const types = [...byType]
    .filter(([key]) => key.startsWith(`${kind}\t`))
    .sort((x, y) => y[1] - x[1])
    .map(([key, n]) => `${key.split('\t')[1]} ${n}`);
  console.log(`${count}\t${kind}\t(${types.join(', ')})`);
}
console.log(`\npages whose first <h1> is no declared title nor part of one: ${twoWordingPages.length}`);
for (const [side, count] of [...sides].sort()) console.log(`  ${count}\t${side}`);
const sites = [...bySite.values()].filter((list) => list.length >= 2);
const majority = (list: readonly string[]) => {
  const h1 = list.filter((side) => side === 'h1').length;
  return Math.max(h1, list.length - h1);
};
const sitePages = sites.reduce((sum, list) => sum + list.length, 0);
const siteMajority = sites.reduce((sum, list) => sum + majority(list), 0);
const all = [...bySite.values()].flat();
console.log(
  `  sites with 2+ such pages: ${sites.length} (${sitePages} pages); the site's majority side holds on ` +
    `${siteMajority} (${(siteMajority / sitePages).toFixed(3)}), the whole set's on ${majority(all)} of ${all.length} ` +
    `(${(majority(all) / all.length).toFixed(3)}); ${sites.filter((list) => majority(list) === list.length).length} sites all one side`,
);

// The site's habit read from its other pages (leave one out): each `h1 page` takes the side most of its site's
// other such pages' gold takes (no other page or a tie: the frozen answer stays). A page gained is a miss whose
// gold is on that side (counted right even when a declared title has several parts: an upper bound); a page lost
// is a right answer on the other side.
let gained = 0;
let lost = 0;
for (const page of twoWordingPages) {
  const others = twoWordingPages.filter((other) => other !== page && other.site === page.site);
  const h1 = others.filter((other) => other.side === 'h1').length;
  const declared = others.filter((other) => other.side === 'declared').length;
  if (h1 === declared) continue;
  const side = h1 > declared ? 'h1' : 'declared';
  if (side === page.chose) continue;
  if (page.right) lost++;
  else if (page.side === side) gained++;
}
console.log(`  the site's habit from its other pages (leave one out): ${gained} gained, ${lost} lost`);
