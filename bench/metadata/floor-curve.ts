/**
 * The floors' trade-off, held out: from the held-out probabilities `pith train metadata` writes
 * (`scores-5-by-site.json` in its --held-out-dir), each field's right, wrong and empty shares when
 * one floor is put on every page (over the margins the folds chose), for two measures of how sure
 * the choice is: the chosen row's probability, and its lead over the next likeliest candidate.
 * A reading aid for the journal (the floors shipped are chosen inside the folds, fit.ts).
 *
 *   npx tsx bench/metadata/floor-curve.ts .cache/train/metadata/scores-5-by-site.json [--field author]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chosenRow, type FieldMargins } from 'pith/internal';

interface ScoredPage {
  probabilities: number[];
  labels: number[];
  rulesRow: number;
  type: number;
  margins: FieldMargins;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { field: { type: 'string', multiple: true } },
});
if (!positionals[0]) {
  process.stderr.write('usage: npx tsx bench/metadata/floor-curve.ts SCORES.json [--field F]…\n');
  process.exit(2);
}
const scores = JSON.parse(readFileSync(positionals[0], 'utf8')) as Record<string, ScoredPage[]>;
const fields = values.field ?? Object.keys(scores);
const FLOORS = [0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8];

/** The page's answer with its margins and no floor, and how sure it is by each measure. */
function reading(page: ScoredPage) {
  const row = chosenRow(page.probabilities, page.rulesRow, { ...page.margins, floor: 0 });
  const none = page.probabilities.length - 1;
  let second = 0;
  page.probabilities.forEach((p, at) => {
    if (at !== row && at !== none) second = Math.max(second, p);
  });
  return { row, none, probability: page.probabilities[row], lead: page.probabilities[row] - second };
}

const share = (count: number, pages: number) => (count / pages).toFixed(3);

for (const field of fields) {
  const pages = scores[field];
  const read = pages.map(reading);
  process.stdout.write(
    `\n${field} (${pages.length} pages): floor | on p: right / wrong / empty | on lead: right / wrong / empty\n`,
  );
  for (const floor of FLOORS) {
    const cells = (['probability', 'lead'] as const).map((measure) => {
      let right = 0;
      let wrong = 0;
      let empty = 0;
      pages.forEach((page, at) => {
        const { row, none } = read[at];
        const kept = row !== none && read[at][measure] >= floor ? row : none;
        if (page.labels[kept] === 1) right++;
        else if (kept === none) empty++;
        else wrong++;
      });
      return `${share(right, pages.length)} / ${share(wrong, pages.length)} / ${share(empty, pages.length)}`;
    });
    process.stdout.write(`| ${floor} | ${cells.join(' | ')} |\n`);
  }
}
