/**
 * Every author page the frozen fold models get wrong or leave empty (issue 42, session 22): the page's type, the
 * chosen row, "none" with its margin and the floor, and every candidate with its probability and sources, so a
 * reading fix can be judged against what the frozen model would do with it.
 *
 *   nice -n 5 npx tsx bench/metadata/author-misses.ts BASE_DIR ROWS.json
 */
import { outcomeOf, rowProbabilities } from '@pith/workbench/train';
import { chosenRow, PAGE_TYPE_NAMES, weightedMargins } from 'pith/internal';
import { frozenFieldRows } from './frozen-rows.js';

const [base, rowsFile] = process.argv.slice(2);
const field = 'author' as const;
const { set, folds, models, rows, names, width } = frozenFieldRows(base, rowsFile, field);
const sourceColumns = names.map((name, at) => [name, at] as const).filter(([name]) => name.includes('.src.'));
rows.forEach((page, index) => {
  const entry = models[folds[index]].fields[field];
  const probabilities = rowProbabilities(entry.model, page);
  const margins = weightedMargins(entry, page.types);
  const row = chosenRow(probabilities, page.rulesRow, margins);
  const outcome = outcomeOf(page.labels, row);
  if (outcome === 'right') return;
  const data = set.pages[index];
  const none = probabilities.length - 1;
  const raw = data.fields[field].rows as unknown as number[];
  const types = Array.from(page.types as ArrayLike<number>);
  const type = PAGE_TYPE_NAMES[types.indexOf(Math.max(...types))];
  const candidates = data.fields[field].values.slice(0, none).map((value, at) => {
    const sources = sourceColumns
      .filter(([, column]) => raw[at * width + column] > 0)
      .map(([name]) => name.replace(`${field}.src.`, ''));
    const mark = page.labels[at] === 1 ? '*' : '';
    return `${mark}r${at} ${probabilities[at].toFixed(2)} ${JSON.stringify(value)} [${sources.join(',')}]`;
  });
  console.log(
    `${data.id} ${type} ${outcome} chose r${row} none=${probabilities[none].toFixed(2)}+${margins.noneBias.toFixed(2)} floor=${(margins.floor ?? 0).toFixed(2)} gold ${JSON.stringify(data.gold.author ?? '')}\n    ${candidates.join('\n    ')}`,
  );
});
