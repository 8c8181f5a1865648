/**
 * A JSON-LD Person author the floors leave empty (issue 42): held out by site on WCXB dev, the
 * author's choice as shipped (floors per page type) against the same choice with the floor lifted
 * when the answer's only source is the JSON-LD `author` (a Person; the rules' answer may be the
 * same names), on the same folds, for each fold seed given. "alone": also no other author
 * candidate on the page. Prints right / wrong / empty of each and how precise that source is.
 *
 *   nice -n 10 npx tsx bench/metadata/ld-author-ab.ts --seeds 1,2
 */
import { parseArgs } from 'node:util';
import { DEFAULT_FIT, outcomeOf } from '@pith/workbench/train';
import { chosenRow } from 'pith/internal';
import { heldOutPages, metadataFolds, wcxbMetadataRows } from './held-out-fits.js';

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '1,2' }, folds: { type: 'string', default: '5' } },
});
const k = Number(values.folds);
const set = await wcxbMetadataRows();
const pages = set.pages;
const names = set.names.author;
const width = names.length;
const sourceColumns = names
  .map((name, column) => [name, column] as const)
  .filter(([name]) => name.startsWith('author.src.'));
const ldColumn = names.indexOf('author.src.ld.person');
const rulesColumn = names.indexOf('author.src.rules');
/** The row's only sources are the JSON-LD Person author (and the rules' answer). */
const ldOnly = (rows: Float32Array, row: number) =>
  rows[row * width + ldColumn] === 1 &&
  sourceColumns.every(
    ([, column]) => column === ldColumn || column === rulesColumn || rows[row * width + column] !== 1,
  );

type Outcome = 'right' | 'wrong' | 'empty';
for (const seed of values.seeds.split(',').map(Number)) {
  const { folds, rows, extraFoldings } = metadataFolds(set, k, seed);
  const tallies: Record<string, Record<Outcome, number>> = {};
  const count = (name: string, outcome: Outcome) => {
    tallies[name] ??= { right: 0, wrong: 0, empty: 0 };
    tallies[name][outcome]++;
  };
  for (const { index, page, probabilities, margins } of heldOutPages(
    'author',
    names,
    rows.author,
    folds,
    k,
    DEFAULT_FIT,
    extraFoldings,
  )) {
    const floored = chosenRow(probabilities, page.rulesRow, margins);
    const unfloored = chosenRow(probabilities, page.rulesRow, { ...margins, floor: 0 });
    const none = page.labels.length - 1;
    const exempt = unfloored !== none && ldOnly(page.rows, unfloored);
    const alone = exempt && none === 1;
    count('shipped', outcomeOf(page.labels, floored));
    count('exempt', outcomeOf(page.labels, exempt ? unfloored : floored));
    count('exempt alone', outcomeOf(page.labels, alone ? unfloored : floored));
    if (exempt)
      count(`ld-only answer (${floored === none ? 'floored' : 'kept'})`, outcomeOf(page.labels, unfloored));
    if (alone)
      count(`ld-only, alone (${floored === none ? 'floored' : 'kept'})`, outcomeOf(page.labels, unfloored));
    if (exempt && pages[index].pageType === 'article')
      count(`article ld-only (${floored === none ? 'floored' : 'kept'})`, outcomeOf(page.labels, unfloored));
  }
  console.log(`seed ${seed} (${pages.length} pages): right / wrong / empty`);
  for (const [name, t] of Object.entries(tallies)) {
    const total = t.right + t.wrong + t.empty;
    const share = (n: number) => (n / pages.length).toFixed(3);
    console.log(
      `  ${name}: ${t.right} / ${t.wrong} / ${t.empty} of ${total}` +
        (name.startsWith('shipped') || name.startsWith('exempt')
          ? ` (${share(t.right)} / ${share(t.wrong)} / ${share(t.empty)})`
          : ''),
    );
  }
}
