/**
 * Idea (a) of issue 37's third session: a favor mode per page from its page type — precision on
 * pages that read as articles, recall off them, balanced between — its thresholds on the article
 * probability tuned on the training folds and its family (none / precision only / recall only /
 * both) chosen by inner cross-validation (src/train/choice/favor-switch.ts). Held out by site in
 * the choice's five folds (the block model's); each set in its own metric. WCXB's page-type
 * probabilities are the page-type model's held-out ones (`--page-types`, bench/choice/page-types.ts):
 * the shipped page-type model was trained on every WCXB development page.
 * Writes held-out choices in the format bench/choice/oracle.ts --choice reads.
 *
 *   npx tsx bench/choice/mode.ts --pages … [--page-types .cache/choice/page-types-wcxb.json]
 *     [--family both] [--out .cache/choice/mode-choices.json]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bootstrapMean } from '@pith/workbench/eval';
import {
  type ChoicePageLine,
  choiceFolds,
  chooseFavorSwitch,
  type FavorFamily,
  type FavorPage,
  readChoicePages,
  tuneFavorSwitch,
  usablePage,
} from '@pith/workbench/train';
import { CHOICE_FEATURE_NAMES, type FavorMode, switchedFavor } from 'pith/internal';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', multiple: true, default: [] },
    'page-types': { type: 'string', default: '.cache/choice/page-types-wcxb.json' },
    family: { type: 'string' },
    out: { type: 'string', default: '.cache/choice/mode-choices.json' },
  },
});
const lines = readChoicePages(values.pages ?? []).filter(usablePage);
const folds = choiceFolds(lines, 5);
const heldOutTypes: Record<string, number[]> =
  values['page-types'] && existsSync(values['page-types'])
    ? (JSON.parse(readFileSync(values['page-types'], 'utf8')) as Record<string, number[]>)
    : {};
const ARTICLE = CHOICE_FEATURE_NAMES.indexOf('p:type.article');
const f1 = (line: ChoicePageLine, name: string) => line.scores[name]?.f1 ?? 0;
const articleOf = (line: ChoicePageLine) =>
  line.dataset === 'wcxb-dev' && heldOutTypes[line.id]
    ? heldOutTypes[line.id][0]
    : (line.features[ARTICLE] ?? Number.NaN);
const favorPages: FavorPage[] = lines.map((line) => ({
  article: articleOf(line),
  f1: { balanced: f1(line, 'balanced'), precision: f1(line, 'precision'), recall: f1(line, 'recall') },
}));
if (lines.some((line) => line.dataset === 'wcxb-dev' && !heldOutTypes[line.id]))
  console.error('warning: WCXB pages without held-out page types (their probabilities are in sample)');

const modes: FavorMode[] = new Array(lines.length).fill('balanced');
for (let fold = 0; fold < 5; fold++) {
  const train = lines.map((_, page) => page).filter((page) => folds[page] !== fold);
  const trainPages = train.map((page) => favorPages[page]);
  const chosen = values.family
    ? {
        family: values.family as FavorFamily,
        rule: tuneFavorSwitch(trainPages, values.family as FavorFamily).rule,
        innerGain: {},
      }
    : chooseFavorSwitch(
        trainPages,
        train.map((page) => folds[page]),
      );
  for (let page = 0; page < lines.length; page++)
    if (folds[page] === fold) modes[page] = switchedFavor(favorPages[page].article, chosen.rule);
  console.error(
    `fold ${fold + 1}: ${chosen.family} precision ≥ ${chosen.rule.precisionFrom} recall < ${chosen.rule.recallBelow} ` +
      `(inner gains ${Object.entries(chosen.innerGain)
        .map(([name, gain]) => `${name} ${(gain as number).toFixed(3)}`)
        .join(', ')})`,
  );
}
const inSampleRule = tuneFavorSwitch(favorPages, 'both').rule;
console.error(`in sample: precision ≥ ${inSampleRule.precisionFrom} recall < ${inSampleRule.recallBelow}`);

const pagesOut: Record<string, { candidate: string }> = {};
lines.forEach((line, page) => {
  pagesOut[`${line.dataset}/${line.id}`] = { candidate: modes[page] };
});
writeFileSync(values.out ?? '', JSON.stringify({ pages: pagesOut }));

const fmt = (value: number) => value.toFixed(4);
const oracleOf = (line: ChoicePageLine, names: readonly string[]) =>
  Math.max(...names.map((name) => f1(line, name)));
console.log(
  '| dev set (pages) | default | precision everywhere | recall everywhere | oracle of the modes | oracle of the candidates | switch (held out) | Δ [95 %] | share of the gap (modes / candidates) | in sample | pages to P / R |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
const groups: [string, (line: ChoicePageLine) => boolean][] = [
  ...[...new Set(lines.map((line) => line.dataset))].map(
    (dataset) =>
      [dataset, (line: ChoicePageLine) => line.dataset === dataset] as [
        string,
        (line: ChoicePageLine) => boolean,
      ],
  ),
  ...['article', 'service', 'listing', 'documentation', 'forum', 'product', 'collection'].map(
    (type) =>
      [
        `wcxb-dev: ${type}`,
        (line: ChoicePageLine) => line.dataset === 'wcxb-dev' && line.pageType === type,
      ] as [string, (line: ChoicePageLine) => boolean],
  ),
];
for (const [name, member] of groups) {
  const of = lines.map((line, page) => [line, page] as const).filter(([line]) => member(line));
  if (of.length === 0) continue;
  const mean = (pick: (line: ChoicePageLine, page: number) => number) =>
    of.reduce((sum, [line, page]) => sum + pick(line, page), 0) / of.length;
  const base = mean((line) => f1(line, 'balanced'));
  const modeOracle = mean((line) => oracleOf(line, ['balanced', 'precision', 'recall']));
  const oracle = mean((line) => oracleOf(line, line.candidates));
  const choice = mean((line, page) => f1(line, modes[page]));
  const fitted = mean((line, page) => f1(line, switchedFavor(favorPages[page].article, inSampleRule)));
  const delta = bootstrapMean(
    of.map(([line, page]) => f1(line, modes[page]) - f1(line, 'balanced')),
    { resamples: 1000, seed: 1 },
  );
  const toP = of.filter(([, page]) => modes[page] === 'precision').length;
  const toR = of.filter(([, page]) => modes[page] === 'recall').length;
  const share = (top: number) => (top > base ? ((choice - base) / (top - base)).toFixed(2) : '–');
  console.log(
    `| ${name} (${of.length}) | ${fmt(base)} | ${fmt(mean((line) => f1(line, 'precision')))} | ${fmt(mean((line) => f1(line, 'recall')))} | ${fmt(modeOracle)} | ${fmt(oracle)} | ${fmt(choice)} | ${delta.estimate >= 0 ? '+' : ''}${delta.estimate.toFixed(4)} [${delta.low.toFixed(3)}, ${delta.high.toFixed(3)}] | ${share(modeOracle)} / ${share(oracle)} | ${fmt(fitted)} | ${toP} / ${toR} |`,
  );
}
