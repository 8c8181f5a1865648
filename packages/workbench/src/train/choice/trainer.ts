/** `pith train choice`: the default extractor's choice among its candidate selections. */
import { existsSync } from 'node:fs';
import { PithError } from 'pith';
import { readHeldOut } from '../../eval/index.js';
import { collect, keyValue, type Trainer, wholeNumber } from '../trainer.js';
import { trainChoice } from './index.js';
import { CHOICE_DATASETS, collectChoicePages } from './pages.js';
import { CHOICE_TRAINING_PARAMS } from './train.js';

export const CHOICE_TRAINER: Trainer = {
  name: 'choice',
  description:
    "Train the default extractor's choice among its candidate selections (issue 37): every development " +
    "page's candidates built with the block model that did not see its site and scored in the dataset's " +
    "metric, gradient-boosted trees that estimate each candidate's F1, held out by site in the block " +
    "model's folds (stacking), then the model on every page, with its manifest.",
  defaultOut: 'packages/pith/models/pith-choice.json',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: `a development set; repeatable (default: ${CHOICE_DATASETS.join(', ')})`,
      parse: collect,
    },
    {
      flags: '--held-out <file>',
      description: "the block model's held-out file (pith train blocks --folds 5)",
      default: '.cache/train/blocks/folds-5-by-site.json',
    },
    {
      flags: '--pages <file>',
      description:
        'page lines (bench/choice/candidates.ts); repeatable; default: .cache/choice/pages.jsonl, computed when missing',
      parse: collect,
    },
    { flags: '--folds <k>', description: "the block model's fold count", parse: wholeNumber(2), default: 5 },
    {
      flags: '--param <key=value>',
      description: `a tree parameter (default: ${Object.entries(CHOICE_TRAINING_PARAMS)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}); repeatable`,
      parse: keyValue,
    },
    {
      flags: '--target <kind>',
      description: "what the trees learn per candidate: f1, or gain (its F1 over the balanced answer's)",
      default: 'f1',
    },
    {
      flags: '--choices <file>',
      description: 'write the held-out choices here (bench/choice/oracle.ts --choice)',
      default: '.cache/choice/held-out-choices.json',
    },
  ],
  help: '\nSee models/README.md. Deterministic: the same page lines, code and options write the same bytes.',
  async train(options, context) {
    const datasets = (options.dataset as string[] | undefined) ?? CHOICE_DATASETS;
    let pages = options.pages as string[] | undefined;
    if (!pages?.length) {
      pages = ['.cache/choice/pages.jsonl'];
      const heldOutFile = options.heldOut as string;
      if (!existsSync(heldOutFile))
        throw new PithError(
          'BAD_OPTION',
          `--held-out ${heldOutFile} not found: run pith train blocks --folds 5 first`,
        );
      await collectChoicePages({
        datasets,
        heldOut: readHeldOut(heldOutFile),
        out: pages[0],
        log: context.log,
      });
    }
    const result = await trainChoice({
      pages,
      datasets,
      folds: options.folds as number,
      params: (options.param as Record<string, number>) ?? {},
      target: options.target === 'gain' ? 'gain' : 'f1',
      choicesOut: options.choices as string,
      command: context.command,
      log: context.log,
    });
    return { text: result.text, report: result.report };
  },
};
