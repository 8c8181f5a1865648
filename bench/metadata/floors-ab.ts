/**
 * The author's and the date's floors and margins, how steady they are (issue 42, session 11): the
 * same outer models held out by site on WCXB dev, fold seed by fold seed, with the margins and floors
 * chosen on different inner scorings of the training pages: the outer folds alone (the trainer's
 * before this round), another partition alone (how far the choice moves when only the inner
 * partition changes), several partitions pooled, and each type's floor shrunk toward the field's
 * (`floorPrior` pseudo pages of the field's curve). Every variant is scored on the same held-out
 * probabilities, so the differences are the floors' and margins' alone.
 *
 *   nice -n 5 npx tsx bench/metadata/floors-ab.ts --seeds 1,2,3 [--extra 5] [--fields author,date]
 */
import { parseArgs } from 'node:util';
import {
  DEFAULT_FIT,
  type FitSettings,
  fieldChoice,
  fitField,
  innerFoldings,
  innerScores,
  marginsOfPage,
  outcomeOf,
  rowProbabilities,
  type ScoredPage,
  tally,
} from '@pith/workbench/train';
import { type ChosenField, chosenRow } from 'pith/internal';
import { metadataFolds, wcxbMetadataRows } from './held-out-fits.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3' },
    folds: { type: 'string', default: '5' },
    extra: { type: 'string', default: '5' },
    fields: { type: 'string', default: 'author,date' },
    priors: { type: 'string', default: '50,150' },
  },
});
const k = Number(values.folds);
const extra = Number(values.extra);
const priors = values.priors.split(',').map(Number);
const set = await wcxbMetadataRows();
const pages = set.pages;

/** A variant: the inner scorings pooled (0: the outer folds; j: the j-th extra partition) and the floors' prior. */
interface Variant {
  name: string;
  scorings: number[];
  prior: number;
}
const variants: Variant[] = [
  { name: 'outer folds (before)', scorings: [0], prior: 0 },
  { name: 'partition 1 alone', scorings: [1], prior: 0 },
  ...priors.map((prior) => ({ name: `outer folds, prior ${prior}`, scorings: [0], prior })),
  ...priors.map((prior) => ({ name: `partition 1, prior ${prior}`, scorings: [1], prior })),
  // The trainer's `--inner-seeds 3`: the outer folds and partitions 1 and 2; partitions 3..5 its disjoint twin.
  { name: 'pooled 0..2', scorings: [0, 1, 2], prior: 0 },
  { name: 'pooled 3..5', scorings: [3, 4, 5], prior: 0 },
  ...priors.flatMap((prior) => [
    { name: `pooled 0..2, prior ${prior}`, scorings: [0, 1, 2], prior },
    { name: `pooled 3..5, prior ${prior}`, scorings: [3, 4, 5], prior },
  ]),
].filter((variant) => variant.scorings.every((at) => at <= extra));

const fields = values.fields.split(',') as ChosenField[];
/** answers[field][variant][seed] = each page's chosen row. */
const answers: Record<string, Int32Array[][]> = {};
const outcomes: Record<string, string[][]> = {};
const seeds = values.seeds.split(',').map(Number);
/** Each seed's rows' labels (the page-type columns differ by seed, the labels do not). */
const seedLabels: Record<string, (readonly number[])[][]> = {};
for (const field of fields) {
  seedLabels[field] = [];
  answers[field] = variants.map(() => []);
  outcomes[field] = variants.map(() => []);
}
for (const seed of seeds) {
  const { folds, rows } = metadataFolds(set, k, seed);
  const partitions = [folds, ...innerFoldings(set, k, seed, extra)];
  for (const field of fields) {
    const names = set.names[field];
    const fieldRows = rows[field];
    const chosen = variants.map(() => new Int32Array(pages.length));
    seedLabels[field].push(fieldRows.map((page) => page.labels));
    const started = Date.now();
    for (let f = 0; f < k; f++) {
      const train = pages.map((_, index) => index).filter((index) => folds[index] !== f);
      const model = fitField(
        names,
        train.map((index) => fieldRows[index]),
      );
      const scorings: ScoredPage[][] = partitions.map((partition) =>
        innerScores(names, fieldRows, train, [partition]),
      );
      const held = fieldRows.map((page, index) => (folds[index] === f ? rowProbabilities(model, page) : []));
      variants.forEach((variant, v) => {
        const settings: FitSettings = { ...DEFAULT_FIT, floorPrior: variant.prior };
        const scored = variant.scorings.flatMap((at) => scorings[at]);
        const choice = fieldChoice(field, scored, variant.scorings.length, settings);
        for (const [index, page] of fieldRows.entries()) {
          if (folds[index] !== f) continue;
          const probabilities = held[index];
          chosen[v][index] = chosenRow(
            probabilities,
            page.rulesRow,
            marginsOfPage({ model, ...choice }, page),
          );
        }
      });
      console.error(`seed ${seed} ${field} fold ${f}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    variants.forEach((_, v) => {
      answers[field][v].push(chosen[v]);
      outcomes[field][v].push(
        JSON.stringify(tally(Array.from(chosen[v], (row, index) => outcomeOf(fieldRows[index].labels, row)))),
      );
    });
  }
}

const share = (count: number) => (count / pages.length).toFixed(3);
for (const field of fields) {
  console.log(`\n### ${field}\n`);
  console.log(
    `| variant | ${seeds.map((seed) => `seed ${seed} right / wrong / empty`).join(' | ')} | mean right | spread (max − min) | mean wrong |`,
  );
  console.log(`| --- | ${seeds.map(() => '---').join(' | ')} | ---: | ---: | ---: |`);
  variants.forEach((variant, v) => {
    const figures = outcomes[field][v].map((text) => JSON.parse(text) as ReturnType<typeof tally>);
    const rights = figures.map((figure) => figure.right / figure.pages);
    const wrongs = figures.map((figure) => figure.wrong / figure.pages);
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    console.log(
      `| ${variant.name} | ${figures.map((figure) => `${share(figure.right)} / ${share(figure.wrong)} / ${share(figure.empty)}`).join(' | ')} | ${mean(rights).toFixed(4)} | ${(Math.max(...rights) - Math.min(...rights)).toFixed(3)} | ${mean(wrongs).toFixed(4)} |`,
    );
  });
  // How many pages' answers move when only the inner scoring changes (same outer models).
  console.log('\nPages whose answer differs, per seed (same outer models, another inner scoring):\n');
  const pairs: [string, string][] = [
    ['outer folds (before)', 'partition 1 alone'],
    ...priors.map((prior): [string, string] => [
      `outer folds, prior ${prior}`,
      `partition 1, prior ${prior}`,
    ]),
    ['pooled 0..2', 'pooled 3..5'],
    ...priors.map((prior): [string, string] => [
      `pooled 0..2, prior ${prior}`,
      `pooled 3..5, prior ${prior}`,
    ]),
    ['outer folds (before)', 'pooled 0..2'],
    ...priors.map((prior): [string, string] => ['outer folds (before)', `pooled 0..2, prior ${prior}`]),
  ];
  for (const [a, b] of pairs) {
    const va = variants.findIndex((variant) => variant.name === a);
    const vb = variants.findIndex((variant) => variant.name === b);
    if (va < 0 || vb < 0) continue;
    const counts = seeds.map((_, s) => {
      let differ = 0;
      let up = 0;
      let down = 0;
      const x = answers[field][va][s];
      const y = answers[field][vb][s];
      const labels = seedLabels[field][s];
      for (let at = 0; at < x.length; at++) {
        if (x[at] === y[at]) continue;
        differ++;
        if (labels[at][y[at]] === 1) up++;
        if (labels[at][x[at]] === 1) down++;
      }
      return `${differ} (${up} up, ${down} down)`;
    });
    console.log(`- ${a} → ${b}: ${counts.join('; ')}`);
  }
}
