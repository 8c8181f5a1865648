/**
 * A metadata reading change measured with the fold models held fixed (issue 42, session 13).
 *
 * Retraining on rows changed on a few pages reshuffles the trees and the inner scorings that pick
 * the margins and floors: ±5–20 pages a field (journal, rounds 9 and 10), more than most reading
 * fixes move. This script keeps the models: every WCXB dev page is chosen by the fold model of a
 * base run (`pith train metadata --held-out-dir DIR [--seed N]`) that did not see its site (the
 * base run's `folds-5-by-site.json` maps each page's bytes to its fold), with the page-type model
 * that fold model carries, over the rows the *current* code reads (`loadMetadataRows`, through
 * `pith/internal`, i.e. packages/pith/dist: run `npm run build` after a change). The choice is the
 * library's (`chosenRow` with the page types' `weightedMargins`) on the trainer's probabilities, so
 * on the base run's own code the figures are the trainer's held-out figures exactly. Only the
 * reading moves between two runs of this script; the model is the base run's.
 *
 *   nice -n 10 node --import tsx packages/cli/src/main.ts train metadata -o /tmp/base1/model.json --held-out-dir /tmp/base1 [--seed 2]
 *   nice -n 5 npx tsx bench/metadata/frozen-folds.ts --base /tmp/base1 --out /tmp/after1.jsonl [--against /tmp/before1.jsonl] [--show date] [--rows ROWS.json]
 *
 * `--fields title,author` scores those fields alone (a base run older than another field's columns).
 * `--rows` reads a rows file (`.cache/train/metadata/rows-*.json`, kept from an earlier build) instead of the
 * current code's. A model that reads other feature columns than the rows give is refused (a new feature needs a
 * retrain: `pith train metadata` on both seeds).
 *
 * Prints right / wrong / empty per field (wrong: a non-empty answer that is not the gold; empty:
 * none where the gold has one), and with `--against` (an earlier `--out` of this script) each
 * field's pages that changed outcome, paired: up (right only now), down (right only before), and
 * the other changes.
 *
 * The author is printed by both readings from the answer and the gold (whatever the rows' labels say): "inside"
 * (every gold name among the answer's: the scorer's, issue 42's) and "same set" (the stricter one, the scorer's up
 * to session 22), with the right answers that list names the gold lacks and the names an answer gives on average
 * (so that an answer padded with names shows).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { authorNameSet, authorNamesBeyond, goldNamesInside, sameAuthorNames } from '@pith/workbench/eval';
import { type MetadataRowSet, outcomeOf, rowProbabilities, tally } from '@pith/workbench/train';
import { CHOSEN_FIELDS, type ChosenField, chosenRow, weightedMargins } from 'pith/internal';
import { frozenRows, readRowSet } from './frozen-rows.js';
import { wcxbMetadataRows } from './held-out-fits.js';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    folds: { type: 'string', default: '5' },
    out: { type: 'string' },
    against: { type: 'string' },
    show: { type: 'string', default: '' },
    rows: { type: 'string' },
    fields: { type: 'string', default: CHOSEN_FIELDS.join(',') },
  },
});
/** The fields scored (`--fields title,author`): a base run older than a field's columns scores the others. */
const FIELDS = CHOSEN_FIELDS.filter((field) => values.fields.split(',').includes(field));
if (!values.base) {
  process.stderr.write(
    'usage: npx tsx bench/metadata/frozen-folds.ts --base HELD_OUT_DIR [--out F.jsonl] [--against F.jsonl]\n',
  );
  process.exit(2);
}

// The rows: the current code's (computed, or cached by its hash), or a rows file kept from a run.
const set: MetadataRowSet = values.rows ? readRowSet(values.rows) : await wcxbMetadataRows();
// The fold models' fields read without the library's check that their columns are the current
// code's: checked below against the rows' columns instead (a model and rows of the same code).
const { models, folds, rows } = frozenRows(values.base, set, Number(values.folds));
for (const field of FIELDS) {
  const names = models[0].fields[field].model.featureNames;
  const expected = set.names[field];
  if (names.length !== expected.length || names.some((name, at) => name !== expected[at]))
    throw new Error(
      `the base's ${field} model reads other columns than the rows give: a new feature needs a retrain`,
    );
}

interface Line {
  id: string;
  field: ChosenField;
  outcome: 'right' | 'wrong' | 'empty';
  answer: string;
  gold: string | null;
}
const lines: Line[] = [];
for (const field of FIELDS) {
  const outcomes: ('right' | 'wrong' | 'empty')[] = [];
  rows[field].forEach((page, index) => {
    const entry = models[folds[index]].fields[field];
    const probabilities = rowProbabilities(entry.model, page);
    const row = chosenRow(probabilities, page.rulesRow, weightedMargins(entry, page.types));
    const outcome = outcomeOf(page.labels, row);
    outcomes.push(outcome);
    const gold = set.pages[index].gold;
    lines.push({
      id: set.pages[index].id,
      field,
      outcome,
      answer: set.pages[index].fields[field].values[row] ?? '',
      gold: (field === 'title' ? gold.title : field === 'author' ? gold.author : gold.date) ?? null,
    });
  });
  const { pages, right, wrong, empty } = tally(outcomes);
  const share = (count: number) => (count / pages).toFixed(3);
  console.log(
    `${field}: right ${share(right)} wrong ${share(wrong)} empty ${share(empty)} (${right}/${wrong}/${empty} of ${pages})`,
  );
}
/** One author answer by a reading of the gold's names. */
function authorOutcome(
  answer: string,
  gold: string | null,
  match: (gold: ReadonlySet<string>, answer: ReadonlySet<string>) => boolean,
): 'right' | 'wrong' | 'empty' {
  const names = authorNameSet(answer);
  const expected = authorNameSet(gold ?? '');
  if (names.size === 0) return expected.size === 0 ? 'right' : 'empty';
  return expected.size > 0 && match(expected, names) ? 'right' : 'wrong';
}
if (FIELDS.includes('author')) {
  const authorLines = lines.filter((line) => line.field === 'author');
  for (const [reading, match] of [
    ['inside', goldNamesInside],
    ['same set', sameAuthorNames],
  ] as const) {
    const { pages, right, wrong, empty } = tally(
      authorLines.map((line) => authorOutcome(line.answer, line.gold, match)),
    );
    console.log(
      `author by "${reading}": ${right}/${wrong}/${empty} of ${pages} (${(right / pages).toFixed(4)})`,
    );
  }
  const answered = authorLines.filter((line) => line.answer !== '');
  const padded = authorLines.filter(
    (line) =>
      authorOutcome(line.answer, line.gold, goldNamesInside) === 'right' &&
      authorNamesBeyond(authorNameSet(line.gold ?? ''), authorNameSet(line.answer)) > 0,
  );
  const names = answered.reduce((sum, line) => sum + authorNameSet(line.answer).size, 0);
  console.log(
    `author: ${padded.length} right answers list names the gold lacks (${padded.map((line) => line.id).join(', ')}); ` +
      `${answered.length} answers, ${names} names (${(names / Math.max(1, answered.length)).toFixed(3)} a page), ` +
      `${answered.filter((line) => authorNameSet(line.answer).size > 1).length} with several`,
  );
}
if (values.out) writeFileSync(values.out, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);

if (values.against) {
  const before = new Map(
    readFileSync(values.against, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Line)
      .map((line) => [`${line.field}\0${line.id}`, line]),
  );
  const show = new Set(values.show.split(',').filter(Boolean));
  for (const field of FIELDS) {
    let up = 0;
    let down = 0;
    let other = 0;
    const changed: string[] = [];
    for (const line of lines) {
      if (line.field !== field) continue;
      const old = before.get(`${field}\0${line.id}`);
      if (old === undefined || (old.outcome === line.outcome && old.answer === line.answer)) continue;
      if (line.outcome === 'right') up++;
      else if (old.outcome === 'right') down++;
      else other++;
      changed.push(
        `  ${line.id} ${old.outcome} → ${line.outcome}: ${JSON.stringify(old.answer)} → ${JSON.stringify(line.answer)} (gold ${JSON.stringify(line.gold)})`,
      );
    }
    console.log(`${field}, against ${values.against}: ${up} up, ${down} down, ${other} other changes`);
    if (show.has(field)) for (const text of changed) console.log(text);
  }
}
