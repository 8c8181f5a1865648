/**
 * Where a metadata retrain's churn comes from (issue 42, session 14): for each fold seed, the
 * trainer's fold fits on the current rows, scored held out by site, against a base run's fold
 * models (`pith train metadata --held-out-dir DIR --seed N`, the shipped model's code):
 *
 * - `base`: the base fold models frozen (trees, page-type models, margins and floors) on the current rows;
 * - `refit`: the trainer's fit on the current rows (trees, page types, margins and floors all new);
 * - `refit, base margins`: the refit's trees with each fold's margins and floors taken from the base's fold model;
 * - `refit, base types`: the refit's trees and choice, the page types by the base's page-type models;
 *
 * so the pages that move between `base` and `refit` split into the trees' part and the choice's part.
 * Each variant's per-page outcomes go to `--out` (JSON lines) for paired comparisons between runs
 * (`--against` an earlier `--out`: pages up / down per field and variant).
 *
 *   nice -n 5 npx tsx bench/metadata/steady.ts --seeds 1,2 --base DIR{seed} [--fields author,date] [--out F.jsonl] [--against G.jsonl] [--rows ROWS.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DEFAULT_FIT,
  fieldRows,
  fitFieldWithBias,
  type MetadataRowSet,
  outcomeOf,
  readBaseFolds,
  rowProbabilities,
  tally,
} from '@pith/workbench/train';
import {
  type ChosenField,
  chosenRow,
  type FieldMargins,
  type FieldParts,
  pageTypeModelFromJson,
  weightedMargins,
} from 'pith/internal';
import { frozenPageTypes, readRowSet } from './frozen-rows.js';
import { metadataFolds, wcxbMetadataRows } from './held-out-fits.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2' },
    base: { type: 'string' },
    fields: { type: 'string', default: 'title,author,date' },
    out: { type: 'string' },
    against: { type: 'string' },
    rows: { type: 'string' },
  },
});
const k = 5;
const fields = values.fields.split(',') as ChosenField[];
const set: MetadataRowSet = values.rows ? readRowSet(values.rows) : await wcxbMetadataRows();

type Outcome = 'right' | 'wrong' | 'empty';
interface Line {
  seed: number;
  field: ChosenField;
  variant: string;
  id: string;
  outcome: Outcome;
  row: number;
}
const lines: Line[] = [];

interface BaseFold {
  fields: Record<ChosenField, FieldParts>;
  pageType: ReturnType<typeof pageTypeModelFromJson>;
}

for (const seed of values.seeds.split(',').map(Number)) {
  if (values.base === undefined)
    throw new Error('--base DIR{seed}: the base runs (pith train metadata --held-out-dir DIR --seed N)');
  const dir = values.base.replace('{seed}', String(seed));
  const heldOut = readBaseFolds(dir, k);
  const base: BaseFold[] = heldOut.models.map((model) => ({
    fields: model.fields,
    pageType: pageTypeModelFromJson(model.pageType),
  }));
  const { folds, rows, extraFoldings } = metadataFolds(set, k, seed);
  let foldsDiffer = 0;
  set.pages.forEach((page, index) => {
    if (heldOut.pages[page.digest] !== folds[index]) foldsDiffer++;
  });
  const baseRows = fieldRows(
    set,
    frozenPageTypes(
      set,
      base.map((fold) => fold.pageType),
      folds,
    ),
  );
  let typesDiffer = 0;
  rows.title.forEach((page, index) => {
    if (page.type !== baseRows.title[index].type) typesDiffer++;
  });
  console.log(
    `seed ${seed}: ${foldsDiffer} pages in another fold than the base's; likeliest page type differs from the base's page-type models on ${typesDiffer}`,
  );
  const all = set.pages.map((_, index) => index);
  for (const field of fields) {
    const names = set.names[field];
    const sameColumns = (() => {
      const baseNames = base[0].fields[field].model.featureNames;
      return baseNames.length === names.length && baseNames.every((name, at) => name === names[at]);
    })();
    const record = (variant: string, index: number, probabilities: number[], margins: FieldMargins) => {
      const page = rows[field][index];
      const row = chosenRow(probabilities, page.rulesRow, margins);
      lines.push({
        seed,
        field,
        variant,
        id: set.pages[index].id,
        outcome: outcomeOf(page.labels, row),
        row,
      });
    };
    for (let f = 0; f < k; f++) {
      const fit = fitFieldWithBias(
        field,
        names,
        rows[field],
        all.filter((index) => folds[index] !== f),
        folds,
        DEFAULT_FIT,
        extraFoldings,
      );
      const baseFit = base[f].fields[field];
      for (const index of all) {
        if (folds[index] !== f) continue;
        const page = rows[field][index];
        const basePage = baseRows[field][index];
        const probabilities = rowProbabilities(fit.model, page);
        record('refit', index, probabilities, weightedMargins(fit, page.types));
        record('refit, base margins', index, probabilities, weightedMargins(baseFit, page.types));
        record(
          'refit, base types',
          index,
          rowProbabilities(fit.model, basePage),
          weightedMargins(fit, basePage.types),
        );
        if (sameColumns) {
          const baseProbabilities = rowProbabilities(baseFit.model, basePage);
          record('base', index, baseProbabilities, weightedMargins(baseFit, basePage.types));
          record('base trees, refit margins', index, baseProbabilities, weightedMargins(fit, basePage.types));
        }
      }
    }
  }
}

const key = (line: Line) => `${line.seed}\0${line.field}\0${line.variant}`;
const groups = new Map<string, Line[]>();
for (const line of lines) {
  const list = groups.get(key(line)) ?? [];
  groups.set(key(line), list);
  list.push(line);
}
const byId = (list: readonly Line[]) => new Map(list.map((line) => [line.id, line]));
const paired = (before: readonly Line[], after: readonly Line[]) => {
  const old = byId(before);
  let up = 0;
  let down = 0;
  let moved = 0;
  for (const line of after) {
    const was = old.get(line.id);
    if (was === undefined || was.row === line.row) continue;
    moved++;
    if (line.outcome === 'right' && was.outcome !== 'right') up++;
    if (line.outcome !== 'right' && was.outcome === 'right') down++;
  }
  return `${moved} moved (${up} up, ${down} down)`;
};
for (const [name, list] of groups) {
  const [seed, field, variant] = name.split('\0');
  const t = tally(list.map((line) => line.outcome));
  const share = (count: number) => (count / t.pages).toFixed(3);
  const baseList = groups.get(`${seed}\0${field}\0base`);
  const against = baseList && variant !== 'base' ? `; against base: ${paired(baseList, list)}` : '';
  console.log(
    `seed ${seed} ${field} ${variant}: ${share(t.right)} / ${share(t.wrong)} / ${share(t.empty)} (${t.right}/${t.wrong}/${t.empty})${against}`,
  );
}
if (values.against) {
  const earlier = new Map<string, Line[]>();
  for (const text of readFileSync(values.against, 'utf8').split('\n').filter(Boolean)) {
    const line = JSON.parse(text) as Line;
    const list = earlier.get(key(line)) ?? [];
    earlier.set(key(line), list);
    list.push(line);
  }
  for (const [name, list] of groups) {
    const before = earlier.get(name);
    if (before)
      console.log(`against ${values.against}: ${name.split('\0').join(' ')}: ${paired(before, list)}`);
  }
}
if (values.out) writeFileSync(values.out, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
