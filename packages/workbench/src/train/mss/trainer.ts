/** `pith train mss`: MSS's naive Bayes token classifier (Pasternack & Roth, WWW 2009). */
import os from 'node:os';
import { PithError } from 'pith';
import type { HeldOutFigure } from '../held-out.js';
import { collect, type Trainer, wholeNumber } from '../trainer.js';
import { DEFAULT_MSS_MIN_BLOCK, DEFAULT_MSS_MIN_COUNT, MSS_TRAINING_DATASETS, trainMss } from './index.js';

function figuresTable(title: string, figures: Record<string, HeldOutFigure>): string {
  const lines = [
    title,
    '',
    '| dataset | metric | pages | F1 | 95% interval |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const [name, figure] of Object.entries(figures))
    lines.push(
      `| ${name} | ${figure.metric} | ${figure.pages} | ${figure.f1.toFixed(4)} | ${figure.low.toFixed(3)}–${figure.high.toFixed(3)} |`,
    );
  return `${lines.join('\n')}\n`;
}

export const MSS_TRAINER: Trainer = {
  name: 'mss',
  description:
    "Train the mss extractor's token classifier (Pasternack & Roth, WWW 2009): label every token of every " +
    "page against the page's gold text (difflib matching blocks), count the naive Bayes features (token " +
    'trigram, parent tag) per class, prune rare trigrams; held-out models by site folds and leave one ' +
    'dataset out, scored with the bench; then the model on every page.',
  defaultOut: 'packages/pith/models/mss.json',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: `NAME, PATH or FORMAT:PATH; repeatable (default: ${MSS_TRAINING_DATASETS.join(', ')}); the development split only`,
      parse: collect,
    },
    {
      flags: '--min-count <k>',
      description: 'prune trigrams seen fewer times (they then count as unseen)',
      parse: wholeNumber(1),
      default: DEFAULT_MSS_MIN_COUNT,
    },
    {
      flags: '--min-block <k>',
      description:
        'labels: a word is content when it is in a matching block of at least k words with the gold',
      parse: wholeNumber(1),
      default: DEFAULT_MSS_MIN_BLOCK,
    },
    {
      flags: '--folds <k>',
      description: 'cross-validation folds by site (0: none); models and held-out file go to --held-out-dir',
      parse: wholeNumber(0),
      default: 5,
    },
    {
      flags: '--fold-seed <n>',
      description: 'seed of the fold assignment',
      parse: wholeNumber(0),
      default: 1,
    },
    { flags: '--no-lodo', description: 'no models with one dataset left out' },
    { flags: '--no-final', description: 'held-out models only: write nothing to --out' },
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
      default: '.cache/train/mss',
    },
    { flags: '--limit <n>', description: 'at most this many pages per dataset', parse: wholeNumber(1) },
  ],
  help:
    '\nThe shipped model: see models/README.md for the exact command. Deterministic: the same data, code\n' +
    'and options write the same bytes.\n\n' +
    'Examples:\n' +
    '  pith train mss                      # 5 folds by site + leave one dataset out, scored, then models/mss.json\n' +
    '  pith bench -d cleaneval -d l3s-gn1 -e mss:held-out=.cache/train/mss/folds-5-by-site.json',
  async train(options, context) {
    const folds = options.folds as number;
    if (folds === 1) throw new PithError('BAD_OPTION', '--folds: 0 (none) or at least 2');
    const result = await trainMss({
      ...(options.dataset ? { datasets: options.dataset as string[] } : {}),
      minCount: options.minCount as number,
      minBlock: options.minBlock as number,
      folds,
      foldSeed: options.foldSeed as number,
      leaveOneDatasetOut: options.lodo !== false,
      final: options.final !== false,
      evaluate: options.evaluate !== false,
      jobs: options.jobs as number,
      heldOutDir: options.heldOutDir as string,
      ...(options.limit === undefined ? {} : { limit: options.limit as number }),
      command: context.command,
      log: context.log,
      onPage: (dataset, done, total) => {
        if (context.tty && (done === total || done % 25 === 0))
          process.stderr.write(`\r${dataset}: ${done}/${total} pages${done === total ? '\n' : ''}`);
      },
    });
    const parts: string[] = [];
    if (result.figures.folds)
      parts.push(
        figuresTable(
          `Held out, ${folds}-fold by site (each page scored by the model that did not see its site):`,
          result.figures.folds,
        ),
      );
    if (result.figures.leaveOneDatasetOut)
      parts.push(figuresTable('Held out, leave one dataset out:', result.figures.leaveOneDatasetOut));
    for (const [kind, file] of Object.entries(result.heldOut))
      parts.push(`Held-out file (${kind}): ${file}\n`);
    if (result.file && result.text !== undefined)
      parts.push(
        `Model: ${options.out} (${Buffer.byteLength(result.text)} bytes), ${result.file.trigram.values.length} of ` +
          `${result.file.trigram.vocabulary} trigrams kept (seen ≥ ${result.file.minCount} times), ${result.file.parent.values.length} parent tags.\n`,
      );
    return { ...(result.text === undefined ? {} : { text: result.text }), report: parts.join('\n') };
  },
};
