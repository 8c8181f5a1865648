/**
 * Body missed (issue 37's target: recall < 0.2 on a page whose gold has 50+ words, at most 0.3 % of
 * the pages of every set), from the page lines of bench/choice/candidates.ts (each page extracted
 * with the block model that did not see its site, its candidates and the seed extractors scored):
 * per development set the share of pages the default missed, and per missed page what every other
 * candidate and seed got (which of them would have found the body). trafilatura-eval's gold is
 * snippets (no word count): there a page counts when it has a snippet that must be found and the
 * default found under 0.2 of them.
 *
 * With `--guard`, the body guard (packages/pith/src/extractors/pith/body-guard.ts) is applied to
 * each page's candidate rows as the extractor applies it, and the set's mean F1 and body-missed
 * count are given for both, with a 95 % bootstrap interval of the paired difference. With `--foot`
 * the comparison is the guard as it was (before) against the guard with its footer-text rule
 * (guardFooterText, over the text features of the page lines' rendered texts), with the pages up and down.
 *
 *   npx tsx bench/misses/body-missed.ts --pages FILE … [--guard [--foot]] [--list]
 */
import { parseArgs } from 'node:util';
import { bootstrapMean, type PrimaryScore } from '@pith/workbench/eval';
import { type ChoicePageLine, readChoicePages } from '@pith/workbench/train';
import { guardBody, guardFooterText } from 'pith/internal';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', multiple: true, default: [] },
    guard: { type: 'boolean', default: false },
    foot: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    resamples: { type: 'string', default: '1000' },
  },
});
const lines = readChoicePages(values.pages ?? []);
const resamples = Number(values.resamples);
const MISSED_RECALL = 0.2;
const MIN_GOLD_WORDS = 50;

/** Whether the page can count as a body missed (a gold of 50+ words, or a snippet to find). */
const counts = (line: ChoicePageLine) =>
  line.metric === 'snippets'
    ? (line.scores.balanced?.tp ?? 0) + (line.scores.balanced?.fn ?? 0) > 0
    : line.goldWords >= MIN_GOLD_WORDS;
const missed = (score: PrimaryScore | null | undefined) => (score?.r ?? 0) < MISSED_RECALL;

/**
 * The candidate the guard answers with on this page ('balanced' when it does not fire); with
 * `foot`, the footer-text rule after it (only where the page line has the texts' features).
 */
function guarded(line: ChoicePageLine, foot = values.foot ?? false): { name: string } {
  if (line.features.length === 0) return { name: 'balanced' };
  const rows = Float32Array.from(line.features, (value) => (value === null ? Number.NaN : value));
  let chosen = guardBody(rows, line.candidates).chosen;
  if (chosen === 0 && foot && line.text)
    chosen = guardFooterText(
      rows,
      line.candidates,
      line.candidates.map((name) => line.text?.[name]),
    ).chosen;
  const name = line.candidates[chosen] ?? 'balanced';
  if (line.scores[name] === undefined) unscored.push(`${line.dataset}/${line.id}`);
  return { name };
}
/** Pages where the guard answers with a candidate the page lines did not score (collect them again). */
const unscored: string[] = [];

const fmt = (value: number) => value.toFixed(4);
const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(2)} %` : '–');
const f1 = (score: PrimaryScore | null | undefined) => score?.f1 ?? 0;

const datasets = [...new Set(lines.map((line) => line.dataset))];
const table: string[] = [];
const listing: string[] = [];
for (const dataset of datasets) {
  const pages = lines.filter((line) => line.dataset === dataset && line.scores.balanced !== null);
  const eligible = pages.filter(counts);
  const missedPages = eligible.filter((line) => missed(line.scores.balanced));
  let row = `| ${dataset} | ${pages.length} | ${eligible.length} | ${missedPages.length} (${pct(missedPages.length, eligible.length)}) |`;
  const found = (name: string) => missedPages.filter((line) => !missed(line.scores[name])).length;
  const names = [
    'recall',
    'loose',
    'heuristic',
    'union',
    'paragraphs',
    'structured',
    'seed:cuter',
    'seed:mss',
  ];
  row += ` ${names.map((name) => found(name)).join(' | ')} | ${missedPages.filter((line) => Object.keys(line.scores).some((name) => !missed(line.scores[name]))).length} |`;
  if (values.guard) {
    const choices = pages.map((line) => guarded(line));
    // Before: no guard, or with --foot the guard without its footer-text rule.
    const before = pages.map((line) => (values.foot ? guarded(line, false) : { name: 'balanced' }));
    const base = pages.map((line, index) => f1(line.scores[before[index].name]));
    const after = pages.map((line, index) => f1(line.scores[choices[index].name]));
    const delta = bootstrapMean(
      after.map((value, index) => value - base[index]),
      { resamples, seed: 1 },
    );
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / Math.max(1, list.length);
    const missedAfter = eligible.filter((line) => missed(line.scores[guarded(line).name])).length;
    const missedBefore = eligible.filter((line) =>
      missed(line.scores[(values.foot ? guarded(line, false) : { name: 'balanced' }).name]),
    ).length;
    const fired = choices.filter((choice, index) => choice.name !== before[index].name).length;
    const up = after.filter((value, index) => value > base[index] + 1e-9).length;
    const down = after.filter((value, index) => value < base[index] - 1e-9).length;
    row += `${values.foot ? ` ${missedBefore} (${pct(missedBefore, eligible.length)}) →` : ''} ${missedAfter} (${pct(missedAfter, eligible.length)}) | ${fmt(mean(base))} → ${fmt(mean(after))} | ${delta.estimate >= 0 ? '+' : ''}${delta.estimate.toFixed(4)} [${delta.low.toFixed(4)}, ${delta.high.toFixed(4)}] | ${fired} (${up} up, ${down} down) |`;
  }
  table.push(row);
  for (const line of values.list ? missedPages : []) {
    const cell = (name: string) => {
      const score = line.scores[name];
      return score === undefined ? '–' : `${score?.r.toFixed(2) ?? 'n/a'}/${score?.f1.toFixed(2) ?? 'n/a'}`;
    };
    const guard = values.guard ? ` ${guarded(line).name} |` : '';
    listing.push(
      `| ${dataset} ${line.id} | ${line.goldWords} | ${line.words.balanced ?? 0} | ${['balanced', ...names].map(cell).join(' | ')} |${guard}`,
    );
  }
  if (values.guard && values.list)
    for (const [index, line] of pages.entries()) {
      const choice = guarded(line);
      const was = values.foot ? guarded(line, false).name : 'balanced';
      if (choice.name === was) continue;
      if (missedPages.includes(line)) continue;
      listing.push(
        `| ${dataset} ${line.id} (not missed) | ${line.goldWords} | ${line.words.balanced ?? 0} | ${was} ${f1(line.scores[was]).toFixed(3)} → ${choice.name} ${f1(line.scores[choice.name]).toFixed(3)} (${index}) |`,
      );
    }
}
const guardHead = values.guard
  ? ' missed with the guard | mean F1 default → guard | Δ [95 %] | pages switched |'
  : '';
const guardRule = values.guard ? '---|---|---|---|' : '';
console.log(
  `| dev set | pages | gold 50+ words | body missed (default) | found by recall | loose | heuristic | union | paragraphs | structured | CUTER | MSS | by any |${guardHead}`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|${guardRule}`);
for (const row of table) console.log(row);
if (values.list) {
  console.log(
    '\nMissed pages, recall/F1 of each (default = balanced; candidates; seeds):\n\n| page | gold words | default words | balanced | recall | loose | heuristic | union | paragraphs | structured | CUTER | MSS |' +
      (values.guard ? ' guard |' : ''),
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|${values.guard ? '---|' : ''}`);
  for (const row of listing) console.log(row);
}
if (unscored.length > 0)
  console.log(`\nThe guard answers with an unscored candidate on: ${[...new Set(unscored)].join(' ')}`);
