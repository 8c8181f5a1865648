/** `pith train blocks`: the default extractor's block classifier. */
import os from 'node:os';
import { PithError } from '../../index.js';
import { resolveDatasets } from '../datasets.js';
import type { HeldOutFigure } from '../held-out.js';
import { collect, keyValue, type Trainer, wholeNumber } from '../trainer.js';
import { BLOCK_TRAINING_DATASETS, BLOCK_TRAINING_PARAMS, trainBlocks } from './index.js';
import { BLOCK_LABELLERS } from './labels.js';

function groupBy(value: string): 'site' | 'page' {
  if (value !== 'site' && value !== 'page') throw new Error("expected 'site' or 'page'");
  return value;
}

function figuresTable(title: string, figures: Record<string, HeldOutFigure>): string {
  const lines = [
    title,
    '',
    '| dataset | metric | pages | F1 | 95% interval |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const [name, figure] of Object.entries(figures)) {
    lines.push(
      `| ${name} | ${figure.metric} | ${figure.pages} | ${figure.f1.toFixed(4)} | ${figure.low.toFixed(3)}–${figure.high.toFixed(3)} |`,
    );
    for (const [type, byType] of Object.entries(figure.byType ?? {}))
      lines.push(`| ${name}: ${type} | | ${byType.pages} | ${byType.f1.toFixed(4)} | |`);
  }
  return `${lines.join('\n')}\n`;
}

export const BLOCKS_TRAINER: Trainer = {
  name: 'blocks',
  description:
    "Train the default extractor's block classifier (gradient-boosted trees over the block features " +
    'the extractor computes): rows and labels from each page’s gold, cross-validation folds by site ' +
    '(each page scored by the model that did not see its site) scored with the bench, then the model ' +
    'on every page, with its manifest.',
  defaultOut: 'models/pith-blocks.json',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: `NAME, PATH or FORMAT:PATH; repeatable (default: ${BLOCK_TRAINING_DATASETS.join(', ')}); the development split only`,
      parse: collect,
    },
    {
      flags: '--labels <dataset=kind>',
      description: `how a dataset's pages are labelled: ${Object.keys(BLOCK_LABELLERS).join(', ')} (default: text when the gold has one, else snippets); repeatable`,
      parse: keyValue,
    },
    {
      flags: '--folds <k>',
      description: 'cross-validation folds (0: none); their models and held-out file go to --held-out-dir',
      parse: wholeNumber(0),
      default: 5,
    },
    {
      flags: '--group-by <unit>',
      description: "site: a site's pages stay in one fold; page: pages dealt alone (leaks templates)",
      parse: groupBy,
      default: 'site',
    },
    {
      flags: '--fold-seed <n>',
      description: 'seed of the fold assignment',
      parse: wholeNumber(0),
      default: 1,
    },
    { flags: '--lodo', description: 'also train and score one model per dataset left out' },
    {
      flags: '--param <key=value>',
      description: `a tree parameter (default: ${Object.entries(BLOCK_TRAINING_PARAMS)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}); repeatable`,
      parse: keyValue,
    },
    {
      flags: '--no-final',
      description: 'held-out models only: train no model on every page, write nothing to --out',
    },
    { flags: '--no-evaluate', description: 'do not score the held-out models' },
    {
      flags: '-j, --jobs <n>',
      description: 'worker threads scoring the held-out models',
      parse: wholeNumber(1),
      default: os.cpus().length,
    },
    {
      flags: '--held-out-dir <dir>',
      description: 'where fold and leave-one-out models and their held-out files go',
      default: '.cache/train/blocks',
    },
    {
      flags: '--rows-dir <dir>',
      description: 'cache of block rows, kept per code version',
      default: '.cache/train/blocks/rows',
    },
    { flags: '--no-rows-cache', description: 'recompute the rows, cache nothing' },
    { flags: '--limit <n>', description: 'at most this many pages per dataset', parse: wholeNumber(1) },
  ],
  help:
    '\nThe shipped model: see models/README.md for the exact command. Deterministic: the same data, code\n' +
    'and options write the same bytes (the manifest records the last commit of the code the model\n' +
    'depends on and its date, or SOURCE_DATE_EPOCH, not the clock).\n\n' +
    'Examples:\n' +
    '  pith train blocks                          # 5 folds by site, scored, then models/pith-blocks.json\n' +
    '  pith train blocks --folds 5 --lodo --no-final --out /dev/null\n' +
    '  pith bench -d wcxb-dev -e pith --held-out .cache/train/blocks/folds-5-by-site.json',
  async train(options, context) {
    const folds = options.folds as number;
    if (folds === 1) throw new PithError('BAD_OPTION', '--folds: 0 (none) or at least 2');
    await resolveDatasets((options.dataset as string[] | undefined) ?? BLOCK_TRAINING_DATASETS);
    for (const [dataset, kind] of Object.entries((options.labels as Record<string, string>) ?? {}))
      if (!Object.hasOwn(BLOCK_LABELLERS, kind))
        throw new PithError(
          'BAD_OPTION',
          `--labels ${dataset}=${kind}: choose from ${Object.keys(BLOCK_LABELLERS).join(', ')}`,
        );
    const result = await trainBlocks({
      ...(options.dataset ? { datasets: options.dataset as string[] } : {}),
      ...(options.labels ? { labelling: options.labels as Record<string, string> } : {}),
      ...(options.param ? { params: options.param as Record<string, number> } : {}),
      folds,
      groupBy: options.groupBy as 'site' | 'page',
      foldSeed: options.foldSeed as number,
      leaveOneDatasetOut: options.lodo === true,
      final: options.final !== false,
      evaluate: options.evaluate !== false,
      jobs: options.jobs as number,
      heldOutDir: options.heldOutDir as string,
      ...(options.rowsCache === false ? {} : { rowsDir: options.rowsDir as string }),
      ...(options.limit === undefined ? {} : { limit: options.limit as number }),
      command: context.command,
      log: context.log,
    });
    const parts: string[] = [];
    const evaluation = result.manifest.evaluation as
      | {
          folds?: { scheme: string; datasets: Record<string, HeldOutFigure> };
          leaveOneDatasetOut?: { datasets: Record<string, HeldOutFigure> };
        }
      | undefined;
    if (evaluation?.folds)
      parts.push(
        figuresTable(
          `Held out, ${evaluation.folds.scheme} (each page scored by the model that did not see it):`,
          evaluation.folds.datasets,
        ),
      );
    if (evaluation?.leaveOneDatasetOut)
      parts.push(figuresTable('Held out, leave one dataset out:', evaluation.leaveOneDatasetOut.datasets));
    for (const [kind, file] of Object.entries(result.heldOut))
      parts.push(`Held-out file (${kind}): ${file}\n`);
    if (result.text !== undefined)
      parts.push(
        `Model: ${options.out} (${Buffer.byteLength(result.text)} bytes), ${result.datasets.reduce((sum, d) => sum + d.pages.length, 0)} pages.\n`,
      );
    return { ...(result.text === undefined ? {} : { text: result.text }), report: parts.join('\n') };
  },
};
