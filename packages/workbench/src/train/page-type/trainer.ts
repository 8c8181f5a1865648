/** `pith train page-type`: the page-type recogniser's model. */
import type { Trainer } from '../trainer.js';
import { wholeNumber } from '../trainer.js';
import { trainPageType } from './index.js';

interface Figures {
  accuracy: number;
  macroF1: number;
  perType?: Record<string, { pages: number; precision: number; recall: number; f1: number }>;
}

export const PAGE_TYPE_TRAINER: Trainer = {
  name: 'page-type',
  description:
    "Train the page-type recogniser's model (article, forum, product, collection, listing, documentation, " +
    "service) on WCXB dev's labels: one-vs-rest gradient-boosted trees over the page-type features, " +
    'measured by cross-validation grouped by host (and stratified), then trained on every page.',
  defaultOut: 'packages/pith/models/page-type.json',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: 'the dataset with page-type labels (default: wcxb-dev)',
      default: 'wcxb-dev',
    },
    {
      flags: '--folds <k>',
      description: 'cross-validation folds (0: none)',
      parse: wholeNumber(0),
      default: 5,
    },
    { flags: '--seed <n>', description: 'seed of the folds', parse: wholeNumber(0), default: 1 },
  ],
  help:
    '\nDeterministic: seeded learner and folds; the manifest records the date of the last commit of the\n' +
    'code the model depends on (or SOURCE_DATE_EPOCH), so the same command writes the same bytes.',
  async train(options, context) {
    const result = await trainPageType({
      dataset: options.dataset as string,
      folds: options.folds as number,
      seed: options.seed as number,
      command: context.command,
      log: context.log,
    });
    const evaluation = result.manifest.evaluation as {
      inSample: Figures;
      crossValidation?: { folds: number; groupedByHost: Figures; stratified: Figures };
    };
    const lines = [
      "The recogniser's answer (classifyPageType) against WCXB dev's labels:",
      '',
      '| | accuracy | macro F1 |',
      '| --- | ---: | ---: |',
      `| in-sample | ${evaluation.inSample.accuracy} | ${evaluation.inSample.macroF1} |`,
    ];
    const cv = evaluation.crossValidation;
    if (cv) {
      lines.push(
        `| held out, ${cv.folds}-fold grouped by host | ${cv.groupedByHost.accuracy} | ${cv.groupedByHost.macroF1} |`,
        `| held out, ${cv.folds}-fold stratified | ${cv.stratified.accuracy} | ${cv.stratified.macroF1} |`,
        '',
        `Held out (${cv.folds}-fold grouped by host), per type:`,
        '',
        '| type | pages | precision | recall | F1 |',
        '| --- | ---: | ---: | ---: | ---: |',
      );
      for (const [type, t] of Object.entries(cv.groupedByHost.perType ?? {}))
        lines.push(`| ${type} | ${t.pages} | ${t.precision} | ${t.recall} | ${t.f1} |`);
    }
    lines.push('', `Model: ${options.out} (${Buffer.byteLength(result.text)} bytes).`);
    return { text: result.text, report: `${lines.join('\n')}\n` };
  },
};
