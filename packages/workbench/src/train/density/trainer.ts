/** `pith train density`: the density extractor's boilerplate classifier (seed 003). */

import { density, TEXT_MAPS, type TextMap } from 'pith/internal';
import type { CleanEvalSplit } from '../../eval/index.js';
import { resolveDatasets } from '../datasets.js';
import { manifestCode } from '../manifest.js';
import { collect, shareInUnitInterval, type Trainer, wholeNumber } from '../trainer.js';
import { DEFAULT_CHUNK_OPTIONS } from './chunks.js';
import type { ErrorCounts } from './evaluate.js';
import { DENSITY_MODEL_CODE, type TrainDensityResult, trainDensity } from './index.js';
import { DEFAULT_MAX_CHUNK_CHARS, DEFAULT_MIN_COUNT, DEFAULT_N } from './train.js';

function textMap(value: string): TextMap {
  if (!(TEXT_MAPS as readonly string[]).includes(value))
    throw new Error(`expected one of ${TEXT_MAPS.join(', ')}`);
  return value as TextMap;
}

function percent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '–';
}

function errorRow(label: string, pages: number, counts: ErrorCounts): string {
  return `| ${label} | ${pages} | ${counts.chunks} | ${counts.errors} | ${percent(counts.rate)} | ${percent(counts.keepAllRate)} |`;
}

function errorTable(
  title: string,
  datasets: readonly (ErrorCounts & { dataset: string; testPages: number })[],
  overall: ErrorCounts,
): string[] {
  const lines = [
    title,
    '',
    '| dataset | test pages | chunks | errors | error rate | keep-all error |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const d of datasets) lines.push(errorRow(d.dataset, d.testPages, d));
  const pages = datasets.reduce((sum, d) => sum + d.testPages, 0);
  lines.push(errorRow('all (pooled)', pages, overall), '');
  return lines;
}

function report(result: TrainDensityResult, out: string): string {
  let lines: string[] = [];
  if (result.split) {
    const { seed, datasets, overall } = result.split;
    lines = lines.concat(
      errorTable(`Held-out error rate, seeded 90/10 page split (seed ${seed}):`, datasets, overall),
    );
  }
  if (result.leaveOneOut) {
    const { datasets, overall } = result.leaveOneOut;
    lines = lines.concat(
      errorTable('Held-out error rate, leave one dataset out (trained on the others):', datasets, overall),
    );
  }
  const file = result.file;
  const categories = file.categories.map(
    (c) => `${c.name}: ${c.chunks} chunks, ${c.contexts} contexts, ${c.ngrams} n-grams`,
  );
  lines.push(
    `Model: ${out} (${Buffer.byteLength(result.text)} bytes), n = ${file.n}, min count ${file.minCount}, ` +
      `max chunk chars ${file.maxChunkChars}; ${categories.join('; ')}.`,
  );
  return `${lines.join('\n')}\n`;
}

export const DENSITY_TRAINER: Trainer = {
  name: 'density',
  description:
    "Train the density extractor's boilerplate classifier (seed 003): label the chunks the density " +
    'filter keeps against each page’s gold standard (or <!-- content --> markers), measure the held-out ' +
    'error rate (seeded 90/10 page split; leave one dataset out), then train on all pages and write the model.',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: 'FORMAT:PATH, PATH or NAME (.cache/datasets/NAME); repeatable',
      parse: collect,
      default: [],
      required: true,
    },
    { flags: '--n <n>', description: 'longest character n-gram', parse: wholeNumber(1), default: DEFAULT_N },
    {
      flags: '--min-count <k>',
      description: 'prune n-grams (order ≥ 2) seen fewer times',
      parse: wholeNumber(1),
      default: DEFAULT_MIN_COUNT,
    },
    {
      flags: '--max-chunk-chars <k>',
      description: 'count at most the first k characters of each chunk (0 = all)',
      parse: wholeNumber(0),
      default: DEFAULT_MAX_CHUNK_CHARS,
    },
    {
      flags: '--min-text-chars <k>',
      description: "the density filter's minimum text characters per line",
      parse: wholeNumber(0),
      default: DEFAULT_CHUNK_OPTIONS.minTextChars,
    },
    {
      flags: '--min-share <x>',
      description: "gold labels: share of a chunk's word 3-grams in the gold for keep",
      parse: shareInUnitInterval,
      default: 0.5,
    },
    {
      flags: '--all-lines',
      description: 'also train on lines without visible text (scripts, styles), as the post did',
    },
    {
      flags: '--no-filter',
      description:
        'chunks are all lines with ≥ --min-text-chars text characters, not only those the density filter keeps (NCleaner)',
    },
    {
      flags: '--text-map <map>',
      description:
        "what the language models read: 'none' (the text) or 'non-lexical' (letters as a/A, digits as 0: NCleaner's language-independent model)",
      parse: textMap,
      default: 'none',
    },
    { flags: '--seed <n>', description: 'seed of the 90/10 split', parse: wholeNumber(0), default: 1 },
    { flags: '--no-evaluate', description: 'skip the held-out error rates' },
    { flags: '--limit <n>', description: 'at most this many pages per dataset', parse: wholeNumber(1) },
    { flags: '--cleaneval-splits <list>', description: 'CleanEval root: splits to read (default: final)' },
    {
      flags: '--l3s-classes <list>',
      description: 'L3S-GN1: labels that make up the gold (default: x-nc-sel1,x-nc-sel2)',
    },
  ],
  help:
    '\nThe shipped model: see models/README.md for the exact command.\n' +
    'Training is deterministic: the manifest records the last commit that changed the code the model\n' +
    'depends on and its date (or SOURCE_DATE_EPOCH), not the clock, so the same command on the same\n' +
    'code writes the same bytes.\n\n' +
    'Example:\n  pith train density --dataset cleaneval --dataset l3s-gn1 --out /tmp/density.json',
  async train(options, context) {
    const datasets = options.dataset as string[];
    await resolveDatasets(datasets);
    const { date, code } = manifestCode(DENSITY_MODEL_CODE, density.version);
    const split = (value: unknown) =>
      String(value)
        .split(',')
        .map((part) => part.trim());
    const result = await trainDensity({
      datasets,
      n: options.n as number,
      minCount: options.minCount as number,
      maxChunkChars: options.maxChunkChars as number,
      minTextChars: options.minTextChars as number,
      minShare: options.minShare as number,
      visibleOnly: options.allLines !== true,
      filter: options.filter !== false,
      textMap: options.textMap as TextMap,
      seed: options.seed as number,
      evaluate: options.evaluate !== false,
      ...(options.limit === undefined ? {} : { limit: options.limit as number }),
      list: {
        ...(options.cleanevalSplits
          ? { cleanEvalSplits: split(options.cleanevalSplits) as CleanEvalSplit[] }
          : {}),
        ...(options.l3sClasses ? { l3sClasses: split(options.l3sClasses) } : {}),
      },
      command: context.command,
      date,
      code: {
        pith: code.pith,
        extractor: code.extractor ?? density.version,
        ...(code.git ? { git: code.git } : {}),
      },
      onPage: (dataset, done, total) => {
        if (context.tty && (done === total || done % 25 === 0)) {
          process.stderr.write(`\r${dataset}: ${done}/${total} pages${done === total ? '\n' : ''}`);
        }
      },
      log: context.log,
    });
    return { text: result.text, report: report(result, options.out) };
  },
};
