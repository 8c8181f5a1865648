/** `pith train metadata`: the metadata choice's model (title, authors, date). */
import path from 'node:path';
import { CHOSEN_FIELDS, type ChosenField } from 'pith/internal';
import { resolveDatasets } from '../datasets.js';
import { collect, oneOf, shareInUnitInterval, type Trainer, wholeNumber } from '../trainer.js';
import { readBaseRun } from './base.js';
import { type ChoiceLoss, DEFAULT_FIT, type FitSettings } from './fit.js';
import { type FieldFigures, trainMetadata } from './index.js';

/** A comma-separated list of metadata fields (title, author, date). */
function fieldList(value: string): ChosenField[] {
  const fields = value.split(',').filter(Boolean);
  for (const field of fields)
    if (!(CHOSEN_FIELDS as readonly string[]).includes(field))
      throw new Error(`${field}: not a metadata field (${CHOSEN_FIELDS.join(', ')})`);
  return fields as ChosenField[];
}

const share = (count: number, pages: number) => (pages === 0 ? '–' : (count / pages).toFixed(3));

function figuresTable(figures: Record<string, FieldFigures>): string {
  const lines = [
    '| field | pages | right (rules) | wrong (rules) | empty where the gold has one (rules) | margins per fold (none/rules ≥floor) |',
    '| --- | ---: | --- | --- | --- | --- |',
  ];
  for (const [field, { model, rules, margins }] of Object.entries(figures)) {
    lines.push(
      `| ${field} | ${model.pages} | **${share(model.right, model.pages)}** (${share(rules.right, rules.pages)}) | ${share(model.wrong, model.pages)} (${share(rules.wrong, rules.pages)}) | ${share(model.empty, model.pages)} (${share(rules.empty, rules.pages)}) | ${margins.join(', ')} |`,
    );
  }
  lines.push('', 'Right, by page type (model / rules, pages):', '');
  const types = Object.keys(Object.values(figures)[0]?.byType ?? {}).sort();
  lines.push(`| field | ${types.join(' | ')} |`, `| --- | ${types.map(() => '---').join(' | ')} |`);
  for (const [field, { byType }] of Object.entries(figures))
    lines.push(
      `| ${field} | ${types
        .map((type) => {
          // own-keys: types are the keys of byType itself
          const [m, r, n] = byType[type];
          return `${share(m, n)} / ${share(r, n)} (${n})`;
        })
        .join(' | ')} |`,
    );
  lines.push(
    '',
    "Margins per fold by page type (none/rules, or the rules' answer; a page's are its types' weighted by their probabilities):",
    '',
  );
  for (const [field, { marginsByType }] of Object.entries(figures))
    lines.push(
      `- ${field}: ${Object.entries(marginsByType)
        .map(([type, margins]) => `${type} ${margins.join(', ')}`)
        .join('; ')}`,
    );
  lines.push('', 'Right, by half of the metadata split (model / rules, pages):', '');
  for (const [field, { byHalf }] of Object.entries(figures))
    lines.push(
      `- ${field}: ${Object.entries(byHalf)
        .map(([half, [m, r, n]]) => `${half} ${share(m, n)} / ${share(r, n)} (${n})`)
        .join('; ')}`,
    );
  return `${lines.join('\n')}\n`;
}

export const METADATA_TRAINER: Trainer = {
  name: 'metadata',
  description:
    "Train the metadata choice's model: for the title, the authors and the publication date, " +
    'gradient-boosted trees that score every candidate the page offers, on WCXB dev’s metadata gold, ' +
    'measured by cross-validation grouped by site (with page-type models of each fold), then trained on every page.',
  defaultOut: 'packages/pith/models/metadata.json',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: 'a dataset with metadata gold; repeatable (default: wcxb-dev); the development split only',
      parse: collect,
    },
    {
      flags: '--folds <k>',
      description:
        'cross-validation folds by site (0: none); their models and held-out file go to --held-out-dir',
      parse: wholeNumber(0),
      default: 5,
    },
    { flags: '--seed <n>', description: 'seed of the folds', parse: wholeNumber(0), default: 1 },
    {
      flags: '--title-loss <loss>',
      description:
        "the title's loss: logistic (a label per candidate), softmax or pairs (a ranking within the page)",
      parse: oneOf(['logistic', 'softmax', 'pairs']),
      default: DEFAULT_FIT.titleLoss,
    },
    {
      flags: '--wrong-share <share>',
      description:
        "the share of pages the inner folds may answer wrongly (the author's and the date's floors)",
      parse: shareInUnitInterval,
      default: DEFAULT_FIT.wrongShare,
    },
    {
      flags: '--floors-by <what>',
      description: "the author's and the date's floors: type (one per page type, chosen together) or field",
      parse: oneOf(['type', 'field']),
      default: DEFAULT_FIT.floorsBy,
    },
    {
      flags: '--title-margins <how>',
      description:
        "the title's margins toward the rules' answer: inner (chosen in the inner folds per page type) or none (the likeliest candidate)",
      parse: oneOf(['inner', 'none']),
      default: DEFAULT_FIT.titleMargins,
    },
    {
      flags: '--inner-seeds <n>',
      description:
        "how many partitions by site (the outer folds, then others) score the training pages for the author's and the date's margins and floors, pooled",
      parse: wholeNumber(1),
      default: DEFAULT_FIT.innerSeeds,
    },
    {
      flags: '--floor-prior <pages>',
      description:
        "pseudo pages of the field's answers added to each page type's when its floor is chosen (0: none)",
      parse: wholeNumber(0),
      default: DEFAULT_FIT.floorPrior,
    },
    {
      flags: '--base <dir>',
      description:
        'a base run’s held-out dir (its folds-K-by-site.json and fold models), for --keep and --keep-margins; same seed and pages',
    },
    {
      flags: '--base-model <file>',
      description: "the base run's model on every page (default: <base>/model.json)",
    },
    {
      flags: '--keep <fields>',
      description:
        "fields taken whole from the base run (trees, margins, floors; their columns unchanged), e.g. title,author when only the date's columns changed",
      parse: fieldList,
    },
    {
      flags: '--keep-margins <fields>',
      description: "fields refitted with the base run's margins and floors, fold by fold",
      parse: fieldList,
    },
    {
      flags: '--held-out-dir <dir>',
      description: 'where the fold models and their held-out file go',
      default: path.join('.cache', 'train', 'metadata'),
    },
  ],
  help:
    '\nDeterministic: seeded learner and folds, a fixed "now" for dates; the manifest records the date of the\n' +
    'last commit of the code the model depends on (or SOURCE_DATE_EPOCH), so the same command writes the same bytes.\n' +
    'Score the fold models beside trafilatura: pith bench -d wcxb-dev -e pith:held-out=.cache/train/metadata/folds-5-by-site.json\n' +
    '  --peer trafilatura -o DIR, then npx tsx bench/metadata/report.ts DIR/results.json.',
  async train(options, context) {
    const datasets = await resolveDatasets((options.dataset as string[] | undefined) ?? ['wcxb-dev']);
    const keep = (options.keep as ChosenField[] | undefined) ?? [];
    const keepMargins = (options.keepMargins as ChosenField[] | undefined) ?? [];
    const baseDir = options.base as string | undefined;
    if ((keep.length > 0 || keepMargins.length > 0) && baseDir === undefined)
      throw new Error('--keep and --keep-margins need --base');
    const base =
      baseDir === undefined
        ? undefined
        : readBaseRun(
            baseDir,
            (options.baseModel as string | undefined) ?? path.join(baseDir, 'model.json'),
            options.folds as number,
            keep,
            keepMargins,
          );
    const result = await trainMetadata({
      datasets,
      folds: options.folds as number,
      seed: options.seed as number,
      heldOutDir: options.heldOutDir as string,
      command: context.command,
      log: context.log,
      ...(base ? { base } : {}),
      fit: {
        titleLoss: options.titleLoss as ChoiceLoss,
        wrongShare: options.wrongShare as number,
        floorsBy: options.floorsBy as FitSettings['floorsBy'],
        titleMargins: options.titleMargins as FitSettings['titleMargins'],
        innerSeeds: options.innerSeeds as number,
        floorPrior: options.floorPrior as number,
      },
    });
    const lines: string[] = [];
    if (result.figures) {
      lines.push(
        `Held out (${options.folds as number}-fold by site), the bench's metric (src/eval/metrics/metadata.ts); the rules' answers on the same pages in brackets:`,
        '',
        figuresTable(result.figures),
        `Fold models and their held-out file: ${result.heldOut}`,
        '',
      );
    }
    lines.push(`Model: ${options.out} (${Buffer.byteLength(result.text)} bytes).`);
    return { text: result.text, report: `${lines.join('\n')}\n` };
  },
};
